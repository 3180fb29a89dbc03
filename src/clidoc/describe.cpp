#include "paa/clidoc/describe.hpp"

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include <cstdio>
#include <string_view>
#include <vector>

namespace paa::clidoc {
namespace json = boost::json;

namespace {

// CLI11 reports an option's type as "TYPE[:VALIDATOR]...", e.g. "TEXT:{jsonl,json,csv}" for
// IsMember or "TEXT:FILE" for ExistingFile: the type, each validator, and the choices of a set.
struct TypeInfo {
  std::string type;
  json::array validators;
  json::array choices;
};

TypeInfo split_type(const std::string& full) {
  TypeInfo info;
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const auto colon = full.find(':', start);
    parts.push_back(full.substr(start, colon == std::string::npos ? std::string::npos : colon - start));
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  info.type = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::string& v = parts[i];
    if (v.size() >= 2 && v.front() == '{' && v.back() == '}') {
      std::string_view inner(v.data() + 1, v.size() - 2);
      while (!inner.empty()) {
        const auto comma = inner.find(',');
        info.choices.emplace_back(inner.substr(0, comma));
        if (comma == std::string_view::npos) break;
        inner.remove_prefix(comma + 1);
      }
    } else {
      info.validators.emplace_back(v);
    }
  }
  return info;
}

json::object describe_option(const CLI::Option& opt) {
  json::object o;
  auto type = split_type(opt.get_type_name());
  const bool flag = opt.get_items_expected_max() == 0;  // add_flag(): expected(0)
  if (opt.nonpositional()) {
    json::array names;
    for (const auto& s : opt.get_snames()) names.emplace_back("-" + s);
    for (const auto& l : opt.get_lnames()) names.emplace_back("--" + l);
    o["names"] = std::move(names);
    o["flag"] = flag;
  } else {
    o["name"] = opt.get_name();
  }
  o["type"] = flag ? std::string() : type.type;
  o["validators"] = std::move(type.validators);
  o["choices"] = std::move(type.choices);
  o["default"] = opt.get_default_str();
  o["required"] = opt.get_required();
  o["repeatable"] = opt.get_expected_max() > 1;
  o["group"] = opt.get_group();
  o["description"] = opt.get_description();
  return o;
}

}  // namespace

json::object describe(const CLI::App& app) {
  json::object out;
  out["name"] = app.get_name();
  out["description"] = app.get_description();
  out["footer"] = app.get_footer();
  json::array options;
  json::array positionals;
  for (const CLI::Option* opt : app.get_options()) {
    if (opt->get_group().empty()) continue;  // hidden
    (opt->nonpositional() ? options : positionals).push_back(describe_option(*opt));
  }
  out["options"] = std::move(options);
  out["positionals"] = std::move(positionals);
  json::array subcommands;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->get_name().empty() || sub->get_group().empty()) continue;  // option groups, hidden commands
    subcommands.push_back(describe(*sub));
  }
  out["subcommands"] = std::move(subcommands);
  return out;
}

std::string describe_json(const CLI::App& app) { return json::serialize(describe(app)); }

CLI::App* add_describe_command(CLI::App& app) {
  auto* sub = app.add_subcommand(kDescribeCommand, "Print the command line as JSON (for the man pages and completion)");
  sub->group("");  // hidden from --help and from describe() itself
  return sub;
}

bool print_describe_json(const CLI::App& app) {
  std::printf("%s\n", describe_json(app).c_str());
  return std::fflush(stdout) == 0;
}

}  // namespace paa::clidoc
