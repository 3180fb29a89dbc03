paaData("search","616c",[
["alternatives",4,[78,1,1,1],0,[]]
]);
