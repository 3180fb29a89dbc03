paaData("search","6d79",[
["my",2,[96,2],0,[]]
]);
