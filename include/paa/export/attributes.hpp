#pragma once
// The seeds' attributes as the exports show them (docs/exports.md "Attributes"): which
// attributes a selection has (one pass over its jobs' progress entries, before anything is
// written, so that a CSV header can name them), and their CSV column names.
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/model/seed_attributes.hpp"
#include "paa/store/store.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace paa::exporting {

struct AttributeCatalog {
  std::vector<std::string> names;  // every attribute name, in order of first appearance
  std::vector<std::string> jobs;   // the jobs with attributes, in job_names() order
  bool volumes = false;            // some seed has a volume
  bool empty() const { return jobs.empty(); }
};

// The attributes of `job`'s progress entries ("" = every job's). Memory: the distinct names.
Result<AttributeCatalog> catalog_attributes(JobProgress& store, std::string_view job);

// For a view that shows attributes (kShowsAttributes: jsonl, json, csv, questions, xlsx): the
// selection's catalog into request.format.attributes, .volumes and request.attribute_jobs.
Result<void> catalog_selection(JobProgress& store, ExportRequest& request);

// The CSV column of each attribute name: "attr_" and the name in lower case, every run of
// characters other than ASCII letters, digits and non-ASCII ones made one "_", none at either
// end ("Keyword Difficulty" -> attr_keyword_difficulty, "CPC (USD)" -> attr_cpc_usd); "attr_"
// + "column" for a name with nothing left ("#"); "_2", "_3" added to a column an earlier name
// already took. Stable: the same names in the same order give the same columns.
std::vector<std::string> attribute_columns(const std::vector<std::string>& names);

// The value of attribute `name` ("" when the seed has none).
std::string_view attribute_value(const SeedAttributes& attrs, std::string_view name);

}  // namespace paa::exporting
