#include "paa/export/xlsx/xlsx_workbook.hpp"

#include "paa/model/clock.hpp"

#include "paa/export/attributes.hpp"

#include "paa/export/stored_tree.hpp"
#include "paa/extmem/record_spill.hpp"
#include "paa/extmem/scratch_file.hpp"
#include "paa/export/xlsx/sheet_pager.hpp"
#include "paa/question/question_type.hpp"

#include <xlsxwriter.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <string>
#include <utility>

namespace paa::exporting {

namespace {

struct Column {
  const char* header;
  double width;
};

// The `csv` export's columns (its lineage ones included, after the question's), then fetched_at.
constexpr std::array<Column, 15> kTreeColumns{{{"q", 28}, {"hl", 5}, {"gl", 5}, {"city", 14},
                                               {"depth", 7}, {"position", 9}, {"parent", 45},
                                               {"question", 60}, {"answer", 80}, {"url", 40},
                                               {"title", 40}, {"level", 7}, {"parent_q", 28},
                                               {"seed_q", 28}, {"fetched_at", 20}}};
constexpr std::array<Column, 17> kQuestionColumns{{{"question", 60}, {"answer", 80}, {"url", 40},
                                                   {"title", 40}, {"count", 8}, {"first_q", 28},
                                                   {"first_hl", 8}, {"first_gl", 8},
                                                   {"first_city", 14}, {"type", 11}, {"intent", 13},
                                                   {"variant_of", 60}, {"group_count", 12},
                                                   {"seeds", 8}, {"locales", 8}, {"topic", 18},
                                                   {"topic_label", 30}}};
// As the `topics` export's columns (topics_csv.hpp).
constexpr std::array<Column, 8> kTopicColumns{{{"topic", 18}, {"label", 30}, {"hl", 5}, {"questions", 10},
                                               {"groups", 8}, {"trees", 8}, {"representative", 60},
                                               {"top_questions", 120}}};
// As the `topic-changes` export's columns (topics_export.hpp), all of them: the sheet and the csv
// cannot drift apart.
constexpr std::array<Column, 13> kTopicChangeColumns{{{"change", 9}, {"topic", 18}, {"label", 30},
                                                      {"from_topic", 18}, {"into_topic", 18}, {"trees_before", 12},
                                                      {"trees", 8}, {"questions_before", 16}, {"questions", 10},
                                                      {"groups_before", 13}, {"groups", 8}, {"volume_before", 13},
                                                      {"volume", 10}}};
// As the `related` export's columns, then the key's lineage.
constexpr std::array<Column, 9> kRelatedColumns{{{"q", 28}, {"hl", 5}, {"gl", 5}, {"city", 14}, {"position", 9},
                                                 {"related", 45}, {"level", 7}, {"parent_q", 28}, {"seed_q", 28}}};

// As the `stability` export's columns (stability_export.hpp), then the key's lineage, then
// `owner` with --domain.
constexpr std::array<Column, 15> kStabilityColumns{{{"q", 28}, {"hl", 5}, {"gl", 5}, {"city", 14},
                                                    {"question", 60}, {"first_seen", 20}, {"last_seen", 20},
                                                    {"versions_seen", 13}, {"versions", 9}, {"present_now", 12},
                                                    {"status", 13}, {"level", 7}, {"parent_q", 28},
                                                    {"seed_q", 28}, {"owner", 11}}};
// As the `domains` export's columns (domains_csv.hpp), then `yours` with --domain.
constexpr std::array<Column, 7> kDomainColumns{{{"domain", 30}, {"answers", 9}, {"share", 9}, {"questions", 10},
                                                {"keys", 8}, {"topics", 8}, {"yours", 7}}};

constexpr int kMaxIndent = 15;  // Excel's indent levels in the format dialog

// The lineage columns' cells of one key's rows, worked out once per key.
struct LineageCells {
  std::string key;  // the encoded key they are of
  double level = 0;
  std::string parent;  // "" at level 0
  std::string seed;
};

void fill_lineage(LineageCells& cells, const StoredResult& r, const ExportLineage& lineage) {
  const KeySpelling row = spelling_of(r);
  cells.key = r.key;
  cells.level = lineage.level;
  cells.parent = lineage.parent ? lineage_cell_text(*lineage.parent, row) : std::string();
  cells.seed = lineage_cell_text(lineage.seed, row);
}

// "Unique questions"' and "Topics"' columns, as the csv exports': with the seeds' volumes,
// `volume` and `group_volume` after first_city, and a topic's `volume` after trees.
constexpr std::size_t kQuestionVolumeAt = 9, kTopicVolumeAt = 6;
std::vector<Column> question_columns(bool volumes, bool own_domains) {
  std::vector<Column> columns(kQuestionColumns.begin(), kQuestionColumns.end());
  if (volumes) columns.insert(columns.begin() + kQuestionVolumeAt, {{"volume", 10}, {"group_volume", 13}});
  if (own_domains) columns.push_back({"owner", 12});
  return columns;
}
std::vector<Column> topic_columns(bool volumes) {
  std::vector<Column> columns(kTopicColumns.begin(), kTopicColumns.end());
  if (volumes) columns.insert(columns.begin() + kTopicVolumeAt, Column{"volume", 10});
  return columns;
}

// The tree sheet's columns: the fixed ones, then an attribute's each (`headers` must outlive them).
std::vector<Column> tree_columns_with(const std::vector<std::string>& headers) {
  std::vector<Column> columns(kTreeColumns.begin(), kTreeColumns.end());
  for (const auto& h : headers) columns.push_back({h.c_str(), 14});
  return columns;
}

}  // namespace

// A logical table spread over one or more sheets ("Name", "Name (2)", ...).
struct PagedTable {
  PagedTable(std::string name, const Column* columns, std::size_t count, std::uint32_t rows_per_sheet)
      : pager(std::move(name), rows_per_sheet), cols(columns), ncols(count) {}
  SheetPager pager;
  const Column* cols;
  std::size_t ncols;
  std::vector<lxw_worksheet*> sheets;
  std::vector<std::uint32_t> last_row;   // per sheet
  std::vector<std::size_t> urls;         // hyperlinks written per sheet
  std::uint64_t plain_urls = 0;          // URLs written as text past the per-sheet limit
};

struct XlsxWorkbook::Impl {
  std::filesystem::path file;
  XlsxOptions options;
  std::string tmpdir;
  lxw_workbook* wb = nullptr;
  lxw_format* header = nullptr;
  lxw_format* date = nullptr;
  lxw_format* link = nullptr;
  lxw_format* percent = nullptr;
  std::vector<lxw_format*> indents;  // by depth - 1
  std::vector<std::string> attribute_headers;  // the attr_ columns' names
  std::vector<Column> tree_columns;            // kTreeColumns, then one per attribute
  std::vector<Column> question_columns, topic_columns;  // with volumes or not
  PagedTable tree;
  PagedTable questions;
  PagedTable related;
  PagedTable topics;
  PagedTable topic_changes;
  PagedTable stability;
  PagedTable domains;
  bool related_written = false;
  std::unique_ptr<extmem::RecordSpill> related_spill;
  TreeRows rows;                         // the question rows of each tree (--dedupe)
  LineageCells lineage;                  // the current key's (a key's stability rows follow each other)
  std::string cell;                      // NUL-terminated copy of the current text
  std::optional<Error> error;            // first libxlsxwriter error

  Impl(const XlsxOptions& o)
      : options(o),
        attribute_headers(attribute_columns(o.attributes)),
        tree_columns(tree_columns_with(attribute_headers)),
        question_columns(exporting::question_columns(o.volumes, o.own_domains)),
        topic_columns(exporting::topic_columns(o.volumes)),
        tree(std::string(kTreeSheet), tree_columns.data(), tree_columns.size(), o.rows_per_sheet),
        questions(std::string(kQuestionsSheet), question_columns.data(), question_columns.size(), o.rows_per_sheet),
        related(std::string(kRelatedSheet), kRelatedColumns.data(), kRelatedColumns.size(),
                o.rows_per_sheet),
        topics(std::string(kTopicsSheet), topic_columns.data(), topic_columns.size(), o.rows_per_sheet),
        topic_changes(std::string(kTopicChangesSheet), kTopicChangeColumns.data(), kTopicChangeColumns.size(),
                      o.rows_per_sheet),
        stability(std::string(kStabilitySheet), kStabilityColumns.data(),
                  kStabilityColumns.size() - (o.own_domains ? 0 : 1), o.rows_per_sheet),
        domains(std::string(kDomainsSheet), kDomainColumns.data(), kDomainColumns.size() - (o.own_domains ? 0 : 1),
                o.rows_per_sheet),
        rows(o.dedupe) {}

  ~Impl() {
    if (wb != nullptr) lxw_workbook_free(wb);  // abandoned: frees it and its temp files, writes nothing
  }

  void check(lxw_error err, const char* what) {
    if (err == LXW_NO_ERROR || error) return;
    error = make_error(errc::io, "cannot write " + file.string() + " (" + what + "): " + lxw_strerror(err));
  }

  lxw_worksheet* add_sheet(PagedTable& t) {
    const auto index = static_cast<std::uint32_t>(t.sheets.size());
    const std::string name = t.pager.sheet_name(index);
    lxw_worksheet* ws = workbook_add_worksheet(wb, name.c_str());
    if (ws == nullptr) {
      if (!error) error = make_error(errc::io, "cannot add sheet '" + name + "' to " + file.string());
      return nullptr;
    }
    for (std::size_t c = 0; c < t.ncols; ++c) {
      const auto col = static_cast<lxw_col_t>(c);
      check(worksheet_set_column(ws, col, col, t.cols[c].width, nullptr), "column width");
      check(worksheet_write_string(ws, 0, col, t.cols[c].header, header), "header");
    }
    worksheet_freeze_panes(ws, 1, 0);
    t.sheets.push_back(ws);
    t.last_row.push_back(0);
    t.urls.push_back(0);
    return ws;
  }

  // The About sheet (--title, --logo): the title, when the workbook was made, what each sheet
  // holds; the logo (a PNG) beside the title.
  void add_about() {
    lxw_worksheet* ws = workbook_add_worksheet(wb, std::string(kAboutSheet).c_str());
    if (ws == nullptr) {
      if (!error) error = make_error(errc::io, "cannot add sheet 'About' to " + file.string());
      return;
    }
    lxw_format* big = workbook_add_format(wb);
    format_set_bold(big);
    format_set_font_size(big, 16);
    check(worksheet_set_column(ws, 0, 0, 24, nullptr), "column width");
    check(worksheet_set_column(ws, 1, 1, 90, nullptr), "column width");
    const std::string& title = options.branding.title;
    text(ws, 0, 0, title.empty() ? std::string_view("People Also Ask report") : std::string_view(title), big);
    text(ws, 1, 0, "People Also Ask data harvested with paa; made " + format_utc(unix_now_ms(), "%Y-%m-%d %H:%M UTC"));
    static constexpr std::pair<std::string_view, std::string_view> kSheets[] = {
        {kTreeSheet, "every stored tree's questions in order, with depth, answer, source and lineage"},
        {kQuestionsSheet, "each unique question once: how often it appears, its type, intent, variant group and topic"},
        {kRelatedSheet, "the related searches of each query"},
        {kTopicsSheet, "the topics: clusters of questions asked together"},
        {kTopicChangesSheet, "what each topic did since the analysis before"},
        {kStabilitySheet, "each question of each query over time: stable, new, gone or intermittent"},
        {kDomainsSheet, "who holds the answers: each domain's answers and share"}};
    check(worksheet_write_string(ws, 3, 0, "Sheet", header), "header");
    check(worksheet_write_string(ws, 3, 1, "What it holds", header), "header");
    lxw_row_t row = 4;
    for (const auto& [name, what] : kSheets) {
      text(ws, row, 0, name);
      text(ws, row++, 1, what);
    }
    if (options.branding.logo_type == LogoType::png) {
      lxw_image_options io{};
      io.x_offset = 8;
      io.object_position = LXW_OBJECT_DONT_MOVE_DONT_SIZE;
      check(worksheet_insert_image_buffer_opt(ws, 0, 2, reinterpret_cast<const unsigned char*>(options.branding.logo.data()),
                                              options.branding.logo.size(), &io),
            "logo");
    }
  }

  // The sheet and row of the next data row of `t`.
  std::pair<lxw_worksheet*, lxw_row_t> next_row(PagedTable& t) {
    const SheetSlot slot = t.pager.next();
    while (t.sheets.size() <= slot.sheet) {
      if (add_sheet(t) == nullptr) return {nullptr, 0};
    }
    t.last_row[slot.sheet] = slot.row;
    return {t.sheets[slot.sheet], slot.row};
  }

  void text(lxw_worksheet* ws, lxw_row_t row, std::size_t col, std::string_view value,
            lxw_format* format = nullptr) {
    if (value.empty() && format == nullptr) return;  // a blank cell
    cell.assign(excel_cell_text(value));
    check(worksheet_write_string(ws, row, static_cast<lxw_col_t>(col), cell.c_str(), format), "text");
  }

  void number(lxw_worksheet* ws, lxw_row_t row, std::size_t col, double value,
              lxw_format* format = nullptr) {
    check(worksheet_write_number(ws, row, static_cast<lxw_col_t>(col), value, format), "number");
  }

  void url(PagedTable& t, lxw_worksheet* ws, lxw_row_t row, std::size_t col, std::string_view value) {
    if (value.empty()) return;
    const std::size_t sheet = t.sheets.size() - 1;  // rows are only ever written to the newest sheet
    if (excel_hyperlink(value)) {
      if (t.urls[sheet] < kExcelMaxUrlsPerSheet) {
        cell.assign(value);
        const lxw_error err = worksheet_write_url_opt(ws, row, static_cast<lxw_col_t>(col), cell.c_str(),
                                                      link, cell.c_str(), nullptr);
        if (err == LXW_NO_ERROR) {
          ++t.urls[sheet];
          return;
        }
      } else {
        ++t.plain_urls;
      }
    }
    text(ws, row, col, value);
  }

  // The three lineage columns from `col` on.
  void lineage_cells(lxw_worksheet* ws, lxw_row_t row, std::size_t col, const LineageCells& l) {
    number(ws, row, col, l.level);
    text(ws, row, col + 1, l.parent);
    text(ws, row, col + 2, l.seed);
  }

  lxw_format* indent(int depth) {
    const int level = std::clamp(depth - 1, 0, kMaxIndent);
    while (static_cast<int>(indents.size()) <= level) {
      lxw_format* f = workbook_add_format(wb);
      format_set_indent(f, static_cast<uint8_t>(indents.size()));
      indents.push_back(f);
    }
    return indents[static_cast<std::size_t>(level)];
  }
};

XlsxWorkbook::XlsxWorkbook(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
XlsxWorkbook::~XlsxWorkbook() = default;

Result<std::unique_ptr<XlsxWorkbook>> XlsxWorkbook::create(const std::filesystem::path& file,
                                                           const XlsxOptions& options) {
  auto impl = std::make_unique<Impl>(options);
  impl->file = file;
  impl->tmpdir = extmem::temp_folder();
  auto spill = extmem::RecordSpill::create();
  if (!spill) return spill.error();
  impl->related_spill = std::move(*spill);

  lxw_workbook_options wo{};
  wo.constant_memory = LXW_TRUE;
  wo.tmpdir = impl->tmpdir.data();
  impl->wb = workbook_new_opt(file.c_str(), &wo);
  if (impl->wb == nullptr) {
    return make_error(errc::io, "cannot start the workbook " + file.string() +
                      " (libxlsxwriter could not allocate it or its temporary files in '" +
                      impl->tmpdir + "'); set TMPDIR to a writable folder");
  }
  impl->header = workbook_add_format(impl->wb);
  format_set_bold(impl->header);
  impl->date = workbook_add_format(impl->wb);
  format_set_num_format(impl->date, "yyyy-mm-dd hh:mm:ss");
  impl->link = workbook_get_default_url_format(impl->wb);
  impl->percent = workbook_add_format(impl->wb);
  format_set_num_format(impl->percent, "0.00%");
  if (!options.branding.empty()) impl->add_about();
  impl->add_sheet(impl->tree);
  if (impl->error) return *impl->error;
  return std::unique_ptr<XlsxWorkbook>(new XlsxWorkbook(std::move(impl)));
}

Result<void> XlsxWorkbook::add_result(const StoredResult& r, const Envelope& env, const ExportLineage& lineage) {
  Impl& m = *impl_;
  const double fetched = excel_date_serial(r.fetched_at_ms);
  fill_lineage(m.lineage, r, lineage);
  m.rows.walk(env.result.children, [&](const QuestionVisit& v) {
    auto [ws, row] = m.next_row(m.tree);
    if (ws == nullptr) return false;
    m.text(ws, row, 0, r.q);
    m.text(ws, row, 1, r.hl);
    m.text(ws, row, 2, r.gl);
    m.text(ws, row, 3, r.city);
    m.number(ws, row, 4, v.depth);
    m.number(ws, row, 5, v.position);
    m.text(ws, row, 6, v.parent ? std::string_view(v.parent->question) : std::string_view());
    m.text(ws, row, 7, v.node.question, v.depth > 1 ? m.indent(v.depth) : nullptr);
    m.text(ws, row, 8, v.node.answer ? std::string_view(*v.node.answer) : std::string_view());
    m.url(m.tree, ws, row, 9, v.node.url);
    m.text(ws, row, 10, v.node.title);
    m.lineage_cells(ws, row, 11, m.lineage);
    m.number(ws, row, 14, fetched, m.date);
    for (std::size_t i = 0; i < m.options.attributes.size(); ++i) {
      m.text(ws, row, kTreeColumns.size() + i, attribute_value(lineage.attrs, m.options.attributes[i]));
    }
    return true;
  });
  if (m.error) return *m.error;
  if (!env.result.related.empty()) {
    // q, hl, gl, city, the lineage's level, parent_q and seed_q, then the related searches in
    // order; written after the questions.
    const std::string level = std::to_string(lineage.level);
    std::vector<std::string_view> fields{r.q, r.hl, r.gl, r.city, level, m.lineage.parent, m.lineage.seed};
    for (const auto& related : env.result.related) fields.push_back(related);
    m.related_spill->append_all(fields);
  }
  return {};
}

Result<void> XlsxWorkbook::add_question(const analysis::UniqueQuestion& q, const topics::QuestionGroup& g,
                                        const topics::Topic& t, std::optional<watch::Owner> owner) {
  Impl& m = *impl_;
  auto [ws, row] = m.next_row(m.questions);
  if (ws != nullptr) {
    m.text(ws, row, 0, q.question);
    m.text(ws, row, 1, q.answer);
    m.url(m.questions, ws, row, 2, q.url);
    m.text(ws, row, 3, q.title);
    m.number(ws, row, 4, static_cast<double>(q.count));
    m.text(ws, row, 5, q.first_q);
    m.text(ws, row, 6, q.first_hl);
    m.text(ws, row, 7, q.first_gl);
    m.text(ws, row, 8, q.first_city);
    std::size_t c = kQuestionVolumeAt;
    if (m.options.volumes) {
      m.number(ws, row, c++, static_cast<double>(q.volume));
      m.number(ws, row, c++, static_cast<double>(g.volume));
    }
    m.text(ws, row, c++, question::name(g.type));
    m.text(ws, row, c++, question::name(g.intent));
    m.text(ws, row, c++, g.is_representative ? std::string_view() : g.representative);
    m.number(ws, row, c++, static_cast<double>(g.trees));
    m.number(ws, row, c++, static_cast<double>(g.seeds));
    m.number(ws, row, c++, static_cast<double>(g.locales));
    m.text(ws, row, c++, topics::topic_hex(t.id));
    m.text(ws, row, c++, t.label);
    if (owner && m.options.own_domains) m.text(ws, row, c, watch::owner_name(*owner));
  }
  if (m.error) return *m.error;
  return {};
}

Result<void> XlsxWorkbook::add_topic(const topics::Topic& t) {
  Impl& m = *impl_;
  if (m.questions.sheets.empty()) m.add_sheet(m.questions);  // the sheets stay in their order
  auto [ws, row] = m.next_row(m.topics);
  if (ws != nullptr) {
    m.text(ws, row, 0, topics::topic_hex(t.id));
    m.text(ws, row, 1, t.label);
    m.text(ws, row, 2, t.hl);
    m.number(ws, row, 3, static_cast<double>(t.questions));
    m.number(ws, row, 4, static_cast<double>(t.groups));
    m.number(ws, row, 5, static_cast<double>(t.trees));
    std::size_t c = kTopicVolumeAt;
    if (m.options.volumes) m.number(ws, row, c++, static_cast<double>(t.volume));
    m.text(ws, row, c++, t.representative);
    std::string top;
    for (const auto q : t.top_questions) {
      if (!top.empty()) top += " | ";
      top += q;
    }
    m.text(ws, row, c, top);
  }
  if (m.error) return *m.error;
  return {};
}

Result<void> XlsxWorkbook::add_topic_change(const topics::TopicChange& c, std::string_view label) {
  Impl& m = *impl_;
  if (m.questions.sheets.empty()) m.add_sheet(m.questions);  // the sheets stay in their order
  if (m.topics.sheets.empty()) m.add_sheet(m.topics);
  auto [ws, row] = m.next_row(m.topic_changes);
  if (ws != nullptr) {
    m.text(ws, row, 0, topics::trend_word(c));
    m.text(ws, row, 1, topics::topic_hex(c.id));
    m.text(ws, row, 2, label);
    if (c.kind == topics::TopicChangeKind::split) m.text(ws, row, 3, topics::topic_hex(c.other));
    if (c.kind == topics::TopicChangeKind::merged) m.text(ws, row, 4, topics::topic_hex(c.other));
    std::size_t col = 5;
    for (const std::uint64_t v : {c.before.trees, c.after.trees, c.before.questions, c.after.questions, c.before.groups,
                                  c.after.groups, c.before.volume, c.after.volume}) {
      m.number(ws, row, col++, static_cast<double>(v));
    }
  }
  if (m.error) return *m.error;
  return {};
}

Result<void> XlsxWorkbook::add_stability(const StoredResult& key, const watch::QuestionStability& q,
                                         std::optional<watch::Owner> owner, const ExportLineage& lineage) {
  Impl& m = *impl_;
  if (auto written = write_related(); !written) return written;
  if (m.lineage.key != key.key) fill_lineage(m.lineage, key, lineage);
  auto [ws, row] = m.next_row(m.stability);
  if (ws != nullptr) {
    m.text(ws, row, 0, key.q);
    m.text(ws, row, 1, key.hl);
    m.text(ws, row, 2, key.gl);
    m.text(ws, row, 3, key.city);
    m.text(ws, row, 4, q.question);
    m.number(ws, row, 5, excel_date_serial(q.first_seen_ms), m.date);
    m.number(ws, row, 6, excel_date_serial(q.last_seen_ms), m.date);
    m.number(ws, row, 7, q.versions_seen);
    m.number(ws, row, 8, q.versions);
    m.text(ws, row, 9, q.present_now ? "true" : "false");
    m.text(ws, row, 10, watch::stability_status_name(q.status));
    m.lineage_cells(ws, row, 11, m.lineage);
    if (owner && m.options.own_domains) m.text(ws, row, 14, watch::owner_name(*owner));
  }
  if (m.error) return *m.error;
  return {};
}

Result<void> XlsxWorkbook::add_domain(const DomainRowFigures& d) {
  Impl& m = *impl_;
  if (auto written = write_related(); !written) return written;
  if (m.stability.sheets.empty()) m.add_sheet(m.stability);  // the sheets stay in their order
  auto [ws, row] = m.next_row(m.domains);
  if (ws != nullptr) {
    m.text(ws, row, 0, d.domain);
    m.number(ws, row, 1, static_cast<double>(d.answers));
    if (d.share) m.number(ws, row, 2, *d.share, m.percent);
    m.number(ws, row, 3, static_cast<double>(d.questions));
    m.number(ws, row, 4, static_cast<double>(d.keys));
    m.number(ws, row, 5, static_cast<double>(d.topics));
    if (m.options.own_domains) m.text(ws, row, 6, d.yours ? "true" : "false");
  }
  if (m.error) return *m.error;
  return {};
}

Result<void> XlsxWorkbook::write_related() {
  Impl& m = *impl_;
  if (m.related_written) return {};
  m.related_written = true;
  if (m.questions.sheets.empty()) m.add_sheet(m.questions);
  if (m.topics.sheets.empty()) m.add_sheet(m.topics);
  if (m.topic_changes.sheets.empty()) m.add_sheet(m.topic_changes);
  m.add_sheet(m.related);
  if (auto sealed = m.related_spill->seal(); !sealed) return sealed;
  constexpr std::size_t kFirstRelated = 7;  // the fields add_result spilled before the searches
  m.related_spill->for_each([&](std::span<const std::string_view> f) {
    std::uint32_t level = 0;
    std::from_chars(f[4].data(), f[4].data() + f[4].size(), level);
    for (std::size_t i = kFirstRelated; i < f.size(); ++i) {
      auto [ws, row] = m.next_row(m.related);
      if (ws == nullptr) return;
      m.text(ws, row, 0, f[0]);
      m.text(ws, row, 1, f[1]);
      m.text(ws, row, 2, f[2]);
      m.text(ws, row, 3, f[3]);
      m.number(ws, row, 4, static_cast<double>(i - kFirstRelated + 1));
      m.text(ws, row, 5, f[i]);
      m.number(ws, row, 6, static_cast<double>(level));
      m.text(ws, row, 7, f[5]);
      m.text(ws, row, 8, f[6]);
    }
  });
  if (m.error) return *m.error;
  return {};
}

Result<void> XlsxWorkbook::close() {
  Impl& m = *impl_;
  if (auto written = write_related(); !written) return written;
  if (m.stability.sheets.empty()) m.add_sheet(m.stability);
  if (m.domains.sheets.empty()) m.add_sheet(m.domains);
  for (PagedTable* t : {&m.tree, &m.questions, &m.topics, &m.topic_changes, &m.related, &m.stability, &m.domains}) {
    for (std::size_t s = 0; s < t->sheets.size(); ++s) {
      m.check(worksheet_autofilter(t->sheets[s], 0, 0, t->last_row[s], static_cast<lxw_col_t>(t->ncols - 1)),
              "autofilter");
    }
  }
  if (m.error) return *m.error;
  lxw_workbook* wb = std::exchange(m.wb, nullptr);
  if (const lxw_error err = workbook_close(wb); err != LXW_NO_ERROR) {
    return make_error(errc::io, "cannot write " + m.file.string() + ": " + lxw_strerror(err) +
                      (err == LXW_ERROR_CREATING_TMPFILE ? "; set TMPDIR to a writable folder with space"
                                                         : "; check free space and the folder's permissions"));
  }
  return {};
}

std::uint64_t XlsxWorkbook::tree_rows() const { return impl_->tree.pager.rows(); }
std::uint64_t XlsxWorkbook::question_rows() const { return impl_->questions.pager.rows(); }
std::uint64_t XlsxWorkbook::related_rows() const { return impl_->related.pager.rows(); }
std::uint64_t XlsxWorkbook::topic_rows() const { return impl_->topics.pager.rows(); }
std::uint64_t XlsxWorkbook::topic_change_rows() const { return impl_->topic_changes.pager.rows(); }
std::uint64_t XlsxWorkbook::stability_sheet_rows() const { return impl_->stability.pager.rows(); }
std::uint64_t XlsxWorkbook::domain_sheet_rows() const { return impl_->domains.pager.rows(); }

std::vector<std::string> XlsxWorkbook::notes() const {
  std::vector<std::string> out;
  const auto data_rows = std::to_string(impl_->options.rows_per_sheet - 1);
  for (const PagedTable* t : {&impl_->tree, &impl_->questions, &impl_->topic_changes, &impl_->related,
                              &impl_->stability, &impl_->domains}) {
    if (t->sheets.size() > 1) {
      std::string names;
      for (std::size_t s = 1; s < t->sheets.size(); ++s) {
        names += (s > 1 ? ", '" : "'") + t->pager.sheet_name(static_cast<std::uint32_t>(s)) + "'";
      }
      out.push_back("'" + t->pager.sheet_name(0) + "' has " + std::to_string(t->pager.rows()) +
                    " rows, more than one sheet holds (" + data_rows +
                    " plus the header); they continue on " + names);
    }
    if (t->plain_urls > 0) {
      out.push_back("'" + t->pager.sheet_name(0) + "': " + std::to_string(t->plain_urls) +
                    " URLs are plain text, not links (Excel allows " +
                    std::to_string(kExcelMaxUrlsPerSheet) + " hyperlinks per sheet)");
    }
  }
  return out;
}

}  // namespace paa::exporting
