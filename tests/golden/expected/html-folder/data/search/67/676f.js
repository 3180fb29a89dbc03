paaData("search","676f",[
["good",4,[1,1,5,7],0,[]]
]);
