#pragma once
// The seed of a test's random kill or fault points: taken from the environment variable
// `env_name` when it is set (to replay a run), a fresh random one otherwise. Printed either way,
// on stderr ("PAA_CRASH_SEED=123 ...", in ctest's log and JUnit report even when the test
// passes) and as a property of the test in GoogleTest's XML, so that any run can be replayed.
#include <cstdint>

namespace paa::test {

std::uint32_t test_seed(const char* env_name);

}  // namespace paa::test
