// The coroutine shell of `paa run`. Decisions live in pure classes (StartGate, QuotaTracker,
// RateController, classify, RetryBackoff); this file only moves bytes and waits.
//
// Threads: one io_context thread runs every worker coroutine (one connection each); a feeder
// thread streams the job file, does the store's point lookups (disk) and feeds a bounded
// channel; the store's own writer thread commits results (and the quota state), awaited
// asynchronously: nothing blocks the io thread on the disk.
#include "paa/harvest/harvester.hpp"

#include "paa/exit_code.hpp"
#include "paa/harvest/progress.hpp"
#include "paa/harvest/repeated_keys.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/envelope.hpp"
#include "paa/net/http_connection.hpp"
#include "paa/policy/outcome_policy.hpp"
#include "paa/policy/retry_backoff.hpp"
#include "paa/version.hpp"

#include <boost/asio/as_tuple.hpp>
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
#include <csignal>
#include <cstdio>
#include <deque>
#include <future>
#include <mutex>
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
        wake_(io_, SteadyTime::max()),
        progress_timer_(io_),
        drain_timer_(io_),
        channel_(io_, static_cast<std::size_t>(options.job.limits.concurrency) * 2),
        signals_(io_, SIGINT, SIGTERM) {}

  HarvestSummary run();

 private:
  // --- coroutines ---
  asio::awaitable<void> worker(int id);
  asio::awaitable<void> process(HttpConnection& conn, WorkItem item);
  asio::awaitable<StartGate::Decision> acquire_start();
  asio::awaitable<void> wait_for_change(std::optional<SteadyTime> until);
  asio::awaitable<Result<void>> store_write(WriteRequest request);
  asio::awaitable<void> record_failed(const WorkItem& item, int attempts, int status,
                                      std::string reason);
  asio::awaitable<void> progress_loop();

  void feeder_main();
  void spawn(asio::awaitable<void> task, const char* what);
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
  asio::steady_timer wake_;  // broadcast: cancel() wakes every waiter
  asio::steady_timer progress_timer_;
  asio::steady_timer drain_timer_;
  KeyChannel channel_;
  asio::signal_set signals_;
  std::shared_ptr<TlsContext> tls_;
  std::vector<HttpConnection*> connections_;
  std::thread feeder_;
  std::atomic<bool> stopping_{false};
  std::string feeder_error_;  // written by the feeder before it exits; read after join

  int workers_left_ = 0;
  std::string stop_message_;
  int signals_seen_ = 0;

  // Counters. The feeder's are atomic; the rest live on the io thread.
  std::atomic<std::uint64_t> already_stored_{0};
  std::atomic<std::uint64_t> duplicates_{0};
  std::uint64_t fetched_ = 0, failed_ = 0, cached_ = 0, spent_ = 0, requests_ = 0, retries_ = 0,
                rate_limited_ = 0, task_errors_ = 0;

  // Progress: recent (time, done) samples for the rate and ETA.
  std::deque<std::pair<SteadyTime, std::uint64_t>> samples_;
  bool tty_ = false;
};

void Harvest::spawn(asio::awaitable<void> task, const char* what) {
  asio::co_spawn(io_, std::move(task), [this, what](std::exception_ptr e) {
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
  });
}

void Harvest::request_stop(StopReason reason, std::string message) {
  if (gate_.stop_reason() == StopReason::none) {
    gate_.request_stop(reason);
    stop_message_ = std::move(message);
    if (!stop_message_.empty()) spdlog::warn("{}", stop_message_);
  }
  stopping_ = true;
  // No new keys: the feeder sees stopping_, and a send it is blocked in fails.
  channel_.cancel();
  notify();
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
  {  // the first signal: in-flight requests get drain_timeout, then their sockets close
    spawn(
        [this]() -> asio::awaitable<void> {
          drain_timer_.expires_after(opt_.drain_timeout);
          auto [cancelled] = co_await drain_timer_.async_wait(use_tuple);
          if (cancelled) co_return;  // everything drained in time
          for (auto* c : connections_) {
            if (c) c->cancel();
          }
        }(),
        "drain timer");
  }
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

asio::awaitable<StartGate::Decision> Harvest::acquire_start() {
  for (;;) {
    const auto now = std::chrono::steady_clock::now();
    auto d = gate_.decide(now, unix_now_ms());
    switch (d.kind) {
      case StartGate::Kind::go:
      case StartGate::Kind::go_probe:
        gate_.on_start(d, now);
        if (d.kind == StartGate::Kind::go_probe) spdlog::info("probing the quota with one request");
        co_return d;
      case StartGate::Kind::stop:
        // The gate decided it (quota, budget): make it the run's stop reason.
        if (gate_.stop_reason() == StopReason::none) request_stop(d.reason, "");
        co_return d;
      case StartGate::Kind::wait_event:
        co_await wait_for_change(std::nullopt);
        break;
      case StartGate::Kind::wait_until:
        co_await wait_for_change(d.until);
        break;
    }
  }
}

asio::awaitable<Result<void>> Harvest::store_write(WriteRequest request) {
  for (int tries = 0;; ++tries) {
    // The writer thread calls back; the result is posted to the io thread, whose work count
    // keeps run() alive meanwhile.
    auto tracked = asio::prefer(io_.get_executor(), asio::execution::outstanding_work.tracked);
    auto promise = std::make_shared<std::optional<Result<void>>>();
    asio::steady_timer done(io_, SteadyTime::max());
    const bool queued = store_.submit(std::move(request), [tracked, promise, &done](Result<void> r) {
      asio::post(tracked, [promise, &done, r = std::move(r)]() mutable {
        *promise = std::move(r);
        done.cancel();
      });
    });
    if (!queued) {
      // Cannot happen with the queue sized for every worker; survive it anyway.
      if (tries > 1000) co_return make_error("the store's write queue stayed full");
      asio::steady_timer t(io_, 1ms);
      co_await t.async_wait(use_tuple);
      continue;
    }
    while (!*promise) co_await done.async_wait(use_tuple);
    co_return std::move(**promise);
  }
}

asio::awaitable<void> Harvest::record_failed(const WorkItem& item, int attempts, int status,
                                             std::string reason) {
  spdlog::warn("failed: q=\"{}\" hl={} gl={}{}{}: {} (after {} attempt{})", item.query.q,
               item.query.hl, item.query.gl, item.query.city.empty() ? "" : " city=",
               item.query.city, reason, attempts, attempts == 1 ? "" : "s");
  WriteRequest w{opt_.job.name,
                 MarkFailed{item.key, static_cast<std::uint32_t>(attempts), status, reason},
                 std::nullopt};
  auto r = co_await store_write(std::move(w));
  if (!r) {
    request_stop(StopReason::store_failure, "the store failed: " + r.error().message);
    co_return;
  }
  ++failed_;
}

asio::awaitable<void> Harvest::process(HttpConnection& conn, WorkItem item) {
  const std::string target = alsoask_target(opt_.endpoint, item.query);
  ParseLimits limits;
  limits.max_body_bytes = opt_.max_body;
  int attempts = 0;
  int failures = 0;
  int throttled = 0;
  for (;;) {
    const auto decision = co_await acquire_start();
    if (decision.kind == StartGate::Kind::stop) {
      co_return;  // not sent: left for the next run
    }
    ++attempts;
    ++requests_;
    if (attempts > 1) ++retries_;
    HttpResponse resp = co_await conn.get(target);

    std::optional<Envelope> envelope;
    std::string parse_error;
    if (resp.status == 200 && resp.body_error.empty()) {
      auto parsed = parse_envelope(resp.body, limits);
      if (parsed) {
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
    const Outcome outcome = classify(facts);
    const auto now = std::chrono::steady_clock::now();
    const auto now_ms = unix_now_ms();

    if (resp.tls_refused) {
      // The key was not sent. Nothing else will verify either: stop the run.
      quota_.on_other(now_ms);
      request_stop(StopReason::tls, resp.network_error);
      co_return;
    }

    switch (outcome.verdict) {
      case Verdict::store: {
        const bool cached = envelope->cached;
        quota_.on_success(envelope->quota, cached, now_ms);
        rate_.on_success(now);
        notify();
        StoredResult stored{item.key,        item.query.q, item.query.hl, item.query.gl,
                            item.query.city, std::move(resp.body), now_ms, cached,
                            envelope->quota};
        WriteRequest w{opt_.job.name,
                       PutResult{std::move(stored), std::move(*envelope), !cached,
                                 static_cast<std::uint32_t>(attempts)},
                       quota_.state()};
        auto r = co_await store_write(std::move(w));
        if (!r) {
          request_stop(StopReason::store_failure,
                       "the store failed; this result was not saved: " + r.error().message);
          co_return;
        }
        ++fetched_;
        if (cached) {
          ++cached_;
        } else {
          ++spent_;
        }
        co_return;
      }
      case Verdict::retry: {
        quota_.on_other(now_ms);
        notify();
        ++failures;
        spdlog::debug("attempt {} for q=\"{}\" hl={} gl={} failed: {}", attempts, item.query.q,
                      item.query.hl, item.query.gl, outcome.reason);
        const auto delay = backoff_.next_delay(failures);
        if (!delay) {
          co_await record_failed(item, attempts, resp.status, outcome.reason);
          co_return;
        }
        const auto until = std::chrono::steady_clock::now() + *delay;
        while (std::chrono::steady_clock::now() < until && !stopping_) {
          co_await wait_for_change(until);
        }
        continue;
      }
      case Verdict::fail_key:
        quota_.on_other(now_ms);
        notify();
        co_await record_failed(item, attempts, resp.status, outcome.reason);
        co_return;
      case Verdict::stop_auth:
        quota_.on_other(now_ms);
        request_stop(StopReason::auth, auth_failure_message(resp.status, opt_.job.api_key_env));
        co_return;
      case Verdict::rate_limited:
        quota_.on_other(now_ms);
        rate_.on_rate_limited(now, *outcome.retry_after);
        ++rate_limited_;
        notify();
        if (++throttled > 1000) {
          co_await record_failed(item, attempts, resp.status, "rate limited 1000 times in a row");
          co_return;
        }
        continue;
      case Verdict::quota_exhausted: {
        quota_.on_exhausted(now_ms);
        notify();
        // Remembered, so a rerun before the renewal sends one probe, not a burst.
        // (A named request: gcc 12 mishandles temporaries inside a co_await in a condition.)
        WriteRequest remember{opt_.job.name, QuotaUpdate{}, quota_.state()};
        const auto saved = co_await store_write(std::move(remember));
        if (!saved) spdlog::error("could not save the quota state: {}", saved.error().message);
        continue;  // the gate waits for the renewal (or stops the run) before this key goes again
      }
    }
  }
}

asio::awaitable<void> Harvest::worker(int id) {
  ConnectionConfig cfg;
  cfg.api_key = opt_.api_key;
  cfg.user_agent = std::string("paa-harvester/") + kVersion;
  cfg.timeout = std::chrono::milliseconds(static_cast<std::int64_t>(opt_.job.limits.timeout_s * 1000));
  cfg.max_body = opt_.max_body;
  HttpConnection conn(io_.get_executor(), tls_, opt_.endpoint, cfg);
  connections_[static_cast<std::size_t>(id)] = &conn;
  struct Unregister {
    Harvest* h;
    int id;
    ~Unregister() {
      h->connections_[static_cast<std::size_t>(id)] = nullptr;
      h->finish_worker();
    }
  } unregister{this, id};
  while (!stopping_) {
    auto [ec, item] = co_await channel_.async_receive(use_tuple);
    if (ec || item.key.empty()) break;
    co_await process(conn, std::move(item));
  }
  conn.cancel();
}

void Harvest::finish_worker() {
  if (--workers_left_ > 0) return;
  // Every worker is done: stop what keeps the io_context alive.
  stopping_ = true;
  channel_.cancel();
  boost::system::error_code ignored;
  signals_.cancel(ignored);
  progress_timer_.cancel();
  drain_timer_.cancel();
  notify();
}

void Harvest::feeder_main() {
  // Blocks this thread (never the io thread) until the channel takes the item or we stop.
  auto send = [this](WorkItem item) -> bool {
    if (stopping_) return false;
    auto fut = channel_.async_send(boost::system::error_code{}, std::move(item), asio::use_future);
    while (fut.wait_for(100ms) == std::future_status::timeout) {
      if (stopping_) channel_.cancel();
    }
    try {
      fut.get();
      return true;
    } catch (const std::exception&) {
      return false;
    }
  };

  // Shared with the writer's callbacks, which may run after this function returns.
  auto marks_in_flight = std::make_shared<std::atomic<std::int64_t>>(0);
  // Only keys the job lists more than once need remembering: a set of every key was 16 MiB
  // for a million-key job, all of it held for the whole run (BENCHMARKS.md case 4).
  RepeatedKeys repeated(opt_.repeated_key_hashes);
  auto reader = JobReader::open(opt_.job);
  if (!reader) {
    feeder_error_ = reader.error().message;
  } else {
    while (!stopping_) {
      auto next = reader->next();
      if (!next) {
        feeder_error_ = next.error().message;
        break;
      }
      if (!*next) break;
      JobItem& ji = **next;
      std::string key = encode_key(ji.query.key);
      // Each key at most once per run: a repeat in the job is never fetched twice (for the
      // files as check_job read them: README asks that they not change during a run).
      if (!repeated.first_time(key_hash(key))) {
        ++duplicates_;
        continue;
      }
      if (!opt_.refresh) {
        auto stored = store_.has_result(key);
        if (!stored) {
          feeder_error_ = stored.error().message;
          break;
        }
        if (*stored) {
          auto progress = store_.progress(opt_.job.name, key);
          if (!progress) {
            feeder_error_ = progress.error().message;
            break;
          }
          if (!*progress || (*progress)->state != ProgressState::done) {
            // Stored by another job (or before this job knew it): done here, nothing spent.
            // Capped in flight (kFeederStoreWrites): a burst of these must never fill the
            // queue that the workers' paid results go through. Only this thread adds to the
            // count, so the check never sees the dip of a callback that runs before the add.
            WriteRequest w{opt_.job.name, MarkDone{key}, std::nullopt};
            while (!stopping_) {
              if (*marks_in_flight < static_cast<std::int64_t>(kFeederStoreWrites) &&
                  store_.submit(std::move(w), [marks_in_flight](Result<void>) { --*marks_in_flight; })) {
                ++*marks_in_flight;
                break;
              }
              std::this_thread::sleep_for(1ms);  // back-pressure
            }
          }
          ++already_stored_;
          continue;
        }
      }
      if (!send(WorkItem{std::move(ji.query), std::move(key)})) break;
    }
  }
  // End of input: one empty item per worker, after every real one (the channel is FIFO).
  for (int i = 0; i < opt_.job.limits.concurrency; ++i) {
    if (!send(WorkItem{})) break;
  }
  if (!feeder_error_.empty()) {
    asio::post(io_, [this] { request_stop(StopReason::store_failure, feeder_error_); });
  }
}

std::string Harvest::state_text(SteadyTime now) const {
  if (stopping_ && gate_.stop_reason() != StopReason::none) return "stopping";
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
  s.total = opt_.total_keys;
  s.done = fetched_ + already_stored_.load();
  s.failed = failed_;
  s.cached = cached_;
  s.fetched = fetched_;
  s.elapsed_s = std::chrono::duration<double>(now - started_).count();
  samples_.emplace_back(now, fetched_ + failed_);
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

  const int n = opt_.job.limits.concurrency;
  workers_left_ = n;
  connections_.assign(static_cast<std::size_t>(n), nullptr);
  for (int i = 0; i < n; ++i) spawn(worker(i), "worker");
  if (opt_.progress != ProgressMode::none) spawn(progress_loop(), "progress display");
  signals_.async_wait([this](const boost::system::error_code& e, int s) { on_signal(e, s); });

  feeder_ = std::thread([this] { feeder_main(); });
  io_.run();
  stopping_ = true;
  channel_.cancel();
  feeder_.join();
  // A feeder error posted after the workers ended is still in the queue.
  io_.restart();
  io_.poll();
  if (previous_logger) spdlog::set_default_logger(previous_logger);

  summary.fetched = fetched_;
  summary.already_stored = already_stored_;
  summary.duplicates = duplicates_;
  summary.failed = failed_;
  summary.cached = cached_;
  summary.searches_spent = spent_;
  summary.requests = requests_;
  summary.retries = retries_;
  summary.rate_limited = rate_limited_;
  summary.task_errors = task_errors_;
  summary.stop = gate_.stop_reason();
  summary.quota = quota_.state();
  summary.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  const std::uint64_t settled = summary.fetched + summary.already_stored + summary.failed;
  summary.pending = opt_.total_keys > settled ? opt_.total_keys - settled : 0;

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

HarvestSummary run_harvest(const HarvestOptions& options, StoreWriter& store) {
  auto stored_quota = store.quota();
  Harvest harvest(options, store, stored_quota ? *stored_quota : QuotaState{});
  return harvest.run();
}

int exit_code_for(const HarvestSummary& s) {
  switch (s.stop) {
    case StopReason::interrupted: return kExitInterrupted;
    case StopReason::auth: return kExitAuth;
    case StopReason::quota:
    case StopReason::budget: return kExitQuota;
    case StopReason::tls: return kExitUsage;
    case StopReason::store_failure: return 1;
    case StopReason::none: break;
  }
  if (s.failed > 0 || s.task_errors > 0) return kExitPartial;
  return kExitOk;
}

}  // namespace paa
