// `paa brief` end to end (docs/brief.md): paa-emulator plants topics whose questions, and so their
// answers ("About " + the question) and titles, are hostile text; `paa run` harvests them with
// plain keys beside, and a refresh against changed answers gives the plain keys a second version.
// Then the three formats are read by real consumers: the JSON-LD by Python's json with a
// structural check of the FAQPage, the Markdown line by line, the HTML in headless Chromium
// (tests/e2e/check_brief.cjs). Expectations come from the jsonl and topics exports and the
// catalog, not from the brief.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace paa::e2e {
namespace {

namespace json = boost::json;

const std::string kImg = "</script><img src=x onerror=window.__pwned=1>";
const std::string kHeading = "# Heading injected";
const std::string kLink = "[link](javascript:window.__pwned=1) | pipe";
const std::string kLines = "Why is espresso bitter?\nline two\u2028sep";
const std::vector<std::string> kPlanted{"espresso machine", "espresso beans", "home espresso"};
const std::vector<std::string> kPlain{"coffee grinder", "tea kettle", "milk frother", "latte art", "cold brew", "moka pot"};

// The catalog: each hostile question a group of its own, a hub of every planted seed (so at the
// top of each of their trees); the line-breaking one in two seeds; ordinary groups beside.
std::string catalog() {
  json::array seeds;
  for (const auto& s : kPlanted) seeds.emplace_back(s);
  auto group = [](std::vector<std::string> spellings, json::array hubs) {
    json::object g;
    json::array sp;
    for (auto& s : spellings) sp.emplace_back(s);
    g["spellings"] = std::move(sp);
    if (!hubs.empty()) g["hubs"] = std::move(hubs);
    return g;
  };
  json::array groups{group({kImg}, seeds), group({kHeading}, seeds), group({kLink}, seeds),
                     group({kLines}, json::array{"espresso machine", "home espresso"}),
                     group({"How long does an espresso machine last?", "how long do espresso machines last"}, {}),
                     group({"Can you drink espresso every day?", "can you drink an espresso every day"}, {}),
                     group({"How do you descale an espresso machine?"}, {})};
  json::object topic;
  topic["name"] = "espresso";
  topic["seeds"] = seeds;
  topic["domains"] = json::array{"espresso-one.example", "baristas.com"};
  topic["groups"] = std::move(groups);
  json::object root;
  root["noise"] = 0;
  root["topics"] = json::array{std::move(topic)};
  return json::serialize(root);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// What a reader of the Markdown sees of an escaped text: each "\x" is "x".
std::string unescape_markdown(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) ++i;
    out.push_back(s[i]);
  }
  return out;
}

// One text as the Markdown shows it: white space collapsed, the ends trimmed (then escaped).
std::string collapsed(const std::string& s) {
  std::string t = std::regex_replace(s, std::regex("\u2028|\u2029|\u0085"), " ");
  t = std::regex_replace(t, std::regex("[\\s]+"), " ");
  const auto b = t.find_first_not_of(' ');
  if (b == std::string::npos) return "";
  return t.substr(b, t.find_last_not_of(' ') - b + 1);
}

struct MdEntry {
  std::string question;  // unescaped
  std::string status;
  std::uint64_t trees = 0;
  std::uint32_t depth = 0, position = 0;
  bool answered = false;
};

// The Markdown brief's entries, checking its structure on the way: only our lines, numbered
// sections, a facts line each, two-column tables.
std::vector<MdEntry> parse_md(const std::string& md) {
  std::vector<MdEntry> out;
  const std::regex facts(R"(^- Type: [a-z\\_]+ · stability: (stable|intermittent|gone|new|-) · in (\d+) stored trees? · depth (\d+), position (\d+)$)");
  std::size_t h1 = 0, h2 = 0;
  for (const auto& l : lines_of(md)) {
    const bool ours = l.empty() || l.starts_with("# ") || l.starts_with("## ") || l.starts_with("### ") ||
                      l.starts_with("- ") || l.starts_with("  - ") || l.starts_with("| ") ||
                      l.starts_with("People Also Ask brief") || l == "None stored." || l == "No answers.";
    EXPECT_TRUE(ours) << "a line the brief did not make: " << l;
    h1 += l.starts_with("# ");
    h2 += l.starts_with("## ");
    if (l.starts_with("### ")) {
      const std::string number = std::to_string(out.size() + 1) + ". ";
      EXPECT_TRUE(l.compare(4, number.size(), number) == 0) << l;
      MdEntry e;
      e.question = unescape_markdown(l.substr(4 + number.size()));
      out.push_back(std::move(e));
    } else if (l.starts_with("- Type: ")) {
      std::smatch m;
      EXPECT_TRUE(std::regex_match(l, m, facts)) << l;
      if (!out.empty() && !m.empty()) {
        out.back().status = m[1];
        out.back().trees = std::stoull(m[2]);
        out.back().depth = static_cast<std::uint32_t>(std::stoul(m[3]));
        out.back().position = static_cast<std::uint32_t>(std::stoul(m[4]));
      }
    } else if (l.starts_with("- Search snippet (a research note, not your answer): ") && !out.empty()) {
      out.back().answered = l != "- Search snippet (a research note, not your answer): none stored";
    } else if (l.starts_with("| ")) {
      std::size_t pipes = 0;
      for (std::size_t i = 0; i < l.size(); ++i) {
        if (l[i] == '\\') ++i;
        else if (l[i] == '|') ++pipes;
      }
      EXPECT_EQ(pipes, 3u) << l;
    }
  }
  EXPECT_EQ(h1, 1u);
  EXPECT_EQ(h2, 3u);
  // Most trees first, then the shallowest, then the first among its siblings.
  for (std::size_t i = 1; i < out.size(); ++i) {
    const auto& a = out[i - 1];
    const auto& b = out[i];
    EXPECT_TRUE(a.trees > b.trees ||
                (a.trees == b.trees && std::tie(a.depth, a.position) <= std::tie(b.depth, b.position)))
        << a.question << " before " << b.question;
  }
  return out;
}

// Each question of an exported tree (jsonl "result") with its answer, in pre-order.
void questions_of(const json::value& nodes, std::vector<std::pair<std::string, std::string>>& out) {
  if (!nodes.is_array()) return;
  for (const auto& n : nodes.as_array()) {
    const auto& o = n.as_object();
    const json::value* answer = o.if_contains("answer");
    out.emplace_back(std::string(o.at("question").as_string()),
                     answer != nullptr && answer->is_string() ? std::string(answer->as_string()) : std::string());
    if (const auto* children = o.if_contains("children")) questions_of(*children, out);
  }
}

const json::object* row_of(const std::vector<json::object>& rows, const std::string& q) {
  for (const auto& r : rows) {
    if (r.at("q").as_string() == q) return &r;
  }
  return nullptr;
}

class BriefE2E : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    tmp_ = new TempDir();
    const fs::path& dir = tmp_->path();
    std::ofstream(dir / "catalog.json") << catalog();
    std::string list;
    for (const auto& s : kPlanted) list += s + "\n";
    for (const auto& s : kPlain) list += s + "\n";
    std::ofstream(dir / "seeds.txt") << list;
    std::ofstream(dir / "brief.toml") << "name = \"brief\"\nquery_files = [\"seeds.txt\"]\n"
                                      << "locales = [ { hl = \"en\", gl = \"us\" } ]\n[limits]\nconcurrency = 4\nrate = 0\n";
    {
      Emulator emu(dir, {"--seed", "41", "--topics", (dir / "catalog.json").string()});
      auto run = run_paa(run_args(dir / "brief.toml", emu), dir);
      ASSERT_EQ(run.exit_code, 0) << run.err;
    }
    before_ = new std::vector<json::object>(export_jsonl(dir, dir / "brief.db"));
    {
      // The same answers two revisions on: some plain keys change (a question replaced).
      Emulator emu(dir, {"--seed", "41", "--topics", (dir / "catalog.json").string(), "--revision", "2"});
      auto run = run_paa(run_args(dir / "brief.toml", emu, {"--refresh"}), dir);
      ASSERT_EQ(run.exit_code, 0) << run.err;
    }
    after_ = new std::vector<json::object>(export_jsonl(dir, dir / "brief.db"));
  }
  static void TearDownTestSuite() {
    delete before_;
    delete after_;
    delete tmp_;
  }

  void SetUp() override {
    if (before_ == nullptr || after_ == nullptr) GTEST_SKIP() << "the harvest failed (see SetUpTestSuite's failure)";
  }

  static ProcessResult brief(std::vector<std::string> args) {
    args.insert(args.begin(), {"brief", "--store", (tmp_->path() / "brief.db").string()});
    return run_paa(args, tmp_->path());
  }
  static std::vector<std::string> key(const std::string& q) { return {"--q", q, "--hl", "en", "--gl", "us"}; }
  static std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  }
  // Python's json reads FILE and checks the FAQPage's structure. `expect`: "names", the spellings
  // a question's name may have (the store's questions); "answers", the text each name's answer
  // must have, else "skeleton"'s; "snippets", the service's answers, none of which an answer may
  // hold; "must", names it must hold; "exactly" (when given), the number of its questions.
  // Prints the questions' count.
  static ProcessResult check_jsonld(const fs::path& file, const json::object& expect) {
    const fs::path expect_file = file.string() + ".expect.json";
    std::ofstream(expect_file) << json::serialize(expect);
    const char* const script = R"(
import json, sys
raw = open(sys.argv[1], encoding="utf-8").read()
doc = json.loads(raw)
want = json.load(open(sys.argv[2], encoding="utf-8"))
assert "<" not in raw and ">" not in raw and "\u2028" not in raw and "\u2029" not in raw, "unescaped < > or line separators"
assert set(doc) == {"@context", "@type", "mainEntity"}, sorted(doc)
assert doc["@context"] == "https://schema.org" and doc["@type"] == "FAQPage"
main = doc["mainEntity"]
assert isinstance(main, list) and main, "mainEntity is an empty list"
names = []
for q in main:
    assert set(q) == {"@type", "name", "acceptedAnswer"} and q["@type"] == "Question", q
    a = q["acceptedAnswer"]
    assert set(a) == {"@type", "text"} and a["@type"] == "Answer" and a["text"].strip(), a
    assert q["name"] in want["names"], "not a question of the store: %r" % q["name"]
    text = want["answers"].get(q["name"], want.get("skeleton"))
    assert a["text"] == text, "answer of %r: %r, want %r" % (q["name"], a["text"], text)
    for snippet in want["snippets"]:
        assert snippet not in a["text"], "the answer of %r holds the service's snippet %r" % (q["name"], snippet)
    names.append(q["name"])
assert len(set(names)) == len(names), "a question twice"
for must in want["must"]:
    assert must in names, "missing: %r" % must
if "exactly" in want:
    assert len(main) == want["exactly"], "%d questions, want %d: %r" % (len(main), want["exactly"], names)
print(len(main))
)";
    test::Process python({PAA_PYTHON, "-c", script, file.string(), expect_file.string()}, {}, tmp_->path());
    return python.wait();
  }
  // Every question stored now and every answer the service gave them, for check_jsonld.
  static void store_questions(json::object& expect) {
    json::array names, snippets;
    for (const auto& row : *after_) {
      std::vector<std::pair<std::string, std::string>> tree;
      questions_of(row.at("result").at("children"), tree);
      for (auto& [q, a] : tree) {
        names.emplace_back(q);
        if (!a.empty()) snippets.emplace_back(a);
      }
    }
    expect["names"] = std::move(names);
    expect["snippets"] = std::move(snippets);
  }

  static TempDir* tmp_;
  static std::vector<json::object>* before_;
  static std::vector<json::object>* after_;
};
TempDir* BriefE2E::tmp_ = nullptr;
std::vector<json::object>* BriefE2E::before_ = nullptr;
std::vector<json::object>* BriefE2E::after_ = nullptr;

TEST_F(BriefE2E, QueryBriefInEveryFormatKeepsHostileAnswersText) {
  const fs::path& dir = tmp_->path();
  const json::object* row = row_of(*after_, "espresso machine");
  ASSERT_NE(row, nullptr);
  std::vector<std::pair<std::string, std::string>> tree;
  questions_of(row->at("result").at("children"), tree);
  json::object answers;
  for (const auto& [q, a] : tree) answers[q] = a;
  for (const auto& hostile : {kImg, kHeading, kLink, kLines}) {
    ASSERT_TRUE(answers.contains(hostile)) << "the planted tree holds " << hostile;
    ASSERT_EQ(answers.at(hostile).as_string(), "About " + hostile);
  }

  // JSON-LD, read by Python: without the user's answers, a skeleton of every question whose
  // answers are to be written, never the service's snippets, and a warning saying so.
  auto jsonld = brief(with(key("Espresso  Machine"), {"--format", "jsonld", "-o", "faq.json"}));
  ASSERT_EQ(jsonld.exit_code, 0) << jsonld.err;
  EXPECT_NE(jsonld.err.find("paa: warning: the brief's FAQPage JSON-LD is a skeleton"), std::string::npos) << jsonld.err;
  json::object expect;
  store_questions(expect);
  expect["answers"] = json::object{};
  expect["skeleton"] = "TO BE WRITTEN: the answer your page shows to this question";
  expect["must"] = json::array{json::string(kImg), json::string(kHeading), json::string(kLink), json::string(kLines)};
  auto python = check_jsonld(dir / "faq.json", expect);
  ASSERT_EQ(python.exit_code, 0) << python.err;

  // Markdown: our structure only, each hostile question one heading, its answer one line.
  auto md = brief(key("espresso machine"));
  ASSERT_EQ(md.exit_code, 0) << md.err;
  const auto entries = parse_md(md.out);
  ASSERT_FALSE(entries.empty());
  for (const auto& hostile : {kImg, kHeading, kLink, kLines}) {
    const auto it = std::find_if(entries.begin(), entries.end(),
                                 [&](const MdEntry& e) { return e.question == collapsed(hostile); });
    ASSERT_NE(it, entries.end()) << "no section for " << hostile << "\n" << md.out;
    EXPECT_EQ(it->trees, hostile == kLines ? 2u : 3u) << hostile;  // the planted hubs
    EXPECT_EQ(it->depth, 1u);
    EXPECT_EQ(it->status, "stable");
    EXPECT_NE(unescape_markdown(md.out).find("- Search snippet (a research note, not your answer): About " +
                                             collapsed(hostile) + "\n"),
              std::string::npos);
  }
  EXPECT_EQ(entries.size(), std::stoul(python.out));  // the skeleton holds every question

  // HTML, opened in Chromium.
  const fs::path modules = PAA_NODE_MODULES;
  if (!fs::exists(modules / "puppeteer-core") || !fs::exists("/usr/bin/chromium")) {
    GTEST_SKIP() << "needs chromium and puppeteer-core: source scripts/lib/common.sh && paa_install_report_test_deps";
  }
  auto html = brief(with(key("espresso machine"), {"--format", "html", "-o", "brief.html"}));
  ASSERT_EQ(html.exit_code, 0) << html.err;
  EXPECT_NE(html.err.find("paa: wrote a brief of " + std::to_string(entries.size()) + " questions"), std::string::npos)
      << html.err;
  json::object page;
  page["entries"] = entries.size();
  page["questions"] = json::array{json::string(kImg), json::string(kHeading), json::string(kLink), json::string(kLines)};
  json::array hostile_answers;
  for (const auto& h : {kImg, kHeading, kLink, kLines}) hostile_answers.emplace_back("About " + h);
  page["answers"] = std::move(hostile_answers);
  json::array faq;
  {
    const auto doc = json::parse(read_file(dir / "faq.json"));
    for (const auto& q : doc.at("mainEntity").as_array()) faq.push_back(q.at("name"));
  }
  page["faq_names"] = std::move(faq);
  std::ofstream(dir / "brief.expect.json") << json::serialize(page);
  test::Process node({"/usr/bin/node", PAA_E2E_DIR "/check_brief.cjs", (dir / "brief.html").string(),
                      (dir / "brief.expect.json").string()},
                     {{"NODE_PATH", modules.string()}}, dir);
  auto checked = node.wait();
  EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
}

TEST_F(BriefE2E, StabilityOverTheKeysVersions) {
  // A plain key the refresh changed: its questions in both versions are stable, the ones only
  // in the new version are new.
  const json::object* changed = nullptr;
  std::set<std::string> old_questions, new_questions;
  for (const auto& q : kPlain) {
    std::vector<std::pair<std::string, std::string>> a, b;
    questions_of(row_of(*before_, q)->at("result").at("children"), a);
    questions_of(row_of(*after_, q)->at("result").at("children"), b);
    if (a == b) continue;
    changed = row_of(*after_, q);
    for (const auto& [text, answer] : a) old_questions.insert(collapsed(text));
    for (const auto& [text, answer] : b) new_questions.insert(collapsed(text));
    break;
  }
  ASSERT_NE(changed, nullptr) << "revision 2 changed none of the plain keys";
  auto md = brief(key(std::string(changed->at("q").as_string())));
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_NE(md.out.find("stability over 2 stored versions."), std::string::npos) << md.out;
  std::size_t fresh = 0;
  for (const auto& e : parse_md(md.out)) {
    ASSERT_TRUE(new_questions.contains(e.question)) << e.question;
    const bool was = old_questions.contains(e.question);
    EXPECT_EQ(e.status, was ? "stable" : "new") << e.question;
    fresh += !was;
  }
  EXPECT_GT(fresh, 0u) << md.out;
}

TEST_F(BriefE2E, TopicBriefFromTheTopicsExportsId) {
  const fs::path& dir = tmp_->path();
  auto topics = run_paa({"export", "--store", (dir / "brief.db").string(), "--format", "topics"}, dir);
  ASSERT_EQ(topics.exit_code, 0) << topics.err;
  const auto rows = parse_csv(topics.out);
  ASSERT_GE(rows.size(), 2u);
  ASSERT_EQ(rows[0][0], "topic");
  ASSERT_EQ(rows[0][5], "trees");
  // The topic of the hostile hub, as the questions export names it.
  auto questions = run_paa({"export", "--store", (dir / "brief.db").string(), "--format", "questions"}, dir);
  ASSERT_EQ(questions.exit_code, 0) << questions.err;
  const auto qrows = parse_csv(questions.out);
  ASSERT_GE(qrows.size(), 2u);
  const auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(qrows[0].begin(), qrows[0].end(), name) - qrows[0].begin());
  };
  std::string id;
  for (const auto& r : qrows) {
    if (r[column("question")] == kImg) id = r[column("topic")];
  }
  ASSERT_EQ(id.size(), 16u) << questions.out;
  std::uint64_t trees = 0;
  for (const auto& r : rows) {
    if (r[0] == id) trees = std::stoull(r[5]);
  }
  ASSERT_GT(trees, 0u) << topics.out;

  auto md = brief({"--topic", id});
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_TRUE(md.out.starts_with("# Topic: ")) << md.out;
  EXPECT_NE(md.out.find("People Also Ask brief of topic " + id + " (en): "), std::string::npos) << md.out;
  EXPECT_NE(md.out.find(" in " + std::to_string(trees) + " stored trees."), std::string::npos) << md.out;
  const auto entries = parse_md(md.out);
  const auto img = std::find_if(entries.begin(), entries.end(), [](const MdEntry& e) { return e.question == kImg; });
  ASSERT_NE(img, entries.end()) << md.out;
  EXPECT_EQ(img->trees, 3u);
  EXPECT_EQ(img->status, "stable");

  // `paa topics` shows the same id, and its first digits find the topic as the whole id does.
  auto listed = run_paa({"topics", "--store", (dir / "brief.db").string()}, dir);
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE(listed.out.find("\n" + id + " "), std::string::npos) << listed.out;
  auto by_prefix = brief({"--topic", id.substr(0, 6)});
  ASSERT_EQ(by_prefix.exit_code, 0) << by_prefix.err;
  EXPECT_EQ(by_prefix.out, md.out);

  // The JSON-LD of the topic of the catalog's variant groups, with the user's answers, in
  // Markdown and in CSV: one answer by a question's text, one by a spelling of its variant group
  // no tree holds, one to no question of the topic. The FAQPage holds the two answered, named by
  // their group's representative, with the user's texts.
  std::string variants_topic;
  for (const auto& r : qrows) {
    if (r[column("question")] == "How long does an espresso machine last?") variants_topic = r[column("topic")];
  }
  ASSERT_EQ(variants_topic.size(), 16u) << questions.out;
  const auto in_topic = [&](const std::string& q) {
    return std::any_of(qrows.begin(), qrows.end(), [&](const auto& r) {
      return r[column("question")] == q && r[column("topic")] == variants_topic;
    });
  };
  const std::string by_text = "How do you descale an espresso machine?";
  ASSERT_TRUE(in_topic(by_text)) << questions.out;
  const std::vector<std::string> variant_group{"How long does an espresso machine last?",
                                               "how long do espresso machines last"};
  // A spelling of that group no tree holds (docs/topics.md "Variant groups").
  const std::string asked = "espresso machines: how long do they last in 2026?";
  ASSERT_FALSE(in_topic(asked));
  const std::string own_link = "Descaling: our own words, not a snippet.";
  const std::string own_variant = "Our own answer, with a comma, and\na second line.";
  std::ofstream(dir / "answers.md") << "# Our answers\n\nNotes before the first question are ignored.\n\n## " << by_text
                                    << "\n\n" << own_link << "\n\n## " << asked << "\n" << own_variant
                                    << "\n\n## How do you make coffee on the moon?\nNobody knows.\n";
  std::ofstream(dir / "answers.csv") << "question,answer\r\n\"" << by_text << "\",\"" << own_link << "\"\r\n\"" << asked
                                     << "\",\"" << own_variant << "\"\r\nHow do you make coffee on the moon?,Nobody knows.\r\n";
  json::object expect;
  store_questions(expect);
  expect["names"].as_array().emplace_back(asked);  // named as the answers file asks it
  json::object own;
  own[by_text] = own_link;
  own[asked] = own_variant;
  for (const auto& spelling : variant_group) own[spelling] = own_variant;
  expect["answers"] = std::move(own);
  expect["must"] = json::array{json::string(by_text), json::string(asked)};
  expect["exactly"] = 2;
  for (const auto& [file, moon_line] : {std::pair{"answers.md", 13}, std::pair{"answers.csv", 5}}) {
    auto jsonld = brief({"--topic", variants_topic, "--format", "jsonld", "--answers", (dir / file).string(), "--force", "-o",
                         "topic.json"});
    ASSERT_EQ(jsonld.exit_code, 0) << jsonld.err;
    EXPECT_NE(jsonld.err.find(file + std::string(" answers 2 of the brief's ")), std::string::npos) << jsonld.err;
    EXPECT_NE(jsonld.err.find(file + std::string(":") + std::to_string(moon_line) +
                              ": 'How do you make coffee on the moon?' is no question of this brief"),
              std::string::npos)
        << jsonld.err;
    EXPECT_EQ(jsonld.err.find("skeleton"), std::string::npos) << jsonld.err;
    auto python = check_jsonld(dir / "topic.json", expect);
    EXPECT_EQ(python.exit_code, 0) << file << ": " << python.err;
  }
  // The Markdown brief shows the user's answer beside the snippet, which stays a research note.
  auto noted = brief({"--topic", variants_topic, "--answers", (dir / "answers.md").string()});
  ASSERT_EQ(noted.exit_code, 0) << noted.err;
  EXPECT_NE(unescape_markdown(noted.out).find("- Your answer: " + own_link + "\n"), std::string::npos) << noted.out;

  // A file that is not one: its line and what to do; nothing written.
  std::ofstream(dir / "bad.md") << "## How long?\n\n## Why?\nBecause.\n";
  auto bad = brief({"--topic", id, "--answers", (dir / "bad.md").string(), "-o", "never.json"});
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  EXPECT_NE(bad.err.find("bad.md:1: 'How long?' has no answer under it; write the answer, or remove the heading"),
            std::string::npos)
      << bad.err;
  EXPECT_FALSE(fs::exists(dir / "never.json"));
}

TEST_F(BriefE2E, UnknownKeysAndTopicsAndBadUsage) {
  auto missing = brief(key("espresso machines"));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("paa: no result stored for q='espresso machines' hl=en gl=us in store '"),
            std::string::npos)
      << missing.err;
  EXPECT_NE(missing.err.find("harvest it first or check the spelling (`paa status`"), std::string::npos);
  EXPECT_NE(missing.err.find("the nearest stored: q='espresso machine' hl=en gl=us"), std::string::npos);
  EXPECT_TRUE(missing.out.empty());

  auto topic = brief({"--topic", "0123456789abcdef"});
  EXPECT_EQ(topic.exit_code, 1);
  EXPECT_NE(topic.err.find("no topic 0123456789abcdef in store '"), std::string::npos) << topic.err;
  auto prefix = brief({"--topic", "01234"});  // a prefix no topic's id starts with
  EXPECT_EQ(prefix.exit_code, 1);
  EXPECT_NE(prefix.err.find("no topic 01234... in store '"), std::string::npos) << prefix.err;

  for (const auto& args : std::vector<std::vector<std::string>>{
           {}, with(key("espresso machine"), {"--topic", "0123456789abcdef"}), {"--q", "espresso machine"},
           {"--topic", "123"}, {"--topic", "0123456789abcdefa"}, {"--topic", "0123g"},
           with(key("espresso machine"), {"--resolution", "2"})}) {
    auto r = brief(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace
}  // namespace paa::e2e
