// The lineage in the exports of an expansion (docs/exports.md "Lineage" and "edges"): a depth-2
// job harvested from the emulator, exported as jsonl, csv, xlsx (read back by openpyxl) and
// edges, and checked by DuckDB.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

namespace paa::e2e {
namespace {

// The one row of a query, as JSON text (DuckDB's node API prints BIGINTs as strings).
std::string one_row(const std::string& sql, const fs::path& cwd) {
  auto rows = duckdb(sql, cwd);
  EXPECT_EQ(rows.size(), 1u) << sql << "\n" << boost::json::serialize(rows);
  return rows.empty() ? std::string() : boost::json::serialize(rows.front());
}

// A job of `seeds` queries that expands its questions `depth` levels, at most `per_result` new
// keys from each result.
fs::path expand_job(const fs::path& dir, const std::string& name, int seeds, int depth, int per_result) {
  auto job = write_job(dir, name, seeds, "concurrency = 4\nrate = 0");
  std::ofstream(job, std::ios::app) << "\n[expand]\ndepth = " << depth << "\nper_result = " << per_result << "\n";
  return job;
}

// The JSONL export as a DuckDB table expression.
constexpr const char* kJsonl = "read_json_auto('lineage.jsonl')";

// openpyxl (Debian's python3-openpyxl, for /usr/bin/python3) writes the data rows of the
// workbook's sheets `names` (continuation sheets included) as JSON lines, an object per row keyed
// by the header, to <name>.jsonl in `dir` (lower case, spaces as _): blank cells are null.
void workbook_sheets_as_jsonl(const fs::path& dir, const std::string& book, const std::vector<std::string>& names) {
  const fs::path script = dir / "sheets_as_jsonl.py";
  std::ofstream(script) << R"py(import json, re, sys
import openpyxl
book = openpyxl.load_workbook(sys.argv[1])
for name in sys.argv[2:]:
    with open(name.lower().replace(" ", "_") + ".jsonl", "w", encoding="utf-8") as out:
        for ws in book.worksheets:
            if re.sub(r" \(\d+\)$", "", ws.title) != name:
                continue
            rows = ws.iter_rows(values_only=True)
            header = next(rows)
            for row in rows:
                out.write(json.dumps(dict(zip(header, row)), default=str) + "\n")
)py";
  std::vector<std::string> argv{"/usr/bin/python3", script.string(), book};
  argv.insert(argv.end(), names.begin(), names.end());
  Process python(argv, {}, dir);
  auto done = python.wait();
  ASSERT_EQ(done.exit_code, 0) << done.err;
}

TEST(ExportLineageE2E, ADepthTwoExpansionExportsItsLineageAndOneEdgePerDiscoveredKey) {
  TempDir dir;
  Emulator emu(dir.path(), {"--seed", "21"});
  auto job = expand_job(dir.path(), "grow", 4, 2, 3);
  auto run = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const fs::path store = dir / "grow.db";
  for (const auto& [format, file] : std::vector<std::pair<std::string, std::string>>{
           {"jsonl", "lineage.jsonl"}, {"csv", "lineage.csv"}, {"edges", "edges.csv"}}) {
    auto r = run_paa({"export", "--store", store.string(), "--format", format, "--job", "grow", "-o", file},
                     dir.path());
    ASSERT_EQ(r.exit_code, 0) << format << ": " << r.err;
  }
  // One job expanded: edges need no --job, and without --job the lineage is that job's.
  ASSERT_EQ(run_paa({"export", "--store", store.string(), "--format", "edges", "-o", "edges-nojob.csv"},
                    dir.path()).exit_code, 0);
  EXPECT_EQ(read_file(dir / "edges-nojob.csv"), read_file(dir / "edges.csv"));
  ASSERT_EQ(run_paa({"export", "--store", store.string(), "--format", "jsonl", "-o", "all.jsonl"}, dir.path())
                .exit_code, 0);
  EXPECT_EQ(read_file(dir / "all.jsonl"), read_file(dir / "lineage.jsonl"));

  // The single-file report of the job, in Chromium: a discovered key's detail names its level,
  // parent and seed as the jsonl export does, and links them (tests/e2e/check_report_lineage.cjs).
  ASSERT_EQ(run_paa({"export", "--store", store.string(), "--format", "html", "--job", "grow", "-o", "lineage.html"},
                    dir.path()).exit_code, 0);
  {
    test::Process node({"/usr/bin/node", PAA_E2E_DIR "/check_report_lineage.cjs", (dir / "lineage.html").string(),
                        (dir / "lineage.jsonl").string()},
                       {{"NODE_PATH", std::string(PAA_NODE_MODULES)}}, dir.path());
    auto checked = node.wait();
    EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
  }

  // Levels: 4 seeds, then keys at levels 1 and 2.
  const auto levels = duckdb(std::string("SELECT level, count(*) AS n FROM ") + kJsonl + " GROUP BY level ORDER BY level",
                             dir.path());
  ASSERT_EQ(levels.size(), 3u) << boost::json::serialize(levels);
  EXPECT_EQ(boost::json::serialize(levels[0]), R"({"level":"0","n":"4"})");
  EXPECT_EQ(std::string(levels[1].at("level").as_string()), "1");
  EXPECT_EQ(std::string(levels[2].at("level").as_string()), "2");

  // Seeds: level 0, no parent, themselves as seed.
  EXPECT_EQ(one_row(std::string("SELECT count(*) AS bad FROM ") + kJsonl +
                        " WHERE level = 0 AND (parent IS NOT NULL OR seed.q != q OR seed.hl != hl OR seed.gl != gl"
                        " OR seed.city IS DISTINCT FROM city)",
                    dir.path()),
            R"({"bad":"0"})");
  // Every level >= 1 row's parent is a stored key of the level below, its seed a stored seed
  // (matched by the exported spelling, as a consumer joins them).
  EXPECT_EQ(one_row(std::string("WITH r AS (SELECT * FROM ") + kJsonl +
                        ") SELECT count(*) AS orphans FROM r c WHERE c.level >= 1 AND NOT EXISTS ("
                        "SELECT 1 FROM r p WHERE p.q = c.parent.q AND p.hl = c.parent.hl AND p.gl = c.parent.gl"
                        " AND p.city IS NOT DISTINCT FROM c.parent.city AND p.level = c.level - 1)",
                    dir.path()),
            R"({"orphans":"0"})");
  EXPECT_EQ(one_row(std::string("WITH r AS (SELECT * FROM ") + kJsonl +
                        ") SELECT count(*) AS unseeded FROM r c WHERE c.level >= 1 AND NOT EXISTS ("
                        "SELECT 1 FROM r s WHERE s.level = 0 AND s.q = c.seed.q AND s.hl = c.seed.hl"
                        " AND s.gl = c.seed.gl)",
                    dir.path()),
            R"({"unseeded":"0"})");

  // The CSV rows carry the same lineage as their key's JSONL object.
  EXPECT_EQ(one_row(std::string("WITH r AS (SELECT * FROM ") + kJsonl +
                        "), c AS (SELECT DISTINCT q, hl, gl, level, parent_q, seed_q FROM "
                        "read_csv('lineage.csv', all_varchar = true)) "
                        "SELECT count(*) AS keys, count(*) FILTER (WHERE r.q IS NULL OR c.level != CAST(r.level AS VARCHAR)"
                        " OR coalesce(c.parent_q, '') != coalesce(r.parent.q, '') OR c.seed_q != r.seed.q) AS differ "
                        "FROM c LEFT JOIN r ON r.q = c.q AND r.hl = c.hl AND r.gl = c.gl",
                    dir.path()),
            one_row(std::string("SELECT count(*) AS keys, 0::BIGINT AS differ FROM ") + kJsonl +
                        " WHERE len(result.children) > 0",
                    dir.path()));

  // The workbook: a discovered key's rows show its level, parent_q and seed_q, worked out here
  // from the seeds of the job file and the trees themselves: a level-0 row's key is one of the
  // seeds and its own seed; a level-d row's parent is a key whose tree (at level d-1) holds a
  // question spelled as the row's q, and its seed that parent's seed. By induction, every row's
  // lineage is right.
  ASSERT_EQ(run_paa({"export", "--store", store.string(), "--format", "xlsx", "--job", "grow", "-o", "lineage.xlsx"},
                    dir.path()).exit_code, 0);
  workbook_sheets_as_jsonl(dir.path(), "lineage.xlsx", {"Questions tree", "Related", "Stability"});
  const std::string tree = "read_json_auto('questions_tree.jsonl')";
  std::string seeds;
  for (int i = 0; i < 4; ++i) seeds += (i ? ", '" : "'") + std::string("query number ") + std::to_string(i) + " about coffee & crème'";
  EXPECT_EQ(one_row("SELECT count(*) FILTER (WHERE level = 0 AND (q NOT IN (" + seeds + ") OR parent_q IS NOT NULL"
                        " OR seed_q != q)) AS bad_seeds, count(*) FILTER (WHERE q IN (" + seeds + ") AND level != 0)"
                        " AS seeds_discovered, count(DISTINCT q) FILTER (WHERE level = 0) AS seed_keys FROM " + tree,
                    dir.path()),
            R"({"bad_seeds":"0","seeds_discovered":"0","seed_keys":"4"})");
  // A question as the expansion spells the key it makes of it: white space collapsed, compared
  // case-insensitively.
  const auto spelled = [](const std::string& column) {
    return "lower(trim(regexp_replace(" + column + ", '\\s+', ' ', 'g')))";
  };
  EXPECT_EQ(one_row("WITH t AS (SELECT * FROM " + tree + ") SELECT count(*) FILTER (WHERE NOT EXISTS ("
                        "SELECT 1 FROM t p WHERE p.q = c.parent_q AND p.hl = c.hl AND p.gl = c.gl"
                        " AND p.level = c.level - 1 AND " + spelled("p.question") + " = " + spelled("c.q") +
                        " AND (CASE WHEN p.level = 0 THEN p.q ELSE p.seed_q END) = c.seed_q)) AS wrong,"
                        " least(count(*), 1) AS any_level_1, least(count(*) FILTER (WHERE level = 2), 1) AS any_level_2"
                        " FROM t c WHERE c.level >= 1",
                    dir.path()),
            R"({"wrong":"0","any_level_1":"1","any_level_2":"1"})");
  // Every row of a key, on all three sheets (and its continuation sheets), carries that key's
  // lineage: the same as its jsonl object's.
  for (const std::string sheet : {"questions_tree", "related", "stability"}) {
    EXPECT_EQ(one_row(std::string("WITH r AS (SELECT * FROM ") + kJsonl + "), s AS (SELECT * FROM read_json_auto('" +
                          sheet + ".jsonl')) SELECT count(*) FILTER (WHERE r.q IS NULL OR s.level != r.level"
                          " OR coalesce(s.parent_q, '') != coalesce(r.parent.q, '') OR s.seed_q != r.seed.q) AS differ,"
                          " least(count(*) FILTER (WHERE s.level >= 1), 1) AS any_discovered"
                          " FROM s LEFT JOIN r ON r.q = s.q AND r.hl = s.hl AND r.gl = s.gl",
                      dir.path()),
              R"({"differ":"0","any_discovered":"1"})")
        << sheet;
  }

  // Edges: exactly one row per discovered key, from its parent, at its level, in level order.
  const std::string header = read_file(dir / "edges.csv").substr(0, read_file(dir / "edges.csv").find('\n'));
  EXPECT_EQ(header, "parent_q,parent_hl,parent_gl,parent_city,q,hl,gl,city,level,via");
  const std::string edges = "read_csv('edges.csv', all_varchar = true)";
  EXPECT_EQ(one_row("SELECT count(*) AS n, count(DISTINCT (q, hl, gl, city)) AS keys, "
                    "count(*) FILTER (WHERE via != 'question') AS not_question FROM " + edges,
                    dir.path()),
            one_row(std::string("SELECT count(*) AS n, count(*) AS keys, 0::BIGINT AS not_question FROM ") + kJsonl +
                        " WHERE level >= 1",
                    dir.path()));
  EXPECT_EQ(one_row(std::string("WITH r AS (SELECT * FROM ") + kJsonl + " WHERE level >= 1), e AS (SELECT * FROM " +
                        edges + ") SELECT count(*) AS unmatched FROM r FULL JOIN e ON r.q = e.q AND r.hl = e.hl"
                        " AND r.gl = e.gl AND CAST(r.level AS VARCHAR) = e.level AND r.parent.q = e.parent_q"
                        " AND r.parent.hl = e.parent_hl AND r.parent.gl = e.parent_gl WHERE r.q IS NULL OR e.q IS NULL",
                    dir.path()),
            R"({"unmatched":"0"})");
  const auto order = duckdb("SELECT level FROM " + edges, dir.path());
  for (std::size_t i = 1; i < order.size(); ++i) {
    EXPECT_LE(order[i - 1].at("level").as_string(), order[i].at("level").as_string()) << "row " << i;
  }

  // --excel applies to edges as to csv.
  ASSERT_EQ(run_paa({"export", "--store", store.string(), "--format", "edges", "--excel", "-o", "edges-excel.csv"},
                    dir.path()).exit_code, 0);
  EXPECT_TRUE(read_file(dir / "edges-excel.csv").starts_with("\xEF\xBB\xBFparent_q,"));
  EXPECT_NE(read_file(dir / "edges-excel.csv").find("\r\n"), std::string::npos);

  // A second job that expands into the same store: edges then need --job, and say which jobs.
  // Its one seed is grow's first, already stored; its one level-1 key is grow's too.
  auto other = expand_job(dir.path(), "more", 1, 1, 1);
  auto second = run_paa(run_args(other, emu, {"--store", store.string()}), dir.path());
  ASSERT_EQ(second.exit_code, 0) << second.err;
  auto refused = run_paa({"export", "--store", store.string(), "--format", "edges"}, dir.path());
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("2 jobs expanded (grow, more); choose one with --job"), std::string::npos) << refused.err;
  EXPECT_TRUE(refused.out.empty()) << refused.out;
  auto more_edges = run_paa({"export", "--store", store.string(), "--format", "edges", "--job", "more"}, dir.path());
  ASSERT_EQ(more_edges.exit_code, 0) << more_edges.err;
  EXPECT_EQ(std::count(more_edges.out.begin(), more_edges.out.end(), '\n'), 2) << more_edges.out;
}

}  // namespace
}  // namespace paa::e2e
