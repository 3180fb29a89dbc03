paaData("search","636c",[
["clean",2,[34,20],0,[]]
]);
