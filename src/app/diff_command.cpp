#include "paa/app/diff_command.hpp"

#include "paa/app/command_failure.hpp"
#include "paa/app/read_progress.hpp"
#include "paa/app/store_selection.hpp"
#include "paa/history/domain_report.hpp"
#include "paa/model/clock.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/selection/stores.hpp"
#include "paa/watch/distinct_questions.hpp"
#include "paa/watch/own_domains.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <unordered_set>

namespace paa::app {
namespace {

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

Result<SearchResult> parse_stored(const StoredResult& r) {
  ParseLimits limits;  // stored under --max-body-mib, perhaps larger than the default
  limits.max_body_bytes = std::max(limits.max_body_bytes, r.body.size());
  limits.max_question_depth = std::size_t{1} << 20;  // the parser does not recurse
  auto env = parse_envelope(r.body, limits);
  if (!env) return make_error(errc::store, "a stored result of '" + r.q + "' does not parse: " + env.error().message);
  return std::move(env->result);
}

// One key's two sides, parsed once; the same version at both sides is parsed once.
Result<void> compare_key(StoreReader& store, const StoredResult& current, std::int64_t from, std::int64_t to,
                         const DiffSinks& sinks) {
  auto before = store.get_at(current.key, from, &current);
  if (!before) return before.error();
  auto after = store.get_at(current.key, to, &current);
  if (!after) return after.error();
  if (!*before && !*after) return {};  // stored after --to
  std::optional<SearchResult> old_tree, new_tree;
  if (*before) {
    auto t = parse_stored(**before);
    if (!t) return t.error();
    old_tree = std::move(*t);
  }
  const bool same = *before && *after && (*before)->unchanged_since_ms == (*after)->unchanged_since_ms;
  if (*after && !same) {
    auto t = parse_stored(**after);
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

// Every selected key's current result, in key order: the store's (the --hl prefix), or the job's.
Result<void> scan_selection(StoreReader& store, const DiffPlan& plan, const std::function<bool(const StoredResult&)>& visit) {
  std::optional<Error> failed;
  auto checked = [&](const StoredResult& current) {
    // --hl/--gl (with --gl alone every language is scanned, each key checked).
    return !plan.locale.matches(current.key) || visit(current);
  };
  Result<void> scanned;
  if (plan.job.empty()) {
    scanned = store.scan_results(plan.locale.prefix(), checked);
  } else {
    scanned = store.scan_progress(plan.job, [&](std::string_view key, const ProgressEntry&) {
      auto current = store.get(key);
      if (!current) {
        failed = current.error();
        return false;
      }
      return !*current || checked(**current);
    });
  }
  if (failed) return *failed;
  return scanned;
}

}  // namespace

Result<DiffOutput> diff_output(const std::string& format, const std::string& by) {
  auto parsed = parse_diff_format(format);
  if (!parsed) return usage_error("--format " + format + ": use text, csv or jsonl");
  const bool by_domain = by == "domain";
  if (by_domain && *parsed == DiffFormat::jsonl) {
    return usage_error("--by domain writes text or csv (one row per domain), not jsonl");
  }
  return DiffOutput{*parsed, by_domain};
}

Result<void> write_diff(StoreReader& store, const DiffFlags& f, const DiffOutput& what, const DiffPlan& plan,
                        const watch::OwnDomains& own, ByteSink& sink, WorkProgress* progress) {
  BufferedOutput out(sink);
  std::optional<DiffReport> report;
  if (!what.by_domain) report.emplace(DiffOptions{what.format, f.detail, f.raw}, plan.header, out);
  watch::DomainMoves moves;
  const DiffSinks sinks{report ? &*report : nullptr, what.by_domain ? &moves : nullptr, &own};
  std::optional<Error> failed;
  // Towards the store's estimated results when every key is compared; a count alone otherwise.
  const bool whole = plan.job.empty() && plan.locale.hl().empty() && plan.locale.gl().empty();
  ProgressCount compared(progress, "comparing keys", whole ? store.results_estimate().value_or(0) : 0);
  auto scanned = scan_selection(store, plan, [&](const StoredResult& current) {
    compared.add();
    if (auto r = compare_key(store, current, plan.from.at_ms, plan.to.at_ms, sinks); !r) {
      failed = r.error();
      return false;
    }
    return !out.failed();
  });
  if (failed) return *failed;
  if (!scanned) return scanned.error();
  if (what.by_domain) return write_domain_diff(moves, what.format, plan.header, own, out, csv_text(f.raw));
  return report->finish();
}

std::string diff_selection_label(const std::string& job, const std::string& hl, const std::string& gl) {
  std::string selection;
  if (!job.empty()) selection = "job " + job;
  if (!hl.empty()) selection += (selection.empty() ? "" : ", ") + std::string("hl ") + hl;
  if (!gl.empty()) selection += (selection.empty() ? "" : ", ") + std::string("gl ") + gl;
  return selection;
}

Result<DiffPlan> plan_diff(const DiffFlags& f, std::string job, const std::vector<RunInfo>& runs, std::int64_t now_ms) {
  auto from = resolve_point(f.from, runs, now_ms);
  if (!from) return prefixed("--from: ", from.error());
  auto to = resolve_point(f.to, runs, now_ms);
  if (!to) return prefixed("--to: ", to.error());
  if (from->at_ms > to->at_ms) {
    return usage_error("--from " + from->label + " is after --to " + to->label + "; swap them");
  }
  auto scope = diff_scope(*from, *to, job, f.all_jobs);
  if (!scope) return scope.error();
  auto locale = LocaleFilter::from_flags(f.hl, f.gl);
  if (!locale) return locale.error();
  DiffPlan plan{std::move(*from), std::move(*to), std::move(*scope), std::move(*locale), {}};
  plan.header = DiffHeader{plan.from.label, plan.to.label,
                           diff_selection_label(plan.job, plan.locale.hl(), plan.locale.gl())};
  return plan;
}

int run_diff(const DiffFlags& f) {
  auto what = diff_output(f.format, f.by);
  if (!what) return fail(what.error());
  auto own = watch::OwnDomains::parse(f.domains);
  if (!own) return fail(own.error());
  std::string job = f.job;
  // With --all-jobs, JOB names only the store.
  auto store = open_selected_store(f.job_file, f.store, f.all_jobs ? nullptr : &job, "diff");
  if (!store) return fail(store.error());
  const std::string store_dir = store->dir.string();
  auto runs = store->reader->runs();
  if (!runs) return fail(runs.error());
  auto plan = plan_diff(f, std::move(job), *runs, unix_now_ms());
  if (!plan) return fail(plan.error());
  if (!plan->job.empty()) {
    if (auto known = check_job(*store->reader, plan->job, "store '" + store_dir + "'"); !known) {
      return fail(known.error());
    }
  }
  const auto output = output_target(f.output);
  ReadProgressDisplay progress(output_progress_mode(f.progress, !output));
  auto done = write_output(output, f.force, [&](ByteSink& sink) {
    return write_diff(*store->reader, f, *what, *plan, *own, sink, &progress);
  });
  progress.finish(done.has_value());  // the bar ends before a message is printed
  if (!done) return fail(done.error());
  return kExitOk;
}

}  // namespace paa::app
