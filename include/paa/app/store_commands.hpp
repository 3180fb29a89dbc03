#pragma once
// The commands that write a store other than the harvest: `paa merge` (one store from several)
// and `paa prune` (old versions removed). Each returns the exit code, a failure's message printed
// by fail().
#include "paa/error.hpp"
#include "paa/store/history_prune.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace paa::app {

int run_merge(const std::string& into, const std::vector<std::string>& sources);

// --keep-last and --older-than as the rule prune applies at `now_ms`: at least one of them
// (usage error otherwise), the duration parsed (its error prefixed with the flag).
Result<PruneRule> resolve_prune_rule(std::uint32_t keep_last, const std::string& older_than, std::int64_t now_ms);

int run_prune(const std::string& store_dir, std::uint32_t keep_last, const std::string& older_than);

}  // namespace paa::app
