#pragma once
// Markets compared (docs/exports.md "Locales"): `locales`, one row per variant group of the
// selection with one column per locale (hl-gl, and the city when the key has one): the trees of
// that locale holding a question of the group (0: the group is not shown there; blank: a locale
// of another language, which compares nothing); and `locale-pairs`, one row per pair of locales of
// one language: the groups both show and those only one shows. Read from the kept analysis
// when current, else a FormatWriter over the analysis pass (rows/market_rows.hpp counts them).
#include "paa/export/format_writer.hpp"

#include <memory>
#include <string_view>

namespace paa::exporting {

// Then one column per locale, in (hl, gl, city) order.
inline constexpr std::string_view kLocalesHeader = "group,hl,representative,topic,topic_label,trees,locales";
inline constexpr std::string_view kLocalePairsHeader = "hl,locale_a,locale_b,groups_both,only_a,only_b,overlap";

std::unique_ptr<FormatWriter> make_locales_writer(const FormatOptions& options, BufferedOutput& out);
std::unique_ptr<FormatWriter> make_locale_pairs_writer(const FormatOptions& options, BufferedOutput& out);

}  // namespace paa::exporting
