<paa:folder.js>
