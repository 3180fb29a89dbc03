paaData("search","6275",[
["buy",2,[8,76],0,[]]
]);
