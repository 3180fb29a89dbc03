// load_job on an arbitrary TOML file, then check_job / JobReader over whatever it accepts:
// never crashes; errors name the job file; what the reader yields is a valid, normalised key.
#include "fuzz_support.hpp"

#include "paa/job/job_file.hpp"

#include <cstdint>

namespace {

const std::filesystem::path& job_path() {
  static const std::filesystem::path p = [] {
    const auto& dir = paa::fuzz::scratch_dir();
    // Lists a fuzzed job may name.
    paa::fuzz::write_bytes(dir / "list.txt", "coffee\n# comment\n\nCafé  crème\n");
    paa::fuzz::write_bytes(dir / "list.csv", "q,hl,gl,city\ntea,en,gb,London\n\"a, b\",,,\n");
    return dir / "job.toml";
  }();
  return p;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto& path = job_path();
  paa::fuzz::write_bytes(path, std::string_view(reinterpret_cast<const char*>(data), size));
  auto job = paa::load_job(path);
  if (!job) {
    PAA_FUZZ_CHECK(job.error().message.find("job.toml") != std::string::npos);
    return 0;
  }
  PAA_FUZZ_CHECK(!job->locales.empty());
  PAA_FUZZ_CHECK(job->limits.concurrency >= 1 && job->limits.concurrency <= 1024);
  auto checked = paa::check_job(*job);
  auto reader = paa::JobReader::open(*job);
  if (!reader) return 0;
  std::uint64_t items = 0;
  for (int i = 0; i < 10000; ++i) {
    auto next = reader->next();
    if (!next) {
      PAA_FUZZ_CHECK(!checked);
      return 0;
    }
    if (!*next) {
      PAA_FUZZ_CHECK(checked && checked->requests == items);
      return 0;
    }
    const auto& key = (*next)->query.key;
    auto decoded = paa::decode_key(paa::encode_key(key));
    PAA_FUZZ_CHECK(decoded && *decoded == key);
    PAA_FUZZ_CHECK(!key.q.empty());
    ++items;
  }
  return 0;
}
