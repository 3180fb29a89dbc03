#include "paa/model/csv_records.hpp"

#include <string>

namespace paa {

namespace {
constexpr int kEof = std::char_traits<char>::eof();
}  // namespace

Result<bool> CsvRecordReader::next(std::vector<std::string>& fields, std::uint64_t& start_line) {
  fields.clear();
  if (buf_->sgetc() == kEof) return false;
  start_line = line_;
  std::string field;
  enum class State { field_start, unquoted, quoted, after_quote } state = State::field_start;
  std::uint64_t quote_line = line_;
  for (;;) {
    const int c = buf_->sbumpc();
    if (field.size() > max_field_bytes_) {
      return make_error(errc::invalid_input, display_ + ":" + std::to_string(state == State::quoted ? quote_line : line_) +
                        ": field is longer than " + std::to_string(max_field_bytes_) +
                        " bytes; is a closing quote missing?");
    }
    switch (state) {
      case State::quoted:
        if (c == kEof) {
          return make_error(errc::invalid_input, display_ + ":" + std::to_string(quote_line) +
                            ": quoted field is never closed; add the closing \"");
        }
        if (c == '"') {
          if (buf_->sgetc() == '"') {
            buf_->sbumpc();
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
        if (c != delimiter_ && c != '\n' && c != '\r' && c != kEof) {
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
    if (c == delimiter_) {
      fields.push_back(std::move(field));
      field.clear();
      state = State::field_start;
      continue;
    }
    if (c == kEof || c == '\n' || c == '\r') {
      if (c == '\r' && buf_->sgetc() == '\n') buf_->sbumpc();
      if (c != kEof) ++line_;
      fields.push_back(std::move(field));
      return true;
    }
    field.push_back(static_cast<char>(c));
    state = State::unquoted;
  }
}

}  // namespace paa
