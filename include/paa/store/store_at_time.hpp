#pragma once
// A store as it was at a point in time (`paa export --at`, docs/history.md): results are the
// versions current then, keys stored later are absent; progress, jobs, quota and expansion are
// read as they are now. There is no question index of the past: exports recount questions
// from the results (ExportRequest::recount_questions), as for a union of shard stores.
#include "paa/store/store.hpp"

#include <cstdint>
#include <memory>

namespace paa {

std::unique_ptr<StoreReader> store_at_time(std::unique_ptr<StoreReader> store, std::int64_t at_ms);

}  // namespace paa
