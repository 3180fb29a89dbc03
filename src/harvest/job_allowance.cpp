#include "paa/harvest/job_allowance.hpp"

#include "paa/output/atomic_file.hpp"
#include "paa/store/store.hpp"

#include <boost/json.hpp>

#include <fstream>
#include <sstream>

namespace paa {

namespace json = boost::json;

std::uint64_t job_spend(std::span<const RunInfo> runs, std::string_view job) {
  std::uint64_t sum = 0;
  for (const RunInfo& r : runs) {
    if (r.job != job) continue;
    RunSpendFigures f;
    f.ended = r.ended_at_ms != 0 && r.money.has_value();
    if (r.money) {
      f.charged = r.money->charged;
      f.unknown = r.money->unknown;
      f.unknown_disproved = r.money->unknown_disproved;
    }
    f.reserved = r.reserved;
    sum += run_spend(f);
  }
  return sum;
}

Result<std::uint64_t> job_spend(HistoryReader& store, std::string_view job) {
  auto runs = store.runs();
  if (!runs) return runs.error();
  return job_spend(*runs, job);
}

std::filesystem::path budget_split_file(const std::filesystem::path& plan) {
  std::filesystem::path out = plan;
  out.replace_filename(plan.stem().string() + "-budget.json");
  return out;
}

namespace {

Error bad(const std::filesystem::path& file, const std::string& what) {
  return make_error(errc::invalid_input, file.string() + ": " + what +
                                             "; it is the barrier's (paa barrier): run the barrier of the plan's "
                                             "last level again to write it anew");
}

Result<std::vector<std::uint64_t>> counts(const std::filesystem::path& file, const json::object& o, const char* name) {
  const json::value* v = o.if_contains(name);
  if (v == nullptr || !v->is_array()) return bad(file, std::string("no \"") + name + "\" array");
  std::vector<std::uint64_t> out;
  for (const json::value& e : v->get_array()) {
    if (e.is_uint64()) {
      out.push_back(e.get_uint64());
    } else if (e.is_int64() && e.get_int64() >= 0) {
      out.push_back(static_cast<std::uint64_t>(e.get_int64()));
    } else {
      return bad(file, std::string("\"") + name + "\" holds something other than a count");
    }
  }
  return out;
}

}  // namespace

Result<std::optional<BudgetSplit>> read_budget_split(const std::filesystem::path& file, std::string_view job) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return std::optional<BudgetSplit>();
    return make_error(errc::io, file.string() + ": cannot be read");
  }
  std::stringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  const json::value doc = json::parse(text.str(), ec);
  if (ec || !doc.is_object()) return bad(file, "not a JSON object");
  const json::object& o = doc.get_object();
  const json::value* named = o.if_contains("job");
  if (named == nullptr || !named->is_string() || named->get_string() != job) {
    return bad(file, "it is not job \"" + std::string(job) + "\"'s");
  }
  const json::value* level = o.if_contains("level");
  if (level == nullptr || !level->is_int64() || level->get_int64() < 0) return bad(file, "no \"level\"");
  BudgetSplit split;
  split.level = static_cast<std::uint32_t>(level->get_int64());
  auto base = counts(file, o, "base");
  if (!base) return base.error();
  auto weight = counts(file, o, "weight");
  if (!weight) return weight.error();
  if (base->size() != weight->size()) return bad(file, "\"base\" and \"weight\" differ in length");
  split.base = std::move(*base);
  split.weight = std::move(*weight);
  if (const json::value* keys = o.if_contains("plan_keys"); keys != nullptr && keys->is_number()) {
    boost::system::error_code number_error;
    split.plan_keys = keys->to_number<std::uint64_t>(number_error);
    if (number_error) return bad(file, "\"plan_keys\" is not a count");
  }
  return std::optional<BudgetSplit>(std::move(split));
}

Result<PlanSplit> plan_budget_split(const std::filesystem::path& plan, std::string_view job,
                                    std::span<const std::uint64_t> keys_per_shard) {
  PlanSplit out;
  if (plan.empty() || !store_exists(plan)) {
    out.split = seed_split(keys_per_shard);
    return out;
  }
  auto reader = StoreReader::open(plan);
  if (!reader) return prefixed("the plan " + plan.string() + ": ", reader.error());
  auto state = (*reader)->expansion_state(job);
  if (!state) return state.error();
  if (state->built == 0) {
    out.split = seed_split(keys_per_shard);
    return out;
  }
  auto kept = read_budget_split(budget_split_file(plan), job);
  if (!kept) return kept.error();
  if (!*kept || (*kept)->plan_keys != state->discovered() || (*kept)->base.size() != keys_per_shard.size()) {
    out.stale_level = state->in_round() ? state->round_appended : state->built;
    return out;
  }
  out.split = std::move(**kept);
  return out;
}

Result<void> write_budget_split(const std::filesystem::path& file, std::string_view job, const BudgetSplit& split) {
  json::object o;
  o["job"] = job;
  o["level"] = split.level;
  json::array base, weight;
  for (const std::uint64_t b : split.base) base.push_back(b);
  for (const std::uint64_t w : split.weight) weight.push_back(w);
  o["base"] = std::move(base);
  o["weight"] = std::move(weight);
  o["plan_keys"] = split.plan_keys;
  const std::string text = json::serialize(o) + "\n";
  return write_file_atomically(file, true, [&](ByteSink& sink) -> Result<void> { return sink.write(text); });
}

}  // namespace paa
