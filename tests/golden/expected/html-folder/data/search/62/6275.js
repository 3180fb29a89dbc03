paaData("search","6275",[
["buy",2,[32,7],0,[]]
]);
