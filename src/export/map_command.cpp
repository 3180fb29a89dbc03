#include "paa/export/map_command.hpp"

#include "paa/exit_code.hpp"
#include "paa/export/export_command.hpp"
#include "paa/export/formats.hpp"
#include "paa/export/mind_map_svg.hpp"
#include "paa/model/query_key.hpp"
#include "paa/store/store.hpp"

namespace paa::exporting {

namespace {
int fail(std::FILE* err, const Error& e) { return report_failure(err, e); }
}  // namespace

int run_map_command(const MapCommandOptions& options, std::FILE* err) {
  auto query = make_query(options.q, options.hl, options.gl, options.city);
  if (!query) return fail(err, query.error());
  if (auto found = check_store_folder(options.store); !found) return fail(err, found.error());
  auto store = StoreReader::open(options.store);
  if (!store) return fail(err, store.error());
  auto stored = (*store)->get(encode_key(query->key));
  if (!stored) return fail(err, stored.error());
  if (!*stored) {
    std::string what = "q='" + query->q + "' hl=" + query->hl + " gl=" + query->gl;
    if (!query->city.empty()) what += " city='" + query->city + "'";
    return fail(err, make_error(errc::not_found, "no stored result for " + what + " in store '" + options.store.string() +
                         "'; `paa status --store " + options.store.string() +
                         "` shows what it holds (the key is normalised like a job's: case and spacing do not matter)"));
  }
  const StoredResult& result = **stored;
  auto env = parse_stored_result(result, FormatOptions{}.max_question_depth);
  if (!env) return fail(err, env.error());
  const auto map = layout_mind_map(result.q, env->result.children);
  auto produce = [&](ByteSink& sink) -> Result<void> {
    BufferedOutput out(sink);
    write_mind_map_svg(map, out);
    return out.flush();
  };
  if (auto done = write_output(options.output, options.force, produce); !done) {
    return fail(err, done.error());
  }
  if (options.output) {
    std::fprintf(err, "paa: wrote a mind map of %zu questions to %s\n", map.nodes.size() - 1,
                 options.output->c_str());
  }
  return kExitOk;
}

}  // namespace paa::exporting
