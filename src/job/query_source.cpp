#include "query_source.hpp"

#include "paa/job/list_columns.hpp"
#include "paa/model/ascii.hpp"
#include "paa/model/csv_guard.hpp"
#include "paa/model/csv_records.hpp"
#include "paa/model/query_key.hpp"
#include "paa/model/utf8.hpp"
#include "xlsx_sheet.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace paa {
namespace detail {
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

// A UTF-16 file (after its byte order mark) as UTF-8. A broken sequence (an unpaired
// surrogate, an odd last byte) ends the text; error() says so once the text before it is read.
class Utf16Buf final : public std::streambuf {
 public:
  Utf16Buf(std::streambuf& source, bool big_endian) : source_(source), big_endian_(big_endian) {}

  const std::string& error() const { return error_; }
  void reset() {
    broken_.clear();
    error_.clear();
    setg(nullptr, nullptr, nullptr);
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    out_.clear();
    while (out_.size() < kChunk && broken_.empty()) {
      auto unit = next_unit();
      if (!unit) break;
      std::uint32_t cp = *unit;
      if (cp >= 0xD800 && cp <= 0xDBFF) {
        auto low = next_unit();
        if (!low || *low < 0xDC00 || *low > 0xDFFF) {
          if (broken_.empty()) broken_ = "invalid UTF-16 (an unpaired surrogate)";
          break;
        }
        cp = 0x10000 + ((cp - 0xD800) << 10) + (*low - 0xDC00);
      } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
        broken_ = "invalid UTF-16 (an unpaired surrogate)";
        break;
      }
      append_utf8(cp);
    }
    if (out_.empty()) {
      error_ = broken_;  // everything before the break has been read
      return traits_type::eof();
    }
    setg(out_.data(), out_.data(), out_.data() + out_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  static constexpr std::size_t kChunk = 4096;

  std::optional<std::uint32_t> next_unit() {
    const int a = source_.sbumpc();
    if (a == kEof) return std::nullopt;
    const int b = source_.sbumpc();
    if (b == kEof) {
      broken_ = "invalid UTF-16 (the file ends in the middle of a character)";
      return std::nullopt;
    }
    const auto hi = static_cast<std::uint32_t>(big_endian_ ? a : b);
    const auto lo = static_cast<std::uint32_t>(big_endian_ ? b : a);
    return (hi << 8) | lo;
  }

  void append_utf8(std::uint32_t cp) {
    if (cp < 0x80) {
      out_.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out_.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out_.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out_.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out_.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out_.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out_.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out_.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out_.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out_.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  std::streambuf& source_;
  bool big_endian_;
  std::string out_;
  std::string broken_;  // why decoding stopped
  std::string error_;   // broken_, once the text before the break is read
};

// A list file's text as UTF-8: UTF-8 with or without a byte order mark, or UTF-16 (LE or BE)
// with one.
class ListText {
 public:
  static Result<std::unique_ptr<ListText>> open(const fs::path& file) {
    auto text = std::unique_ptr<ListText>(new ListText);
    text->in_.open(file, std::ios::binary);
    if (!text->in_) {
      return make_error(errc::invalid_input, file.string() + ": cannot open the query file: " + std::strerror(errno));
    }
    unsigned char head[3] = {};
    text->in_.read(reinterpret_cast<char*>(head), 3);
    const auto got = text->in_.gcount();
    text->in_.clear();
    if (got >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF) {
      text->start_ = 3;
    } else if (got >= 2 && ((head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF))) {
      text->start_ = 2;
      text->utf16_ = std::make_unique<Utf16Buf>(*text->in_.rdbuf(), head[0] == 0xFE);
    } else if (got >= 2 && (head[0] == 0) != (head[1] == 0)) {
      return make_error(errc::invalid_input, file.string() +
                                                 ": looks like UTF-16 without a byte order mark; save the file as "
                                                 "UTF-8, or as UTF-16 with a byte order mark");
    }
    text->in_.seekg(text->start_);
    return text;
  }

  std::streambuf& buf() { return utf16_ ? static_cast<std::streambuf&>(*utf16_) : *in_.rdbuf(); }
  bool utf16() const { return utf16_ != nullptr; }
  bool bad() const { return in_.bad(); }
  // Why the text ended early ("" when it did not): a broken UTF-16 sequence.
  std::string decode_error() const { return utf16_ ? utf16_->error() : std::string(); }

  // Back to the first character, to read it again.
  void rewind() {
    in_.clear();
    in_.seekg(start_);
    if (utf16_) utf16_->reset();
  }

 private:
  ListText() = default;
  std::ifstream in_;
  std::streamoff start_ = 0;
  std::unique_ptr<Utf16Buf> utf16_;
};

Error invalid_utf8(const std::string& display, std::uint64_t line) {
  return make_error(errc::invalid_input, display + ":" + std::to_string(line) + ": invalid UTF-8; save the file as UTF-8");
}

// Where a broken UTF-16 sequence ended the text, as an error; nullopt when it did not.
std::optional<Error> decode_failure(const ListText& text, const std::string& display, std::uint64_t line) {
  const std::string why = text.decode_error();
  if (why.empty()) return std::nullopt;
  return make_error(errc::invalid_input, display + ":" + std::to_string(line) + ": " + why +
                                             "; save the file as UTF-8, or as UTF-16 with a byte order mark");
}

// One query per line; '#' at the start of a line (after white space) makes a comment.
class TxtSource final : public QuerySource {
 public:
  TxtSource(std::unique_ptr<ListText> text, std::string display) : text_(std::move(text)), display_(std::move(display)) {}

  Result<std::optional<SourceRecord>> next() override {
    std::streambuf& buf = text_->buf();
    for (;;) {
      if (buf.sgetc() == kEof) {
        if (auto e = decode_failure(*text_, display_, line_ + 1)) return *e;
        if (text_->bad()) return make_error(errc::invalid_input, display_ + ": read error");
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
      if (auto e = decode_failure(*text_, display_, line_)) return *e;
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
  std::unique_ptr<ListText> text_;
  std::string display_;
  std::uint64_t line_ = 0;
  std::string line_text_;
};

// What comes before a header: a title line (a record of at most one non-empty field).
bool title_line(const std::vector<std::string>& fields) {
  return std::count_if(fields.begin(), fields.end(), [](const std::string& f) { return !trim_ascii(f).empty(); }) <= 1;
}

bool names_a_query_column(const std::vector<std::string>& fields) {
  return std::any_of(fields.begin(), fields.end(), [](const std::string& f) { return is_query_column_name(f); });
}

// The text a delimiter sniff looks at: the first records, at most this many bytes.
constexpr std::size_t kSniffBytes = 64 * 1024;

// The records of a table-shaped list, one at a time: a CSV's records or a sheet's rows.
class RowReader {
 public:
  virtual ~RowReader() = default;
  // The next record's fields and the line (row) it starts on; false at the end.
  virtual Result<bool> next(std::vector<std::string>& fields, std::uint64_t& line) = 0;
  // Where a record is, for messages and origins: "k.csv:7", "kw.xlsx:Keywords:7".
  virtual std::string where(std::uint64_t line) const = 0;
  // The records' form, for `paa check`: "semicolons", "sheet 'Keywords'".
  virtual std::string form() const = 0;
  // Whether a record must have the header's number of fields (CSV: another number means a
  // delimiter in an unquoted field); a sheet's row leaves its trailing empty cells out.
  virtual bool strict_width() const = 0;
  // What to add to a header that names no query column ("" when nothing helps).
  virtual std::string header_hint() const { return {}; }
};

class CsvRows final : public RowReader {
 public:
  CsvRows(std::unique_ptr<ListText> text, std::string display, char delimiter)
      : text_(std::move(text)), display_(std::move(display)), parser_(text_->buf(), display_, delimiter),
        delimiter_(delimiter) {}

  Result<bool> next(std::vector<std::string>& fields, std::uint64_t& line) override {
    auto more = parser_.next(fields, line);
    if (auto e = decode_failure(*text_, display_, parser_.line())) return *e;
    if (!more) return more.error();
    if (!*more && text_->bad()) return make_error(errc::invalid_input, display_ + ": read error");
    return *more;
  }
  std::string where(std::uint64_t line) const override { return display_ + ":" + std::to_string(line); }
  std::string form() const override {
    return delimiter_ == '\t' ? "tabs" : delimiter_ == ';' ? "semicolons" : "commas";
  }
  bool strict_width() const override { return true; }

 private:
  std::unique_ptr<ListText> text_;
  std::string display_;
  CsvRecordReader parser_;
  char delimiter_ = ',';
};

class SheetRows final : public RowReader {
 public:
  SheetRows(std::unique_ptr<XlsxSheet> sheet, std::string display) : sheet_(std::move(sheet)), display_(std::move(display)) {}

  Result<bool> next(std::vector<std::string>& fields, std::uint64_t& line) override { return sheet_->next(fields, line); }
  std::string where(std::uint64_t line) const override {
    return display_ + ":" + sheet_->name() + ":" + std::to_string(line);
  }
  std::string form() const override { return "sheet '" + sheet_->name() + "'"; }
  bool strict_width() const override { return false; }
  std::string header_hint() const override {
    // Tools put a summary sheet first (Ahrefs' "Overview"): the list may be on another.
    const auto& sheets = sheet_->sheets();
    if (sheets.size() < 2) return {};
    std::string names;
    for (const auto& s : sheets) names += (names.empty() ? "'" : ", '") + s + "'";
    return "; or, if the list is on another sheet, name it beside the file: query_files = [{ file = \"...\", sheet = \"...\" }] "
           "(its sheets: " + names + ")";
  }

 private:
  std::unique_ptr<XlsxSheet> sheet_;
  std::string display_;
};

// A table-shaped list (.csv, .tsv, .xlsx): a header naming a query column (perhaps after title
// lines), then one query per record; the header's other columns become the row's attributes.
class TableSource final : public QuerySource {
 public:
  explicit TableSource(std::unique_ptr<RowReader> rows) : rows_(std::move(rows)) {}

  Result<std::optional<SourceRecord>> next() override {
    if (!header_read_) {
      if (auto e = read_header()) return *e;
    }
    for (;;) {
      std::uint64_t line = 0;
      auto more = rows_->next(fields_, line);
      if (!more) return more.error();
      if (!*more) return std::optional<SourceRecord>{};
      if (fields_.size() == 1 && fields_[0].empty()) continue;  // blank line
      const std::string where = rows_->where(line);
      if (!rows_->strict_width()) {
        // A sheet's row: its trailing empty cells are left out, cells past the header are notes.
        fields_.resize(columns_.count);
      } else if (fields_.size() != columns_.count) {
        // A trailing delimiter (some exports end each row with one) adds an empty field: allowed.
        while (fields_.size() > columns_.count && fields_.back().empty()) fields_.pop_back();
      }
      if (fields_.size() != columns_.count) {
        return make_error(errc::invalid_input, where + ": row has " + std::to_string(fields_.size()) + " fields, the header has " +
                          std::to_string(columns_.count) + "; quote fields that contain " + rows_->form());
      }
      for (std::string& f : fields_) {
        if (first_invalid_utf8(f)) return invalid_utf8(where);
        // A cell a guarded export of paa wrote ('=1+1): its text is the part after the guard.
        if (const std::string_view text = csv_unguarded(f); text.size() != f.size()) f.erase(0, f.size() - text.size());
      }
      if (is_blank(fields_[columns_.query])) continue;

      SourceRecord record;
      record.q = fields_[columns_.query];
      record.origin = where;
      const std::string_view hl = columns_.hl ? trim_ascii(fields_[*columns_.hl]) : std::string_view{};
      const std::string_view gl = columns_.gl ? trim_ascii(fields_[*columns_.gl]) : std::string_view{};
      if (columns_.city) {
        auto city = clean_text(fields_[*columns_.city]);
        if (!city) return make_error(errc::invalid_input, where + ": city: " + city.error().message);
        record.city = std::move(*city);
      }
      if (hl.empty() != gl.empty()) {
        return make_error(errc::invalid_input, where + ": row sets " + (hl.empty() ? "gl" : "hl") + " but not " +
                          (hl.empty() ? "hl" : "gl") +
                          "; set both (this row's own locale) or neither (the job's locales)");
      }
      if (!hl.empty()) record.locale = Locale{std::string(hl), std::string(gl), record.city};
      for (const auto& [index, name] : columns_.attributes) {
        const std::string_view value = trim_ascii(fields_[index]);
        if (value.empty()) continue;
        if (index == columns_.volume) {
          // A volume that reads as a number is kept as the plain number ("1,300" -> "1300").
          record.attrs.volume = parse_volume(value);
          if (record.attrs.volume) {
            record.attrs.fields.emplace_back(name, std::to_string(*record.attrs.volume));
            continue;
          }
        }
        record.attrs.fields.emplace_back(name, std::string(value));
      }
      return std::optional<SourceRecord>(std::move(record));
    }
  }

 private:
  std::string layout() const override {
    if (header_.empty()) return {};
    const auto field = [&](std::size_t i) { return "'" + std::string(trim_ascii(header_[i])) + "'"; };
    std::string out = "queries from " + field(columns_.query) + " (" + rows_->form() + ")";
    if (columns_.hl) out += "; locales from " + field(*columns_.hl) + ", " + field(*columns_.gl);
    if (columns_.city) out += "; cities from " + field(*columns_.city);
    if (columns_.attributes.empty()) return out + "; no other columns";
    out += "; attributes: ";
    for (std::size_t i = 0; i < columns_.attributes.size(); ++i) {
      const auto& [index, name] = columns_.attributes[i];
      out += (i == 0 ? "" : ", ") + name;
      if (index == columns_.volume) out += " (from " + field(index) + ")";
    }
    return out;
  }

  Error invalid_utf8(const std::string& where) const {
    return make_error(errc::invalid_input, where + ": invalid UTF-8; save the file as UTF-8");
  }

  // The header: the first record naming a query column, after at most kMaxTitleLines title
  // lines. Without one, the first record that is not a title line (or the first record) is
  // taken as the header, and its error lists its fields.
  std::optional<Error> read_header() {
    header_read_ = true;
    std::vector<std::string> first;
    std::uint64_t first_line = 0;
    for (std::size_t skipped = 0;; ++skipped) {
      std::uint64_t line = 0;
      auto more = rows_->next(fields_, line);
      if (!more) return more.error();
      if (!*more) {
        if (first_line == 0) {
          return make_error(errc::invalid_input, rows_->where(1) + ": the file is empty; a list needs a header naming the "
                                                                   "query column (q, keyword, ...)");
        }
        fields_ = std::move(first);
        line = first_line;
      } else if (first_line == 0) {
        first = fields_;
        first_line = line;
      }
      if (*more && !names_a_query_column(fields_) && title_line(fields_) && skipped < kMaxTitleLines) continue;
      if (*more && !names_a_query_column(fields_) && skipped >= kMaxTitleLines) {
        fields_ = std::move(first);
        line = first_line;
      }
      // Its names become attribute names in every export (JSON keys, sheet headers).
      for (const std::string& f : fields_) {
        if (first_invalid_utf8(f)) return invalid_utf8(rows_->where(line));
      }
      auto columns = recognise_header(fields_);
      if (!columns) {
        Error e = prefixed(rows_->where(line) + ": ", columns.error());
        e.message += rows_->header_hint();
        return e;
      }
      columns_ = std::move(*columns);
      header_ = fields_;
      return std::nullopt;
    }
  }

  std::unique_ptr<RowReader> rows_;
  bool header_read_ = false;
  std::vector<std::string> fields_;
  std::vector<std::string> header_;
  ListColumns columns_;
};

}  // namespace
}  // namespace detail

char sniff_delimiter(std::string_view sample, char preferred) {
  std::vector<char> candidates{preferred};
  for (const char d : {',', ';', '\t'}) {
    if (d != preferred) candidates.push_back(d);
  }
  char best = 0;
  std::size_t best_fields = 0;
  char widest = preferred;
  std::size_t widest_first = 0;
  for (const char d : candidates) {
    std::stringbuf buf{std::string(sample)};
    CsvRecordReader parser(buf, "", d);
    std::vector<std::string> fields;
    for (std::size_t record = 0; record <= kMaxTitleLines; ++record) {
      std::uint64_t line = 0;
      auto more = parser.next(fields, line);
      if (!more || !*more) break;  // the sample's end may cut a quoted field: what came before counts
      if (record == 0 && fields.size() > widest_first) {
        widest_first = fields.size();
        widest = d;
      }
      if (detail::names_a_query_column(fields)) {
        if (fields.size() > best_fields) {
          best_fields = fields.size();
          best = d;
        }
        break;
      }
      if (!detail::title_line(fields)) break;
    }
  }
  return best != 0 ? best : widest;
}

namespace detail {

Result<std::unique_ptr<QuerySource>> open_query_source(const fs::path& file, std::string_view sheet) {
  const std::string display = file.string();
  const std::string ext = lower_ascii(file.extension().string());
  if (ext != ".txt" && ext != ".csv" && ext != ".tsv" && ext != ".xlsx") {
    return make_error(errc::invalid_input, display + ": unsupported query file type; expected .txt (one query per line), "
                                                     ".csv, .tsv or .xlsx (a header naming the query column)");
  }
  if (ext == ".xlsx") {
    auto opened = XlsxSheet::open(file, sheet);
    if (!opened) return opened.error();
    return std::unique_ptr<QuerySource>(
        std::make_unique<TableSource>(std::make_unique<SheetRows>(std::move(*opened), display)));
  }
  auto text = ListText::open(file);
  if (!text) return text.error();
  if (ext == ".txt") return std::unique_ptr<QuerySource>(std::make_unique<TxtSource>(std::move(*text), display));
  // The delimiter from the first records; then the text again from its start.
  std::string sample;
  std::streambuf& buf = (*text)->buf();
  for (int c = buf.sbumpc(); c != kEof && sample.size() < kSniffBytes; c = buf.sbumpc()) sample.push_back(static_cast<char>(c));
  const char delimiter = sniff_delimiter(sample, ext == ".tsv" ? '\t' : ',');
  (*text)->rewind();
  return std::unique_ptr<QuerySource>(
      std::make_unique<TableSource>(std::make_unique<CsvRows>(std::move(*text), display, delimiter)));
}

}  // namespace detail
}  // namespace paa
