#include "paa/watch/answer_domain.hpp"

#include <libpsl.h>
#include <unicode/idna.h>
#include <unicode/stringpiece.h>
#include <unicode/bytestream.h>

#include <algorithm>
#include <memory>

namespace paa::watch {

namespace {

bool ascii_digit(char c) { return c >= '0' && c <= '9'; }

bool is_ipv4(std::string_view host) {
  int parts = 0;
  std::size_t i = 0;
  while (i <= host.size()) {
    std::size_t j = host.find('.', i);
    if (j == std::string_view::npos) j = host.size();
    const auto part = host.substr(i, j - i);
    if (part.empty() || part.size() > 3 || !std::all_of(part.begin(), part.end(), ascii_digit)) return false;
    ++parts;
    i = j + 1;
  }
  return parts == 4;
}

// Characters a host name may hold in a url as people write them: letters, digits, '-', '.',
// '_' (seen in the wild), and any non-ASCII byte (an IDN in Unicode). Spaces, quotes, '<' and the
// like mean the url does not parse.
bool host_chars_ok(std::string_view host) {
  return std::all_of(host.begin(), host.end(), [](char ch) {
    const auto c = static_cast<unsigned char>(ch);
    return c >= 0x80 || (c >= 'a' && c <= 'z') || ascii_digit(ch) || c == '-' || c == '.' || c == '_';
  });
}

const icu::IDNA& uts46() {
  static const std::unique_ptr<icu::IDNA> idna = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::IDNA> made(icu::IDNA::createUTS46Instance(UIDNA_NONTRANSITIONAL_TO_UNICODE, status));
    if (U_FAILURE(status)) made.reset();
    return made;
  }();
  return *idna;
}

// The host in Unicode (UTS #46 mapping: lowercase, punycode labels decoded); the host as it is
// when ICU finds it invalid (a name libpsl then judges on its own).
std::string to_unicode(const std::string& host) {
  std::string out;
  icu::StringByteSink<std::string> sink(&out);
  icu::IDNAInfo info;
  UErrorCode status = U_ZERO_ERROR;
  uts46().nameToUnicodeUTF8(icu::StringPiece(host.data(), static_cast<std::int32_t>(host.size())), sink, info, status);
  if (U_FAILURE(status) || info.hasErrors() || out.empty()) return host;
  return out;
}

}  // namespace

std::string_view source_bucket_name(SourceKind kind) {
  switch (kind) {
    case SourceKind::domain: return "";
    case SourceKind::ip_address: return "(ip address)";
    case SourceKind::invalid_url: return "(invalid url)";
    case SourceKind::no_source: return "(no source)";
  }
  return "";
}

std::string url_host(std::string_view url) {
  const auto scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return {};
  std::string scheme(url.substr(0, scheme_end));
  std::transform(scheme.begin(), scheme.end(), scheme.begin(), [](unsigned char c) { return std::tolower(c); });
  if (scheme != "http" && scheme != "https") return {};
  url.remove_prefix(scheme_end + 3);
  std::string_view authority = url.substr(0, url.find_first_of("/?#"));
  if (const auto at = authority.rfind('@'); at != std::string_view::npos) authority.remove_prefix(at + 1);
  std::string_view host = authority;
  if (!host.empty() && host.front() == '[') {
    const auto close = host.find(']');
    if (close == std::string_view::npos) return {};
    host = host.substr(1, close - 1);
  } else if (const auto colon = host.find(':'); colon != std::string_view::npos) {
    host = host.substr(0, colon);
  }
  while (!host.empty() && host.back() == '.') host.remove_suffix(1);
  std::string lower(host);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower;
}

AnswerDomain answer_domain(std::string_view url) {
  const auto blank = url.find_first_not_of(" \t\r\n");
  if (blank == std::string_view::npos) return {SourceKind::no_source, std::string(source_bucket_name(SourceKind::no_source))};
  const auto bucket = [](SourceKind kind) { return AnswerDomain{kind, std::string(source_bucket_name(kind))}; };
  const std::string host = url_host(url);
  if (host.find(':') != std::string::npos || is_ipv4(host)) return bucket(SourceKind::ip_address);
  if (host.empty() || !host_chars_ok(host) || host.find("..") != std::string::npos || host.front() == '.') {
    return bucket(SourceKind::invalid_url);
  }
  return {SourceKind::domain, registrable_domain(host)};
}

std::string registrable_domain(const std::string& host) {
  std::string unicode = to_unicode(host);
  // The builtin list: the same answer on every machine, whatever /usr/share holds.
  const char* registrable = psl_registrable_domain(psl_builtin(), unicode.c_str());
  return registrable != nullptr ? std::string(registrable) : unicode;
}

}  // namespace paa::watch
