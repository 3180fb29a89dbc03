paaData("search","7761",[
["walking",2,[1,13],0,[]],
["water",2,[26,27],0,[]]
]);
