paaData("keys",0,[
["cold brew","en","us","",1795934404991,0,0,null,null,[2,0.0909,1795934403685]],
["espresso beans","en","us","",1795934404989,1,0,null,null,[1,null,null]],
["espresso machine","en","us","",1795934404988,2,0,null,null,[1,null,null]],
["home espresso","en","us","",1795934404989,3,0,null,null,[2,0.3333,1795934404989]],
["houseplants","en","us","",1795934404990,4,0,null,null,[2,0.2000,1795934404990]],
["marathon shoes","en","us","",1795934404990,5,0,null,null,[1,null,null]],
["moka pot","en","us","",1795934404991,6,0,null,null,[2,0.1250,1795934403685]],
["running shoes","en","us","",1795934404990,7,0,null,null,[1,null,null]],
["snake plant","en","us","",1795934404991,8,0,null,null,[3,0.1111,1795934404991]],
["tea kettle","en","us","",1795934404992,9,0,null,null,[1,null,null]]
]);
