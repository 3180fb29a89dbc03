paaData("search","6170",[
["app",2,[3,24],0,[]]
]);
