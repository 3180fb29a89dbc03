#include "paa/export/html/report_folder.hpp"

#include "paa/export/pipeline/analysis_sink.hpp"
#include "paa/export/pipeline/analysis_views.hpp"
#include "paa/export/html/html_report.hpp"
#include "paa/export/attributes.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/export/stored_tree.hpp"
#include "paa/extmem/keyed_sort.hpp"
#include "paa/model/clock.hpp"
#include "paa/output/atomic_folder.hpp"
#include "paa/output/text.hpp"
#include "paa/text/fold.hpp"
#include "paa/text/tokenizer.hpp"
#include "paa/watch/domain_answers.hpp"
#include "paa/watch/own_domains.hpp"

#include <boost/json.hpp>
#include "paa/export/html/folder_chunks.hpp"
#include "report_assets.hpp"
#include "report_fields.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace paa::exporting {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kManifest = "paa-report.json";
// A search word's postings: questions (kind 0) and keys (kind 1).
constexpr std::uint64_t kQuestionPosting = 0;
constexpr std::uint64_t kKeyPosting = 1;
constexpr std::size_t kSortRunBytes = std::size_t{16} << 20;

// A whole small JSON value written with the shared encoders. (Called once per key: a small
// buffer, not BufferedOutput's 1 MiB default, which malloc would map and unmap every time.)
template <typename Fn>
std::string json_of(Fn&& fn) {
  StringSink sink;
  {
    BufferedOutput out(sink, std::size_t{4} << 10);
    fn(out);
    (void)out.flush();  // a StringSink does not fail
  }
  return std::move(sink.data);
}

// Adds each distinct word of `text` (its match form) to the search sort.
Result<void> add_words(text::Tokenizer& tokenizer, extmem::KeyedSort& words, std::string_view text,
                       std::string_view hl, std::uint64_t kind, std::uint64_t number,
                       std::vector<std::string>& scratch) {
  scratch.clear();
  for (auto& w : tokenizer.words(text, hl)) {
    if (!w.match.empty()) scratch.push_back(std::move(w.match));
  }
  std::sort(scratch.begin(), scratch.end());
  scratch.erase(std::unique(scratch.begin(), scratch.end()), scratch.end());
  for (const auto& w : scratch) {
    if (auto added = words.add(w, kind, number, std::span<const std::string_view>()); !added) return added;
  }
  return {};
}

// One word's postings while the sorted (word, kind, number) records stream by.
struct WordPostings {
  std::string word;
  std::uint64_t count[2] = {0, 0};
  std::vector<std::uint64_t> first[2];  // the first kSearchPostingsCap of each kind
  std::uint64_t last[2] = {std::numeric_limits<std::uint64_t>::max(), std::numeric_limits<std::uint64_t>::max()};

  void reset(std::string_view w) {
    word.assign(w);
    for (int k = 0; k < 2; ++k) {
      count[k] = 0;
      first[k].clear();
      last[k] = std::numeric_limits<std::uint64_t>::max();
    }
  }
  void add(std::uint64_t kind, std::uint64_t number) {
    if (number == last[kind]) return;  // the same text twice
    last[kind] = number;
    ++count[kind];
    if (first[kind].size() < kSearchPostingsCap) first[kind].push_back(number);
  }
  // [word, questions, [deltas], keys, [deltas]] (records.schema's SEARCH_ENTRY)
  void append(BufferedOutput& out) const {
    namespace se = report_schema::search_entry;
    static_assert(report_schema::in_order(se::kFields, {se::kWord, se::kQuestions, se::kQuestionDeltas, se::kKeys,
                                                        se::kKeyDeltas}));
    static_assert(kQuestionPosting == 0 && kKeyPosting == 1);  // the order of the loop below
    out.put('[');
    append_script_json_string(out, word);
    for (int k = 0; k < 2; ++k) {
      out.put(',');
      append_decimal(out, count[k]);
      out.append(",[");
      std::uint64_t before = 0;
      for (std::size_t i = 0; i < first[k].size(); ++i) {
        if (i > 0) out.put(',');
        append_decimal(out, first[k][i] - before);
        before = first[k][i];
      }
      out.put(']');
    }
    out.put(']');
  }
};

// The search shards from the sorted words; returns the shards' names (in order).
Result<std::vector<std::string>> write_search(extmem::KeyedSort& words, FolderFiles& files) {
  std::vector<std::string> shards;
  std::string shard;
  StringSink sink;
  BufferedOutput out(sink);
  WordPostings word;
  bool open = false;
  bool any = false;
  auto end_word = [&]() -> Result<void> {
    if (!open) return {};
    open = false;
    const std::string s = search_shard(word.word);
    if (s != shard) {
      if (any) {
        out.append("\n]);\n");
        if (auto f = out.flush(); !f) return f;
        if (auto w = files.write(shard_file(shard), sink.data); !w) return w;
        sink.data.clear();
      }
      shard = s;
      shards.push_back(s);
      out.append("paaData(\"search\",\"");
      out.append(s);
      out.append("\",[\n");
      any = true;
    } else {
      out.append(",\n");
    }
    word.append(out);
    return {};
  };
  auto visited = words.for_each([&](const extmem::KeyedSort::Record& r) -> Result<void> {
    if (!open || r.key != word.word) {
      if (auto ended = end_word(); !ended) return ended;
      word.reset(r.key);
      open = true;
    }
    word.add(r.first, r.second);
    return {};
  });
  if (!visited) return visited.error();
  if (auto ended = end_word(); !ended) return ended.error();
  if (any) {
    out.append("\n]);\n");
    if (auto f = out.flush(); !f) return f.error();
    if (auto w = files.write(shard_file(shard), sink.data); !w) return w.error();
  }
  return shards;
}

struct LocaleRange {
  std::string hl, gl, city;
  std::uint64_t first = 0, keys = 0;
};

// Everything but the manifest, into the folder: one scan, then each kind of file in turn. The
// key list's sort, the words' sort and the analysis pass hold what the scan gathered.
class FolderReport {
 public:
  FolderReport(StoreReader& store, const ExportRequest& request, FolderFiles& files, ReportHistory history,
               std::uint64_t runs_then)
      : store_(store), request_(request), files_(files), history_(std::move(history)), runs_then_(runs_then),
        analysis_({.volumes = request.format.volumes, .progress = request.format.progress}),
        trees_(files, "trees", kTreesPerChunk), key_pages_(files, "keys", kKeysPerPage),
        question_pages_(files, "questions", kQuestionsPerPage),
        words_(kSortRunBytes, "paa-report-words") {
    // (Run budgets: these sorts live beside the analysis pass, the export's main cost in memory.)
    keys_.emplace(kSortRunBytes, "paa-report-keys");
  }

  Result<void> write(ExportSummary& summary) {
    auto jobs = store_.job_names();
    if (!jobs) return jobs.error();
    job_names_ = *jobs;
    for (std::size_t j = 0; j < jobs->size(); ++j) {
      job_keys_.push_back(std::make_unique<ChunkWriter>(files_, "jobs/" + std::to_string(j), kJobKeysPerChunk));
    }
    job_last_.assign(jobs->size(), 0);
    // The kept analysis when current: the scan then reads the trees for the pages alone.
    std::optional<QuestionViews> kept = current_kept_views(request_, summary);
    if (auto done = scan(summary, kept.has_value()); !done) return done;
    WorkProgress* progress = request_.format.progress;
    progress_phase(progress, "writing the key pages");
    if (auto done = write_keys(); !done) return done;
    watch::DomainAnswers answers;
    MarketTrees market_trees;
    analysis::QuestionReducer* const more[] = {&answers, &market_trees};
    auto views = kept ? Result<QuestionViews>(std::move(*kept)) : analysis_.finish(request_.format.topics, more);
    if (!views) return views.error();
    // (The markets before the question pages, which consume the computed views' rows.)
    auto markets = report_markets(market_trees, *views);
    if (!markets) return markets.error();
    progress_phase(progress, "writing the question pages");
    auto topic_list = ReportTopicsBuilder::create(*views);
    if (!topic_list) return topic_list.error();
    if (auto done = write_questions(*views, *topic_list); !done) return done;
    progress_phase(progress, "writing the report's views");
    if (auto done = write_views(answers, *views, *topic_list, *markets); !done) return done;
    progress_phase(progress, "writing the search index");
    auto shards = write_search(words_, files_);
    if (!shards) return shards.error();
    if (auto done = write_summary(*jobs, *shards, *topic_list); !done) return done;
    if (auto done = write_page(); !done) return done;
    summary.records = key_pages_.items();
    return {};
  }

 private:
  // Each selected result: its tree into a chunk, its record into the key list's sort, its trees
  // into the analysis pass (unless the analysis is `kept`).
  Result<void> scan(ExportSummary& summary, bool kept) {
    CallbackSink pages([&](const ScannedResult& scanned) -> Result<bool> {
      auto key_history = history_.add_key(scanned.result, scanned.envelope->result, *scanned.versions);
      if (!key_history) return key_history.error();
      const std::uint64_t tree = trees_.items();
      append_tree(trees_.item(), scanned.envelope->result);
      if (auto ended = trees_.end_item(); !ended) return ended.error();
      if (auto listed = list_key(scanned, tree, *key_history); !listed) return listed.error();
      newest_ = std::max(newest_, scanned.result.fetched_at_ms);
      return true;
    });
    ScanNeeds needs = kept ? ScanNeeds{.tree = true, .lineage = true} : analysis_.needs();
    needs.versions = true;
    ResultSink* const both[] = {&pages, &analysis_};
    const std::span<ResultSink* const> sinks(both, kept ? 1 : 2);
    if (auto selected = scan_results(store_, request_, needs, sinks, summary); !selected) return selected;
    return trees_.finish();
  }

  static void append_tree(BufferedOutput& t, const SearchResult& result) {
    static_assert(report_schema::in_order(report_schema::tree::kFields, {report_schema::tree::kRelated,
                                                                         report_schema::tree::kNodes}));
    t.put('[');
    append_report_related_tree(t, result);
    t.put(']');
  }

  // The key's record, sorted into the list's order (hl, gl, city, folded query).
  Result<void> list_key(const ScannedResult& scanned, std::uint64_t tree, const watch::KeyStability& key_history) {
    const StoredResult& result = scanned.result;
    const ExportLineage& lineage = scanned.lineage;
    namespace key = report_schema::key;  // records.schema: written in its order
    static_assert(report_schema::in_order(key::kFields, {key::kQ, key::kHl, key::kGl, key::kCity, key::kFetchedMs,
                                                         key::kTree, key::kLevel, key::kParent, key::kSeed,
                                                         key::kHistory}));
    const std::string record = json_of([&](BufferedOutput& out) {
      out.put('[');
      append_key(out, ReportKey{result.q, result.hl, result.gl, result.city});
      append_decimal(out, result.fetched_at_ms);
      out.put(',');
      append_decimal(out, tree);
      out.put(',');
      append_lineage(out, lineage);
      out.put(',');
      append_key_history(out, key_history);
      out.put(']');
    });
    sort_key_.clear();
    for (const std::string* part : {&result.hl, &result.gl, &result.city}) {
      sort_key_ += *part;
      sort_key_.push_back('\0');
    }
    sort_key_ += text::fold_case(result.q);
    // The jobs that finished the key (the job filter's), by index: a point read each.
    job_list_.clear();
    for (std::size_t j = 0; j < job_names_.size(); ++j) {
      auto entry = store_.progress(job_names_[j], result.key);
      if (!entry) return entry.error();
      if (*entry && (*entry)->state == ProgressState::done) job_list_ += (job_list_.empty() ? "" : ",") + std::to_string(j);
    }
    return keys_->add(sort_key_, 0, tree, {record, result.q, result.hl, result.gl, result.city, job_list_});
  }

  // The key pages, the locales' ranges, and each query's words.
  Result<void> write_keys() {
    auto listed = keys_->for_each([&](const extmem::KeyedSort::Record& r) -> Result<void> {
      const std::uint64_t number = key_pages_.items();
      key_pages_.item().append(r.fields[0]);
      if (auto ended = key_pages_.end_item(); !ended) return ended;
      const std::string_view hl = r.fields[2], gl = r.fields[3], city = r.fields[4];
      if (locales_.empty() || locales_.back().hl != hl || locales_.back().gl != gl || locales_.back().city != city) {
        locales_.push_back({std::string(hl), std::string(gl), std::string(city), number, 0});
      }
      ++locales_.back().keys;
      if (auto added = add_job_keys(r.fields[5], number); !added) return added;
      return add_words(tokenizer_, words_, r.fields[1], hl, kKeyPosting, number, scratch_);
    });
    if (!listed) return listed;
    if (auto done = key_pages_.finish(); !done) return done;
    for (auto& w : job_keys_) {
      if (auto done = w->finish(); !done) return done;
    }
    keys_.reset();
    return {};
  }

  // Key `number` into the postings of each job in `jobs` ("0,2"), as its difference from the
  // job's key before (the keys come in number order).
  Result<void> add_job_keys(std::string_view jobs, std::uint64_t number) {
    while (!jobs.empty()) {
      const auto comma = jobs.find(',');
      const std::string_view one = jobs.substr(0, comma);
      jobs = comma == std::string_view::npos ? std::string_view() : jobs.substr(comma + 1);
      std::size_t j = 0;
      std::from_chars(one.data(), one.data() + one.size(), j);
      ChunkWriter& w = *job_keys_.at(j);
      append_decimal(w.item(), number - job_last_[j]);
      job_last_[j] = number;
      if (auto ended = w.end_item(); !ended) return ended;
    }
    return {};
  }

  // The unique questions (most trees first) with their topics, and their words.
  Result<void> write_questions(QuestionViews& views, ReportTopicsBuilder& topic_list) {
    auto rows = for_each_question_row(views, [&](const analysis::UniqueQuestion& row, const topics::QuestionGroup& group,
                                                 const topics::Topic& topic) -> Result<void> {
      const auto placed = topic_list.add(row, group, topic.number);
      const std::uint64_t number = question_pages_.items();
      namespace qn = report_schema::question;  // records.schema: written in its order
      static_assert(report_schema::in_order(qn::kFields, {qn::kQuestion, qn::kTrees, qn::kQ, qn::kHl, qn::kGl, qn::kCity,
                                                          qn::kTopic, qn::kType}));
      BufferedOutput& out = question_pages_.item();
      out.put('[');
      append_script_json_string(out, row.question);
      out.put(',');
      append_decimal(out, row.count);
      for (const std::string_view text : {row.first_q, row.first_hl, row.first_gl, row.first_city}) {
        out.put(',');
        append_script_json_string(out, text);
      }
      out.put(',');
      append_decimal(out, placed.topic);
      out.put(',');
      append_decimal(out, static_cast<unsigned>(placed.type));
      out.put(']');
      if (auto ended = question_pages_.end_item(); !ended) return ended;
      return add_words(tokenizer_, words_, row.question, row.first_hl, kQuestionPosting, number, scratch_);
    });
    if (!rows) return rows;
    return question_pages_.finish();
  }

  // The views loaded when their tab opens.
  Result<void> write_views(watch::DomainAnswers& answers, QuestionViews& views, ReportTopicsBuilder& topic_list,
                           const ReportMarkets& markets) {
    const std::string topics_json = json_of([&](BufferedOutput& out) {
      append_topics_json(out, topic_list.listed(), topic_list.total(), request_.format.volumes, topic_list.mix(),
                         topic_list.trend());
    });
    if (auto w = files_.write("data/topics.js", data_script("topics", "0", topics_json)); !w) return w;
    auto changes = history_.changes(store_);
    if (!changes) return changes.error();
    const std::string changes_json = json_of([&](BufferedOutput& out) { append_changes_json(out, *changes); });
    if (auto w = files_.write("data/changes.js", data_script("changes", "0", changes_json)); !w) return w;
    auto domains = report_domains(answers, views, request_.format.own_domains, history_, runs_then_);
    if (!domains) return domains.error();
    const std::string domains_json = json_of([&](BufferedOutput& out) { append_domains_json(out, *domains); });
    if (auto w = files_.write("data/domains.js", data_script("domains", "0", domains_json)); !w) return w;
    const std::string markets_json = json_of([&](BufferedOutput& out) { append_markets_json(out, markets); });
    return files_.write("data/markets.js", data_script("markets", "0", markets_json));
  }

  // The search shards' list, and the summary the page loads first (small: its size is the
  // locales' and jobs' count).
  Result<void> write_summary(const std::vector<std::string>& jobs, const std::vector<std::string>& shards,
                             const ReportTopicsBuilder& topic_list) {
    namespace json = boost::json;
    json::array shard_names;
    for (const auto& name : shards) shard_names.emplace_back(name);  // hex digits only
    if (auto w = files_.write("data/search/shards.js", data_script("shards", "0", json::serialize(shard_names))); !w) {
      return w;
    }
    json::array locale_rows;
    namespace lr = report_schema::locale;  // records.schema: written in its order
    static_assert(report_schema::in_order(lr::kFields, {lr::kName, lr::kHl, lr::kGl, lr::kCity, lr::kFirst, lr::kCount}));
    for (const LocaleRange& l : locales_) {
      locale_rows.push_back(json::array{json::string(l.hl + "-" + l.gl + (l.city.empty() ? "" : "-" + l.city)),
                                        json::string(l.hl), json::string(l.gl), json::string(l.city), l.first, l.keys});
    }
    json::array job_names, job_keys;
    for (const auto& j : jobs) job_names.emplace_back(j);
    for (const auto& w : job_keys_) job_keys.push_back(json::array{w->items(), w->chunks()});
    json::object summary_json{
        {"version", kReportFolderVersion},
        {"results", key_pages_.items()},
        {"keys", json::object{{"count", key_pages_.items()}, {"per_page", kKeysPerPage}, {"pages", key_pages_.chunks()}}},
        {"trees", json::object{{"per_chunk", kTreesPerChunk}}},
        {"questions", json::object{{"count", question_pages_.items()}, {"per_page", kQuestionsPerPage},
                                   {"pages", question_pages_.chunks()}}},
        {"folder_files", kFilesPerFolder},
        {"search", json::object{{"cap", kSearchPostingsCap}, {"shards", shards.size()}}},
        {"locales", std::move(locale_rows)},
        {"jobs", std::move(job_names)},
        // Each job's done keys in the list ([count, chunks]; kJobKeysPerChunk a chunk): the job filter.
        {"job_keys", std::move(job_keys)},
        {"job_keys_per_chunk", kJobKeysPerChunk},
        {"newest_fetched_at", newest_},
        {"at", request_.window.to_ms == std::numeric_limits<std::int64_t>::max() ? json::value(nullptr)
                                                                                : json::value(request_.window.to_ms)},
        {"generated_at", unix_now_ms()},
        {"topics", json::object{{"total", topic_list.total()}, {"listed", topic_list.listed().size()}}}};
    // Store text in a script file: boost::json escapes what JSON must; a data file is no HTML
    // element, so "</script>" in a string cannot end anything.
    return files_.write("data/report.js", "paaReport(" + json::serialize(summary_json) + ");\n");
  }

  // The page, and an icon: browsers ask a web server for /favicon.ico whatever the page says,
  // and a static host's 404 would be a console error (a 1x1 icon, 70 bytes).
  Result<void> write_page() {
    static constexpr char kIcon[] =
        "\x00\x00\x01\x00\x01\x00\x01\x01\x00\x00\x01\x00\x20\x00\x30\x00\x00\x00\x16\x00\x00\x00\x28\x00\x00\x00"
        "\x01\x00\x00\x00\x02\x00\x00\x00\x01\x00\x20\x00\x00\x00\x00\x00\x08\x00\x00\x00\x00\x00\x00\x00\x00\x00"
        "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x2e\x6b\xc7\xff\x00\x00\x00\x00";
    if (auto w = files_.write("favicon.ico", std::string_view(kIcon, sizeof kIcon - 1)); !w) return w;
    const std::string index = branded_page(report_assets::kFolderIndex, request_.format.branding);  // --title, --logo
    for (const auto& [name, text] : {std::pair<const char*, std::string_view>{"index.html", index},
                                    std::pair<const char*, std::string_view>{"report.css", report_assets::kCss},
                                    std::pair<const char*, std::string_view>{"common.js", report_assets::kCommon},
                                    std::pair<const char*, std::string_view>{"folder.js", report_assets::kFolderScript}}) {
      if (auto w = files_.write(name, text); !w) return w;
    }
    return {};
  }

  StoreReader& store_;
  const ExportRequest& request_;
  FolderFiles& files_;
  ReportHistory history_;
  std::uint64_t runs_then_;
  AnalysisSink analysis_;
  ChunkWriter trees_, key_pages_, question_pages_;
  std::optional<extmem::KeyedSort> keys_;  // released once the key pages are written
  extmem::KeyedSort words_;
  text::Tokenizer tokenizer_;
  std::vector<std::string> scratch_;
  std::vector<LocaleRange> locales_;
  std::int64_t newest_ = 0;
  std::string sort_key_;
  std::vector<std::string> job_names_;
  std::vector<std::unique_ptr<ChunkWriter>> job_keys_;  // by job index
  std::vector<std::uint64_t> job_last_;                 // each job's last key number written
  std::string job_list_;                                // the scanned key's jobs, "0,2"
};

Result<void> write_folder(StoreReader& store, const ExportRequest& request, FolderFiles& files,
                          ExportSummary& summary) {
  std::uint64_t runs_then = 0;
  auto history = report_history(store, request, runs_then);
  if (!history) return history.error();
  FolderReport report(store, request, files, std::move(*history), runs_then);
  return report.write(summary);
}

}  // namespace

bool replaceable_report_folder(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / kManifest, ec) || fs::is_empty(dir, ec);
}

Result<ExportSummary> export_html_folder(StoreReader& store, const ExportRequest& selection, const fs::path& dir,
                                         bool force) {
  ExportRequest request = selection;
  ExportSummary summary;
  FolderTarget target{dir, force, replaceable_report_folder, "is not a report folder (no paa-report.json)", true};
  auto written = write_folder_atomically(target, [&](const fs::path& temp) -> Result<void> {
    FolderFiles files(temp);
    if (auto filled = write_folder(store, request, files, summary); !filled) return filled;
    // The manifest last: what marks the folder as a report --force may replace.
    const std::string manifest = "{\"format\":\"paa-report-folder\",\"version\":" +
                                 std::to_string(kReportFolderVersion) + ",\"results\":" +
                                 std::to_string(summary.records) + ",\"files\":" + std::to_string(files.files() + 1) +
                                 ",\"bytes\":" + std::to_string(files.bytes()) + "}\n";
    return write_small_file(temp / kManifest, manifest);
  });
  if (!written) return written.error();
  return summary;
}

}  // namespace paa::exporting
