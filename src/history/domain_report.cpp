#include "paa/history/domain_report.hpp"

#include "paa/output/text.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace paa {

namespace {

std::string signed_number(std::int64_t v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }

void write_csv(const std::vector<watch::DomainRow>& rows, const watch::OwnDomains& own, CsvText text,
               BufferedOutput& out) {
  out.append(kDomainDiffCsvHeader);
  if (!own.empty()) out.append(",yours");
  out.put('\n');
  for (const auto& r : rows) {
    append_csv_fields(out, text, {r.domain});
    for (const std::uint64_t v : {r.figures.from, r.figures.to, r.figures.won, r.figures.lost}) {
      out.put(',');
      append_decimal(out, v);
    }
    out.put(',');
    out.append(std::to_string(r.figures.net()));
    if (!own.empty()) out.append(own.owns_domain(r.domain) ? ",true" : ",false");
    out.put('\n');
  }
}

void write_text(const watch::DomainMoves& moves, const std::vector<watch::DomainRow>& rows, const DiffHeader& header,
                const watch::OwnDomains& own, BufferedOutput& out) {
  out.append("paa diff --by domain: who holds the answers, " + header.from + " -> " + header.to + "\n");
  out.append("  selection       " + (header.selection.empty() ? std::string("all keys") : header.selection) + "\n");
  out.append("  keys compared   " + std::to_string(moves.keys()) + " (present at both points)\n");
  out.append("  answers moved   " + std::to_string(moves.moves()) +
             " (a question whose source moved to another domain: won by the new one, lost by the old)\n\n");
  std::size_t width = 6;
  for (const auto& r : rows) width = std::max(width, r.domain.size());
  width = std::min<std::size_t>(width, 48);
  char line[256];
  std::snprintf(line, sizeof line, "  %-*s %8s %8s %6s %6s %6s\n", static_cast<int>(width), "domain", "from", "to",
                "won", "lost", "net");
  out.append(line);
  for (const auto& r : rows) {
    const auto& f = r.figures;
    std::snprintf(line, sizeof line, "  %-*s %8llu %8llu %6llu %6llu %6s%s\n", static_cast<int>(width), r.domain.c_str(),
                  static_cast<unsigned long long>(f.from), static_cast<unsigned long long>(f.to),
                  static_cast<unsigned long long>(f.won), static_cast<unsigned long long>(f.lost),
                  signed_number(f.net()).c_str(), own.owns_domain(r.domain) ? "  <- yours" : "");
    out.append(line);
  }
  if (rows.empty()) out.append("  (no answers at either point)\n");
}

}  // namespace

Result<void> write_domain_diff(const watch::DomainMoves& moves, DiffFormat format, const DiffHeader& header,
                               const watch::OwnDomains& own, BufferedOutput& out, CsvText text) {
  const auto rows = moves.rows();
  if (format == DiffFormat::csv) {
    write_csv(rows, own, text, out);
  } else {
    write_text(moves, rows, header, own, out);
  }
  return out.flush();
}

}  // namespace paa
