paaData("search","6472",[
["drink",2,[12,1],0,[]]
]);
