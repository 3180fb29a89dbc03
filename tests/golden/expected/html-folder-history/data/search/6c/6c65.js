paaData("search","6c65",[
["leaves",1,[95],0,[]]
]);
