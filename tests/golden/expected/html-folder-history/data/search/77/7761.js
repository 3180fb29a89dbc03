paaData("search","7761",[
["walking",2,[0,10],0,[]],
["water",1,[3],0,[]]
]);
