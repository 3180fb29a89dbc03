// paa get --store DIR --q Q --hl HL --gl GL [--city C]: prints one stored envelope, exactly as
// the service sent it, followed by a newline. Exit 1 when the store has no such result.
// Works while a run holds the store (a read-only secondary instance).
#include "commands.hpp"

#include "paa/exit_code.hpp"
#include "paa/model/query_key.hpp"
#include "paa/store/store.hpp"

#include <cstdio>
#include <memory>
#include <string>

namespace paa::cli {
namespace {

struct GetOptions {
  std::string store;
  std::string q;
  std::string hl;
  std::string gl;
  std::string city;
};


}  // namespace

Command add_get_command(CLI::App& app) {
  auto opts = std::make_shared<GetOptions>();
  Command c;
  c.app = app.add_subcommand("get", "Print the stored result (JSON envelope) of one search");
  c.app->add_option("--store", opts->store, "The store folder")->required();
  c.app->add_option("--q", opts->q, "The search query")->required();
  c.app->add_option("--hl", opts->hl, "Language code, e.g. en")->required();
  c.app->add_option("--gl", opts->gl, "Country code, e.g. us")->required();
  c.app->add_option("--city", opts->city, "City (optional)");
  c.run = [opts] {
    auto query = make_query(opts->q, opts->hl, opts->gl, opts->city);
    if (!query) return fail(query.error());
    auto reader = StoreReader::open(opts->store);
    if (!reader) return fail(reader.error());
    auto result = (*reader)->get(encode_key(query->key));
    if (!result) return fail(result.error());
    if (!*result) {
      std::string what = "q='" + query->q + "' hl=" + query->hl + " gl=" + query->gl;
      if (!query->city.empty()) what += " city='" + query->city + "'";
      return fail(make_error(errc::not_found, "no stored result for " + what + " in store '" + opts->store + "'"));
    }
    const std::string& body = (*result)->body;
    std::fwrite(body.data(), 1, body.size(), stdout);
    if (body.empty() || body.back() != '\n') std::fputc('\n', stdout);
    return finish_stdout();
  };
  return c;
}

}  // namespace paa::cli
