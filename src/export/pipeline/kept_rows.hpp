#pragma once
// Internal: the kept analysis's rows and groups as bytes (docs/store.md "The kept analysis"):
// each unique question joined with its group and its topic's number, and each group without its
// stems, written into zstd streams in their order and read back once, front to back. Pure
// layout; kept_analysis.cpp names the files and keeps them.
#include "paa/error.hpp"
#include "paa/export/question_rows.hpp"
#include "paa/extmem/kept_file_writer.hpp"
#include "paa/extmem/scratch_file.hpp"
#include "paa/extmem/zstd_file.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace paa::exporting::kept {

// A row: the question's numbers and texts, its group's, its topic's number.
void put_row(std::string& out, const analysis::UniqueQuestion& q, const topics::QuestionGroup& g, std::uint32_t topic);
// `rows` rows from where `in` stands (a frame's start: kept_lookup.hpp), whatever follows them.
// Without a map (null), each row's topic is its number alone (no id, no label).
Result<void> read_some_rows(extmem::ZstdFileReader& in, std::uint64_t rows, const topics::TopicMap* map,
                            const QuestionRowVisit& visit);
// A group: its numbers, its language and its representative.
void put_group(std::string& out, const topics::GroupRecord& g);

// `rows` rows, each visited with its topic's id and label from `map` (null: its number alone);
// store_damaged when the stream holds fewer or more, or names a topic `map` has not.
Result<void> read_rows(extmem::ZstdFileReader& in, std::uint64_t rows, const topics::TopicMap* map,
                       const QuestionRowVisit& visit);
// `groups` groups (without stems and surfaces).
Result<void> read_groups(extmem::ZstdFileReader& in, std::uint64_t groups, const GroupVisit& visit);
// The answer domains as one small file: their count, the answers with a source, then each
// domain's kind, figures, topics and name; and back (store_damaged when it is not whole).
std::string domains_bytes(const DomainFigures& figures);
Result<DomainFigures> parse_domains(std::string_view bytes);
// The markets compared as one file: the locales (hl, gl, city), then the cells as an array,
// copied from the figures' file without holding them; and back, the cells left in the file
// (store_damaged when it is not whole, or a cell names a locale it has not).
Result<void> write_markets(extmem::KeptFileWriter& out, const MarketFigures& figures);
Result<MarketFigures> open_markets(std::shared_ptr<const extmem::ScratchFile> file);
// The next group into `g` (its texts in `row`, valid until the next call).
Result<void> read_group(extmem::ZstdFileReader& in, std::string& row, topics::GroupRecord& g);

}  // namespace paa::exporting::kept
