#include "paa/export/jsonl/raw_json.hpp"

#include <boost/json/parse.hpp>

#include <cstring>

namespace paa::exporting {

namespace {

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Position just past the string starting at json[pos] == '"', or npos.
std::size_t skip_string(std::string_view json, std::size_t pos) {
  std::size_t i = pos + 1;
  for (;;) {
    const void* hit = std::memchr(json.data() + i, '"', json.size() - i);
    if (hit == nullptr) return std::string_view::npos;
    const std::size_t quote = static_cast<std::size_t>(static_cast<const char*>(hit) - json.data());
    std::size_t backslashes = 0;
    while (quote - backslashes > pos + 1 && json[quote - backslashes - 1] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return quote + 1;
    i = quote + 1;
  }
}

// Position just past the value starting at json[pos], or npos. Iterative: nesting depth
// costs nothing on the native stack.
std::size_t skip_value(std::string_view json, std::size_t pos) {
  if (pos >= json.size()) return std::string_view::npos;
  const char first = json[pos];
  if (first == '"') return skip_string(json, pos);
  if (first == '{' || first == '[') {
    std::size_t depth = 0;
    std::size_t i = pos;
    while (i < json.size()) {
      const char c = json[i];
      if (c == '"') {
        i = skip_string(json, i);
        if (i == std::string_view::npos) return i;
        continue;
      }
      if (c == '{' || c == '[') {
        ++depth;
      } else if (c == '}' || c == ']') {
        if (depth == 0) return std::string_view::npos;
        if (--depth == 0) return i + 1;
      }
      ++i;
    }
    return std::string_view::npos;
  }
  std::size_t i = pos;
  while (i < json.size() && !is_ws(json[i]) && json[i] != ',' && json[i] != '}' && json[i] != ']') ++i;
  return i == pos ? std::string_view::npos : i;
}

std::size_t skip_ws(std::string_view json, std::size_t pos) {
  while (pos < json.size() && is_ws(json[pos])) ++pos;
  return pos;
}

}  // namespace

std::optional<std::string_view> find_raw_member(std::string_view json, std::string_view name) {
  std::optional<std::string_view> found;
  std::size_t pos = skip_ws(json, 0);
  if (pos >= json.size() || json[pos] != '{') return std::nullopt;
  pos = skip_ws(json, pos + 1);
  if (pos < json.size() && json[pos] == '}') return std::nullopt;
  for (;;) {
    if (pos >= json.size() || json[pos] != '"') return std::nullopt;
    const std::size_t key_end = skip_string(json, pos);
    if (key_end == std::string_view::npos) return std::nullopt;
    const std::string_view raw_key = json.substr(pos + 1, key_end - pos - 2);
    bool matches = false;
    if (raw_key.find('\\') == std::string_view::npos) {
      matches = raw_key == name;
    } else {  // an escaped member name: rare, let the real parser decode it
      boost::system::error_code ec;
      const auto decoded = boost::json::parse(json.substr(pos, key_end - pos), ec);
      matches = !ec && decoded.is_string() && std::string_view(decoded.as_string()) == name;
    }
    pos = skip_ws(json, key_end);
    if (pos >= json.size() || json[pos] != ':') return std::nullopt;
    pos = skip_ws(json, pos + 1);
    const std::size_t value_end = skip_value(json, pos);
    if (value_end == std::string_view::npos) return std::nullopt;
    if (matches) found = json.substr(pos, value_end - pos);
    pos = skip_ws(json, value_end);
    if (pos >= json.size()) return std::nullopt;
    if (json[pos] == '}') return found;
    if (json[pos] != ',') return std::nullopt;
    pos = skip_ws(json, pos + 1);
  }
}

void append_json_single_line(BufferedOutput& out, std::string_view json_value) {
  if (json_value.empty()) return;
  if (std::memchr(json_value.data(), '\n', json_value.size()) == nullptr &&
      std::memchr(json_value.data(), '\r', json_value.size()) == nullptr) {
    out.append(json_value);
    return;
  }
  // Raw CR/LF can only be white space between tokens (JSON strings cannot hold them).
  std::size_t i = 0;
  while (i < json_value.size()) {
    const char c = json_value[i];
    if (c == '"') {
      std::size_t end = skip_string(json_value, i);
      if (end == std::string_view::npos) end = json_value.size();
      out.append(json_value.substr(i, end - i));
      i = end;
    } else {
      if (!is_ws(c)) out.put(c);
      ++i;
    }
  }
}

}  // namespace paa::exporting
