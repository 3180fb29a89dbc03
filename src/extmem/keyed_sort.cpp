#include "paa/extmem/keyed_sort.hpp"

#include <algorithm>
#include <cstring>
#include <queue>
#include <stdexcept>

namespace paa::extmem {

namespace {

// A run's record: u32 key size, u32 fields size, u64 first, u64 second, key, fields.
// Fields: u32 count, then per field u32 size and bytes. Host byte order: the file never
// outlives the process.
constexpr std::size_t kHeaderBytes = 24;

void put_u32(std::string& out, std::uint32_t v) {
  char bytes[4];
  std::memcpy(bytes, &v, 4);
  out.append(bytes, 4);
}

std::uint32_t get_u32(const char* p) {
  std::uint32_t v = 0;
  std::memcpy(&v, p, 4);
  return v;
}

std::uint64_t get_u64(const char* p) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, 8);
  return v;
}

void decode_fields(const char* p, std::uint32_t size, std::vector<std::string_view>& fields) {
  fields.clear();
  if (size < 4) return;
  const std::uint32_t n = get_u32(p);
  p += 4;
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t len = get_u32(p);
    fields.emplace_back(p + 4, len);
    p += 4 + len;
  }
}

int compare(std::string_view a, std::uint64_t a1, std::uint64_t a2, std::string_view b, std::uint64_t b1,
            std::uint64_t b2) {
  if (int c = a.compare(b); c != 0) return c;
  if (a1 != b1) return a1 < b1 ? -1 : 1;
  if (a2 != b2) return a2 < b2 ? -1 : 1;
  return 0;
}

}  // namespace

// One run read front to back (packed_runs.hpp).
class KeyedSort::Cursor {
 public:
  Cursor(ScratchFile& file, PackedRun run, RunCodec& codec) : in_(file, run, codec) {}

  // Reads the next record; false at the run's end.
  Result<bool> next() {
    in_.consume(record_bytes_);
    record_bytes_ = 0;
    if (in_.done()) return false;
    if (auto got = in_.ensure(kHeaderBytes); !got) return got.error();
    const std::uint32_t key_size = get_u32(in_.view().data());
    const std::uint32_t fields_size = get_u32(in_.view().data() + 4);
    const std::size_t bytes = kHeaderBytes + key_size + fields_size;
    if (auto got = in_.ensure(bytes); !got) return got.error();
    const char* h = in_.view().data();
    key_ = {h + kHeaderBytes, key_size};
    first_ = get_u64(h + 8);
    second_ = get_u64(h + 16);
    fields_at_ = h + kHeaderBytes + key_size;
    fields_size_ = fields_size;
    record_bytes_ = bytes;
    return true;
  }

  std::string_view key() const { return key_; }
  std::uint64_t first() const { return first_; }
  std::uint64_t second() const { return second_; }
  void fields(std::vector<std::string_view>& out) const { decode_fields(fields_at_, fields_size_, out); }

 private:
  PackedRunReader in_;
  std::size_t record_bytes_ = 0;  // the current record's size (0 before the first)
  std::string_view key_;
  std::uint64_t first_ = 0;
  std::uint64_t second_ = 0;
  const char* fields_at_ = nullptr;
  std::uint32_t fields_size_ = 0;
};

KeyedSort::KeyedSort(std::size_t run_bytes, std::string prefix)
    : run_bytes_(std::max<std::size_t>(run_bytes, 4096)), prefix_(std::move(prefix)) {}

KeyedSort::~KeyedSort() = default;

std::uint64_t KeyedSort::disk_bytes() const { return file_ ? file_->size() : merged_bytes_; }

Result<void> KeyedSort::add(std::string_view key, std::uint64_t first, std::uint64_t second,
                            std::span<const std::string_view> fields) {
  std::size_t fields_size = 4;
  for (std::string_view f : fields) fields_size += 4 + f.size();
  const std::size_t bytes = key.size() + fields_size;
  // The arena and the entries together stay within the budget (one record alone may exceed it).
  const std::size_t entries_bytes = (entries_.size() + 1) * sizeof(Entry);
  if (!entries_.empty() && arena_.size() + bytes + entries_bytes > run_bytes_) {
    if (auto written = write_run(); !written) return written;
  }
  // Reserved whole: untouched pages cost no memory, and growth never copies the arena.
  if (arena_.capacity() < run_bytes_) arena_.reserve(run_bytes_);
  const std::uint64_t offset = arena_.size();
  arena_.append(key);
  put_u32(arena_, static_cast<std::uint32_t>(fields.size()));
  for (std::string_view f : fields) {
    put_u32(arena_, static_cast<std::uint32_t>(f.size()));
    arena_.append(f);
  }
  entries_.push_back({offset, static_cast<std::uint32_t>(key.size()), static_cast<std::uint32_t>(fields_size), first, second});
  ++added_;
  return {};
}

void KeyedSort::sort_entries() {
  const char* base = arena_.data();
  std::stable_sort(entries_.begin(), entries_.end(), [base](const Entry& a, const Entry& b) {
    return compare({base + a.offset, a.key_size}, a.first, a.second, {base + b.offset, b.key_size}, b.first,
                   b.second) < 0;
  });
}

Result<void> KeyedSort::write_run() {
  if (!file_) {
    auto file = ScratchFile::create(prefix_, std::size_t{256} << 10);
    if (!file) return file.error();
    file_ = std::move(*file);
    codec_ = std::make_unique<RunCodec>();
  }
  sort_entries();
  const std::uint64_t offset = file_->size();
  char header[kHeaderBytes];
  for (const Entry& e : entries_) {
    std::memcpy(header, &e.key_size, 4);
    std::memcpy(header + 4, &e.fields_size, 4);
    std::memcpy(header + 8, &e.first, 8);
    std::memcpy(header + 16, &e.second, 8);
    codec_->append(*file_, {header, kHeaderBytes});
    codec_->append(*file_, {arena_.data() + e.offset, std::size_t{e.key_size} + e.fields_size});
  }
  auto run = codec_->end_run(*file_, offset);
  if (!run) return run.error();
  runs_.push_back(*run);
  arena_.clear();
  entries_.clear();
  return {};
}

Result<void> KeyedSort::for_each(const std::function<Result<void>(const Record&)>& visit) {
  std::vector<std::string_view> fields;
  if (runs_.empty()) {  // it all fit in memory: no file at all
    sort_entries();
    for (const Entry& e : entries_) {
      const char* p = arena_.data() + e.offset;
      decode_fields(p + e.key_size, e.fields_size, fields);
      if (auto r = visit({{p, e.key_size}, e.first, e.second, fields}); !r) return r;
    }
    return {};
  }
  if (!file_) throw std::logic_error("KeyedSort::for_each called twice (a bug in paa)");
  if (!entries_.empty()) {
    if (auto written = write_run(); !written) return written;
  }
  arena_ = {};  // give the arena back before the merge takes its windows
  entries_ = {};
  if (auto flushed = file_->flush(); !flushed) return flushed;
  auto merged = merge(visit);
  merged_bytes_ = file_->size();
  file_.reset();  // every record has been read: the disk goes back now, not with the sort
  return merged;
}

Result<void> KeyedSort::merge(const std::function<Result<void>(const Record&)>& visit) {
  std::vector<Cursor> cursors;
  cursors.reserve(runs_.size());
  for (const PackedRun& run : runs_) cursors.emplace_back(*file_, run, *codec_);
  // std::priority_queue puts the greatest on top: the later record, the later run on ties
  // (runs hold consecutive stretches of the order added, so this keeps the sort stable).
  auto later = [&](std::size_t a, std::size_t b) {
    const Cursor& x = cursors[a];
    const Cursor& y = cursors[b];
    const int c = compare(x.key(), x.first(), x.second(), y.key(), y.first(), y.second());
    if (c != 0) return c > 0;
    return a > b;
  };
  std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(later)> heads(later);
  for (std::size_t i = 0; i < cursors.size(); ++i) {
    auto has = cursors[i].next();
    if (!has) return has.error();
    if (*has) heads.push(i);
  }
  std::vector<std::string_view> fields;
  while (!heads.empty()) {
    const std::size_t i = heads.top();
    heads.pop();
    Cursor& c = cursors[i];
    c.fields(fields);
    if (auto r = visit({c.key(), c.first(), c.second(), fields}); !r) return r;
    auto has = c.next();
    if (!has) return has.error();
    if (*has) heads.push(i);
  }
  return {};
}

}  // namespace paa::extmem
