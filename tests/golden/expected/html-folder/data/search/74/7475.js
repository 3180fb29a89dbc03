paaData("search","7475",[
["turning",2,[41,1],0,[]]
]);
