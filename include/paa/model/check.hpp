#pragma once
// Invariants the code relies on (every start closed by exactly one outcome, ...). A broken one
// is a bug, never an expected failure: in debug and test builds (PAA_CHECKS, on wherever the
// tests are built) it aborts naming the rule and where it broke; a release build does not pay
// for the check.
#include <cstdio>
#include <cstdlib>

namespace paa {
[[noreturn]] inline void check_failed(const char* rule, const char* file, int line) {
  std::fprintf(stderr, "paa: internal error: broken invariant: %s (%s:%d)\n", rule, file, line);
  std::abort();
}
}  // namespace paa

#if defined(PAA_CHECKS) || !defined(NDEBUG)
#define PAA_CHECK(condition, rule) ((condition) ? void(0) : ::paa::check_failed(rule, __FILE__, __LINE__))
#else
#define PAA_CHECK(condition, rule) void(0)
#endif
