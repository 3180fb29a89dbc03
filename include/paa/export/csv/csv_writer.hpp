#pragma once
// `csv`: one row per question node of each stored tree, depth-first pre-order, with the key's
// lineage in the last three columns (docs/exports.md).
#include "paa/export/format_writer.hpp"

#include <memory>
#include <string_view>

namespace paa::exporting {

// The lineage columns come after the tree's, so the columns before them keep their positions;
// with attributes (FormatOptions::attributes), one attr_ column each follows them
// (attribute_columns, paa/export/attributes.hpp).
inline constexpr std::string_view kCsvHeader =
    "q,hl,gl,city,depth,position,parent,question,answer,url,title,level,parent_q,seed_q";

std::unique_ptr<FormatWriter> make_csv_writer(const FormatOptions& options, BufferedOutput& out);

}  // namespace paa::exporting
