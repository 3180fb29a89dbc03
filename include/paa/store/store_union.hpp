#pragma once
// Several stores read as one: the shard stores of a job exported together
// (docs/scaling-out.md). Keys come in order as from one store; a key stored in more than one of them appears
// once, the most recent fetch winning; a job's progress is merged the same way (a done entry
// beats a failed one, then the latest update wins).
//
// There is no merged question index (counts would need every tree): scan_questions() fails,
// and the exporter recounts questions from the results instead (ExportRequest::recount_questions).
#include "paa/error.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

namespace paa {

class StoreUnion : public StoreReader {
 public:
  // Opens every store read-only (like StoreReader::open: works while their writers run).
  static Result<std::unique_ptr<StoreUnion>> open(const std::vector<std::filesystem::path>& dirs);

  // Keys found in more than one store, counted once per key by each scan_results() and get().
  virtual std::uint64_t overlapping_keys() const = 0;

  // The job's run that started last in any of the stores (no progress scan).
  virtual Result<RunInfo> last_run(std::string_view job) = 0;
};

}  // namespace paa
