paaData("search","6669",[
["find",2,[82,1],0,[]]
]);
