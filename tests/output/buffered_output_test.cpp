#include "paa/output/buffered_output.hpp"

#include "render.hpp"

#include <gtest/gtest.h>

#include <string>

namespace paa {
namespace {

using test::render;

TEST(BufferedOutput, KeepsByteOrderAcrossSmallAndLargeAppends) {
  const std::string big(1000, 'x');
  std::string expected;
  const std::string got = render(
      [&](BufferedOutput& out) {
        for (int i = 0; i < 50; ++i) {
          out.append("abc");
          out.put(static_cast<char>('0' + i % 10));
          if (i % 7 == 0) out.append(big);
        }
      },
      16);
  for (int i = 0; i < 50; ++i) {
    expected += "abc";
    expected += static_cast<char>('0' + i % 10);
    if (i % 7 == 0) expected += big;
  }
  EXPECT_EQ(got, expected);
}

class FailingSink final : public ByteSink {
 public:
  explicit FailingSink(std::size_t fail_after) : fail_after_(fail_after) {}
  Result<void> write(std::string_view bytes) override {
    ++calls;
    if (accepted + bytes.size() > fail_after_) return make_error(errc::io, "cannot write x: disk full");
    accepted += bytes.size();
    return {};
  }
  std::size_t accepted = 0;
  int calls = 0;

 private:
  std::size_t fail_after_;
};

TEST(BufferedOutput, FirstSinkErrorIsStickyAndLaterOutputDropped) {
  FailingSink sink(10);
  BufferedOutput out(sink, 8);
  out.append("12345678");
  out.append("abcdefgh");  // second drain fails
  EXPECT_TRUE(out.failed());
  const int calls = sink.calls;
  out.append(std::string(100, 'z'));
  auto flushed = out.flush();
  ASSERT_FALSE(flushed);
  EXPECT_EQ(flushed.error().message, "cannot write x: disk full");
  EXPECT_EQ(sink.calls, calls);
  EXPECT_EQ(sink.accepted, 8u);
}

}  // namespace
}  // namespace paa
