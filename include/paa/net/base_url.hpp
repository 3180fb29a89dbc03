#pragma once
// The service address and the request target for one search. Pure.
#include "paa/error.hpp"
#include "paa/model/query_key.hpp"

#include <string>
#include <string_view>

namespace paa {

struct ServiceEndpoint {
  bool tls = true;
  std::string host;       // for DNS, SNI and certificate checks
  std::string port;       // "443" / "80" when not given
  std::string base_path;  // e.g. "/api", no trailing slash ("" for none)
  std::string display() const;  // scheme://host[:port]/path, for messages (never holds secrets)
  // The host is this machine: "localhost" (or a name under it), 127.0.0.0/8 or ::1. Plain HTTP
  // there never leaves the machine.
  bool loopback() const;
};

// Accepts https:// and http:// URLs with a host, optional port and path; no query or userinfo.
Result<ServiceEndpoint> parse_base_url(std::string_view url);

// "{base_path}/alsoask?q=..&hl=..&gl=..[&city=..]", percent-encoded (Boost.URL), using the
// query's first-seen spelling.
std::string alsoask_target(const ServiceEndpoint& endpoint, const Query& query);

}  // namespace paa
