#include "paa/emulator/tree_generator.hpp"

#include "paa/emulator/rng.hpp"

#include <boost/json.hpp>

#include <array>
#include <span>
#include <vector>

namespace paa::emulator {
namespace {

namespace json = boost::json;

// The legacy style's texts (QuestionStyle::legacy); the natural style takes its questions and
// nested subjects from question_bank.hpp and the rest from here, with the subject for the query.
struct Language {
  std::span<const std::string_view> questions;  // "{q}" is replaced by the topic
  std::span<const std::string_view> topics;     // nested questions narrow the query: "{q}" + modifier
  std::span<const std::string_view> sentences;  // answers; "{Q}" is the capitalised query
  std::span<const std::string_view> related;
  std::span<const std::string_view> titles;
  std::span<const std::string_view> domains;
  std::string_view filler;  // padding for --tree-kb
};

constexpr std::string_view en_questions[] = {
    "What is {q}?", "How does {q} work?", "Is {q} worth it?", "Why is {q} so popular?",
    "What are the benefits of {q}?", "How much does {q} cost?", "Where can I find the best {q}?",
    "What is the difference between {q} and the alternatives?", "How do you choose {q}?",
    "Can you use {q} every day?", "What are common mistakes with {q}?", "Who invented {q}?",
    "Is {q} bad for you?", "How long does {q} last?"};
constexpr std::string_view en_topics[] = {"{q}", "{q} at home", "{q} for beginners", "cheap {q}",
                                          "organic {q}", "{q} in 2024"};
constexpr std::string_view en_sentences[] = {
    "{Q} is one of the most searched topics of the year.",
    "Experts recommend comparing several options before deciding.",
    "Prices vary widely depending on quality and region.",
    "Most people notice a difference within a few weeks.",
    "According to recent surveys, about 60% of users are satisfied.",
    "It’s best to start small and adjust over time.",
    "The café-style version is especially popular — and it’s easy to make."};
constexpr std::string_view en_related[] = {
    "{q} near me", "best {q}", "{q} price", "{q} reviews", "how to use {q}", "cheap {q}",
    "{q} for beginners", "{q} benefits", "{q} recipe", "is {q} healthy"};
constexpr std::string_view en_titles[] = {"{Q}: everything you need to know", "The complete guide to {q}",
                                          "{Q} – pros and cons", "10 facts about {q}"};
constexpr std::string_view en_domains[] = {"www.healthline.com", "www.bbc.co.uk", "en.wikipedia.org",
                                           "www.nytimes.com", "www.reddit.com", "www.forbes.com"};

constexpr std::string_view es_questions[] = {
    "¿Qué es {q}?", "¿Cómo funciona {q}?", "¿Vale la pena {q}?", "¿Por qué {q} es tan popular?",
    "¿Cuáles son los beneficios de {q}?", "¿Cuánto cuesta {q}?", "¿Dónde encontrar el mejor {q}?",
    "¿Qué diferencia hay entre {q} y otras opciones?", "¿Cómo elegir {q}?",
    "¿Se puede usar {q} todos los días?", "¿Cuáles son los errores más comunes con {q}?",
    "¿Quién inventó {q}?", "¿Es malo {q} para la salud?", "¿Cuántos años dura {q}?"};
constexpr std::string_view es_topics[] = {"{q}", "{q} en casa", "{q} para principiantes", "{q} barato",
                                          "{q} ecológico", "{q} en España"};
constexpr std::string_view es_sentences[] = {
    "{Q} es uno de los temas más buscados del año.",
    "Los expertos recomiendan comparar varias opciones antes de decidir.",
    "Los precios varían mucho según la calidad y la región.",
    "La mayoría de las personas nota una diferencia en pocas semanas.",
    "Según encuestas recientes, alrededor del 60 % de los usuarios está satisfecho.",
    "Lo mejor es empezar poco a poco; el año pasado la demanda creció en España.",
    "La versión de cafetería es muy popular y fácil de preparar."};
constexpr std::string_view es_related[] = {
    "{q} cerca de mí", "mejor {q}", "{q} precio", "{q} opiniones", "cómo usar {q}", "{q} barato",
    "{q} para niños", "beneficios de {q}", "{q} en España", "¿{q} es saludable?"};
constexpr std::string_view es_titles[] = {"{Q}: todo lo que necesitas saber", "Guía completa de {q}",
                                          "{Q}: ventajas y desventajas", "10 datos sobre {q} que te sorprenderán"};
constexpr std::string_view es_domains[] = {"es.wikipedia.org", "www.elmundo.es", "www.xataka.com",
                                           "www.bbc.com", "www.elpais.com"};

constexpr std::string_view de_questions[] = {
    "Was ist {q}?", "Wie funktioniert {q}?", "Lohnt sich {q}?", "Warum ist {q} so beliebt?",
    "Welche Vorteile hat {q}?", "Wie viel kostet {q}?", "Wo findet man das beste {q}?",
    "Was ist der Unterschied zwischen {q} und ähnlichen Produkten?", "Wie wählt man {q} richtig aus?",
    "Kann man {q} täglich verwenden?", "Welche Fehler macht man häufig bei {q}?", "Wer hat {q} erfunden?",
    "Ist {q} schädlich für die Gesundheit?", "Wie heiß sollte {q} sein?", "Wie groß ist der Markt für {q}?"};
constexpr std::string_view de_topics[] = {"{q}", "{q} zu Hause", "{q} für Anfänger", "günstiges {q}",
                                          "{q} aus Österreich", "{q} im Test"};
constexpr std::string_view de_sentences[] = {
    "{Q} gehört zu den meistgesuchten Themen des Jahres.",
    "Experten empfehlen, mehrere Optionen zu vergleichen, bevor man sich entscheidet.",
    "Die Preise unterscheiden sich je nach Qualität und Region stark.",
    "Die meisten Menschen bemerken innerhalb weniger Wochen einen Unterschied.",
    "Laut aktuellen Umfragen sind etwa 60 % der Nutzer zufrieden.",
    "Am besten fängt man klein an und passt die Größe später an – das spart Geld.",
    "Besonders beliebt ist die Variante aus dem Straßencafé."};
constexpr std::string_view de_related[] = {
    "{q} in der Nähe", "bestes {q}", "{q} Preis", "{q} Erfahrungen", "{q} für Anfänger", "{q} günstig",
    "{q} Größe", "{q} Test", "{q} kaufen", "ist {q} gesund"};
constexpr std::string_view de_titles[] = {"{Q}: Alles, was Sie wissen müssen", "Der große {Q}-Ratgeber",
                                          "{Q} – Vor- und Nachteile", "{Q} im Überblick"};
constexpr std::string_view de_domains[] = {"de.wikipedia.org", "www.spiegel.de", "www.chip.de", "www.test.de",
                                           "www.zeit.de"};

constexpr std::string_view fr_questions[] = {
    "Qu'est-ce que {q} ?", "Comment fonctionne {q} ?", "Est-ce que {q} vaut le coup ?",
    "Pourquoi {q} est-il si populaire ?", "Quels sont les bienfaits de {q} ?", "Combien coûte {q} ?",
    "Où trouver le meilleur {q} ?", "Quelle est la différence entre {q} et les autres options ?",
    "Comment bien choisir {q} ?", "Peut-on utiliser {q} tous les jours ?",
    "Quelles sont les erreurs fréquentes avec {q} ?", "Qui a inventé {q} ?",
    "Est-ce que {q} est mauvais pour la santé ?", "Combien de temps dure {q} ?"};
constexpr std::string_view fr_topics[] = {"{q}", "{q} à la maison", "{q} pour débutants", "{q} pas cher",
                                          "{q} bio", "{q} en France"};
constexpr std::string_view fr_sentences[] = {
    "{Q} fait partie des sujets les plus recherchés de l'année.",
    "Les experts recommandent de comparer plusieurs options avant de décider.",
    "Les prix varient fortement selon la qualité et la région.",
    "La plupart des gens remarquent une différence en quelques semaines.",
    "Selon des enquêtes récentes, environ 60 % des utilisateurs sont satisfaits.",
    "Il vaut mieux commencer petit et ajuster au fil du temps ; c’est très économique.",
    "La version façon café est particulièrement appréciée."};
constexpr std::string_view fr_related[] = {
    "{q} près de moi", "meilleur {q}", "{q} prix", "{q} avis", "comment utiliser {q}", "{q} pas cher",
    "{q} pour débutants", "bienfaits de {q}", "{q} épicerie", "{q} est-il sain"};
constexpr std::string_view fr_titles[] = {"{Q} : tout ce qu'il faut savoir", "Le guide complet de {q}",
                                          "{Q} : avantages et inconvénients", "10 choses à savoir sur {q}"};
constexpr std::string_view fr_domains[] = {"fr.wikipedia.org", "www.lemonde.fr", "www.doctissimo.fr",
                                           "www.60millions-mag.com", "www.lefigaro.fr"};

const Language languages[] = {
    {en_questions, en_topics, en_sentences, en_related, en_titles, en_domains,
     " Many readers also compare brands, read reviews and ask friends before they buy."},
    {es_questions, es_topics, es_sentences, es_related, es_titles, es_domains,
     " Muchos lectores también comparan marcas, leen reseñas y preguntan a amigos antes de comprar."},
    {de_questions, de_topics, de_sentences, de_related, de_titles, de_domains,
     " Viele Leser vergleichen außerdem Marken, lesen Bewertungen und fragen Freunde vor dem Kauf."},
    {fr_questions, fr_topics, fr_sentences, fr_related, fr_titles, fr_domains,
     " Beaucoup de lecteurs comparent aussi les marques, lisent des avis et demandent à leurs amis."},
};

const Language& language_for(std::string_view hl) {
  // "es-419", "de_AT": the primary subtag decides; unknown languages fall back to English.
  std::string_view primary = hl.substr(0, hl.find_first_of("-_"));
  auto is = [&](std::string_view code) {
    if (primary.size() != code.size()) return false;
    for (std::size_t i = 0; i < code.size(); ++i)
      if ((primary[i] | 0x20) != code[i]) return false;
    return true;
  };
  if (is("es")) return languages[1];
  if (is("de")) return languages[2];
  if (is("fr")) return languages[3];
  return languages[0];
}

std::string replace_all(std::string_view text, std::string_view token, std::string_view value) {
  std::string out;
  out.reserve(text.size() + value.size());
  std::size_t pos = 0;
  while (true) {
    std::size_t hit = text.find(token, pos);
    if (hit == std::string_view::npos) break;
    out.append(text.substr(pos, hit - pos));
    out.append(value);
    pos = hit + token.size();
  }
  out.append(text.substr(pos));
  return out;
}

template <class T>
const T& pick(Rng& rng, std::span<const T> items) {
  return items[rng.next() % items.size()];
}

enum class AnswerKind { present, absent, null, empty };
enum class ChildrenKind { list, omitted, empty };

struct Node {
  std::string question;
  AnswerKind answer_kind = AnswerKind::present;
  std::string answer;
  bool has_source = true;  // url + title
  std::string url, title;
  ChildrenKind children_kind = ChildrenKind::list;
  std::vector<Node> children;
};

class Builder {
 public:
  Builder(const TreeOptions& options, const TreeQuery& query)
      : options_(options), query_(query), lang_(language_for(query.hl)), bank_(question_bank(query.hl)),
        rng_(seed_for(options, query)) {
    natural_ = options.style == QuestionStyle::natural;
    subject_ = natural_ ? question_subject(query.q, query.hl) : std::string(query.q);
    capital_ = subject_;
    if (!capital_.empty() && capital_[0] >= 'a' && capital_[0] <= 'z') capital_[0] = static_cast<char>(capital_[0] - 32);
    for (char c : query.q) {
      bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
      if (c >= 'A' && c <= 'Z') slug_ += static_cast<char>(c + 32);
      else if (alnum) slug_ += c;
      else if (!slug_.empty() && slug_.back() != '-') slug_ += '-';
    }
    while (!slug_.empty() && slug_.back() == '-') slug_.pop_back();
    if (slug_.empty()) slug_ = "topic";
  }

  std::string build() {
    int depth = options_.depth < 1 ? 1 : options_.depth;
    std::vector<Node> top;
    const PlantedTopic* planted = options_.planted ? options_.planted->topic_of(query_.q) : nullptr;
    planted_ = planted;
    if (planted != nullptr) {
      top = planted_tree(*planted);
    } else {
      top.resize(static_cast<std::size_t>(rng_.between(3, 8)));
      for (std::size_t i = 0; i < top.size(); ++i) fill(top[i], 1, depth, i == 0);
    }
    // Real PAA boxes repeat a question in two branches; so do a third of the trees.
    if (planted == nullptr && depth >= 2 && top.size() >= 2 && rng_.chance(0.35)) {
      Node copy = top[0];
      copy.children.clear();
      copy.children_kind = ChildrenKind::omitted;
      top[1 + rng_.next() % (top.size() - 1)].children.push_back(std::move(copy));
    }
    std::vector<std::string> related;
    int related_count = rng_.between(4, 8);
    for (int i = 0; i < related_count; ++i) {
      std::string r = replace_all(pick(rng_, lang_.related), "{q}", subject_);
      bool duplicate = false;
      for (const auto& existing : related) duplicate = duplicate || existing == r;
      if (!duplicate) related.push_back(std::move(r));
    }
    if (query_.city && !query_.city->empty()) related.push_back(subject_ + " " + std::string(*query_.city));
    while (related.size() < 4) related.push_back(subject_ + " " + std::to_string(related.size()));

    std::string replaced;  // the last question the latest picked revision replaced
    bool picked_before = false;
    for (std::uint32_t r = 1; r <= options_.revision; ++r) {
      const bool picked = revision_picks(options_, query_, r);
      if (picked) revise(top, related, r, r % 2 == 0 && picked_before, replaced);
      picked_before = picked;
    }
    std::string out = serialize(related, top);
    if (options_.tree_kb > 0) {
      std::size_t target = options_.tree_kb * 1024;
      std::size_t have = out.size() + envelope_overhead_bytes;
      if (have < target) {
        pad(top, target - have);
        out = serialize(related, top);
      }
    }
    return out;
  }

  static bool revision_picks(const TreeOptions& options, const TreeQuery& query, std::uint32_t r) {
    Rng rng(seed_for(options, query) ^ (0xD6E8FEB86659FD93ull * r));
    return rng.chance(kRevisionChangeShare);
  }

 private:
  // One revision's changes to a picked key (TreeOptions::revision); the base tree's draws are
  // untouched, so a key no revision picks keeps its bytes. `restore` (an even revision that
  // follows a revision which also picked the key): the last question that revision replaced
  // comes back instead of a new one, so it is missing from one revision only (intermittent);
  // `replaced` keeps the question a replacement took away.
  void revise(std::vector<Node>& top, std::vector<std::string>& related, std::uint32_t r, bool restore,
              std::string& replaced) {
    const std::string tag = std::to_string(r);
    if (!top.empty()) {
      // The node revision r - 1 renamed is still the last one: restore it before this swap.
      if (restore) top.back().question = replaced;
      if (top.size() >= 2) std::swap(top[0], top[1]);
      if (!restore) {
        Node& last = top.back();
        replaced = last.question;
        const std::string updated = subject_ + " (update " + tag + ")";
        last.question = natural_ ? natural_question(bank_.shapes[r % bank_.shapes.size()], updated, "{q}")
                                 : replace_all(lang_.questions[r % lang_.questions.size()], "{q}", updated);
      }
      Node& first = top.front();
      if (planted_ != nullptr) {
        // A planted tree's answers move between its topic's own domains: entry (r + k) mod n
        // for the key's k, so consecutive revisions walk the list.
        const auto& domains = planted_->domains;
        const std::uint64_t k = Rng(seed_for(options_, query_) ^ 0x9C3B5F1A2E4D6077ull).next() % domains.size();
        set_source(first, domains[(r % domains.size() + k) % domains.size()], "r" + tag);
        if (first.has_source && first.title.empty()) first.title = first.question;
      } else {
        first.has_source = true;
        first.url = "https://" + std::string(lang_.domains[r % lang_.domains.size()]) + "/" + slug_ + "-r" + tag;
        if (first.title.empty()) first.title = capital_;
      }
    }
    if (!related.empty()) related.erase(related.begin());
    related.push_back(subject_ + " update " + tag);
  }

  // A catalog `domains` entry as a node's source: "" none (no url, no title), "url:X" the url X
  // verbatim, anything else a host: https://HOST/SLUG-TAIL. The title is left to the caller.
  void set_source(Node& n, std::string_view entry, std::string_view tail) const {
    if (entry.empty()) {
      n.has_source = false;
      n.url.clear();
      n.title.clear();
      return;
    }
    n.has_source = true;
    if (entry.starts_with(kVerbatimUrl)) {
      n.url = std::string(entry.substr(kVerbatimUrl.size()));
    } else {
      n.url = "https://" + std::string(entry) + "/" + slug_ + "-" + std::string(tail);
    }
  }

  static std::uint64_t seed_for(const TreeOptions& options, const TreeQuery& query) {
    std::uint64_t h = hash_mix(0xCBF29CE484222325ull ^ options.seed, query.q);
    h = hash_mix(h, query.hl);
    h = hash_mix(h, query.gl);
    h = query.city ? hash_mix(h, *query.city) : hash_mix(h ^ 0x5bd1e995, "");
    return h;
  }

  // A planted topic's tree (--topics): the seed's hub groups at the top level, then other
  // non-hub groups of its topic, each as one of its spellings, and one or two levels below.
  std::vector<Node> planted_tree(const PlantedTopic& topic) {
    std::vector<const PlantedGroup*> hubs, others;
    for (const auto& g : topic.groups) {
      if (g.hubs.empty()) {
        others.push_back(&g);
      } else {
        for (const auto& h : g.hubs) {
          if (h == query_.q) hubs.push_back(&g);
        }
      }
    }
    auto node_of = [&](const PlantedGroup& g) {
      Node n;
      n.question = g.spellings[rng_.next() % g.spellings.size()];
      n.answer = "About " + n.question;
      const PlantedTopic* source = &topic;
      if (options_.planted->topics.size() > 1 && rng_.chance(options_.planted->noise)) {
        source = &options_.planted->topics[rng_.next() % options_.planted->topics.size()];
      }
      // The page's draw comes first: the order GCC gave the expression this replaced, so the
      // trees of existing catalogs keep their bytes.
      const std::uint64_t page_draw = rng_.next();
      const std::uint64_t entry_draw = rng_.next();
      set_source(n, source->domains[entry_draw % source->domains.size()], std::to_string(page_draw % 1000));
      if (n.has_source) n.title = n.question;
      n.children_kind = ChildrenKind::empty;
      return n;
    };
    auto pick_other = [&]() -> const PlantedGroup* {
      return others.empty() ? nullptr : others[rng_.next() % others.size()];
    };
    std::vector<Node> top;
    for (const PlantedGroup* g : hubs) top.push_back(node_of(*g));
    const int extra = rng_.between(2, 5);
    for (int i = 0; i < extra; ++i) {
      if (const PlantedGroup* g = pick_other()) top.push_back(node_of(*g));
    }
    for (auto& n : top) {
      const int children = options_.depth >= 2 ? rng_.between(0, 2) : 0;
      for (int c = 0; c < children; ++c) {
        if (const PlantedGroup* g = pick_other()) n.children.push_back(node_of(*g));
      }
    }
    return top;
  }

  // level is 1 for top-level questions; `spine` forces one branch to reach the full depth.
  void fill(Node& node, int level, int depth, bool spine) {
    if (natural_) {
      // The same draws as the legacy style's, from the bank: a nested question narrows the subject.
      const std::string_view modifier = level == 1 ? std::string_view("{q}") : pick(rng_, bank_.modifiers);
      node.question = natural_question(pick(rng_, bank_.shapes), subject_, modifier);
    } else {
      std::string topic = level == 1 ? std::string(query_.q) : replace_all(pick(rng_, lang_.topics), "{q}", query_.q);
      node.question = replace_all(pick(rng_, lang_.questions), "{q}", topic);
    }
    std::uint64_t roll = rng_.next() % 100;
    node.answer_kind = roll < 70 ? AnswerKind::present
                       : roll < 80 ? AnswerKind::absent
                       : roll < 90 ? AnswerKind::null
                                   : AnswerKind::empty;
    if (spine && level == 1) node.answer_kind = AnswerKind::present;  // --tree-kb always has an answer to pad
    if (node.answer_kind == AnswerKind::present) {
      int sentences = rng_.between(1, 3);
      for (int i = 0; i < sentences; ++i) {
        if (i) node.answer += ' ';
        node.answer += replace_all(pick(rng_, lang_.sentences), "{Q}", capital_);
      }
    }
    node.has_source = node.answer_kind != AnswerKind::absent || rng_.chance(0.5);
    if (node.has_source) {
      char id[9];
      std::uint64_t v = rng_.next();
      for (int i = 0; i < 8; ++i) id[i] = "0123456789abcdef"[(v >> (i * 4)) & 15];
      id[8] = 0;
      node.url = "https://" + std::string(pick(rng_, lang_.domains)) + "/" + slug_ + "-" + id;
      node.title = replace_all(replace_all(pick(rng_, lang_.titles), "{Q}", capital_), "{q}", subject_);
    }

    int count = 0;
    if (level < depth) count = level == 1 ? rng_.between(0, 3) : level == 2 ? rng_.between(0, 2) : rng_.between(0, 1);
    if (spine && level < depth && count == 0) count = 1;
    if (count > 0 && nodes_ + static_cast<std::size_t>(count) > max_nodes) count = spine ? 1 : 0;
    nodes_ += static_cast<std::size_t>(count);
    node.children.resize(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) fill(node.children[static_cast<std::size_t>(i)], level + 1, depth, spine && i == 0);
    if (count == 0) {
      // Top-level entries always carry children; nested leaves omit it or send [] (both occur in practice).
      node.children_kind = level == 1 || rng_.chance(0.5) ? ChildrenKind::empty : ChildrenKind::omitted;
    }
  }

  void pad(std::vector<Node>& top, std::size_t bytes) {
    std::vector<Node*> answered;
    std::vector<Node*> stack;
    for (auto& n : top) stack.push_back(&n);
    while (!stack.empty()) {
      Node* n = stack.back();
      stack.pop_back();
      if (n->answer_kind == AnswerKind::present) answered.push_back(n);
      for (auto& c : n->children) stack.push_back(&c);
    }
    if (answered.empty()) return;
    std::size_t share = bytes / answered.size() + 1;
    for (Node* n : answered) {
      std::size_t goal = n->answer.size() + share;
      while (n->answer.size() + lang_.filler.size() <= goal) n->answer += lang_.filler;
      // Fill the rest with whole characters from the filler so the text stays valid UTF-8.
      std::string_view f = lang_.filler;
      std::size_t cut = goal - n->answer.size();
      while (cut > 0 && cut < f.size() && (static_cast<unsigned char>(f[cut]) & 0xC0) == 0x80) --cut;
      n->answer.append(f.substr(0, cut));
    }
  }

  static json::object to_json(const Node& n) {
    json::object o;
    o.reserve(5);
    o.emplace("question", n.question);
    switch (n.answer_kind) {
      case AnswerKind::present: o.emplace("answer", n.answer); break;
      case AnswerKind::null: o.emplace("answer", nullptr); break;
      case AnswerKind::empty: o.emplace("answer", ""); break;
      case AnswerKind::absent: break;
    }
    if (n.has_source) {
      o.emplace("url", n.url);
      o.emplace("title", n.title);
    }
    if (n.children_kind != ChildrenKind::omitted) {
      json::array children;
      for (const auto& c : n.children) children.emplace_back(to_json(c));
      o.emplace("children", std::move(children));
    }
    return o;
  }

  std::string serialize(const std::vector<std::string>& related, const std::vector<Node>& top) const {
    json::object result;
    result.emplace("question", query_.q);
    json::array rel;
    for (const auto& r : related) rel.emplace_back(r);
    result.emplace("related", std::move(rel));
    json::array children;
    for (const auto& n : top) children.emplace_back(to_json(n));
    result.emplace("children", std::move(children));
    return json::serialize(result);
  }

  static constexpr std::size_t max_nodes = 4000;
  static constexpr std::string_view kVerbatimUrl = "url:";
  const TreeOptions& options_;
  const TreeQuery& query_;
  const Language& lang_;
  const QuestionBank& bank_;
  Rng rng_;
  bool natural_ = true;
  std::string subject_;  // what the questions ask about (the query itself in the legacy style)
  std::string capital_, slug_;
  std::size_t nodes_ = 0;
  const PlantedTopic* planted_ = nullptr;  // the key's planted topic (--topics), if any
};

}  // namespace

std::string TreeGenerator::result_json(const TreeQuery& query) const { return Builder(options_, query).build(); }

bool revision_changes(const TreeOptions& options, const TreeQuery& query, std::uint32_t revision) {
  return revision >= 1 && Builder::revision_picks(options, query, revision);
}

}  // namespace paa::emulator
