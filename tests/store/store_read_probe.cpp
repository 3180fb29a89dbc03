// Opens a store for reading in a process of its own, as `paa status` or `paa export` would:
// a crash in RocksDB shows as this process's signal (in the test's own process, memory another
// store left behind hid one; store_compat_test.cpp).
// Usage: store_read_probe DIR            prints "results N, index 0|1"
//        store_read_probe DIR catch-up   the same after catching up with the writer, as the
//                                        previous release did as it opened a store
//        store_read_probe DIR previous   prints the format version the previous release reads
// Exit 1 with the message when the store is refused.
#include "paa/store/store.hpp"

#include "previous_release.hpp"

#include <iostream>
#include <string>

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: store_read_probe DIR [catch-up|previous]\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  const std::string mode = argc == 3 ? argv[2] : "";
  if (mode == "previous") {
    const std::string version = paa::test::open_as_the_previous_release(dir, false);
    std::cout << version << '\n';
    return version.rfind("refused", 0) == 0 ? 1 : 0;
  }
  auto reader = paa::StoreReader::open(dir);
  if (!reader) {
    std::cerr << reader.error().message << '\n';
    return 1;
  }
  if (mode == "catch-up") {
    if (auto caught = (*reader)->catch_up(); !caught) {
      std::cerr << caught.error().message << '\n';
      return 1;
    }
  }
  std::uint64_t results = 0;
  if (!(*reader)->scan_results("", [&](const paa::StoredResult&) { return ++results, true; })) return 1;
  std::cout << "results " << results << ", index " << ((*reader)->has_question_index() ? 1 : 0) << '\n';
  return 0;
}
