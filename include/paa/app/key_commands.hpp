#pragma once
// The commands about one stored search (or one topic): `paa get` (its envelope), `paa map` (its
// tree as an SVG mind map) and `paa brief` (the questions a page should answer). Each returns
// the exit code, a failure's message printed by fail().
#include "paa/app/store_selection.hpp"
#include "paa/error.hpp"

#include <optional>
#include <string>

namespace paa::app {

int run_get(const StoredKey& key);

struct MapRequest {
  StoredKey key;
  std::string output;  // -o ("" or "-": standard output)
  std::string format;  // svg, png or pdf; "" = by -o's extension, else svg
  bool force = false;
};
int run_map(const MapRequest& request);

struct BriefRequest {
  StoredKey key;  // --q/--hl/--gl/--city, all optional: a topic brief has none
  std::string topic;
  std::optional<double> resolution;
  std::string answers;  // --answers FILE: the user's own answers for the FAQPage (own_answers.hpp)
  std::string title;    // --title, --logo (branding.hpp)
  std::string logo;
  std::string format = "md";
  std::string output;
  bool force = false;
  std::string progress = "auto";  // --progress (app/read_progress.hpp)
};

// What the flags ask for: one key or one topic, never both, and --resolution only with a topic
// and in (0, 100] (usage errors otherwise, in that order).
Result<void> check_brief_scope(const BriefRequest& request);

int run_brief(const BriefRequest& request);

}  // namespace paa::app
