paaData("search","6170",[
["app",2,[5,55],0,[]]
]);
