paaData("search","7769",[
["with",4,[61,1,1,1],0,[]]
]);
