#include "paa/export/pipeline/kept_analysis.hpp"

#include "paa/buildinfo/buildinfo.hpp"
#include "paa/export/pipeline/analysis_plan.hpp"

#include "kept_lookup.hpp"
#include "kept_rows.hpp"

#include "paa/extmem/scratch_file.hpp"
#include "paa/extmem/zstd_file.hpp"
#include "paa/model/clock.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/question/analysis_version.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace paa::exporting {

namespace fs = std::filesystem;

namespace {

constexpr const char* kKeptManifest = "manifest.json";
constexpr const char* kKeptRows = "questions.zst";  // the rows joined with their group and topic, in order
constexpr const char* kKeptGroups = "groups.zst";   // the groups without their stems, in number order
constexpr const char* kKeptTopics = "topics";       // TopicMap::keep's files
constexpr const char* kKeptDomains = "domains";     // the answer domains (kept_rows.hpp's layout)
constexpr const char* kKeptMarkets = "markets";     // the markets compared (kept_rows.hpp's layout)
constexpr const char* kKeptUsed = "used";  // its time: when a view last read the folder (which to drop)
constexpr const char* kKeptLock = "lock";
constexpr const char* kKeptBuildingPrefix = ".building-";

Error kept_io_error(const std::string& what, int why) {
  return make_error(errc::io, what + ": " + std::strerror(why));
}

// An open folder or file, closed with the object.
class KeptFd {
 public:
  explicit KeptFd(int fd) : fd_(fd) {}
  KeptFd(const KeptFd&) = delete;
  KeptFd& operator=(const KeptFd&) = delete;
  ~KeptFd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

Result<int> open_kept_folder(const fs::path& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return kept_io_error("cannot open " + folder.string(), errno);
  return fd;
}

// The folder's files and their sizes, by name.
std::vector<std::pair<std::string, std::uint64_t>> kept_folder_files(const fs::path& folder) {
  std::vector<std::pair<std::string, std::uint64_t>> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    if (entry.is_regular_file(ec)) files.emplace_back(entry.path().filename().string(), entry.file_size(ec));
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Every file the manifest names, at the size it names.
Result<void> kept_sizes_match(int dir_fd, const KeptManifest& manifest, const std::string& shown) {
  for (const auto& [name, bytes] : manifest.files) {
    struct stat st {};
    if (::fstatat(dir_fd, name.c_str(), &st, 0) != 0) return kept_io_error("cannot read " + shown + "/" + name, errno);
    if (static_cast<std::uint64_t>(st.st_size) != bytes) {
      return make_error(errc::store_damaged, shown + "/" + name + " is " + std::to_string(st.st_size) +
                                                 " bytes; its manifest says " + std::to_string(bytes));
    }
  }
  return {};
}

// The manifest of the folder open as `dir_fd` (`folder` names it in messages).
Result<KeptManifest> manifest_in(int dir_fd, const fs::path& folder) {
  auto file = extmem::ScratchFile::open_kept(dir_fd, kKeptManifest, (folder / kKeptManifest).string());
  if (!file) return file.error();
  auto text = (*file)->read_all();
  if (!text) return text.error();
  return parse_manifest(*text);
}

// The default resolution's folders end so ("all-r1"): they are never dropped.
const std::string kKeptDefaultSuffix = kept_folder_name("", topics::TopicOptions{}.resolution).substr(3);

// Removes, past kKeptOtherResolutions, the analyses that are not a default resolution's, the
// least recently read first (what killed analyses left is FolderWrite's to remove). Under the lock.
void tidy_kept(const fs::path& root, const std::string& keep) {
  std::error_code ec;
  std::vector<std::pair<fs::file_time_type, fs::path>> others;
  for (const auto& entry : fs::directory_iterator(root, ec)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_directory(ec) || name.starts_with(".")) continue;
    if (name == keep || name.ends_with(kKeptDefaultSuffix)) continue;
    others.emplace_back(fs::last_write_time(entry.path() / kKeptUsed, ec), entry.path());
  }
  if (others.size() < kKeptOtherResolutions) return;
  std::sort(others.begin(), others.end());
  for (std::size_t i = 0; i + kKeptOtherResolutions - 1 < others.size(); ++i) fs::remove_all(others[i].second, ec);
}

}  // namespace

fs::path analysis_root(const fs::path& store) { return store / "analysis"; }

AnalysisTag analysis_tag_now(std::uint64_t store_state, std::string job) {
  AnalysisTag tag;
  tag.store_state = store_state;
  tag.job = std::move(job);
  tag.analysis_version = question::kAnalysisVersion;
  tag.program = std::string(buildinfo::version()) + " " + std::string(buildinfo::git_commit());
  return tag;
}

std::optional<KeptPlace> kept_place_of(const fs::path& root, StoreReader& store, const ExportRequest& request) {
  const auto state = store.state();
  if (!state) return {};
  AnalysisTag tag = analysis_tag_now(*state, request.job);
  tag.resolution = request.format.topics.resolution;
  tag.max_question_depth = static_cast<std::uint32_t>(request.format.max_question_depth);
  return KeptPlace{root, std::move(tag)};
}

namespace {

// The analysis kept in a folder, as the next one's topics match against: its topic map, and its
// groups streamed from groups.zst in number order.
class KeptPreviousTopics final : public topics::PreviousTopics {
 public:
  KeptPreviousTopics(std::unique_ptr<topics::TopicMap> map, std::unique_ptr<extmem::ZstdFileReader> groups,
                     std::uint64_t group_count)
      : map_(std::move(map)), groups_(std::move(groups)), left_(group_count) {}
  topics::TopicMap& map() override { return *map_; }
  Result<bool> next_group(std::string_view& hl, std::uint64_t& id, std::uint32_t& number) override {
    if (left_ == 0) {
      auto done = groups_->done();
      if (!done) return done.error();
      if (!*done) return make_error(errc::store_damaged, "the kept analysis has more groups than its manifest says");
      return false;
    }
    --left_;
    if (auto read = kept::read_group(*groups_, row_, group_); !read) return read.error();
    hl = group_.hl;
    id = group_.id;
    number = group_.number;
    return true;
  }

 private:
  std::unique_ptr<topics::TopicMap> map_;
  std::unique_ptr<extmem::ZstdFileReader> groups_;
  std::uint64_t left_;
  std::string row_;
  topics::GroupRecord group_;
};

// The analysis kept in `folder`, whatever its tag; null when none is kept.
Result<std::unique_ptr<topics::PreviousTopics>> open_previous_topics(const fs::path& folder) {
  auto dir = open_kept_folder(folder);
  if (!dir) {
    if (!fs::exists(folder)) return std::unique_ptr<topics::PreviousTopics>();
    return dir.error();
  }
  KeptFd fd(*dir);
  if (::faccessat(fd.get(), kKeptManifest, F_OK, 0) != 0) return std::unique_ptr<topics::PreviousTopics>();
  auto manifest = manifest_in(fd.get(), folder);
  if (!manifest) return manifest.error();
  const std::string shown = folder.string();
  if (auto whole = kept_sizes_match(fd.get(), *manifest, shown); !whole) return whole.error();
  auto map = topics::TopicMap::open_kept(fd.get(), kKeptTopics, shown);
  if (!map) return map.error();
  auto groups = extmem::ZstdFileReader::open(fd.get(), kKeptGroups, shown + "/" + kKeptGroups);
  if (!groups) return groups.error();
  // Its files stay open without the folder's fd: a swap meanwhile cannot change what is read.
  auto previous = std::make_unique<KeptPreviousTopics>(std::move(*map), std::move(*groups), manifest->groups);
  previous->made_ms = manifest->made_ms;
  previous->results = manifest->results;
  return std::unique_ptr<topics::PreviousTopics>(std::move(previous));
}

}  // namespace

std::function<Result<std::unique_ptr<topics::PreviousTopics>>()> kept_topics_before(fs::path folder,
                                                                                   std::vector<std::string>* warnings) {
  return [folder = std::move(folder), warnings]() -> Result<std::unique_ptr<topics::PreviousTopics>> {
    auto previous = open_previous_topics(folder);
    if (previous) return previous;
    // Never worth failing a view for: the topics take new ids (a view given `warnings` says so).
    if (warnings != nullptr) {
      warnings->push_back("the topics take new ids: the analysis they keep their ids from cannot be read (" +
                          previous.error().message + ")");
    }
    return std::unique_ptr<topics::PreviousTopics>();
  };
}

Result<std::vector<KeptSummary>> kept_analyses(const fs::path& store, std::uint64_t store_state) {
  std::vector<KeptSummary> out;
  const fs::path root = analysis_root(store);
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return out;
  for (const auto& entry : fs::directory_iterator(root, ec)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_directory(ec) || name.starts_with(".")) continue;
    KeptSummary kept;
    kept.name = name;
    auto manifest = read_kept_manifest(entry.path());
    if (!manifest || !*manifest) {
      kept.verdict = {Freshness::stale, manifest ? "it has no manifest" : "it cannot be read (" + manifest.error().message + ")"};
    } else {
      kept.manifest = **manifest;
      AnalysisTag now = analysis_tag_now(store_state, kept.manifest.tag.job);
      now.resolution = kept.manifest.tag.resolution;
      now.max_question_depth = kept.manifest.tag.max_question_depth;
      now.volumes = kept.manifest.tag.volumes;
      kept.verdict = judge_kept(kept.manifest, now);
      kept.may_carry = may_carry(kept.manifest, now);
    }
    out.push_back(std::move(kept));
  }
  // A folder that cannot be listed shows what could be read: status never fails for the analysis.
  std::sort(out.begin(), out.end(), [](const KeptSummary& a, const KeptSummary& b) { return a.name < b.name; });
  return out;
}

Result<std::optional<KeptManifest>> read_kept_manifest(const fs::path& folder) {
  auto dir = open_kept_folder(folder);
  if (!dir) {
    if (!fs::exists(folder)) return std::optional<KeptManifest>();
    return dir.error();
  }
  KeptFd fd(*dir);
  auto manifest = manifest_in(fd.get(), folder);
  if (!manifest) return manifest.error();
  return std::optional<KeptManifest>(std::move(*manifest));
}

namespace {

// A small kept file (the domains, the markets) opened now through the folder `dir_fd`, read and
// parsed whole when a view asks; a damaged one is set aside (`set_aside`).
template <class Figures, class SetAside>
Result<std::function<Result<Figures>()>> kept_figures(int dir_fd, const char* name, const std::string& shown,
                                                      Result<Figures> (*parse)(std::string_view), SetAside set_aside) {
  auto opened = extmem::ScratchFile::open_kept(dir_fd, name, shown + "/" + name);
  if (!opened) return opened.error();
  std::shared_ptr<extmem::ScratchFile> file = std::move(*opened);
  return std::function<Result<Figures>()>([file, parse, set_aside]() -> Result<Figures> {
    auto bytes = file->read_all();
    if (!bytes) return set_aside(bytes.error());
    auto figures = parse(*bytes);
    if (!figures) return set_aside(figures.error());
    return figures;
  });
}

}  // namespace

Result<QuestionViews> open_kept_views(const fs::path& folder, const AnalysisTag& expected, KeptManifest* read_manifest,
                                      KeptParts parts) {
  // Every file through one open folder, judged by the manifest read through it: a swap in
  // between cannot mix two analyses nor pass another one off as current.
  auto dir = open_kept_folder(folder);
  if (!dir) return dir.error();
  KeptFd fd(*dir);
  auto manifest = manifest_in(fd.get(), folder);
  if (!manifest) return manifest.error();
  if (const auto verdict = judge_kept(*manifest, expected); verdict.freshness != Freshness::current) {
    return make_error(errc::store_damaged, "it was replaced while being opened (" + verdict.why + ")");
  }
  if (read_manifest != nullptr) *read_manifest = *manifest;
  const std::string shown = folder.string();
  if (auto whole = kept_sizes_match(fd.get(), *manifest, shown); !whole) return whole.error();
  std::shared_ptr<extmem::ZstdFileReader> rows, groups;
  if (auto opened = extmem::ZstdFileReader::open(fd.get(), kKeptRows, shown + "/" + kKeptRows); opened) {
    rows = std::move(*opened);
  } else {
    return opened.error();
  }
  if (auto opened = extmem::ZstdFileReader::open(fd.get(), kKeptGroups, shown + "/" + kKeptGroups); opened) {
    groups = std::move(*opened);
  } else {
    return opened.error();
  }
  QuestionViews views;
  if (parts == KeptParts::whole) {
    auto map = topics::TopicMap::open_kept(fd.get(), kKeptTopics, shown);
    if (!map) return map.error();
    views.topics = std::move(*map);
  }
  const topics::TopicMap* topic_map = views.topics.get();
  const std::uint64_t row_count = manifest->questions;
  // Damage found while streaming (a checksum, a length) fails this view's output midway: the
  // folder is set aside for the next analysis to remove, so the next view computes anew.
  const auto set_aside = [folder](const Error& e) {
    if (e.kind() != errc::store_damaged) return e;
    std::error_code ec;
    fs::rename(folder, folder.parent_path() / (kKeptBuildingPrefix + folder.filename().string() + "-damaged"), ec);
    return make_error(errc::store_damaged, e.message + "; the kept analysis was set aside: ask the view again");
  };
  views.kept_rows = [rows, row_count, topic_map, set_aside](const QuestionRowVisit& visit) -> Result<void> {
    if (auto read = kept::read_rows(*rows, row_count, topic_map, visit); !read) return set_aside(read.error());
    return {};
  };
  const std::uint64_t group_count = manifest->groups;
  views.kept_groups = [groups, group_count, set_aside](const GroupVisit& visit) -> Result<void> {
    if (auto read = kept::read_groups(*groups, group_count, visit); !read) return set_aside(read.error());
    return {};
  };
  auto lookup = kept::RowLookup::open(fd.get(), kKeptRows, shown, row_count);
  if (!lookup) return lookup.error();
  if (*lookup) {
    views.kept_find = [lookup = std::move(*lookup), topic_map, set_aside](
                          std::span<const std::string> folded, const QuestionRowVisit& visit) -> Result<void> {
      if (auto found = lookup->find(folded, topic_map, visit); !found) return set_aside(found.error());
      return {};
    };
  }
  views.kept_group_count = static_cast<std::uint32_t>(manifest->groups);
  QuestionCounts counts;
  if (manifest->types.size() == counts.types.size() && manifest->intents.size() == counts.intents.size()) {
    std::copy(manifest->types.begin(), manifest->types.end(), counts.types.begin());
    std::copy(manifest->intents.begin(), manifest->intents.end(), counts.intents.begin());
    counts.questions = manifest->questions;
    views.kept_counts = counts;
  }
  // Opened now, through the folder the manifest was read from; read when a view asks.
  auto domains = kept_figures<DomainFigures>(fd.get(), kKeptDomains, shown, kept::parse_domains, set_aside);
  if (!domains) return domains.error();
  views.domains = std::move(*domains);
  auto markets_file = extmem::ScratchFile::open_kept(fd.get(), kKeptMarkets, shown + "/" + kKeptMarkets);
  if (!markets_file) return markets_file.error();
  views.markets = [file = std::shared_ptr<const extmem::ScratchFile>(std::move(*markets_file)),
                   set_aside]() -> Result<MarketFigures> {
    auto figures = kept::open_markets(file);  // (the cells are read where they lie, when asked)
    if (!figures) return set_aside(figures.error());
    return figures;
  };
  ::utimensat(fd.get(), kKeptUsed, nullptr, 0);  // best effort: only which analysis to drop first reads it
  return views;
}

KeepSlot::KeepSlot(fs::path root, std::string name, int lock_fd, FolderWrite writing)
    : root_(std::move(root)), name_(std::move(name)), lock_fd_(lock_fd), writing_(std::move(writing)) {}

KeepSlot::KeepSlot(KeepSlot&& other) noexcept
    : root_(std::move(other.root_)), name_(std::move(other.name_)), lock_fd_(std::exchange(other.lock_fd_, -1)),
      writing_(std::move(other.writing_)) {}

KeepSlot::~KeepSlot() {
  if (lock_fd_ >= 0) ::close(lock_fd_);  // releases the lock (writing_, unpublished, removes its folder)
}

namespace {

// The analysis folder's lock (made with the folder when missing), held while the fd is open.
Result<int> lock_kept_root(const fs::path& root) {
  std::error_code ec;
  fs::create_directories(root, ec);
  if (ec) return make_error(errc::io, "cannot create " + root.string() + ": " + ec.message());
  const int fd = ::open((root / kKeptLock).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return kept_io_error("cannot create " + (root / kKeptLock).string(), errno);
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int why = errno;
    ::close(fd);
    if (why == EWOULDBLOCK) return make_error(errc::store_in_use, "another paa is keeping an analysis in " + root.string());
    return kept_io_error("cannot lock " + (root / kKeptLock).string(), why);
  }
  return fd;
}

}  // namespace

Result<void> carry_kept(const fs::path& root, const std::string& name, const KeptManifest& checked,
                        const KeptManifest& carried) {
  auto lock = lock_kept_root(root);
  if (!lock) return lock.error();
  KeptFd locked(*lock);
  const fs::path folder = root / name;
  auto dir = open_kept_folder(folder);
  if (!dir) return dir.error();
  KeptFd fd(*dir);
  // Under the lock: the folder is still the one whose inputs were checked (not replaced since).
  auto manifest = manifest_in(fd.get(), folder);
  if (!manifest) return manifest.error();
  const bool same_analysis = manifest->made_ms == checked.made_ms && manifest->inputs == checked.inputs;
  if (same_analysis && manifest->tag == carried.tag) return {};  // another paa carried it first
  if (!same_analysis || manifest->tag != checked.tag) {
    return make_error(errc::store_in_use, "another paa replaced it meanwhile");
  }
  // A reader opens the old manifest or the new one (its open fd keeps the old one readable).
  return replace_file_under_lock(folder / kKeptManifest, manifest_json(carried));
}

Result<KeepSlot> KeepSlot::begin(const fs::path& root, std::string name) {
  auto lock = lock_kept_root(root);
  if (!lock) return lock.error();
  const int fd = *lock;
  tidy_kept(root, name);
  FolderTarget target{root / name, true, [](const fs::path&) { return true; }, "", false,
                      kKeptBuildingPrefix + name + "-"};
  auto writing = FolderWrite::begin(target);
  if (!writing) {
    ::close(fd);
    return writing.error();
  }
  return KeepSlot(root, std::move(name), fd, std::move(*writing));
}

Result<void> KeepSlot::publish(QuestionViews& views, KeptManifest manifest, WorkProgress* progress) {
  const fs::path& building = writing_.temp();
  ProgressCount count(progress, "keeping the analysis", views.unique->rows());
  auto written = [&]() -> Result<void> {
    auto dir = open_kept_folder(building);
    if (!dir) return dir.error();
    KeptFd fd(*dir);
    manifest.questions = views.unique->rows();
    manifest.groups = views.groups->group_count();
    manifest.topics = views.topics->size();
    auto rows = extmem::ZstdFileWriter::create(fd.get(), kKeptRows);
    if (!rows) return rows.error();
    std::string record;
    QuestionCounts counts;
    kept::LookupWriter lookup;
    auto joined = for_each_question_row(views, [&](const analysis::UniqueQuestion& q, const topics::QuestionGroup& g,
                                                   const topics::Topic& topic) -> Result<void> {
      counts.add(g);
      if (auto added = lookup.add(**rows, q.question); !added) return added;
      record.clear();
      kept::put_row(record, q, g, topic.number);
      (*rows)->append(record);
      count.add();
      return {};
    });
    if (!joined) return joined;
    if (auto finished = (*rows)->finish(); !finished) return finished;
    if (auto kept = lookup.finish(fd.get(), **rows); !kept) return kept;
    manifest.types.assign(counts.types.begin(), counts.types.end());
    manifest.intents.assign(counts.intents.begin(), counts.intents.end());
    auto groups = extmem::ZstdFileWriter::create(fd.get(), kKeptGroups);
    if (!groups) return groups.error();
    auto listed = views.groups->for_each_group([&](const topics::GroupRecord& g) -> Result<void> {
      record.clear();
      kept::put_group(record, g);
      (*groups)->append(record);
      return {};
    });
    if (!listed) return listed;
    if (auto finished = (*groups)->finish(); !finished) return finished;
    if (auto kept = views.topics->keep(fd.get(), kKeptTopics); !kept) return kept;
    if (!views.domains) return make_error(errc::io, "the answer domains were not counted (a bug)");
    auto domains = views.domains();
    if (!domains) return domains.error();
    if (auto kept = extmem::write_new_file(fd.get(), kKeptDomains, kept::domains_bytes(*domains)); !kept) return kept;
    if (!views.markets) return make_error(errc::io, "the markets were not compared (a bug)");
    auto markets = views.markets();
    if (!markets) return markets.error();
    auto markets_file = extmem::KeptFileWriter::create(fd.get(), kKeptMarkets);
    if (!markets_file) return markets_file.error();
    if (auto kept = kept::write_markets(**markets_file, *markets); !kept) return kept;
    if (auto kept = (*markets_file)->finish(); !kept) return kept;
    if (auto kept = extmem::write_new_file(fd.get(), kKeptUsed, {}); !kept) return kept;
    manifest.files = kept_folder_files(building);
    manifest.bytes = 0;
    for (const auto& file : manifest.files) manifest.bytes += file.second;
    manifest.made_ms = unix_now_ms();
    // The manifest last: a folder without one is never read.
    return extmem::write_new_file(fd.get(), kKeptManifest, manifest_json(manifest));
  }();
  if (!written) return prefixed("cannot keep the analysis in " + root_.string() + ": ", written.error());
  // Durable, then swapped in whole (RENAME_EXCHANGE, or the old one moved aside where the file
  // system has no exchange): output's atomic folder.
  return writing_.publish();
}

}  // namespace paa::exporting
