paaData("search","7265",[
["replace",1,[37],0,[]],
["replaced",1,[36],0,[]]
]);
