paaData("search","7573",[
["use",2,[14,1],0,[]]
]);
