#pragma once
// A store write as an Asio asynchronous operation: submit the request to the store's writer
// thread and complete, on the awaiting coroutine's executor, with the store's answer once the
// write is durable (void(Result<void>)). It supports cancellation, so it can race a timer
// (`co_await (async_store_write(...) || timer.async_wait(...))`): a cancelled wait completes at
// once and the store's later answer goes nowhere (the write itself, already queued, goes on).
#include "paa/error.hpp"
#include "paa/store/ports.hpp"

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/associated_cancellation_slot.hpp>
#include <boost/asio/associated_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/execution/outstanding_work.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/prefer.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <variant>
#include <mutex>
#include <optional>
#include <utility>

namespace paa {

namespace detail {
// Shared by the writer thread's callback and the cancellation slot: whichever comes first
// completes the operation; the other finds it done.
template <class Handler>
class StoreAck : public std::enable_shared_from_this<StoreAck<Handler>> {
 public:
  StoreAck(Handler handler, const boost::asio::any_io_executor& io)
      : handler_(std::move(handler)),
        // Outstanding work: the io_context does not run out while the write is pending.
        executor_(boost::asio::prefer(boost::asio::get_associated_executor(*handler_, io),
                                      boost::asio::execution::outstanding_work.tracked)) {}

  void complete(Result<void> result) {
    std::optional<Handler> handler;
    boost::asio::any_io_executor executor;
    {
      std::lock_guard lock(mu_);
      if (!handler_) return;
      handler.emplace(std::move(*handler_));
      handler_.reset();
      // The work this operation counted goes with it: a store that answers late (or never, as
      // a test's) must not keep the io_context running.
      executor = std::move(executor_);
      executor_ = nullptr;
    }
    boost::asio::post(executor, [handler = std::move(*handler), result = std::move(result)]() mutable {
      std::move(handler)(std::move(result));
    });
  }

 private:
  std::mutex mu_;
  std::optional<Handler> handler_;
  boost::asio::any_io_executor executor_;
};
}  // namespace detail

template <class CompletionToken>
auto async_store_write(ResultSink& store, WriteRequest request, const boost::asio::any_io_executor& io,
                       CompletionToken&& token) {
  return boost::asio::async_initiate<CompletionToken, void(Result<void>)>(
      [&store, io](auto handler, WriteRequest queued) {
        using Handler = std::decay_t<decltype(handler)>;
        auto slot = boost::asio::get_associated_cancellation_slot(handler);
        auto ack = std::make_shared<detail::StoreAck<Handler>>(std::move(handler), io);
        if (slot.is_connected()) {
          slot.assign([ack](boost::asio::cancellation_type) {
            ack->complete(make_error(errc::store, "the wait for the store's acknowledgement was cancelled"));
          });
        }
        if (!store.submit(std::move(queued), [ack](Result<void> r) { ack->complete(std::move(r)); })) {
          // The queue is sized for every worker's write plus the feeder's capped share.
          ack->complete(make_error(errc::store, "the store's write queue is full (a bug: please report it)"));
        }
      },
      token, std::move(request));
}

// gcc 12 pairs the coroutine frame's operator delete with the wrong new here (a false positive:
// gcc bug 109224); the frame is Asio's, allocated and freed by its own operators.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
// A write awaited on the calling coroutine's executor until the store acknowledges it, or
// `deadline` passes (a store failure, reported, not a hang). No cancellation of the caller
// reaches this wait: a durable write is awaited to its end.
inline boost::asio::awaitable<Result<void>> store_write_within(ResultSink& store, WriteRequest request,
                                                               std::chrono::milliseconds deadline) {
  namespace asio = boost::asio;
  using namespace asio::experimental::awaitable_operators;
  co_await asio::this_coro::reset_cancellation_state([](asio::cancellation_type) { return asio::cancellation_type::none; });
  const auto executor = co_await asio::this_coro::executor;
  asio::steady_timer timer(executor, deadline);
  auto acknowledged = co_await (async_store_write(store, std::move(request), executor, asio::use_awaitable) ||
                                timer.async_wait(asio::as_tuple(asio::use_awaitable)));
  co_await asio::this_coro::reset_cancellation_state();
  if (acknowledged.index() == 1) {
    co_return make_error(errc::store,
                         "the store did not acknowledge a write within " + std::to_string(deadline.count()) + " ms");
  }
  co_return std::get<0>(std::move(acknowledged));
}
#pragma GCC diagnostic pop

}  // namespace paa
