// The registry's rows (view_registry.hpp): one per view, each with the entry points its flags
// promise, and the plan's checks read from them.
#include "paa/export/export_plan.hpp"
#include "paa/export/view_registry.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace paa::exporting {
namespace {

TEST(ViewRegistry, OneRowPerViewWithItsNameAndTheEntryPointsItsFlagsPromise) {
  std::set<std::string_view> names;
  std::set<int> formats;
  for (const ViewRow& row : view_rows()) {
    SCOPED_TRACE(std::string(row.name));
    EXPECT_TRUE(names.insert(row.name).second);
    EXPECT_TRUE(formats.insert(static_cast<int>(row.format)).second);
    EXPECT_EQ(&view_row(row.format), &row);
    EXPECT_EQ(find_view(row.name), &row);
    // Exactly one way to write it to a path or a stream.
    EXPECT_EQ((row.writer != nullptr) + (row.stream != nullptr) + (row.file != nullptr), 1);
    // A folder entry exactly when a flag chooses it.
    EXPECT_EQ(row.folder != nullptr, row.takes(kTakesPartition) || row.takes(kFolderOnDirectory));
    // A view refusing --at says why; one taking it does not.
    EXPECT_EQ(row.why_not_at.empty(), row.takes(kTakesAt));
    EXPECT_TRUE(row.records == "objects" || row.records == "rows" || row.records == "results");
    if (row.listed) {
      EXPECT_EQ(parse_export_format(row.name), row.format);
      EXPECT_NE(format_help().find(std::string(row.name)), std::string::npos);
    } else {
      EXPECT_FALSE(parse_export_format(row.name));
    }
  }
  EXPECT_EQ(find_view("xml"), nullptr);
}

TEST(ViewRegistry, ThePlanRefusesAFlagTheViewDoesNotTakeAndNamesTheViewsThatDo) {
  for (const ViewRow& row : view_rows()) {
    if (!row.listed) continue;
    SCOPED_TRACE(std::string(row.name));
    ExportOptions o;
    o.format = std::string(row.name);
    o.output = "out";  // a file view needs one
    o.resolution = 2;
    auto planned = plan_export(o);
    EXPECT_EQ(static_cast<bool>(planned), row.takes(kTakesResolution));
    if (!planned) {
      EXPECT_NE(planned.error().message.find(views_taking(kTakesResolution)), std::string::npos)
          << planned.error().message;
    }
    o.resolution.reset();
    o.domains = {"example.com"};
    planned = plan_export(o);
    EXPECT_EQ(static_cast<bool>(planned), row.takes(kTakesDomain));
    if (planned) {
      EXPECT_FALSE(planned->request.format.own_domains.empty());  // parsed once, here
    }
  }
  EXPECT_EQ(views_taking(kTakesPartition, " or "), "jsonl or csv");
  EXPECT_EQ(views_taking(kTakesSince, ", "), "topics, topics-jsonl");
}

TEST(ViewRegistry, PaaTopicsPlansItsSummaryWithTheTopicsFlags) {
  ExportOptions o;
  o.format = "topics";
  o.since = "2026-01-01";
  auto planned = plan_export(o, "topics-summary");
  ASSERT_TRUE(planned) << planned.error().message;
  EXPECT_EQ(planned->view->name, "topics-summary");
  EXPECT_TRUE(planned->request.format.since);
  EXPECT_FALSE(plan_export([] {
    ExportOptions t;
    t.format = "topics-summary";
    return t;
  }()));  // not a --format of paa export
}

}  // namespace
}  // namespace paa::exporting
