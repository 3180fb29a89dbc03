#include "paa/export/pipeline/analysis_tag.hpp"

#include "paa/question/field_hash.hpp"

#include <boost/json.hpp>

#include <charconv>
#include <cstdio>

namespace paa::exporting {

namespace json = boost::json;

namespace {

std::string tag_hex16(std::uint64_t v) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
  return text;
}

}  // namespace

std::string manifest_json(const KeptManifest& m) {
  json::object o;
  o["format"] = kKeptAnalysisFormat;
  o["store_state"] = m.tag.store_state;
  o["job"] = m.tag.job;
  o["analysis_version"] = m.tag.analysis_version;
  o["program"] = m.tag.program;
  o["resolution"] = m.tag.resolution;
  o["max_question_depth"] = m.tag.max_question_depth;
  o["volumes"] = m.tag.volumes;
  o["results"] = m.results;
  o["missing_results"] = m.missing_results;
  o["questions"] = m.questions;
  o["groups"] = m.groups;
  o["topics"] = m.topics;
  o["types"] = json::value_from(m.types);
  o["intents"] = json::value_from(m.intents);
  json::object files;
  for (const auto& [name, bytes] : m.files) files[name] = bytes;
  o["files"] = std::move(files);
  o["bytes"] = m.bytes;
  o["made_ms"] = m.made_ms;
  o["took_ms"] = m.took_ms;
  // As 16 hex digits: a JSON reader that holds numbers as doubles (jq, JavaScript) keeps them whole.
  if (m.inputs) o["inputs"] = tag_hex16(*m.inputs);
  if (m.carried_ms != 0) o["carried_ms"] = m.carried_ms;
  return json::serialize(o) + "\n";
}

Result<KeptManifest> parse_manifest(std::string_view text) {
  const auto damaged = [](std::string_view why) {
    return make_error(errc::store_damaged, "the kept analysis's manifest " + std::string(why));
  };
  boost::system::error_code ec;
  const json::value v = json::parse(text, ec);
  if (ec || !v.is_object()) return damaged("is not JSON");
  const json::object& o = v.get_object();
  try {
    if (json::value_to<int>(o.at("format")) != kKeptAnalysisFormat) return damaged("is of another format");
    KeptManifest m;
    m.tag.store_state = json::value_to<std::uint64_t>(o.at("store_state"));
    m.tag.job = json::value_to<std::string>(o.at("job"));
    m.tag.analysis_version = json::value_to<int>(o.at("analysis_version"));
    m.tag.program = json::value_to<std::string>(o.at("program"));
    m.tag.resolution = json::value_to<double>(o.at("resolution"));
    m.tag.max_question_depth = json::value_to<std::uint32_t>(o.at("max_question_depth"));
    m.tag.volumes = json::value_to<bool>(o.at("volumes"));
    m.results = json::value_to<std::uint64_t>(o.at("results"));
    m.missing_results = json::value_to<std::uint64_t>(o.at("missing_results"));
    m.questions = json::value_to<std::uint64_t>(o.at("questions"));
    m.groups = json::value_to<std::uint64_t>(o.at("groups"));
    m.topics = json::value_to<std::uint64_t>(o.at("topics"));
    m.types = json::value_to<std::vector<std::uint64_t>>(o.at("types"));
    m.intents = json::value_to<std::vector<std::uint64_t>>(o.at("intents"));
    for (const auto& [name, bytes] : o.at("files").as_object()) {
      m.files.emplace_back(std::string(name), json::value_to<std::uint64_t>(bytes));
    }
    m.bytes = json::value_to<std::uint64_t>(o.at("bytes"));
    m.made_ms = json::value_to<std::int64_t>(o.at("made_ms"));
    m.took_ms = json::value_to<std::int64_t>(o.at("took_ms"));
    if (const auto* inputs = o.if_contains("inputs")) {
      const auto& hex = inputs->as_string();
      std::uint64_t digest = 0;
      const auto [end, bad] = std::from_chars(hex.data(), hex.data() + hex.size(), digest, 16);
      if (bad != std::errc{} || end != hex.data() + hex.size() || hex.size() != 16) return damaged("has inputs that are not 16 hex digits");
      m.inputs = digest;
    }
    if (const auto* carried = o.if_contains("carried_ms")) m.carried_ms = json::value_to<std::int64_t>(*carried);
    return m;
  } catch (const std::exception&) {
    return damaged("lacks a field or has one of the wrong kind");
  }
}

FreshnessVerdict judge_kept(const std::optional<KeptManifest>& kept, const AnalysisTag& now) {
  if (!kept) return {Freshness::missing, "none is kept"};
  const AnalysisTag& then = kept->tag;
  // The most telling reason first: a user who refreshed wants to read "the store has changed".
  if (then.job != now.job || then.resolution != now.resolution) {
    return {Freshness::stale, "it is another selection's (a bug in paa: each has its own folder)"};
  }
  if (then.store_state != now.store_state) return {Freshness::stale, "the store has changed since"};
  if (then.analysis_version != now.analysis_version) {
    return {Freshness::stale, "the analysis rules have changed since (version " + std::to_string(then.analysis_version) +
                                  " to " + std::to_string(now.analysis_version) + ")"};
  }
  if (then.program != now.program) return {Freshness::stale, "it was made by another paa (" + then.program + ")"};
  if (then.max_question_depth != now.max_question_depth) return {Freshness::stale, "it read the trees to another depth"};
  if (then.volumes != now.volumes) return {Freshness::stale, "the seeds' volumes have changed since"};
  return {Freshness::current, {}};
}

std::string kept_folder_name(std::string_view job, double resolution) {
  char number[32];
  const auto end = std::to_chars(number, number + sizeof number, resolution).ptr;
  const std::string r = "-r" + std::string(number, end);
  if (job.empty()) return "all" + r;
  return "job-" + tag_hex16(question::FieldHash().add(job).value()) + r;
}

}  // namespace paa::exporting
