# The report's script, as files by job, in the order assemble.cmake joins them. Each part is a
# plain script of top-level declarations (checked by tsc and eslint, loaded by tests/js in node);
# the join wraps each form in a function, so the page's globals stay PAA alone.
#   common.js: the page kit, the virtual list, the charts, the mind map, the views (both forms share it)
#   report.js: the single file, reading its page's data elements
#   folder.js: the report folder, loading data files on demand
set(PAA_REPORT_COMMON_PARTS kit vlist tabs charts mindmap-layout mindmap detail topics changes domains trees)
set(PAA_REPORT_SINGLE_PARTS data list map top views)
set(PAA_REPORT_FOLDER_PARTS load words links search keys list map route views top search-view start)
