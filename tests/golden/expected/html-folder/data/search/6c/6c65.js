paaData("search","6c65",[
["leaves",2,[41,1],0,[]]
]);
