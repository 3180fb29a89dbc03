paaData("search","6875",[
["hurt",2,[12,31],0,[]]
]);
