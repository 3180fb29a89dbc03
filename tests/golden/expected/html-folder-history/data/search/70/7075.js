paaData("search","7075",[
["put",1,[85],0,[]]
]);
