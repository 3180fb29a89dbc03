#include "paa/export/failures/failure_list.hpp"

#include "paa/export/csv_rows.hpp"
#include "paa/extmem/record_spill.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/utf8.hpp"
#include "paa/output/text.hpp"

#include <algorithm>
#include <optional>

namespace paa::exporting {

std::string_view key_state_name(KeyState state) { return state == KeyState::failed ? "failed" : "pending"; }

// --- JobKeys --------------------------------------------------------------------------------

Result<std::unique_ptr<JobKeys>> JobKeys::create() {
  auto spill = extmem::RecordSpill::create();
  if (!spill) return spill.error();
  std::unique_ptr<JobKeys> keys(new JobKeys());
  keys->spill_ = std::move(*spill);
  return keys;
}

JobKeys::~JobKeys() = default;

void JobKeys::add(const Query& query, std::string_view origin) {
  const std::string encoded = encode_key(query.key);
  order_.push_back(spill_->append({encoded, query.q, query.hl, query.gl, query.city, origin}));
}

Result<void> JobKeys::seal() {
  if (auto sealed = spill_->seal(); !sealed) return sealed;
  std::vector<std::string_view> a, b;
  auto encoded = [this](std::uint64_t offset, std::vector<std::string_view>& fields) {
    spill_->at(offset, fields);
    return fields[0];
  };
  // Stable: of repeated keys the first added (the job's first mention) stays first, and is kept.
  std::stable_sort(order_.begin(), order_.end(),
                   [&](std::uint64_t x, std::uint64_t y) { return encoded(x, a) < encoded(y, b); });
  order_.erase(std::unique(order_.begin(), order_.end(),
                           [&](std::uint64_t x, std::uint64_t y) { return encoded(x, a) == encoded(y, b); }),
               order_.end());
  order_.shrink_to_fit();
  return {};
}

JobKeys::Key JobKeys::at(std::uint64_t i) const {
  spill_->at(order_[i], fields_);
  return Key{fields_[0], fields_[1], fields_[2], fields_[3], fields_[4], fields_[5]};
}

// --- the list -------------------------------------------------------------------------------

namespace {

// The key's four fields, and where the job file lists it when the key came from there.
template <class Key>
void set_key(FailureRow& row, const Key& key) {
  row.q = key.q;
  row.hl = key.hl;
  row.gl = key.gl;
  row.city = key.city;
  if constexpr (requires { key.origin; }) row.origin = key.origin;
}

FailureRow pending_row(std::string_view job, const JobKeys::Key& key) {
  FailureRow row;
  row.job = job;
  row.state = KeyState::pending;
  set_key(row, key);
  return row;
}

}  // namespace

Result<FailureCounts> list_failures(JobProgress* store, std::string_view job, const JobKeys* keys,
                                    const LocaleFilter& filter,
                                    const std::function<bool(const FailureRow&)>& visit) {
  FailureCounts counts;
  const std::uint64_t key_count = keys ? keys->size() : 0;
  std::uint64_t next = 0;  // the first of `keys` not yet passed
  bool stopped = false;
  // Every key of `keys` before `encoded` (all of them: nullopt) has no progress entry: pending.
  auto pending_before = [&](std::optional<std::string_view> encoded) {
    for (; next < key_count && !stopped; ++next) {
      const JobKeys::Key key = keys->at(next);
      if (encoded && key.encoded >= *encoded) return;
      if (!filter.matches(key.encoded)) continue;
      ++counts.pending;
      stopped = !visit(pending_row(job, key));
    }
  };
  if (store) {
    std::optional<Error> error;
    auto scanned = store->scan_progress(job, [&](std::string_view encoded, const ProgressEntry& entry) {
      pending_before(encoded);
      if (stopped) return false;
      std::optional<JobKeys::Key> listed;
      if (next < key_count) {
        if (const JobKeys::Key key = keys->at(next); key.encoded == encoded) {
          listed = key;
          ++next;
        }
      }
      if (entry.state != ProgressState::failed || !filter.matches(encoded)) return true;
      FailureRow row;
      row.job = job;
      row.state = KeyState::failed;
      row.attempts = entry.attempts;
      row.last_status = entry.last_status;
      row.message = entry.error;
      row.last_attempt_at_ms = entry.updated_at_ms;
      QueryKey decoded;
      if (listed) {
        set_key(row, *listed);
      } else {
        auto key = decode_key(encoded);
        if (!key) return error = key.error(), false;
        decoded = std::move(*key);
        set_key(row, decoded);
      }
      ++counts.failed;
      return !(stopped = !visit(row));
    });
    if (!scanned) return scanned.error();
    if (error) return *error;
  }
  pending_before(std::nullopt);
  return counts;
}

std::string valid_utf8(std::string_view text) {
  std::string out;
  while (true) {
    const auto bad = first_invalid_utf8(text);
    if (!bad) break;
    out.append(text.substr(0, *bad));
    out.append("\xEF\xBF\xBD");  // U+FFFD
    // Skip the ill-formed byte and any continuation bytes after it.
    std::size_t skip = *bad + 1;
    while (skip < text.size() && (static_cast<unsigned char>(text[skip]) & 0xC0) == 0x80) ++skip;
    text.remove_prefix(skip);
  }
  out.append(text);
  return out;
}

// --- the outputs ----------------------------------------------------------------------------

void append_failure_csv(BufferedOutput& out, const FailureRow& row, bool excel, CsvText text) {
  append_csv_field(out, row.job, text);
  out.put(',');
  out.append(key_state_name(row.state));
  out.put(',');
  append_csv_key_columns(out, text, row.q, row.hl, row.gl, row.city);
  append_decimal(out, row.attempts);
  out.put(',');
  if (row.state == KeyState::failed) {
    append_decimal(out, row.last_status);
    out.put(',');
    append_csv_field(out, valid_utf8(row.message), text);
    out.put(',');
    if (row.last_attempt_at_ms != 0) out.append(format_rfc3339_ms(row.last_attempt_at_ms));
  } else {
    out.append(",,");
  }
  end_csv_row(out, excel);
}

void append_failure_json(BufferedOutput& out, const FailureRow& row, bool with_origin) {
  out.append("{\"job\":");
  append_json_string(out, row.job);
  out.append(",\"state\":\"");
  out.append(key_state_name(row.state));
  out.append("\",");
  append_key_members(out, row.q, row.hl, row.gl, row.city);
  out.append(",\"attempts\":");
  append_decimal(out, row.attempts);
  if (row.state == KeyState::failed) {
    out.append(",\"last_status\":");
    append_decimal(out, row.last_status);
    out.append(",\"message\":");
    append_json_string(out, valid_utf8(row.message));
    out.append(",\"last_attempt_at\":");
    if (row.last_attempt_at_ms != 0) {
      append_json_string(out, format_rfc3339_ms(row.last_attempt_at_ms));
    } else {
      out.append("null");
    }
  } else {
    out.append(",\"last_status\":null,\"message\":null,\"last_attempt_at\":null");
  }
  if (with_origin) {
    out.append(",\"origin\":");
    if (row.origin.empty()) {
      out.append("null");
    } else {
      append_json_string(out, row.origin);
    }
  }
  out.append("}\n");
}

void append_failure_text(BufferedOutput& out, const FailureRow& row) {
  out.append(row.state == KeyState::failed ? "failed   hl=" : "pending  hl=");
  out.append(row.hl);
  out.append(" gl=");
  out.append(row.gl);
  if (!row.city.empty()) {
    out.append(" city=\"");
    out.append(row.city);
    out.put('"');
  }
  out.append(" q=\"");
  out.append(row.q);
  out.put('"');
  if (row.state == KeyState::failed) {
    out.append(": ");
    append_decimal(out, row.attempts);
    out.append(row.attempts == 1 ? " attempt, last " : " attempts, last ");
    if (row.last_status == 0) {
      out.append("no response");
    } else {
      append_decimal(out, row.last_status);
    }
    if (row.last_attempt_at_ms != 0) {
      out.append(" at ");
      out.append(format_utc(row.last_attempt_at_ms, "%Y-%m-%dT%H:%M:%SZ"));
    }
    if (!row.message.empty()) {
      out.append(": ");
      std::string message = valid_utf8(row.message);
      for (char& c : message) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
      }
      out.append(message);
    }
  }
  if (!row.origin.empty()) {
    out.append(" [");
    out.append(row.origin);
    out.put(']');
  }
  out.put('\n');
}

Result<ExportSummary> export_failures(StoreReader& store, const ExportRequest& request, BufferedOutput& out) {
  const bool csv = request.format.format == ExportFormat::failures;
  std::vector<std::string> jobs;
  if (!request.job.empty()) {
    jobs.push_back(request.job);
  } else {
    auto names = store.job_names();
    if (!names) return names.error();
    jobs = std::move(*names);
  }
  const LocaleFilter filter(request.hl, request.gl);
  ExportSummary summary;
  if (csv) begin_csv(out, request.format.excel, kFailuresHeader);
  for (const auto& job : jobs) {
    if (out.failed()) break;
    auto listed = list_failures(&store, job, nullptr, filter, [&](const FailureRow& row) {
      if (csv) {
        append_failure_csv(out, row, request.format.excel, csv_text(request.format.raw));
      } else {
        append_failure_json(out, row, /*with_origin=*/false);
      }
      ++summary.records;
      return !out.failed();
    });
    if (!listed) return listed.error();
  }
  if (auto flushed = out.flush(); !flushed) return flushed.error();
  return summary;
}

}  // namespace paa::exporting
