// Streams the searches of a job: inline queries, then each query file, each query expanded
// to its locales one at a time. Nothing is materialised beyond one record.
#include "paa/job/job_file.hpp"
#include "paa/model/utf8.hpp"

#include "query_source.hpp"

#include <algorithm>

namespace paa {

struct JobReader::Impl {
  JobSpec spec;
  std::string job_display;

  // Where we are in the job.
  std::size_t inline_index = 0;
  std::size_t file_index = 0;
  std::unique_ptr<detail::QuerySource> source;  // the open query file, if any
  std::uint64_t queries_read = 0;
  std::vector<std::string> lists;  // how each list with a header was read, once read
  bool failed = false;

  // The job's locales, validated and normalised once.
  std::vector<CleanLocale> job_locales;

  // The query being expanded to its locales: cleaned and folded once, then paired with each.
  std::optional<detail::SourceRecord> pending;
  CleanQuery pending_query;
  std::vector<CleanLocale> row_locales;            // a CSV row's own locale or city override
  const std::vector<CleanLocale>* locales = nullptr;
  std::size_t locale_index = 0;

  // Reads the next query (before expansion) into `pending`; false at the end of the job.
  Result<bool> advance() {
    if (inline_index < spec.queries.size()) {
      const std::size_t i = inline_index++;
      detail::SourceRecord record;
      record.q = spec.queries[i];
      record.origin = job_display + ": queries[" + std::to_string(i) + "]";
      pending = std::move(record);
      ++queries_read;
      return true;
    }
    for (;;) {
      if (!source) {
        if (file_index >= spec.query_files.size()) return false;
        const QueryFile& list = spec.query_files[file_index++];
        auto opened = detail::open_query_source(list.path, list.sheet);
        if (!opened) return opened.error();
        source = std::move(*opened);
      }
      auto record = source->next();
      if (!record) return record.error();
      if (!*record) {
        if (auto layout = source->layout(); !layout.empty()) {
          lists.push_back(spec.query_files[file_index - 1].path.string() + ": " + layout);
        }
        source.reset();
        continue;
      }
      pending = std::move(**record);
      ++queries_read;
      return true;
    }
  }

  // Prepares `pending` for expansion: its own locale (CSV hl/gl) or the job's, with the row's
  // city replacing the locale's when given.
  std::optional<Error> prepare() {
    auto q = make_clean_query(pending->q);
    if (!q) return make_error(errc::invalid_input, pending->origin + ": " + q.error().message);
    pending_query = std::move(*q);
    row_locales.clear();
    locales = &job_locales;
    if (pending->locale) {
      auto locale = make_clean_locale(pending->locale->hl, pending->locale->gl, pending->locale->city);
      if (!locale) return make_error(errc::invalid_input, pending->origin + ": " + locale.error().message);
      row_locales.push_back(std::move(*locale));
      locales = &row_locales;
    } else if (!pending->city.empty()) {
      auto folded = fold_text(pending->city);
      if (!folded) return make_error(errc::invalid_input, pending->origin + ": city: " + folded.error().message);
      for (CleanLocale locale : job_locales) {
        locale.city = pending->city;
        locale.key_city = *folded;
        row_locales.push_back(std::move(locale));
      }
      locales = &row_locales;
    }
    return std::nullopt;
  }

  Result<std::optional<JobItem>> next() {
    if (failed) return make_error(errc::invalid_input, "the job reader stopped at an earlier error");
    for (;;) {
      if (pending && locale_index < locales->size()) {
        Query query = combine_query(pending_query, (*locales)[locale_index++]);
        return std::optional<JobItem>(JobItem{std::move(query), pending->origin, pending->attrs});
      }
      pending.reset();
      locale_index = 0;
      auto more = advance();
      if (!more) {
        failed = true;
        return more.error();
      }
      if (!*more) return std::optional<JobItem>{};
      if (auto e = prepare()) {
        failed = true;
        return *e;
      }
    }
  }
};

JobReader::JobReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
JobReader::JobReader(JobReader&&) noexcept = default;
JobReader& JobReader::operator=(JobReader&&) noexcept = default;
JobReader::~JobReader() = default;

Result<JobReader> JobReader::open(const JobSpec& spec) {
  if (spec.locales.empty()) return make_error(errc::invalid_input, spec.file.string() + ": job has no locales");
  auto impl = std::make_unique<Impl>();
  impl->spec = spec;
  impl->job_display = spec.file.string();
  for (std::size_t i = 0; i < spec.locales.size(); ++i) {
    const Locale& l = spec.locales[i];
    auto locale = make_clean_locale(l.hl, l.gl, l.city);
    if (!locale) {
      return make_error(errc::invalid_input, impl->job_display + ": locales[" + std::to_string(i) + "]: " + locale.error().message);
    }
    impl->job_locales.push_back(std::move(*locale));
  }
  return JobReader(std::move(impl));
}

Result<std::optional<JobItem>> JobReader::next() { return impl_->next(); }

std::uint64_t JobReader::queries_read() const { return impl_->queries_read; }
const std::vector<std::string>& JobReader::lists_read() const { return impl_->lists; }

Result<JobCheck> check_job(const JobSpec& spec, const CheckOptions& options) {
  auto reader = JobReader::open(spec);
  if (!reader) return reader.error();
  JobCheck check;
  // 8 bytes per request: a million-line list in two locales is 16 MB, and no query text is kept.
  std::vector<std::uint64_t> hashes;
  std::vector<std::uint64_t> others;  // `only` and count_shards: the other shards' keys, counted
  for (;;) {
    auto item = reader->next();
    if (!item) return item.error();
    if (!*item) break;
    const std::uint64_t h = shard_hash(encode_key((*item)->query.key));
    ++check.requests;
    if (!options.only || options.only->holds_hash(h)) {
      hashes.push_back(h);
    } else if (options.count_shards > 0) {
      others.push_back(h);
    }
  }
  std::sort(hashes.begin(), hashes.end());
  check.queries = reader->queries_read();
  check.lists = reader->lists_read();
  for (std::size_t i = 1; i < hashes.size(); ++i) {
    if (hashes[i] == hashes[i - 1] &&
        (check.repeated_key_hashes.empty() || check.repeated_key_hashes.back() != hashes[i])) {
      check.repeated_key_hashes.push_back(hashes[i]);
    }
  }
  hashes.erase(std::unique(hashes.begin(), hashes.end()), hashes.end());
  check.unique_keys = hashes.size();
  check.duplicates = options.only ? 0 : check.requests - check.unique_keys;
  if (options.count_shards > 0) {
    check.keys_per_shard.assign(options.count_shards, 0);
    for (const std::uint64_t h : hashes) ++check.keys_per_shard[h % options.count_shards];
    std::sort(others.begin(), others.end());
    others.erase(std::unique(others.begin(), others.end()), others.end());
    for (const std::uint64_t h : others) ++check.keys_per_shard[h % options.count_shards];
  }
  return check;
}

}  // namespace paa
