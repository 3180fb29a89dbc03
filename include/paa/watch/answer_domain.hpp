#pragma once
// Who owns an answer (docs/watch.md "Domains"): an answer's url reduced to its registrable
// domain by the Public Suffix List as libpsl applies it (its builtin list, ICANN and private
// sections: "www.bbc.co.uk" -> "bbc.co.uk", "alice.github.io" -> "alice.github.io"), lowercase,
// an IDN shown in Unicode whether the url spells it in punycode or not. A url that names no
// domain falls in a bucket of its own, counted apart and never dropped: an IP address, a url
// that does not parse as http(s)://host, no url at all. Pure.
#include <cstdint>
#include <string>
#include <string_view>

namespace paa::watch {

enum class SourceKind : std::uint8_t { domain, ip_address, invalid_url, no_source };

struct AnswerDomain {
  SourceKind kind = SourceKind::no_source;
  std::string domain;  // kind == domain: the registrable domain; else the bucket's name
  // What the domains views show: the domain, or "(ip address)", "(invalid url)", "(no source)".
  const std::string& name() const { return domain; }
  bool sourced() const { return kind != SourceKind::no_source; }
  friend bool operator==(const AnswerDomain&, const AnswerDomain&) = default;
};

std::string_view source_bucket_name(SourceKind kind);  // "" for domain

// The host of `url`, lowercase, without user, port or trailing dot; "" when the url has none
// (no "scheme://", or a scheme other than http and https). Brackets of an IPv6 host are removed.
std::string url_host(std::string_view url);

// A host's registrable domain (lowercase host in, Unicode out); the whole host when it has no
// known public suffix, or is one.
std::string registrable_domain(const std::string& host);

AnswerDomain answer_domain(std::string_view url);

}  // namespace paa::watch
