#include "paa/model/envelope.hpp"

#include "paa/model/utf8.hpp"

#include <boost/json/monotonic_resource.hpp>
#include <boost/json/parser.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

namespace paa {
namespace {

namespace json = boost::json;

const char* kind_name(const json::value& v) {
  switch (v.kind()) {
    case json::kind::null: return "null";
    case json::kind::bool_: return "boolean";
    case json::kind::int64:
    case json::kind::uint64:
    case json::kind::double_: return "number";
    case json::kind::string: return "string";
    case json::kind::array: return "array";
    case json::kind::object: return "object";
  }
  return "unknown";
}

Error type_error(const std::string& path, const char* expected, const json::value& got) {
  return make_error(errc::bad_response, path + ": expected " + expected + ", got " + kind_name(got));
}

// A string field where absent and null mean "". Wrong types are errors. `path()` gives the
// object's path with a trailing dot; it is only built for an error (it runs per question).
template <class Path>
std::optional<Error> read_string(const json::object& obj, std::string_view key, const Path& path,
                                 std::string& out) {
  const json::value* v = obj.if_contains(key);
  if (v == nullptr || v->is_null()) return std::nullopt;
  if (!v->is_string()) return type_error(path() + std::string(key), "string", *v);
  out.assign(v->get_string().data(), v->get_string().size());
  return std::nullopt;
}

// A count field: absent or null means "not reported". Integral doubles (100.0) are accepted.
std::optional<Error> read_count(const json::object& obj, std::string_view key,
                                std::optional<std::int64_t>& out) {
  const json::value* v = obj.if_contains(key);
  if (v == nullptr || v->is_null()) return std::nullopt;
  const std::string path(key);
  switch (v->kind()) {
    case json::kind::int64: out = v->get_int64(); return std::nullopt;
    case json::kind::uint64:
      if (v->get_uint64() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        return make_error(errc::bad_response, path + ": number " + std::to_string(v->get_uint64()) + " is out of range");
      }
      out = static_cast<std::int64_t>(v->get_uint64());
      return std::nullopt;
    case json::kind::double_: {
      const double d = v->get_double();
      // 2^63 is exactly representable; anything at or above it does not fit.
      if (!std::isfinite(d) || d != std::trunc(d) || d < -9223372036854775808.0 || d >= 9223372036854775808.0) {
        std::ostringstream shown;
        shown << d;
        return make_error(errc::bad_response, path + ": expected a whole number, got " + shown.str());
      }
      out = static_cast<std::int64_t>(d);
      return std::nullopt;
    }
    default: return type_error(path, "number", *v);
  }
}

struct Frame {
  const json::array* array;
  std::size_t next;  // index of the next element to convert
  std::vector<Question>* out;
};

// "result.children[3].children[0]" for the element the innermost frame is converting.
std::string element_path(const std::vector<Frame>& stack) {
  std::string path = "result.children";
  for (std::size_t i = 0; i < stack.size(); ++i) {
    if (i > 0) path += ".children";
    path += "[" + std::to_string(stack[i].next - 1) + "]";
  }
  return path;
}

// Converts result.children iteratively: the native stack stays flat whatever the nesting.
std::optional<Error> convert_children(const json::array& roots, std::vector<Question>& out,
                                      std::size_t max_depth) {
  std::vector<Frame> stack;
  out.reserve(roots.size());
  stack.push_back(Frame{&roots, 0, &out});
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next == top.array->size()) {
      stack.pop_back();
      continue;
    }
    const json::value& v = (*top.array)[top.next++];
    // `out` was reserved to the array's size, so earlier elements never move while we
    // descend into this one.
    std::vector<Question>* siblings = top.out;
    if (!v.is_object()) return type_error(element_path(stack), "object", v);
    const json::object& obj = v.get_object();
    Question& q = siblings->emplace_back();
    auto prefix = [&stack] { return element_path(stack) + "."; };

    if (auto e = read_string(obj, "question", prefix, q.question)) return e;
    std::string answer;
    if (auto e = read_string(obj, "answer", prefix, answer)) return e;
    if (!answer.empty()) q.answer = std::move(answer);
    if (auto e = read_string(obj, "url", prefix, q.url)) return e;
    if (auto e = read_string(obj, "title", prefix, q.title)) return e;

    const json::value* children = obj.if_contains("children");
    if (children == nullptr || children->is_null()) continue;
    if (!children->is_array()) return type_error(prefix() + "children", "array", *children);
    const json::array& nested = children->get_array();
    if (nested.empty()) continue;
    if (stack.size() >= max_depth) {
      return make_error(errc::bad_response, prefix() + "children: questions nest deeper than " +
                        std::to_string(max_depth) + " levels");
    }
    q.children.reserve(nested.size());
    stack.push_back(Frame{&nested, 0, &q.children});
  }
  return std::nullopt;
}

std::optional<Error> convert_result(const json::value& v, SearchResult& out, std::size_t max_depth) {
  if (!v.is_object()) return type_error("result", "object", v);
  const json::object& obj = v.get_object();
  if (auto e = read_string(obj, "question", [] { return std::string("result."); }, out.question)) {
    return e;
  }

  if (const json::value* related = obj.if_contains("related"); related && !related->is_null()) {
    if (!related->is_array()) return type_error("result.related", "array", *related);
    const json::array& items = related->get_array();
    out.related.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (!items[i].is_string()) {
        return type_error("result.related[" + std::to_string(i) + "]", "string", items[i]);
      }
      out.related.emplace_back(items[i].get_string());
    }
  }

  if (const json::value* children = obj.if_contains("children"); children && !children->is_null()) {
    if (!children->is_array()) return type_error("result.children", "array", *children);
    if (auto e = convert_children(children->get_array(), out.children, max_depth)) return e;
  }
  return std::nullopt;
}

}  // namespace

Result<Envelope> parse_envelope(std::string_view body, const ParseLimits& limits) {
  if (body.size() > limits.max_body_bytes) {
    return make_error(errc::bad_response, "response body is " + std::to_string(body.size()) + " bytes, over the limit of " +
                      std::to_string(limits.max_body_bytes) + " bytes");
  }
  if (auto bad = first_invalid_utf8(body)) {
    return make_error(errc::bad_response, "response body is not valid UTF-8 (byte " + std::to_string(*bad + 1) + ")");
  }

  // Each question level costs two JSON levels (object + children array), plus the envelope,
  // result and some room for unknown nested fields.
  json::parse_options options;
  options.max_depth = limits.max_question_depth * 2 + 8;
  // A monotonic arena: freeing the DOM is one release, no recursive destruction.
  json::monotonic_resource arena;
  json::parser parser(json::storage_ptr(&arena), options);
  boost::system::error_code ec;
  const std::size_t consumed = parser.write(body.data(), body.size(), ec);
  if (ec == json::error::too_deep) {
    return make_error(errc::bad_response, "response body nests deeper than " + std::to_string(options.max_depth) +
                      " JSON levels (at most " + std::to_string(limits.max_question_depth) +
                      " question levels are accepted)");
  }
  if (ec) {
    return make_error(errc::bad_response, "response body is not valid JSON: " + ec.message() + " (near byte " +
                      std::to_string(consumed + 1) + ")");
  }
  const json::value root = parser.release();

  if (!root.is_object()) {
    return make_error(errc::bad_response, std::string("response body: expected a JSON object, got ") + kind_name(root));
  }
  const json::object& obj = root.get_object();
  Envelope env;

  if (const json::value* cached = obj.if_contains("cached"); cached && !cached->is_null()) {
    if (!cached->is_bool()) return type_error("cached", "boolean", *cached);
    env.cached = cached->get_bool();
  }
  if (auto e = read_count(obj, "searchesLeft", env.quota.searches_left)) return *e;
  if (auto e = read_count(obj, "payAsYouGoCreditsLeft", env.quota.payg_credits_left)) return *e;
  if (const json::value* renewal = obj.if_contains("renewalDate"); renewal && !renewal->is_null()) {
    if (!renewal->is_string()) return type_error("renewalDate", "string", *renewal);
    const std::string_view text = renewal->get_string();
    auto date = parse_date(text);
    if (!date) {
      std::string shown = json::serialize(*renewal);
      if (shown.size() > 40) {
        std::size_t cut = 37;  // back off to a UTF-8 character boundary
        while (cut > 0 && (static_cast<unsigned char>(shown[cut]) & 0xC0) == 0x80) --cut;
        shown = shown.substr(0, cut) + "...";
      }
      return make_error(errc::bad_response, "renewalDate: expected a calendar date like 2026-12-01, got " + shown);
    }
    env.quota.renewal_date = *date;
  }

  const json::value* result = obj.if_contains("result");
  if (result == nullptr) return make_error(errc::bad_response, "result: missing");
  if (auto e = convert_result(*result, env.result, limits.max_question_depth)) return *e;
  return env;
}

std::optional<std::chrono::year_month_day> parse_date(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  int parts[3] = {0, 0, 0};
  const std::size_t starts[3] = {0, 5, 8};
  const std::size_t lengths[3] = {4, 2, 2};
  for (int p = 0; p < 3; ++p) {
    for (std::size_t i = 0; i < lengths[p]; ++i) {
      const char c = text[starts[p] + i];
      if (c < '0' || c > '9') return std::nullopt;
      parts[p] = parts[p] * 10 + (c - '0');
    }
  }
  const std::chrono::year_month_day date{std::chrono::year{parts[0]},
                                         std::chrono::month{static_cast<unsigned>(parts[1])},
                                         std::chrono::day{static_cast<unsigned>(parts[2])}};
  if (!date.ok()) return std::nullopt;
  return date;
}

std::string format_date(std::chrono::year_month_day date) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
  return buf;
}

void walk_preorder(const std::vector<Question>& roots,
                   const std::function<void(const QuestionVisit&)>& visit) {
  walk_preorder_pruning(roots, [&](const QuestionVisit& v) {
    visit(v);
    return true;
  });
}

void walk_preorder_pruning(const std::vector<Question>& roots,
                           const std::function<bool(const QuestionVisit&)>& visit) {
  struct Level {
    const std::vector<Question>* list;
    std::size_t next;
    const Question* parent;
  };
  std::vector<Level> stack;
  stack.push_back(Level{&roots, 0, nullptr});
  while (!stack.empty()) {
    Level& top = stack.back();
    if (top.next == top.list->size()) {
      stack.pop_back();
      continue;
    }
    const std::size_t index = top.next++;
    const Question& node = (*top.list)[index];
    const bool descend =
        visit(QuestionVisit{node, top.parent, static_cast<int>(stack.size()), static_cast<int>(index + 1)});
    if (descend && !node.children.empty()) stack.push_back(Level{&node.children, 0, &node});
  }
}

namespace {
// A 64-bit hash fed field by field, eight bytes a step (a byte at a time was 2.6 % of a refresh's
// CPU on 8 KiB trees): each word is mixed in by a multiply and a shift (the golden-ratio
// multiplier), the last bytes of a field are taken one word wide with their count, each field is
// closed by a marker no UTF-8 text holds (0xFF..), so that ("ab","c") and ("a","bc") differ, as
// do an absent answer and an empty tree; splitmix64's finaliser ends it. Little-endian by
// definition, whatever the platform.
class Digest {
 public:
  void bytes(std::string_view s) {
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) word(load(s.data() + i, 8));
    if (i < s.size()) word(load(s.data() + i, s.size() - i) ^ (static_cast<std::uint64_t>(s.size() - i) << 56));
  }
  void mark(unsigned char m) { word(0xFFFFFFFFFFFFFF00ULL | m); }
  void field(std::string_view s, unsigned char m) {
    bytes(s);
    mark(m);
  }
  std::uint64_t value() const {
    std::uint64_t z = h_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  static std::uint64_t load(const char* p, std::size_t n) {
    std::uint64_t v = 0;
    for (std::size_t k = 0; k < n; ++k) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(p[k])) << (8 * k);
    return v;
  }
  void word(std::uint64_t w) {
    h_ = (h_ ^ w) * 0x9E3779B97F4A7C15ULL;
    h_ ^= h_ >> 32;
  }
  std::uint64_t h_ = 0xcbf29ce484222325ULL;
};
constexpr unsigned char kText = 0xFF, kNoAnswer = 0xFE, kOpen = 0xFD, kClose = 0xFC, kRelated = 0xFB;
}  // namespace

std::uint64_t tree_digest(const SearchResult& result) {
  Digest f;
  f.field(result.question, kText);
  for (const auto& r : result.related) f.field(r, kRelated);
  // Pre-order without native recursion: each node's fields, then its children between markers.
  struct Frame {
    const std::vector<Question>* list;
    std::size_t next;
  };
  std::vector<Frame> stack{{&result.children, 0}};
  f.mark(kOpen);
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next == top.list->size()) {
      f.mark(kClose);
      stack.pop_back();
      continue;
    }
    const Question& q = (*top.list)[top.next++];
    f.field(q.question, kText);
    if (q.answer) {
      f.field(*q.answer, kText);
    } else {
      f.mark(kNoAnswer);
    }
    f.field(q.url, kText);
    f.field(q.title, kText);
    f.mark(kOpen);
    stack.push_back({&q.children, 0});
  }
  return f.value();
}

std::size_t count_questions(const std::vector<Question>& roots) {
  std::size_t count = 0;
  std::vector<const std::vector<Question>*> pending{&roots};
  while (!pending.empty()) {
    const std::vector<Question>* list = pending.back();
    pending.pop_back();
    count += list->size();
    for (const Question& q : *list) {
      if (!q.children.empty()) pending.push_back(&q.children);
    }
  }
  return count;
}

}  // namespace paa
