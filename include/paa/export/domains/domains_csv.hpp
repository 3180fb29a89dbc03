#pragma once
// `paa export --format domains` (docs/watch.md "Domains"): one row per answer domain of the
// selection, most answers first, then the buckets (ip address), (invalid url), (no source):
// domain,answers,share,questions,keys,topics (and `yours` with --domain). A FormatWriter over
// the analysis pass: watch::DomainAnswers counts, and each domain's questions are joined with
// their topics after the clustering.
#include "paa/export/format_writer.hpp"

#include <memory>
#include <string_view>

namespace paa::exporting {

inline constexpr std::string_view kDomainsHeader = "domain,answers,share,questions,keys,topics";

std::unique_ptr<FormatWriter> make_domains_writer(const FormatOptions& options, BufferedOutput& out);

}  // namespace paa::exporting
