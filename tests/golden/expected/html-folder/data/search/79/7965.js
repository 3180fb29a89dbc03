paaData("search","7965",[
["yellow",2,[41,1],0,[]]
]);
