<paa:common.js>
