// paa check JOB: validates a job file and reads every query list once, printing the counts.
// Nothing is written; any error exits 2.
#include "commands.hpp"

#include "paa/expand/level_builder.hpp"
#include "paa/expand/level_pass.hpp"
#include "paa/harvest/expansion_levels.hpp"
#include "paa/expand/variant_groups.hpp"

#include "paa/exit_code.hpp"
#include "paa/harvest/refresh_due.hpp"
#include "paa/job/job_file.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/duration.hpp"
#include "paa/store/store.hpp"

#include <algorithm>
#include <filesystem>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace paa::cli {
namespace {

std::string describe_locales(const std::vector<Locale>& locales) {
  std::string out = std::to_string(locales.size()) + " (";
  for (std::size_t i = 0; i < locales.size(); ++i) {
    if (i > 0) out += ", ";
    out += locales[i].hl + "-" + locales[i].gl;
    if (!locales[i].city.empty()) out += " " + locales[i].city;
  }
  return out + ")";
}

// Keys per shard and how uneven they are, to split keys and budgets (max_searches is per shard).
void print_shards(const std::vector<std::uint64_t>& per_shard, std::uint64_t total) {
  std::printf("shards         %zu (shard hash v%u)\n", per_shard.size(), kShardHashVersion);
  std::uint64_t largest = 0;
  for (std::size_t i = 0; i < per_shard.size(); ++i) {
    std::printf("  shard %zu/%zu%*s%llu keys\n", i, per_shard.size(),
                static_cast<int>(8 - std::to_string(i).size() - std::to_string(per_shard.size()).size()), "",
                static_cast<unsigned long long>(per_shard[i]));
    largest = std::max(largest, per_shard[i]);
  }
  const double mean = static_cast<double>(total) / static_cast<double>(per_shard.size());
  std::printf("imbalance      largest shard %.2fx the mean (%.1f keys)\n",
              mean > 0 ? static_cast<double>(largest) / mean : 1.0, mean);
}


}  // namespace

Command add_check_command(CLI::App& app) {
  auto job_path = std::make_shared<std::string>();
  auto shards = std::make_shared<std::uint32_t>(0);
  Command c;
  c.app = app.add_subcommand("check", "Validate a job file and count its queries, requests and unique keys");
  c.app->add_option("JOB", *job_path, "The job file (TOML)")->required();
  c.app->add_option("--shards", *shards, "Also count the unique keys of each of N shards (paa run --shard I/N)")
      ->check(CLI::Range(1, 100000));
  c.run = [job_path, shards] {
    auto spec = load_job(*job_path);
    if (!spec) return fail(spec.error());
    auto check = check_job(*spec, CheckOptions{std::nullopt, *shards});
    if (!check) return fail(check.error());
    const auto u = [](std::uint64_t n) { return static_cast<unsigned long long>(n); };
    std::printf("job            %s (%s)\n", spec->name.c_str(), spec->file.string().c_str());
    std::printf("store          %s\n", spec->store.string().c_str());
    std::printf("queries read   %llu\n", u(check->queries));
    for (const auto& list : check->lists) std::printf("  list         %s\n", list.c_str());
    std::printf("locales        %s\n", describe_locales(spec->locales).c_str());
    std::printf("requests       %llu after locale expansion\n", u(check->requests));
    std::printf("unique keys    %llu after normalisation (%llu duplicate%s dropped)\n", u(check->unique_keys),
                u(check->duplicates), check->duplicates == 1 ? "" : "s");
    if (*shards > 0) print_shards(check->keys_per_shard, check->unique_keys);
    if (spec->refresh_after_ms) {
      // What a run started now would refresh: stored keys whose result is older than refresh_after.
      std::error_code ec;
      if (!std::filesystem::exists(spec->store, ec)) {
        std::printf("refresh        none due (older than %s): no store yet\n", duration_text(*spec->refresh_after_ms).c_str());
      } else {
        auto store = StoreReader::open(spec->store);
        if (!store) return fail(store.error());
        const RefreshRule rule = RefreshRule::after(spec->refresh_after_ms, unix_now_ms());
        auto due = count_due_keys(*spec, rule, check->repeated_key_hashes, std::nullopt,
                                  [&](std::string_view k) -> Result<std::optional<std::int64_t>> {
                                    auto r = (*store)->get(k);
                                    if (!r) return r.error();
                                    if (!*r) return std::optional<std::int64_t>();
                                    return std::optional<std::int64_t>((*r)->fetched_at_ms);
                                  });
        if (!due) return fail(due.error());
        std::printf("refresh        %llu of %llu stored keys due (older than %s; each one search)\n", u(due->due),
                    u(due->stored), duration_text(*spec->refresh_after_ms).c_str());
      }
    }
    if (spec->expand.enabled()) {
      const ExpandSpec& e = spec->expand;
      const auto bound = max_discovered(e, check->unique_keys);
      std::string from = e.from_questions && e.from_related ? "questions and related searches"
                         : e.from_related                    ? "related searches"
                                                             : "questions";
      std::printf("expansion      depth %d from %s, %s per result, max_keys %s\n", e.depth, from.c_str(),
                  e.per_result == 0 ? "all" : std::to_string(e.per_result).c_str(),
                  e.max_keys == 0 ? "none" : std::to_string(e.max_keys).c_str());
      std::printf("discovered     at most %s more keys (each one search at most)\n",
                  bound ? std::to_string(*bound).c_str() : "an unbounded number of");
      if (e.skip_variants) {
        // What skip_variants will do, from what is known before any search: the variant groups
        // of the job's own keys (a discovered question in one of them is not asked), and what
        // the job's earlier runs skipped.
        GroupSet groups;
        KeyGrouper grouper;
        auto reader = JobReader::open(*spec);
        if (!reader) return fail(reader.error());
        for (;;) {
          auto next = reader->next();
          if (!next) return fail(next.error());
          if (!*next) break;
          groups.add(grouper.group((*next)->query.key));
        }
        std::printf("variants       skipped: a discovered question whose variant group already has a key of the job in "
                    "its locale is not asked (the job's %llu keys are in %llu groups; the bound above counts no skip)\n",
                    u(check->unique_keys), u(groups.size()));
        std::error_code ec;
        if (std::filesystem::exists(spec->store, ec)) {
          auto store = StoreReader::open(spec->store);
          if (!store) return fail(store.error());
          auto state = (*store)->expansion_state(spec->name);
          if (!state) return fail(state.error());
          if (state->expanded()) {
            std::printf("               %llu skipped so far, %llu keys discovered\n", u(state->skipped()),
                        u(state->discovered()));
          }
        }
      }
      // Seeds added to the lists after level 1 was made (docs/expansion.md "Seeds added later").
      std::error_code ec;
      if (std::filesystem::exists(spec->store, ec)) {
        auto store = StoreReader::open(spec->store);
        if (!store) return fail(store.error());
        auto state = (*store)->expansion_state(spec->name);
        if (!state) return fail(state.error());
        if (state->built >= 1 && !state->seeds_recorded) {
          std::printf("seeds          level 1 was made before seeds were recorded: the next run counts the job's %llu "
                      "keys as expanded, and expands queries added after it\n",
                      u(check->unique_keys));
        } else if (state->built >= 1) {
          auto fresh = count_new_seeds(*spec, check->repeated_key_hashes, *state, [&](std::string_view k) {
            return (*store)->seed_round(spec->name, k);
          });
          if (!fresh) return fail(fresh.error());
          const std::uint32_t depth = std::min(state->built, static_cast<std::uint32_t>(e.depth));
          const ExpansionState opened = reopen_cut_level(*state, e);  // a higher max_keys reopens a cut level
          const bool capped = opened.cut_level != 0 || (e.max_keys != 0 && opened.discovered() >= e.max_keys);
          if (*fresh == 0) {
            std::printf("seeds          all expanded\n");
          } else if (capped) {
            std::printf("seeds          %llu seeds not expanded yet: max_keys (%llu) is reached; a higher max_keys "
                        "expands them\n",
                        u(*fresh), u(e.max_keys));
          } else {
            std::printf("seeds          %llu seeds not expanded yet: the next run expands them (depth %u)\n", u(*fresh),
                        depth);
          }
        }
      }
      if (*shards > 0) {
        // The same refusal as `paa run`: a check that passes must mean the job runs.
        return fail(usage_error(spec->file.string() + ": [expand] and shards: a job that expands runs as one process "
                    "(levels are made from all of the level before); drop --shards or set depth = 0"));
      }
    }
    return finish_stdout();
  };
  return c;
}

}  // namespace paa::cli
