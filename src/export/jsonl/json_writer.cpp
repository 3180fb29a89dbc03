#include "paa/export/jsonl/json_writer.hpp"

#include "paa/export/jsonl/raw_json.hpp"
#include "paa/model/query_key.hpp"
#include "paa/output/text.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace paa::exporting {

namespace {

constexpr std::size_t json_max_depth(std::size_t question_depth) {
  // envelope object + result object + (children array + question object) per level
  return 2 * question_depth + 8;
}

Result<boost::json::value> parse_json_body(const StoredResult& r, const FormatOptions& options) {
  boost::json::parse_options po;
  po.max_depth = json_max_depth(options.max_question_depth);
  boost::system::error_code ec;
  auto value = boost::json::parse(r.body, ec, {}, po);
  if (ec) {
    return make_error(errc::store_damaged, describe_stored(r) + " is not valid JSON (" + ec.message() +
                      "); the store may be damaged (re-fetch this key)");
  }
  return value;
}

// Removes, in depth-first pre-order, every question node whose fold_text was already seen,
// together with its subtree.
void dedupe_json_tree(boost::json::value& result) {
  auto* result_obj = result.if_object();
  if (result_obj == nullptr) return;
  auto* roots = result_obj->if_contains("children");
  if (roots == nullptr || !roots->is_array()) return;
  std::unordered_set<std::string> seen;
  struct Frame {
    boost::json::array* siblings;
    std::size_t next;
  };
  std::vector<Frame> stack{{&roots->as_array(), 0}};
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next == top.siblings->size()) {
      stack.pop_back();
      continue;
    }
    auto& node = (*top.siblings)[top.next];
    auto* obj = node.if_object();
    const boost::json::value* text = obj ? obj->if_contains("question") : nullptr;
    if (text != nullptr && text->is_string()) {
      if (!seen.insert(fold_or_raw(std::string_view(text->get_string()))).second) {
        top.siblings->erase(top.siblings->begin() + static_cast<std::ptrdiff_t>(top.next));
        continue;
      }
    }
    ++top.next;
    // Only ancestors of the current array are on the stack, so erasing here never moves
    // an array that a frame points to.
    if (obj != nullptr) {
      if (auto* children = obj->if_contains("children"); children && children->is_array() &&
                                                          !children->get_array().empty()) {
        stack.push_back({&children->get_array(), 0});
      }
    }
  }
}

void append_key_object(BufferedOutput& out, const KeySpelling& key) {
  out.put('{');
  append_key_members(out, key.q, key.hl, key.gl, key.city);
  out.put('}');
}

class JsonWriter final : public FormatWriter {
 public:
  JsonWriter(const FormatOptions& options, BufferedOutput& out, bool array)
      : options_(options), out_(out), array_(array) {}

  void begin() override {}

  // The service's bytes are copied, not parsed, unless --dedupe or a body needs it.
  ScanNeeds needs() const override { return {.lineage = true, .attributes = true}; }

  Result<void> add(const ScannedResult& scanned) override {
    const StoredResult& r = scanned.result;
    const ExportLineage& lineage = scanned.lineage;
    if (array_) out_.append(records_ == 0 ? std::string_view("[\n") : std::string_view(",\n"));
    out_.put('{');
    append_key_members(out_, r.q, r.hl, r.gl, r.city);
    out_.append(",\"fetched_at\":\"");
    out_.append(format_rfc3339_ms(r.fetched_at_ms));
    out_.append(r.cached ? "\",\"cached\":true,\"level\":" : "\",\"cached\":false,\"level\":");
    append_decimal(out_, lineage.level);
    out_.append(",\"parent\":");
    if (lineage.parent) {
      append_key_object(out_, *lineage.parent);
    } else {
      out_.append("null");
    }
    out_.append(",\"seed\":");
    append_key_object(out_, lineage.seed);
    if (!options_.attributes.empty()) {
      // The seed's attributes as its list wrote them, and its volume as a number.
      out_.append(",\"attrs\":{");
      bool first = true;
      for (const auto& [name, value] : lineage.attrs.fields) {
        if (!first) out_.put(',');
        first = false;
        append_json_string(out_, name);
        out_.put(':');
        append_json_string(out_, value);
      }
      out_.append("},\"volume\":");
      if (lineage.attrs.volume) {
        append_decimal(out_, *lineage.attrs.volume);
      } else {
        out_.append("null");
      }
    }
    out_.append(",\"result\":");
    if (auto raw = options_.dedupe ? std::nullopt : find_raw_member(r.body, "result")) {
      append_json_single_line(out_, *raw);  // the service's bytes, verbatim
    } else {
      auto body = parse_json_body(r, options_);
      if (!body) return body.error();
      auto* result = body->is_object() ? body->get_object().if_contains("result") : nullptr;
      if (result == nullptr) {
        return make_error(errc::store_damaged, describe_stored(r) + " has no 'result'; the store may be damaged");
      }
      if (options_.dedupe) dedupe_json_tree(*result);
      out_.append(boost::json::serialize(*result));
    }
    out_.put('}');
    if (!array_) out_.put('\n');
    ++records_;
    return {};
  }

  Result<void> finish() override {
    if (array_) out_.append(records_ == 0 ? std::string_view("[]\n") : std::string_view("\n]\n"));
    return {};
  }

 private:
  FormatOptions options_;
  BufferedOutput& out_;
  bool array_;
};

}  // namespace

std::unique_ptr<FormatWriter> make_json_writer(const FormatOptions& options, BufferedOutput& out, bool array) {
  return std::make_unique<JsonWriter>(options, out, array);
}

}  // namespace paa::exporting
