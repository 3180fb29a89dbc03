paaData("search","7472",[
["trail",1,[6],0,[]]
]);
