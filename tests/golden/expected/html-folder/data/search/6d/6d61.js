paaData("search","6d61",[
["machine",4,[23,10,5,12],2,[6,18]],
["machines",2,[24,11],0,[]],
["marathon",0,[],2,[11,18]]
]);
