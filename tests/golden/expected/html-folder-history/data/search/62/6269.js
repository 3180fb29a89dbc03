paaData("search","6269",[
["bitter",2,[9,89],0,[]]
]);
