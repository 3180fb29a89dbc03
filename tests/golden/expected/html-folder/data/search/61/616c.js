paaData("search","616c",[
["alternatives",5,[56,58,1,1,1],0,[]]
]);
