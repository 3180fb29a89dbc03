paaData("search","676f",[
["good",4,[0,10,29,1],0,[]]
]);
