// The .txt and .csv query-list readers on arbitrary bytes (first byte: which format), through
// JobReader with two job locales. Never crashes; errors name the list and a line; every item
// is a valid key; check_job agrees with the reader on success and on failure.
#include "fuzz_support.hpp"

#include "paa/job/job_file.hpp"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const bool csv = (data[0] & 1) != 0;
  const auto list = paa::fuzz::scratch_dir() / (csv ? "list.csv" : "list.txt");
  paa::fuzz::write_bytes(list, std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));

  paa::JobSpec spec;
  spec.file = paa::fuzz::scratch_dir() / "job.toml";
  spec.name = "fuzz";
  spec.query_files = {list};
  spec.locales = {{"en", "us", ""}, {"de", "de", "Berlin"}};

  auto checked = paa::check_job(spec);
  auto reader = paa::JobReader::open(spec);
  PAA_FUZZ_CHECK(reader);
  std::uint64_t items = 0, last_read = 0;
  for (;;) {
    auto next = reader->next();
    if (!next) {
      const std::string& m = next.error().message;
      PAA_FUZZ_CHECK(m.find(csv ? "list.csv:" : "list.txt:") != std::string::npos);
      PAA_FUZZ_CHECK(!checked);
      return 0;
    }
    if (!*next) break;
    const auto& item = **next;
    PAA_FUZZ_CHECK(!item.query.key.q.empty());
    PAA_FUZZ_CHECK(!item.query.key.hl.empty() && item.query.key.gl.size() == 2);
    auto decoded = paa::decode_key(paa::encode_key(item.query.key));
    PAA_FUZZ_CHECK(decoded && *decoded == item.query.key);
    // The request spelling normalises to the same key.
    auto again = paa::make_query(item.query.q, item.query.hl, item.query.gl, item.query.city);
    PAA_FUZZ_CHECK(again && again->key == item.query.key);
    PAA_FUZZ_CHECK(reader->queries_read() >= last_read);
    last_read = reader->queries_read();
    ++items;
  }
  PAA_FUZZ_CHECK(checked);
  PAA_FUZZ_CHECK(checked->requests == items);
  PAA_FUZZ_CHECK(checked->queries == reader->queries_read());
  PAA_FUZZ_CHECK(checked->unique_keys + checked->duplicates == checked->requests);
  return 0;
}
