paaData("search","6472",[
["drink",2,[6,9],0,[]]
]);
