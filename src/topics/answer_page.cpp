#include "paa/topics/answer_page.hpp"

#include "paa/watch/answer_domain.hpp"

#include <algorithm>
#include <cctype>

namespace paa::topics {

namespace {

bool is_ip(std::string_view host) {
  if (host.find(':') != std::string_view::npos) return true;  // IPv6 (its brackets are gone)
  return !host.empty() && std::all_of(host.begin(), host.end(), [](char c) { return c == '.' || (c >= '0' && c <= '9'); });
}

}  // namespace

std::string answer_page(std::string_view url) {
  if (const auto scheme = url.find("://"); scheme != std::string_view::npos) url.remove_prefix(scheme + 3);
  else if (url.substr(0, 2) == "//") url.remove_prefix(2);
  const auto authority_end = url.find_first_of("/?#");
  std::string_view authority = url.substr(0, authority_end);
  std::string_view rest = authority_end == std::string_view::npos ? std::string_view() : url.substr(authority_end);
  if (const auto at = authority.rfind('@'); at != std::string_view::npos) authority.remove_prefix(at + 1);
  std::string_view host = authority;
  if (!host.empty() && host.front() == '[') {
    host = host.substr(1, host.find(']') == std::string_view::npos ? host.size() - 1 : host.find(']') - 1);
  } else if (const auto colon = host.find(':'); colon != std::string_view::npos) {
    host = host.substr(0, colon);
  }
  while (!host.empty() && host.back() == '.') host.remove_suffix(1);
  if (host.empty()) return {};
  std::string lower(host);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  std::string page = is_ip(lower) ? lower : watch::registrable_domain(lower);
  std::string_view path = rest.substr(0, rest.find_first_of("?#"));
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  page += path.empty() ? std::string_view("/") : path;
  return page;
}

}  // namespace paa::topics
