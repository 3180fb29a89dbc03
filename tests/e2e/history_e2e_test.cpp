// History end to end (issue 16): a job harvested from the emulator at revision 0, refreshed
// with refresh_after from the emulator at revision 1; `paa diff` reports exactly the changes
// computed here, independently, from the emulator's own trees (its TreeGenerator's JSON) at the
// two revisions, by a differ written in this file from docs/history.md's definition of the diff
// (src/history is not used); `export --at` each run equals the export taken at the time; a
// refresh killed midway keeps every acknowledged version and is finished without refreshing a
// key twice.
#include "harness.hpp"

#include "paa/emulator/tree_generator.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/query_key.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <csignal>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

namespace paa::e2e {
namespace {

using namespace std::chrono_literals;
namespace json = boost::json;

constexpr std::uint64_t kSeed = 16;
// Results older than this are refreshed; a rerun right after a refresh finds nothing due.
constexpr std::int64_t kRefreshAfterMs = 5'000;  // the job's refresh_after = "5s"
// Runs without the analysis after them: a rule about age is tested, and under a sanitizer the
// analysis would take seconds of the 5 s refresh_after between a run and its rerun.
const std::vector<std::string> kNoAnalysis{"--no-analysis"};

std::string query(int i) { return "query number " + std::to_string(i) + " about coffee & crème"; }


// The emulator's `result` object for the key (q as paa sends it), at the generator's revision.
json::object tree_of(const emulator::TreeGenerator& gen, const std::string& q) {
  return json::parse(gen.result_json({q, "en", "us", std::nullopt})).as_object();
}

// --- The expected diff, from docs/history.md ("paa diff output") -----------------------------
// Questions are one when their text is equal after case folding and white-space collapsing (the
// generator's questions differ in more than that, so ASCII folding is enough here); a repeated
// question counts at its first place in depth-first order; a question moved when its depth, its
// 1-based position among its siblings or its parent changed; its source is "url | title", or
// "(no source)"; related searches are compared as folded text.

std::string fold(std::string_view text) {
  std::string out;
  bool space = false;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::string text_of(const json::object& o, std::string_view field) {
  const json::value* v = o.if_contains(field);
  return v != nullptr && v->is_string() ? std::string(v->as_string()) : std::string();
}

struct Place {
  std::string text, url, title, parent, parent_folded;
  int depth = 0, position = 0;
};
struct Flat {
  std::vector<std::string> order;  // folded, first place in depth-first order
  std::map<std::string, Place> places;
};

void flatten(const json::array& nodes, int depth, const Place* parent, Flat& flat) {
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const json::object& node = nodes[i].as_object();
    Place place{text_of(node, "question"), text_of(node, "url"), text_of(node, "title"),
                parent ? parent->text : "", parent ? fold(parent->text) : "", depth, static_cast<int>(i) + 1};
    const std::string folded = fold(place.text);
    if (!folded.empty() && flat.places.emplace(folded, place).second) flat.order.push_back(folded);
    if (const json::value* children = node.if_contains("children"); children != nullptr && children->is_array()) {
      flatten(children->as_array(), depth + 1, &place, flat);
    }
  }
}

Flat flatten(const json::object& result) {
  Flat flat;
  if (const json::value* children = result.if_contains("children"); children != nullptr && children->is_array()) {
    flatten(children->as_array(), 1, nullptr, flat);
  }
  return flat;
}

std::string where(const Place& p) {
  return "depth " + std::to_string(p.depth) + ", position " + std::to_string(p.position) +
         (p.parent.empty() ? "" : ", under \"" + p.parent + "\"");
}
std::string source(const Place& p) {
  return p.url.empty() && p.title.empty() ? "(no source)" : p.url + " | " + p.title;
}
std::map<std::string, std::string> related_of(const json::object& result) {
  std::map<std::string, std::string> out;  // folded -> first spelling
  if (const json::value* related = result.if_contains("related"); related != nullptr && related->is_array()) {
    for (const auto& r : related->as_array()) {
      if (r.is_string() && !fold(r.as_string()).empty()) out.emplace(fold(r.as_string()), std::string(r.as_string()));
    }
  }
  return out;
}

// (q, change, question, old, new) rows, as `paa diff --format csv` writes them.
using Row = std::tuple<std::string, std::string, std::string, std::string, std::string>;

void expected_changes(const std::string& q, const json::object& before, const json::object& after,
                      std::multiset<Row>& rows) {
  const Flat was = flatten(before), now = flatten(after);
  for (const auto& key : was.order) {
    if (!now.places.contains(key)) rows.emplace(q, "removed", was.places.at(key).text, "", "");
  }
  for (const auto& key : now.order) {
    const Place& n = now.places.at(key);
    const auto it = was.places.find(key);
    if (it == was.places.end()) {
      rows.emplace(q, "added", n.text, "", "");
      continue;
    }
    const Place& w = it->second;
    if (w.depth != n.depth || w.position != n.position || w.parent_folded != n.parent_folded) {
      rows.emplace(q, "moved", n.text, where(w), where(n));
    }
    if (w.url != n.url || w.title != n.title) rows.emplace(q, "source_changed", n.text, source(w), source(n));
  }
  const auto related_was = related_of(before), related_now = related_of(after);
  for (const auto& [folded, text] : related_was) {
    if (!related_now.contains(folded)) rows.emplace(q, "related_removed", text, "", "");
  }
  for (const auto& [folded, text] : related_now) {
    if (!related_was.contains(folded)) rows.emplace(q, "related_added", text, "", "");
  }
}

std::multiset<Row> expected_rows(int keys) {
  emulator::TreeGenerator before({.seed = kSeed, .depth = 3, .tree_kb = 0, .revision = 0});
  emulator::TreeGenerator after({.seed = kSeed, .depth = 3, .tree_kb = 0, .revision = 1});
  std::multiset<Row> rows;
  for (int i = 0; i < keys; ++i) {
    const auto q = make_query(query(i), "en", "us").value().q;
    expected_changes(q, tree_of(before, q), tree_of(after, q), rows);
  }
  return rows;
}

// The keys whose answer revision 1 changes: the generator's bytes differ.
std::set<std::string> changed_keys(int keys) {
  emulator::TreeGenerator before({.seed = kSeed, .depth = 3, .tree_kb = 0, .revision = 0});
  emulator::TreeGenerator after({.seed = kSeed, .depth = 3, .tree_kb = 0, .revision = 1});
  std::set<std::string> out;
  for (int i = 0; i < keys; ++i) {
    const auto q = make_query(query(i), "en", "us").value().q;
    if (before.result_json({q, "en", "us", std::nullopt}) != after.result_json({q, "en", "us", std::nullopt})) {
      out.insert(q);
    }
  }
  return out;
}


std::multiset<Row> diff_rows(const fs::path& dir, const fs::path& store, const std::string& from, const std::string& to) {
  auto r = run_paa({"diff", "--store", store.string(), "--from", from, "--to", to, "--format", "csv"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto rows = parse_csv(r.out);
  EXPECT_FALSE(rows.empty());
  if (rows.empty()) return {};
  EXPECT_EQ(rows[0], (std::vector<std::string>{"q", "hl", "gl", "city", "change", "question", "old", "new"}));
  std::multiset<Row> out;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].size(), 8u);
    if (rows[i].size() != 8) continue;
    out.emplace(rows[i][0], rows[i][4], rows[i][5], rows[i][6], rows[i][7]);
  }
  return out;
}

std::string export_text(const fs::path& dir, const fs::path& store, const std::string& format,
                        const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args{"export", "--store", store.string(), "--format", format};
  args.insert(args.end(), extra.begin(), extra.end());
  auto r = run_paa(args, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

// Waits until every result stored so far is older than refresh_after: the wall clock has to
// move for a rule about age (nothing here waits for another process).
void age_results() {
  const std::int64_t until = unix_now_ms() + kRefreshAfterMs + 100;
  ASSERT_TRUE(eventually([&] { return unix_now_ms() > until; }, std::chrono::milliseconds(kRefreshAfterMs + 5'000)));
}

std::map<std::string, int> answered(const Emulator& emu) {
  std::map<std::string, int> out;
  for (const auto& l : emu.log()) {
    if (l.at("status").as_int64() == 200) ++out[std::string(l.at("q").as_string())];
  }
  return out;
}

class HistoryE2E : public ::testing::Test {
 protected:
  TempDir dir;
  fs::path job(int keys, const std::string& limits) {
    return write_job(dir.path(), "watch", keys, limits, "refresh_after = \"5s\"");
  }
};

TEST_F(HistoryE2E, DiffReportsExactlyTheEmulatorsChangesAndAtExportsEqualTheExportsTakenThen) {
  constexpr int kKeys = 80;
  const auto store = dir / "watch.db";
  const auto j = job(kKeys, "concurrency = 8\nrate = 0");
  std::string first_run, jsonl_then, csv_then;
  {
    Emulator emu(dir.path(), {"--seed", std::to_string(kSeed)});
    auto r = run_paa(run_args(j, emu, kNoAnalysis), dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    first_run = run_id_of(r.err);
    ASSERT_FALSE(first_run.empty()) << r.err;
    // Nothing is due yet: a rerun sends nothing. Asked before the exports, so that the run is
    // well inside refresh_after also on a loaded machine (a sanitizer build beside others).
    auto again = run_paa(run_args(j, emu, kNoAnalysis), dir.path());
    EXPECT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(emu.requests(), static_cast<std::size_t>(kKeys));
    jsonl_then = export_text(dir.path(), store, "jsonl");
    csv_then = export_text(dir.path(), store, "csv");
  }
  age_results();
  auto check = run_paa({"check", j.string()}, dir.path());
  EXPECT_NE(check.out.find("refresh        80 of 80 stored keys due (older than 5s"), std::string::npos) << check.out;

  const auto changed = changed_keys(kKeys);
  ASSERT_GT(changed.size(), 5u);
  ASSERT_LT(changed.size(), static_cast<std::size_t>(kKeys));
  Emulator revised(dir.path(), {"--seed", std::to_string(kSeed), "--revision", "1"});
  auto r = run_paa(run_args(j, revised, kNoAnalysis), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string second_run = run_id_of(r.err);
  ASSERT_NE(second_run, first_run);
  EXPECT_EQ(revised.requests(), static_cast<std::size_t>(kKeys)) << "every key refreshed once";
  EXPECT_NE(r.err.find("refreshed       80: " + std::to_string(changed.size()) + " changed, " +
                       std::to_string(kKeys - changed.size()) + " unchanged (80 of 80 due: older than 5s)"),
            std::string::npos)
      << r.err;
  // Refreshed moments ago: nothing is due, nothing is sent (asked before the exports, as above).
  auto again = run_paa(run_args(j, revised, kNoAnalysis), dir.path());
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(revised.requests(), static_cast<std::size_t>(kKeys));
  const std::string jsonl_now = export_text(dir.path(), store, "jsonl");
  const std::string csv_now = export_text(dir.path(), store, "csv");
  EXPECT_NE(jsonl_now, jsonl_then);

  // The diff: exactly the changes between the emulator's two revisions, and nothing for the rest.
  const auto want = expected_rows(kKeys);
  ASSERT_FALSE(want.empty());
  EXPECT_EQ(diff_rows(dir.path(), store, first_run, second_run), want);
  EXPECT_EQ(diff_rows(dir.path(), store, first_run, "now"), want);
  EXPECT_TRUE(diff_rows(dir.path(), store, second_run, "now").empty());
  EXPECT_TRUE(diff_rows(dir.path(), store, first_run, first_run).empty());
  std::set<std::string> reported;
  for (const auto& row : want) reported.insert(std::get<0>(row));
  EXPECT_EQ(reported, changed) << "every changed key, and only those";

  auto jsonl = run_paa({"diff", "--store", store.string(), "--from", first_run, "--to", second_run, "--format", "jsonl"},
                       dir.path());
  ASSERT_EQ(jsonl.exit_code, 0) << jsonl.err;
  std::size_t unchanged = 0, changed_objects = 0;
  for (const auto& o : parse_jsonl(jsonl.out)) {
    const std::string status(o.at("status").as_string());
    const bool is_changed = changed.count(std::string(o.at("q").as_string())) > 0;
    EXPECT_EQ(status, is_changed ? "changed" : "unchanged") << o;
    (is_changed ? changed_objects : unchanged)++;
    if (!is_changed) {
      EXPECT_EQ(o.at("churn").to_number<double>(), 0.0);
    }
  }
  EXPECT_EQ(changed_objects, changed.size());
  EXPECT_EQ(unchanged, kKeys - changed.size());

  // The store as it was at each run, in two formats, equals what was exported then.
  EXPECT_EQ(export_text(dir.path(), store, "jsonl", {"--at", first_run}), jsonl_then);
  EXPECT_EQ(export_text(dir.path(), store, "csv", {"--at", first_run}), csv_then);
  EXPECT_EQ(export_text(dir.path(), store, "jsonl", {"--at", second_run}), jsonl_now);
  EXPECT_EQ(export_text(dir.path(), store, "csv", {"--at", second_run}), csv_now);

  // Pruning to one version per key leaves today's data and forgets the first run's answers.
  auto pruned = run_paa({"prune", "--store", store.string(), "--keep-last", "1"}, dir.path());
  ASSERT_EQ(pruned.exit_code, 0) << pruned.err;
  EXPECT_NE(pruned.err.find("pruned " + std::to_string(changed.size()) + " old versions"), std::string::npos)
      << pruned.err;
  EXPECT_EQ(export_text(dir.path(), store, "jsonl"), jsonl_now);
  // The changed keys' first answers are gone: at the first run they are now keys without a result.
  std::set<std::string> only_later;
  for (const auto& row : diff_rows(dir.path(), store, first_run, second_run)) {
    EXPECT_EQ(std::get<1>(row), "key_added");
    only_later.insert(std::get<0>(row));
  }
  EXPECT_EQ(only_later, changed);
}

TEST_F(HistoryE2E, AKilledRefreshKeepsEveryAcknowledgedVersionAndTheRerunRefreshesNoKeyTwice) {
  constexpr int kKeys = 240;
  constexpr int kConcurrency = 8;
  const auto store = dir / "watch.db";
  const auto j = job(kKeys, "concurrency = " + std::to_string(kConcurrency) + "\nrate = 0");
  std::string first_run, jsonl_then;
  {
    Emulator emu(dir.path(), {"--seed", std::to_string(kSeed)});
    auto r = run_paa(run_args(j, emu, kNoAnalysis), dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    first_run = run_id_of(r.err);
    jsonl_then = export_text(dir.path(), store, "jsonl");
  }
  age_results();
  Emulator revised(dir.path(), {"--seed", std::to_string(kSeed), "--revision", "1", "--latency-ms", "5:30"});
  {
    Process p({PAA_BIN, "run", j.string(), "--base-url", revised.base_url(), "--ca-file",
               (certs_dir() / "ca.pem").string(), "--progress", "none"},
              {{"PAA_API_KEY", kApiKey}, {"PAA_BASE_URL", "<unset>"}}, dir.path());
    ASSERT_TRUE(eventually([&] { return p.exited() || revised.requests() >= kKeys / 2; }, 60s));
    p.signal(SIGKILL);
    EXPECT_EQ(p.wait().exit_code, 128 + SIGKILL) << "killed midway";
  }
  const std::size_t before_rerun = revised.requests();
  ASSERT_LT(before_rerun, static_cast<std::size_t>(kKeys));
  auto r = run_paa(run_args(j, revised, kNoAnalysis), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Keys refreshed before the kill are fresh: only the rest (and the few in flight) are sent.
  int paid_twice = 0;
  for (const auto& [q, n] : answered(revised)) paid_twice += n - 1;
  EXPECT_LE(paid_twice, kConcurrency) << "only keys in flight at the kill are sent again";
  EXPECT_EQ(answered(revised).size(), static_cast<std::size_t>(kKeys)) << "every key refreshed";

  // No version half-written or lost: the first run's answers are all there, and the diff is
  // exactly the emulator's.
  EXPECT_EQ(export_text(dir.path(), store, "jsonl", {"--at", first_run}), jsonl_then);
  EXPECT_EQ(diff_rows(dir.path(), store, first_run, "now"), expected_rows(kKeys));
}

}  // namespace
}  // namespace paa::e2e
