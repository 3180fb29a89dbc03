paaData("search","6964",[
["identifies",1,[60],0,[]],
["identify",1,[5],0,[]]
]);
