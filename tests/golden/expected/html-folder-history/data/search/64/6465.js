paaData("search","6465",[
["descale",1,[25],0,[]]
]);
