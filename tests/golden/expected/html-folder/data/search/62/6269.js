paaData("search","6269",[
["bitter",2,[13,8],0,[]]
]);
