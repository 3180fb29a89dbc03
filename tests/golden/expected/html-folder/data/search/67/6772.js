paaData("search","6772",[
["grinder",0,[],2,[5,18]]
]);
