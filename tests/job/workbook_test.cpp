// .xlsx query lists (docs/jobs.md "Excel workbooks"): each tool's workbook, as openpyxl writes it
// (fixtures/make_xlsx_fixtures.py), read into the same items as its CSV; hostile workbooks
// refused with one line naming the file.
#include "paa/job/job_file.hpp"
#include "xlsx_sheet.hpp"

#include "job_items.hpp"

#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace paa {
namespace {

namespace fs = std::filesystem;

fs::path tool(const std::string& name) { return fs::path(PAA_KEYWORD_TOOL_FIXTURES) / name; }
fs::path hostile(const std::string& name) { return fs::path(PAA_HOSTILE_FIXTURES) / name; }

class Workbooks : public ::testing::Test {
 protected:
  test::TempDir dir;

  JobSpec job(std::vector<QueryFile> files) {
    JobSpec spec;
    spec.file = dir.path() / "job.toml";
    spec.name = "job";
    spec.query_files = std::move(files);
    spec.locales = {{"en", "us", ""}};
    return spec;
  }

  // Each item as "q volume=V {name=value;...}@origin", or the error as "!message".
  static std::vector<std::string> read(const JobSpec& spec) {
    return test::read_items(spec, [](const JobItem& item) {
      return item.query.q + " " + test::attributes_text(item.attrs) + "@" + item.origin;
    });
  }
};

TEST_F(Workbooks, SemrushWorkbookReadsAsItsCsvWithNumbersAsStored) {
  const std::string at = tool("semrush.xlsx").string() + ":Keywords:";
  EXPECT_EQ(read(job({tool("semrush.xlsx")})),
            (std::vector<std::string>{
                "french press ratio volume=2400 {intent=Informational;volume=2400;Trend=0.81,1.00,0.81;kd=35;"
                "cpc=0.95;Competitive Density=0.12;serp_features=Featured snippet, People also ask;Number of "
                "Results=12400000;}@" + at + "2",
                "cold brew concentrate volume=1000 {intent=Commercial;volume=1000;Trend=1.00,0.67,0.54;kd=51;cpc=0.8;"
                "Competitive Density=0.45;Number of Results=3200000;}@" + at + "3",
            }));
}

TEST_F(Workbooks, AhrefsSheetNamedBesideTheFileAndItsHashColumnDropped) {
  const std::string at = tool("ahrefs.xlsx").string() + ":Keywords:";
  // Row 4 has no keyword: skipped, as a blank CSV line is.
  EXPECT_EQ(read(job({QueryFile{tool("ahrefs.xlsx"), "Keywords"}})),
            (std::vector<std::string>{
                "best espresso machine volume=1300 {kd=42;volume=1300;cpc=1.2;CPS=1.05;Parent Keyword=espresso "
                "machine;serp_features=Featured snippet, People also ask;Traffic potential=5400;intent=Commercial;}@" +
                    at + "2",
                "espresso vs latte volume=900 {kd=8;volume=900;cpc=0.35;Parent Keyword=espresso vs latte;"
                "serp_features=People also ask;Traffic potential=2100;intent=Informational;}@" + at + "3",
            }));
}

TEST_F(Workbooks, TheFirstSheetWithoutAListSaysWhichSheetsThereAre) {
  EXPECT_EQ(read(job({tool("ahrefs.xlsx")})),
            (std::vector<std::string>{
                "!" + tool("ahrefs.xlsx").string() +
                ":Overview:1: the header has no query column (found 'Exported from Keywords Explorer'); name the "
                "column holding the queries q, query, keyword, keyphrase, search term or top queries (any "
                "case); or, if the list is on another sheet, name it beside the file: query_files = [{ file = "
                "\"...\", sheet = \"...\" }] (its sheets: 'Overview', 'Keywords')"}));
}

TEST_F(Workbooks, AMissingSheetIsAnErrorListingTheSheets) {
  EXPECT_EQ(read(job({QueryFile{tool("ahrefs.xlsx"), "Sheet1"}})),
            (std::vector<std::string>{"!" + tool("ahrefs.xlsx").string() +
                                      ": the workbook has no sheet 'Sheet1' (its sheets: 'Overview', 'Keywords'); "
                                      "set `sheet` to one of them"}));
}

TEST_F(Workbooks, KeywordPlannerWorkbookAfterItsTitleLines) {
  const std::string at = tool("keyword-planner.xlsx").string() + ":Keyword Stats 2026-01-05:";
  EXPECT_EQ(read(job({tool("keyword-planner.xlsx")})),
            (std::vector<std::string>{
                "pour over coffee volume=14800 {Currency=USD;volume=14800;Three month change=0;YoY change=-0.18;"
                "Competition=Low;Competition (indexed value)=12;Top of page bid (low range)=0.42;Top of page bid "
                "(high range)=1.35;}@" + at + "4",
                "moka pot volume=- {Currency=USD;volume=1K \u2013 10K;Three month change=0;YoY change=0;"
                "Competition=Medium;Competition (indexed value)=40;Top of page bid (low range)=0.3;Top of page bid "
                "(high range)=0.95;}@" + at + "5",
                "caf\u00e9 cr\u00e8me volume=90 {Currency=USD;volume=90;Three month change=0;YoY change=0;"
                "Competition=Low;Competition (indexed value)=5;Top of page bid (low range)=0.1;Top of page bid "
                "(high range)=0.5;}@" + at + "6",
            }));
}

TEST_F(Workbooks, InlineStringsFormulasBooleansErrorsAndColumnGaps) {
  // Written by hand as other programs write: a namespace prefix, inline and rich strings, a
  // formula's cached value, a gap (column B: no name, dropped) and rows that skip numbers.
  const std::string at = tool("inline-strings.xlsx").string() + ":Sheet1:";
  EXPECT_EQ(read(job({tool("inline-strings.xlsx")})),
            (std::vector<std::string>{
                "tea & biscuits volume=70 {volume=70;serp_features=TRUE;}@" + at + "3",
                // The query's white space trimmed, as in any list; an error cell kept as written.
                "green tea volume=- {volume=#N/A;}@" + at + "4",
            }));
}

TEST_F(Workbooks, EachToolsWorkbookGivesTheSameQueriesAsItsCsv) {
  // The same rows exported both ways: the queries and their volumes agree.
  for (const std::string name : {"semrush", "ahrefs"}) {
    auto items = [&](const QueryFile& file) {
      return test::read_items(job({file}), [](const JobItem& item) {
        return item.query.q + " " + std::to_string(item.attrs.volume.value_or(0));
      });
    };
    const std::string sheet = name == "ahrefs" ? "Keywords" : "";
    EXPECT_EQ(items(QueryFile{tool(name + ".xlsx"), sheet}), items(QueryFile{tool(name + ".csv")})) << name;
  }
}

// Hostile workbooks: one line naming the file, and nothing read.
TEST_F(Workbooks, AZipBombIsRefusedByItsInflationRatio) {
  const auto items = read(job({hostile("bomb.xlsx")}));
  ASSERT_EQ(items.size(), 2u);  // the row before the padding, then the refusal
  EXPECT_EQ(items[0].substr(0, 4), "tea ");
  EXPECT_EQ(items[1], "!" + hostile("bomb.xlsx").string() +
                          ": refused: the workbook's part 'xl/worksheets/sheet1.xml' inflates past 500 times its "
                          "compressed size (a zip bomb, or no spreadsheet a keyword tool writes); save the list as CSV");
}

TEST_F(Workbooks, BillionLaughsIsRefusedAtItsDocumentType) {
  EXPECT_EQ(read(job({hostile("laughs.xlsx")})),
            (std::vector<std::string>{"!" + hostile("laughs.xlsx").string() +
                                      ": the workbook's part 'xl/worksheets/sheet1.xml' (line 2) declares a document "
                                      "type (<!DOCTYPE>), which no workbook part has: refused, as its entities could "
                                      "expand without bound"}));
}

TEST_F(Workbooks, PasswordProtectedDamagedAndNotAWorkbook) {
  const auto one = [&](const std::string& name) {
    const auto items = read(job({hostile(name)}));
    return items.size() == 1 ? items[0] : "(" + std::to_string(items.size()) + " items)";
  };
  EXPECT_EQ(one("encrypted.xlsx"), "!" + hostile("encrypted.xlsx").string() +
                                       ": the workbook is password-protected (or an Excel 97-2003 .xls file); save "
                                       "it as .xlsx without a password and try again");
  EXPECT_EQ(one("damaged.xlsx").rfind("!" + hostile("damaged.xlsx").string() + ": damaged workbook: ", 0), 0u)
      << one("damaged.xlsx");
  EXPECT_EQ(one("not-a-workbook.xlsx"),
            "!" + hostile("not-a-workbook.xlsx").string() +
                ": not an .xlsx workbook (no zip archive); save it as .xlsx (or as CSV) from a spreadsheet program and "
                "try again");
}

TEST(XlsxLimits, EachLimitRefusesWithItsOwnMessage) {
  const auto refusal = [](const detail::XlsxLimits& limits) -> std::string {
    auto sheet = detail::XlsxSheet::open(tool("semrush.xlsx"), "", limits);
    if (!sheet) return sheet.error().message;
    std::vector<std::string> cells;
    std::uint64_t row = 0;
    for (;;) {
      auto more = (*sheet)->next(cells, row);
      if (!more) return more.error().message;
      if (!*more) return "read";
    }
  };
  const std::string file = tool("semrush.xlsx").string();
  EXPECT_EQ(refusal({}), "read");
  EXPECT_EQ(refusal({.entries = 3}), file + ": refused: the workbook holds 10 parts, more than the 3 a spreadsheet "
                                            "needs; save the list as CSV");
  EXPECT_EQ(refusal({.shared_strings_bytes = 64}),
            file + ": the workbook's part 'xl/sharedStrings.xml' (line 2) holds more shared strings than the 64 bytes "
                   "they may take in memory; split the list, or save the sheet as CSV");
  EXPECT_EQ(refusal({.entry_bytes = 1000}),
            file + ": refused: the workbook's part 'xl/worksheets/sheet1.xml' inflates past 1000 bytes (a zip bomb, or "
                   "no spreadsheet a keyword tool writes); save the list as CSV");
  EXPECT_EQ(refusal({.total_bytes = 2000}),
            file + ": refused: the workbook's part 'xl/worksheets/sheet1.xml' inflates past 2000 bytes in all (a zip "
                   "bomb, or no spreadsheet a keyword tool writes); save the list as CSV");
}

}  // namespace
}  // namespace paa
