#pragma once
// Export's scratch files; the output plumbing itself is paa/output.
#include "paa/error.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"

#include <string>
#include <string_view>

namespace paa::exporting {

// Where export's scratch files go: $TMPDIR, or /tmp.
std::string temp_folder();

// A scratch file in temp_folder() named `<prefix>-XXXXXX`, already unlinked (it vanishes with
// its descriptor, whatever happens); `path` is its former name, for messages. Returns the fd.
Result<int> create_unlinked_temp(std::string_view prefix, std::string& path);

}  // namespace paa::exporting
