#include "paa/net/base_url.hpp"

#include <boost/asio/ip/address.hpp>
#include <boost/url/parse.hpp>

namespace paa {

std::string ServiceEndpoint::display() const {
  std::string out = tls ? "https://" : "http://";
  out += host;
  if (port != (tls ? "443" : "80")) out += ":" + port;
  out += base_path;
  return out;
}

bool ServiceEndpoint::loopback() const {
  std::string name;
  for (char c : host) name += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (name == "localhost" || name.ends_with(".localhost")) return true;
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(host, ec);
  return !ec && address.is_loopback();
}

Result<ServiceEndpoint> parse_base_url(std::string_view text) {
  auto parsed = boost::urls::parse_absolute_uri(text);
  const std::string shown(text);
  if (!parsed) {
    return make_error(errc::invalid_input, "invalid base URL '" + shown + "': " + parsed.error().message() +
                      "; expected e.g. https://host/api");
  }
  const auto& u = *parsed;
  ServiceEndpoint ep;
  if (u.scheme() == "https") {
    ep.tls = true;
  } else if (u.scheme() == "http") {
    ep.tls = false;
  } else {
    return make_error(errc::invalid_input, "invalid base URL '" + shown + "': scheme must be https or http");
  }
  if (u.has_userinfo()) {
    return make_error(errc::invalid_input, "invalid base URL '" + shown + "': credentials in the URL are not supported; the API key comes from the environment");
  }
  if (u.has_query() || u.has_fragment()) {
    return make_error(errc::invalid_input, "invalid base URL '" + shown + "': remove the query/fragment part");
  }
  ep.host = u.host_address();
  if (ep.host.empty()) return make_error(errc::invalid_input, "invalid base URL '" + shown + "': no host");
  if (u.host_type() == boost::urls::host_type::ipv6) {
    ep.host = std::string(u.encoded_host_address());  // keep it bare for resolve / SNI skip
    if (ep.host.size() > 2 && ep.host.front() == '[') ep.host = ep.host.substr(1, ep.host.size() - 2);
  }
  ep.port = u.has_port() ? std::string(u.port()) : (ep.tls ? "443" : "80");
  std::string path(u.encoded_path());
  while (!path.empty() && path.back() == '/') path.pop_back();
  ep.base_path = path;
  return ep;
}

namespace {
// Everything but RFC 3986 unreserved characters is escaped: '+', '&', '=' in a query must reach
// the server as themselves (many servers decode a bare '+' as a space).
void append_encoded(std::string& out, std::string_view value) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (unsigned char c : value) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '.' || c == '_' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
}
}  // namespace

std::string alsoask_target(const ServiceEndpoint& endpoint, const Query& query) {
  std::string t;
  t.reserve(endpoint.base_path.size() + 32 + query.q.size() * 3 + query.city.size() * 3);
  t += endpoint.base_path;
  t += "/alsoask?q=";
  append_encoded(t, query.q);
  t += "&hl=";
  append_encoded(t, query.hl);
  t += "&gl=";
  append_encoded(t, query.gl);
  if (!query.city.empty()) {
    t += "&city=";
    append_encoded(t, query.city);
  }
  return t;
}

}  // namespace paa
