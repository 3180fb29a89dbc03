// parse_envelope on arbitrary bytes: never crashes, never recurses with the input's nesting
// (ASan's stack checks would catch it), and a parsed tree is internally consistent.
#include "fuzz_support.hpp"

#include "paa/model/envelope.hpp"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  auto parsed = paa::parse_envelope(body);
  if (parsed) {
    std::size_t visits = 0;
    int max_depth = 0;
    paa::walk_preorder(parsed->result.children, [&](const paa::QuestionVisit& v) {
      ++visits;
      PAA_FUZZ_CHECK(v.depth >= 1 && v.position >= 1);
      PAA_FUZZ_CHECK((v.depth == 1) == (v.parent == nullptr));
      if (v.depth > max_depth) max_depth = v.depth;
    });
    PAA_FUZZ_CHECK(visits == paa::count_questions(parsed->result.children));
    PAA_FUZZ_CHECK(max_depth <= 1000);
    if (parsed->quota.renewal_date) PAA_FUZZ_CHECK(parsed->quota.renewal_date->ok());
  }
  // Tight limits take the early-exit paths: the same input must fail cleanly, never crash.
  paa::ParseLimits tight;
  tight.max_body_bytes = size / 2;
  tight.max_question_depth = 2;
  auto small = paa::parse_envelope(body, tight);
  if (size > 0) PAA_FUZZ_CHECK(!small);
  return 0;
}
