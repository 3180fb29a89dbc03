#pragma once
// `jsonl` (one object per stored result and line) and `json` (the same objects as one array,
// one per line): the key, fetched_at, cached, the lineage, then the service's `result`, copied
// byte for byte (docs/exports.md). With --dedupe the tree is parsed, pruned and re-serialised.
#include "paa/export/format_writer.hpp"

#include <memory>

namespace paa::exporting {

std::unique_ptr<FormatWriter> make_json_writer(const FormatOptions& options, BufferedOutput& out, bool array);

}  // namespace paa::exporting
