paaData("search","6469",[
["difference",6,[17,1,60,1,1,1],0,[]]
]);
