#include "paa/topics/topic_links.hpp"

#include "paa/topics/answer_page.hpp"

#include "paa/question/field_hash.hpp"

namespace paa::topics {

Result<std::unique_ptr<TopicLinks>> TopicLinks::create() {
  auto file = extmem::ScratchFile::create("paa-topic-links");
  if (!file) return file.error();
  return std::unique_ptr<TopicLinks>(new TopicLinks(std::move(*file)));
}

Result<void> TopicLinks::begin_question(std::string_view, std::uint64_t index) {
  question_ = index;
  return {};
}

Result<void> TopicLinks::occurrence(const analysis::Occurrence& o) {
  TopicLink link;
  link.question = question_;
  link.tree = o.tree;
  link.position = o.position;
  link.parent = o.parent;
  if (!o.url.empty()) {
    const std::string page = answer_page(o.url);
    if (!page.empty()) link.page = question::FieldHash().add(page).value() | 1;  // never 0
  }
  file_->out().append({reinterpret_cast<const char*>(&link), sizeof link});
  ++records_;
  if (file_->out().failed()) return *file_->out().error();
  return {};
}

Result<const extmem::ScratchFile*> TopicLinks::file() {
  if (auto flushed = file_->flush(); !flushed) return flushed.error();
  return file_.get();
}

}  // namespace paa::topics
