paaData("markets",0,{"compared":0,"caps":{"groups":500},"locales":[["en-us","en"]],"pairs":[],"rows":[]});
