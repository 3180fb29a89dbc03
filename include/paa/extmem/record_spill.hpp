#pragma once
// Records of text fields parked in a scratch file until they are needed again (xlsx: the
// Related sheet is written after the trees, the question index after a sort). Memory stays at
// the write buffer; the file vanishes with the object or the process.
#include "paa/error.hpp"

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace paa::extmem {

class RecordSpill {
 public:
  // Opens the file in $TMPDIR (or /tmp).
  static Result<std::unique_ptr<RecordSpill>> create();
  ~RecordSpill();
  RecordSpill(const RecordSpill&) = delete;
  RecordSpill& operator=(const RecordSpill&) = delete;

  // Appends one record and returns its offset (for at()). Write errors are sticky and
  // reported by seal().
  std::uint64_t append(std::initializer_list<std::string_view> fields) {
    return append_all({fields.begin(), fields.size()});
  }
  std::uint64_t append_all(std::span<const std::string_view> fields);
  std::uint64_t records() const { return records_; }

  // Ends writing and maps the file for reading. Call once, before at() or for_each().
  Result<void> seal();

  // The record at `offset` (from append()); the views stay valid until the spill is destroyed.
  void at(std::uint64_t offset, std::vector<std::string_view>& fields) const;
  // Every record, in the order appended.
  void for_each(const std::function<void(std::span<const std::string_view>)>& visit) const;

 private:
  struct Impl;
  explicit RecordSpill(std::unique_ptr<Impl> impl);
  std::uint64_t decode(std::uint64_t offset, std::vector<std::string_view>& fields) const;
  std::unique_ptr<Impl> impl_;
  std::uint64_t records_ = 0;
};

}  // namespace paa::extmem
