#pragma once
// What a long read tells its progress (docs/exports.md "Progress"): each phase in order, with
// its count; the tests' WorkProgress.
#include "paa/model/work_progress.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace paa::test {

struct PhaseRecorder final : WorkProgress {
  struct Phase {
    std::string name;
    std::uint64_t total = 0;
  };
  std::vector<Phase> phases;
  void phase(std::string_view name, std::uint64_t total) override { phases.push_back({std::string(name), total}); }
  void done(std::uint64_t) override {}
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& p : phases) out.push_back(p.name);
    return out;
  }
};

}  // namespace paa::test
