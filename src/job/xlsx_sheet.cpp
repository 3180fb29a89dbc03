#include "xlsx_sheet.hpp"

#include <expat.h>
#include <zip.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>

namespace paa::detail {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kChunk = 64 * 1024;
constexpr std::size_t kMaxColumns = 16'384;         // Excel's last column, XFD
constexpr std::size_t kMaxRowBytes = 1u << 20;      // the text of one row
constexpr std::string_view kSaveAs = "; save it as .xlsx (or as CSV) from a spreadsheet program and try again";

// A limit as a message shows it: "64 MiB", or bytes below one MiB (a test's small limits).
std::string size_text(std::uint64_t bytes) {
  return bytes >= (1u << 20) ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes) + " bytes";
}

// An element's or attribute's name without its namespace prefix ("x:row" -> "row").
std::string_view local_name(const char* name) {
  std::string_view s(name);
  const auto colon = s.rfind(':');
  return colon == std::string_view::npos ? s : s.substr(colon + 1);
}

// The value of the attribute whose name is `name` (with no prefix), or nullptr.
const char* attribute(const char** atts, std::string_view name) {
  for (std::size_t i = 0; atts[i] != nullptr; i += 2) {
    if (std::string_view(atts[i]) == name) return atts[i + 1];
  }
  return nullptr;
}

struct ZipCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};
struct ZipFileCloser {
  void operator()(zip_file_t* f) const { zip_fclose(f); }
};
struct ParserFree {
  void operator()(XML_ParserStruct* p) const { XML_ParserFree(p); }
};

// What has been inflated from the workbook so far, against the limits.
struct Budget {
  const XlsxLimits& limits;
  std::uint64_t total = 0;
};

// One part of the workbook, inflated a chunk at a time under the limits.
class Part {
 public:
  // `cap`: this part's own limit, when lower than entry_bytes (a workbook's small parts).
  static Result<Part> open(zip_t* zip, const std::string& display, const std::string& name, Budget& budget,
                           std::uint64_t cap = ~0ull) {
    zip_stat_t st;
    zip_stat_init(&st);
    const zip_int64_t index = zip_name_locate(zip, name.c_str(), 0);
    if (index < 0 || zip_stat_index(zip, static_cast<zip_uint64_t>(index), 0, &st) != 0) {
      return make_error(errc::invalid_input, display + ": damaged workbook: it has no part '" + name + "'" +
                                                 std::string(kSaveAs));
    }
    if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE) {
      return make_error(errc::invalid_input, display + ": the workbook is password-protected; save it without a "
                                                       "password and try again");
    }
    std::unique_ptr<zip_file_t, ZipFileCloser> file(zip_fopen_index(zip, static_cast<zip_uint64_t>(index), 0));
    if (!file) {
      return make_error(errc::invalid_input, display + ": damaged workbook: cannot read '" + name +
                                                 "': " + zip_strerror(zip) + std::string(kSaveAs));
    }
    Part part(display, name, budget);
    part.file_ = std::move(file);
    part.compressed_ = (st.valid & ZIP_STAT_COMP_SIZE) ? st.comp_size : 0;
    part.cap_ = std::min(cap, budget.limits.entry_bytes);
    return part;
  }

  // Up to `size` more bytes into `out`; 0 at the part's end.
  Result<std::size_t> read(char* out, std::size_t size) {
    const zip_int64_t n = zip_fread(file_.get(), out, size);
    if (n < 0) {
      return make_error(errc::invalid_input, display_ + ": damaged workbook: cannot inflate '" + name_ +
                                                 "': " + zip_file_strerror(file_.get()) + std::string(kSaveAs));
    }
    inflated_ += static_cast<std::uint64_t>(n);
    budget_->total += static_cast<std::uint64_t>(n);
    const XlsxLimits& l = budget_->limits;
    const bool bomb = inflated_ > l.ratio_after && compressed_ > 0 && inflated_ / compressed_ > l.ratio;
    if (inflated_ > cap_ || budget_->total > l.total_bytes || bomb) {
      return make_error(errc::invalid_input,
                        display_ + ": refused: the workbook's part '" + name_ + "' inflates past " +
                            (bomb ? std::to_string(l.ratio) + " times its compressed size"
                                  : inflated_ > cap_ ? size_text(cap_)
                                                              : size_text(l.total_bytes) + " in all") +
                            " (a zip bomb, or no spreadsheet a keyword tool writes); save the list as CSV");
    }
    return static_cast<std::size_t>(n);
  }

  const std::string& name() const { return name_; }

 private:
  Part(std::string display, std::string name, Budget& budget)
      : display_(std::move(display)), name_(std::move(name)), budget_(&budget) {}
  std::string display_;
  std::string name_;
  Budget* budget_;
  std::unique_ptr<zip_file_t, ZipFileCloser> file_;
  std::uint64_t compressed_ = 0;
  std::uint64_t inflated_ = 0;
  std::uint64_t cap_ = 0;
};

// What an XML part's elements do: start, end and text events with names without prefixes.
// A handler may stop the parse for an error (`fail`) or suspend it after an event (`pause`).
class Handler {
 public:
  virtual ~Handler() = default;
  virtual void start(std::string_view name, const char** atts) = 0;
  virtual void end(std::string_view name) = 0;
  virtual void text(std::string_view) {}

  XML_Parser parser = nullptr;
  std::string error;  // why the handler stopped the parse
  void fail(std::string why) {
    if (error.empty()) error = std::move(why);
    XML_StopParser(parser, XML_FALSE);
  }
  void pause() { XML_StopParser(parser, XML_TRUE); }
};

// An XML part streamed through expat, a chunk at a time. A document type declaration is
// refused outright: no part of a workbook has one, and it is where entity expansion (the
// "billion laughs") would begin.
class XmlStream {
 public:
  XmlStream(Part part, Handler& handler, std::string display)
      : part_(std::move(part)), handler_(&handler), display_(std::move(display)), buf_(kChunk) {
    parser_.reset(XML_ParserCreate(nullptr));
    if (!parser_) throw std::bad_alloc();
    handler.parser = parser_.get();
    XML_SetUserData(parser_.get(), &handler);
    XML_SetElementHandler(
        parser_.get(),
        [](void* h, const XML_Char* name, const XML_Char** atts) { static_cast<Handler*>(h)->start(local_name(name), atts); },
        [](void* h, const XML_Char* name) { static_cast<Handler*>(h)->end(local_name(name)); });
    XML_SetCharacterDataHandler(parser_.get(), [](void* h, const XML_Char* s, int len) {
      static_cast<Handler*>(h)->text(std::string_view(s, static_cast<std::size_t>(len)));
    });
    XML_SetStartDoctypeDeclHandler(parser_.get(), [](void* h, const XML_Char*, const XML_Char*, const XML_Char*, int) {
      static_cast<Handler*>(h)->fail("declares a document type (<!DOCTYPE>), which no workbook part has: refused, as "
                                     "its entities could expand without bound");
    });
    XML_SetEntityDeclHandler(parser_.get(), [](void* h, const XML_Char*, int, const XML_Char*, int, const XML_Char*,
                                               const XML_Char*, const XML_Char*, const XML_Char*) {
      static_cast<Handler*>(h)->fail("declares an entity: refused");
    });
  }

  // Parses until the handler pauses (true) or the part ends (false).
  Result<bool> pump() {
    for (;;) {
      XML_Status status;
      if (suspended_) {
        suspended_ = false;
        status = XML_ResumeParser(parser_.get());
      } else {
        if (done_) return false;
        auto n = part_.read(buf_.data(), buf_.size());
        if (!n) return n.error();
        final_ = *n == 0;
        status = XML_Parse(parser_.get(), buf_.data(), static_cast<int>(*n), final_ ? XML_TRUE : XML_FALSE);
      }
      if (status == XML_STATUS_ERROR) {
        const auto line = std::to_string(XML_GetCurrentLineNumber(parser_.get()));
        if (!handler_->error.empty()) {
          return make_error(errc::invalid_input, display_ + ": the workbook's part '" + part_.name() + "' (line " + line +
                                                     ") " + handler_->error);
        }
        return make_error(errc::invalid_input, display_ + ": damaged workbook: '" + part_.name() + "' line " + line + ": " +
                                                   XML_ErrorString(XML_GetErrorCode(parser_.get())) +
                                                   std::string(kSaveAs));
      }
      if (status == XML_STATUS_SUSPENDED) {
        suspended_ = true;
        return true;
      }
      if (final_) {
        done_ = true;
        return false;
      }
    }
  }

 private:
  Part part_;
  Handler* handler_;
  std::string display_;
  std::unique_ptr<XML_ParserStruct, ParserFree> parser_;
  std::vector<char> buf_;
  bool suspended_ = false;
  bool final_ = false;
  bool done_ = false;
};

// xl/workbook.xml: the sheets, in order, with their relationship ids.
struct WorkbookHandler final : Handler {
  std::vector<std::pair<std::string, std::string>> sheets;  // name, r:id
  void start(std::string_view name, const char** atts) override {
    if (name != "sheet") return;
    std::string sheet_name, id;
    for (std::size_t i = 0; atts[i] != nullptr; i += 2) {
      const std::string_view a(atts[i]);
      if (a == "name") sheet_name = atts[i + 1];
      if (a.size() > 3 && a.ends_with(":id")) id = atts[i + 1];
    }
    sheets.emplace_back(std::move(sheet_name), std::move(id));
  }
  void end(std::string_view) override {}
};

// xl/_rels/workbook.xml.rels: where each sheet and the shared strings are.
struct RelsHandler final : Handler {
  std::vector<std::array<std::string, 2>> targets;  // id, target
  std::string shared_strings;
  void start(std::string_view name, const char** atts) override {
    if (name != "Relationship") return;
    const char* id = attribute(atts, "Id");
    const char* type = attribute(atts, "Type");
    const char* target = attribute(atts, "Target");
    if (id == nullptr || target == nullptr) return;
    targets.push_back({id, target});
    if (type != nullptr && std::string_view(type).ends_with("/sharedStrings")) shared_strings = target;
  }
  void end(std::string_view) override {}
};

// A relationship's target as a part name: relative to xl/, or absolute from the root.
std::string part_of(std::string_view target) {
  if (target.starts_with('/')) return std::string(target.substr(1));
  return "xl/" + std::string(target);
}

// xl/sharedStrings.xml: each <si>'s text (its <t>, or its runs' <t>s; phonetic runs, <rPh>, are
// readings and not part of it), in one arena within the budget.
struct SharedStringsHandler final : Handler {
  std::uint64_t budget = 0;
  std::string arena;
  std::vector<std::uint64_t> ends;  // where each string ends in the arena
  int in_si = 0, in_t = 0, in_rph = 0;
  void start(std::string_view name, const char**) override {
    if (name == "si") ++in_si;
    if (name == "rPh") ++in_rph;
    if (name == "t") ++in_t;
  }
  void end(std::string_view name) override {
    if (name == "t") --in_t;
    if (name == "rPh") --in_rph;
    if (name != "si") return;
    --in_si;
    ends.push_back(arena.size());
    check();
  }
  void text(std::string_view s) override {
    if (in_si > 0 && in_t > 0 && in_rph == 0) {
      arena.append(s);
      check();
    }
  }
  void check() {
    if (arena.size() + ends.size() * sizeof(std::uint64_t) > budget) {
      fail("holds more shared strings than the " + size_text(budget) +
           " they may take in memory; split the list, or save the sheet as CSV");
    }
  }
  std::string_view at(std::size_t i) const {
    const std::uint64_t begin = i == 0 ? 0 : ends[i - 1];
    return std::string_view(arena).substr(begin, ends[i] - begin);
  }
};

// A number as stored, shortened when it carries binary noise ("0.34999999999999998" -> "0.35");
// whole numbers stay as written (beyond 15 digits too).
std::string number_text(const std::string& v) {
  if (v.find_first_of(".eE") == std::string::npos) return v;
  char* end = nullptr;
  const double d = std::strtod(v.c_str(), &end);
  if (end == v.c_str() || *end != '\0') return v;
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%.15g", d);
  return buf.data();
}

// A cell reference's column ("BC12" -> 54), or nullopt.
std::optional<std::size_t> column_of(std::string_view ref) {
  std::size_t col = 0, letters = 0;
  for (const char c : ref) {
    if (c < 'A' || c > 'Z') break;
    col = col * 26 + static_cast<std::size_t>(c - 'A' + 1);
    if (++letters > 3) return std::nullopt;
  }
  if (letters == 0) return std::nullopt;
  return col - 1;
}

// The sheet: rows and cells, a row at a time (the stream pauses after each </row>).
struct SheetHandler final : Handler {
  const SharedStringsHandler* strings = nullptr;
  std::vector<std::string> cells;
  std::uint64_t row = 0;        // the row being read (or last read)
  std::uint64_t row_bytes = 0;
  bool row_ready = false;
  bool in_row = false, in_cell = false, in_value = false, in_inline = false;
  int in_t = 0, in_rph = 0;
  std::size_t next_col = 0;
  std::size_t col = 0;
  std::string type;
  std::string value;

  void start(std::string_view name, const char** atts) override {
    if (name == "row") {
      in_row = true;
      cells.clear();
      row_bytes = 0;
      next_col = 0;
      const char* r = attribute(atts, "r");
      row = r != nullptr ? std::strtoull(r, nullptr, 10) : row + 1;
    } else if (name == "c" && in_row) {
      in_cell = true;
      const char* r = attribute(atts, "r");
      const auto at = r != nullptr ? column_of(r) : std::nullopt;
      col = at.value_or(next_col);
      next_col = col + 1;
      const char* t = attribute(atts, "t");
      type = t != nullptr ? t : "n";
      value.clear();
      if (col >= kMaxColumns) fail("has a cell beyond column XFD in row " + std::to_string(row));
    } else if (in_cell && name == "v") {
      in_value = true;
    } else if (in_cell && name == "is") {
      in_inline = true;
    } else if (in_inline && name == "rPh") {
      ++in_rph;
    } else if (in_inline && name == "t") {
      ++in_t;
    }
  }

  void end(std::string_view name) override {
    if (name == "v") in_value = false;
    if (name == "t" && in_t > 0) --in_t;
    if (name == "rPh" && in_rph > 0) --in_rph;
    if (name == "is") in_inline = false;
    if (name == "c" && in_cell) {
      in_cell = false;
      store_cell();
    }
    if (name == "row" && in_row) {
      in_row = false;
      if (std::any_of(cells.begin(), cells.end(), [](const std::string& c) { return !c.empty(); })) {
        row_ready = true;
        pause();
      }
    }
  }

  void text(std::string_view s) override {
    if (in_value || (in_inline && in_t > 0 && in_rph == 0)) {
      row_bytes += s.size();
      if (row_bytes > kMaxRowBytes) {
        fail("row " + std::to_string(row) + " holds more than " + std::to_string(kMaxRowBytes >> 20) +
             " MiB of text; put one query per row");
        return;
      }
      value.append(s);
    }
  }

  void store_cell() {
    std::string text;
    if (type == "s") {
      char* end = nullptr;
      const unsigned long long i = std::strtoull(value.c_str(), &end, 10);
      if (strings == nullptr || end == value.c_str() || i >= strings->ends.size()) {
        fail("row " + std::to_string(row) + " names shared string " + value + ", which the workbook does not have");
        return;
      }
      text = strings->at(static_cast<std::size_t>(i));
    } else if (type == "b") {
      text = value == "1" ? "TRUE" : "FALSE";
    } else if (type == "n") {
      text = number_text(value);
    } else {
      text = std::move(value);  // inlineStr, str (a formula's text), e (an error, "#N/A")
    }
    if (text.empty()) return;
    if (cells.size() <= col) cells.resize(col + 1);
    cells[col] = std::move(text);
  }
};

// The whole of a small part (workbook.xml, its relationships) through `handler`.
Result<void> parse_part(zip_t* zip, const std::string& display, const std::string& name, Budget& budget,
                        Handler& handler, std::uint64_t cap) {
  auto part = Part::open(zip, display, name, budget, cap);
  if (!part) return part.error();
  XmlStream stream(std::move(*part), handler, display);
  for (;;) {
    auto more = stream.pump();
    if (!more) return more.error();
    if (!*more) return {};
  }
}

// What the file's first bytes say it is: a zip, an OLE compound file (what Excel writes for a
// password-protected workbook, and the old .xls), or something else.
Result<void> check_magic(const fs::path& file, const std::string& display) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    return make_error(errc::invalid_input, display + ": cannot open the query file: " + std::strerror(errno));
  }
  std::array<unsigned char, 8> head{};
  in.read(reinterpret_cast<char*>(head.data()), head.size());
  constexpr std::array<unsigned char, 8> cfb{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1};
  if (in.gcount() == 8 && head == cfb) {
    return make_error(errc::invalid_input, display + ": the workbook is password-protected (or an Excel 97-2003 .xls "
                                                     "file); save it as .xlsx without a password and try again");
  }
  if (in.gcount() < 4 || head[0] != 'P' || head[1] != 'K') {
    return make_error(errc::invalid_input, display + ": not an .xlsx workbook (no zip archive)" + std::string(kSaveAs));
  }
  return {};
}

}  // namespace

struct XlsxSheet::Impl {
  XlsxLimits limits;
  Budget budget{limits};
  std::string display;
  std::string name;
  std::vector<std::string> sheets;
  std::unique_ptr<zip_t, ZipCloser> zip;
  SharedStringsHandler strings;
  SheetHandler sheet;
  std::optional<XmlStream> stream;
};

XlsxSheet::XlsxSheet(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
XlsxSheet::~XlsxSheet() = default;

const std::string& XlsxSheet::name() const { return impl_->name; }
const std::vector<std::string>& XlsxSheet::sheets() const { return impl_->sheets; }

Result<std::unique_ptr<XlsxSheet>> XlsxSheet::open(const fs::path& file, std::string_view sheet,
                                                   const XlsxLimits& limits) {
  const std::string display = file.string();
  if (auto magic = check_magic(file, display); !magic) return magic.error();
  auto impl = std::make_unique<Impl>();
  impl->limits = limits;
  impl->display = display;
  int code = 0;
  impl->zip.reset(zip_open(display.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &code));
  if (!impl->zip) {
    zip_error_t error;
    zip_error_init_with_code(&error, code);
    std::string why = zip_error_strerror(&error);
    zip_error_fini(&error);
    return make_error(errc::invalid_input, display + ": damaged workbook: " + why + std::string(kSaveAs));
  }
  zip_t* zip = impl->zip.get();
  const zip_int64_t entries = zip_get_num_entries(zip, 0);
  if (entries < 0 || static_cast<std::uint64_t>(entries) > limits.entries) {
    return make_error(errc::invalid_input, display + ": refused: the workbook holds " + std::to_string(entries) +
                                               " parts, more than the " + std::to_string(limits.entries) +
                                               " a spreadsheet needs; save the list as CSV");
  }

  WorkbookHandler workbook;
  if (auto r = parse_part(zip, display, "xl/workbook.xml", impl->budget, workbook, limits.small_part_bytes); !r) {
    return r.error();
  }
  RelsHandler rels;
  if (auto r = parse_part(zip, display, "xl/_rels/workbook.xml.rels", impl->budget, rels, limits.small_part_bytes);
      !r) {
    return r.error();
  }
  if (workbook.sheets.empty()) {
    return make_error(errc::invalid_input, display + ": the workbook has no sheet" + std::string(kSaveAs));
  }
  const auto chosen = sheet.empty() ? workbook.sheets.begin()
                                    : std::find_if(workbook.sheets.begin(), workbook.sheets.end(),
                                                   [&](const auto& s) { return s.first == sheet; });
  if (chosen == workbook.sheets.end()) {
    std::string names;
    for (const auto& s : workbook.sheets) names += (names.empty() ? "'" : ", '") + s.first + "'";
    return make_error(errc::invalid_input, display + ": the workbook has no sheet '" + std::string(sheet) +
                                               "' (its sheets: " + names + "); set `sheet` to one of them");
  }
  impl->name = chosen->first;
  for (const auto& s : workbook.sheets) impl->sheets.push_back(s.first);
  const auto target = std::find_if(rels.targets.begin(), rels.targets.end(),
                                   [&](const auto& t) { return t[0] == chosen->second; });
  if (target == rels.targets.end()) {
    return make_error(errc::invalid_input, display + ": damaged workbook: sheet '" + chosen->first +
                                               "' has no part" + std::string(kSaveAs));
  }
  if (!rels.shared_strings.empty()) {
    impl->strings.budget = limits.shared_strings_bytes;
    if (auto r = parse_part(zip, display, part_of(rels.shared_strings), impl->budget, impl->strings,
                            limits.entry_bytes);
        !r) {
      return r.error();
    }
    impl->sheet.strings = &impl->strings;
  }
  auto part = Part::open(zip, display, part_of((*target)[1]), impl->budget);
  if (!part) return part.error();
  impl->stream.emplace(std::move(*part), impl->sheet, display);
  return std::unique_ptr<XlsxSheet>(new XlsxSheet(std::move(impl)));
}

Result<bool> XlsxSheet::next(std::vector<std::string>& cells, std::uint64_t& row) {
  SheetHandler& sheet = impl_->sheet;
  sheet.row_ready = false;
  auto more = impl_->stream->pump();
  if (!more) return more.error();
  if (!*more || !sheet.row_ready) return false;
  cells.swap(sheet.cells);  // the handler clears its own at the next <row>
  row = sheet.row;
  return true;
}

}  // namespace paa::detail
