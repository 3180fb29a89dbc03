paaData("search","6c69",[
["light",1,[68],0,[]]
]);
