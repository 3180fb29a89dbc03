#pragma once
// The bounded channel from the feeder's thread to the workers on the io thread: back-pressure,
// no unbounded queue. The feeder blocks in send() (never the io thread); a closed channel
// refuses new sends and ends a pending one, which is how a stop reaches the feeder.
#include "paa/harvest/work_item.hpp"

#include <boost/asio/experimental/concurrent_channel.hpp>
#include <boost/asio/use_future.hpp>

#include <exception>
#include <optional>

namespace paa {

class WorkChannel {
 public:
  WorkChannel(const boost::asio::any_io_executor& executor, std::size_t capacity) : channel_(executor, capacity) {}

  // Feeder thread: blocks until a worker's side takes the item; false once the channel is closed.
  bool send(WorkItem item) {
    auto sent = channel_.async_send(boost::system::error_code{}, std::move(item), boost::asio::use_future);
    try {
      sent.get();
      return true;
    } catch (const std::exception&) {
      return false;
    }
  }
  // io thread: void(error_code, WorkItem).
  template <class CompletionToken>
  auto async_receive(CompletionToken&& token) {
    return channel_.async_receive(std::forward<CompletionToken>(token));
  }
  // io thread: an item if one is at hand now; nullopt when none is (or the channel is closed).
  std::optional<WorkItem> try_receive() {
    std::optional<WorkItem> out;
    channel_.try_receive([&out](boost::system::error_code ec, WorkItem item) {
      if (!ec) out = std::move(item);
    });
    return out;
  }
  // io thread: no new item leaves, and a send the feeder is blocked in fails.
  void close() {
    channel_.close();
    channel_.cancel();
  }

 private:
  boost::asio::experimental::concurrent_channel<void(boost::system::error_code, WorkItem)> channel_;
};

}  // namespace paa
