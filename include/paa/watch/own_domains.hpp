#pragma once
// `--domain example.com` (repeatable; docs/watch.md "Your domains"): the domains a user calls
// theirs, each reduced like any answer's (www.example.com and example.com are one), and who
// owns an answer as a mark: yours, a competitor's, or nobody's. Pure.
#include "paa/error.hpp"
#include "paa/watch/answer_domain.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace paa::watch {

enum class Owner : std::uint8_t { yours, lost, competitor, none };
std::string_view owner_name(Owner owner);  // "yours", "lost", "competitor", "none"

class OwnDomains {
 public:
  // Each given as a host or a url ("example.com", "www.example.com", "https://example.com/x");
  // invalid_input naming one that is no domain (an IP address, empty, spaces).
  static Result<OwnDomains> parse(const std::vector<std::string>& given);
  OwnDomains() = default;

  bool empty() const { return domains_.empty(); }
  const std::vector<std::string>& domains() const { return domains_; }  // registrable, sorted
  bool owns(std::string_view url) const;
  bool owns_domain(std::string_view domain) const;
  // An answer now at `url`: yours, a competitor's (another source), or none (no source).
  Owner owner(std::string_view url) const;
  // The same, knowing its earlier sources: lost when one of them was yours and `url` is not.
  Owner owner(std::string_view url, const std::vector<std::string>& earlier) const;

 private:
  std::vector<std::string> domains_;
};

}  // namespace paa::watch
