#pragma once
// The page an answer links to, as the topic analysis compares them (docs/topics.md "Topics"):
// the registrable domain (the public suffix list's, compiled into libpsl) and the path, so
// "https://www.Example.co.uk/guide/?utm_source=x#:~:text=y" and "http://example.co.uk/guide"
// are one page. Scheme, subdomains, port, user, query, fragment and a trailing slash are
// dropped; the path keeps its case. An IP address or a name without a public suffix keeps its
// whole host. "" when the URL has no host.
#include <string>
#include <string_view>

namespace paa::topics {

std::string answer_page(std::string_view url);

}  // namespace paa::topics
