#pragma once
// Shared by the export tests: sample bodies, StoredResult builders and an in-memory
// StoreReader with the real one's iteration order (encoded key order).
#include "../output/render.hpp"
#include "paa/model/query_key.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"
#include "paa/store/store.hpp"
#include "support/fake_store_reader.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace paa::exporting::test {

// The readers' in-memory store lives in the shared test support.
using paa::test::FakeStoreReader;

using ::paa::test::render;  // tests/output/render.hpp

// Two top-level questions that fold to the same text, one nested question, quoting hazards.
inline const std::string kCoffeeBody =
    R"({"cached":false,"searchesLeft":99,"payAsYouGoCreditsLeft":0,"renewalDate":"2026-12-01",)"
    R"("result":{"question":"coffee","related":["coffee near me","coffee, \"beans\""],)"
    R"("children":[{"question":"Is coffee good?","answer":"Yes, \"mostly\".\nSee below.",)"
    R"("url":"https://a.example/1","title":"Café ☕","children":[{"question":"Why?","answer":null,)"
    R"("url":"https://b.example","title":"B"}]},)"
    R"({"question":"is  coffee GOOD?","answer":"dup","url":"u","title":"t","children":[)"
    R"({"question":"Only under the duplicate","answer":"","url":"","title":""}]}]}})";

// Pretty-printed by the service: the JSONL line must still be one line.
inline const std::string kPrettyBody =
    "{\n  \"cached\": true,\n  \"result\": {\n    \"question\": \"tea\",\n    \"related\": [],\n"
    "    \"children\": [\n      {\"question\": \"Is tea good?\", \"answer\": \"a  b\"}\n    ]\n  }\n}\n";

inline std::string body_with_questions(const std::vector<std::string>& questions) {
  std::string body = R"({"cached":false,"result":{"question":"x","related":["r1"],"children":[)";
  for (std::size_t i = 0; i < questions.size(); ++i) {
    if (i) body += ',';
    body += R"({"question":")" + questions[i] + R"(","answer":"ans )" + questions[i] +
            R"(","url":"https://u/)" + std::to_string(i) + R"(","title":"T"})";
  }
  return body + "]}}";
}

inline StoredResult make_stored(const std::string& q, const std::string& hl, const std::string& gl,
                                const std::string& city, std::string body,
                                std::int64_t fetched_at_ms = 1795218854123, bool cached = false) {
  auto query = make_query(q, hl, gl, city);
  if (!query) throw std::runtime_error(query.error().message);
  StoredResult r;
  r.key = encode_key(query->key);
  r.q = query->q;
  r.hl = query->hl;
  r.gl = query->gl;
  r.city = query->city;
  r.body = std::move(body);
  r.fetched_at_ms = fetched_at_ms;
  r.cached = cached;
  return r;
}


}  // namespace paa::exporting::test
