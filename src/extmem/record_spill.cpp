#include "paa/extmem/record_spill.hpp"

#include "paa/extmem/scratch_file.hpp"

#include <cstring>

namespace paa::extmem {

// Layout of one record: u32 field count, then per field u32 length (host order) and bytes.
struct RecordSpill::Impl {
  std::unique_ptr<ScratchFile> file;
  ScratchMap map;  // declared after the file: unmapped before the file is closed
};

Result<std::unique_ptr<RecordSpill>> RecordSpill::create() {
  auto file = ScratchFile::create("paa-export-spill");
  if (!file) return file.error();
  auto impl = std::make_unique<Impl>();
  impl->file = std::move(*file);
  return std::unique_ptr<RecordSpill>(new RecordSpill(std::move(impl)));
}

RecordSpill::RecordSpill(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
RecordSpill::~RecordSpill() = default;

std::uint64_t RecordSpill::append_all(std::span<const std::string_view> fields) {
  BufferedOutput& out = impl_->file->out();
  const std::uint64_t offset = out.bytes_written();
  auto put_u32 = [&](std::uint32_t v) {
    char bytes[4];
    std::memcpy(bytes, &v, 4);
    out.append({bytes, 4});
  };
  put_u32(static_cast<std::uint32_t>(fields.size()));
  for (std::string_view f : fields) {
    put_u32(static_cast<std::uint32_t>(f.size()));
    out.append(f);
  }
  ++records_;
  return offset;
}

Result<void> RecordSpill::seal() {
  auto map = impl_->file->map(ScratchMap::Access::normal);
  if (!map) return map.error();
  impl_->map = std::move(*map);
  return {};
}

std::uint64_t RecordSpill::decode(std::uint64_t offset, std::vector<std::string_view>& fields) const {
  const char* p = impl_->map.data() + offset;
  auto get_u32 = [&p] {
    std::uint32_t v = 0;
    std::memcpy(&v, p, 4);
    p += 4;
    return v;
  };
  fields.clear();
  const std::uint32_t n = get_u32();
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t len = get_u32();
    fields.emplace_back(p, len);
    p += len;
  }
  const std::uint64_t end = static_cast<std::uint64_t>(p - impl_->map.data());
  impl_->map.read(end - offset);
  return end;
}

void RecordSpill::at(std::uint64_t offset, std::vector<std::string_view>& fields) const {
  decode(offset, fields);
}

void RecordSpill::for_each(const std::function<void(std::span<const std::string_view>)>& visit) const {
  std::vector<std::string_view> fields;
  for (std::uint64_t offset = 0; offset < impl_->map.size();) {
    offset = decode(offset, fields);
    visit(fields);
  }
}

}  // namespace paa::extmem
