paaData("search","7570",[
["update",4,[26,2,27,1],0,[]]
]);
