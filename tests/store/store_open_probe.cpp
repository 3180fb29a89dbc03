// Opens a store from a second process, as a second `paa` would: the writer must be refused
// naming the holder's pid, and a reader must still see `key`'s result.
// Usage: store_open_probe DIR HOLDER_PID Q   (the key is Q|en|us|, as store_test_util's key_of)
// Prints one verdict: W = refused as expected, X = wrongly opened or wrong message, R = reader failed.
// A separate program because fork() without exec in a process whose RocksDB threads are running
// can deadlock the child on a lock one of those threads held.
#include "paa/store/store.hpp"

#include "store_test_util.hpp"

#include <iostream>
#include <string>

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: store_open_probe DIR HOLDER_PID Q\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  const std::string holder = argv[2];
  char verdict = 'W';
  auto second = paa::StoreWriter::open(dir);
  if (second) {
    verdict = 'X';
  } else if (second.error().message.find("is in use by another paa process (pid " + holder + ")") ==
             std::string::npos) {
    std::cerr << second.error().message << '\n';
    verdict = 'X';
  }
  if (verdict == 'W') {
    auto reader = paa::StoreReader::open(dir);
    if (!reader || !(*reader)->get(paa::test::key_of(argv[3])).value()) verdict = 'R';
  }
  std::cout << verdict << '\n';
  return 0;
}
