// paa-emulator: a local HTTPS implementation of the People Also Ask service (docs/emulator.md).
#include "paa/buildinfo/buildinfo.hpp"
#include "paa/clidoc/describe.hpp"
#include "paa/emulator/keys.hpp"
#include "paa/emulator/local_certs.hpp"
#include "paa/emulator/planted_topics.hpp"
#include "paa/emulator/server.hpp"
#include "paa/emulator/service.hpp"
#include "paa/model/envelope.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <set>

namespace {

using namespace paa::emulator;

int fail(const std::string& message) {
  std::fprintf(stderr, "paa-emulator: %s\n", message.c_str());
  return 2;
}

// --make-certs DIR: the files, then how to use them.
int write_certs(const std::string& dir, bool overwrite) {
  auto made = make_local_certs(dir, overwrite);
  if (!made) return fail(made.error().message);
  std::printf("wrote %s (the local CA), %s and %s (localhost, 127.0.0.1, ::1; the key mode 0600)\n"
              "next: paa-emulator --cert %s --key-file %s --key KEY --port-file paa.port &\n"
              "      paa run JOB --base-url \"https://localhost:$(cat paa.port)/api\" --ca-file %s\n",
              made->ca.c_str(), made->cert.c_str(), made->key.c_str(), made->cert.c_str(), made->key.c_str(),
              made->ca.c_str());
  return std::fflush(stdout) == 0 ? 0 : 2;
}

// The command line: the service's and the server's settings as far as CLI11 fills them, and
// the flags whose text is checked and converted afterwards (settle_flags).
struct EmulatorFlags {
  ServiceConfig svc;
  ServerOptions srv;
  std::string make_certs;
  bool overwrite = false;
  std::string keys_file, renewal_date, latency = "0:0", hostile, topics_file;
  std::vector<std::string> key_list;
  std::int64_t searches = 1000, payg = 0, renew_after = 0, cache_ttl = 3600;
  std::int64_t down_for = 0;
  std::string down_mode = "refuse";
  unsigned idle = 30;
};

// Listening, TLS and --make-certs.
void add_listening_options(CLI::App& app, EmulatorFlags& f) {
  app.add_option("--listen", f.srv.listen, "ADDRESS:PORT to listen on; port 0 picks a free one")->capture_default_str();
  app.add_option("--port-file", f.srv.port_file, "Write the bound port here (atomically) once listening");
  app.add_option("--cert", f.srv.cert_file, "Server certificate chain (PEM)");
  app.add_option("--key-file", f.srv.key_file, "Private key of --cert (PEM)");
  app.add_flag("--plain", f.srv.plain,
               "Plain HTTP instead of HTTPS, no certificates needed (paa run --base-url http://127.0.0.1:PORT/api)");
  CLI::Option* make_certs_option =
      app.add_option("--make-certs", f.make_certs,
                     "Write a local CA (ca.pem) and a localhost certificate (server.pem, server.key) into DIR, "
                     "then exit")
          ->type_name("DIR");
  app.add_flag("--overwrite", f.overwrite, "With --make-certs: replace ca.pem, server.pem and server.key if they exist")
      ->needs(make_certs_option);
}

// The API's path, its keys and their quota, the response cache and the rate limit.
void add_account_options(CLI::App& app, EmulatorFlags& f) {
  app.add_option("--prefix", f.svc.prefix, "Path prefix of the API")->capture_default_str();
  app.add_option("--keys", f.keys_file, "TOML key file: [[key]] key=, active=, searches=, payg=");
  app.add_option("--key", f.key_list, "An active API key (repeatable), with --searches and --payg");
  app.add_option("--searches", f.searches, "Monthly searches per key")->capture_default_str()->check(CLI::NonNegativeNumber);
  app.add_option("--payg", f.payg, "Pay-as-you-go credits per key")->capture_default_str()->check(CLI::NonNegativeNumber);
  app.add_option("--renewal-date", f.renewal_date, "YYYY-MM-DD reported as renewalDate (default: 1st of next month)");
  app.add_option("--renew-after-seconds", f.renew_after, "Refill a key this long after it ran out (0: never)")
      ->capture_default_str()->check(CLI::NonNegativeNumber);
  app.add_option("--cache-ttl", f.cache_ttl, "Seconds a (q,hl,gl,city) answer is served as cached (0: off)")
      ->capture_default_str()->check(CLI::NonNegativeNumber);
  app.add_option("--cache-entries", f.svc.cache_entries, "Bound of the response cache (LRU)")->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--rate-limit", f.svc.rate_limit, "Requests per second per key (0: off); over it: 429 + Retry-After")
      ->capture_default_str();
}

// What the trees hold.
void add_tree_options(CLI::App& app, EmulatorFlags& f) {
  app.add_option("--seed", f.svc.seed, "Seed for trees and fault draws")->capture_default_str();
  app.add_option("--depth", f.svc.tree.depth, "Levels of questions, top level included")->capture_default_str()
      ->check(CLI::Range(1, 200));
  app.add_option("--revision", f.svc.tree.revision,
                 "Serve revision N of the answers: at each revision about 30% of keys change (0: the original)")
      ->capture_default_str();
  app.add_option("--tree-kb", f.svc.tree.tree_kb, "Pad answers so a body is about N KiB (0: natural size)")
      ->capture_default_str()->check(CLI::Range(0, 1 << 20));
  app.add_option_function<std::string>(
         "--questions",
         [&f](const std::string& name) {
           // CLI11's check below has already refused any other name.
           f.svc.tree.style = parse_question_style(name).value_or(QuestionStyle::natural);
         },
         "Generated questions: natural (real question shapes about the query's subject) or legacy (the first "
         "releases' templates around the whole query, for side-by-side benches)")
      ->type_name("natural|legacy")
      ->default_str("natural")
      ->check(CLI::IsMember({"natural", "legacy"}));
  app.add_option("--topics", f.topics_file,
                 "Plant topics: a JSON catalog of topics, their seeds, answer domains and questions in variant "
                 "groups; the trees of its seeds hold only those (docs/emulator.md)")
      ->type_name("FILE");
}

// Latency, faults, hostile bodies and the planned outage.
void add_fault_options(CLI::App& app, EmulatorFlags& f) {
  app.add_option("--latency-ms", f.latency, "MIN:MAX delay added to each response")->capture_default_str();
  auto prob = CLI::Range(0.0, 1.0);
  FaultRates& rates = f.svc.faults;
  app.add_option("--fault-500", rates.error_500, "Share of 500 responses")->capture_default_str()->check(prob);
  app.add_option("--fault-reset", rates.reset, "Share of connections reset before the response")
      ->capture_default_str()->check(prob);
  app.add_option("--fault-truncate", rates.truncate, "Share of responses cut off mid-body")
      ->capture_default_str()->check(prob);
  app.add_option("--fault-invalid-json", rates.invalid_json, "Share of 200 responses with a broken body")
      ->capture_default_str()->check(prob);
  app.add_option("--fault-slow", rates.slow, "Share of responses trickled over ~300 ms")
      ->capture_default_str()->check(prob);
  app.add_option("--fault-charge-drop", rates.charge_drop,
                 "Share of requests charged a search, then reset without an answer")
      ->capture_default_str()->check(prob);
  app.add_option("--fail-query", f.svc.fail_queries,
                 "Always answer 500 to requests whose q is exactly Q (repeatable): planted failures for tests");
  app.add_option("--hostile", f.hostile,
                 "Hostile 200 bodies: deep-nesting, huge, invalid-utf8, array-top-level, searchesLeft-string, "
                 "missing-result; or formulas (a valid answer whose texts are spreadsheet formulas)");
  app.add_option("--hostile-rate", rates.hostile_rate, "Share of requests that get the --hostile body")
      ->capture_default_str()->check(prob);
  app.add_option("--chunked-share", rates.chunked_share, "Share of responses sent chunked")
      ->capture_default_str()->check(prob);
  app.add_option("--down-after", f.svc.outage.after_requests,
                 "A planned outage: the Nth request on meets it (0: none); see --down-for and --down-mode")
      ->capture_default_str();
  app.add_option("--down-for", f.down_for, "Seconds the planned outage lasts (0: it never ends)")
      ->capture_default_str()->check(CLI::Range(std::int64_t{0}, std::int64_t{86400 * 365}));
  app.add_option("--down-mode", f.down_mode,
                 "The planned outage: refuse (connections refused, open ones reset) or 503 (every request "
                 "answered 503 Service Unavailable)")
      ->capture_default_str()->check(CLI::IsMember({"refuse", "503"}));
}

// How connections are served and logged.
void add_connection_options(CLI::App& app, EmulatorFlags& f) {
  app.add_option("--max-requests-per-connection", f.srv.max_requests_per_connection,
                 "Close a connection after N responses (0: unlimited)")->capture_default_str();
  app.add_option("--idle-timeout-seconds", f.idle, "Close a keep-alive connection idle this long")
      ->capture_default_str()->check(CLI::Range(1, 86400));
  app.add_option("--threads", f.srv.threads, "io_context threads")->capture_default_str()->check(CLI::Range(1, 64));
  app.add_option("--log", f.srv.log_file, "Append one JSON line per request to this file");
}

// A setup step's refusal: the message after "paa-emulator: ", nullopt when all is well.
using Problem = std::optional<std::string>;

// --topics FILE: the planted catalog, read and parsed.
Problem load_topics(EmulatorFlags& f) {
  if (f.topics_file.empty()) return std::nullopt;
  std::ifstream in(f.topics_file, std::ios::binary);
  if (!in) return "--topics " + f.topics_file + ": cannot read the file";
  std::ostringstream text;
  text << in.rdbuf();
  auto catalog = parse_planted_topics(text.str());
  if (!catalog) return "--topics " + f.topics_file + ": " + catalog.error().message;
  f.svc.tree.planted = std::make_shared<const PlantedTopics>(std::move(*catalog));
  return std::nullopt;
}

// --hostile and --latency-ms, from their text.
Problem settle_fault_flags(EmulatorFlags& f) {
  if (!f.hostile.empty()) {
    auto mode = parse_hostile_mode(f.hostile);
    if (!mode)
      return "--hostile " + f.hostile +
             ": unknown mode; use deep-nesting, huge, invalid-utf8, array-top-level, searchesLeft-string, "
             "missing-result or formulas";
    f.svc.faults.hostile = *mode;
  }
  int lo = 0, hi = 0;
  char tail = 0;
  if (std::sscanf(f.latency.c_str(), "%d:%d%c", &lo, &hi, &tail) != 2 || lo < 0 || hi < lo || hi > 600000)
    return "--latency-ms " + f.latency + ": expected MIN:MAX in milliseconds with 0 <= MIN <= MAX, e.g. 5:20";
  f.svc.faults.latency_min_ms = lo;
  f.svc.faults.latency_max_ms = hi;
  return std::nullopt;
}

// The keys: --keys FILE's, then each --key, none twice.
Problem gather_keys(EmulatorFlags& f) {
  if (!f.keys_file.empty()) {
    auto loaded = load_key_file(f.keys_file, f.searches, f.payg);
    if (!loaded) return loaded.error().message;
    f.svc.keys = std::move(*loaded);
  }
  std::set<std::string> seen;
  for (const auto& k : f.svc.keys) seen.insert(k.secret);
  for (const auto& k : f.key_list) {
    if (!is_well_formed_key(k)) return "--key " + k + ": a key must be 1-128 characters from A-Z a-z 0-9 . _ -";
    if (!seen.insert(k).second) return "--key " + k + ": given twice";
    f.svc.keys.push_back(KeyConfig{k, true, f.searches, f.payg});
  }
  if (f.svc.keys.empty()) return "no API keys: give --key K (repeatable) or --keys FILE";
  return std::nullopt;
}

// Checks the flags and completes the service's and the server's settings from them, in the
// order the first problem is reported.
Problem settle_flags(EmulatorFlags& f) {
  ServiceConfig& svc = f.svc;
  if (!f.srv.plain && (f.srv.cert_file.empty() || f.srv.key_file.empty()))
    return "HTTPS needs --cert FILE and --key-file FILE (make them with `paa-emulator --make-certs DIR`: "
           "DIR/server.pem and DIR/server.key), or use --plain for plain HTTP";
  if (!svc.prefix.empty() && (svc.prefix.front() != '/' || svc.prefix.back() == '/'))
    return "--prefix " + svc.prefix + ": must start with '/' and not end with '/', e.g. /api (or empty)";
  svc.outage.duration = std::chrono::seconds(f.down_for);
  svc.outage.mode = f.down_mode == "503" ? OutageMode::unavailable : OutageMode::refuse;
  if (svc.faults.fault_sum() > 1.0)
    return "--fault-500 + --fault-reset + --fault-truncate + --fault-invalid-json + --fault-slow + "
           "--fault-charge-drop must not exceed 1";
  if (Problem p = load_topics(f)) return p;
  if (Problem p = settle_fault_flags(f)) return p;
  if (!f.renewal_date.empty()) {
    auto d = paa::parse_date(f.renewal_date);
    if (!d) return "--renewal-date " + f.renewal_date + ": expected a valid date YYYY-MM-DD";
    svc.renewal_date = *d;
  }
  if (f.renew_after > 0) svc.renew_after = std::chrono::seconds(f.renew_after);
  svc.cache_ttl = std::chrono::seconds(f.cache_ttl);
  svc.tree.seed = svc.seed;
  f.srv.idle_timeout = std::chrono::seconds(f.idle);
  return gather_keys(f);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"paa-emulator: a local, spec-faithful People Also Ask service over HTTPS", "paa-emulator"};
  EmulatorFlags flags;
  app.set_version_flag("--version", paa::buildinfo::version_text("paa-emulator"));
  CLI::App* describe = paa::clidoc::add_describe_command(app);
  add_listening_options(app, flags);
  add_account_options(app, flags);
  add_tree_options(app, flags);
  add_fault_options(app, flags);
  add_connection_options(app, flags);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;  // --help, --version: 0
  }
  if (describe->parsed()) return paa::clidoc::print_describe_json(app) ? 0 : 2;
  if (!flags.make_certs.empty()) return write_certs(flags.make_certs, flags.overwrite);

  if (Problem p = settle_flags(flags)) return fail(*p);
  Service service(std::move(flags.svc));
  return run_server(service, flags.srv);
}
