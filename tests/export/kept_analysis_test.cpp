// The kept analysis (docs/store.md "The kept analysis"): every view read from it is the view
// computed from the trees, byte for byte; it is recomputed exactly when its tag says so; a
// killed analysis's leftovers are never read and are removed; one writer at a time; the least
// recently read other resolutions are dropped.
#include "paa/export/brief/brief_gather.hpp"
#include "paa/export/exporter.hpp"
#include "paa/export/html/report_folder.hpp"
#include "paa/export/pipeline/analysis_tag.hpp"
#include "paa/export/pipeline/analysis_sink.hpp"
#include "paa/export/pipeline/analysis_views.hpp"
#include "paa/export/pipeline/result_scan.hpp"
#include "paa/export/xlsx/xlsx_export.hpp"

#include "support/phase_recorder.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

namespace paa::exporting {
namespace {

namespace fs = std::filesystem;
using test::FakeStoreReader;
using test::make_stored;
using paa::test::PhaseRecorder;

// A store whose questions repeat across keys and languages, so that groups, hubs and topics
// have something to join.
void fill(FakeStoreReader& store) {
  const std::vector<std::vector<std::string>> trees = {
      {"How long does espresso last?", "Is espresso stronger than coffee?", "Why is espresso bitter?"},
      {"Why is espresso bitter?", "how long does espresso last", "What is a ristretto?"},
      {"What is a ristretto?", "Is a ristretto stronger than espresso?", "How do you make a ristretto?"},
      {"How do you descale a coffee machine?", "How often should you descale?", "Why is espresso bitter?"},
  };
  const char* keys[] = {"espresso", "espresso shelf life", "ristretto", "descale"};
  for (std::size_t i = 0; i < trees.size(); ++i) {
    for (const char* gl : {"us", "gb"}) {
      store.add(make_stored(keys[i], "en", gl, "", test::body_with_questions(trees[i]),
                            1795218854123 + static_cast<std::int64_t>(i)));
    }
  }
  store.add(make_stored("espresso", "de", "de", "", test::body_with_questions({"Wie lange hält Espresso?"})));
}

struct Written {
  std::string text;
  ExportSummary summary;
};

Written write(StoreReader& store, ExportRequest request, ExportFormat format) {
  request.format.format = format;
  StringSink sink;
  BufferedOutput out(sink);
  auto summary = export_store(store, request, out);
  EXPECT_TRUE(summary) << (summary ? "" : summary.error().message);
  return {sink.data, summary ? *summary : ExportSummary{}};
}

class KeptAnalysis : public ::testing::Test {
 protected:
  void SetUp() override { fill(store); }
  ExportRequest kept_request(std::uint64_t state = 7, double resolution = 1.0) const {
    ExportRequest r;
    r.format.topics.resolution = resolution;
    AnalysisTag tag = analysis_tag_now(state, "");
    tag.resolution = resolution;
    tag.max_question_depth = static_cast<std::uint32_t>(r.format.max_question_depth);
    r.kept = KeptPlace{root(), tag};
    return r;
  }
  fs::path root() const { return dir.path() / "analysis"; }
  std::string note(const ExportSummary& s) const { return s.notes.empty() ? "" : s.notes.front(); }

  paa::test::TempDir dir;
  FakeStoreReader store;
};

constexpr ExportFormat kViews[] = {ExportFormat::questions, ExportFormat::topics, ExportFormat::topics_jsonl,
                                   ExportFormat::topics_summary};

TEST_F(KeptAnalysis, EveryViewReadFromItIsTheViewComputedFromTheTrees) {
  for (const ExportFormat format : kViews) {
    SCOPED_TRACE(std::string(format_name(format)));
    const Written fresh = write(store, ExportRequest{}, format);
    ASSERT_FALSE(fresh.text.empty());
    fs::remove_all(root());
    const Written computed = write(store, kept_request(), format);  // computed, kept, read back
    EXPECT_TRUE(note(computed.summary).starts_with("computed the analysis (none was kept)")) << note(computed.summary);
    const Written read = write(store, kept_request(), format);  // read, no scan
    EXPECT_TRUE(note(read.summary).starts_with("read from the analysis kept in")) << note(read.summary);
    EXPECT_EQ(computed.text, fresh.text);
    EXPECT_EQ(read.text, fresh.text);
    EXPECT_EQ(read.summary.results, fresh.summary.results) << "the scan's figures are kept too";
    EXPECT_EQ(read.summary.records, fresh.summary.records);
  }
}

// A tree whose answers come from the given urls ("" = no source), one question each.
std::string body_with_sources(const std::vector<std::pair<std::string, std::string>>& questions) {
  std::string body = R"({"cached":false,"result":{"question":"x","related":["r1"],"children":[)";
  for (std::size_t i = 0; i < questions.size(); ++i) {
    if (i) body += ',';
    body += R"({"question":")" + questions[i].first + R"(","answer":"ans","url":")" + questions[i].second +
            R"(","title":"T"})";
  }
  return body + "]}}";
}

TEST_F(KeptAnalysis, TheAnswerDomainsAreKeptAndReadAsTheyAreCounted) {
  FakeStoreReader sourced;
  sourced.add(make_stored("espresso", "en", "us", "",
                          body_with_sources({{"Why is espresso bitter?", "https://www.example.com/a"},
                                             {"Is espresso strong?", "https://shop.example.co.uk/b"},
                                             {"What is a ristretto?", "https://192.0.2.7/c"}})));
  sourced.add(make_stored("ristretto", "en", "gb", "",
                          body_with_sources({{"What is a ristretto?", "https://blog.example.com/r"},
                                             {"How do you make a ristretto?", ""},
                                             {"Is a ristretto stronger?", "not a url"}})));
  ExportRequest own = kept_request();
  auto parsed = watch::OwnDomains::parse({"example.com"});
  ASSERT_TRUE(parsed) << parsed.error().message;
  own.format.own_domains = *parsed;
  ExportRequest fresh_request;
  fresh_request.format.own_domains = *parsed;
  const Written fresh = write(sourced, fresh_request, ExportFormat::domains);
  // Counted by hand: example.com holds 2 answers in 2 trees, each of a question of its own.
  EXPECT_NE(fresh.text.find("example.com,2,"), std::string::npos) << fresh.text;
  EXPECT_NE(fresh.text.find("example.co.uk,1,"), std::string::npos) << fresh.text;
  const Written computed = write(sourced, own, ExportFormat::domains);
  EXPECT_TRUE(note(computed.summary).starts_with("computed the analysis")) << note(computed.summary);
  const Written read = write(sourced, own, ExportFormat::domains);
  EXPECT_TRUE(note(read.summary).starts_with("read from the analysis kept in")) << note(read.summary);
  EXPECT_EQ(computed.text, fresh.text);
  EXPECT_EQ(read.text, fresh.text);

  // A damaged domains file is never read as figures: the view fails, the analysis is set aside,
  // and the next view computes it anew.
  const fs::path file = root() / kept_folder_name("", 1.0) / "domains";
  ASSERT_TRUE(fs::exists(file));
  std::fstream patch(file, std::ios::in | std::ios::out | std::ios::binary);
  patch.seekp(0);
  patch.write("\xff\xff\xff\xff", 4);  // a count no file this size can hold; the size unchanged
  patch.close();
  own.format.format = ExportFormat::domains;
  StringSink sink;
  BufferedOutput out(sink);
  auto damaged = export_store(sourced, own, out);
  ASSERT_FALSE(damaged);
  EXPECT_EQ(damaged.error().kind(), errc::store_damaged);
  const Written again = write(sourced, own, ExportFormat::domains);
  EXPECT_TRUE(note(again.summary).starts_with("computed the analysis")) << note(again.summary);
  EXPECT_EQ(again.text, fresh.text);
}

// The markets compared are kept too: the locales views read from the kept analysis are the views
// a pass computes, and a damaged markets file is never read as figures.
TEST_F(KeptAnalysis, TheMarketsAreKeptAndReadAsTheyAreCompared) {
  FakeStoreReader markets;
  markets.add(make_stored("espresso", "en", "us", "", body_with_sources({{"Why is espresso bitter?", ""},
                                                                         {"Is espresso strong?", ""}})));
  markets.add(make_stored("espresso", "en", "gb", "", body_with_sources({{"Why is espresso bitter?", ""}})));
  markets.add(make_stored("ristretto", "en", "gb", "", body_with_sources({{"What is a ristretto?", ""}})));
  markets.add(make_stored("espresso", "de", "de", "", body_with_sources({{"Ist Espresso stark?", ""}})));
  for (const ExportFormat format : {ExportFormat::locales, ExportFormat::locale_pairs}) {
    SCOPED_TRACE(std::string(format_name(format)));
    fs::remove_all(root());
    const Written fresh = write(markets, ExportRequest{}, format);
    const Written computed = write(markets, kept_request(), format);
    EXPECT_TRUE(note(computed.summary).starts_with("computed the analysis")) << note(computed.summary);
    const Written read = write(markets, kept_request(), format);
    EXPECT_TRUE(note(read.summary).starts_with("read from the analysis kept in")) << note(read.summary);
    EXPECT_EQ(computed.text, fresh.text);
    EXPECT_EQ(read.text, fresh.text);
  }
  // Counted by hand: en-gb and en-us both show "Why is espresso bitter?"; only en-us shows "Is
  // espresso strong?", only en-gb "What is a ristretto?".
  const Written pairs = write(markets, kept_request(), ExportFormat::locale_pairs);
  EXPECT_NE(pairs.text.find("en,en-gb,en-us,1,1,1,0.3333"), std::string::npos) << pairs.text;

  const fs::path file = root() / kept_folder_name("", 1.0) / "markets";
  ASSERT_TRUE(fs::exists(file));
  std::fstream patch(file, std::ios::in | std::ios::out | std::ios::binary);
  patch.seekp(static_cast<std::streamoff>(fs::file_size(file) - 12));  // the last cell's locale
  patch.write("\xff\xff\xff\x7f", 4);  // a locale the file has not; the size unchanged
  patch.close();
  ExportRequest own = kept_request();
  own.format.format = ExportFormat::locales;
  StringSink sink;
  BufferedOutput out(sink);
  auto damaged = export_store(markets, own, out);
  ASSERT_FALSE(damaged);
  EXPECT_EQ(damaged.error().kind(), errc::store_damaged);
  const Written again = write(markets, kept_request(), ExportFormat::locales);
  EXPECT_TRUE(note(again.summary).starts_with("computed the analysis")) << note(again.summary);
}

// Every file of a report folder, by its path inside it; the summary's generation time left out.
std::map<std::string, std::string> folder_files(const fs::path& folder) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    std::string content = text.str();
    if (const auto at = content.find("\"generated_at\":"); at != std::string::npos) {
      const auto end = content.find_first_of(",}", at);
      content.erase(at, end - at);
    }
    files[fs::relative(entry.path(), folder).string()] = content;
  }
  return files;
}

TEST_F(KeptAnalysis, TheReportFolderReadFromItIsTheFolderComputedFromTheTrees) {
  // Answers from real domains too, for the Domains view's data.
  store.add(make_stored("grinder", "en", "us", "",
                        body_with_sources({{"Why is espresso bitter?", "https://www.example.com/a"},
                                           {"What is a burr grinder?", "https://shop.example.co.uk/b"},
                                           {"Is a burr grinder worth it?", "https://192.0.2.7/c"}})));
  ExportRequest fresh_request;
  fresh_request.format.format = ExportFormat::html;
  auto fresh = export_html_folder(store, fresh_request, dir.path() / "fresh", false);
  ASSERT_TRUE(fresh) << fresh.error().message;

  write(store, kept_request(), ExportFormat::topics);  // computed and kept
  ExportRequest request = kept_request();
  request.format.format = ExportFormat::html;
  auto kept = export_html_folder(store, request, dir.path() / "kept", false);
  ASSERT_TRUE(kept) << kept.error().message;
  ASSERT_FALSE(kept->notes.empty());
  EXPECT_TRUE(kept->notes.front().starts_with("read from the analysis kept in")) << kept->notes.front();
  EXPECT_EQ(kept->results, fresh->results);
  const auto want = folder_files(dir.path() / "fresh");
  const auto got = folder_files(dir.path() / "kept");
  ASSERT_TRUE(want.count("data/domains.js"));
  EXPECT_NE(want.at("data/domains.js").find("example.co.uk"), std::string::npos);
  ASSERT_EQ(got.size(), want.size());
  for (const auto& [name, content] : want) {
    ASSERT_TRUE(got.count(name)) << name;
    EXPECT_EQ(got.at(name), content) << name;
  }

  // A stale analysis is not read: the folder computes its own, the same again.
  auto stale = kept_request(8);
  stale.format.format = ExportFormat::html;
  auto own = export_html_folder(store, stale, dir.path() / "own", false);
  ASSERT_TRUE(own) << own.error().message;
  EXPECT_TRUE(own->notes.empty() || !own->notes.front().starts_with("read from"));
  EXPECT_EQ(folder_files(dir.path() / "own"), want);
}

TEST_F(KeptAnalysis, TheOneFileReportReadFromItIsTheReportComputedFromTheTrees) {
  store.add(make_stored("grinder", "en", "us", "",
                        body_with_sources({{"Why is espresso bitter?", "https://www.example.com/a"},
                                           {"What is a burr grinder?", "https://shop.example.co.uk/b"}})));
  const Written fresh = write(store, ExportRequest{}, ExportFormat::html);
  EXPECT_NE(fresh.text.find("example.co.uk"), std::string::npos) << "the Domains view's data";
  write(store, kept_request(), ExportFormat::topics);  // computed and kept
  const Written kept = write(store, kept_request(), ExportFormat::html);
  EXPECT_TRUE(note(kept.summary).starts_with("read from the analysis kept in")) << note(kept.summary);
  EXPECT_EQ(kept.summary.records, fresh.summary.records);
  EXPECT_EQ(kept.text, fresh.text);
  const Written stale = write(store, kept_request(8), ExportFormat::html);  // not read: its own pass
  EXPECT_FALSE(note(stale.summary).starts_with("read from")) << note(stale.summary);
  EXPECT_EQ(stale.text, fresh.text);
}

// Every cell of every sheet of a workbook, as openpyxl reads it back (a real consumer), sheet by
// sheet; the file's own metadata (its creation time) left out.
std::string workbook_cells(const fs::path& book, const fs::path& dir) {
  const char* script =
      "import sys, openpyxl\n"
      "wb = openpyxl.load_workbook(sys.argv[1], read_only=True)\n"
      "for ws in wb.worksheets:\n"
      "    print('==', ws.title)\n"
      "    for row in ws.iter_rows(values_only=True):\n"
      "        print(repr(row))\n";
  paa::test::Process python({"/usr/bin/python3", "-c", script, book.string()}, {}, dir);
  const paa::test::ProcessResult read = python.wait();
  EXPECT_EQ(read.exit_code, 0) << read.err;
  return read.out;
}

TEST_F(KeptAnalysis, TheWorkbookReadFromItIsTheWorkbookComputedFromTheTrees) {
  store.add(make_stored("grinder", "en", "us", "",
                        body_with_sources({{"Why is espresso bitter?", "https://www.example.com/a"},
                                           {"What is a burr grinder?", "https://shop.example.co.uk/b"}})));
  ExportRequest fresh_request;
  fresh_request.format.format = ExportFormat::xlsx;
  auto fresh = export_xlsx_file(store, fresh_request, dir.path() / "fresh.xlsx");
  ASSERT_TRUE(fresh) << fresh.error().message;

  write(store, kept_request(), ExportFormat::topics);  // computed and kept
  ExportRequest request = kept_request();
  request.format.format = ExportFormat::xlsx;
  auto kept = export_xlsx_file(store, request, dir.path() / "kept.xlsx");
  ASSERT_TRUE(kept) << kept.error().message;
  ASSERT_FALSE(kept->notes.empty());
  EXPECT_TRUE(kept->notes.front().starts_with("read from the analysis kept in")) << kept->notes.front();
  EXPECT_EQ(kept->records, fresh->records);
  EXPECT_EQ(kept->question_rows, fresh->question_rows);
  const std::string want = workbook_cells(dir.path() / "fresh.xlsx", dir.path());
  // Counted by hand: the Domains sheet lists example.co.uk; the Topics sheet, the topic of the
  // question in most trees.
  EXPECT_NE(want.find("example.co.uk"), std::string::npos) << want;
  EXPECT_NE(want.find("Why is espresso bitter?"), std::string::npos);
  EXPECT_EQ(workbook_cells(dir.path() / "kept.xlsx", dir.path()), want);

  // A stale analysis is not read: the workbook computes its own, the same again.
  ExportRequest stale = kept_request(8);
  stale.format.format = ExportFormat::xlsx;
  auto own = export_xlsx_file(store, stale, dir.path() / "own.xlsx");
  ASSERT_TRUE(own) << own.error().message;
  EXPECT_TRUE(own->notes.empty() || !own->notes.front().starts_with("read from")) << own->notes.front();
  EXPECT_EQ(workbook_cells(dir.path() / "own.xlsx", dir.path()), want);
}

TEST_F(KeptAnalysis, ItIsComputedAgainExactlyWhenItsTagChanges) {
  write(store, kept_request(7), ExportFormat::topics);
  EXPECT_TRUE(note(write(store, kept_request(7), ExportFormat::topics).summary).starts_with("read from"));
  // Another state of the same results: carried, not computed.
  const std::string moved = note(write(store, kept_request(8), ExportFormat::topics).summary);
  EXPECT_NE(moved.find("still answers: the store has changed since, but not what it was computed from"),
            std::string::npos)
      << moved;
  EXPECT_TRUE(note(write(store, kept_request(8), ExportFormat::topics).summary).starts_with("read from"));
  store.add(make_stored("crema", "en", "us", "", test::body_with_questions({"What is crema?"})));
  const std::string changed = note(write(store, kept_request(9), ExportFormat::topics).summary);
  EXPECT_NE(changed.find("the kept one was stale: the store has changed since (10 results, 9 then)"), std::string::npos)
      << changed;
  EXPECT_TRUE(note(write(store, kept_request(9), ExportFormat::topics).summary).starts_with("read from"));
  // Another resolution has a folder of its own: both stay current.
  EXPECT_TRUE(note(write(store, kept_request(9, 2.0), ExportFormat::topics).summary).starts_with("computed"));
  EXPECT_TRUE(note(write(store, kept_request(9, 1.0), ExportFormat::topics).summary).starts_with("read from"));
  EXPECT_TRUE(fs::exists(root() / "all-r1" / "manifest.json"));
  EXPECT_TRUE(fs::exists(root() / "all-r2" / "manifest.json"));
}

TEST_F(KeptAnalysis, ADamagedOrHalfWrittenOneIsNeverReadAndIsReplaced) {
  const Written fresh = write(store, ExportRequest{}, ExportFormat::questions);
  write(store, kept_request(), ExportFormat::questions);
  // Its rows cut short: the manifest says current, the read fails, the view computes anew.
  const fs::path rows = root() / "all-r1" / "questions.zst";
  fs::resize_file(rows, fs::file_size(rows) / 2);
  const Written again = write(store, kept_request(), ExportFormat::questions);
  EXPECT_NE(note(again.summary).find("it cannot be read"), std::string::npos) << note(again.summary);
  EXPECT_EQ(again.text, fresh.text);
  EXPECT_TRUE(note(write(store, kept_request(), ExportFormat::questions).summary).starts_with("read from"));
  // A killed analysis leaves its hidden folder (files, no manifest): never listed nor read, and
  // the next one removes it.
  const fs::path left = root() / ".building-all-r1-99999";
  fs::create_directories(left);
  std::ofstream(left / "questions.zst") << "half";
  auto listed = kept_analyses(dir.path(), 7);
  ASSERT_TRUE(listed);
  ASSERT_EQ(listed->size(), 1u);
  EXPECT_EQ(listed->front().name, "all-r1");
  EXPECT_EQ(listed->front().verdict.freshness, Freshness::current);
  // The next analysis computed removes it (one carried to a new state computes nothing).
  ExportRequest deeper = kept_request(8);
  deeper.format.max_question_depth = 2;
  deeper.kept->tag.max_question_depth = 2;
  write(store, deeper, ExportFormat::questions);
  EXPECT_FALSE(fs::exists(left));
  // A folder without its manifest (killed between the files and the manifest) is stale.
  fs::remove(root() / "all-r1" / "manifest.json");
  listed = kept_analyses(dir.path(), 8);
  ASSERT_TRUE(listed);
  EXPECT_EQ(listed->front().verdict.freshness, Freshness::stale);
  EXPECT_EQ(write(store, kept_request(8), ExportFormat::questions).text, fresh.text);
}

TEST_F(KeptAnalysis, ACarryKilledBeforeItsRenameOrLockedOutLeavesTheKeptOneAsItWas) {
  const Written fresh = write(store, kept_request(7), ExportFormat::questions);
  // What a carry killed between writing the new manifest and renaming it leaves beside the old.
  const fs::path folder = root() / "all-r1";
  std::ofstream(folder / "manifest.json.new") << R"({"format":)";
  const Written read = write(store, kept_request(7), ExportFormat::questions);
  EXPECT_TRUE(note(read.summary).starts_with("read from")) << note(read.summary);
  EXPECT_EQ(read.text, fresh.text);
  // The next carry writes its own and renames it over the manifest.
  const Written carried = write(store, kept_request(8), ExportFormat::questions);
  EXPECT_NE(note(carried.summary).find("still answers"), std::string::npos) << note(carried.summary);
  EXPECT_EQ(carried.text, fresh.text);
  EXPECT_FALSE(fs::exists(folder / "manifest.json.new"));
  auto manifest = read_kept_manifest(folder);
  ASSERT_TRUE(manifest && *manifest);
  EXPECT_EQ((*manifest)->tag.store_state, 8u);
  // Another paa holds the analysis lock: not carried, but read all the same (its inputs are
  // today's), and the view says so; the kept one unchanged.
  auto holder = KeepSlot::begin(root(), "all-r1");
  ASSERT_TRUE(holder) << holder.error().message;
  PhaseRecorder phases;
  ExportRequest locked_request = kept_request(9);
  locked_request.format.progress = &phases;
  const Written locked = write(store, locked_request, ExportFormat::questions);
  EXPECT_EQ(locked.text, fresh.text);
  EXPECT_EQ(phases.names(), std::vector<std::string>{"reading results"}) << "the check alone, no pass";
  ASSERT_EQ(locked.summary.warnings.size(), 1u);
  EXPECT_NE(locked.summary.warnings[0].find("could not be carried to the store's state (another paa is keeping an "
                                            "analysis in"),
            std::string::npos)
      << locked.summary.warnings[0];
  manifest = read_kept_manifest(folder);
  ASSERT_TRUE(manifest && *manifest);
  EXPECT_EQ((*manifest)->tag.store_state, 8u);
}

TEST_F(KeptAnalysis, OneWriterAtATimeAndTheViewStillAnswers) {
  auto first = KeepSlot::begin(root(), "all-r1");
  ASSERT_TRUE(first) << first.error().message;
  auto second = KeepSlot::begin(root(), "all-r1");
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().kind(), errc::store_in_use);
  // A view meanwhile computes for itself and says so.
  const Written view = write(store, kept_request(), ExportFormat::topics);
  ASSERT_EQ(view.summary.warnings.size(), 1u);
  EXPECT_NE(view.summary.warnings[0].find("computed for this view only: another paa is keeping"), std::string::npos)
      << view.summary.warnings[0];
  EXPECT_EQ(view.text, write(store, ExportRequest{}, ExportFormat::topics).text);
  EXPECT_FALSE(fs::exists(root() / "all-r1"));
  // `paa analyze`, which must keep what it computes, says so before computing anything.
  ExportRequest request = kept_request();
  ExportSummary summary;
  auto refused = analysis_views(store, request, summary, {.must_keep = true});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind(), errc::store_in_use);
  EXPECT_EQ(summary.results, 0u) << "nothing was scanned";
}

TEST_F(KeptAnalysis, WhatIsOpenedIsJudgedByTheManifestReadWithIt) {
  write(store, kept_request(7), ExportFormat::topics);
  // A reader that judged the state-7 manifest, then opened the folder after a newer analysis was
  // swapped in (here: asked for state 8), gets an error, never the other analysis as current.
  auto other = open_kept_views(root() / "all-r1", kept_request(8).kept->tag);
  ASSERT_FALSE(other);
  EXPECT_NE(other.error().message.find("replaced while being opened"), std::string::npos) << other.error().message;
  KeptManifest read;
  auto same = open_kept_views(root() / "all-r1", kept_request(7).kept->tag, &read);
  ASSERT_TRUE(same) << same.error().message;
  EXPECT_EQ(read.tag.store_state, 7u);
}

TEST_F(KeptAnalysis, TheDefaultResolutionStaysAndThreeOthersMostRecentlyRead) {
  write(store, kept_request(7, 1.0), ExportFormat::topics);
  for (const double r : {2.0, 3.0, 4.0}) write(store, kept_request(7, r), ExportFormat::topics);
  // 2 read most recently, then 3, 4: a fifth resolution drops the one read least recently (3).
  const auto at = fs::file_time_type::clock::now();
  fs::last_write_time(root() / "all-r3" / "used", at - std::chrono::hours(3));
  fs::last_write_time(root() / "all-r4" / "used", at - std::chrono::hours(2));
  fs::last_write_time(root() / "all-r2" / "used", at - std::chrono::hours(1));
  fs::last_write_time(root() / "all-r1" / "used", at - std::chrono::hours(9));
  write(store, kept_request(7, 5.0), ExportFormat::topics);
  for (const char* kept : {"all-r1", "all-r2", "all-r4", "all-r5"}) EXPECT_TRUE(fs::exists(root() / kept)) << kept;
  EXPECT_FALSE(fs::exists(root() / "all-r3"));
}

// The topics export's rows: (representative question, topic id), by representative.
std::map<std::string, std::string> topic_ids(const std::string& csv) {
  std::map<std::string, std::string> out;
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);  // the head
  while (std::getline(lines, line)) {
    // topic,label,hl,questions,groups,trees,representative,...: the id first; the
    // representative is the only field here holding a '?'.
    const auto q_end = line.find('?');
    if (q_end == std::string::npos) continue;
    const auto q_start = line.rfind(',', q_end);
    out[line.substr(q_start + 1, q_end - q_start)] = line.substr(0, line.find(','));
  }
  return out;
}

TEST_F(KeptAnalysis, ATopicKeepsItsIdWhenItsRepresentativeMovesAndTheTrendSaysItGrew) {
  const auto first = topic_ids(write(store, kept_request(7), ExportFormat::topics).text);
  ASSERT_TRUE(first.contains("Why is espresso bitter?")) << "the group in the most trees represents the coffee topic";
  const std::string id = first.at("Why is espresso bitter?");
  // New keys whose trees hold one question of the topic and nothing else (no new link): that
  // question is in the most trees now, and represents the same topic.
  for (int i = 0; i < 6; ++i) {
    store.add(make_stored("descale often " + std::to_string(i), "en", "us", "",
                          test::body_with_questions({"How often should you descale?"})));
  }
  const Written now = write(store, kept_request(8), ExportFormat::topics);
  const auto ids = topic_ids(now.text);
  ASSERT_TRUE(ids.contains("How often should you descale?")) << now.text;
  EXPECT_EQ(ids.at("How often should you descale?"), id) << "the same topic keeps its id";
  // Computed from the trees alone, the topic's id is its new representative's group id.
  const auto fresh = topic_ids(write(store, ExportRequest{}, ExportFormat::topics).text);
  EXPECT_NE(fresh.at("How often should you descale?"), id);
  // `paa topics` says what changed since the analysis of state 7.
  const Written summary = write(store, kept_request(8), ExportFormat::topics_summary);
  EXPECT_NE(summary.text.find("\nSince the analysis of "), std::string::npos) << summary.text;
  EXPECT_NE(summary.text.find("  grew "), std::string::npos) << summary.text;
  EXPECT_EQ(write(store, ExportRequest{}, ExportFormat::topics_summary).text.find("Since the analysis"), std::string::npos)
      << "no analysis before it: no trend";
  // A view computing its own pass keeps the kept analysis's ids when asked to.
  ExportRequest own;
  own.format.topics.previous = kept_topics_before(root() / "all-r1", nullptr);
  EXPECT_EQ(topic_ids(write(store, own, ExportFormat::topics).text), ids);

  // The trend streamed a change at a time (what the workbook and the report read) is the trend
  // read whole, change by change; a damaged byte in it is store_damaged, never a wrong row.
  const AnalysisTag tag = kept_request(8).kept->tag;
  const auto collect = [](topics::TopicMap& map, std::vector<topics::TopicChange>& out) {
    return map.for_each_change([&](const topics::TopicChange& c) -> Result<void> {
      out.push_back(c);
      return {};
    });
  };
  auto streamed = open_kept_views(root() / "all-r1", tag);
  ASSERT_TRUE(streamed) << streamed.error().message;
  EXPECT_TRUE(streamed->topics->has_trend());
  std::vector<topics::TopicChange> changes;
  auto head = collect(*streamed->topics, changes);
  ASSERT_TRUE(head) << head.error().message;
  auto whole = open_kept_views(root() / "all-r1", tag);
  ASSERT_TRUE(whole);
  auto trend = whole->topics->trend();
  ASSERT_TRUE(trend) << trend.error().message;
  ASSERT_FALSE(changes.empty());
  EXPECT_EQ(changes, (*trend)->changes);
  EXPECT_TRUE(head->compared);
  EXPECT_EQ(head->since_ms, (*trend)->since_ms);
  EXPECT_EQ(head->since_results, (*trend)->since_results);
  const fs::path file = root() / "all-r1" / "topics.trend";
  const auto overwrite = [&](std::uint64_t at, std::string_view bytes) {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    ASSERT_TRUE(f.is_open());
    f.seekp(static_cast<std::streamoff>(at));
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    ASSERT_TRUE(f.good());
  };
  // A count larger than the file holds (after since_ms and since_results): refused before any change.
  overwrite(16, std::string(8, '\xff'));
  {
    auto opened = open_kept_views(root() / "all-r1", tag);
    ASSERT_TRUE(opened);
    std::vector<topics::TopicChange> none;
    auto refused = collect(*opened->topics, none);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind(), errc::store_damaged);
    EXPECT_TRUE(none.empty());
  }
  std::string count(8, '\0');
  const std::uint64_t n = changes.size();
  std::memcpy(count.data(), &n, 8);
  overwrite(16, count);
  // The last change's kind (the file's size unchanged: found only while streaming it).
  overwrite(fs::file_size(file) - (1 + 10 * 8 + 2 * 4 + changes.back().label.size()), "\x7f");
  auto damaged = open_kept_views(root() / "all-r1", tag);
  ASSERT_TRUE(damaged);
  std::vector<topics::TopicChange> some;
  auto refused = collect(*damaged->topics, some);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind(), errc::store_damaged);
  EXPECT_EQ(some.size(), changes.size() - 1) << "the changes before the damaged one";
}

TEST_F(KeptAnalysis, ADamagedAnalysisBeforeIsAWarningAndTheTopicsTakeNewIds) {
  write(store, kept_request(7), ExportFormat::topics);
  // Its groups damaged in the middle (the size unchanged: found only while streaming them).
  const fs::path groups = root() / "all-r1" / "groups.zst";
  {
    std::fstream f(groups, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(groups) / 2));
    f.write("\xff\xff\xff\xff\xff\xff\xff\xff", 8);
  }
  store.add(make_stored("crema", "en", "us", "", test::body_with_questions({"What is crema?"})));  // computed anew
  const Written now = write(store, kept_request(8), ExportFormat::topics);
  ASSERT_EQ(now.summary.warnings.size(), 1u) << now.text;
  EXPECT_NE(now.summary.warnings[0].find("the topics take new ids"), std::string::npos) << now.summary.warnings[0];
  EXPECT_EQ(now.text, write(store, ExportRequest{}, ExportFormat::topics).text) << "each topic its representative's id";
  // The new analysis replaced the damaged one: the next reads it, without a warning.
  const Written next = write(store, kept_request(8), ExportFormat::topics);
  EXPECT_TRUE(note(next.summary).starts_with("read from")) << note(next.summary);
  EXPECT_TRUE(next.summary.warnings.empty());
}

TEST(AnalysisTag, EachFieldThatChangesMakesItStaleWithItsReason) {
  KeptManifest kept;
  kept.tag = {.store_state = 5, .job = "", .analysis_version = 2, .program = "0.1.0 abc", .resolution = 1.0,
              .max_question_depth = 1000, .volumes = true};
  EXPECT_EQ(judge_kept(std::nullopt, kept.tag).freshness, Freshness::missing);
  EXPECT_EQ(judge_kept(kept, kept.tag).freshness, Freshness::current);
  const auto why = [&](auto change) {
    AnalysisTag now = kept.tag;
    change(now);
    const auto v = judge_kept(kept, now);
    EXPECT_EQ(v.freshness, Freshness::stale);
    return v.why;
  };
  EXPECT_EQ(why([](AnalysisTag& t) { t.store_state = 6; }), "the store has changed since");
  EXPECT_EQ(why([](AnalysisTag& t) { t.analysis_version = 3; }), "the analysis rules have changed since (version 2 to 3)");
  EXPECT_EQ(why([](AnalysisTag& t) { t.program = "0.2.0 def"; }), "it was made by another paa (0.1.0 abc)");
  EXPECT_EQ(why([](AnalysisTag& t) { t.max_question_depth = 3; }), "it read the trees to another depth");
  EXPECT_EQ(why([](AnalysisTag& t) { t.volumes = false; }), "the seeds' volumes have changed since");
  EXPECT_NE(why([](AnalysisTag& t) { t.job = "other"; }).find("another selection"), std::string::npos);
}

TEST(AnalysisTag, TheManifestReadsBackAndADamagedOneIsRefused) {
  KeptManifest m;
  m.tag = {.store_state = 123456789012345, .job = "j", .analysis_version = 2, .program = "0.1.0 abc",
           .resolution = 0.5, .max_question_depth = 7, .volumes = true};
  m.results = 10;
  m.missing_results = 1;
  m.questions = 30;
  m.groups = 20;
  m.topics = 4;
  m.bytes = 999;
  m.made_ms = 1796000000000;
  m.took_ms = 42;
  m.types = {1, 2, 3};
  m.intents = {4, 5};
  auto back = parse_manifest(manifest_json(m));
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->tag, m.tag);
  EXPECT_EQ(back->questions, 30u);
  EXPECT_EQ(back->missing_results, 1u);
  EXPECT_EQ(back->types, m.types);
  EXPECT_EQ(back->intents, m.intents);
  EXPECT_EQ(back->took_ms, 42);
  EXPECT_FALSE(back->inputs) << "an analysis kept before its inputs were";
  EXPECT_EQ(back->carried_ms, 0);
  m.inputs = 0x00fedcba98765432;  // kept as 16 hex digits, leading zeros and all
  m.carried_ms = 1796000000123;
  const std::string json = manifest_json(m);
  EXPECT_NE(json.find(R"("inputs":"00fedcba98765432")"), std::string::npos) << json;
  back = parse_manifest(json);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->inputs, m.inputs);
  EXPECT_EQ(back->carried_ms, m.carried_ms);
  std::string short_inputs = json;
  short_inputs.replace(short_inputs.find("00fedcba98765432"), 16, "fedcba98765432");
  EXPECT_FALSE(parse_manifest(short_inputs));
  for (const std::string bad : {"", "{", "[]", R"({"format":1})", R"({"format":99})"}) {
    auto refused = parse_manifest(bad);
    ASSERT_FALSE(refused) << bad;
    EXPECT_EQ(refused.error().kind(), errc::store_damaged);
  }
}

TEST(AnalysisTag, FolderNamesTellTheSelectionAndResolutionApart) {
  EXPECT_EQ(kept_folder_name("", 1.0), "all-r1");
  EXPECT_EQ(kept_folder_name("", 0.5), "all-r0.5");
  EXPECT_EQ(kept_folder_name("", 2.25), "all-r2.25");
  const std::string a = kept_folder_name("seo/night", 1.0);
  EXPECT_TRUE(a.starts_with("job-") && a.ends_with("-r1") && a.find('/') == std::string::npos) << a;
  EXPECT_NE(a, kept_folder_name("seo/day", 1.0));
}

TEST_F(KeptAnalysis, AComputedAnalysisTellsItsPhasesAndAReadOneNone) {
  PhaseRecorder computing;
  ExportRequest request = kept_request();
  request.format.progress = &computing;
  write(store, request, ExportFormat::topics);
  // (3 + 3 + 3 + 3) x 2 + 1 questions, each one occurrence; nothing kept before, so no ids matched.
  EXPECT_EQ(computing.names(), (std::vector<std::string>{"reading results", "sorting the questions",
                                                         "grouping the variants", "finding the terms",
                                                         "linking the variant groups", "clustering the topics",
                                                         "labelling the topics", "counting the answer domains",
                                                         "comparing the markets", "keeping the analysis"}));
  EXPECT_EQ(computing.phases[1].total, 25u);

  PhaseRecorder reading;
  request.format.progress = &reading;
  const std::string questions = write(store, request, ExportFormat::questions).text;
  EXPECT_TRUE(reading.phases.empty());
  // The rows kept are the questions export's rows (the header aside).
  EXPECT_EQ(computing.phases.back().total,
            static_cast<std::uint64_t>(std::count(questions.begin(), questions.end(), '\n') - 1));

  // The next analysis matches its topics' ids with this one's.
  PhaseRecorder again;
  store.add(make_stored("crema", "en", "us", "", test::body_with_questions({"What is crema?"})));  // computed anew
  request = kept_request(8);
  request.format.progress = &again;
  write(store, request, ExportFormat::topics);
  EXPECT_EQ(again.names().at(again.phases.size() - 4), "matching the topics' ids");
}

// A row as a test compares it: its texts and figures, its group's and its topic's.
std::string row_text(const analysis::UniqueQuestion& q, const topics::QuestionGroup& g, const topics::Topic& t) {
  std::ostringstream out;
  out << q.question << '|' << q.answer << '|' << q.url << '|' << q.count << '|' << q.first_q << '|' << g.group << '|'
      << g.trees << '|' << g.volume << '|' << static_cast<int>(g.type) << '|' << g.is_representative << '|'
      << g.representative << '|' << t.id << '|' << t.label;
  return out.str();
}

// Trees of 60 questions each, 2,400 distinct (three frames of rows), some asked in two trees.
void fill_many(FakeStoreReader& store) {
  for (int tree = 0; tree < 40; ++tree) {
    std::vector<std::string> questions;
    for (int n = 0; n < 60; ++n) questions.push_back("How does part " + std::to_string(tree * 60 + n) + " work?");
    if (tree > 0) questions.push_back("How does part " + std::to_string(tree * 60 - 1) + " work?");
    store.add(make_stored("part " + std::to_string(tree), "en", "us", "", test::body_with_questions(questions)));
  }
}

TEST_F(KeptAnalysis, AFewQuestionsRowsAreFoundByTheLookupAsTheRowsReadThem) {
  FakeStoreReader many;
  fill_many(many);
  const Written computed = write(many, kept_request(), ExportFormat::questions);
  ASSERT_TRUE(note(computed.summary).starts_with("computed the analysis")) << note(computed.summary);
  const fs::path folder = root() / kept_folder_name("", 1.0);
  const AnalysisTag tag = kept_request().kept->tag;

  // Every row, in order, as the views read them whole.
  std::vector<std::string> folded;
  std::map<std::string, std::string> whole;
  {
    auto views = open_kept_views(folder, tag);
    ASSERT_TRUE(views) << views.error().message;
    ASSERT_TRUE(for_each_question_row(*views, [&](const analysis::UniqueQuestion& q, const topics::QuestionGroup& g,
                                                  const topics::Topic& t) -> Result<void> {
      folded.push_back(fold_or_raw(q.question));
      whole[folded.back()] = row_text(q, g, t);
      return {};
    }));
  }
  ASSERT_EQ(folded.size(), 2400u);
  const auto found = [&](std::vector<std::string> asked) {
    std::map<std::string, std::string> rows;
    auto views = open_kept_views(folder, tag);
    if (!views) {
      ADD_FAILURE() << views.error().message;
      return rows;
    }
    EXPECT_TRUE(views->kept_find) << "a kept analysis has its lookup";
    auto read = for_each_question_row_of(*views, asked, [&](const analysis::UniqueQuestion& q,
                                                             const topics::QuestionGroup& g,
                                                             const topics::Topic& t) -> Result<void> {
      EXPECT_TRUE(rows.emplace(fold_or_raw(q.question), row_text(q, g, t)).second) << "each row once";
      return {};
    });
    EXPECT_TRUE(read) << read.error().message;
    return rows;
  };
  // All of them, and a text no tree holds.
  std::vector<std::string> every = folded;
  every.push_back("how does part 99999 work?");
  EXPECT_EQ(found(every), whole);
  // The first row, the last of the first frame and the first of the next, the last row.
  std::map<std::string, std::string> some;
  for (const std::size_t row : {std::size_t{0}, std::size_t{1023}, std::size_t{1024}, std::size_t{2399}}) {
    some[folded[row]] = whole[folded[row]];
  }
  EXPECT_EQ(found({folded[2399], folded[1024], folded[0], folded[1023], folded[0]}), some);
  EXPECT_TRUE(found({"how does part 99999 work?"}).empty());

  // Every question given one hash (the lookup rewritten, its size kept): the rows the hash leads
  // to are told apart by their text.
  {
    const std::uint64_t shared = key_hash(folded[0]);
    std::string lookup;
    for (std::uint32_t row = 0; row < folded.size(); ++row) {
      lookup.append(reinterpret_cast<const char*>(&shared), sizeof shared);
      lookup.append(reinterpret_cast<const char*>(&row), sizeof row);
    }
    ASSERT_EQ(fs::file_size(folder / "questions.lookup"), lookup.size());
    std::ofstream(folder / "questions.lookup", std::ios::binary | std::ios::trunc) << lookup;
  }
  EXPECT_EQ(found({folded[0]}), (std::map<std::string, std::string>{{folded[0], whole[folded[0]]}}));
  EXPECT_TRUE(found({folded[1500]}).empty()) << "its own hash is no longer in the lookup";

  // Computed views (no lookup) find the same rows by reading them all.
  std::vector<std::string> asked = {folded[0], folded[1023], folded[1024], folded[2399]};
  ExportRequest request;
  AnalysisSink sink;
  ExportSummary summary;
  ASSERT_TRUE(scan_results(many, request, sink.needs(), {&sink}, summary));
  auto computed_views = sink.finish({});
  ASSERT_TRUE(computed_views) << computed_views.error().message;
  EXPECT_FALSE(computed_views->kept_find);
  std::map<std::string, std::string> rows;
  ASSERT_TRUE(for_each_question_row_of(*computed_views, asked, [&](const analysis::UniqueQuestion& q,
                                                                   const topics::QuestionGroup& g,
                                                                   const topics::Topic& t) -> Result<void> {
    rows[fold_or_raw(q.question)] = row_text(q, g, t);
    return {};
  }));
  EXPECT_EQ(rows, some);
}

std::string markdown(const Brief& brief) {
  StringSink sink;
  BufferedOutput out(sink);
  write_brief(brief, BriefFormat::markdown, out);
  EXPECT_TRUE(out.flush());
  return sink.data;
}

TEST_F(KeptAnalysis, AQueryBriefReadsTheKeptAnalysisAndReadsNoOtherTree) {
  const Query espresso = make_query("espresso", "en", "us").value();
  auto alone = gather_query_brief(store, espresso, "store 'x'");  // computed for itself, nothing kept
  ASSERT_TRUE(alone) << alone.error().message;
  ASSERT_FALSE(fs::exists(root()));
  // Counted by hand: "Why is espresso bitter?" is in three keys' trees, each in us and gb.
  EXPECT_EQ(alone->entries.front().question, "Why is espresso bitter?");
  EXPECT_EQ(alone->entries.front().group_count, 6u);

  store.fake_state = 7;
  PhaseRecorder computing;
  ExportSummary first;
  auto computed = gather_query_brief(store, espresso, "store 'x'", {dir.path(), &computing, &first});
  ASSERT_TRUE(computed) << computed.error().message;
  EXPECT_TRUE(note(first).starts_with("computed the analysis (none was kept)")) << note(first);
  EXPECT_EQ(computing.names().front(), "reading results");

  PhaseRecorder reading;
  ExportSummary second;
  auto read = gather_query_brief(store, espresso, "store 'x'", {dir.path(), &reading, &second});
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_TRUE(note(second).starts_with("read from the analysis kept in")) << note(second);
  EXPECT_TRUE(reading.phases.empty()) << "no pass over the trees";
  EXPECT_EQ(markdown(*computed), markdown(*alone));
  EXPECT_EQ(markdown(*read), markdown(*alone));

  // The store's state moved, its results did not (a run that fetched nothing): checked by a
  // scan that parses no tree, and carried to the new state.
  store.fake_state = 8;
  PhaseRecorder checking;
  ExportSummary third;
  auto carried = gather_query_brief(store, espresso, "store 'x'", {dir.path(), &checking, &third});
  ASSERT_TRUE(carried) << carried.error().message;
  EXPECT_TRUE(note(third).find("still answers: the store has changed since, but not what it was computed from (9 "
                               "results checked") != std::string::npos)
      << note(third);
  EXPECT_EQ(checking.names(), std::vector<std::string>{"reading results"}) << "no tree sorted, nothing clustered";
  EXPECT_EQ(markdown(*carried), markdown(*alone));
  auto manifest = read_kept_manifest(root() / "all-r1");
  ASSERT_TRUE(manifest && *manifest);
  EXPECT_EQ((*manifest)->tag.store_state, 8u);
  EXPECT_GT((*manifest)->carried_ms, 0);
  ExportSummary fourth;
  ASSERT_TRUE(gather_query_brief(store, espresso, "store 'x'", {dir.path(), nullptr, &fourth}));
  EXPECT_TRUE(note(fourth).starts_with("read from the analysis kept in")) << "current once carried: " << note(fourth);

  // A new result: the kept analysis is stale, computed again and kept.
  store.add(make_stored("espresso crema", "en", "us", "", test::body_with_questions({"Why is espresso bitter?"})));
  store.fake_state = 9;
  ExportSummary fifth;
  auto recomputed = gather_query_brief(store, espresso, "store 'x'", {dir.path(), nullptr, &fifth});
  ASSERT_TRUE(recomputed) << recomputed.error().message;
  EXPECT_TRUE(note(fifth).starts_with("computed the analysis (the kept one was stale: the store has changed since "
                                      "(10 results, 9 then))"))
      << note(fifth);
  EXPECT_EQ(recomputed->entries.front().group_count, 7u) << "counted with the new tree";
}

}  // namespace
}  // namespace paa::exporting
