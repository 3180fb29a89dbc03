#pragma once
// One name per attribute (docs/jobs.md "One name per attribute"): the keyword tools name the same
// column differently (Semrush's `Intent` and `CPC (USD)`, Ahrefs' `Intents`, `KD` and `CPC`,
// Keyword Planner's `Avg. monthly searches`), so a job mixing their lists would have two
// half-empty columns for one meaning. Known names become one canonical name at import, and the
// same mapping is applied to what older stores kept when they are read. Pure, no I/O.
#include "paa/model/seed_attributes.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace paa {

// The canonical names, in the order docs/jobs.md's table lists them.
inline constexpr std::string_view kCanonicalAttributes[] = {"intent",   "volume", "cpc",     "kd",
                                                            "position", "url",    "traffic", "serp_features"};

// What a list's column header becomes as an attribute name: nullopt for a column to drop (no
// name, white space only, `#` as Ahrefs numbers its rows, or `column N`, which stores written
// before this rule gave an unnamed column); the canonical name for a known one (compared trimmed
// and ASCII case-insensitive: "CPC (USD)" -> "cpc"); else the header trimmed.
std::optional<std::string> attribute_name(std::string_view header);

// `attrs` with every field named as attribute_name says, dropped fields removed. When two fields
// would take one canonical name, the first takes it and the later keeps its own name (a
// spreadsheet with both `CPC` and `CPC (USD)` keeps both values). Idempotent.
void canonicalise_attributes(SeedAttributes& attrs);

}  // namespace paa
