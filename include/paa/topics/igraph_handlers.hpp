#pragma once
// igraph's error and warning handlers for the process: its defaults abort the process (errors)
// and print to stderr (warnings); with these, the topic clustering reads each call's return
// code and fails with an exception naming it. Process-wide: `main` installs them
// (app/process_settings.hpp), as the test binaries' main does.
namespace paa::topics {

void install_igraph_handlers();

}  // namespace paa::topics
