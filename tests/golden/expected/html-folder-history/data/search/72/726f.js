paaData("search","726f",[
["road",1,[6],0,[]]
]);
