paaData("search","636c",[
["clean",1,[2],0,[]]
]);
