#pragma once
// SIGINT/SIGTERM during a run: the first asks for a graceful stop (finish what is in flight,
// store it); the second exits at once, which loses nothing durable (the store is consistent at
// every instant).
#include "paa/exit_code.hpp"

#include <boost/asio/signal_set.hpp>

#include <csignal>
#include <functional>
#include <string>
#include <unistd.h>

namespace paa {

class Interrupts {
 public:
  // `stop(what)` is called on the io thread for the first signal ("received SIGINT").
  Interrupts(const boost::asio::any_io_executor& executor, std::function<void(const std::string&)> stop)
      : signals_(executor, SIGINT, SIGTERM), stop_(std::move(stop)) {
    watch();
  }
  void cancel() {
    boost::system::error_code ignored;
    signals_.cancel(ignored);
  }

 private:
  void watch() {
    signals_.async_wait([this](const boost::system::error_code& ec, int signo) {
      if (ec) return;
      if (++seen_ >= 2) {
        static const char msg[] = "\npaa: second signal, exiting now; run the same command to resume\n";
        [[maybe_unused]] auto n = ::write(2, msg, sizeof msg - 1);
        std::_Exit(kExitInterrupted);
      }
      stop_(std::string("received ") + (signo == SIGINT ? "SIGINT" : "SIGTERM"));
      watch();
    });
  }

  boost::asio::signal_set signals_;
  std::function<void(const std::string&)> stop_;
  int seen_ = 0;
};

}  // namespace paa
