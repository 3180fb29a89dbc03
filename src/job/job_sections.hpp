#pragma once
// The readers of a job file's parts, one per [section] or group of keys: each reads its node
// into its part of JobSpec and reports every mistake to `where`; load_job puts them together.
#include "job_diagnostics.hpp"

#include "paa/job/job_file.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace paa::job_toml {

void read_limits(Diagnostics& where, const toml::node& node, Limits& limits);
void read_expand(Diagnostics& where, const toml::node& node, ExpandSpec& expand);
void read_notify(Diagnostics& where, const toml::node& node, NotifySpec& notify);
void read_analysis(Diagnostics& where, const toml::node& node, std::optional<bool>& after_run);
void read_locales(Diagnostics& where, const toml::node& node, std::vector<Locale>& out);

// queries: the inline searches.
void read_queries(Diagnostics& where, const toml::node& node, std::vector<std::string>& out);
// query_files: the lists, resolved against the job file's `folder` (there, with `must_exist`).
void read_query_files(Diagnostics& where, const toml::node& node, const std::filesystem::path& folder,
                      QueryLists lists, std::vector<QueryFile>& out);

}  // namespace paa::job_toml
