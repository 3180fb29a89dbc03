paaData("search","6d69",[
["mistakes",7,[97,1,1,1,1,1,1],0,[]]
]);
