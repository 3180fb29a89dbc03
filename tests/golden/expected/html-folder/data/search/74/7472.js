paaData("search","7472",[
["trail",2,[4,24],2,[17,18]]
]);
