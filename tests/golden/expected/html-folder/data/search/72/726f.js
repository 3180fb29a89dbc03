paaData("search","726f",[
["road",2,[4,24],0,[]]
]);
