#include "paa/clidoc/describe.hpp"

#include <boost/json/parse.hpp>

#include <gtest/gtest.h>

namespace paa::clidoc {
namespace {
namespace json = boost::json;

const json::object& find_named(const json::array& items, std::string_view key, std::string_view name) {
  for (const auto& item : items) {
    const auto& o = item.as_object();
    if (key == "names") {
      for (const auto& n : o.at("names").as_array()) {
        if (n.as_string() == name) return o;
      }
    } else if (o.at(key).as_string() == name) {
      return o;
    }
  }
  throw std::runtime_error("not described: " + std::string(name));
}

struct DescribeCli : ::testing::Test {
  CLI::App app{"tool: does things", "tool"};
  std::string format, job, secret, out;
  bool dry = false;
  int count = 3;
  CLI::App* sub = nullptr;

  void SetUp() override {
    app.set_version_flag("--version", "tool 1");
    sub = app.add_subcommand("go", "Go somewhere");
    sub->add_option("JOB", job, "The job file")->required();
    sub->add_option("--format", format, "Output format")->check(CLI::IsMember({"jsonl", "csv"}));
    sub->add_option("-o,--output", out, "Where to write");
    sub->add_option("--count", count, "How many")->capture_default_str()->check(CLI::Range(1, 9));
    sub->add_flag("--dry-run", dry, "Change nothing");
    sub->add_option("--secret", secret, "Hidden")->group("");
    add_describe_command(app);
  }
};

TEST_F(DescribeCli, DescribesTheProgramAndItsVisibleSubcommandsOnly) {
  const auto d = describe(app);
  EXPECT_EQ(d.at("name").as_string(), "tool");
  EXPECT_EQ(d.at("description").as_string(), "tool: does things");
  const auto& subs = d.at("subcommands").as_array();
  ASSERT_EQ(subs.size(), 1u);  // __describe-cli is hidden
  EXPECT_EQ(subs[0].as_object().at("name").as_string(), "go");
  EXPECT_EQ(subs[0].as_object().at("description").as_string(), "Go somewhere");
  find_named(d.at("options").as_array(), "names", "--version");
  find_named(d.at("options").as_array(), "names", "--help");
}

TEST_F(DescribeCli, OptionsCarryNamesTypeChoicesDefaultsAndFlags) {
  const auto d = describe(app);
  const auto& go = d.at("subcommands").as_array()[0].as_object();
  const auto& opts = go.at("options").as_array();

  const auto& format_opt = find_named(opts, "names", "--format");
  EXPECT_FALSE(format_opt.at("flag").as_bool());
  EXPECT_EQ(format_opt.at("type").as_string(), "TEXT");
  EXPECT_EQ(format_opt.at("choices"), (json::array{"jsonl", "csv"}));
  EXPECT_EQ(format_opt.at("description").as_string(), "Output format");

  const auto& output = find_named(opts, "names", "--output");
  EXPECT_EQ(output.at("names"), (json::array{"-o", "--output"}));

  const auto& count_opt = find_named(opts, "names", "--count");
  EXPECT_EQ(count_opt.at("type").as_string(), "INT");
  EXPECT_EQ(count_opt.at("default").as_string(), "3");
  EXPECT_TRUE(count_opt.at("choices").as_array().empty());
  EXPECT_EQ(count_opt.at("validators").as_array().size(), 1u);

  const auto& dry_run = find_named(opts, "names", "--dry-run");
  EXPECT_TRUE(dry_run.at("flag").as_bool());
  EXPECT_EQ(dry_run.at("type").as_string(), "");

  EXPECT_THROW(find_named(opts, "names", "--secret"), std::runtime_error);
}

TEST_F(DescribeCli, PositionalsAreSeparateFromOptions) {
  const auto d = describe(app);
  const auto& go = d.at("subcommands").as_array()[0].as_object();
  const auto& positionals = go.at("positionals").as_array();
  ASSERT_EQ(positionals.size(), 1u);
  const auto& jobp = positionals[0].as_object();
  EXPECT_EQ(jobp.at("name").as_string(), "JOB");
  EXPECT_TRUE(jobp.at("required").as_bool());
  EXPECT_EQ(jobp.at("description").as_string(), "The job file");
}

TEST_F(DescribeCli, TheHiddenCommandParsesAndTheJsonRoundTrips) {
  EXPECT_EQ(app.help().find(kDescribeCommand), std::string::npos);
  std::vector<std::string> args{kDescribeCommand};
  app.parse(std::vector<std::string>(args.rbegin(), args.rend()));
  EXPECT_TRUE(app.get_subcommand(kDescribeCommand)->parsed());
  EXPECT_EQ(json::parse(describe_json(app)).as_object(), describe(app));
}

}  // namespace
}  // namespace paa::clidoc
