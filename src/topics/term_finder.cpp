#include "paa/topics/term_finder.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace paa::topics {

TermFinder::TermFinder(const text::LanguageTables* tables, TermOptions options)
    : tables_(tables),
      options_(options),
      unigrams_(options.capacity),
      bigrams_(options.capacity),
      trigrams_(options.capacity) {}

TermFinder::Role TermFinder::role(const text::Word& w) const {
  if (w.kind == text::Word::Kind::number) return Role::number;
  if (w.kind == text::Word::Kind::elision) return Role::other;
  if (tables_ != nullptr && (tables_->stop_words.contains(w.match) || tables_->in_list("function", w.match))) {
    return Role::other;
  }
  return Role::content;
}

void TermFinder::add_question(const std::vector<text::Word>& words) {
  ++questions_;
  std::vector<Role> roles;
  roles.reserve(words.size());
  for (const auto& w : words) roles.push_back(role(w));
  // Each question counts a word or n-gram once. Pairs are counted with a number at either end
  // too: a 3-word term is cut into its parts, and "type 2" or "2 diabetes" is such a part.
  std::set<std::string> seen1, seen2, seen3;
  auto inner = [&](std::size_t i) { return roles[i] == Role::content || roles[i] == Role::number; };
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (roles[i] == Role::content) seen1.insert(words[i].match);
    if (i + 1 < words.size() && inner(i) && inner(i + 1) &&
        (roles[i] == Role::content || roles[i + 1] == Role::content)) {
      seen2.insert(words[i].match + " " + words[i + 1].match);
    }
    if (i + 2 < words.size() && roles[i] == Role::content && inner(i + 1) && roles[i + 2] == Role::content) {
      seen3.insert(words[i].match + " " + words[i + 1].match + " " + words[i + 2].match);
    }
  }
  for (const auto& k : seen1) unigrams_.add(k);
  for (const auto& k : seen2) bigrams_.add(k);
  for (const auto& k : seen3) trigrams_.add(k);
}

namespace {

// Normalised PMI of two parts seen in `a` and `b` questions, together in `ab`, of `n`.
double npmi(std::uint64_t ab, std::uint64_t a, std::uint64_t b, std::uint64_t n) {
  // Space-Saving counts are upper bounds: a part is never rarer than the whole.
  a = std::max(a, ab);
  b = std::max(b, ab);
  if (ab >= n) return 1.0;
  const double p_ab = static_cast<double>(ab) / static_cast<double>(n);
  const double pmi = std::log(p_ab / ((static_cast<double>(a) / static_cast<double>(n)) *
                                      (static_cast<double>(b) / static_cast<double>(n))));
  return pmi / -std::log(p_ab);
}

}  // namespace

std::vector<Term> TermFinder::terms() const {
  std::vector<Term> found;
  std::vector<const Term*> triples;
  // A kept n-gram's count is an upper bound and count - error a lower one: the whole is taken at
  // its lower bound and its parts at their upper ones, so a count a Space-Saving counter
  // inherited never makes a term, and a part it no longer keeps (count 0) makes none either.
  for (const auto& e : trigrams_.entries()) {
    const std::uint64_t count = e.count - e.error;
    if (count < options_.min_count) continue;
    const auto first = e.key.find(' '), second = e.key.rfind(' ');
    const std::string x = e.key.substr(0, first), z = e.key.substr(second + 1);
    const auto fxy = bigrams_.count(e.key.substr(0, second)), fz = unigrams_.count(z);
    const auto fx = unigrams_.count(x), fyz = bigrams_.count(e.key.substr(first + 1));
    if (fxy == 0 || fz == 0 || fx == 0 || fyz == 0) continue;
    const double association = std::min(npmi(count, fxy, fz, questions_), npmi(count, fx, fyz, questions_));
    if (association >= options_.min_association) found.push_back(Term{e.key, 3, count, association});
  }
  const std::size_t three = found.size();
  for (const auto& e : bigrams_.entries()) {
    const std::uint64_t count = e.count - e.error;
    if (count < options_.min_count) continue;
    const auto space = e.key.find(' ');
    const std::string x = e.key.substr(0, space), y = e.key.substr(space + 1);
    const auto fx = unigrams_.count(x), fy = unigrams_.count(y);
    if (fx == 0 || fy == 0) continue;  // a number at an end (a part, not a term), or a part not kept
    const double association = npmi(count, fx, fy, questions_);
    if (association < options_.min_association) continue;
    const bool inside = std::any_of(found.begin(), found.begin() + static_cast<std::ptrdiff_t>(three), [&](const Term& t) {
      const bool part = t.text.starts_with(e.key + " ") || t.text.ends_with(" " + e.key);
      return part && static_cast<double>(t.count) >= 0.9 * static_cast<double>(count);
    });
    if (!inside) found.push_back(Term{e.key, 2, count, association});
  }
  std::sort(found.begin(), found.end(), [](const Term& a, const Term& b) {
    return a.count != b.count ? a.count > b.count : a.text < b.text;
  });
  return found;
}

}  // namespace paa::topics
