// paa diff: compares the versions of each key current at two points (docs/history.md).
#include "choice.hpp"
#include "commands.hpp"
#include "store_options.hpp"

#include "paa/output/atomic_file.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/history/diff_report.hpp"
#include "paa/history/domain_report.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/duration.hpp"
#include "paa/model/query_key.hpp"
#include "paa/selection/locale_filter.hpp"
#include "paa/selection/stores.hpp"
#include "paa/store/point_in_time.hpp"
#include "paa/store/store.hpp"
#include "paa/watch/distinct_questions.hpp"
#include "paa/watch/own_domains.hpp"

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <unordered_set>
#include <string>

namespace paa::cli {
namespace {

struct DiffFlags {
  std::string job_file;
  std::string store;
  std::string job;
  bool all_jobs = false;
  std::string hl;
  std::string gl;
  std::string from;
  std::string to = "now";
  std::string format = "text";
  std::string output;
  bool force = false;
  bool raw = false;  // --raw: csv text cells as they are
  std::size_t detail = 1000;
  std::string by = "key";
  std::vector<std::string> domains;
};

// What one key's two sides feed: the per-key report, or the domains' won and lost.
struct DiffSinks {
  DiffReport* report = nullptr;
  watch::DomainMoves* moves = nullptr;
  const watch::OwnDomains* own = nullptr;  // --domain: only the questions these domains answer
};

// The questions `own` answers in either tree (by fold_or_raw, as the diff compares them).
std::unordered_set<std::string> owned_questions(const watch::OwnDomains& own, const SearchResult* a, const SearchResult* b) {
  std::unordered_set<std::string> out;
  for (const SearchResult* t : {a, b}) {
    if (t == nullptr) continue;
    for (auto& d : watch::distinct_questions(t->children)) {
      if (own.owns(d.node->url)) out.insert(std::move(d.folded));
    }
  }
  return out;
}

// One key's two sides, parsed once; the same version at both sides is parsed once.
Result<void> compare_key(StoreReader& store, const StoredResult& current, std::int64_t from, std::int64_t to,
                         const DiffSinks& sinks) {
  auto before = store.get_at(current.key, from, &current);
  if (!before) return before.error();
  auto after = store.get_at(current.key, to, &current);
  if (!after) return after.error();
  if (!*before && !*after) return {};  // stored after --to
  auto parse = [&](const StoredResult& r) -> Result<SearchResult> {
    ParseLimits limits;  // stored under --max-body-mib, perhaps larger than the default
    limits.max_body_bytes = std::max(limits.max_body_bytes, r.body.size());
    limits.max_question_depth = std::size_t{1} << 20;  // the parser does not recurse
    auto env = parse_envelope(r.body, limits);
    if (!env) {
      return make_error(errc::store, "a stored result of '" + r.q + "' does not parse: " + env.error().message);
    }
    return std::move(env->result);
  };
  std::optional<SearchResult> old_tree, new_tree;
  if (*before) {
    auto t = parse(**before);
    if (!t) return t.error();
    old_tree = std::move(*t);
  }
  const bool same = *before && *after && (*before)->unchanged_since_ms == (*after)->unchanged_since_ms;
  if (*after && !same) {
    auto t = parse(**after);
    if (!t) return t.error();
    new_tree = std::move(*t);
  }
  const SearchResult* b = old_tree ? &*old_tree : nullptr;
  const SearchResult* a = same ? b : (new_tree ? &*new_tree : nullptr);
  if (sinks.moves != nullptr) {
    if (b != nullptr && a != nullptr) sinks.moves->add_key(*b, *a);
    return {};
  }
  std::unordered_set<std::string> only;
  KeyComparison key{current.q, current.hl, current.gl, current.city, b, a};
  if (sinks.own != nullptr && !sinks.own->empty()) {
    only = owned_questions(*sinks.own, b, a);
    key.only = &only;
  }
  sinks.report->add(key);
  return {};
}

int run_diff(const DiffFlags& f) {
  auto format = parse_diff_format(f.format);
  if (!format) return fail(usage_error("--format " + f.format + ": use text, csv or jsonl"));
  const bool by_domain = f.by == "domain";
  if (by_domain && *format == DiffFormat::jsonl) {
    return fail(usage_error("--by domain writes text or csv (one row per domain), not jsonl"));
  }
  auto own = watch::OwnDomains::parse(f.domains);
  if (!own) return fail(own.error());
  std::vector<std::filesystem::path> stores;
  if (!f.store.empty()) stores.push_back(f.store);
  std::string job = f.job;
  // With --all-jobs, JOB names only the store.
  if (auto applied = apply_job_file(f.job_file, stores, f.all_jobs ? nullptr : &job, "diff"); !applied) {
    return fail(applied.error());
  }
  const std::string store_dir = stores.front().string();
  auto store = open_store(store_dir);
  if (!store) return fail(store.error());
  auto runs = (*store)->runs();
  if (!runs) return fail(runs.error());
  const std::int64_t now = unix_now_ms();
  auto from = resolve_point(f.from, *runs, now);
  if (!from) return fail(prefixed("--from: ", from.error()));
  auto to = resolve_point(f.to, *runs, now);
  if (!to) return fail(prefixed("--to: ", to.error()));
  if (from->at_ms > to->at_ms) {
    return fail(usage_error("--from " + from->label + " is after --to " + to->label + "; swap them"));
  }
  auto scope = diff_scope(*from, *to, job, f.all_jobs);
  if (!scope) return fail(scope.error());
  job = std::move(*scope);
  auto locale = LocaleFilter::from_flags(f.hl, f.gl);
  if (!locale) return fail(locale.error());
  if (!job.empty()) {
    if (auto known = check_job(**store, job, "store '" + store_dir + "'"); !known) return fail(known.error());
  }
  std::string selection;
  if (!job.empty()) selection = "job " + job;
  if (!locale->hl().empty()) selection += (selection.empty() ? "" : ", ") + std::string("hl ") + locale->hl();
  if (!locale->gl().empty()) selection += (selection.empty() ? "" : ", ") + std::string("gl ") + locale->gl();

  const auto output = output_target(f.output);
  auto done = write_output(output, f.force, [&](ByteSink& sink) -> Result<void> {
    BufferedOutput out(sink);
    const DiffHeader header{from->label, to->label, selection};
    std::optional<DiffReport> report;
    if (!by_domain) report.emplace(DiffOptions{*format, f.detail, f.raw}, header, out);
    watch::DomainMoves moves;
    const DiffSinks sinks{report ? &*report : nullptr, by_domain ? &moves : nullptr, &*own};
    std::optional<Error> failed;
    auto visit = [&](const StoredResult& current) {
      // --hl/--gl (with --gl alone every language is scanned, each key checked).
      if (!locale->matches(current.key)) return true;
      if (auto r = compare_key(**store, current, from->at_ms, to->at_ms, sinks); !r) {
        failed = r.error();
        return false;
      }
      return !out.failed();
    };
    Result<void> scanned;
    if (job.empty()) {
      scanned = (*store)->scan_results(locale->prefix(), visit);
    } else {
      // The job's keys, in key order like a whole-store diff.
      scanned = (*store)->scan_progress(job, [&](std::string_view key, const ProgressEntry&) {
        auto current = (*store)->get(key);
        if (!current) {
          failed = current.error();
          return false;
        }
        return !*current || visit(**current);
      });
    }
    if (failed) return *failed;
    if (!scanned) return scanned.error();
    if (by_domain) return write_domain_diff(moves, *format, header, *own, out, csv_text(f.raw));
    return report->finish();
  });
  if (!done) return fail(done.error());
  return kExitOk;
}

int run_prune(const std::string& store_dir, std::uint32_t keep_last, const std::string& older_than) {
  if (keep_last == 0 && older_than.empty()) {
    return fail(usage_error("prune needs --keep-last N or --older-than DURATION (or both): which versions to remove"));
  }
  PruneRule rule;
  rule.keep_last = keep_last;
  rule.now_ms = unix_now_ms();
  if (!older_than.empty()) {
    auto ms = parse_duration(older_than);
    if (!ms) return fail(prefixed("--older-than: ", ms.error()));
    rule.older_than_ms = *ms;
  }
  if (auto found = check_store_folder(store_dir); !found) return fail(found.error());
  auto store = StoreWriter::open(store_dir);
  if (!store) return fail(store.error());
  auto counts = (*store)->prune_history(rule);
  auto closed = (*store)->close();
  if (!counts) return fail(counts.error());
  if (!closed) return fail(closed.error());
  std::fprintf(stderr, "paa: pruned %llu old versions of %llu keys; %llu old versions kept (current results are never pruned)\n",
               static_cast<unsigned long long>(counts->removed), static_cast<unsigned long long>(counts->keys),
               static_cast<unsigned long long>(counts->kept));
  return kExitOk;
}

}  // namespace

Command add_diff_command(CLI::App& app) {
  auto f = std::make_shared<DiffFlags>();
  Command c;
  c.app = app.add_subcommand("diff", "Compare each key's results at two points (runs or dates): questions added, removed, moved, sources changed");
  add_job_argument(*c.app, f->job_file, "A job file (TOML): its store (unless --store) and only its keys (unless --job)");
  add_store_or_job_option(*c.app, f->store);
  c.app->add_option("--from", f->from, "RUN (a run id, see `paa status`) or DATE (YYYY-MM-DD: the end of that UTC day; or RFC 3339)")->required();
  c.app->add_option("--to", f->to, "RUN or DATE, like --from; default now")->capture_default_str();
  c.app->add_option("--job", f->job, "Only the keys of this job (default: the job of the run --from or --to names)");
  c.app->add_flag("--all-jobs", f->all_jobs, "Every key of the store, whichever job it belongs to");
  add_locale_options(*c.app, f->hl, f->gl);
  c.app->add_option("--format", f->format, "text (for people, most changed keys first), csv (one row per change) or jsonl (one object per key)")
      ->capture_default_str()
      ->transform(one_of({"text", "csv", "jsonl"}));
  c.app->add_option("--by", f->by, "key (each key's changes) or domain (per answer domain: answers at --from and --to, won, lost, net)")
      ->capture_default_str()
      ->transform(one_of({"key", "domain"}));
  c.app->add_option("--domain", f->domains,
                    "Your domain (repeatable): by key, only the questions it answers at either point; by domain, "
                    "its rows marked");
  c.app->add_option("-o,--output,--out", f->output, "Write to FILE atomically instead of standard output");
  c.app->add_flag("--force", f->force, "Replace an existing -o file");
  c.app->add_flag("--raw", f->raw,
                  "csv: write text cells as they are; by default a cell that would start a spreadsheet formula "
                  "(=, +, -, @) gets a leading ' (docs/exports.md)");
  c.app->add_option("--detail", f->detail, "text: show this many changed keys in detail (the most changed)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  c.run = [f] { return run_diff(*f); };
  return c;
}

Command add_prune_command(CLI::App& app) {
  auto store = std::make_shared<std::string>();
  auto keep_last = std::make_shared<std::uint32_t>(0);
  auto older_than = std::make_shared<std::string>();
  Command c;
  c.app = app.add_subcommand("prune", "Remove old versions of results from a store's history (never the current ones)");
  add_store_option(*c.app, *store);
  c.app->add_option("--keep-last", *keep_last, "Keep the N newest versions of each key, the current one included")
      ->check(CLI::Range(1u, 1000000u));
  c.app->add_option("--older-than", *older_than,
                    "Remove versions replaced more than this long ago (30d, 12w, ...)");
  c.run = [store, keep_last, older_than] { return run_prune(*store, *keep_last, *older_than); };
  return c;
}

}  // namespace paa::cli
