#include "paa/exit_code.hpp"
#include "paa/harvest/harvester.hpp"
#include "paa/harvest/stop_reason.hpp"

#include <gtest/gtest.h>

#include <cerrno>

using namespace paa;

TEST(StopReason, AnErrorsKindDecidesTheStopReason) {
  EXPECT_EQ(stop_reason_for(make_error(errc::invalid_input, "jobs/a.txt: cannot open")), StopReason::input);
  EXPECT_EQ(stop_reason_for(make_error(errc::store, "I/O error")), StopReason::store_failure);
  EXPECT_EQ(stop_reason_for(make_error(errc::tls, "bad CA")), StopReason::tls);
  EXPECT_EQ(stop_reason_for(make_error(errc::store_damaged, "bad record")), StopReason::store_failure);
  EXPECT_EQ(stop_reason_for(make_error(boost::system::error_code(ENOSPC, boost::system::system_category()), "full")),
            StopReason::store_failure);
}

TEST(StopReason, TheExitCodeFollowsTheStopReason) {
  HarvestSummary s;
  s.stop = StopReason::input;
  EXPECT_EQ(exit_code_for(s), kExitUsage);
  s.stop = StopReason::store_failure;
  EXPECT_EQ(exit_code_for(s), 1);
  s.stop = StopReason::budget;
  EXPECT_EQ(exit_code_for(s), kExitQuota);
  s.stop = StopReason::none;
  s.failed = 1;
  EXPECT_EQ(exit_code_for(s), kExitPartial);
  EXPECT_STREQ(stop_reason_name(StopReason::input), "input");
}

TEST(StopReason, AFailedCommandsExitCodeFollowsTheErrorsKind) {
  EXPECT_EQ(exit_code_for(make_error(errc::store, "disk full")), 1);
  EXPECT_EQ(exit_code_for(make_error(errc::invalid_input, "line 3")), kExitUsage);
  EXPECT_EQ(exit_code_for(make_error(errc::store_in_use, "pid 12")), kExitUsage);
  EXPECT_EQ(exit_code_for(make_error(errc::store_damaged, "MANIFEST")), kExitFailure);
  EXPECT_EQ(exit_code_for(make_error(errc::io, "disk full")), kExitFailure);
  EXPECT_EQ(exit_code_for(make_error(errc::not_found, "no such key")), kExitNotFound);
}

TEST(StopReason, AnErrorCarriesItsKindAsAnErrorCodeOfPaasCategory) {
  const Error e = make_error(errc::store_damaged, "store 'x.db': MANIFEST is damaged");
  EXPECT_EQ(e.code, errc::store_damaged);
  EXPECT_STREQ(e.code.category().name(), "paa");
  EXPECT_EQ(e.kind(), errc::store_damaged);
  // A code of another category (an errno a write reported) is an I/O failure.
  const Error full = make_error(boost::system::error_code(ENOSPC, boost::system::system_category()), "full");
  EXPECT_EQ(full.kind(), errc::io);
  EXPECT_EQ(exit_code_for(full), kExitFailure);
}
