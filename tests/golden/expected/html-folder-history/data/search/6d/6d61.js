paaData("search","6d61",[
["machine",3,[16,9,17],1,[2]],
["machines",2,[33,5],0,[]],
["marathon",0,[],1,[5]]
]);
