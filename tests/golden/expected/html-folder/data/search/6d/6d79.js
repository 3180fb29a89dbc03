paaData("search","6d79",[
["my",3,[12,9,21],0,[]]
]);
