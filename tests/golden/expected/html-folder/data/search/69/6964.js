paaData("search","6964",[
["identifies",1,[27],0,[]],
["identify",1,[3],0,[]]
]);
