paaData("search","6d69",[
["mistakes",4,[61,1,1,1],0,[]]
]);
