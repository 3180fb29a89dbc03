#include "paa/app/check_report.hpp"

#include "paa/job/shard.hpp"
#include "paa/model/duration.hpp"

#include <algorithm>

namespace paa::app {

namespace {

unsigned long long u(std::uint64_t n) { return static_cast<unsigned long long>(n); }

std::string describe_locales(const std::vector<Locale>& locales) {
  std::string out = std::to_string(locales.size()) + " (";
  for (std::size_t i = 0; i < locales.size(); ++i) {
    if (i > 0) out += ", ";
    out += locales[i].hl + "-" + locales[i].gl;
    if (!locales[i].city.empty()) out += " " + locales[i].city;
  }
  return out + ")";
}

// Keys per shard and how uneven they are, to split keys and budgets (max_searches is per shard
// and per run; job_max_searches is the job's, split as shown).
void print_shards(std::FILE* out, const CheckReport& r) {
  const std::vector<std::uint64_t>& per_shard = r.check.keys_per_shard;
  const std::uint64_t total = r.check.unique_keys;
  std::fprintf(out, "shards         %zu (shard hash v%u)\n", per_shard.size(), kShardHashVersion);
  const std::int64_t budget = r.spec.limits.job_max_searches;
  if (budget > 0 && r.budget_split) {
    const BudgetSplit& s = *r.budget_split;
    std::fprintf(out, "job budget     job_max_searches = %lld, split %s: each shard's share over all its runs\n",
                 static_cast<long long>(budget),
                 s.level == 0 ? "by the seeds (until the first barrier)"
                              : ("by the barrier of level " + std::to_string(s.level)).c_str());
  } else if (budget > 0 && r.budget_split_stale_level > 0) {
    std::fprintf(out, "job budget     job_max_searches = %lld, not split for level %u: the shards refuse to run "
                      "until its barrier runs again (%s)\n",
                 static_cast<long long>(budget), r.budget_split_stale_level,
                 barrier_command(r.spec.file.string(), static_cast<std::uint32_t>(per_shard.size()),
                                 r.budget_split_stale_level)
                     .c_str());
  }
  std::uint64_t largest = 0;
  for (std::size_t i = 0; i < per_shard.size(); ++i) {
    std::string share;
    if (budget > 0 && r.budget_split) {
      share = ", may spend " +
              std::to_string(shard_allowance(*r.budget_split, static_cast<std::uint64_t>(budget),
                                             static_cast<std::uint32_t>(i)));
      if (r.budget_split->level > 0) {
        share += " (" + std::to_string(r.budget_split->base[i]) + " spent before level " +
                 std::to_string(r.budget_split->level) + ")";
      }
    }
    std::fprintf(out, "  shard %zu/%zu%*s%llu keys%s\n", i, per_shard.size(),
                 static_cast<int>(8 - std::to_string(i).size() - std::to_string(per_shard.size()).size()), "",
                 u(per_shard[i]), share.c_str());
    largest = std::max(largest, per_shard[i]);
  }
  const double mean = static_cast<double>(total) / static_cast<double>(per_shard.size());
  std::fprintf(out, "imbalance      largest shard %.2fx the mean (%.1f keys)\n",
               mean > 0 ? static_cast<double>(largest) / mean : 1.0, mean);
}

void print_expansion(std::FILE* out, const CheckReport& r) {
  const ExpandSpec& e = r.spec.expand;
  const std::string from = e.from_questions && e.from_related ? "questions and related searches"
                           : e.from_related                    ? "related searches"
                                                               : "questions";
  std::fprintf(out, "expansion      depth %d from %s, %s per result, max_keys %s\n", e.depth, from.c_str(),
               e.per_result == 0 ? "all" : std::to_string(e.per_result).c_str(),
               e.max_keys == 0 ? "none" : std::to_string(e.max_keys).c_str());
  std::fprintf(out, "discovered     at most %s more keys (each one search at most)\n",
               r.discovered_bound ? std::to_string(*r.discovered_bound).c_str() : "an unbounded number of");
  if (e.skip_variants) {
    std::fprintf(out,
                 "variants       skipped: a discovered question whose variant group already has a key of the job in "
                 "its locale is not asked (the job's %llu keys are in %llu groups; the bound above counts no skip)\n",
                 u(r.check.unique_keys), u(r.variant_groups));
    if (r.so_far) {
      std::fprintf(out, "               %llu skipped so far, %llu keys discovered\n", u(r.so_far->skipped),
                   u(r.so_far->discovered));
    }
  }
  if (!r.seeds) return;
  const CheckReport::Seeds& s = *r.seeds;
  if (!s.recorded) {
    std::fprintf(out,
                 "seeds          level 1 was made before seeds were recorded: the next run counts the job's %llu "
                 "keys as expanded, and expands queries added after it\n",
                 u(r.check.unique_keys));
  } else if (s.fresh == 0) {
    std::fprintf(out, "seeds          all expanded\n");
  } else if (s.capped) {
    std::fprintf(out,
                 "seeds          %llu seeds not expanded yet: max_keys (%llu) is reached; a higher max_keys "
                 "expands them\n",
                 u(s.fresh), u(e.max_keys));
  } else {
    std::fprintf(out, "seeds          %llu seeds not expanded yet: the next run expands them (depth %u)\n", u(s.fresh),
                 s.depth);
  }
}

}  // namespace

void render_check_text(std::FILE* out, const CheckReport& r) {
  const JobSpec& spec = r.spec;
  const JobCheck& check = r.check;
  std::fprintf(out, "job            %s (%s)\n", spec.name.c_str(), spec.file.string().c_str());
  std::fprintf(out, "store          %s\n", spec.store.string().c_str());
  std::fprintf(out, "queries read   %llu\n", u(check.queries));
  for (const auto& list : check.lists) std::fprintf(out, "  list         %s\n", list.c_str());
  std::fprintf(out, "locales        %s\n", describe_locales(spec.locales).c_str());
  std::fprintf(out, "requests       %llu after locale expansion\n", u(check.requests));
  std::fprintf(out, "unique keys    %llu after normalisation (%llu duplicate%s dropped)\n", u(check.unique_keys),
               u(check.duplicates), check.duplicates == 1 ? "" : "s");
  if (r.shards > 0) print_shards(out, r);
  if (spec.refresh_after_ms) {
    if (!r.refresh) {
      std::fprintf(out, "refresh        none due (older than %s): no store yet\n",
                   duration_text(*spec.refresh_after_ms).c_str());
    } else {
      std::fprintf(out, "refresh        %llu of %llu stored keys due (older than %s; each one search)\n",
                   u(r.refresh->due), u(r.refresh->stored), duration_text(*spec.refresh_after_ms).c_str());
    }
  }
  if (spec.expand.enabled()) print_expansion(out, r);
  if (spec.expand.enabled() && r.shards > 0) {
    // The chain the engines run (docs/scaling-out.md "Expansion across shards").
    std::fprintf(out, "levels         a level at a time over %u shards: the shards' run, then `paa barrier %s "
                      "--shards %u --level L`, for L = 1 to %d, then the shards' run once more\n",
                 r.shards, spec.file.string().c_str(), r.shards, spec.expand.depth);
  }
}

}  // namespace paa::app
