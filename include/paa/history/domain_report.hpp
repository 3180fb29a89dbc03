#pragma once
// `paa diff --by domain` (docs/watch.md "Won and lost"): watch::DomainMoves' rows as text for
// people or csv (domain,from,to,won,lost,net; `yours` with --domain). Pure: the caller reads the
// store and feeds the moves.
#include "paa/error.hpp"
#include "paa/history/diff_report.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/text.hpp"
#include "paa/watch/domain_moves.hpp"
#include "paa/watch/own_domains.hpp"

#include <string_view>

namespace paa {

inline constexpr std::string_view kDomainDiffCsvHeader = "domain,from,to,won,lost,net";

// jsonl is refused by the command before this is called. Flushes `out`; returns its first error.
Result<void> write_domain_diff(const watch::DomainMoves& moves, DiffFormat format, const DiffHeader& header,
                               const watch::OwnDomains& own, BufferedOutput& out,
                               CsvText text = CsvText::guarded);

}  // namespace paa
