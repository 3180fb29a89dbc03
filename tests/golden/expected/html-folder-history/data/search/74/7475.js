paaData("search","7475",[
["turning",1,[95],0,[]]
]);
