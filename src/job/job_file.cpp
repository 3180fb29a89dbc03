// Job file loading and validation (TOML via toml++; the only translation unit that includes it).
#include "paa/job/job_file.hpp"

#include "paa/model/ascii.hpp"
#include "paa/model/duration.hpp"
#include "paa/model/suggest.hpp"

#include <toml++/toml.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <sstream>

namespace paa {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kTopKeys[] = {"name",    "store",       "base_url", "api_key_env",
                                         "queries", "query_files", "locales",  "limits",
                                         "expand",  "refresh_after", "notify"};
constexpr std::string_view kLimitKeys[] = {"concurrency", "rate",     "burst",     "max_searches",
                                           "on_quota",    "use_payg", "timeout_s", "retries"};
constexpr std::string_view kLocaleKeys[] = {"hl", "gl", "city"};
constexpr std::string_view kNotifyKeys[] = {"url", "secret_env"};
constexpr std::string_view kExpandKeys[] = {"depth", "from", "per_result", "max_keys", "include",
                                            "exclude"};

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

// Builds "file:line:col: " prefixes and the errors that use them.
class Where {
 public:
  explicit Where(std::string file) : file_(std::move(file)) {}

  const std::string& file() const { return file_; }

  std::string at(const toml::source_region& region) const {
    if (region.begin.line == 0) return file_ + ": ";
    return file_ + ":" + std::to_string(region.begin.line) + ":" + std::to_string(region.begin.column) + ": ";
  }

  Error error(const toml::node& node, const std::string& what) const {
    return make_error(errc::invalid_input, at(node.source()) + what);
  }

  Error type_error(const toml::node& node, std::string_view key, std::string_view expected) const {
    return error(node, std::string(key) + ": expected " + std::string(expected) + ", got " + type_name(node));
  }

 private:
  std::string file_;
};

template <std::size_t N>
std::optional<Error> check_keys(const Where& where, const toml::table& table,
                                const std::string_view (&known)[N], std::string_view context) {
  for (auto&& [key, node] : table) {
    const std::string_view name = key.str();
    bool found = false;
    for (std::string_view k : known) found = found || (k == name);
    if (found) continue;
    const toml::source_region& region = key.source().begin.line ? key.source() : node.source();
    if (context.empty() && (name == "api_key" || name == "key" || name == "apikey" || name == "x-api-key")) {
      // A secret in a file ends up in backups, repositories and shell histories: never read one.
      return make_error(errc::invalid_input,
                        where.at(region) + "'" + std::string(name) +
                            "': the API key never goes in a job file; remove this line and set it in the "
                            "environment instead: export PAA_API_KEY=... (api_key_env names another variable)");
    }
    std::string message = "unknown key '" + std::string(name) + "'";
    if (!context.empty()) message += " in " + std::string(context);
    const std::vector<std::string_view> candidates(std::begin(known), std::end(known));
    if (auto best = detail::closest_match(name, candidates)) {
      message += "; did you mean '" + std::string(*best) + "'?";
    } else {
      message += "; valid keys are ";
      for (std::size_t i = 0; i < N; ++i) message += (i ? ", " : "") + std::string(known[i]);
    }
    return make_error(errc::invalid_input, where.at(region) + message);
  }
  return std::nullopt;
}

std::optional<Error> read_string(const Where& where, const toml::node& node, std::string_view key,
                                 std::string& out) {
  const auto* s = node.as_string();
  if (s == nullptr) return where.type_error(node, key, "a string");
  out = s->get();
  return std::nullopt;
}

std::optional<Error> read_int(const Where& where, const toml::node& node, std::string_view key,
                              std::int64_t min, std::int64_t max, std::string_view range_hint,
                              std::int64_t& out) {
  const auto* i = node.as_integer();
  if (i == nullptr) return where.type_error(node, key, "an integer");
  const std::int64_t v = i->get();
  if (v < min || v > max) {
    return where.error(node, std::string(key) + " = " + std::to_string(v) + " is out of range; use " +
                                 std::string(range_hint));
  }
  out = v;
  return std::nullopt;
}

std::string format_number(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

std::optional<Error> read_number(const Where& where, const toml::node& node, std::string_view key,
                                 double& out) {
  if (const auto* i = node.as_integer()) {
    out = static_cast<double>(i->get());
  } else if (const auto* f = node.as_floating_point()) {
    out = f->get();
  } else {
    return where.type_error(node, key, "a number");
  }
  if (!std::isfinite(out)) return where.error(node, std::string(key) + " must be a finite number");
  return std::nullopt;
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

std::optional<Error> read_limits(const Where& where, const toml::node& node, Limits& limits) {
  const toml::table* table = node.as_table();
  if (table == nullptr) return where.type_error(node, "limits", "a table ([limits])");
  if (auto e = check_keys(where, *table, kLimitKeys, "[limits]")) return e;

  std::int64_t v = 0;
  if (const toml::node* n = table->get("concurrency")) {
    if (auto e = read_int(where, *n, "limits.concurrency", 1, 1024, "1 to 1024", v)) return e;
    limits.concurrency = static_cast<int>(v);
  }
  if (const toml::node* n = table->get("rate")) {
    if (auto e = read_number(where, *n, "limits.rate", limits.rate)) return e;
    if (limits.rate < 0) {
      return where.error(*n, "limits.rate = " + format_number(limits.rate) +
                                 " is out of range; use requests per second, or 0 for unlimited");
    }
  }
  if (const toml::node* n = table->get("burst")) {
    if (auto e = read_int(where, *n, "limits.burst", 1, 1'000'000, "1 to 1000000", v)) return e;
    limits.burst = static_cast<int>(v);
  }
  if (const toml::node* n = table->get("max_searches")) {
    if (auto e = read_int(where, *n, "limits.max_searches", 0, INT64_MAX, "0 (no cap) or more",
                          limits.max_searches)) {
      return e;
    }
  }
  if (const toml::node* n = table->get("on_quota")) {
    std::string s;
    if (auto e = read_string(where, *n, "limits.on_quota", s)) return e;
    if (s == "wait") {
      limits.on_quota = OnQuota::wait;
    } else if (s == "stop") {
      limits.on_quota = OnQuota::stop;
    } else {
      return where.error(*n, "limits.on_quota = \"" + s + "\" is not valid; use \"wait\" or \"stop\"");
    }
  }
  if (const toml::node* n = table->get("use_payg")) {
    const auto* b = n->as_boolean();
    if (b == nullptr) return where.type_error(*n, "limits.use_payg", "true or false");
    limits.use_payg = b->get();
  }
  if (const toml::node* n = table->get("timeout_s")) {
    if (auto e = read_number(where, *n, "limits.timeout_s", limits.timeout_s)) return e;
    if (limits.timeout_s <= 0) {
      return where.error(*n, "limits.timeout_s = " + format_number(limits.timeout_s) +
                                 " is out of range; use a number of seconds greater than 0");
    }
  }
  if (const toml::node* n = table->get("retries")) {
    if (auto e = read_int(where, *n, "limits.retries", 0, 100, "0 to 100", v)) return e;
    limits.retries = static_cast<int>(v);
  }
  return std::nullopt;
}

// include / exclude: words matched case-folded, as substrings of the folded query.
std::optional<Error> read_words(const Where& where, const toml::node& node, std::string_view key,
                                std::vector<std::string>& out) {
  const toml::array* array = node.as_array();
  if (array == nullptr) return where.type_error(node, key, "an array of strings like [\"coffee\"]");
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::node& item = *array->get(i);
    const std::string name = std::string(key) + "[" + std::to_string(i) + "]";
    std::string raw;
    if (auto e = read_string(where, item, name, raw)) return e;
    auto folded = fold_text(raw);
    if (!folded) return where.error(item, name + ": " + folded.error().message);
    if (folded->empty()) return where.error(item, name + " is blank; remove it or write a word");
    out.push_back(std::move(*folded));
  }
  return std::nullopt;
}

std::optional<Error> read_expand(const Where& where, const toml::node& node, ExpandSpec& expand) {
  const toml::table* table = node.as_table();
  if (table == nullptr) return where.type_error(node, "expand", "a table ([expand])");
  if (auto e = check_keys(where, *table, kExpandKeys, "[expand]")) return e;
  std::int64_t v = 0;
  if (const toml::node* n = table->get("depth")) {
    if (auto e = read_int(where, *n, "expand.depth", 0, kMaxExpandDepth,
                          "0 (off) to " + std::to_string(kMaxExpandDepth), v)) {
      return e;
    }
    expand.depth = static_cast<int>(v);
  }
  if (const toml::node* n = table->get("from")) {
    const toml::array* array = n->as_array();
    if (array == nullptr) return where.type_error(*n, "expand.from", "an array like [\"questions\", \"related\"]");
    if (array->empty()) return where.error(*n, "expand.from is empty; use [\"questions\"], [\"related\"] or both");
    expand.from_questions = expand.from_related = false;
    for (std::size_t i = 0; i < array->size(); ++i) {
      const toml::node& item = *array->get(i);
      const std::string name = "expand.from[" + std::to_string(i) + "]";
      std::string s;
      if (auto e = read_string(where, item, name, s)) return e;
      bool* flag = s == "questions" ? &expand.from_questions : s == "related" ? &expand.from_related : nullptr;
      if (flag == nullptr) {
        return where.error(item, name + " = \"" + s + "\" is not valid; use \"questions\" or \"related\"");
      }
      if (*flag) return where.error(item, name + ": \"" + s + "\" is listed twice");
      *flag = true;
    }
  }
  if (const toml::node* n = table->get("per_result")) {
    if (auto e = read_int(where, *n, "expand.per_result", 0, 1'000'000, "0 (all) to 1000000", v)) return e;
    expand.per_result = static_cast<std::uint32_t>(v);
  }
  if (const toml::node* n = table->get("max_keys")) {
    std::int64_t keys = 0;
    if (auto e = read_int(where, *n, "expand.max_keys", 0, INT64_MAX, "0 (no cap) or more", keys)) return e;
    expand.max_keys = static_cast<std::uint64_t>(keys);
  }
  if (const toml::node* n = table->get("include")) {
    if (auto e = read_words(where, *n, "expand.include", expand.include)) return e;
  }
  if (const toml::node* n = table->get("exclude")) {
    if (auto e = read_words(where, *n, "expand.exclude", expand.exclude)) return e;
  }
  return std::nullopt;
}

std::optional<Error> read_notify(const Where& where, const toml::node& node, NotifySpec& notify) {
  const toml::table* table = node.as_table();
  if (table == nullptr) return where.type_error(node, "notify", "a table ([notify])");
  if (auto e = check_keys(where, *table, kNotifyKeys, "[notify]")) return e;
  const toml::node* url = table->get("url");
  if (url == nullptr) return where.error(node, "[notify] needs url = \"https://...\" (where to post the run summary)");
  if (auto e = read_string(where, *url, "notify.url", notify.url)) return e;
  // The summary names the job and its spending: it goes over TLS only, like the API key.
  if (notify.url.rfind("https://", 0) != 0 || notify.url.size() <= 8) {
    // Not echoed: a webhook URL usually holds its secret.
    return where.error(*url, "notify.url must start with https://, like \"https://hooks.example.com/paa\"");
  }
  if (const toml::node* n = table->get("secret_env")) {
    if (auto e = read_string(where, *n, "notify.secret_env", notify.secret_env)) return e;
    if (!is_env_name(notify.secret_env)) {
      return where.error(*n, "notify.secret_env '" + notify.secret_env +
                                 "' is not an environment variable name; use letters, digits and _, like "
                                 "\"PAA_NOTIFY_SECRET\" (the secret itself never goes in the file)");
    }
  }
  return std::nullopt;
}

std::optional<Error> read_locales(const Where& where, const toml::node& node,
                                  std::vector<Locale>& out) {
  const toml::array* array = node.as_array();
  if (array == nullptr) {
    return where.type_error(node, "locales", "an array of tables like [{ hl = \"en\", gl = \"us\" }]");
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::node& item = *array->get(i);
    const std::string name = "locales[" + std::to_string(i) + "]";
    const toml::table* table = item.as_table();
    if (table == nullptr) return where.type_error(item, name, "a table like { hl = \"en\", gl = \"us\" }");
    if (auto e = check_keys(where, *table, kLocaleKeys, name)) return e;

    Locale locale;
    const toml::node* hl = table->get("hl");
    const toml::node* gl = table->get("gl");
    if (hl == nullptr || gl == nullptr) {
      return where.error(item, name + ": missing " + (hl == nullptr ? "hl" : "gl") +
                                   "; write it like { hl = \"en\", gl = \"us\" }");
    }
    if (auto e = read_string(where, *hl, name + ".hl", locale.hl)) return e;
    if (auto e = read_string(where, *gl, name + ".gl", locale.gl)) return e;
    if (auto r = normalize_hl(locale.hl); !r) return where.error(*hl, name + ": " + r.error().message);
    if (auto r = normalize_gl(locale.gl); !r) return where.error(*gl, name + ": " + r.error().message);
    locale.hl = std::string(trim_ascii(locale.hl));
    locale.gl = std::string(trim_ascii(locale.gl));
    if (const toml::node* city = table->get("city")) {
      std::string raw;
      if (auto e = read_string(where, *city, name + ".city", raw)) return e;
      auto cleaned = clean_text(raw);
      if (!cleaned) return where.error(*city, name + ".city: " + cleaned.error().message);
      locale.city = std::move(*cleaned);
    }
    out.push_back(std::move(locale));
  }
  return std::nullopt;
}

bool has_extension(const fs::path& path, std::string_view ext) {
  return lower_ascii(path.extension().string()) == ext;
}

}  // namespace

Result<JobSpec> load_job(const fs::path& file) {
  const std::string display = file.string();
  const Where where(display);

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

  toml::table root;
  try {
    root = toml::parse(content.str(), display);
  } catch (const toml::parse_error& e) {
    return make_error(errc::invalid_input, where.at(e.source()) + "invalid TOML: " + std::string(e.description()));
  }

  if (auto e = check_keys(where, root, kTopKeys, "")) return *e;

  JobSpec spec;
  spec.file = file;
  const fs::path folder = file.parent_path();

  spec.name = file.stem().string();
  if (const toml::node* n = root.get("name")) {
    if (auto e = read_string(where, *n, "name", spec.name)) return *e;
    if (spec.name.empty()) return where.error(*n, "name is empty; give the job a name or remove the key");
  }
  for (char c : spec.name) {
    if (c == '/' || c == '\\' || static_cast<unsigned char>(c) < 0x20) {
      const toml::node* n = root.get("name");
      const std::string msg = "name '" + spec.name +
                              "' cannot contain '/', '\\' or control characters; it names the default store file";
      return n ? where.error(*n, msg) : make_error(errc::invalid_input, display + ": " + msg);
    }
  }

  spec.store = folder / (spec.name + ".db");
  if (const toml::node* n = root.get("store")) {
    std::string store;
    if (auto e = read_string(where, *n, "store", store)) return *e;
    if (store.empty()) return where.error(*n, "store is empty; give a path like \"coffee.db\" or remove the key");
    spec.store = (folder / fs::path(store)).lexically_normal();
  }

  if (const toml::node* n = root.get("base_url")) {
    if (auto e = read_string(where, *n, "base_url", spec.base_url)) return *e;
    if (spec.base_url.rfind("https://", 0) != 0 && spec.base_url.rfind("http://", 0) != 0) {
      return where.error(*n, "base_url '" + spec.base_url +
                                 "' must start with https:// (or http://), like \"https://host/api\"");
    }
  }

  if (const toml::node* n = root.get("api_key_env")) {
    if (auto e = read_string(where, *n, "api_key_env", spec.api_key_env)) return *e;
    // "{shard}" stands for the shard index (docs/scaling-out.md): PAA_KEY_{shard} -> PAA_KEY_2.
    if (!is_env_name(shard_key_env(spec.api_key_env, Shard{}))) {
      return where.error(*n, "api_key_env '" + spec.api_key_env +
                                 "' is not an environment variable name; use letters, digits and _ (and {shard} "
                                 "for the shard index), "
                                 "like \"PAA_API_KEY\" (the key itself never goes in the file)");
    }
  }

  if (const toml::node* n = root.get("queries")) {
    const toml::array* array = n->as_array();
    if (array == nullptr) return where.type_error(*n, "queries", "an array of strings");
    for (std::size_t i = 0; i < array->size(); ++i) {
      const toml::node& item = *array->get(i);
      const std::string name = "queries[" + std::to_string(i) + "]";
      std::string q;
      if (auto e = read_string(where, item, name, q)) return *e;
      auto cleaned = clean_text(q);
      if (!cleaned) return where.error(item, name + ": " + cleaned.error().message);
      if (cleaned->empty()) return where.error(item, name + " is empty; remove it");
      spec.queries.push_back(std::move(q));
    }
  }

  if (const toml::node* n = root.get("query_files")) {
    const toml::array* array = n->as_array();
    if (array == nullptr) return where.type_error(*n, "query_files", "an array of file names");
    for (std::size_t i = 0; i < array->size(); ++i) {
      const toml::node& item = *array->get(i);
      const std::string name = "query_files[" + std::to_string(i) + "]";
      std::string relative;
      if (auto e = read_string(where, item, name, relative)) return *e;
      const fs::path resolved = folder / fs::path(relative);
      if (!has_extension(resolved, ".txt") && !has_extension(resolved, ".csv") && !has_extension(resolved, ".tsv")) {
        return where.error(item, "query file '" + relative +
                                     "' has an unsupported extension; expected .txt (one query per line), "
                                     ".csv or .tsv (a header naming the query column)");
      }
      std::error_code ec;
      if (!fs::is_regular_file(resolved, ec)) {
        return where.error(item, "query file '" + relative + "' not found (looked for " +
                                     resolved.string() + "); paths are relative to the job file's folder");
      }
      spec.query_files.push_back(resolved);
    }
  }

  const toml::node* locales = root.get("locales");
  if (locales != nullptr) {
    if (auto e = read_locales(where, *locales, spec.locales)) return *e;
  }
  if (spec.locales.empty()) {
    const std::string msg = "job has no locales; add `locales = [{ hl = \"en\", gl = \"us\" }]`";
    return locales ? where.error(*locales, msg) : make_error(errc::invalid_input, display + ": " + msg);
  }

  if (const toml::node* n = root.get("limits")) {
    if (auto e = read_limits(where, *n, spec.limits)) return *e;
  }
  if (const toml::node* n = root.get("expand")) {
    if (auto e = read_expand(where, *n, spec.expand)) return *e;
  }

  if (const toml::node* n = root.get("refresh_after")) {
    std::string text;
    if (auto e = read_string(where, *n, "refresh_after", text)) return *e;
    auto ms = parse_duration(text);
    if (!ms) return where.error(*n, "refresh_after: " + ms.error().message);
    spec.refresh_after_ms = *ms;
  }
  if (const toml::node* n = root.get("notify")) {
    if (auto e = read_notify(where, *n, spec.notify)) return *e;
  }

  if (spec.queries.empty() && spec.query_files.empty()) {
    return make_error(errc::invalid_input, display + ": job has no queries; add `queries = [\"...\"]` or `query_files = [\"list.txt\"]`");
  }
  return spec;
}

}  // namespace paa
