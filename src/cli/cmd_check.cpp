// paa check JOB: validates a job file and reads every query list once, printing the counts.
// Nothing is written; any error exits 2.
#include "commands.hpp"

#include "paa/exit_code.hpp"
#include "paa/job/job_file.hpp"

#include <cstdio>
#include <memory>
#include <string>

namespace paa::cli {
namespace {

std::string describe_locales(const std::vector<Locale>& locales) {
  std::string out = std::to_string(locales.size()) + " (";
  for (std::size_t i = 0; i < locales.size(); ++i) {
    if (i > 0) out += ", ";
    out += locales[i].hl + "-" + locales[i].gl;
    if (!locales[i].city.empty()) out += " " + locales[i].city;
  }
  return out + ")";
}


}  // namespace

Command add_check_command(CLI::App& app) {
  auto job_path = std::make_shared<std::string>();
  Command c;
  c.app = app.add_subcommand("check", "Validate a job file and count its queries, requests and unique keys");
  c.app->add_option("job", *job_path, "The job file (TOML)")->required();
  c.run = [job_path] {
    auto spec = load_job(*job_path);
    if (!spec) return fail(spec.error());
    auto check = check_job(*spec);
    if (!check) return fail(check.error());
    const auto u = [](std::uint64_t n) { return static_cast<unsigned long long>(n); };
    std::printf("job            %s (%s)\n", spec->name.c_str(), spec->file.string().c_str());
    std::printf("store          %s\n", spec->store.string().c_str());
    std::printf("queries read   %llu\n", u(check->queries));
    std::printf("locales        %s\n", describe_locales(spec->locales).c_str());
    std::printf("requests       %llu after locale expansion\n", u(check->requests));
    std::printf("unique keys    %llu after normalisation (%llu duplicate%s dropped)\n", u(check->unique_keys),
                u(check->duplicates), check->duplicates == 1 ? "" : "s");
    return static_cast<int>(kExitOk);
  };
  return c;
}

}  // namespace paa::cli
