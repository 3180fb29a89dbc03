#pragma once
// The end-to-end suites' helpers, on top of the shared test support (tests/support).
#include "support/emulator.hpp"
#include "support/files.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"

#include <boost/json.hpp>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <sys/types.h>

namespace paa::e2e {

namespace fs = std::filesystem;

inline constexpr const char* kApiKey = "e2e-secret-key-7f3a9c";

using test::certs_dir;
using test::eventually;
using test::Process;
using test::ProcessResult;
using test::read_file;
using test::TempDir;

// Runs `paa args...` to completion with PAA_API_KEY set (unless env overrides it).
ProcessResult run_paa(const std::vector<std::string>& args, const fs::path& dir,
                      std::map<std::string, std::string> env = {});

// paa-emulator on 127.0.0.1:0 over TLS, with a request log, accepting kApiKey.
class Emulator : public test::Emulator {
 public:
  Emulator(const fs::path& dir, std::vector<std::string> extra_args, bool tls = true,
           const std::string& cert = "server");
};

// Writes a job file with `queries` generated queries and the given [limits] lines.
fs::path write_job(const fs::path& dir, const std::string& name, int queries,
                   const std::string& limits, const std::string& extra_top = {});

// Replaces the job's `locales` line (write_job writes en-us) with `locales`, e.g.
// R"(locales = [ { hl = "en", gl = "us" }, { hl = "de", gl = "de" } ])".
void set_locales(const fs::path& job, const std::string& locales);

// `paa run JOB` against the emulator, trusting its CA, without a progress display.
std::vector<std::string> run_args(const fs::path& job, const Emulator& emu,
                                  std::vector<std::string> extra = {});
// JSON lines, one object each.
std::vector<boost::json::object> parse_jsonl(const std::string& text);
// `paa export --format jsonl` of a store, one object per line (expects exit 0).
std::vector<boost::json::object> export_jsonl(const fs::path& dir, const fs::path& store);
// Every exported result equals, as JSON, the tree the emulator generates for its key.
void expect_trees_match_emulator(const std::vector<boost::json::object>& rows, std::uint64_t seed);
// DuckDB's answer to `sql` (rows as JSON objects), run where `cwd` is, through @duckdb/node-api
// from npm (scripts/test.sh installs it; a failure names what is missing).
boost::json::array duckdb(const std::string& sql, const fs::path& cwd);
// RFC 4180 rows (quoted fields may hold commas, quotes and line breaks), as the exports write them.
using test::parse_csv;
// The run id in `paa run`'s summary line: "paa run JOB: done after 1s (run 20261123-180007)"; "" if none.
std::string run_id_of(const std::string& err);
// Requests in an emulator log that got this status.
std::size_t count_status(const std::vector<boost::json::object>& log, int status);

// Every regular file under `root`, recursively, with its size and modification time:
// equal listings mean nothing was created, removed or written.
std::map<std::string, std::pair<std::uintmax_t, std::int64_t>> file_listing(const fs::path& root);

}  // namespace paa::e2e
