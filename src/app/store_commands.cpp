#include "paa/app/store_commands.hpp"

#include "paa/app/command_failure.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/duration.hpp"
#include "paa/selection/stores.hpp"
#include "paa/store/store.hpp"
#include "paa/store/store_merge.hpp"

#include <cstdio>
#include <filesystem>

namespace paa::app {

int run_merge(const std::string& into, const std::vector<std::string>& source_flags) {
  std::vector<std::filesystem::path> sources(source_flags.begin(), source_flags.end());
  auto merged = merge_stores(into, sources, [](std::uint64_t results) {
    std::fprintf(stderr, "paa: merge: %llu results read\n", static_cast<unsigned long long>(results));
  });
  if (!merged) return fail(merged.error());
  std::fprintf(stderr,
               "paa: merged %zu stores into %s: %llu results written, %llu already there, "
               "%llu progress entries of %zu jobs\n",
               sources.size(), into.c_str(), static_cast<unsigned long long>(merged->results),
               static_cast<unsigned long long>(merged->unchanged),
               static_cast<unsigned long long>(merged->progress), merged->jobs.size());
  if (merged->overlaps > 0) {
    std::fprintf(stderr,
                 "paa: %llu keys were stored in more than one store; the most recent fetch of each "
                 "was kept\n",
                 static_cast<unsigned long long>(merged->overlaps));
  }
  return kExitOk;
}

Result<PruneRule> resolve_prune_rule(std::uint32_t keep_last, const std::string& older_than, std::int64_t now_ms) {
  if (keep_last == 0 && older_than.empty()) {
    return usage_error("prune needs --keep-last N or --older-than DURATION (or both): which versions to remove");
  }
  PruneRule rule;
  rule.keep_last = keep_last;
  rule.now_ms = now_ms;
  if (!older_than.empty()) {
    auto ms = parse_duration(older_than);
    if (!ms) return prefixed("--older-than: ", ms.error());
    rule.older_than_ms = *ms;
  }
  return rule;
}

int run_prune(const std::string& store_dir, std::uint32_t keep_last, const std::string& older_than) {
  auto rule = resolve_prune_rule(keep_last, older_than, unix_now_ms());
  if (!rule) return fail(rule.error());
  if (auto found = check_store_folder(store_dir); !found) return fail(found.error());
  auto store = StoreWriter::open(store_dir);
  if (!store) return fail(store.error());
  auto counts = (*store)->prune_history(*rule);
  auto closed = (*store)->close();
  if (!counts) return fail(counts.error());
  if (!closed) return fail(closed.error());
  std::fprintf(stderr, "paa: pruned %llu old versions of %llu keys; %llu old versions kept (current results are never pruned)\n",
               static_cast<unsigned long long>(counts->removed), static_cast<unsigned long long>(counts->keys),
               static_cast<unsigned long long>(counts->kept));
  return kExitOk;
}

}  // namespace paa::app
