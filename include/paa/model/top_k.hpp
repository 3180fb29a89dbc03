#pragma once
// The k best of a stream in O(k) memory: a heap whose front is the worst kept, so the next
// better item evicts it. The report's volatile keys and question changes and the diff's
// changed keys keep their lists so. `before(a, b)`: a ranks before b (a strict total order,
// so which items are kept does not depend on their arrival); std::sort_heap with the same
// order then lists them best first.
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace paa {

// `item` is copied (or moved) only when it is kept: a stream of millions passes by reference.
template <class T, class U, class Before>
void keep_top_k(std::vector<T>& heap, std::size_t k, U&& item, Before before) {
  if (k == 0) return;
  if (heap.size() >= k) {
    if (!before(item, heap.front())) return;
    std::pop_heap(heap.begin(), heap.end(), before);
    heap.pop_back();
  }
  heap.push_back(std::forward<U>(item));
  std::push_heap(heap.begin(), heap.end(), before);
}

}  // namespace paa
