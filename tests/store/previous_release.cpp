#include "previous_release.hpp"

#include "legacy_formats.hpp"

#include "support/temp_dir.hpp"

#include <rocksdb/db.h>

#include <algorithm>
#include <vector>

namespace paa::test {

std::string open_as_the_previous_release(const std::filesystem::path& dir, bool writer) {
  std::vector<std::string> names;
  auto s = rocksdb::DB::ListColumnFamilies(rocksdb::DBOptions(), dir.string(), &names);
  if (!s.ok()) return "refused: " + s.ToString();
  std::vector<std::string> theirs{"results", "questions", "progress", "meta"};
  if (writer) theirs.insert(theirs.end(), {"expansion", "history"});
  for (const auto& name : theirs) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (const auto& name : names) {
    rocksdb::ColumnFamilyOptions o;
    if (name == "questions") {
      o.merge_operator = store_detail::make_question_count_merge();
      o.compaction_style = rocksdb::kCompactionStyleUniversal;
    }
    descriptors.emplace_back(name, o);
  }
  rocksdb::DBOptions options;
  options.max_open_files = -1;
  options.create_if_missing = writer;
  options.create_missing_column_families = writer;
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  TempDir secondary;
  s = writer ? rocksdb::DB::Open(options, dir.string(), descriptors, &handles, &db)
             : rocksdb::DB::OpenAsSecondary(options, dir.string(), secondary.path().string(), descriptors, &handles,
                                            &db);
  if (s.ok() && !writer) s = db->TryCatchUpWithPrimary();
  std::string out;
  if (s.ok()) {
    const auto meta = static_cast<std::size_t>(std::find(names.begin(), names.end(), "meta") - names.begin());
    s = db->Get({}, handles[meta], "format_version", &out);
  }
  if (!s.ok()) out = "refused: " + s.ToString();
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
  delete db;
  return out;
}

}  // namespace paa::test
