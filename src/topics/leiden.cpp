#include "leiden.hpp"

#include <igraph/igraph.h>

#include <new>
#include <stdexcept>
#include <string>

namespace paa::topics::detail {

namespace {

constexpr igraph_integer_t kSeed = 20261126;

// A failure of igraph is a bug (our input is checked) or no memory: an exception.
[[noreturn]] void igraph_failed(igraph_error_t code, const char* what) {
  if (code == IGRAPH_ENOMEM) throw std::bad_alloc();
  throw std::logic_error(std::string("paa: the topic clustering failed in igraph's ") + what + ": " +
                         igraph_strerror(code));
}

// igraph's objects, destroyed on every path.
struct Vectors {
  igraph_vector_int_t ends{}, membership{};
  igraph_vector_t weights{}, strengths{};
  igraph_t graph{};
  bool have_ends = false, have_membership = false, have_weights = false, have_strengths = false, have_graph = false;
  ~Vectors() {
    if (have_graph) igraph_destroy(&graph);
    if (have_strengths) igraph_vector_destroy(&strengths);
    if (have_weights) igraph_vector_destroy(&weights);
    if (have_membership) igraph_vector_int_destroy(&membership);
    if (have_ends) igraph_vector_int_destroy(&ends);
  }
};

}  // namespace

std::vector<std::uint32_t> leiden(std::uint32_t nodes, const std::vector<WeightedEdge>& edges,
                                          double resolution) {
  std::vector<std::uint32_t> out(nodes, 0);
  if (nodes <= 1) return out;
  Vectors v;
  const auto m = static_cast<igraph_integer_t>(edges.size());
  igraph_error_t rc = igraph_vector_int_init(&v.ends, 2 * m);
  if (rc != IGRAPH_SUCCESS) igraph_failed(rc, "vector");
  v.have_ends = true;
  rc = igraph_vector_init(&v.weights, m);
  if (rc != IGRAPH_SUCCESS) igraph_failed(rc, "vector");
  v.have_weights = true;
  double total = 0;
  std::vector<double> strength(nodes, 0.0);
  for (igraph_integer_t i = 0; i < m; ++i) {
    const WeightedEdge& e = edges[static_cast<std::size_t>(i)];
    VECTOR(v.ends)[2 * i] = e.a;
    VECTOR(v.ends)[2 * i + 1] = e.b;
    VECTOR(v.weights)[i] = e.weight;
    total += e.weight;
    strength[e.a] += e.weight;
    strength[e.b] += e.weight;
  }
  if (total <= 0) {  // no edge: each node alone
    for (std::uint32_t i = 0; i < nodes; ++i) out[i] = i;
    return out;
  }
  rc = igraph_create(&v.graph, &v.ends, nodes, IGRAPH_UNDIRECTED);
  if (rc != IGRAPH_SUCCESS) igraph_failed(rc, "igraph_create");
  v.have_graph = true;
  rc = igraph_vector_init(&v.strengths, nodes);
  if (rc != IGRAPH_SUCCESS) igraph_failed(rc, "vector");
  v.have_strengths = true;
  for (std::uint32_t i = 0; i < nodes; ++i) VECTOR(v.strengths)[i] = strength[i];
  rc = igraph_vector_int_init(&v.membership, nodes);
  if (rc != IGRAPH_SUCCESS) igraph_failed(rc, "vector");
  v.have_membership = true;
  igraph_rng_seed(igraph_rng_default(), kSeed);
  igraph_integer_t clusters = 0;
  igraph_real_t quality = 0;
  // Modularity: node weights are the strengths and the resolution is divided by twice the
  // total weight (igraph's documentation of igraph_community_leiden). One iteration: igraph
  // 0.10's "until stable" (a negative count) stops after the first iteration that changes the
  // partition and never stops when none does (igraph issue 2798: singletons at a high
  // resolution hung `--resolution 3`), so one iteration is what ever ran, without the hang.
  rc = igraph_community_leiden(&v.graph, &v.weights, &v.strengths, resolution / (2 * total), 0.01, false, 1,
                               &v.membership, &clusters, &quality);
  if (rc != IGRAPH_SUCCESS) igraph_failed(rc, "igraph_community_leiden");
  // Renumbered by first node: the numbering igraph picks is its own business.
  std::vector<std::uint32_t> renumber(static_cast<std::size_t>(clusters), UINT32_MAX);
  std::uint32_t next = 0;
  for (std::uint32_t i = 0; i < nodes; ++i) {
    const auto c = static_cast<std::size_t>(VECTOR(v.membership)[i]);
    if (renumber[c] == UINT32_MAX) renumber[c] = next++;
    out[i] = renumber[c];
  }
  return out;
}

}  // namespace paa::topics::detail
