// [expand] skip_variants end to end (issue 31): paa-emulator plants variant groups
// (tests/fixtures/topics/planted.json, one seed added that is itself a planted spelling), an
// expanding job harvests the planted seeds, and what it pays is checked against the keys
// computed here from the catalog's groups and the trees read back, never from paa's own
// level builder: exactly those searches, nothing again on a rerun, and more without the option.
#include "harness.hpp"

#include "paa/model/query_key.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>

namespace paa::e2e {
namespace {

namespace json = boost::json;

constexpr std::size_t kPerResult = 4;
// A seed that is a spelling of the first planted group: a discovered question of that group is
// a variant of one of the job's own keys.
constexpr const char* kVariantSeed = "how long do espresso machines last";

struct Catalog {
  fs::path file;
  std::vector<std::string> seeds;                // the job's list, in order
  std::map<std::string, std::size_t> group_of;   // encoded key of each spelling (en-us) -> its group
};

std::string key_of(const std::string& text) { return encode_key(make_query(text, "en", "us").value().key); }

Catalog write_catalog(const fs::path& dir) {
  Catalog c;
  auto root = json::parse(read_file(test::fixture_path("topics/planted.json"))).as_object();
  auto& topics = root.at("topics").as_array();
  topics.at(0).as_object().at("seeds").as_array().emplace_back(kVariantSeed);
  std::size_t groups = 0;
  for (const auto& tv : topics) {
    const auto& t = tv.as_object();
    for (const auto& s : t.at("seeds").as_array()) c.seeds.emplace_back(s.as_string());
    for (const auto& gv : t.at("groups").as_array()) {
      for (const auto& s : gv.as_object().at("spellings").as_array()) c.group_of[key_of(std::string(s.as_string()))] = groups;
      ++groups;
    }
  }
  c.file = dir / "planted.json";
  std::ofstream(c.file) << json::serialize(root);
  return c;
}

fs::path skip_job(const fs::path& dir, const Catalog& c, const std::string& name, bool skip) {
  std::ofstream list(dir / (name + ".txt"));
  for (const auto& s : c.seeds) list << s << "\n";
  const fs::path job = dir / (name + ".toml");
  std::ofstream(job) << "name = \"" << name << "\"\nquery_files = [\"" << name << ".txt\"]\n"
                     << "locales = [ { hl = \"en\", gl = \"us\" } ]\n[limits]\nconcurrency = 4\nrate = 0\n"
                     << "[expand]\ndepth = 1\nper_result = " << kPerResult << "\nskip_variants = "
                     << (skip ? "true" : "false") << "\n";
  return job;
}

void preorder(const json::value& node, std::vector<std::string>& out) {
  const auto* children = node.as_object().if_contains("children");
  if (children == nullptr) return;
  for (const auto& child : children->as_array()) {
    out.emplace_back(child.as_object().at("question").as_string());
    preorder(child, out);
  }
}

struct Expected {
  std::set<std::string> keys;  // encoded: the seeds and the admitted level-1 keys
  std::size_t level1 = 0;
  std::size_t skipped = 0;
};

// docs/expansion.md: parents in the job's order, each tree's questions in pre-order, a key the
// job knows is passed over, and with skip_variants so is a question whose planted group has a
// key of the job (its own or admitted before it); per_result counts admitted keys only.
Expected expected_keys(const Catalog& c, const std::map<std::string, json::value>& trees, bool skip) {
  Expected e;
  std::set<std::size_t> groups;
  std::vector<std::string> parents;
  for (const auto& s : c.seeds) {
    const std::string k = key_of(s);
    if (!e.keys.insert(k).second) continue;
    parents.push_back(k);
    if (auto it = c.group_of.find(k); it != c.group_of.end()) groups.insert(it->second);
  }
  for (const auto& parent : parents) {
    std::vector<std::string> questions;
    preorder(trees.at(parent), questions);
    std::size_t taken = 0;
    for (const auto& q : questions) {
      if (taken >= kPerResult) break;
      const std::string k = key_of(q);
      if (e.keys.contains(k)) continue;
      const std::size_t g = c.group_of.at(k);  // a planted tree holds planted spellings only
      if (skip && groups.contains(g)) {
        ++e.skipped;
        continue;
      }
      groups.insert(g);
      e.keys.insert(k);
      ++taken;
      ++e.level1;
    }
  }
  return e;
}

struct Harvest {
  std::size_t searches = 0;  // answered by the emulator
  std::set<std::string> stored;
  std::map<std::string, json::value> trees;  // encoded key -> its stored tree
  std::string summary;
};

Harvest harvest(const fs::path& dir, const Catalog& c, const std::string& name, bool skip) {
  Harvest h;
  Emulator emu(dir, {"--seed", "31", "--topics", c.file.string()});
  const fs::path job = skip_job(dir, c, name, skip);
  auto run = run_paa(run_args(job, emu), dir);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  h.summary = run.err;
  h.searches = count_status(emu.log(), 200);
  for (const auto& row : export_jsonl(dir, dir / (name + ".db"))) {
    const std::string k = key_of(std::string(row.at("q").as_string()));
    h.stored.insert(k);
    h.trees[k] = row.at("result");
  }
  auto again = run_paa(run_args(job, emu), dir);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(count_status(emu.log(), 200), h.searches) << "a rerun pays nothing";
  return h;
}

TEST(SkipVariantsE2E, PaysExactlyForTheKeysComputedFromThePlantedGroupsAndNothingOnARerun) {
  TempDir dir;
  const Catalog c = write_catalog(dir.path());
  const Harvest h = harvest(dir.path(), c, "skip", true);
  const Expected want = expected_keys(c, h.trees, true);
  ASSERT_GT(want.skipped, 5u) << "the planted trees repeat groups: a real test";
  EXPECT_EQ(h.stored, want.keys);
  EXPECT_EQ(h.searches, want.keys.size()) << "one search per expected key, none for a variant";
  EXPECT_NE(h.summary.find(std::to_string(want.level1) + " keys discovered in all, " + std::to_string(want.skipped) +
                           " variants of the job's keys skipped"),
            std::string::npos)
      << h.summary;

  auto status = run_paa({"status", (dir.path() / "skip.toml").string(), "--json"}, dir.path());
  ASSERT_EQ(status.exit_code, 0) << status.err;
  const json::value parsed = json::parse(status.out);
  const auto& levels = parsed.at("jobs").as_array().at(0).at("levels").as_array();
  ASSERT_EQ(levels.size(), 2u);
  EXPECT_EQ(levels.at(1).at("keys").as_int64(), static_cast<std::int64_t>(want.level1));
  EXPECT_EQ(levels.at(1).at("skipped_variants").as_int64(), static_cast<std::int64_t>(want.skipped));
  auto check = run_paa({"check", (dir.path() / "skip.toml").string()}, dir.path());
  ASSERT_EQ(check.exit_code, 0) << check.err;
  EXPECT_NE(check.out.find(std::to_string(want.skipped) + " skipped so far"), std::string::npos) << check.out;

  // Without skip_variants the same trees cost more: the variants too.
  TempDir plain_dir;
  const Catalog pc = write_catalog(plain_dir.path());
  const Harvest plain = harvest(plain_dir.path(), pc, "plain", false);
  const Expected all = expected_keys(pc, plain.trees, false);
  EXPECT_EQ(plain.stored, all.keys);
  EXPECT_EQ(plain.searches, all.keys.size());
  EXPECT_GT(plain.searches, h.searches) << "skip_variants saves the variants' searches";
  RecordProperty("searches_with_skip", static_cast<int>(h.searches));
  RecordProperty("searches_without", static_cast<int>(plain.searches));
}

}  // namespace
}  // namespace paa::e2e
