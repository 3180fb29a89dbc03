paaData("search","6576",[
["every",4,[12,1,1,1],0,[]]
]);
