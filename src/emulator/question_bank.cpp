#include "paa/emulator/question_bank.hpp"

#include <array>
#include <vector>

namespace paa::emulator {
namespace {

// Shapes of questions as people ask them (the corpus of tests/fixtures/questions/ and the PAA
// boxes it came from): an opening, then the subject as a noun phrase.
constexpr std::string_view en_shapes[] = {
    "What {be} {s}?",          "How {do} {s} work?",
    "{Be} {s} worth it?",      "Why {be} {s} so expensive?",
    "What are the benefits of {s}?", "How much {do} {s} cost?",
    "What {be} the best {s}?", "What can I use instead of {s}?",
    "How do I choose the right {s}?", "{Be} {s} good for you?",
    "What are the disadvantages of {s}?", "Who makes the best {s}?",
    "{Be} {s} safe?",          "How long {do} {s} last?"};
constexpr std::string_view en_modifiers[] = {"{q}", "{q} at home", "{q} for beginners", "cheap {q}", "organic {q}",
                                             "{q} in 2024"};
constexpr std::string_view en_openings[] = {"what", "which", "who", "whom", "whose", "where", "when", "why", "how",
                                            "much", "many", "long", "often", "far", "is", "are", "was", "were",
                                            "do", "does", "did", "can", "could", "should", "would", "will", "may",
                                            "might", "must", "i", "you", "we", "they", "it", "there", "the", "a",
                                            "an", "to", "of",
                                            "my", "your",
                                            // "how to make cold brew" asks about cold brew
                                            "make", "use", "get", "choose", "find", "clean", "store", "buy",
                                            // "best espresso machine" about espresso machines
                                            "best"};

constexpr std::string_view es_shapes[] = {
    "¿Qué es {s}?", "¿Cómo funciona {s}?", "¿Vale la pena {s}?", "¿Por qué es tan caro {s}?",
    "¿Cuáles son los beneficios de {s}?", "¿Cuánto cuesta {s}?", "¿Cuál es el mejor {s}?",
    "¿Qué puedo usar en lugar de {s}?", "¿Cómo elegir {s}?", "¿Es bueno {s} para la salud?",
    "¿Cuáles son las desventajas de {s}?", "¿Quién fabrica el mejor {s}?", "¿Es seguro {s}?",
    "¿Cuánto tiempo dura {s}?"};
constexpr std::string_view es_modifiers[] = {"{q}", "{q} en casa", "{q} para principiantes", "{q} barato",
                                             "{q} ecológico", "{q} en España"};
constexpr std::string_view es_openings[] = {"qué", "que", "cuál", "cuáles", "quién", "quiénes", "dónde", "cuándo",
                                            "por", "cómo", "cuánto", "cuánta", "cuántos", "cuántas", "es", "son",
                                            "se", "puede", "puedo", "el", "la", "los", "las", "un", "una", "de"};

constexpr std::string_view de_shapes[] = {
    "Was ist {s}?", "Wie funktioniert {s}?", "Lohnt sich {s}?", "Warum ist {s} so teuer?",
    "Welche Vorteile hat {s}?", "Wie viel kostet {s}?", "Welches {s} ist das beste?",
    "Was kann man statt {s} verwenden?", "Wie wählt man {s} richtig aus?", "Ist {s} gesund?",
    "Welche Nachteile hat {s}?", "Wer stellt das beste {s} her?", "Ist {s} sicher?", "Wie lange hält {s}?"};
constexpr std::string_view de_modifiers[] = {"{q}", "{q} zu Hause", "{q} für Anfänger", "günstiges {q}",
                                             "{q} aus Österreich", "{q} im Test"};
constexpr std::string_view de_openings[] = {"was", "wie", "wo", "wer", "warum", "wann", "welche", "welcher",
                                            "welches", "wieviel", "viel", "lange", "ist", "sind", "kann", "man",
                                            "lohnt", "sich", "der", "die", "das", "ein", "eine"};

constexpr std::string_view fr_shapes[] = {
    "Qu'est-ce que {s} ?", "Comment fonctionne {s} ?", "Est-ce que {s} vaut le coup ?",
    "Pourquoi {s} est-il si cher ?", "Quels sont les bienfaits de {s} ?", "Combien coûte {s} ?",
    "Quel est le meilleur {s} ?", "Que peut-on utiliser à la place de {s} ?", "Comment bien choisir {s} ?",
    "Est-ce que {s} est bon pour la santé ?", "Quels sont les inconvénients de {s} ?",
    "Qui fabrique le meilleur {s} ?", "Est-ce que {s} est sans danger ?", "Combien de temps dure {s} ?"};
constexpr std::string_view fr_modifiers[] = {"{q}", "{q} à la maison", "{q} pour débutants", "{q} pas cher",
                                             "{q} bio", "{q} en France"};
constexpr std::string_view fr_openings[] = {"qu'est-ce", "que", "qu'", "qui", "quoi", "où", "quand", "pourquoi",
                                            "comment", "combien", "quel", "quelle", "quels", "quelles", "est-ce",
                                            "est", "le", "la", "les", "l'", "un", "une", "de", "du", "des"};

const QuestionBank banks[] = {{en_shapes, en_modifiers, en_openings},
                              {es_shapes, es_modifiers, es_openings},
                              {de_shapes, de_modifiers, de_openings},
                              {fr_shapes, fr_modifiers, fr_openings}};

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

bool same_ascii_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && same_ascii_case(text.substr(0, prefix.size()), prefix);
}
bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && same_ascii_case(text.substr(text.size() - suffix.size()), suffix);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string fill_in(std::string_view text, std::string_view token, std::string_view value) {
  std::string out;
  std::size_t pos = 0;
  for (std::size_t hit; (hit = text.find(token, pos)) != std::string_view::npos; pos = hit + token.size()) {
    out.append(text.substr(pos, hit - pos));
    out.append(value);
  }
  out.append(text.substr(pos));
  return out;
}

// English agreement: "running shoes" are, "french press" and "espresso vs latte" is.
bool plural(std::string_view subject) {
  const std::string_view word = subject.substr(subject.find_last_of(' ') + 1);
  if (word.size() <= 3 || lower(word.back()) != 's') return false;
  const std::string_view two = word.substr(word.size() - 2);
  return !same_ascii_case(two, "ss") && !same_ascii_case(two, "us") && !same_ascii_case(two, "is");
}

std::string agreed(std::string_view shape, bool many) {
  std::string s = fill_in(shape, "{be}", many ? "are" : "is");
  s = fill_in(s, "{Be}", many ? "Are" : "Is");
  return fill_in(s, "{do}", many ? "do" : "does");
}

// Where a question's closing mark starts: " ?" (French) or "?"; its size from the end.
std::size_t closing(std::string_view shape) {
  if (shape.ends_with(" ?")) return 2;
  if (shape.ends_with("?")) return 1;
  return 0;
}

}  // namespace

std::optional<QuestionStyle> parse_question_style(std::string_view name) {
  if (name == "natural") return QuestionStyle::natural;
  if (name == "legacy") return QuestionStyle::legacy;
  return std::nullopt;
}

const QuestionBank& question_bank(std::string_view hl) {
  const std::string_view primary = hl.substr(0, hl.find_first_of("-_"));
  if (same_ascii_case(primary, "es")) return banks[1];
  if (same_ascii_case(primary, "de")) return banks[2];
  if (same_ascii_case(primary, "fr")) return banks[3];
  return banks[0];
}

std::string natural_question(std::string_view shape, std::string_view subject, std::string_view modifier) {
  const std::size_t at = modifier.find("{q}");
  const std::string_view before = at == std::string_view::npos ? std::string_view() : modifier.substr(0, at);
  const std::string_view after = at == std::string_view::npos ? std::string_view() : modifier.substr(at + 3);
  // A subject already narrowed by this word keeps it once ("cheap espresso", not "cheap cheap ...").
  const bool narrowed = !before.empty() && starts_with(subject, before);
  const std::string phrase = (narrowed ? std::string() : std::string(before)) + std::string(subject);
  std::string out = fill_in(agreed(shape, plural(phrase)), "{s}", phrase);
  // A phrase after the subject closes the question: "How long does espresso last at home?".
  out.insert(out.size() - closing(out), after);
  return out;
}

std::string question_subject(std::string_view query, std::string_view hl) {
  const std::string_view q = trim(query);
  const QuestionBank& bank = question_bank(hl);
  // The shape (and modifier) that matches with the most literal text: "What is the best {s}?"
  // before "What is {s}?".
  std::string_view best;
  std::size_t best_literal = 0;
  for (const std::string_view shape : bank.shapes) {
    for (const bool many : {false, true}) {
      const std::string s = agreed(shape, many);
      const std::size_t at = s.find("{s}");
      const std::string_view pre = std::string_view(s).substr(0, at);
      const std::string_view post = std::string_view(s).substr(at + 3);
      if (!starts_with(q, pre)) continue;
      const std::size_t end = closing(post);
      for (const std::string_view modifier : bank.modifiers) {
        const std::string_view after = modifier.substr(modifier.find("{q}") + 3);
        const std::string tail =
            std::string(post.substr(0, post.size() - end)) + std::string(after) + std::string(post.substr(post.size() - end));
        if (q.size() <= pre.size() + tail.size() || !ends_with(q, tail)) continue;
        const std::size_t literal = pre.size() + tail.size();
        if (literal > best_literal) {
          best_literal = literal;
          best = trim(q.substr(pre.size(), q.size() - pre.size() - tail.size()));
        }
      }
    }
  }
  if (!best.empty()) return std::string(best);
  // Another question: its words after the opening words, without its marks.
  std::string_view rest = q;
  const bool asked = rest.find('?') != std::string_view::npos || rest.starts_with("¿");
  if (rest.starts_with("¿")) rest.remove_prefix(std::string_view("¿").size());
  while (!rest.empty() && (rest.back() == '?' || rest.back() == ' ')) rest.remove_suffix(1);
  bool opened = false;
  while (!rest.empty()) {
    const std::size_t space = rest.find(' ');
    const std::string_view word = rest.substr(0, space);
    // Any language's openings: a list asks English questions in every locale it names.
    bool opening = false;
    for (const QuestionBank& any : banks) {
      for (const std::string_view o : any.openings) opening = opening || same_ascii_case(word, o);
    }
    if (!opening || space == std::string_view::npos) break;
    opened = true;
    rest = trim(rest.substr(space + 1));
  }
  if (!asked && !opened) return std::string(q);  // a keyword: itself
  return std::string(rest.empty() ? q : rest);
}

}  // namespace paa::emulator
