#include "harness.hpp"

#include "paa/emulator/tree_generator.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <random>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace paa::e2e {

ProcessResult run_paa(const std::vector<std::string>& args, const fs::path& dir,
                      std::map<std::string, std::string> env) {
  std::vector<std::string> argv{PAA_BIN};
  argv.insert(argv.end(), args.begin(), args.end());
  env.emplace("PAA_API_KEY", kApiKey);
  env.emplace("PAA_BASE_URL", "<unset>");
  Process p(argv, env, dir);
  return p.wait();
}

Emulator::Emulator(const fs::path& dir, std::vector<std::string> extra, bool tls, const std::string& cert)
    : test::Emulator(dir, [&] {
        std::vector<std::string> args{"--key", kApiKey};
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
      }(), {.tls = tls, .cert = cert}) {}

fs::path write_job(const fs::path& dir, const std::string& name, int queries, const std::string& limits,
                   const std::string& extra_top) {
  {
    std::ofstream q(dir / (name + ".txt"));
    q << "# generated\n";
    for (int i = 0; i < queries; ++i) q << "query number " << i << " about coffee & crème\n";
  }
  const fs::path job = dir / (name + ".toml");
  std::ofstream j(job);
  j << "name = \"" << name << "\"\n"
    << "query_files = [\"" << name << ".txt\"]\n"
    << "locales = [ { hl = \"en\", gl = \"us\" } ]\n"
    << extra_top << "\n[limits]\n" << limits << "\n";
  return job;
}

std::map<std::string, std::pair<std::uintmax_t, std::int64_t>> file_listing(const fs::path& root) {
  std::map<std::string, std::pair<std::uintmax_t, std::int64_t>> out;
  std::error_code ec;
  if (!fs::exists(root, ec)) return out;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const auto mtime = it->last_write_time(ec).time_since_epoch();
    out[fs::relative(it->path(), root, ec).string()] = {
        it->file_size(ec), std::chrono::duration_cast<std::chrono::nanoseconds>(mtime).count()};
  }
  return out;
}

void set_locales(const fs::path& job, const std::string& locales) {
  std::string text = read_file(job);
  const std::string one = "locales = [ { hl = \"en\", gl = \"us\" } ]\n";
  const auto at = text.find(one);
  ASSERT_NE(at, std::string::npos) << "write_job's locales line is not in " << job;
  text.replace(at, one.size(), locales + "\n");
  std::ofstream(job) << text;
}

std::vector<std::string> run_args(const fs::path& job, const Emulator& emu,
                                  std::vector<std::string> extra) {
  std::vector<std::string> a{"run", job.string(), "--base-url", emu.base_url(), "--ca-file",
                             (certs_dir() / "ca.pem").string(), "--progress", "none"};
  a.insert(a.end(), extra.begin(), extra.end());
  return a;
}

std::vector<boost::json::object> parse_jsonl(const std::string& text) {
  std::vector<boost::json::object> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(boost::json::parse(line).as_object());
  return out;
}

std::vector<boost::json::object> export_jsonl(const fs::path& dir, const fs::path& store) {
  auto r = run_paa({"export", "--store", store.string(), "--format", "jsonl"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return parse_jsonl(r.out);
}

void expect_trees_match_emulator(const std::vector<boost::json::object>& rows, std::uint64_t seed) {
  emulator::TreeGenerator gen({.seed = seed, .depth = 3, .tree_kb = 0});
  for (const auto& row : rows) {
    const std::string q(row.at("q").as_string());
    const std::string hl(row.at("hl").as_string());
    const std::string gl(row.at("gl").as_string());
    std::optional<std::string> city;
    if (row.at("city").is_string()) city = std::string(row.at("city").as_string());
    emulator::TreeQuery tq{q, hl, gl, city ? std::optional<std::string_view>(*city) : std::nullopt};
    EXPECT_EQ(row.at("result"), boost::json::parse(gen.result_json(tq))) << q;
  }
}

boost::json::array duckdb(const std::string& sql, const fs::path& cwd) {
  const fs::path modules = PAA_NODE_MODULES;
  if (!fs::exists(modules / "@duckdb" / "node-api")) {
    ADD_FAILURE() << "@duckdb/node-api is not installed in " << modules
                  << "; scripts/test.sh installs it (paa_install_npm_tools)";
    return {};
  }
  Process node({"/usr/bin/node", PAA_TOOLS_DIR "/duckdb_query.mjs", sql}, {{"PAA_NODE_MODULES", modules.string()}},
               cwd);
  auto r = node.wait();
  EXPECT_EQ(r.exit_code, 0) << sql << "\n" << r.err;
  if (r.exit_code != 0) return {};
  return boost::json::parse(r.out).as_array();
}

std::size_t count_status(const std::vector<boost::json::object>& log, int status) {
  std::size_t n = 0;
  for (const auto& l : log) {
    if (l.at("status").as_int64() == status) ++n;
  }
  return n;
}

std::string run_id_of(const std::string& err) {
  const auto at = err.rfind("(run ");
  if (at == std::string::npos) return "";
  return err.substr(at + 5, err.find(')', at) - at - 5);
}

}  // namespace paa::e2e
