#pragma once
// A kept file written front to back in put_value / put_array / put_text's layout (kept_bytes.hpp)
// through a buffer, KeptFileReader's other half: an array goes from its vector to the file
// without a copy of the whole file in memory (a million keys' topic map: 164 MiB). Errors are
// sticky and reported by finish().
#include "paa/error.hpp"
#include "paa/extmem/kept_bytes.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace paa::extmem {

class KeptFileWriter {
 public:
  // A new file `name` in the folder open as `dir_fd`, which must not exist yet (durable when
  // its folder is published: FolderWrite).
  static Result<std::unique_ptr<KeptFileWriter>> create(int dir_fd, const std::string& name);
  ~KeptFileWriter();
  KeptFileWriter(const KeptFileWriter&) = delete;
  KeptFileWriter& operator=(const KeptFileWriter&) = delete;

  template <class T>
  void value(T v) {
    put_value(out_, v);
  }
  void text(std::string_view text) { put_text(out_, text); }
  template <class T>
  void array(const std::vector<T>& values) {
    put_array(out_, values);
  }
  // Bytes as they are (a file of no such layout: write_new_file).
  void bytes(std::string_view bytes) { out_.append(bytes); }
  // Writes what is buffered and closes the file; the first error if any.
  Result<void> finish();

 private:
  KeptFileWriter(int fd, std::string name);
  int fd_;
  FdSink sink_;
  BufferedOutput out_;
};

}  // namespace paa::extmem
