paaData("search","6166",[
["after",1,[96],0,[]]
]);
