paaData("search","6f72",[
["organic",8,[30,1,15,16,13,6,9,1],0,[]]
]);
