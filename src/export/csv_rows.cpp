#include "paa/export/csv_rows.hpp"

#include "paa/output/text.hpp"

namespace paa::exporting {

namespace {
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
}  // namespace

void begin_csv(BufferedOutput& out, bool excel, std::string_view header) {
  if (excel) out.append(kUtf8Bom);
  out.append(header);
  end_csv_row(out, excel);
}

void end_csv_row(BufferedOutput& out, bool excel) {
  if (excel) out.put('\r');
  out.put('\n');
}

std::string render_key_columns(const StoredResult& r, CsvText text) {
  StringSink sink;
  {
    BufferedOutput tmp(sink, 256);
    append_csv_key_columns(tmp, text, r.q, r.hl, r.gl, r.city);
    (void)tmp.flush();  // a StringSink cannot fail
  }
  return std::move(sink.data);
}

}  // namespace paa::exporting
