#include "paa/export/exporter.hpp"

#include "paa/model/query_key.hpp"

#include <optional>
#include <unordered_map>

namespace paa::exporting {

namespace {

// Selection by locale: hl (and gl with it) is a key prefix; gl alone needs the decoded key.
class LocaleFilter {
 public:
  explicit LocaleFilter(const ExportRequest& request)
      : prefix_(request.hl.empty() ? std::string() : encode_locale_prefix(request.hl, request.gl)),
        gl_only_(request.hl.empty() ? request.gl : std::string()) {}

  const std::string& prefix() const { return prefix_; }

  bool matches(std::string_view encoded_key) const {
    if (!encoded_key.starts_with(prefix_)) return false;
    if (gl_only_.empty()) return true;
    auto key = decode_key(encoded_key);
    return key && key->gl == gl_only_;
  }

 private:
  std::string prefix_;
  std::string gl_only_;
};

// first_key -> spelling, for the question index. Questions of one tree share a first_key,
// so a small cache saves most lookups; cleared when full to keep memory bounded.
class FirstSeenCache {
 public:
  explicit FirstSeenCache(StoreReader& store) : store_(store) {}

  Result<FirstSeen> lookup(const std::string& first_key) {
    if (auto it = cache_.find(first_key); it != cache_.end()) return it->second;
    auto stored = store_.get(first_key);
    if (!stored) return stored.error();
    FirstSeen first;
    if (*stored) {
      first = {(*stored)->q, (*stored)->hl, (*stored)->gl, (*stored)->city};
    } else if (auto key = decode_key(first_key)) {
      // The index points at a result that is not there: fall back to the normalised key.
      first = {key->q, key->hl, key->gl, key->city};
    }
    if (cache_.size() >= kCapacity) cache_.clear();
    cache_.emplace(first_key, first);
    return first;
  }

 private:
  static constexpr std::size_t kCapacity = 4096;
  StoreReader& store_;
  std::unordered_map<std::string, FirstSeen> cache_;
};

Result<ExportSummary> export_question_index(StoreReader& store, const ExportRequest& request,
                                            BufferedOutput& out) {
  auto writer = QuestionIndexWriter::create(request.format.excel, out);
  if (!writer) return writer.error();
  FirstSeenCache firsts(store);
  std::optional<Error> failure;
  (*writer)->begin();
  auto scanned = store.scan_questions([&](const QuestionEntry& entry) {
    if (entry.count == 0) return true;
    auto first = firsts.lookup(entry.first_key);
    if (!first) {
      failure = first.error();
      return false;
    }
    if (auto added = (*writer)->add(entry, *first); !added) {
      failure = added.error();
      return false;
    }
    return true;
  });
  if (!scanned) return scanned.error();
  if (failure) return *failure;
  if (auto finished = (*writer)->finish(); !finished) return finished.error();
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  ExportSummary summary;
  summary.records = (*writer)->records();
  return summary;
}

}  // namespace

Result<void> scan_selection(StoreReader& store, const ExportRequest& request, ExportSummary& summary,
                            const std::function<bool(const StoredResult&)>& visit) {
  const LocaleFilter filter(request);
  if (request.job.empty()) {
    return store.scan_results(filter.prefix(), [&](const StoredResult& result) {
      return filter.matches(result.key) ? visit(result) : true;
    });
  }
  // Progress entries stream in key order; each done key is one point lookup.
  std::optional<Error> failure;
  auto scanned = store.scan_progress(request.job, [&](std::string_view key, const ProgressEntry& entry) {
    if (entry.state != ProgressState::done || !filter.matches(key)) return true;
    auto stored = store.get(key);
    if (!stored) {
      failure = stored.error();
      return false;
    }
    if (!*stored) {
      ++summary.missing_results;
      return true;
    }
    return visit(**stored);
  });
  if (!scanned) return scanned.error();
  if (failure) return *failure;
  return {};
}

Result<ExportSummary> export_store(StoreReader& store, const ExportRequest& request,
                                   BufferedOutput& out) {
  if (request.format.format == ExportFormat::questions && !request.filtered() &&
      !request.recount_questions) {
    return export_question_index(store, request, out);
  }
  ExportSummary summary;
  auto writer = make_format_writer(request.format, out);
  std::optional<Error> failure;
  writer->begin();
  auto scanned = scan_selection(store, request, summary, [&](const StoredResult& result) {
    if (auto added = writer->add(result); !added) {
      failure = added.error();
      return false;
    }
    ++summary.results;
    return !out.failed();  // stop early; flush() below reports the error
  });
  if (!scanned) return scanned.error();
  if (failure) return *failure;
  if (!out.failed()) {
    if (auto finished = writer->finish(); !finished) return finished.error();
  }
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  summary.records = writer->records();
  return summary;
}

}  // namespace paa::exporting
