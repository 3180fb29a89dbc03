#include "paa/export/attributes.hpp"

#include <algorithm>
#include <optional>

namespace paa::exporting {

Result<AttributeCatalog> catalog_attributes(JobProgress& store, std::string_view job) {
  std::vector<std::string> jobs;
  if (job.empty()) {
    auto names = store.job_names();
    if (!names) return names.error();
    jobs = std::move(*names);
  } else {
    jobs.emplace_back(job);
  }
  AttributeCatalog catalog;
  for (const auto& name : jobs) {
    bool any = false;
    // Entries of one list share their names: the last entry's are checked first, cheaply.
    std::vector<std::string> last;
    auto scanned = store.scan_progress(name, [&](std::string_view, const ProgressEntry& entry) {
      if (entry.attrs.empty()) return true;
      any = true;
      if (entry.attrs.volume) catalog.volumes = true;
      const bool same = entry.attrs.fields.size() == last.size() &&
                        std::equal(last.begin(), last.end(), entry.attrs.fields.begin(),
                                   [](const std::string& a, const auto& field) { return a == field.first; });
      if (same) return true;
      last.clear();
      for (const auto& [field, value] : entry.attrs.fields) {
        last.push_back(field);
        if (std::find(catalog.names.begin(), catalog.names.end(), field) == catalog.names.end()) {
          catalog.names.push_back(field);
        }
      }
      return true;
    });
    if (!scanned) return scanned.error();
    if (any) catalog.jobs.push_back(name);
  }
  return catalog;
}

Result<void> catalog_selection(JobProgress& store, ExportRequest& request) {
  auto catalog = catalog_attributes(store, request.job);
  if (!catalog) return catalog.error();
  request.format.attributes = std::move(catalog->names);
  request.format.volumes = catalog->volumes;
  request.attribute_jobs = std::move(catalog->jobs);
  return {};
}

std::vector<std::string> attribute_columns(const std::vector<std::string>& names) {
  std::vector<std::string> columns;
  for (const auto& name : names) {
    std::string base = "attr_";
    bool gap = false;
    for (const char c : name) {
      const auto u = static_cast<unsigned char>(c);
      const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || u >= 0x80;
      if (!keep) {
        gap = true;
        continue;
      }
      if (gap && base.size() > 5) base.push_back('_');
      gap = false;
      base.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    }
    if (base.size() == 5) base += "column";
    std::string column = base;
    for (int n = 2; std::find(columns.begin(), columns.end(), column) != columns.end(); ++n) {
      column = base + "_" + std::to_string(n);
    }
    columns.push_back(std::move(column));
  }
  return columns;
}

std::string_view attribute_value(const SeedAttributes& attrs, std::string_view name) {
  for (const auto& [field, value] : attrs.fields) {
    if (field == name) return value;
  }
  return {};
}

}  // namespace paa::exporting
