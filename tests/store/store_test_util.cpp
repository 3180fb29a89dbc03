#include "store_test_util.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>
#include <rocksdb/db.h>
#include <rocksdb/table_properties.h>
#include <rocksdb/utilities/options_util.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <future>
#include <stdexcept>

namespace paa::test {

std::string make_body(const std::string& q, const TreeSpec& tree, bool cached,
                      std::int64_t searches_left) {
  namespace json = boost::json;
  json::array children;
  int n = 0;
  for (const auto& top : tree.top) {
    json::object node{{"question", top},
                      {"answer", "answer to " + top},
                      {"url", "https://example.com/" + std::to_string(++n)},
                      {"title", "title " + std::to_string(n)}};
    json::array nested;
    for (const auto& sub : tree.nested) nested.push_back(json::object{{"question", sub}});
    node["children"] = std::move(nested);
    children.push_back(std::move(node));
  }
  json::object env{{"cached", cached},
                   {"searchesLeft", searches_left},
                   {"payAsYouGoCreditsLeft", 7},
                   {"renewalDate", "2031-02-28"},
                   {"result", json::object{{"question", q},
                                           {"related", json::array{"related 1"}},
                                           {"children", std::move(children)}}}};
  return json::serialize(env);
}

std::string key_of(const std::string& q, const std::string& hl, const std::string& gl,
                   const std::string& city) {
  return encode_key(make_query(q, hl, gl, city).value().key);
}

WriteRequest make_put(const std::string& job, const std::string& q, const TreeSpec& tree,
                      const std::string& hl, const std::string& gl, const std::string& city) {
  auto query = make_query(q, hl, gl, city).value();
  PutResult put;
  put.result.key = encode_key(query.key);
  put.result.q = query.q;
  put.result.hl = query.hl;
  put.result.gl = query.gl;
  put.result.city = query.city;
  put.result.body = make_body(q, tree);
  put.result.fetched_at_ms = 1'700'000'000'000;
  put.envelope = parse_envelope(put.result.body).value();
  put.result.cached = put.envelope.cached;
  put.result.quota = put.envelope.quota;
  put.spent_search = true;
  put.attempts = 1;
  WriteRequest request;
  request.job = job;
  request.item = std::move(put);
  return request;
}

Result<void> submit_and_wait(StoreWriter& writer, WriteRequest request) {
  auto promise = std::make_shared<std::promise<Result<void>>>();
  auto future = promise->get_future();
  if (!writer.submit(std::move(request),
                     [promise](Result<void> r) { promise->set_value(std::move(r)); })) {
    return make_error(errc::store, "queue full");
  }
  return future.get();
}

void with_raw_store(const std::filesystem::path& dir, const RawOpen& how,
                    const std::function<void(rocksdb::DB&, const std::string&, rocksdb::ColumnFamilyHandle*)>& use) {
  std::vector<std::string> names;
  EXPECT_TRUE(rocksdb::DB::ListColumnFamilies(rocksdb::DBOptions(), dir.string(), &names).ok());
  if (how.add_family) names.push_back(*how.add_family);
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (auto& n : names) {
    rocksdb::ColumnFamilyOptions o;
    if (how.configure) how.configure(n, o);
    descriptors.emplace_back(n, o);
  }
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  rocksdb::DBOptions options;
  options.create_missing_column_families = true;
  const auto opened = how.read_only ? rocksdb::DB::OpenForReadOnly(options, dir.string(), descriptors, &handles, &db)
                                    : rocksdb::DB::Open(options, dir.string(), descriptors, &handles, &db);
  EXPECT_TRUE(opened.ok()) << opened.ToString();
  for (std::size_t i = 0; i < names.size() && db != nullptr; ++i) use(*db, names[i], handles[i]);
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
  delete db;
}

std::string raw_format_version(const std::filesystem::path& dir, std::optional<std::string> value,
                               std::optional<std::string> add_family) {
  std::string out;
  RawOpen how;
  how.add_family = std::move(add_family);
  with_raw_store(dir, how, [&](rocksdb::DB& db, const std::string& family, rocksdb::ColumnFamilyHandle* meta) {
    if (family != "meta") return;
    if (value) {
      EXPECT_TRUE(db.Put({}, meta, "format_version", *value).ok());
    }
    EXPECT_TRUE(db.Get({}, meta, "format_version", &out).ok());
  });
  return out;
}

std::uint64_t raw_family_keys(const std::filesystem::path& dir, const std::string& family) {
  std::uint64_t n = 0;
  RawOpen how;
  how.read_only = true;
  with_raw_store(dir, how, [&](rocksdb::DB& db, const std::string& name, rocksdb::ColumnFamilyHandle* cf) {
    if (name != family) return;
    std::unique_ptr<rocksdb::Iterator> it(db.NewIterator(rocksdb::ReadOptions(), cf));
    for (it->SeekToFirst(); it->Valid(); it->Next()) ++n;
    EXPECT_TRUE(it->status().ok()) << it->status().ToString();
  });
  return n;
}

std::uint64_t raw_family_files(const std::filesystem::path& dir, const std::string& family) {
  std::uint64_t n = 0;
  RawOpen how;
  how.read_only = true;
  with_raw_store(dir, how, [&](rocksdb::DB& db, const std::string& name, rocksdb::ColumnFamilyHandle* cf) {
    if (name != family) return;
    rocksdb::ColumnFamilyMetaData meta;
    db.GetColumnFamilyMetaData(cf, &meta);
    n = meta.file_count;
  });
  return n;
}

std::uint64_t raw_latest_sequence(const std::filesystem::path& dir) {
  std::uint64_t seq = 0;
  RawOpen how;
  how.read_only = true;
  with_raw_store(dir, how, [&](rocksdb::DB& db, const std::string& name, rocksdb::ColumnFamilyHandle*) {
    if (name == "meta") seq = db.GetLatestSequenceNumber();
  });
  return seq;
}

bool raw_has_family(const std::filesystem::path& dir, const std::string& family) {
  std::vector<std::string> names;
  EXPECT_TRUE(rocksdb::DB::ListColumnFamilies(rocksdb::DBOptions(), dir.string(), &names).ok());
  return std::find(names.begin(), names.end(), family) != names.end();
}

void raw_drop_family(const std::filesystem::path& dir, const std::string& family, bool create_again) {
  bool dropped = false;
  with_raw_store(dir, RawOpen{}, [&](rocksdb::DB& db, const std::string& name, rocksdb::ColumnFamilyHandle* cf) {
    if (name != family) return;
    auto s = db.DropColumnFamily(cf);
    EXPECT_TRUE(s.ok()) << s.ToString();
    dropped = true;
    if (!create_again) return;
    rocksdb::ColumnFamilyHandle* created = nullptr;
    s = db.CreateColumnFamily(rocksdb::ColumnFamilyOptions(), family, &created);
    EXPECT_TRUE(s.ok()) << s.ToString();
    if (created != nullptr) {
      EXPECT_TRUE(db.DestroyColumnFamilyHandle(created).ok());
    }
  });
  EXPECT_TRUE(dropped) << "no family " << family;
}

std::string raw_read_format_version(const std::filesystem::path& dir) {
  std::string out;
  RawOpen how;
  how.read_only = true;
  with_raw_store(dir, how, [&](rocksdb::DB& db, const std::string& family, rocksdb::ColumnFamilyHandle* meta) {
    if (family == "meta") {
      EXPECT_TRUE(db.Get({}, meta, "format_version", &out).ok());
    }
  });
  return out;
}

std::vector<std::uint64_t> raw_index_partitions(const std::filesystem::path& dir, const std::string& family) {
  std::vector<std::uint64_t> out;
  RawOpen how;
  how.read_only = true;
  with_raw_store(dir, how, [&](rocksdb::DB& db, const std::string& name, rocksdb::ColumnFamilyHandle* cf) {
    if (name != family) return;
    rocksdb::TablePropertiesCollection tables;
    EXPECT_TRUE(db.GetPropertiesOfAllTables(cf, &tables).ok());
    for (const auto& [file, props] : tables) out.push_back(props->index_partitions);
  });
  return out;
}

std::string raw_compaction_style(const std::filesystem::path& dir, const std::string& family) {
  rocksdb::ConfigOptions config;
  config.ignore_unknown_options = true;
  config.ignore_unsupported_options = true;  // paa's merge operator is not registered by name
  rocksdb::DBOptions db;
  std::vector<rocksdb::ColumnFamilyDescriptor> families;
  const auto loaded = rocksdb::LoadLatestOptions(config, dir.string(), &db, &families);
  EXPECT_TRUE(loaded.ok()) << loaded.ToString();
  for (const auto& f : families) {
    if (f.name != family) continue;
    switch (f.options.compaction_style) {
      case rocksdb::kCompactionStyleLevel: return "level";
      case rocksdb::kCompactionStyleUniversal: return "universal";
      case rocksdb::kCompactionStyleFIFO: return "fifo";
      default: return "none";
    }
  }
  return "no such family";
}

}  // namespace paa::test
