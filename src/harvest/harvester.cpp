// The coroutine shell of `paa run`. Decisions live in pure classes (KeyAttempt, which drives
// StartGate, QuotaTracker, RateController, classify and RetryBackoff; FeedFilter for the
// feeder); this file only moves bytes and waits.
//
// Threads: one io_context thread runs every worker coroutine (one connection each); a feeder
// thread streams the job file, does the store's point lookups (disk) and feeds a bounded
// channel; the store's own writer thread commits results (and the quota state), awaited
// asynchronously: nothing blocks the io thread on the disk.
#include "paa/harvest/harvester.hpp"

#include "paa/exit_code.hpp"
#include "paa/harvest/expansion_levels.hpp"
#include "paa/harvest/feed_filter.hpp"
#include "paa/harvest/key_attempt.hpp"
#include "paa/harvest/progress.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/envelope.hpp"
#include "paa/net/http_connection.hpp"
#include "paa/version.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/bind_cancellation_slot.hpp>
#include <boost/asio/cancellation_signal.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/experimental/concurrent_channel.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/use_future.hpp>

#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <deque>
#include <future>
#include <mutex>
#include <semaphore>
#include <thread>
#include <unistd.h>

namespace paa {

namespace {

namespace asio = boost::asio;
using namespace std::chrono_literals;
constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);


// Log lines while the status bar is on screen: wipe the bar first, so a message never ends up
// glued to it; the next tick redraws the bar below.
class BarAwareSink final : public spdlog::sinks::base_sink<std::mutex> {
 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    spdlog::memory_buf_t line;
    formatter_->format(msg, line);
    std::fputs("\r\x1b[K", stderr);
    std::fwrite(line.data(), 1, line.size(), stderr);
  }
  void flush_() override { std::fflush(stderr); }
};

struct WorkItem {
  Query query;
  std::string key;  // encode_key(query.key); empty = end of input for one worker
};

using KeyChannel =
    asio::experimental::concurrent_channel<void(boost::system::error_code, WorkItem)>;

// Where the store's writer thread hands its acknowledgements to the io thread. Shared with the
// callbacks, which may outlive the harvest (a store that answers after its deadline).
class AckMailbox {
 public:
  explicit AckMailbox(asio::io_context& io) : io_(&io) {}
  template <class F>
  void post(F&& f) {
    std::lock_guard lock(mu_);
    if (io_ != nullptr) asio::post(*io_, std::forward<F>(f));
  }
  void close() {
    std::lock_guard lock(mu_);
    io_ = nullptr;
  }

 private:
  std::mutex mu_;
  asio::io_context* io_;
};

// One write awaited on the io thread.
struct PendingWrite {
  std::optional<Result<void>> result;
  asio::steady_timer* waiting = nullptr;  // the awaiting coroutine's timer, while it waits
};

class Harvest {
 public:
  Harvest(const HarvestOptions& options, StoreWriter& store, QuotaState stored_quota)
      : opt_(options),
        store_(store),
        started_ms_(unix_now_ms()),
        started_(std::chrono::steady_clock::now()),
        rate_({options.job.limits.rate, static_cast<double>(options.job.limits.burst)}, started_),
        quota_({options.job.limits.on_quota, options.job.limits.use_payg,
                options.job.limits.max_searches, options.probe_interval},
               stored_quota, started_ms_),
        gate_(quota_, rate_),
        backoff_({options.backoff_base, options.backoff_cap, options.job.limits.retries}),
        attempt_config_{options.job.api_key_env, options.max_rate_limited_in_a_row},
        wake_(io_, SteadyTime::max()),
        progress_timer_(io_),
        drain_timer_(io_),
        channel_(io_, static_cast<std::size_t>(options.job.limits.concurrency) * 2),
        signals_(io_, SIGINT, SIGTERM),
        worker_cancel_(static_cast<std::size_t>(options.job.limits.concurrency)),
        mailbox_(std::make_shared<AckMailbox>(io_)),
        feeder_writes_(std::make_shared<std::counting_semaphore<>>(static_cast<std::ptrdiff_t>(kFeederStoreWrites))) {}

  HarvestSummary run();

 private:
  // --- coroutines: they perform KeyAttempt's actions and wait; they decide nothing ---
  asio::awaitable<void> worker();
  asio::awaitable<void> process(Transport& conn, WorkItem item);
  asio::awaitable<void> wait_for_change(std::optional<SteadyTime> until);
  asio::awaitable<Result<void>> store_write(WriteRequest request);
  asio::awaitable<void> drain_then_cancel();
  asio::awaitable<void> progress_loop();

  void feeder_main();
  void spawn(asio::awaitable<void> task, const char* what,
             asio::cancellation_slot slot = asio::cancellation_slot());
  void request_stop(StopReason reason, std::string message);
  void notify() { wake_.cancel(); }
  void on_signal(const boost::system::error_code& ec, int signo);
  void finish_worker();
  std::string state_text(SteadyTime now) const;
  ProgressSnapshot snapshot();
  void print_progress(bool final_line);

  const HarvestOptions& opt_;
  StoreWriter& store_;
  const std::int64_t started_ms_;
  const SteadyTime started_;

  asio::io_context io_;
  RateController rate_;
  QuotaTracker quota_;
  StartGate gate_;
  RetryBackoff backoff_;
  RunTally tally_;
  const KeyAttempt::Config attempt_config_;
  asio::steady_timer wake_;  // broadcast: cancel() wakes every waiter
  asio::steady_timer progress_timer_;
  asio::steady_timer drain_timer_;
  KeyChannel channel_;
  asio::signal_set signals_;
  std::shared_ptr<TlsContext> tls_;
  // Each worker's cancellation: emitted when the drain window after a stop runs out.
  std::vector<asio::cancellation_signal> worker_cancel_;
  std::shared_ptr<AckMailbox> mailbox_;
  // The feeder's bookkeeping writes in flight (kFeederStoreWrites at most); shared with their
  // callbacks.
  std::shared_ptr<std::counting_semaphore<>> feeder_writes_;
  // The first of them that failed (a key the run believes settled that is not): shared with
  // the callbacks like the semaphore.
  class FirstError {
   public:
    void set(const Error& e) {
      std::lock_guard lock(mu_);
      if (!error_) error_ = e;
    }
    std::optional<Error> get() {
      std::lock_guard lock(mu_);
      return error_;
    }

   private:
    std::mutex mu_;
    std::optional<Error> error_;
  };
  std::shared_ptr<FirstError> feeder_write_error_ = std::make_shared<FirstError>();
  std::thread feeder_;
  std::string feeder_error_;  // written by the feeder before it exits; read after join
  StopReason feeder_error_reason_ = StopReason::none;

  // Keys sent to workers and keys they have finished with (stored, failed or given up on a
  // stop): the feeder waits for the two to meet before a level pass, so that every key of a
  // level is settled before the next level is made from it.
  std::mutex settle_mu_;
  std::condition_variable settle_cv_;
  std::uint64_t sent_ = 0;
  std::uint64_t finished_ = 0;
  bool stopping_ = false;  // a stop was requested, or every worker has ended
  std::atomic<bool> stopping_seen_{false};  // the same, read without the lock (once per key fed)
  using SendFn = std::function<bool(WorkItem)>;
  using FailFn = std::function<void(const Error&)>;
  bool wait_settled(const FailFn& fail);
  // Waits for every bookkeeping write of the feeder: the error when one was not acknowledged
  // within store_ack_timeout or failed.
  std::optional<Error> await_feeder_writes();
  void mark_stopping();
  bool stopping();
  // Expansion: the levels after the job's own keys (feeder thread).
  bool resume_cut_short_pass(const FailFn& fail);
  // One level pass (feeder thread); nullopt when it failed (fail() was called) or was stopped.
  std::optional<ExpansionState> make_level(std::uint32_t level, const ExpansionState& state, const FailFn& fail);
  void expand_levels(const SendFn& send, const FailFn& fail);
  bool feed_level(std::uint32_t level, const SendFn& send, const FailFn& fail);
  bool mark_done_elsewhere(const std::string& key, const FailFn& fail);
  std::atomic<std::uint64_t> total_keys_{0};
  std::atomic<std::uint32_t> level_{0};
  std::uint64_t discovered_ = 0;  // feeder thread; read after join

  int workers_left_ = 0;
  bool draining_ = false;
  std::string stop_message_;
  int signals_seen_ = 0;

  // Counters. The feeder's are atomic; the rest live on the io thread.
  std::atomic<std::uint64_t> already_stored_{0};
  std::atomic<std::uint64_t> duplicates_{0};
  std::atomic<std::uint64_t> refresh_sent_{0};
  std::uint64_t task_errors_ = 0;

  // Progress: recent (time, done) samples for the rate and ETA.
  std::deque<std::pair<SteadyTime, std::uint64_t>> samples_;
  bool tty_ = false;
};

void Harvest::spawn(asio::awaitable<void> task, const char* what, asio::cancellation_slot slot) {
  asio::co_spawn(io_, std::move(task), asio::bind_cancellation_slot(slot, [this, what](std::exception_ptr e) {
    if (!e) return;
    // Only bugs get here; they must not pass silently.
    ++task_errors_;
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& ex) {
      spdlog::error("{} failed: {}", what, ex.what());
    } catch (...) {
      spdlog::error("{} failed with an unknown exception", what);
    }
  }));
}

void Harvest::request_stop(StopReason reason, std::string message) {
  mark_stopping();
  if (gate_.stop_reason() == StopReason::none) {
    gate_.request_stop(reason);
    stop_message_ = std::move(message);
    if (!stop_message_.empty()) spdlog::warn("{}", stop_message_);
  }
  // Stop issuing: the gate refuses every start; no new key leaves the channel, and a send the
  // feeder is blocked in fails (close refuses new ones, cancel ends the pending one).
  channel_.close();
  channel_.cancel();
  notify();
  // Then drain: requests in flight get drain_timeout to finish and be stored.
  if (!draining_ && workers_left_ > 0) {
    draining_ = true;
    spawn(drain_then_cancel(), "drain timer");
  }
}

asio::awaitable<void> Harvest::drain_then_cancel() {
  drain_timer_.expires_after(opt_.drain_timeout);
  auto [cancelled] = co_await drain_timer_.async_wait(use_tuple);
  if (cancelled) co_return;  // every worker ended in time
  // Then cancel: each worker's pending operation ends at once; its stream is closed.
  for (auto& signal : worker_cancel_) signal.emit(asio::cancellation_type::terminal);
}

void Harvest::on_signal(const boost::system::error_code& ec, int signo) {
  if (ec) return;
  if (++signals_seen_ >= 2) {
    // The store is consistent at every instant: leaving now loses nothing durable.
    static const char msg[] = "\npaa: second signal, exiting now; run the same command to resume\n";
    [[maybe_unused]] auto n = ::write(2, msg, sizeof msg - 1);
    std::_Exit(kExitInterrupted);
  }
  request_stop(StopReason::interrupted,
               std::string("received ") + (signo == SIGINT ? "SIGINT" : "SIGTERM") +
                   ": finishing requests in flight (up to " +
                   std::to_string(opt_.drain_timeout.count() / 1000) +
                   " s); press Ctrl-C again to quit at once");
  signals_.async_wait([this](const boost::system::error_code& e, int s) { on_signal(e, s); });
}

asio::awaitable<void> Harvest::wait_for_change(std::optional<SteadyTime> until) {
  if (!until) {
    co_await wake_.async_wait(use_tuple);
    co_return;
  }
  using namespace asio::experimental::awaitable_operators;
  asio::steady_timer t(io_, *until);
  co_await (t.async_wait(use_tuple) || wake_.async_wait(use_tuple));
}

asio::awaitable<Result<void>> Harvest::store_write(WriteRequest request) {
  // The writer thread calls back; the result is posted to the io thread, where this coroutine
  // waits on a timer (which keeps run() alive meanwhile). A store that does not answer within
  // store_ack_timeout is a store failure, reported, not a hang.
  auto pending = std::make_shared<PendingWrite>();
  asio::steady_timer timer(io_, std::chrono::steady_clock::now() + opt_.store_ack_timeout);
  pending->waiting = &timer;
  struct StopWaiting {
    PendingWrite& p;
    ~StopWaiting() { p.waiting = nullptr; }
  } stop_waiting{*pending};
  const bool queued = store_.submit(std::move(request), [mailbox = mailbox_, pending](Result<void> r) {
    mailbox->post([pending, r = std::move(r)] {
      pending->result = r;
      if (pending->waiting) pending->waiting->cancel();
    });
  });
  // The queue is sized for every worker's write plus the feeder's capped share.
  if (!queued) co_return make_error(errc::store, "the store's write queue is full (a bug: please report it)");
  while (!pending->result) {
    auto [ec] = co_await timer.async_wait(use_tuple);
    if (pending->result) break;
    if (!ec) {
      co_return make_error(errc::store, "the store did not acknowledge a write within " +
                                            std::to_string(opt_.store_ack_timeout.count()) + " ms");
    }
    // Cancelled by the drain deadline: a durable write is still awaited (never lose a result).
    timer.expires_at(std::chrono::steady_clock::now() + opt_.store_ack_timeout);
  }
  co_return std::move(*pending->result);
}

asio::awaitable<void> Harvest::process(Transport& conn, WorkItem item) {
  using Step = KeyAttempt::Step;
  const std::string target = alsoask_target(opt_.endpoint, item.query);
  ParseLimits limits;
  limits.max_body_bytes = opt_.max_body;
  KeyAttempt attempt({gate_, quota_, rate_, backoff_, tally_}, attempt_config_);
  auto now = [] { return std::chrono::steady_clock::now(); };
  KeyAttempt::Action act = attempt.next(now(), unix_now_ms());
  HttpResponse resp;
  std::optional<Envelope> envelope;
  for (;;) {
    switch (act.step) {
      case Step::wait_event:
      case Step::wait_until:
        co_await wait_for_change(act.step == Step::wait_until ? std::optional(act.until) : std::nullopt);
        act = attempt.next(now(), unix_now_ms());
        break;
      case Step::send: {
        if (act.probe) spdlog::info("probing the quota with one request");
        resp = co_await conn.get(target);
        envelope.reset();
        std::string parse_error;
        if (resp.status == 200 && resp.body_error.empty()) {
          if (auto parsed = parse_envelope(resp.body, limits)) {
            envelope = std::move(*parsed);
          } else {
            parse_error = parsed.error().message;
          }
        }
        ResponseFacts facts;
        facts.status = resp.status;
        facts.retry_after = resp.retry_after;
        facts.network_error = resp.network_error;
        facts.body_error = resp.body_error.empty() ? std::string_view(parse_error) : std::string_view(resp.body_error);
        facts.body_excerpt = resp.body;
        facts.request_sent = resp.request_sent;
        facts.stale = resp.stale;
        facts.tls_refused = resp.tls_refused;
        act = attempt.on_response(facts, envelope ? &*envelope : nullptr, now(), unix_now_ms());
        notify();  // a request ended: the quota and the gate may have changed
        if (act.step != Step::store) {
          spdlog::debug("attempt {} for q=\"{}\" hl={} gl={}: {}", attempt.attempts(), item.query.q,
                        item.query.hl, item.query.gl,
                        resp.status == 0 ? resp.network_error
                                         : std::to_string(resp.status) + " " + std::string(facts.body_error));
        }
        break;
      }
      case Step::store: {
        StoredResult stored{item.key,        item.query.q, item.query.hl, item.query.gl,
                            item.query.city, std::move(resp.body), unix_now_ms(), envelope->cached,
                            envelope->quota, 0, {}, {}, false};
        WriteRequest w{opt_.job.name,
                       PutResult{std::move(stored), std::move(*envelope), attempt.charged(),
                                 static_cast<std::uint32_t>(attempt.attempts())},
                       quota_.state()};
        auto r = co_await store_write(std::move(w));
        act = attempt.on_written(r ? std::nullopt : std::optional(r.error().message));
        break;
      }
      case Step::record_failed: {
        spdlog::warn("failed: q=\"{}\" hl={} gl={}{}{}: {} (after {} attempt{})", item.query.q,
                     item.query.hl, item.query.gl, item.query.city.empty() ? "" : " city=",
                     item.query.city, act.message, attempt.attempts(), attempt.attempts() == 1 ? "" : "s");
        WriteRequest w{opt_.job.name,
                       MarkFailed{item.key, static_cast<std::uint32_t>(attempt.attempts()), act.status,
                                  act.message},
                       std::nullopt};
        auto r = co_await store_write(std::move(w));
        act = attempt.on_written(r ? std::nullopt : std::optional(r.error().message));
        break;
      }
      case Step::save_quota: {
        // (A named request: gcc 12 mishandles temporaries inside a co_await in a condition.)
        WriteRequest remember{opt_.job.name, QuotaUpdate{}, quota_.state()};
        const auto saved = co_await store_write(std::move(remember));
        if (!saved) spdlog::error("could not save the quota state: {}", saved.error().message);
        act = attempt.next(now(), unix_now_ms());
        break;
      }
      case Step::stop_run:
        request_stop(act.reason, act.message);
        co_return;
      case Step::finished:
        co_return;
    }
  }
}

asio::awaitable<void> Harvest::worker() {
  // Cancellation (the drain deadline) must not throw out of the next await: the worker still
  // settles its key and stores what it holds.
  co_await asio::this_coro::throw_if_cancelled(false);
  std::unique_ptr<Transport> conn;
  if (opt_.transport) {
    conn = opt_.transport(io_.get_executor());
  } else {
    ConnectionConfig cfg;
    cfg.api_key = opt_.api_key;
    cfg.user_agent = std::string("paa-harvester/") + kVersion;
    cfg.timeout = std::chrono::milliseconds(static_cast<std::int64_t>(opt_.job.limits.timeout_s * 1000));
    cfg.max_body = opt_.max_body;
    conn = std::make_unique<HttpConnection>(io_.get_executor(), tls_, opt_.endpoint, cfg);
  }
  struct Finish {
    Harvest* h;
    ~Finish() { h->finish_worker(); }
  } finish{this};
  for (;;) {
    auto [ec, item] = co_await channel_.async_receive(use_tuple);
    if (ec || item.key.empty()) break;
    // Counted however process() ends (a bug's exception included): the feeder waiting for a
    // level to settle must never wait for a key nobody holds.
    struct Settled {
      Harvest* h;
      ~Settled() {
        {
          std::lock_guard lock(h->settle_mu_);
          ++h->finished_;
        }
        h->settle_cv_.notify_all();
      }
    } settled{this};
    co_await process(*conn, std::move(item));
  }
  conn->close();
}

void Harvest::mark_stopping() {
  {
    std::lock_guard lock(settle_mu_);
    stopping_ = true;
  }
  stopping_seen_ = true;
  settle_cv_.notify_all();
}

bool Harvest::stopping() { return stopping_seen_.load(); }

bool Harvest::wait_settled(const FailFn& fail) {
  {
    std::unique_lock lock(settle_mu_);
    settle_cv_.wait(lock, [this] { return stopping_ || finished_ >= sent_; });
    if (stopping_) return false;
  }
  // And the feeder's own bookkeeping writes: all of them acknowledged, none failed.
  if (auto e = await_feeder_writes()) {
    fail(*e);
    return false;
  }
  return !stopping();
}

std::optional<Error> Harvest::await_feeder_writes() {
  std::size_t held = 0;
  while (held < kFeederStoreWrites && feeder_writes_->try_acquire_for(opt_.store_ack_timeout)) ++held;
  feeder_writes_->release(static_cast<std::ptrdiff_t>(held));
  if (held < kFeederStoreWrites) {
    return make_error(errc::store, "the store did not acknowledge a write within " +
                                       std::to_string(opt_.store_ack_timeout.count()) + " ms");
  }
  return feeder_write_error_->get();
}

void Harvest::finish_worker() {
  if (--workers_left_ > 0) return;
  mark_stopping();  // nobody is left to settle a key
  // Every worker is done: stop what keeps the io_context alive.
  channel_.close();
  channel_.cancel();
  boost::system::error_code ignored;
  signals_.cancel(ignored);
  progress_timer_.cancel();
  drain_timer_.cancel();
  notify();
}

void Harvest::feeder_main() {
  // Blocks this thread (never the io thread) until the channel takes the item; fails once the
  // run stops (the channel is closed and its pending send cancelled).
  auto send = [this](WorkItem item) -> bool {
    if (!item.key.empty()) {
      std::lock_guard lock(settle_mu_);
      ++sent_;  // before the send: a worker may finish the key before this thread goes on
    }
    auto fut = channel_.async_send(boost::system::error_code{}, std::move(item), asio::use_future);
    try {
      fut.get();
      return true;
    } catch (const std::exception&) {
      return false;
    }
  };
  auto fail = [this](const Error& e) {
    feeder_error_ = e.message;
    feeder_error_reason_ = stop_reason_for(e);
  };

  // Only keys the job lists more than once need remembering: a set of every key was 16 MiB
  // for a million-key job, all of it held for the whole run (BENCHMARKS.md case 4).
  FeedFilter filter(opt_.repeated_key_hashes, opt_.refresh, opt_.shard);
  // A level pass an earlier run left unfinished is finished before anything is fed: its parents'
  // outcomes must be the ones it began with (a retried key must not become a parent midway).
  const bool resumed = !opt_.job.expand.enabled() || resume_cut_short_pass(fail);
  auto reader = JobReader::open(opt_.job);
  if (!resumed) {
    // stopped or failed (fail() said why)
  } else if (!reader) {
    fail(reader.error());
  } else {
    for (;;) {
      if (stopping()) break;
      auto next = reader->next();
      if (!next) {
        fail(next.error());
        break;
      }
      if (!*next) break;
      JobItem& ji = **next;
      std::string key = encode_key(ji.query.key);
      auto feed = filter.decide(opt_.job.name, key, key_hash(key), store_);
      if (!feed) {
        fail(feed.error());
        break;
      }
      if (*feed == Feed::fetch || *feed == Feed::refresh) {
        if (*feed == Feed::refresh) ++refresh_sent_;
        if (!send(WorkItem{std::move(ji.query), std::move(key)})) break;
        continue;
      }
      if (*feed == Feed::repeat) {
        ++duplicates_;
        continue;
      }
      if (*feed == Feed::other_shard) continue;
      if (*feed == Feed::stored_elsewhere && !mark_done_elsewhere(key, fail)) break;
      ++already_stored_;
    }
  }
  if (opt_.job.expand.enabled() && feeder_error_.empty()) expand_levels(send, fail);
  // End of input: one empty item per worker, after every real one (the channel is FIFO).
  for (int i = 0; i < opt_.job.limits.concurrency; ++i) {
    if (!send(WorkItem{})) break;
  }
  // Every bookkeeping write acknowledged before the run ends (or the store is failing).
  if (auto e = await_feeder_writes(); e && feeder_error_.empty()) fail(*e);
  if (!feeder_error_.empty()) {
    asio::post(io_, [this] { request_stop(feeder_error_reason_, feeder_error_); });
  }
}

bool Harvest::resume_cut_short_pass(const FailFn& fail) {
  const ExpandSpec& spec = opt_.job.expand;
  auto stored = store_.expansion_state(opt_.job.name);
  if (!stored) {
    fail(stored.error());
    return false;
  }
  // A pass under way, or a level max_keys cut that a higher max_keys now reopens.
  const ExpansionState state = reopen_cut_level(*stored, spec);
  const bool under_way = state.pass_parents > 0 || state.pass_admitted > 0 || state.built != stored->built;
  if (!under_way || state.built >= static_cast<std::uint32_t>(spec.depth)) return true;
  const std::uint32_t level = state.built + 1;
  level_ = level;
  spdlog::info("level {}: finishing the level an earlier run began, before anything is sent", level);
  return make_level(level, state, fail).has_value();
}

std::optional<ExpansionState> Harvest::make_level(std::uint32_t level, const ExpansionState& state,
                                                  const FailFn& fail) {
  auto built = build_level(opt_.job, opt_.repeated_key_hashes, level, state, store_, opt_.max_body,
                           [this] { return stopping(); });
  if (!built) {
    fail(built.error());
    return std::nullopt;
  }
  if (!*built) return std::nullopt;  // stopped; the next run resumes the pass
  const ExpansionState& made = **built;
  discovered_ = made.discovered();
  spdlog::info("level {}: {} new queries ({} discovered in all{})", level, made.level_keys[level - 1],
               made.discovered(), made.cut_level != 0 ? ", max_keys reached" : "");
  return made;
}

bool Harvest::mark_done_elsewhere(const std::string& key, const FailFn& fail) {
  // Done here, nothing spent. At most kFeederStoreWrites in flight: a burst of these must
  // never fill the queue that the workers' paid results go through.
  feeder_writes_->acquire();
  WriteRequest w{opt_.job.name, MarkDone{key}, std::nullopt};
  if (!store_.submit(std::move(w), [writes = feeder_writes_, errors = feeder_write_error_](Result<void> r) {
        if (!r) errors->set(r.error());
        writes->release();
      })) {
    feeder_writes_->release();
    fail(make_error(errc::store, "the store's write queue is full (a bug: please report it)"));
    return false;
  }
  return true;
}

void Harvest::expand_levels(const SendFn& send, const FailFn& fail) {
  const ExpandSpec& spec = opt_.job.expand;
  // A level is made from a finished level only: every key of it stored or failed for good.
  // After a stop, the next run finishes the level first.
  if (!wait_settled(fail)) return;
  auto stored_state = store_.expansion_state(opt_.job.name);
  if (!stored_state) return fail(stored_state.error());
  ExpansionState state = reopen_cut_level(*stored_state, spec);
  discovered_ = state.discovered();
  for (std::uint32_t level = 1; level <= static_cast<std::uint32_t>(spec.depth); ++level) {
    level_ = level;
    if (state.built < level) {
      spdlog::info("level {}: finding new queries in the answers of level {}", level, level - 1);
      auto made = make_level(level, state, fail);
      if (!made) return;  // failed (fail() said why) or stopped
      state = std::move(*made);
    }
    total_keys_ += state.level_keys[level - 1];
    if (!feed_level(level, send, fail)) return;
    if (!wait_settled(fail)) return;
  }
}

bool Harvest::feed_level(std::uint32_t level, const SendFn& send, const FailFn& fail) {
  // Discovered keys are unique in the job: no repeats to remember; shards do not expand.
  FeedFilter filter({}, opt_.refresh);
  bool ok = true;
  auto scanned = store_.scan_level(opt_.job.name, level, [&](const LevelKey& k) {
    if (stopping()) return ok = false;  // a stop ends the scan, not only the next send
    auto feed = filter.decide(opt_.job.name, k.encoded, 0, store_);
    if (!feed) {
      fail(feed.error());
      return ok = false;
    }
    switch (*feed) {
      case Feed::refresh:  // not in refresh_sent_: the due count covers the job's own keys
      case Feed::fetch:
        if (!send(WorkItem{k.query, k.encoded})) return ok = false;
        return true;
      case Feed::stored_elsewhere:
        if (!mark_done_elsewhere(k.encoded, fail)) return ok = false;
        ++already_stored_;
        return true;
      default:
        ++already_stored_;
        return true;
    }
  });
  if (!scanned) {
    fail(scanned.error());
    return false;
  }
  return ok;
}

std::string Harvest::state_text(SteadyTime now) const {
  if (gate_.stop_reason() != StopReason::none) return "stopping";
  if (quota_.exhausted()) {
    const auto next = quota_.next_probe_ms();
    if (next > unix_now_ms()) return "waiting for quota renewal; next probe " + format_utc(next, "%Y-%m-%d %H:%M:%S UTC");
    return "probing the quota";
  }
  if (rate_.paused(now)) return "backing off (rate limited)";
  return "running";
}

ProgressSnapshot Harvest::snapshot() {
  const auto now = std::chrono::steady_clock::now();
  ProgressSnapshot s;
  s.total = total_keys_.load();
  if (opt_.job.expand.enabled()) {
    s.level = level_.load();
    s.levels = static_cast<std::uint32_t>(opt_.job.expand.depth);
  }
  s.done = tally_.stored + already_stored_.load();
  s.refresh_due = opt_.refresh_due;
  s.refresh_sent = refresh_sent_.load();
  s.failed = tally_.failed;
  s.cached = tally_.cached;
  s.fetched = tally_.stored;
  s.elapsed_s = std::chrono::duration<double>(now - started_).count();
  samples_.emplace_back(now, tally_.stored + tally_.failed);
  while (samples_.size() > 2 && now - samples_.front().first > 20s) samples_.pop_front();
  if (samples_.size() >= 2) {
    const double dt = std::chrono::duration<double>(samples_.back().first - samples_.front().first).count();
    if (dt > 0) s.requests_per_s = static_cast<double>(samples_.back().second - samples_.front().second) / dt;
  }
  if (quota_.exhausted()) s.requests_per_s = 0;  // no ETA while waiting for the renewal
  s.searches_left = quota_.state().searches_left;
  if (quota_.state().renewal_date) s.renewal_date = format_date(*quota_.state().renewal_date);
  s.state = state_text(now);
  return s;
}

void Harvest::print_progress(bool final_line) {
  const std::string line = format_progress(snapshot());
  if (tty_) {
    std::fprintf(stderr, "\r%s\x1b[K%s", line.c_str(), final_line ? "\n" : "");
  } else {
    spdlog::info("progress: {}", line);
  }
}

asio::awaitable<void> Harvest::progress_loop() {
  const auto period = tty_ ? 500ms : 10s;
  while (workers_left_ > 0) {
    progress_timer_.expires_after(period);
    co_await progress_timer_.async_wait(use_tuple);
    if (workers_left_ > 0) print_progress(false);
  }
  if (tty_) print_progress(true);
}

HarvestSummary Harvest::run() {
  HarvestSummary summary;
  auto tls = TlsContext::create(opt_.ca_file);
  if (!tls) {
    summary.stop = StopReason::tls;
    summary.stop_message = tls.error().message;
    return summary;
  }
  tls_ = *tls;

  switch (opt_.progress) {
    case ProgressMode::automatic: tty_ = ::isatty(2) != 0; break;
    case ProgressMode::bar: tty_ = true; break;
    case ProgressMode::log: tty_ = false; break;
    case ProgressMode::none: break;
  }

  std::shared_ptr<spdlog::logger> previous_logger;
  if (tty_ && opt_.progress != ProgressMode::none) {
    previous_logger = spdlog::default_logger();
    auto logger = std::make_shared<spdlog::logger>("paa", std::make_shared<BarAwareSink>());
    logger->set_level(previous_logger->level());
    logger->set_pattern("[%Y-%m-%d %H:%M:%S] %l: %v");
    spdlog::set_default_logger(logger);
  }

  total_keys_ = opt_.total_keys;
  const int n = opt_.job.limits.concurrency;
  workers_left_ = n;
  for (int i = 0; i < n; ++i) spawn(worker(), "worker", worker_cancel_[static_cast<std::size_t>(i)].slot());
  if (opt_.progress != ProgressMode::none) spawn(progress_loop(), "progress display");
  signals_.async_wait([this](const boost::system::error_code& e, int s) { on_signal(e, s); });

  feeder_ = std::thread([this] { feeder_main(); });
  io_.run();
  channel_.close();
  channel_.cancel();
  feeder_.join();
  // A feeder error posted after the workers ended is still in the queue.
  io_.restart();
  io_.poll();
  mailbox_->close();  // acknowledgements that come later find nobody waiting
  if (previous_logger) spdlog::set_default_logger(previous_logger);

  const SpendLedger& ledger = quota_.ledger();
  summary.fetched = tally_.stored;
  summary.already_stored = already_stored_;
  summary.refresh_sent = refresh_sent_;
  summary.duplicates = duplicates_;
  summary.failed = tally_.failed;
  summary.cached = tally_.cached;
  summary.searches_spent = ledger.charged();
  summary.unknown_outcomes = ledger.unknown();
  summary.unknown_disproved = ledger.released();
  summary.balance_fall = ledger.balance_fall();
  summary.requests = tally_.requests;
  summary.retries = tally_.retries;
  summary.resent_stale = tally_.resent_stale;
  summary.rate_limited = tally_.rate_limited;
  summary.task_errors = task_errors_;
  summary.stop = gate_.stop_reason();
  summary.quota = quota_.state();
  summary.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  const std::uint64_t settled = summary.fetched + summary.already_stored + summary.failed;
  const std::uint64_t total = total_keys_.load();
  summary.pending = total > settled ? total - settled : 0;
  summary.level = level_.load();
  summary.discovered = discovered_;

  switch (summary.stop) {
    case StopReason::quota: {
      std::string when = summary.quota.renewal_date ? "on " + format_date(*summary.quota.renewal_date)
                                                    : "at an unknown date";
      summary.stop_message = "quota exhausted; it renews " + when + "; run `paa run " +
                             opt_.job.file.string() + "` again then";
      break;
    }
    case StopReason::budget:
      summary.stop_message = "max_searches (" + std::to_string(opt_.job.limits.max_searches) +
                             ") reached; raise it (--max-searches) or run again to continue";
      break;
    case StopReason::interrupted:
      summary.stop_message = "interrupted; run the same command to resume";
      break;
    default:
      summary.stop_message = stop_message_;
  }
  return summary;
}

}  // namespace

Result<HarvestSummary> run_harvest(const HarvestOptions& options, StoreWriter& store) {
  // The remembered quota (an exhaustion, the ledger's balance) decides whether anything may be
  // sent: a record that cannot be read is a store failure, never a fresh start.
  auto stored_quota = store.quota();
  if (!stored_quota) return prefixed("cannot read the store's quota record, so nothing was sent: ", stored_quota.error());
  Harvest harvest(options, store, *stored_quota);
  return harvest.run();
}

int exit_code_for(const HarvestSummary& s) {
  if (s.stop != StopReason::none) return exit_code_for(s.stop);
  if (s.failed > 0 || s.task_errors > 0) return kExitPartial;
  return kExitOk;
}

}  // namespace paa
