#pragma once
// RFC 4180 records read one at a time from a stream, with a chosen delimiter: quoted fields may
// hold delimiters, doubled quotes and line breaks; a quote inside an unquoted field is kept
// literally (a common export quirk). Errors name the file and line, and what to do.
#include "paa/error.hpp"

#include <cstddef>
#include <cstdint>
#include <streambuf>
#include <string>
#include <utility>
#include <vector>

namespace paa {

class CsvRecordReader {
 public:
  // `display`: the file as messages name it; a field longer than `max_field_bytes` is an error
  // (it bounds memory when a quote is missing).
  CsvRecordReader(std::streambuf& buf, std::string display, char delimiter, std::size_t max_field_bytes = 1u << 20)
      : buf_(&buf), display_(std::move(display)), delimiter_(delimiter), max_field_bytes_(max_field_bytes) {}

  // Reads one record into `fields`; false at the end of the file. `start_line` is the line
  // the record begins on.
  Result<bool> next(std::vector<std::string>& fields, std::uint64_t& start_line);
  // The line being read.
  std::uint64_t line() const { return line_; }

 private:
  std::streambuf* buf_;
  std::string display_;
  char delimiter_;
  std::size_t max_field_bytes_;
  std::uint64_t line_ = 1;
};

}  // namespace paa
