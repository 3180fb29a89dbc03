#pragma once
// A group of coroutines spawned together, cancelled together and awaited together, after
// Beast's `task_group` (example/advanced/server-flex-awaitable): spawn each task with
// `adapt(token)`, which gives it a cancellation slot of the group's; `emit()` cancels them all;
// `async_wait()` completes once every task has ended. Single-threaded: use it on one
// io_context thread.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/append.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/bind_cancellation_slot.hpp>
#include <boost/asio/cancellation_signal.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/consign.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <list>
#include <utility>

namespace paa {

class TaskGroup {
 public:
  explicit TaskGroup(boost::asio::any_io_executor executor)
      : all_ended_(std::move(executor), boost::asio::steady_timer::time_point::max()) {}
  TaskGroup(const TaskGroup&) = delete;
  TaskGroup& operator=(const TaskGroup&) = delete;

  // The completion token for one task of the group (co_spawn(ex, task, group.adapt(token))):
  // the task gets the group's cancellation, and its end is counted when its handler goes.
  template <class CompletionToken>
  auto adapt(CompletionToken&& token) {
    auto signal = signals_.emplace(signals_.end());
    class Remover {
     public:
      Remover(TaskGroup* group, std::list<boost::asio::cancellation_signal>::iterator it) : group_(group), it_(it) {}
      Remover(Remover&& other) noexcept : group_(std::exchange(other.group_, nullptr)), it_(other.it_) {}
      Remover& operator=(Remover&&) = delete;
      ~Remover() {
        if (group_ == nullptr) return;
        group_->signals_.erase(it_);
        if (group_->signals_.empty()) group_->all_ended_.cancel();
      }

     private:
      TaskGroup* group_;
      std::list<boost::asio::cancellation_signal>::iterator it_;
    };
    return boost::asio::bind_cancellation_slot(
        signal->slot(), boost::asio::consign(std::forward<CompletionToken>(token), Remover{this, signal}));
  }

  // Cancels every task still running (terminal: a task's pending operation ends at once).
  void emit(boost::asio::cancellation_type type) {
    for (auto& signal : signals_) signal.emit(type);
  }

  std::size_t size() const { return signals_.size(); }

  // Completes (void(error_code)) once every task spawned so far has ended.
  template <class CompletionToken>
  auto async_wait(CompletionToken&& token) {
    return boost::asio::async_compose<CompletionToken, void(boost::system::error_code)>(
        [this, scheduled = false](auto&& self, boost::system::error_code ec = {}) mutable {
          if (!scheduled) self.reset_cancellation_state(boost::asio::enable_total_cancellation());
          // The timer is cancelled when the last task ends: that is the wake-up, not a failure.
          if (!self.cancelled() && ec == boost::asio::error::operation_aborted) ec = {};
          if (!signals_.empty() && !ec) {
            scheduled = true;
            return all_ended_.async_wait(std::move(self));
          }
          if (!std::exchange(scheduled, true)) {
            return boost::asio::post(all_ended_.get_executor(), boost::asio::append(std::move(self), ec));
          }
          self.complete(ec);
        },
        token, all_ended_);
  }

 private:
  boost::asio::steady_timer all_ended_;  // waits "forever"; cancelled when the last task ends
  std::list<boost::asio::cancellation_signal> signals_;
};

}  // namespace paa
