#include "paa/export/formats.hpp"

#include "paa/export/count_order.hpp"
#include "paa/extmem/scratch_file.hpp"
#include "paa/export/text.hpp"
#include "paa/model/envelope.hpp"
#include "paa/model/query_key.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace paa::exporting {

namespace {

void end_line(BufferedOutput& out, bool excel) {
  if (excel) out.put('\r');
  out.put('\n');
}

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

void begin_csv(BufferedOutput& out, bool excel, std::string_view header) {
  if (excel) out.append(kUtf8Bom);
  out.append(header);
  end_line(out, excel);
}

// What names a stored result in an error message.
std::string describe(const StoredResult& r) {
  std::string s = "stored result for q='" + r.q + "' hl=" + r.hl + " gl=" + r.gl;
  if (!r.city.empty()) s += " city='" + r.city + "'";
  return s;
}

// --- jsonl / json ---------------------------------------------------------------------------

constexpr std::size_t json_max_depth(std::size_t question_depth) {
  // envelope object + result object + (children array + question object) per level
  return 2 * question_depth + 8;
}

Result<boost::json::value> parse_json_body(const StoredResult& r, const FormatOptions& options) {
  boost::json::parse_options po;
  po.max_depth = json_max_depth(options.max_question_depth);
  boost::system::error_code ec;
  auto value = boost::json::parse(r.body, ec, {}, po);
  if (ec) {
    return make_error(errc::store_damaged, describe(r) + " is not valid JSON (" + ec.message() +
                      "); the store may be damaged (re-fetch this key)");
  }
  return value;
}

// Removes, in depth-first pre-order, every question node whose fold_text was already seen,
// together with its subtree.
void dedupe_json_tree(boost::json::value& result) {
  auto* result_obj = result.if_object();
  if (result_obj == nullptr) return;
  auto* roots = result_obj->if_contains("children");
  if (roots == nullptr || !roots->is_array()) return;
  std::unordered_set<std::string> seen;
  struct Frame {
    boost::json::array* siblings;
    std::size_t next;
  };
  std::vector<Frame> stack{{&roots->as_array(), 0}};
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next == top.siblings->size()) {
      stack.pop_back();
      continue;
    }
    auto& node = (*top.siblings)[top.next];
    auto* obj = node.if_object();
    const boost::json::value* text = obj ? obj->if_contains("question") : nullptr;
    if (text != nullptr && text->is_string()) {
      if (!seen.insert(fold_or_raw(std::string_view(text->get_string()))).second) {
        top.siblings->erase(top.siblings->begin() + static_cast<std::ptrdiff_t>(top.next));
        continue;
      }
    }
    ++top.next;
    // Only ancestors of the current array are on the stack, so erasing here never moves
    // an array that a frame points to.
    if (obj != nullptr) {
      if (auto* children = obj->if_contains("children"); children && children->is_array() &&
                                                          !children->get_array().empty()) {
        stack.push_back({&children->get_array(), 0});
      }
    }
  }
}

void append_key_members(BufferedOutput& out, const KeySpelling& key) {
  append_key_members(out, key.q, key.hl, key.gl, key.city);
}

void append_key_object(BufferedOutput& out, const KeySpelling& key) {
  out.put('{');
  append_key_members(out, key);
  out.put('}');
}

class JsonWriter final : public FormatWriter {
 public:
  JsonWriter(const FormatOptions& options, BufferedOutput& out, bool array)
      : options_(options), out_(out), array_(array) {}

  void begin() override {}

  Result<void> add(const StoredResult& r, const ExportLineage& lineage) override {
    if (array_) out_.append(records_ == 0 ? std::string_view("[\n") : std::string_view(",\n"));
    out_.put('{');
    append_key_members(out_, spelling_of(r));
    out_.append(",\"fetched_at\":\"");
    out_.append(format_rfc3339_ms(r.fetched_at_ms));
    out_.append(r.cached ? "\",\"cached\":true,\"level\":" : "\",\"cached\":false,\"level\":");
    append_decimal(out_, lineage.level);
    out_.append(",\"parent\":");
    if (lineage.parent) {
      append_key_object(out_, *lineage.parent);
    } else {
      out_.append("null");
    }
    out_.append(",\"seed\":");
    append_key_object(out_, lineage.seed);
    out_.append(",\"result\":");
    if (auto raw = options_.dedupe ? std::nullopt : find_raw_member(r.body, "result")) {
      append_json_single_line(out_, *raw);  // the service's bytes, verbatim
    } else {
      auto body = parse_json_body(r, options_);
      if (!body) return body.error();
      auto* result = body->is_object() ? body->get_object().if_contains("result") : nullptr;
      if (result == nullptr) return make_error(errc::store_damaged, describe(r) + " has no 'result'; the store may be damaged");
      if (options_.dedupe) dedupe_json_tree(*result);
      out_.append(boost::json::serialize(*result));
    }
    out_.put('}');
    if (!array_) out_.put('\n');
    ++records_;
    return {};
  }

  Result<void> finish() override {
    if (array_) out_.append(records_ == 0 ? std::string_view("[]\n") : std::string_view("\n]\n"));
    return {};
  }

 private:
  FormatOptions options_;
  BufferedOutput& out_;
  bool array_;
};

// --- csv / related --------------------------------------------------------------------------

// "q,hl,gl,city," of one tree, rendered once and repeated on each of its rows.
std::string render_key_prefix(const StoredResult& r) {
  StringSink sink;
  {
    BufferedOutput tmp(sink, 256);
    for (std::string_view field : {std::string_view(r.q), std::string_view(r.hl),
                                   std::string_view(r.gl), std::string_view(r.city)}) {
      append_csv_field(tmp, field);
      tmp.put(',');
    }
    (void)tmp.flush();  // a StringSink cannot fail
  }
  return std::move(sink.data);
}

// ",level,parent_q,seed_q" of one tree, rendered once and appended to each of its rows.
std::string render_lineage_suffix(const ExportLineage& lineage) {
  StringSink sink;
  {
    BufferedOutput tmp(sink, 256);
    tmp.put(',');
    append_decimal(tmp, lineage.level);
    tmp.put(',');
    append_csv_field(tmp, lineage.parent ? std::string_view(lineage.parent->q) : std::string_view());
    tmp.put(',');
    append_csv_field(tmp, lineage.seed.q);
    (void)tmp.flush();  // a StringSink cannot fail
  }
  return std::move(sink.data);
}

class CsvWriter final : public FormatWriter {
 public:
  CsvWriter(const FormatOptions& options, BufferedOutput& out) : options_(options), out_(out) {}

  void begin() override { begin_csv(out_, options_.excel, kCsvHeader); }

  Result<void> add(const StoredResult& r, const ExportLineage& lineage) override {
    auto env = parse_stored_result(r, options_.max_question_depth);
    if (!env) return env.error();
    const std::string prefix = render_key_prefix(r);
    const std::string suffix = render_lineage_suffix(lineage);
    seen_.clear();
    walk_preorder_pruning(env->result.children, [&](const QuestionVisit& v) {
                const Question& node = v.node;
                const Question* parent = v.parent;
                const int depth = v.depth;
                const int position = v.position;
                if (options_.dedupe && !seen_.insert(fold_or_raw(node.question)).second) {
                  return false;  // an earlier node of this tree had it: drop it and its subtree
                }
                out_.append(prefix);
                append_decimal(out_, static_cast<std::uint64_t>(depth));
                out_.put(',');
                append_decimal(out_, static_cast<std::uint64_t>(position));
                out_.put(',');
                append_csv_field(out_, parent ? std::string_view(parent->question) : std::string_view());
                out_.put(',');
                append_csv_field(out_, node.question);
                out_.put(',');
                append_csv_field(out_, node.answer ? std::string_view(*node.answer) : std::string_view());
                out_.put(',');
                append_csv_field(out_, node.url);
                out_.put(',');
                append_csv_field(out_, node.title);
                out_.append(suffix);
                end_line(out_, options_.excel);
                ++records_;
                return true;
              });
    return {};
  }

  Result<void> finish() override { return {}; }

 private:
  FormatOptions options_;
  BufferedOutput& out_;
  std::unordered_set<std::string> seen_;
};

class RelatedWriter final : public FormatWriter {
 public:
  RelatedWriter(const FormatOptions& options, BufferedOutput& out) : options_(options), out_(out) {}

  void begin() override { begin_csv(out_, options_.excel, kRelatedHeader); }

  Result<void> add(const StoredResult& r, const ExportLineage&) override {
    auto env = parse_stored_result(r, options_.max_question_depth);
    if (!env) return env.error();
    if (env->result.related.empty()) return {};
    const std::string prefix = render_key_prefix(r);
    std::uint64_t position = 0;
    for (const auto& related : env->result.related) {
      out_.append(prefix);
      append_decimal(out_, ++position);
      out_.put(',');
      append_csv_field(out_, related);
      end_line(out_, options_.excel);
      ++records_;
    }
    return {};
  }

  Result<void> finish() override { return {}; }

 private:
  FormatOptions options_;
  BufferedOutput& out_;
};

// --- questions ------------------------------------------------------------------------------

void append_question_row(BufferedOutput& out, std::string_view question, std::string_view answer,
                         std::string_view url, std::string_view title, std::uint64_t count,
                         const FirstSeen& first, bool excel) {
  append_csv_field(out, question);
  out.put(',');
  append_csv_field(out, answer);
  out.put(',');
  append_csv_field(out, url);
  out.put(',');
  append_csv_field(out, title);
  out.put(',');
  append_decimal(out, count);
  for (std::string_view field : {std::string_view(first.q), std::string_view(first.hl),
                                 std::string_view(first.gl), std::string_view(first.city)}) {
    out.put(',');
    append_csv_field(out, field);
  }
  end_line(out, excel);
}

// Memory: one entry per unique question of the selection (see QuestionTally).
class QuestionAggregateWriter final : public FormatWriter {
 public:
  QuestionAggregateWriter(const FormatOptions& options, BufferedOutput& out)
      : options_(options), out_(out) {}

  void begin() override { begin_csv(out_, options_.excel, kQuestionsHeader); }

  Result<void> add(const StoredResult& r, const ExportLineage&) override {
    auto env = parse_stored_result(r, options_.max_question_depth);
    if (!env) return env.error();
    tally_.add_tree(r, env->result.children);
    return {};
  }

  Result<void> finish() override {
    tally_.for_each_sorted([&](const QuestionRow& row) {
      append_question_row(out_, row.question, row.answer, row.url, row.title, row.count, *row.first,
                          options_.excel);
      ++records_;
    });
    return {};
  }

 private:
  FormatOptions options_;
  BufferedOutput& out_;
  QuestionTally tally_;
};

}  // namespace

KeySpelling spelling_of(const StoredResult& r) { return {r.q, r.hl, r.gl, r.city}; }

ExportLineage own_lineage(const StoredResult& r) {
  ExportLineage lineage;
  lineage.seed = spelling_of(r);
  return lineage;
}

bool format_has_lineage(ExportFormat format) {
  return format == ExportFormat::jsonl || format == ExportFormat::json || format == ExportFormat::csv;
}

// --- edges ----------------------------------------------------------------------------------

void EdgeWriter::begin() { begin_csv(out_, excel_, kEdgesHeader); }

void EdgeWriter::add(const Edge& edge) {
  for (const KeySpelling* key : {&edge.parent, &edge.child}) {
    for (std::string_view field : {std::string_view(key->q), std::string_view(key->hl),
                                   std::string_view(key->gl), std::string_view(key->city)}) {
      append_csv_field(out_, field);
      out_.put(',');
    }
  }
  append_decimal(out_, edge.level);
  out_.put(',');
  out_.append(via_name(edge.via));
  end_line(out_, excel_);
  ++records_;
}

Result<Envelope> parse_stored_result(const StoredResult& r, std::size_t max_question_depth) {
  ParseLimits limits;
  limits.max_body_bytes = std::max<std::size_t>(limits.max_body_bytes, r.body.size());
  limits.max_question_depth = max_question_depth;
  auto env = parse_envelope(r.body, limits);
  if (!env) {
    return make_error(errc::store_damaged, describe(r) + " cannot be read: " + env.error().message +
                      "; the store may be damaged (re-fetch this key)");
  }
  return env;
}

std::optional<ExportFormat> parse_export_format(std::string_view name) {
  if (name == "jsonl") return ExportFormat::jsonl;
  if (name == "json") return ExportFormat::json;
  if (name == "csv") return ExportFormat::csv;
  if (name == "questions") return ExportFormat::questions;
  if (name == "related") return ExportFormat::related;
  if (name == "xlsx") return ExportFormat::xlsx;
  if (name == "html") return ExportFormat::html;
  if (name == "edges") return ExportFormat::edges;
  return std::nullopt;
}

std::string_view format_name(ExportFormat format) {
  switch (format) {
    case ExportFormat::jsonl: return "jsonl";
    case ExportFormat::json: return "json";
    case ExportFormat::csv: return "csv";
    case ExportFormat::questions: return "questions";
    case ExportFormat::related: return "related";
    case ExportFormat::xlsx: return "xlsx";
    case ExportFormat::html: return "html";
    case ExportFormat::edges: return "edges";
  }
  return "?";
}

std::unique_ptr<FormatWriter> make_format_writer(const FormatOptions& options, BufferedOutput& out) {
  switch (options.format) {
    case ExportFormat::jsonl: return std::make_unique<JsonWriter>(options, out, false);
    case ExportFormat::json: return std::make_unique<JsonWriter>(options, out, true);
    case ExportFormat::csv: return std::make_unique<CsvWriter>(options, out);
    case ExportFormat::questions: return std::make_unique<QuestionAggregateWriter>(options, out);
    case ExportFormat::related: return std::make_unique<RelatedWriter>(options, out);
    case ExportFormat::xlsx: break;  // a workbook, not a byte stream: see XlsxWorkbook
    case ExportFormat::html: break;  // a page over the whole selection: see HtmlReportWriter
    case ExportFormat::edges: break;  // a job's expansion, not its results: see EdgeWriter
  }
  return nullptr;
}

// --- QuestionIndexWriter --------------------------------------------------------------------

struct QuestionIndexWriter::Impl {
  std::unique_ptr<extmem::ScratchFile> spill;  // the rendered rows, in index order
  CountOrder order = make_count_order();       // (count, offset, length) of each row in the spill
};

Result<std::unique_ptr<QuestionIndexWriter>> QuestionIndexWriter::create(bool excel, BufferedOutput& out) {
  auto spill = extmem::ScratchFile::create("paa-export-questions");
  if (!spill) return spill.error();
  auto impl = std::make_unique<Impl>();
  impl->spill = std::move(*spill);
  return std::unique_ptr<QuestionIndexWriter>(new QuestionIndexWriter(std::move(impl), excel, out));
}

QuestionIndexWriter::QuestionIndexWriter(std::unique_ptr<Impl> impl, bool excel, BufferedOutput& out)
    : impl_(std::move(impl)), excel_(excel), out_(out) {}

QuestionIndexWriter::~QuestionIndexWriter() = default;

void QuestionIndexWriter::begin() { begin_csv(out_, excel_, kQuestionsHeader); }

Result<void> QuestionIndexWriter::add(const QuestionEntry& entry, const FirstSeen& first) {
  if (entry.count == 0) return {};
  BufferedOutput& spill = impl_->spill->out();
  const std::uint64_t offset = spill.bytes_written();
  append_question_row(spill, entry.question, entry.answer ? std::string_view(*entry.answer) : std::string_view(), entry.url,
                      entry.title, entry.count, first, excel_);
  if (spill.failed()) return *spill.error();
  return impl_->order.add({entry.count, offset, spill.bytes_written() - offset});
}

Result<void> QuestionIndexWriter::finish() {
  if (impl_->spill->size() == 0) return impl_->spill->flush();
  auto map = impl_->spill->map(extmem::ScratchMap::Access::random);
  if (!map) return map.error();
  // Entries arrived in fold_text order; CountOrder keeps it among equal counts.
  auto written = impl_->order.for_each([&](const CountedRow& row) -> Result<void> {
    out_.append({map->data() + row.offset, row.length});
    map->read(row.length);
    ++records_;
    if (out_.failed()) return *out_.error();
    return {};
  });
  if (!written && !out_.failed()) return written;  // the output's own error is reported by its flush
  return {};
}

}  // namespace paa::exporting
