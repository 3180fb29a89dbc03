paaData("search","6665",[
["feet",1,[96],0,[]]
]);
