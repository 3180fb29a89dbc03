#include "query_source.hpp"

#include "paa/model/ascii.hpp"
#include "paa/model/query_key.hpp"
#include "paa/model/utf8.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>

namespace paa::detail {
namespace {

namespace fs = std::filesystem;

constexpr int kEof = std::char_traits<char>::eof();

// True when `text` holds no query: empty or white space only (after Unicode cleaning).
bool is_blank(std::string_view text) {
  // Any printable ASCII character settles it without Unicode work.
  for (char c : text) {
    if (c > ' ' && c < 0x7F) return false;
  }
  auto cleaned = clean_text(text);
  return cleaned && cleaned->empty();
}

// Opens `file` and skips a UTF-8 byte order mark.
Result<std::unique_ptr<std::ifstream>> open_list(const fs::path& file) {
  auto in = std::make_unique<std::ifstream>(file, std::ios::binary);
  if (!*in) {
    return make_error(errc::invalid_input, file.string() + ": cannot open the query file: " + std::strerror(errno));
  }
  char bom[3] = {};
  in->read(bom, 3);
  if (!(in->gcount() == 3 && bom[0] == '\xEF' && bom[1] == '\xBB' && bom[2] == '\xBF')) {
    in->clear();
    in->seekg(0);
  }
  return in;
}

Error invalid_utf8(const std::string& display, std::uint64_t line) {
  return make_error(errc::invalid_input, display + ":" + std::to_string(line) + ": invalid UTF-8; save the file as UTF-8");
}

// One query per line; '#' at the start of a line (after white space) makes a comment.
class TxtSource final : public QuerySource {
 public:
  TxtSource(std::unique_ptr<std::ifstream> in, std::string display)
      : in_(std::move(in)), display_(std::move(display)) {}

  Result<std::optional<SourceRecord>> next() override {
    std::streambuf& buf = *in_->rdbuf();
    for (;;) {
      if (buf.sgetc() == kEof) {
        if (in_->bad()) return make_error(errc::invalid_input, display_ + ": read error");
        return std::optional<SourceRecord>{};
      }
      ++line_;
      line_text_.clear();
      for (int c = buf.sbumpc(); c != kEof && c != '\n'; c = buf.sbumpc()) {
        if (line_text_.size() >= kMaxRecordBytes) {
          return make_error(errc::invalid_input, display_ + ":" + std::to_string(line_) + ": line is longer than " +
                            std::to_string(kMaxRecordBytes) + " bytes; put one query per line");
        }
        line_text_.push_back(static_cast<char>(c));
      }
      if (!line_text_.empty() && line_text_.back() == '\r') line_text_.pop_back();
      if (first_invalid_utf8(line_text_)) return invalid_utf8(display_, line_);
      const std::string_view trimmed = trim_ascii(line_text_);
      if (!trimmed.empty() && trimmed.front() == '#') continue;
      if (is_blank(line_text_)) continue;
      SourceRecord record;
      record.q = line_text_;
      record.origin = display_ + ":" + std::to_string(line_);
      return std::optional<SourceRecord>(std::move(record));
    }
  }

 private:
  std::unique_ptr<std::ifstream> in_;
  std::string display_;
  std::uint64_t line_ = 0;
  std::string line_text_;
};

// RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks.
// A quote inside an unquoted field is kept literally (a common export quirk).
class CsvParser {
 public:
  CsvParser(std::streambuf& buf, std::string display) : buf_(buf), display_(std::move(display)) {}

  // Reads one record into `fields`; false at the end of the file. `start_line` is the line
  // the record begins on.
  Result<bool> next(std::vector<std::string>& fields, std::uint64_t& start_line) {
    fields.clear();
    if (buf_.sgetc() == kEof) return false;
    start_line = line_;
    std::string field;
    enum class State { field_start, unquoted, quoted, after_quote } state = State::field_start;
    std::uint64_t quote_line = line_;
    for (;;) {
      const int c = buf_.sbumpc();
      if (field.size() > kMaxRecordBytes) {
        return make_error(errc::invalid_input, display_ + ":" + std::to_string(state == State::quoted ? quote_line : line_) +
                          ": field is longer than " + std::to_string(kMaxRecordBytes) +
                          " bytes; is a closing quote missing?");
      }
      switch (state) {
        case State::quoted:
          if (c == kEof) {
            return make_error(errc::invalid_input, display_ + ":" + std::to_string(quote_line) +
                              ": quoted field is never closed; add the closing \"");
          }
          if (c == '"') {
            if (buf_.sgetc() == '"') {
              buf_.sbumpc();
              field.push_back('"');
            } else {
              state = State::after_quote;
            }
            continue;
          }
          if (c == '\n') ++line_;
          field.push_back(static_cast<char>(c));
          continue;
        case State::after_quote:
          if (c != ',' && c != '\n' && c != '\r' && c != kEof) {
            return make_error(errc::invalid_input, display_ + ":" + std::to_string(line_) +
                              ": unexpected text after a closing quote; inside a quoted field "
                              "write a quote as \"\"");
          }
          break;
        case State::field_start:
          if (c == '"') {
            state = State::quoted;
            quote_line = line_;
            continue;
          }
          break;
        case State::unquoted: break;
      }
      // Outside quotes: separators, line ends and plain characters.
      if (c == ',') {
        fields.push_back(std::move(field));
        field.clear();
        state = State::field_start;
        continue;
      }
      if (c == kEof || c == '\n' || c == '\r') {
        if (c == '\r' && buf_.sgetc() == '\n') buf_.sbumpc();
        if (c != kEof) ++line_;
        fields.push_back(std::move(field));
        return true;
      }
      field.push_back(static_cast<char>(c));
      state = State::unquoted;
    }
  }

 private:
  std::streambuf& buf_;
  std::string display_;
  std::uint64_t line_ = 1;
};

class CsvSource final : public QuerySource {
 public:
  CsvSource(std::unique_ptr<std::ifstream> in, std::string display)
      : in_(std::move(in)), display_(std::move(display)), parser_(*in_->rdbuf(), display_) {}

  Result<std::optional<SourceRecord>> next() override {
    if (!header_read_) {
      if (auto e = read_header()) return *e;
    }
    for (;;) {
      std::uint64_t line = 0;
      auto more = parser_.next(fields_, line);
      if (!more) return more.error();
      if (!*more) {
        if (in_->bad()) return make_error(errc::invalid_input, display_ + ": read error");
        return std::optional<SourceRecord>{};
      }
      if (fields_.size() == 1 && fields_[0].empty()) continue;  // blank line
      const std::string where = display_ + ":" + std::to_string(line);
      if (fields_.size() != columns_) {
        return make_error(errc::invalid_input, where + ": row has " + std::to_string(fields_.size()) + " fields, the header has " +
                          std::to_string(columns_) + "; quote fields that contain commas");
      }
      for (const std::string& f : fields_) {
        if (first_invalid_utf8(f)) return invalid_utf8(display_, line);
      }
      if (is_blank(fields_[*q_column_])) continue;

      SourceRecord record;
      record.q = fields_[*q_column_];
      record.origin = where;
      const std::string_view hl = hl_ ? trim_ascii(fields_[*hl_]) : std::string_view{};
      const std::string_view gl = gl_ ? trim_ascii(fields_[*gl_]) : std::string_view{};
      if (city_) {
        auto city = clean_text(fields_[*city_]);
        if (!city) return make_error(errc::invalid_input, where + ": city: " + city.error().message);
        record.city = std::move(*city);
      }
      if (hl.empty() != gl.empty()) {
        return make_error(errc::invalid_input, where + ": row sets " + (hl.empty() ? "gl" : "hl") + " but not " +
                          (hl.empty() ? "hl" : "gl") +
                          "; set both (this row's own locale) or neither (the job's locales)");
      }
      if (!hl.empty()) record.locale = Locale{std::string(hl), std::string(gl), record.city};
      return std::optional<SourceRecord>(std::move(record));
    }
  }

 private:
  std::optional<Error> read_header() {
    header_read_ = true;
    std::uint64_t line = 0;
    auto more = parser_.next(fields_, line);
    if (!more) return more.error();
    if (!*more) return make_error(errc::invalid_input, display_ + ":1: the file is empty; a CSV list needs a header with a q column");
    std::string found;
    for (std::size_t i = 0; i < fields_.size(); ++i) {
      const std::string name = lower_ascii(trim_ascii(fields_[i]));
      found += (i ? ", " : "") + ("'" + fields_[i] + "'");
      std::optional<std::size_t>* slot = nullptr;
      if (name == "q") slot = &q_column_;
      if (name == "hl") slot = &hl_;
      if (name == "gl") slot = &gl_;
      if (name == "city") slot = &city_;
      if (slot == nullptr) continue;  // other columns (volume, cpc, ...) are ignored
      if (*slot) {
        return make_error(errc::invalid_input, display_ + ":" + std::to_string(line) + ": column '" + name +
                          "' appears twice in the header");
      }
      *slot = i;
    }
    if (!q_column_) {
      return make_error(errc::invalid_input, display_ + ":" + std::to_string(line) + ": the header has no 'q' column (found " +
                        found + "); name the column holding the queries q");
    }
    if (hl_.has_value() != gl_.has_value()) {
      return make_error(errc::invalid_input, display_ + ":" + std::to_string(line) + ": the header has an '" +
                        (hl_ ? "hl" : "gl") + "' column but no '" + (hl_ ? "gl" : "hl") +
                        "' column; add both or neither");
    }
    columns_ = fields_.size();
    return std::nullopt;
  }

  std::unique_ptr<std::ifstream> in_;
  std::string display_;
  CsvParser parser_;
  bool header_read_ = false;
  std::vector<std::string> fields_;
  std::size_t columns_ = 0;
  std::optional<std::size_t> q_column_, hl_, gl_, city_;
};

}  // namespace

Result<std::unique_ptr<QuerySource>> open_query_source(const fs::path& file) {
  const std::string display = file.string();
  const std::string ext = lower_ascii(file.extension().string());
  if (ext != ".txt" && ext != ".csv") {
    return make_error(errc::invalid_input, display + ": unsupported query file type; expected .txt (one query per line) or .csv "
                                "(with a q column)");
  }
  auto in = open_list(file);
  if (!in) return in.error();
  std::unique_ptr<QuerySource> source;
  if (ext == ".txt") {
    source = std::make_unique<TxtSource>(std::move(*in), display);
  } else {
    source = std::make_unique<CsvSource>(std::move(*in), display);
  }
  return source;
}

}  // namespace paa::detail
