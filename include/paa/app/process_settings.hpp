#pragma once
// What is set once for the whole process, by `main` and by nothing else: libraries never touch
// process-wide state. SIGPIPE ignored (OpenSSL writes sockets with write(): net's TlsContext),
// the removal of an atomic -o's temporary file on SIGINT/SIGTERM/SIGHUP
// (output/temp_file_cleanup.hpp), igraph's handlers (topics/igraph_handlers.hpp), and the
// default logger: "paa" on standard error (so no command's diagnostics mix with what it writes
// to standard output), through the sink that wipes a progress bar first (harvest's).
namespace paa::app {

void configure_process();

}  // namespace paa::app
