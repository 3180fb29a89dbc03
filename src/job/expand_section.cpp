// [expand]: which of a result's questions become new searches, and how deep.
#include "job_sections.hpp"
#include "toml_values.hpp"

#include <cstdint>
#include <string>

namespace paa::job_toml {
namespace {

constexpr std::string_view kExpandKeys[] = {"depth", "from", "per_result", "max_keys", "include",
                                            "exclude", "skip_variants"};

// include / exclude: words matched case-folded, as substrings of the folded query.
void read_words(Diagnostics& where, const toml::node& node, std::string_view key, std::vector<std::string>& out) {
  read_string_array(where, node, key, "an array of strings like [\"coffee\"]",
                    [&](const toml::node& item, const std::string& name, std::string raw) {
                      auto folded = fold_text(raw);
                      if (!folded) {
                        where.error(item, name + ": " + folded.error().message);
                      } else if (folded->empty()) {
                        where.error(item, name + " is blank; remove it or write a word");
                      } else {
                        out.push_back(std::move(*folded));
                      }
                    });
}

void read_expand_from(Diagnostics& where, const toml::node& node, ExpandSpec& expand) {
  const toml::array* array = node.as_array();
  if (array == nullptr) {
    where.type_error(node, "expand.from", "an array like [\"questions\", \"related\"]");
    return;
  }
  if (array->empty()) {
    where.error(node, "expand.from is empty; use [\"questions\"], [\"related\"] or both");
    return;
  }
  expand.from_questions = expand.from_related = false;
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::node& item = *array->get(i);
    const std::string name = "expand.from[" + std::to_string(i) + "]";
    std::string s;
    if (!read_string(where, item, name, s)) continue;
    bool* flag = s == "questions" ? &expand.from_questions : s == "related" ? &expand.from_related : nullptr;
    if (flag == nullptr) {
      where.error(item, name + " = \"" + s + "\" is not valid; use \"questions\" or \"related\"");
    } else if (*flag) {
      where.error(item, name + ": \"" + s + "\" is listed twice");
    } else {
      *flag = true;
    }
  }
}

}  // namespace

void read_expand(Diagnostics& where, const toml::node& node, ExpandSpec& expand) {
  const toml::table* table = open_section(where, node, "expand", kExpandKeys);
  if (table == nullptr) return;
  std::int64_t v = 0;
  if (const toml::node* n = table->get("depth")) {
    if (read_int(where, *n, "expand.depth", 0, kMaxExpandDepth, "0 (off) to " + std::to_string(kMaxExpandDepth), v)) {
      expand.depth = static_cast<int>(v);
    }
  }
  if (const toml::node* n = table->get("from")) read_expand_from(where, *n, expand);
  if (const toml::node* n = table->get("per_result")) {
    if (read_int(where, *n, "expand.per_result", 0, 1'000'000, "0 (all) to 1000000", v)) {
      expand.per_result = static_cast<std::uint32_t>(v);
    }
  }
  if (const toml::node* n = table->get("max_keys")) {
    if (read_int(where, *n, "expand.max_keys", 0, INT64_MAX, "0 (no cap) or more", v)) {
      expand.max_keys = static_cast<std::uint64_t>(v);
    }
  }
  if (const toml::node* n = table->get("include")) read_words(where, *n, "expand.include", expand.include);
  if (const toml::node* n = table->get("exclude")) read_words(where, *n, "expand.exclude", expand.exclude);
  if (const toml::node* n = table->get("skip_variants")) {
    if (const auto* b = n->as_boolean()) {
      expand.skip_variants = b->get();
    } else {
      where.type_error(*n, "expand.skip_variants", "true or false");
    }
  }
}

}  // namespace paa::job_toml
