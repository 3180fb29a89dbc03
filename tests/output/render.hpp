#pragma once
// What `fn(out)` writes through a BufferedOutput of `capacity` bytes (small, so that writers
// cross buffer boundaries), flushed.
#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

namespace paa::test {

template <class Fn>
std::string render(Fn&& fn, std::size_t capacity = 64) {
  StringSink sink;
  {
    BufferedOutput out(sink, capacity);
    fn(out);
    EXPECT_TRUE(out.flush());
  }
  return sink.data;
}

}  // namespace paa::test
