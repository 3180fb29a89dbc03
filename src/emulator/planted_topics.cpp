#include "paa/emulator/planted_topics.hpp"

#include <boost/json.hpp>

namespace paa::emulator {

namespace json = boost::json;

const PlantedTopic* PlantedTopics::topic_of(std::string_view q) const {
  for (const auto& t : topics) {
    for (const auto& s : t.seeds) {
      if (s == q) return &t;
    }
  }
  return nullptr;
}

namespace {

Result<std::vector<std::string>> strings(const json::object& o, std::string_view field, std::string_view where,
                                         bool required) {
  std::vector<std::string> out;
  const json::value* v = o.if_contains(field);
  if (v == nullptr) {
    if (!required) return out;
    return make_error(errc::invalid_input, std::string(where) + ": \"" + std::string(field) + "\" is missing");
  }
  if (!v->is_array()) {
    return make_error(errc::invalid_input, std::string(where) + ": \"" + std::string(field) + "\" must be an array of strings");
  }
  for (const auto& item : v->as_array()) {
    if (!item.is_string()) {
      return make_error(errc::invalid_input, std::string(where) + ": \"" + std::string(field) + "\" must hold strings only");
    }
    out.emplace_back(item.as_string());
  }
  if (required && out.empty()) {
    return make_error(errc::invalid_input, std::string(where) + ": \"" + std::string(field) + "\" is empty");
  }
  return out;
}

}  // namespace

Result<PlantedTopics> parse_planted_topics(std::string_view text) {
  boost::system::error_code ec;
  json::value root = json::parse(text, ec);
  if (ec) return make_error(errc::invalid_input, "not JSON: " + ec.message());
  if (!root.is_object()) return make_error(errc::invalid_input, "the catalog must be a JSON object");
  const json::object& r = root.as_object();
  PlantedTopics out;
  if (const json::value* n = r.if_contains("noise")) {
    if (!n->is_number()) return make_error(errc::invalid_input, "\"noise\" must be a number from 0 to 1");
    out.noise = n->to_number<double>();
    if (out.noise < 0 || out.noise > 1) return make_error(errc::invalid_input, "\"noise\" must be from 0 to 1");
  }
  const json::value* topics = r.if_contains("topics");
  if (topics == nullptr || !topics->is_array() || topics->as_array().empty()) {
    return make_error(errc::invalid_input, "\"topics\" must be a non-empty array");
  }
  for (std::size_t i = 0; i < topics->as_array().size(); ++i) {
    const json::value& tv = topics->as_array()[i];
    const std::string where = "topics[" + std::to_string(i) + "]";
    if (!tv.is_object()) return make_error(errc::invalid_input, where + " must be an object");
    const json::object& t = tv.as_object();
    PlantedTopic topic;
    if (const json::value* name = t.if_contains("name"); name != nullptr && name->is_string()) {
      topic.name = std::string(name->as_string());
    }
    auto seeds = strings(t, "seeds", where, true);
    if (!seeds) return seeds.error();
    topic.seeds = std::move(*seeds);
    auto domains = strings(t, "domains", where, true);
    if (!domains) return domains.error();
    topic.domains = std::move(*domains);
    const json::value* groups = t.if_contains("groups");
    if (groups == nullptr || !groups->is_array() || groups->as_array().empty()) {
      return make_error(errc::invalid_input, where + ": \"groups\" must be a non-empty array");
    }
    for (std::size_t g = 0; g < groups->as_array().size(); ++g) {
      const std::string gwhere = where + ".groups[" + std::to_string(g) + "]";
      const json::value& gv = groups->as_array()[g];
      if (!gv.is_object()) return make_error(errc::invalid_input, gwhere + " must be an object");
      PlantedGroup group;
      auto spellings = strings(gv.as_object(), "spellings", gwhere, true);
      if (!spellings) return spellings.error();
      group.spellings = std::move(*spellings);
      auto hubs = strings(gv.as_object(), "hubs", gwhere, false);
      if (!hubs) return hubs.error();
      group.hubs = std::move(*hubs);
      topic.groups.push_back(std::move(group));
    }
    out.topics.push_back(std::move(topic));
  }
  return out;
}

}  // namespace paa::emulator
