paaData("search","7265",[
["replace",1,[51],0,[]],
["replaced",1,[50],0,[]]
]);
