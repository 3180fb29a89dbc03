#include "paa/watch/own_domains.hpp"

#include <algorithm>

namespace paa::watch {

std::string_view owner_name(Owner owner) {
  switch (owner) {
    case Owner::yours: return "yours";
    case Owner::lost: return "lost";
    case Owner::competitor: return "competitor";
    case Owner::none: return "none";
  }
  return "?";
}

Result<OwnDomains> OwnDomains::parse(const std::vector<std::string>& given) {
  OwnDomains own;
  for (const auto& g : given) {
    const std::string url = g.find("://") == std::string::npos ? "https://" + g + "/" : g;
    const AnswerDomain d = answer_domain(url);
    if (d.kind != SourceKind::domain) {
      return make_error(errc::invalid_input, "--domain '" + g + "' is not a domain name (" +
                                                 std::string(source_bucket_name(d.kind)) +
                                                 "); give a host such as example.com");
    }
    own.domains_.push_back(d.domain);
  }
  std::sort(own.domains_.begin(), own.domains_.end());
  own.domains_.erase(std::unique(own.domains_.begin(), own.domains_.end()), own.domains_.end());
  return own;
}

bool OwnDomains::owns_domain(std::string_view domain) const {
  return std::binary_search(domains_.begin(), domains_.end(), domain);
}

bool OwnDomains::owns(std::string_view url) const {
  if (domains_.empty()) return false;
  const AnswerDomain d = answer_domain(url);
  return d.kind == SourceKind::domain && owns_domain(d.domain);
}

Owner OwnDomains::owner(std::string_view url) const {
  if (owns(url)) return Owner::yours;
  return answer_domain(url).sourced() ? Owner::competitor : Owner::none;
}

Owner OwnDomains::owner(std::string_view url, const std::vector<std::string>& earlier) const {
  const Owner now = owner(url);
  if (now == Owner::yours) return now;
  for (const auto& e : earlier) {
    if (owns(e)) return Owner::lost;
  }
  return now;
}

}  // namespace paa::watch
