#pragma once
// `related`: one CSV row per related search of each stored result, in the service's order.
#include "paa/export/format_writer.hpp"

#include <memory>
#include <string_view>

namespace paa::exporting {

inline constexpr std::string_view kRelatedHeader = "q,hl,gl,city,position,related";

std::unique_ptr<FormatWriter> make_related_writer(const FormatOptions& options, BufferedOutput& out);

}  // namespace paa::exporting
