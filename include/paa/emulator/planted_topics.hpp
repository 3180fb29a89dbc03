#pragma once
// Planted topics (`paa-emulator --topics FILE`, docs/emulator.md): a catalog of topics, each with
// its seeds, its answer domains and its questions in variant groups (spellings of one
// question). The tree of a seed the catalog names holds only its topic's questions: its hub
// groups (the groups that list the seed among their hubs) always, and other non-hub groups of
// the topic at random; answers link to the topic's domains, a `noise` share to another topic's.
// Tests know the truth (which spellings are one question, which seeds hold each hub) from the
// file they wrote, independently of paa's analysis. Keys the catalog does not name get the
// usual generated trees.
#include "paa/error.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace paa::emulator {

struct PlantedGroup {
  std::vector<std::string> spellings;
  std::vector<std::string> hubs;  // seeds (q) whose trees always hold this group; none: any seed's, at random
};

struct PlantedTopic {
  std::string name;
  std::vector<std::string> seeds;    // q
  // Answer sources: a host ("www.bbc.co.uk", "192.0.2.7", an IDN in Unicode or punycode) gives
  // https://HOST/SLUG-N; "url:X" gives the url X verbatim ("url:not a url", "url:mailto:x");
  // "" gives a question without a source (no url, no title).
  std::vector<std::string> domains;
  std::vector<PlantedGroup> groups;
};

struct PlantedTopics {
  std::vector<PlantedTopic> topics;
  double noise = 0.0;  // share of answers linking to another topic's domains
  // The topic whose seeds include q, or nullptr.
  const PlantedTopic* topic_of(std::string_view q) const;
};

// Parses the catalog (JSON: {"noise": 0.1, "topics": [{"name", "seeds", "domains", "groups":
// [{"spellings": [...], "hubs": [...]}]}]}; other fields are ignored, so a test may keep its
// truth beside them). A mistake is an invalid_input error naming the field.
Result<PlantedTopics> parse_planted_topics(std::string_view json);

}  // namespace paa::emulator
