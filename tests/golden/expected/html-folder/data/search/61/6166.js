paaData("search","6166",[
["after",2,[12,31],0,[]]
]);
