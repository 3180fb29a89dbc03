#include "kept_rows.hpp"

#include "paa/export/rows/market_rows.hpp"
#include "paa/extmem/kept_bytes.hpp"
#include "paa/extmem/kept_file_reader.hpp"

#include <string_view>

namespace paa::exporting::kept {

namespace {

constexpr std::size_t kRowNumbers = 9 * 8 + 4 + 4 + 3;
constexpr int kRowTexts = 9;
constexpr std::size_t kGroupNumbers = 6 * 8 + 4 + 1;
constexpr std::uint32_t kMaxText = std::uint32_t{1} << 28;

// Reads `texts` length-prefixed texts into `row` (take() invalidates what it returned before).
Result<void> take_texts(extmem::ZstdFileReader& in, int count, std::string& row, std::string_view* texts) {
  std::size_t at[kRowTexts + 1] = {};
  row.clear();
  for (int i = 0; i < count; ++i) {
    auto length_bytes = in.take(sizeof(std::uint32_t));
    if (!length_bytes) return length_bytes.error();
    const auto length = extmem::KeptBytes(*length_bytes).value<std::uint32_t>();
    // No text of a result is near this (responses are refused past --max-body-mib): a damaged
    // length, which must not become an allocation of gigabytes.
    if (length > kMaxText) return make_error(errc::store_damaged, "the kept analysis holds a damaged length");
    auto text = in.take(length);
    if (!text) return text.error();
    at[i] = row.size();
    row.append(*text);
    at[i + 1] = row.size();
  }
  for (int i = 0; i < count; ++i) texts[i] = std::string_view(row).substr(at[i], at[i + 1] - at[i]);
  return {};
}

}  // namespace

void put_row(std::string& out, const analysis::UniqueQuestion& q, const topics::QuestionGroup& g, std::uint32_t topic) {
  using extmem::put_text;
  using extmem::put_value;
  for (const std::uint64_t v : {q.count, q.volume, q.index, g.group, g.trees, g.seeds, g.locales, g.members, g.volume}) {
    put_value(out, v);
  }
  put_value(out, g.number);
  put_value(out, topic);
  put_value(out, static_cast<std::uint8_t>(g.type));
  put_value(out, static_cast<std::uint8_t>(g.intent));
  put_value(out, static_cast<std::uint8_t>(g.is_representative ? 1 : 0));
  for (const std::string_view text : {q.question, q.answer, q.url, q.title, q.first_q, q.first_hl, q.first_gl,
                                      q.first_city, g.representative}) {
    put_text(out, text);
  }
}

void put_group(std::string& out, const topics::GroupRecord& g) {
  for (const std::uint64_t v : {g.id, g.trees, g.seeds, g.locales, g.members, g.volume}) extmem::put_value(out, v);
  extmem::put_value(out, g.number);
  extmem::put_value(out, static_cast<std::uint8_t>(g.type));
  extmem::put_text(out, g.hl);
  extmem::put_text(out, g.representative);
}

Result<void> read_some_rows(extmem::ZstdFileReader& in, std::uint64_t rows, const topics::TopicMap* map,
                            const QuestionRowVisit& visit) {
  std::string row;
  std::string_view t[kRowTexts];
  topics::Topic topic;
  for (std::uint64_t n = 0; n < rows; ++n) {
    auto head = in.take(kRowNumbers);
    if (!head) return head.error();
    extmem::KeptBytes b(*head);
    std::uint64_t v[9];
    for (auto& x : v) x = b.value<std::uint64_t>();
    topics::QuestionGroup g;
    g.number = b.value<std::uint32_t>();
    const auto number = b.value<std::uint32_t>();
    g.type = static_cast<question::QuestionType>(b.value<std::uint8_t>());
    g.intent = static_cast<question::Intent>(b.value<std::uint8_t>());
    g.is_representative = b.value<std::uint8_t>() != 0;
    if (map != nullptr && number >= map->size()) {
      return make_error(errc::store_damaged, "the kept analysis names a topic it has not");
    }
    if (auto texts = take_texts(in, kRowTexts, row, t); !texts) return texts;
    g.group = v[3];
    g.trees = v[4];
    g.seeds = v[5];
    g.locales = v[6];
    g.members = v[7];
    g.volume = v[8];
    g.representative = t[8];
    topic.number = number;
    topic.id = map != nullptr ? map->id(number) : 0;
    topic.label = map != nullptr ? map->label(number) : std::string_view();
    const analysis::UniqueQuestion q{t[0], t[1], t[2], t[3], v[0], t[4], t[5], t[6], t[7], v[1], v[2]};
    if (auto visited = visit(q, g, topic); !visited) return visited;
  }
  return {};
}

Result<void> read_rows(extmem::ZstdFileReader& in, std::uint64_t rows, const topics::TopicMap* map,
                       const QuestionRowVisit& visit) {
  if (auto read = read_some_rows(in, rows, map, visit); !read) return read;
  auto done = in.done();
  if (!done) return done.error();
  if (!*done) return make_error(errc::store_damaged, "the kept analysis has more rows than its manifest says");
  return {};
}

Result<void> read_group(extmem::ZstdFileReader& in, std::string& row, topics::GroupRecord& g) {
  auto head = in.take(kGroupNumbers);
  if (!head) return head.error();
  extmem::KeptBytes b(*head);
  g.id = b.value<std::uint64_t>();
  g.trees = b.value<std::uint64_t>();
  g.seeds = b.value<std::uint64_t>();
  g.locales = b.value<std::uint64_t>();
  g.members = b.value<std::uint64_t>();
  g.volume = b.value<std::uint64_t>();
  g.number = b.value<std::uint32_t>();
  g.type = static_cast<question::QuestionType>(b.value<std::uint8_t>());
  std::string_view t[2];
  if (auto texts = take_texts(in, 2, row, t); !texts) return texts;
  g.hl = t[0];
  g.representative = t[1];
  return {};
}

std::string domains_bytes(const DomainFigures& figures) {
  std::string out;
  extmem::put_value(out, static_cast<std::uint64_t>(figures.domains.size()));
  extmem::put_value(out, figures.sourced);
  for (std::size_t i = 0; i < figures.domains.size(); ++i) {
    const watch::DomainTotals& d = figures.domains[i];
    extmem::put_value(out, static_cast<std::uint8_t>(d.kind));
    for (const std::uint64_t v : {d.answers, d.questions, d.keys, i < figures.topics.size() ? figures.topics[i] : 0}) {
      extmem::put_value(out, v);
    }
    extmem::put_text(out, d.domain);
  }
  return out;
}

Result<DomainFigures> parse_domains(std::string_view bytes) {
  extmem::KeptBytes b(bytes);
  DomainFigures figures;
  const auto count = b.value<std::uint64_t>();
  figures.sourced = b.value<std::uint64_t>();
  // Each domain takes at least 37 bytes: a count past that is damage, not a size to reserve.
  if (!b.ok() || count > bytes.size() / 37) return make_error(errc::store_damaged, "the kept answer domains are damaged");
  figures.domains.reserve(count);
  figures.topics.reserve(count);
  for (std::uint64_t n = 0; n < count && b.ok(); ++n) {
    watch::DomainTotals d;
    const auto kind = b.value<std::uint8_t>();
    if (kind > static_cast<std::uint8_t>(watch::SourceKind::no_source)) {
      return make_error(errc::store_damaged, "the kept answer domains are damaged");
    }
    d.kind = static_cast<watch::SourceKind>(kind);
    d.answers = b.value<std::uint64_t>();
    d.questions = b.value<std::uint64_t>();
    d.keys = b.value<std::uint64_t>();
    figures.topics.push_back(b.value<std::uint64_t>());
    d.domain = b.text();
    figures.domains.push_back(std::move(d));
  }
  if (!b.ok() || !b.done()) return make_error(errc::store_damaged, "the kept answer domains are damaged");
  return figures;
}

Result<void> write_markets(extmem::KeptFileWriter& out, const MarketFigures& figures) {
  out.value(static_cast<std::uint64_t>(figures.locales.size()));
  for (const MarketLocale& l : figures.locales) {
    for (const std::string* text : {&l.hl, &l.gl, &l.city}) out.text(*text);
  }
  out.value(figures.cells);  // put_array's layout: the count, then the records
  MarketCells cells(figures);
  for (;;) {
    auto next = cells.next();
    if (!next) return next.error();
    if (*next == nullptr) return {};
    out.bytes(std::string_view(reinterpret_cast<const char*>(*next), sizeof(GroupMarket)));
  }
}

Result<MarketFigures> open_markets(std::shared_ptr<const extmem::ScratchFile> file) {
  const auto damaged = [] { return make_error(errc::store_damaged, "the kept markets are damaged"); };
  extmem::KeptFileReader b(*file);
  MarketFigures figures;
  const auto count = b.value<std::uint64_t>();
  // Each locale takes at least 12 bytes: a count past that is damage, not a size to reserve.
  if (!b.ok() || count > file->size() / 12) return damaged();
  for (std::uint64_t n = 0; n < count && b.ok(); ++n) {
    MarketLocale l;
    l.hl = b.text();
    l.gl = b.text();
    l.city = b.text();
    figures.locales.push_back(std::move(l));
  }
  figures.cells = b.value<std::uint64_t>();
  if (b.error()) return *b.error();
  if (!b.ok()) return damaged();
  figures.cells_at = b.offset();
  if (figures.cells > file->size() / sizeof(GroupMarket) ||
      file->size() - figures.cells_at != figures.cells * sizeof(GroupMarket)) {
    return damaged();
  }
  figures.file = std::move(file);
  // Every cell checked once now, a chunk at a time, so that a damaged file is set aside before a
  // view has written half of itself from it.
  MarketCells cells(figures);
  for (;;) {
    auto next = cells.next();
    if (!next) return next.error();
    if (*next == nullptr) return figures;
  }
}

Result<void> read_groups(extmem::ZstdFileReader& in, std::uint64_t groups, const GroupVisit& visit) {
  std::string row;
  topics::GroupRecord g;
  for (std::uint64_t n = 0; n < groups; ++n) {
    if (auto read = read_group(in, row, g); !read) return read;
    if (auto visited = visit(g); !visited) return visited;
  }
  auto done = in.done();
  if (!done) return done.error();
  if (!*done) return make_error(errc::store_damaged, "the kept analysis has more groups than its manifest says");
  return {};
}

}  // namespace paa::exporting::kept
