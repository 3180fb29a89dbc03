#pragma once
// What the job tests read a job as: each item as a line of the test's choosing, or the reader's
// error as "!message", which ends the list.
#include "paa/job/job_file.hpp"

#include <functional>
#include <string>
#include <vector>

namespace paa::test {

inline std::vector<std::string> read_items(const JobSpec& spec, const std::function<std::string(const JobItem&)>& line) {
  std::vector<std::string> out;
  auto reader = JobReader::open(spec);
  if (!reader) return {"!" + reader.error().message};
  for (;;) {
    auto item = reader->next();
    if (!item) {
      out.push_back("!" + item.error().message);
      return out;
    }
    if (!*item) return out;
    out.push_back(line(**item));
  }
}

// An item's attributes: "volume=V {name=value;...}" ("volume=-" without one).
inline std::string attributes_text(const SeedAttributes& a) {
  std::string text = "volume=" + (a.volume ? std::to_string(*a.volume) : std::string("-")) + " {";
  for (const auto& [name, value] : a.fields) text += name + "=" + value + ";";
  return text + "}";
}

}  // namespace paa::test
