paaData("search","6465",[
["descale",2,[23,15],0,[]]
]);
