paaData("search","6c69",[
["light",2,[5,4],2,[10,18]]
]);
