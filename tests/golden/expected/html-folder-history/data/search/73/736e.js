paaData("search","736e",[
["snake",4,[1,2,1,81],1,[8]]
]);
