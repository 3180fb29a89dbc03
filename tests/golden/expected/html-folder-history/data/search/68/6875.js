paaData("search","6875",[
["hurt",1,[96],0,[]]
]);
