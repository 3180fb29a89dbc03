paaData("search","6469",[
["difference",7,[16,6,34,58,1,1,1],0,[]]
]);
