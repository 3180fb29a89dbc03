paaData("search","7965",[
["yellow",1,[95],0,[]]
]);
