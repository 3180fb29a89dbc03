paaData("domains",0,{"sourced":313,"total":16,"yours":[],"runs":1,"caps":{"rows":500,"runs":10,"moves":500},"rows":[
["marathon-hub.example",31,0.0990,15,11,3,false],
["plant-care.example",31,0.0990,17,12,4,false],
["green-thumb.example",25,0.0799,12,10,2,false],
["espresso-one.example",23,0.0735,15,11,3,false],
["runners.example",23,0.0735,15,13,4,false],
["shoe-lab.example",23,0.0735,14,10,4,false],
["espresso-two.example",22,0.0703,13,10,2,false],
["baristas.example",19,0.0607,15,9,4,false],
["forbes.com",19,0.0607,19,6,10,false],
["leafy.example",19,0.0607,13,7,3,false],
["reddit.com",19,0.0607,17,6,8,false],
["bbc.co.uk",18,0.0575,18,5,9,false],
["healthline.com",16,0.0511,15,6,9,false],
["wikipedia.org",13,0.0415,13,6,8,false],
["nytimes.com",12,0.0383,11,5,7,false],
["(no source)",3,null,3,2,2,false]],"since":[
["20261129-064001","plain",1795934401621,36,0,[["marathon-hub.example",31,31,0,0],["plant-care.example",31,31,0,0],["green-thumb.example",25,25,0,0],["espresso-one.example",23,23,0,0],["runners.example",23,23,0,0],["shoe-lab.example",23,23,0,0],["espresso-two.example",22,22,0,0],["baristas.example",19,19,0,0],["forbes.com",19,19,0,0],["leafy.example",19,19,0,0],["reddit.com",19,19,0,0],["bbc.co.uk",18,18,0,0],["healthline.com",16,16,0,0],["wikipedia.org",13,13,0,0],["nytimes.com",12,12,0,0],["(no source)",3,3,0,0]],0,0,0]]});
