paaData("search","6665",[
["feet",2,[12,31],0,[]]
]);
