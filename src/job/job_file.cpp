// Job file loading and validation (TOML via toml++; the only translation unit that includes it).
#include "paa/job/job_file.hpp"

#include "paa/model/ascii.hpp"
#include "paa/model/duration.hpp"
#include "paa/model/suggest.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <utility>

namespace paa {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kTopKeys[] = {"name",    "store",       "base_url", "api_key_env",
                                         "queries", "query_files", "locales",  "limits",
                                         "expand",  "refresh_after", "notify"};
constexpr std::string_view kLimitKeys[] = {"concurrency", "rate",     "burst",     "max_searches",
                                           "on_quota",    "use_payg", "timeout_s", "retries",
                                           "outage_wait"};
constexpr std::string_view kLocaleKeys[] = {"hl", "gl", "city"};
constexpr std::string_view kNotifyKeys[] = {"url", "secret_env"};
constexpr std::string_view kExpandKeys[] = {"depth", "from", "per_result", "max_keys", "include",
                                            "exclude", "skip_variants"};

const char* type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a number";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::date: return "a date";
    case toml::node_type::time: return "a time";
    case toml::node_type::date_time: return "a date-time";
    case toml::node_type::none: break;
  }
  return "nothing";
}

// Every error of a job file, each with its "file:line:col: " prefix, reported together in file
// order (as a compiler does): one run shows every mistake, not one mistake per run.
class Diagnostics {
 public:
  explicit Diagnostics(std::string file) : file_(std::move(file)) {}

  const std::string& file() const { return file_; }
  std::size_t count() const { return entries_.size(); }

  std::string at(const toml::source_region& region) const {
    if (region.begin.line == 0) return file_ + ": ";
    return file_ + ":" + std::to_string(region.begin.line) + ":" + std::to_string(region.begin.column) + ": ";
  }

  // Each records one error and returns false, so a reader can `return where.error(...)`.
  bool error_at(const toml::source_region& region, const std::string& what) {
    entries_.push_back(Entry{region.begin.line, region.begin.column, at(region) + what});
    return false;
  }
  bool error(const toml::node& node, const std::string& what) { return error_at(node.source(), what); }
  // An error of the whole file (no line): listed after those with one.
  bool error_in_file(const std::string& what) { return error_at(toml::source_region{}, what); }

  bool type_error(const toml::node& node, std::string_view key, std::string_view expected) {
    return error(node, std::string(key) + ": expected " + std::string(expected) + ", got " + type_name(node));
  }

  // One error: its line, exactly. Several: one per line in file order, the first
  // kMaxJobFileErrors of them, then a count.
  Error to_error() const {
    std::vector<const Entry*> sorted;
    for (const Entry& e : entries_) sorted.push_back(&e);
    const auto order = [](const Entry* e) {
      return std::pair(e->line == 0 ? UINT32_MAX : e->line, e->column);
    };
    std::stable_sort(sorted.begin(), sorted.end(),
                     [&](const Entry* a, const Entry* b) { return order(a) < order(b); });
    std::string message;
    const std::size_t shown = std::min(sorted.size(), kMaxJobFileErrors);
    for (std::size_t i = 0; i < shown; ++i) message += (i ? "\n" : "") + sorted[i]->text;
    if (sorted.size() > shown) {
      const std::size_t more = sorted.size() - shown;
      message += "\n" + file_ + ": ... and " + std::to_string(more) + " more error" + (more == 1 ? "" : "s") +
                 " (" + std::to_string(sorted.size()) + " in all)";
    } else if (sorted.size() > 1) {
      message += "\n" + file_ + ": " + std::to_string(sorted.size()) + " errors";
    }
    return make_error(errc::invalid_input, std::move(message));
  }

 private:
  struct Entry {
    toml::source_index line;
    toml::source_index column;
    std::string text;
  };
  std::string file_;
  std::vector<Entry> entries_;
};

// Reports every unknown key of `table`; returns the known keys the unknown ones were probably
// meant to be (a misspelt `querys` means the job has queries: no second error for their absence).
template <std::size_t N>
std::vector<std::string_view> check_keys(Diagnostics& where, const toml::table& table,
                                         const std::string_view (&known)[N], std::string_view context) {
  std::vector<std::string_view> meant;
  for (auto&& [key, node] : table) {
    const std::string_view name = key.str();
    bool found = false;
    for (std::string_view k : known) found = found || (k == name);
    if (found) continue;
    const toml::source_region& region = key.source().begin.line ? key.source() : node.source();
    if (context.empty() && (name == "api_key" || name == "key" || name == "apikey" || name == "x-api-key")) {
      // A secret in a file ends up in backups, repositories and shell histories: never read one.
      where.error_at(region, "'" + std::string(name) +
                                 "': the API key never goes in a job file; remove this line and set it in the "
                                 "environment instead: export PAA_API_KEY=... (api_key_env names another variable)");
      continue;
    }
    std::string message = "unknown key '" + std::string(name) + "'";
    if (!context.empty()) message += " in " + std::string(context);
    const std::vector<std::string_view> candidates(std::begin(known), std::end(known));
    if (auto best = detail::closest_match(name, candidates)) {
      message += "; did you mean '" + std::string(*best) + "'?";
      meant.push_back(*best);
    } else {
      message += "; valid keys are ";
      for (std::size_t i = 0; i < N; ++i) message += (i ? ", " : "") + std::string(known[i]);
    }
    where.error_at(region, message);
  }
  return meant;
}

bool read_string(Diagnostics& where, const toml::node& node, std::string_view key, std::string& out) {
  const auto* s = node.as_string();
  if (s == nullptr) return where.type_error(node, key, "a string");
  out = s->get();
  return true;
}

bool read_int(Diagnostics& where, const toml::node& node, std::string_view key, std::int64_t min,
              std::int64_t max, std::string_view range_hint, std::int64_t& out) {
  const auto* i = node.as_integer();
  if (i == nullptr) return where.type_error(node, key, "an integer");
  const std::int64_t v = i->get();
  if (v < min || v > max) {
    return where.error(node, std::string(key) + " = " + std::to_string(v) + " is out of range; use " +
                                 std::string(range_hint));
  }
  out = v;
  return true;
}

std::string format_number(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

bool read_number(Diagnostics& where, const toml::node& node, std::string_view key, double& out) {
  double v = 0;
  if (const auto* i = node.as_integer()) {
    v = static_cast<double>(i->get());
  } else if (const auto* f = node.as_floating_point()) {
    v = f->get();
  } else {
    return where.type_error(node, key, "a number");
  }
  if (!std::isfinite(v)) return where.error(node, std::string(key) + " must be a finite number");
  out = v;
  return true;
}

bool is_env_name(std::string_view s) {
  if (s.empty()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    const bool digit = c >= '0' && c <= '9';
    if (!letter && !(digit && i > 0)) return false;
  }
  return true;
}

void read_limits(Diagnostics& where, const toml::node& node, Limits& limits) {
  const toml::table* table = node.as_table();
  if (table == nullptr) {
    where.type_error(node, "limits", "a table ([limits])");
    return;
  }
  check_keys(where, *table, kLimitKeys, "[limits]");

  std::int64_t v = 0;
  if (const toml::node* n = table->get("concurrency")) {
    if (read_int(where, *n, "limits.concurrency", 1, 1024, "1 to 1024", v)) limits.concurrency = static_cast<int>(v);
  }
  if (const toml::node* n = table->get("rate")) {
    double rate = 0;
    if (read_number(where, *n, "limits.rate", rate)) {
      if (rate < 0) {
        where.error(*n, "limits.rate = " + format_number(rate) +
                            " is out of range; use requests per second, or 0 for unlimited");
      } else {
        limits.rate = rate;
      }
    }
  }
  if (const toml::node* n = table->get("burst")) {
    if (read_int(where, *n, "limits.burst", 1, 1'000'000, "1 to 1000000", v)) limits.burst = static_cast<int>(v);
  }
  if (const toml::node* n = table->get("max_searches")) {
    read_int(where, *n, "limits.max_searches", 0, INT64_MAX, "0 (no cap) or more", limits.max_searches);
  }
  if (const toml::node* n = table->get("on_quota")) {
    std::string s;
    if (read_string(where, *n, "limits.on_quota", s)) {
      if (s == "wait") {
        limits.on_quota = OnQuota::wait;
      } else if (s == "stop") {
        limits.on_quota = OnQuota::stop;
      } else {
        where.error(*n, "limits.on_quota = \"" + s + "\" is not valid; use \"wait\" or \"stop\"");
      }
    }
  }
  if (const toml::node* n = table->get("use_payg")) {
    if (const auto* b = n->as_boolean()) {
      limits.use_payg = b->get();
    } else {
      where.type_error(*n, "limits.use_payg", "true or false");
    }
  }
  if (const toml::node* n = table->get("timeout_s")) {
    double timeout = 0;
    if (read_number(where, *n, "limits.timeout_s", timeout)) {
      if (timeout <= 0) {
        where.error(*n, "limits.timeout_s = " + format_number(timeout) +
                            " is out of range; use a number of seconds greater than 0");
      } else {
        limits.timeout_s = timeout;
      }
    }
  }
  if (const toml::node* n = table->get("retries")) {
    if (read_int(where, *n, "limits.retries", 0, 100, "0 to 100", v)) limits.retries = static_cast<int>(v);
  }
  if (const toml::node* n = table->get("outage_wait")) {
    if (std::string text; read_string(where, *n, "limits.outage_wait", text)) {
      if (auto ms = parse_outage_wait(text); !ms) {
        where.error(*n, "limits.outage_wait: " + ms.error().message);
      } else {
        limits.outage_wait_ms = *ms;
      }
    }
  }
}

// include / exclude: words matched case-folded, as substrings of the folded query.
void read_words(Diagnostics& where, const toml::node& node, std::string_view key, std::vector<std::string>& out) {
  const toml::array* array = node.as_array();
  if (array == nullptr) {
    where.type_error(node, key, "an array of strings like [\"coffee\"]");
    return;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::node& item = *array->get(i);
    const std::string name = std::string(key) + "[" + std::to_string(i) + "]";
    std::string raw;
    if (!read_string(where, item, name, raw)) continue;
    auto folded = fold_text(raw);
    if (!folded) {
      where.error(item, name + ": " + folded.error().message);
    } else if (folded->empty()) {
      where.error(item, name + " is blank; remove it or write a word");
    } else {
      out.push_back(std::move(*folded));
    }
  }
}

void read_expand_from(Diagnostics& where, const toml::node& node, ExpandSpec& expand) {
  const toml::array* array = node.as_array();
  if (array == nullptr) {
    where.type_error(node, "expand.from", "an array like [\"questions\", \"related\"]");
    return;
  }
  if (array->empty()) {
    where.error(node, "expand.from is empty; use [\"questions\"], [\"related\"] or both");
    return;
  }
  expand.from_questions = expand.from_related = false;
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::node& item = *array->get(i);
    const std::string name = "expand.from[" + std::to_string(i) + "]";
    std::string s;
    if (!read_string(where, item, name, s)) continue;
    bool* flag = s == "questions" ? &expand.from_questions : s == "related" ? &expand.from_related : nullptr;
    if (flag == nullptr) {
      where.error(item, name + " = \"" + s + "\" is not valid; use \"questions\" or \"related\"");
    } else if (*flag) {
      where.error(item, name + ": \"" + s + "\" is listed twice");
    } else {
      *flag = true;
    }
  }
}

void read_expand(Diagnostics& where, const toml::node& node, ExpandSpec& expand) {
  const toml::table* table = node.as_table();
  if (table == nullptr) {
    where.type_error(node, "expand", "a table ([expand])");
    return;
  }
  check_keys(where, *table, kExpandKeys, "[expand]");
  std::int64_t v = 0;
  if (const toml::node* n = table->get("depth")) {
    if (read_int(where, *n, "expand.depth", 0, kMaxExpandDepth, "0 (off) to " + std::to_string(kMaxExpandDepth), v)) {
      expand.depth = static_cast<int>(v);
    }
  }
  if (const toml::node* n = table->get("from")) read_expand_from(where, *n, expand);
  if (const toml::node* n = table->get("per_result")) {
    if (read_int(where, *n, "expand.per_result", 0, 1'000'000, "0 (all) to 1000000", v)) {
      expand.per_result = static_cast<std::uint32_t>(v);
    }
  }
  if (const toml::node* n = table->get("max_keys")) {
    if (read_int(where, *n, "expand.max_keys", 0, INT64_MAX, "0 (no cap) or more", v)) {
      expand.max_keys = static_cast<std::uint64_t>(v);
    }
  }
  if (const toml::node* n = table->get("include")) read_words(where, *n, "expand.include", expand.include);
  if (const toml::node* n = table->get("exclude")) read_words(where, *n, "expand.exclude", expand.exclude);
  if (const toml::node* n = table->get("skip_variants")) {
    if (const auto* b = n->as_boolean()) {
      expand.skip_variants = b->get();
    } else {
      where.type_error(*n, "expand.skip_variants", "true or false");
    }
  }
}

void read_notify(Diagnostics& where, const toml::node& node, NotifySpec& notify) {
  const toml::table* table = node.as_table();
  if (table == nullptr) {
    where.type_error(node, "notify", "a table ([notify])");
    return;
  }
  check_keys(where, *table, kNotifyKeys, "[notify]");
  if (const toml::node* url = table->get("url"); url == nullptr) {
    where.error(node, "[notify] needs url = \"https://...\" (where to post the run summary)");
  } else if (std::string text; read_string(where, *url, "notify.url", text)) {
    // The summary names the job and its spending: it goes over TLS only, like the API key.
    if (text.rfind("https://", 0) != 0 || text.size() <= 8) {
      // Not echoed: a webhook URL usually holds its secret.
      where.error(*url, "notify.url must start with https://, like \"https://hooks.example.com/paa\"");
    } else {
      notify.url = std::move(text);
    }
  }
  if (const toml::node* n = table->get("secret_env")) {
    if (read_string(where, *n, "notify.secret_env", notify.secret_env) && !is_env_name(notify.secret_env)) {
      where.error(*n, "notify.secret_env '" + notify.secret_env +
                          "' is not an environment variable name; use letters, digits and _, like "
                          "\"PAA_NOTIFY_SECRET\" (the secret itself never goes in the file)");
    }
  }
}

// One locale of `locales`; nullopt (with its errors reported) when it is not valid.
std::optional<Locale> read_locale(Diagnostics& where, const toml::node& item, const std::string& name) {
  const toml::table* table = item.as_table();
  if (table == nullptr) {
    where.type_error(item, name, "a table like { hl = \"en\", gl = \"us\" }");
    return std::nullopt;
  }
  const std::size_t errors_before = where.count();
  check_keys(where, *table, kLocaleKeys, name);

  Locale locale;
  const toml::node* hl = table->get("hl");
  const toml::node* gl = table->get("gl");
  if (hl == nullptr || gl == nullptr) {
    const std::string missing = hl == nullptr && gl == nullptr ? "hl and gl" : hl == nullptr ? "hl" : "gl";
    where.error(item, name + ": missing " + missing + "; write it like { hl = \"en\", gl = \"us\" }");
  }
  if (hl != nullptr && read_string(where, *hl, name + ".hl", locale.hl)) {
    if (auto r = normalize_hl(locale.hl); !r) where.error(*hl, name + ": " + r.error().message);
    locale.hl = std::string(trim_ascii(locale.hl));
  }
  if (gl != nullptr && read_string(where, *gl, name + ".gl", locale.gl)) {
    if (auto r = normalize_gl(locale.gl); !r) where.error(*gl, name + ": " + r.error().message);
    locale.gl = std::string(trim_ascii(locale.gl));
  }
  if (const toml::node* city = table->get("city")) {
    std::string raw;
    if (read_string(where, *city, name + ".city", raw)) {
      auto cleaned = clean_text(raw);
      if (!cleaned) {
        where.error(*city, name + ".city: " + cleaned.error().message);
      } else {
        locale.city = std::move(*cleaned);
      }
    }
  }
  if (where.count() != errors_before) return std::nullopt;
  return locale;
}

void read_locales(Diagnostics& where, const toml::node& node, std::vector<Locale>& out) {
  const toml::array* array = node.as_array();
  if (array == nullptr) {
    where.type_error(node, "locales", "an array of tables like [{ hl = \"en\", gl = \"us\" }]");
    return;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    if (auto locale = read_locale(where, *array->get(i), "locales[" + std::to_string(i) + "]")) {
      out.push_back(std::move(*locale));
    }
  }
}

bool has_extension(const fs::path& path, std::string_view ext) {
  return lower_ascii(path.extension().string()) == ext;
}

}  // namespace

Result<JobSpec> load_job(const fs::path& file, QueryLists lists) {
  const std::string display = file.string();

  std::error_code status_error;
  if (fs::is_directory(file, status_error)) {
    return make_error(errc::invalid_input, display + ": is a folder; give the path of a job file (.toml)");
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    return make_error(errc::invalid_input, display + ": cannot read the job file: " + std::strerror(errno) +
                      "; check the path");
  }
  std::ostringstream content;
  content << in.rdbuf();
  if (in.bad()) return make_error(errc::invalid_input, display + ": cannot read the job file: " + std::strerror(errno));

  Diagnostics where(display);
  toml::table root;
  try {
    root = toml::parse(content.str(), display);
  } catch (const toml::parse_error& e) {
    // toml++ stops at the first syntax error: the other checks need the parsed file.
    return make_error(errc::invalid_input, where.at(e.source()) + "invalid TOML: " + std::string(e.description()) +
                                               " (a syntax error stops the check; fix it to see any other errors)");
  }

  const std::vector<std::string_view> meant = check_keys(where, root, kTopKeys, "");
  const auto misspelt = [&](std::string_view key) { return std::find(meant.begin(), meant.end(), key) != meant.end(); };

  JobSpec spec;
  spec.file = file;
  const fs::path folder = file.parent_path();

  spec.name = file.stem().string();
  const auto is_bad_name = [](const std::string& name) {
    for (char c : name) {
      if (c == '/' || c == '\\' || static_cast<unsigned char>(c) < 0x20) return true;
    }
    return false;
  };
  const auto bad_name = [](const std::string& name) {
    return "name '" + name + "' cannot contain '/', '\\' or control characters; it names the default store file";
  };
  if (const toml::node* n = root.get("name")) {
    if (std::string name; read_string(where, *n, "name", name)) {
      if (name.empty()) {
        where.error(*n, "name is empty; give the job a name or remove the key");
      } else if (is_bad_name(name)) {
        where.error(*n, bad_name(name));
      } else {
        spec.name = std::move(name);
      }
    }
  } else if (is_bad_name(spec.name)) {
    where.error_in_file(bad_name(spec.name));
  }

  spec.store = folder / (spec.name + ".db");
  if (const toml::node* n = root.get("store")) {
    if (std::string store; read_string(where, *n, "store", store)) {
      if (store.empty()) {
        where.error(*n, "store is empty; give a path like \"coffee.db\" or remove the key");
      } else {
        spec.store = (folder / fs::path(store)).lexically_normal();
      }
    }
  }

  if (const toml::node* n = root.get("base_url")) {
    if (read_string(where, *n, "base_url", spec.base_url) && spec.base_url.rfind("https://", 0) != 0 &&
        spec.base_url.rfind("http://", 0) != 0) {
      where.error(*n, "base_url '" + spec.base_url + "' must start with https:// (or http://), like \"https://host/api\"");
    }
  }

  if (const toml::node* n = root.get("api_key_env")) {
    // "{shard}" stands for the shard index (docs/scaling-out.md): PAA_KEY_{shard} -> PAA_KEY_2.
    if (read_string(where, *n, "api_key_env", spec.api_key_env) &&
        !is_env_name(shard_key_env(spec.api_key_env, Shard{}))) {
      where.error(*n, "api_key_env '" + spec.api_key_env +
                          "' is not an environment variable name; use letters, digits and _ (and {shard} "
                          "for the shard index), "
                          "like \"PAA_API_KEY\" (the key itself never goes in the file)");
    }
  }

  // Errors in queries or query_files already say what is wrong with them: "job has no queries"
  // would only repeat it.
  const std::size_t errors_before_queries = where.count();
  if (const toml::node* n = root.get("queries")) {
    if (const toml::array* array = n->as_array(); array == nullptr) {
      where.type_error(*n, "queries", "an array of strings");
    } else {
      for (std::size_t i = 0; i < array->size(); ++i) {
        const toml::node& item = *array->get(i);
        const std::string name = "queries[" + std::to_string(i) + "]";
        std::string q;
        if (!read_string(where, item, name, q)) continue;
        auto cleaned = clean_text(q);
        if (!cleaned) {
          where.error(item, name + ": " + cleaned.error().message);
        } else if (cleaned->empty()) {
          where.error(item, name + " is empty; remove it");
        } else {
          spec.queries.push_back(std::move(q));
        }
      }
    }
  }

  if (const toml::node* n = root.get("query_files")) {
    if (const toml::array* array = n->as_array(); array == nullptr) {
      where.type_error(*n, "query_files", "an array of file names");
    } else {
      for (std::size_t i = 0; i < array->size(); ++i) {
        const toml::node& item = *array->get(i);
        const std::string name = "query_files[" + std::to_string(i) + "]";
        std::string relative;
        if (!read_string(where, item, name, relative)) continue;
        const fs::path resolved = folder / fs::path(relative);
        std::error_code ec;
        if (!has_extension(resolved, ".txt") && !has_extension(resolved, ".csv") && !has_extension(resolved, ".tsv")) {
          where.error(item, "query file '" + relative +
                                "' has an unsupported extension; expected .txt (one query per line), "
                                ".csv or .tsv (a header naming the query column)");
        } else if (lists == QueryLists::must_exist && !fs::is_regular_file(resolved, ec)) {
          where.error(item, "query file '" + relative + "' not found (looked for " + resolved.string() +
                                "); paths are relative to the job file's folder");
        } else {
          spec.query_files.push_back(resolved);
        }
      }
    }
  }
  const bool queries_reported = where.count() != errors_before_queries || misspelt("queries") ||
                                misspelt("query_files");

  const std::size_t errors_before_locales = where.count();
  const toml::node* locales = root.get("locales");
  if (locales != nullptr) read_locales(where, *locales, spec.locales);
  if (spec.locales.empty() && where.count() == errors_before_locales && !misspelt("locales")) {
    const std::string msg = "job has no locales; add `locales = [{ hl = \"en\", gl = \"us\" }]`";
    if (locales != nullptr) {
      where.error(*locales, msg);
    } else {
      where.error_in_file(msg);
    }
  }

  if (const toml::node* n = root.get("limits")) read_limits(where, *n, spec.limits);
  if (const toml::node* n = root.get("expand")) read_expand(where, *n, spec.expand);

  if (const toml::node* n = root.get("refresh_after")) {
    if (std::string text; read_string(where, *n, "refresh_after", text)) {
      if (auto ms = parse_duration(text); !ms) {
        where.error(*n, "refresh_after: " + ms.error().message);
      } else {
        spec.refresh_after_ms = *ms;
      }
    }
  }
  if (const toml::node* n = root.get("notify")) read_notify(where, *n, spec.notify);

  if (spec.queries.empty() && spec.query_files.empty() && !queries_reported) {
    where.error_in_file("job has no queries; add `queries = [\"...\"]` or `query_files = [\"list.txt\"]`");
  }
  if (where.count() > 0) return where.to_error();
  return spec;
}

}  // namespace paa
