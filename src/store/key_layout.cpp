#include "key_layout.hpp"

#include <algorithm>

namespace paa::store_detail {

std::string progress_prefix(std::string_view job) {
  std::string p(job);
  p.push_back('\0');
  return p;
}
std::string progress_key(std::string_view job, std::string_view key) {
  std::string p = progress_prefix(job);
  p.append(key);
  return p;
}
bool valid_job_name(std::string_view job) {
  return !job.empty() && job.find('\0') == std::string_view::npos;
}

namespace {
std::string expansion_prefix(char kind, std::string_view job) {
  std::string k(1, kind);
  k.append(job);
  k.push_back('\0');
  return k;
}
void append_be(std::string& out, std::uint64_t v, int bytes) {
  for (int i = bytes - 1; i >= 0; --i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
}  // namespace

std::string history_key(std::string_view key, std::int64_t since_ms) {
  std::string k(key);
  // Times before 1970 do not occur (fetch times); the cast keeps the order of later ones.
  append_be(k, static_cast<std::uint64_t>(std::max<std::int64_t>(0, since_ms)), 8);
  return k;
}

std::optional<HistoryKey> split_history_key(std::string_view history_key) {
  if (history_key.size() < 8) return std::nullopt;
  HistoryKey out{history_key.substr(0, history_key.size() - 8), 0};
  std::uint64_t slot = 0;
  for (std::size_t i = history_key.size() - 8; i < history_key.size(); ++i) {
    slot = (slot << 8) | static_cast<std::uint8_t>(history_key[i]);
  }
  out.slot = static_cast<std::int64_t>(slot);
  return out;
}

std::string lineage_key(std::string_view job, std::string_view key) {
  std::string k = expansion_prefix('L', job);
  k.append(key);
  return k;
}
std::string seed_record_key(std::string_view job, std::string_view key) {
  std::string k = expansion_prefix('P', job);
  k.append(key);
  return k;
}
std::string level_prefix(std::string_view job, std::uint32_t level) {
  std::string k = expansion_prefix('F', job);
  append_be(k, level, 4);
  return k;
}
std::string level_key(std::string_view job, std::uint32_t level, std::uint64_t seq) {
  std::string k = level_prefix(job, level);
  append_be(k, seq, 8);
  return k;
}
std::string expansion_state_key(std::string_view job) {
  std::string k(1, 'S');
  k.append(job);
  return k;
}

std::string prefix_successor(std::string_view prefix) {
  std::string s(prefix);
  while (!s.empty()) {
    auto last = static_cast<unsigned char>(s.back());
    if (last != 0xff) {
      s.back() = static_cast<char>(last + 1);
      return s;
    }
    s.pop_back();
  }
  return s;
}

}  // namespace paa::store_detail
