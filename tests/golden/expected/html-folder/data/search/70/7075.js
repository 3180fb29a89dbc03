paaData("search","7075",[
["put",2,[20,20],0,[]]
]);
