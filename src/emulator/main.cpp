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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"paa-emulator: a local, spec-faithful People Also Ask service over HTTPS", "paa-emulator"};
  ServiceConfig svc;
  ServerOptions srv;
  std::string keys_file, renewal_date, latency = "0:0", hostile;
  std::vector<std::string> key_list;
  std::int64_t searches = 1000, payg = 0, renew_after = 0, cache_ttl = 3600;
  unsigned idle = 30;
  app.set_version_flag("--version", paa::buildinfo::version_text("paa-emulator"));
  CLI::App* describe = paa::clidoc::add_describe_command(app);

  app.add_option("--listen", srv.listen, "ADDRESS:PORT to listen on; port 0 picks a free one")->capture_default_str();
  app.add_option("--port-file", srv.port_file, "Write the bound port here (atomically) once listening");
  app.add_option("--cert", srv.cert_file, "Server certificate chain (PEM)");
  app.add_option("--key-file", srv.key_file, "Private key of --cert (PEM)");
  app.add_flag("--plain", srv.plain,
               "Plain HTTP instead of HTTPS, no certificates needed (paa run --base-url http://127.0.0.1:PORT/api)");
  std::string make_certs;
  bool overwrite = false;
  CLI::Option* make_certs_option =
      app.add_option("--make-certs", make_certs,
                     "Write a local CA (ca.pem) and a localhost certificate (server.pem, server.key) into DIR, "
                     "then exit")
          ->type_name("DIR");
  app.add_flag("--overwrite", overwrite, "With --make-certs: replace ca.pem, server.pem and server.key if they exist")
      ->needs(make_certs_option);
  app.add_option("--prefix", svc.prefix, "Path prefix of the API")->capture_default_str();
  app.add_option("--keys", keys_file, "TOML key file: [[key]] key=, active=, searches=, payg=");
  app.add_option("--key", key_list, "An active API key (repeatable), with --searches and --payg");
  app.add_option("--searches", searches, "Monthly searches per key")->capture_default_str()->check(CLI::NonNegativeNumber);
  app.add_option("--payg", payg, "Pay-as-you-go credits per key")->capture_default_str()->check(CLI::NonNegativeNumber);
  app.add_option("--renewal-date", renewal_date, "YYYY-MM-DD reported as renewalDate (default: 1st of next month)");
  app.add_option("--renew-after-seconds", renew_after, "Refill a key this long after it ran out (0: never)")
      ->capture_default_str()->check(CLI::NonNegativeNumber);
  app.add_option("--cache-ttl", cache_ttl, "Seconds a (q,hl,gl,city) answer is served as cached (0: off)")
      ->capture_default_str()->check(CLI::NonNegativeNumber);
  app.add_option("--cache-entries", svc.cache_entries, "Bound of the response cache (LRU)")->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--rate-limit", svc.rate_limit, "Requests per second per key (0: off); over it: 429 + Retry-After")
      ->capture_default_str();
  app.add_option("--seed", svc.seed, "Seed for trees and fault draws")->capture_default_str();
  app.add_option("--depth", svc.tree.depth, "Levels of questions, top level included")->capture_default_str()
      ->check(CLI::Range(1, 200));
  app.add_option("--revision", svc.tree.revision,
                 "Serve revision N of the answers: at each revision about 30% of keys change (0: the original)")
      ->capture_default_str();
  app.add_option("--tree-kb", svc.tree.tree_kb, "Pad answers so a body is about N KiB (0: natural size)")
      ->capture_default_str()->check(CLI::Range(0, 1 << 20));
  std::string topics_file;
  app.add_option("--topics", topics_file,
                 "Plant topics: a JSON catalog of topics, their seeds, answer domains and questions in variant "
                 "groups; the trees of its seeds hold only those (docs/emulator.md)")
      ->type_name("FILE");
  app.add_option("--latency-ms", latency, "MIN:MAX delay added to each response")->capture_default_str();
  auto prob = CLI::Range(0.0, 1.0);
  app.add_option("--fault-500", svc.faults.error_500, "Share of 500 responses")->capture_default_str()->check(prob);
  app.add_option("--fault-reset", svc.faults.reset, "Share of connections reset before the response")
      ->capture_default_str()->check(prob);
  app.add_option("--fault-truncate", svc.faults.truncate, "Share of responses cut off mid-body")
      ->capture_default_str()->check(prob);
  app.add_option("--fault-invalid-json", svc.faults.invalid_json, "Share of 200 responses with a broken body")
      ->capture_default_str()->check(prob);
  app.add_option("--fault-slow", svc.faults.slow, "Share of responses trickled over ~300 ms")
      ->capture_default_str()->check(prob);
  app.add_option("--fault-charge-drop", svc.faults.charge_drop,
                 "Share of requests charged a search, then reset without an answer")
      ->capture_default_str()->check(prob);
  app.add_option("--fail-query", svc.fail_queries,
                 "Always answer 500 to requests whose q is exactly Q (repeatable): planted failures for tests");
  app.add_option("--hostile", hostile,
                 "Hostile 200 bodies: deep-nesting, huge, invalid-utf8, array-top-level, searchesLeft-string, "
                 "missing-result; or formulas (a valid answer whose texts are spreadsheet formulas)");
  app.add_option("--hostile-rate", svc.faults.hostile_rate, "Share of requests that get the --hostile body")
      ->capture_default_str()->check(prob);
  app.add_option("--chunked-share", svc.faults.chunked_share, "Share of responses sent chunked")
      ->capture_default_str()->check(prob);
  std::int64_t down_for = 0;
  std::string down_mode = "refuse";
  app.add_option("--down-after", svc.outage.after_requests,
                 "A planned outage: the Nth request on meets it (0: none); see --down-for and --down-mode")
      ->capture_default_str();
  app.add_option("--down-for", down_for, "Seconds the planned outage lasts (0: it never ends)")
      ->capture_default_str()->check(CLI::Range(std::int64_t{0}, std::int64_t{86400 * 365}));
  app.add_option("--down-mode", down_mode,
                 "The planned outage: refuse (connections refused, open ones reset) or 503 (every request "
                 "answered 503 Service Unavailable)")
      ->capture_default_str()->check(CLI::IsMember({"refuse", "503"}));
  app.add_option("--max-requests-per-connection", srv.max_requests_per_connection,
                 "Close a connection after N responses (0: unlimited)")->capture_default_str();
  app.add_option("--idle-timeout-seconds", idle, "Close a keep-alive connection idle this long")
      ->capture_default_str()->check(CLI::Range(1, 86400));
  app.add_option("--threads", srv.threads, "io_context threads")->capture_default_str()->check(CLI::Range(1, 64));
  app.add_option("--log", srv.log_file, "Append one JSON line per request to this file");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;  // --help, --version: 0
  }
  if (describe->parsed()) return paa::clidoc::print_describe_json(app) ? 0 : 2;
  if (!make_certs.empty()) return write_certs(make_certs, overwrite);

  if (!srv.plain && (srv.cert_file.empty() || srv.key_file.empty()))
    return fail("HTTPS needs --cert FILE and --key-file FILE (make them with `paa-emulator --make-certs DIR`: "
                "DIR/server.pem and DIR/server.key), or use --plain for plain HTTP");
  if (!svc.prefix.empty() && (svc.prefix.front() != '/' || svc.prefix.back() == '/'))
    return fail("--prefix " + svc.prefix + ": must start with '/' and not end with '/', e.g. /api (or empty)");
  svc.outage.duration = std::chrono::seconds(down_for);
  svc.outage.mode = down_mode == "503" ? paa::emulator::OutageMode::unavailable : paa::emulator::OutageMode::refuse;
  if (svc.faults.fault_sum() > 1.0)
    return fail("--fault-500 + --fault-reset + --fault-truncate + --fault-invalid-json + --fault-slow + "
                "--fault-charge-drop must not exceed 1");
  if (!topics_file.empty()) {
    std::ifstream in(topics_file, std::ios::binary);
    if (!in) return fail("--topics " + topics_file + ": cannot read the file");
    std::ostringstream text;
    text << in.rdbuf();
    auto catalog = paa::emulator::parse_planted_topics(text.str());
    if (!catalog) return fail("--topics " + topics_file + ": " + catalog.error().message);
    svc.tree.planted = std::make_shared<const paa::emulator::PlantedTopics>(std::move(*catalog));
  }
  if (!hostile.empty()) {
    auto mode = parse_hostile_mode(hostile);
    if (!mode)
      return fail("--hostile " + hostile +
                  ": unknown mode; use deep-nesting, huge, invalid-utf8, array-top-level, searchesLeft-string, "
                  "missing-result or formulas");
    svc.faults.hostile = *mode;
  }
  {
    int lo = 0, hi = 0;
    char tail = 0;
    if (std::sscanf(latency.c_str(), "%d:%d%c", &lo, &hi, &tail) != 2 || lo < 0 || hi < lo || hi > 600000)
      return fail("--latency-ms " + latency + ": expected MIN:MAX in milliseconds with 0 <= MIN <= MAX, e.g. 5:20");
    svc.faults.latency_min_ms = lo;
    svc.faults.latency_max_ms = hi;
  }
  if (!renewal_date.empty()) {
    auto d = paa::parse_date(renewal_date);
    if (!d) return fail("--renewal-date " + renewal_date + ": expected a valid date YYYY-MM-DD");
    svc.renewal_date = *d;
  }
  if (renew_after > 0) svc.renew_after = std::chrono::seconds(renew_after);
  svc.cache_ttl = std::chrono::seconds(cache_ttl);
  svc.tree.seed = svc.seed;
  srv.idle_timeout = std::chrono::seconds(idle);

  if (!keys_file.empty()) {
    auto loaded = load_key_file(keys_file, searches, payg);
    if (!loaded) return fail(loaded.error().message);
    svc.keys = std::move(*loaded);
  }
  std::set<std::string> seen;
  for (const auto& k : svc.keys) seen.insert(k.secret);
  for (const auto& k : key_list) {
    if (!is_well_formed_key(k))
      return fail("--key " + k + ": a key must be 1-128 characters from A-Z a-z 0-9 . _ -");
    if (!seen.insert(k).second) return fail("--key " + k + ": given twice");
    svc.keys.push_back(KeyConfig{k, true, searches, payg});
  }
  if (svc.keys.empty()) return fail("no API keys: give --key K (repeatable) or --keys FILE");

  Service service(std::move(svc));
  return run_server(service, srv);
}
