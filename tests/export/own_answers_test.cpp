// The user's own answers for a brief's FAQPage (own_answers.hpp): the Markdown and CSV files as a
// writer makes them, the errors a wrong one gets (file, line, what to do), and the match to the
// brief's questions by text and by variant group.
#include "paa/export/brief/own_answers.hpp"

#include <gtest/gtest.h>

namespace paa::exporting {
namespace {

TEST(AnswersMarkdown, EachLevelTwoHeadingIsAQuestionAndTheLinesUnderItItsAnswer) {
  const auto a = parse_answers_markdown(
      "\xEF\xBB\xBF# Espresso FAQ\r\nIntro, ignored.\r\n\r\n## How long does an espresso machine last?\r\n\r\n"
      "About ten years with care.\r\n\r\n### Care\r\nDescale monthly.  \r\n\r\n"
      "  ## Is espresso bitter? ##\nNot when fresh.\n```\n## not a heading in a fence\n```\n##No space: text\n",
      "faq.md");
  ASSERT_TRUE(a) << a.error().message;
  ASSERT_EQ(a->list.size(), 2u);
  EXPECT_EQ(a->file, "faq.md");
  EXPECT_EQ(a->list[0].question, "How long does an espresso machine last?");
  EXPECT_EQ(a->list[0].line, 4u);
  EXPECT_EQ(a->list[0].answer, "About ten years with care.\n\n### Care\nDescale monthly.");
  EXPECT_EQ(a->list[1].question, "Is espresso bitter?");
  EXPECT_EQ(a->list[1].line, 11u);
  EXPECT_EQ(a->list[1].answer, "Not when fresh.\n```\n## not a heading in a fence\n```\n##No space: text");
}

// An answer ends at the next heading of level 1 or 2: notes under a "# Notes" heading are no
// answer's; a fence closes only with its own marker, and one never closed is an error.
TEST(AnswersMarkdown, AnAnswerEndsAtALevelOneHeadingAndFencesCloseWithTheirOwnMarker) {
  const auto a = parse_answers_markdown("## Q1?\nA1\n# Internal notes\nprivate text\n## Q2?\n````\n~~~\n```\n## inside\n````\nA2\n",
                                        "faq.md");
  ASSERT_TRUE(a) << a.error().message;
  ASSERT_EQ(a->list.size(), 2u);
  EXPECT_EQ(a->list[0].answer, "A1");
  EXPECT_EQ(a->list[1].answer, "````\n~~~\n```\n## inside\n````\nA2");
  const auto open = parse_answers_markdown("## Q1?\nA1\n```js\n## Q2?\nA2\n", "faq.md");
  ASSERT_FALSE(open);
  EXPECT_EQ(open.error().message, "faq.md:3: the code fence opened here (```) is never closed; close it with a line of ```");
}

TEST(AnswersMarkdown, AWrongFileNamesItsLineAndWhatToDo) {
  const auto expect_error = [](std::string_view text, std::string_view message) {
    const auto a = parse_answers_markdown(text, "faq.md");
    ASSERT_FALSE(a) << text;
    EXPECT_EQ(a.error().kind(), errc::invalid_input);
    EXPECT_EQ(a.error().message, message);
  };
  expect_error("Just text.\n# A title\n", "faq.md: no '## question' heading; write each question as a level-2 heading "
                                          "('## How long does an espresso machine last?') with its answer under it");
  expect_error("## Why?\nBecause.\n## How long?\n\n", "faq.md:3: 'How long?' has no answer under it; write the answer, "
                                                       "or remove the heading");
  expect_error("## Why?\nBecause.\n##   \nText.\n", "faq.md:3: a '##' heading without a question; write the question after '## '");
  expect_error("## Why?\nBecause.\n## WHY?\nAgain.\n", "faq.md:3: 'WHY?' is answered twice (also at line 1); keep one answer");
  expect_error("## Why?\nBec\xFF" "ause.\n", "faq.md:2: not UTF-8 text; save the file as UTF-8");
}

TEST(AnswersCsv, RowsOfQuestionAndAnswerWithAnOptionalHeader) {
  const auto a = parse_answers_csv("Question,Answer\r\n\"Is it bitter?\",\"Yes, when burnt.\nLine two.\"\r\n\r\n"
                                   "How long?,Ten years\r\n",
                                   "faq.csv");
  ASSERT_TRUE(a) << a.error().message;
  ASSERT_EQ(a->list.size(), 2u);
  EXPECT_EQ(a->list[0].question, "Is it bitter?");
  EXPECT_EQ(a->list[0].answer, "Yes, when burnt.\nLine two.");
  EXPECT_EQ(a->list[0].line, 2u);
  EXPECT_EQ(a->list[1].line, 5u);
  // A blank line before the header, and a quoted answer's CRLF line break.
  const auto spaced = parse_answers_csv("\r\nquestion,answer\r\nIs it?,\"Yes.\r\nTwo.\"\r\n", "faq.csv");
  ASSERT_TRUE(spaced) << spaced.error().message;
  ASSERT_EQ(spaced->list.size(), 1u);
  EXPECT_EQ(spaced->list[0].answer, "Yes.\nTwo.");
  const auto headless = parse_answers_csv("How long?,Ten years\n", "faq.csv");
  ASSERT_TRUE(headless);
  EXPECT_EQ(headless->list.size(), 1u);
}

TEST(AnswersCsv, AWrongRowNamesItsLineAndWhatToDo) {
  const auto expect_error = [](std::string_view text, std::string_view message) {
    const auto a = parse_answers_csv(text, "faq.csv");
    ASSERT_FALSE(a) << text;
    EXPECT_EQ(a.error().kind(), errc::invalid_input);
    EXPECT_EQ(a.error().message, message);
  };
  expect_error("question,answer\nIs it bitter?,Yes, when burnt\n",
               "faq.csv:2: 3 fields; a row is question,answer (quote an answer that holds a comma: \"Yes, it does.\")");
  expect_error("Is it bitter?,\n", "faq.csv:1: the answer is empty; a row is question,answer, both written");
  expect_error("question,answer\n", "faq.csv: no question,answer row; write one row per answer");
  expect_error("a,\"never closed\n", "faq.csv:1: quoted field is never closed; add the closing \"");
}

TEST(ReadAnswersFile, TheExtensionSaysTheFormat) {
  const auto a = read_answers_file("answers.docx");
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().kind(), errc::invalid_input);
  EXPECT_NE(a.error().message.find("name a Markdown file (.md"), std::string::npos);
  const auto missing = read_answers_file("/nonexistent/answers.md");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().kind(), errc::io);
}

BriefEntry entry_of(const std::string& question, std::uint64_t group) {
  BriefEntry e;
  e.question = question;
  e.group = group;
  return e;
}

// Any spelling of a question finds its answer: the same text, or the same variant group (type,
// language and content stems: question_profile.hpp); an answer that fits none is reported.
TEST(AttachOwnAnswers, ByTextOrByVariantGroupAndTheUnusedReported) {
  question::QuestionProfiler profiler;
  const std::uint64_t machine = profiler.profile("How long does an espresso machine last?", "en").group;
  Brief b;
  b.entries = {entry_of("How long does an espresso machine last?", machine), entry_of("Is espresso BITTER?", 7),
               entry_of("Why is the sky blue?", 8)};
  const auto answers = parse_answers_markdown("## how long do espresso machines last\nTen years.\n"
                                              "## is espresso bitter?\nNot fresh.\n"
                                              "## How do you make coffee on the moon?\nNobody knows.\n",
                                              "faq.md");
  ASSERT_TRUE(answers);
  const auto fit = attach_own_answers(b, *answers, "en", profiler);
  ASSERT_TRUE(fit) << fit.error().message;
  EXPECT_TRUE(b.own_answers);
  EXPECT_EQ(fit->answered, 2u);
  EXPECT_EQ(b.entries[0].own_answer, "Ten years.");  // by its variant group
  EXPECT_EQ(b.entries[0].own_question, "how long do espresso machines last");  // as the file asks it
  EXPECT_EQ(b.entries[1].own_answer, "Not fresh.");  // by its text, case-folded
  EXPECT_EQ(b.entries[2].own_answer, "");
  ASSERT_EQ(fit->unused.size(), 1u);
  EXPECT_EQ(fit->unused[0]->question, "How do you make coffee on the moon?");
  EXPECT_EQ(fit->unused[0]->line, 5u);
}

TEST(AttachOwnAnswers, TwoAnswersToOneQuestionsSpellingsAreRefused) {
  question::QuestionProfiler profiler;
  Brief b;
  const auto answers = parse_answers_markdown("## How long does an espresso machine last?\nTen.\n"
                                              "## how long do espresso machines last\nEleven.\n",
                                              "faq.md");
  ASSERT_TRUE(answers);
  const auto fit = attach_own_answers(b, *answers, "en", profiler);
  ASSERT_FALSE(fit);
  EXPECT_EQ(fit.error().kind(), errc::invalid_input);
  EXPECT_EQ(fit.error().message, "faq.md:3: 'how long do espresso machines last' and 'How long does an espresso machine "
                                 "last?' (line 1) are spellings of one question; keep one answer");
}

}  // namespace
}  // namespace paa::exporting
