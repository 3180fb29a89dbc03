#pragma once
// A laid-out mind map as a standalone SVG document (for slides, briefs and documents): inline
// presentation attributes only (no CSS, scripts, fonts or external references), every store
// string XML-escaped, questions with an http(s) source linked to it, repeated questions marked.
#include "paa/error.hpp"
#include "paa/export/mind_map/mind_map_layout.hpp"
#include "paa/export/mind_map/mind_map_picture.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/store/store.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string_view>

namespace paa::exporting {

void write_mind_map_svg(const MindMapLayout& map, BufferedOutput& out);

// `paa map`: the mind map of one stored tree as SVG, PNG or PDF (mind_map_picture.hpp), to
// `output` atomically or to standard output. Returns the number of questions drawn.
Result<std::size_t> write_mind_map(const StoredResult& result, const std::optional<std::filesystem::path>& output,
                                   bool force, MapFormat format = MapFormat::svg);

}  // namespace paa::exporting
