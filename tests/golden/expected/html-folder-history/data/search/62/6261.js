paaData("search","6261",[
["bad",3,[53,5,1],0,[]]
]);
