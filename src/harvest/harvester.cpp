// The coroutine shell of `paa run`: it performs the actions of the pure classes (KeyAttempt, which
// drives StartGate, ServiceHealth, QuotaTracker, RateController, classify and RetryBackoff) and
// waits; it decides nothing.
//
// Threads: one io_context thread runs every worker coroutine (one connection each), as one task
// group; the feeder (feeder.cpp) streams the job on a thread of its own, does the store's point
// lookups (disk) and feeds a bounded channel; the store's writer thread commits results (and the
// quota state), awaited asynchronously (async_store_write): nothing blocks the io thread on the
// disk. Shutdown is Asio cancellation: stop issuing, drain for drain_timeout, then cancel.
#include "paa/harvest/harvester.hpp"

#include "paa/exit_code.hpp"
#include "paa/harvest/async_store_write.hpp"
#include "paa/harvest/feeder.hpp"
#include "paa/harvest/interrupts.hpp"
#include "paa/harvest/progress_display.hpp"
#include "paa/harvest/quota_notice.hpp"
#include "paa/harvest/run_core.hpp"
#include "paa/harvest/run_report.hpp"
#include "paa/harvest/task_failures.hpp"
#include "paa/harvest/work_channel.hpp"
#include "paa/harvest/task_group.hpp"
#include "paa/model/clock.hpp"
#include "paa/model/duration.hpp"
#include "paa/version.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <spdlog/spdlog.h>

#include <thread>

namespace paa {

namespace {

namespace asio = boost::asio;
constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);
SteadyTime steady_now() { return std::chrono::steady_clock::now(); }

// One key in a worker's hands: its item, its KeyAttempt (which refers to the item: a KeyRun
// never moves), and where it stands.
struct KeyRun {
  KeyRun(RunCore& core, WorkItem work, const ServiceEndpoint& endpoint)
      : item(std::move(work)), attempt(core.attempt(item)), target(alsoask_target(endpoint, item.query)) {}
  KeyRun(const KeyRun&) = delete;
  KeyRun& operator=(const KeyRun&) = delete;
  WorkItem item;
  KeyAttempt attempt;
  std::string target;
  bool held = false;  // set aside (KeyAttempt::Step::hold): resume() when ready
};

class Harvest {
 public:
  Harvest(const HarvestOptions& options, StoreWriter& store, const QuotaState& stored_quota, bool service_reached)
      : opt_(options),
        store_(store),
        started_(steady_now()),
        core_(options, stored_quota, service_reached, started_, unix_now_ms()),
        workers_(io_.get_executor()),
        wake_(io_, SteadyTime::max()),
        progress_timer_(io_),
        drain_timer_(io_),
        channel_(io_.get_executor(), static_cast<std::size_t>(options.job.limits.concurrency) * 2),
        interrupts_(io_.get_executor(),
                    [this](const std::string& what) {
                      request_stop(StopReason::interrupted,
                                   what + ": finishing requests in flight (up to " +
                                       std::to_string(opt_.drain_timeout.count() / 1000) +
                                       " s); press Ctrl-C again to quit at once");
                    }),
        rate_meter_(started_),
        feeder_(options, store, settle_, counters_, [this](WorkItem item) { return channel_.send(std::move(item)); }) {}

  HarvestSummary run();

 private:
  asio::awaitable<void> supervise();
  asio::awaitable<void> worker();
  asio::awaitable<std::unique_ptr<KeyRun>> next_key(bool& input_open);
  asio::awaitable<void> process(Transport& conn, KeyRun& run);
  std::unique_ptr<KeyRun> take_ready_held();
  void log_health(ServiceHealth::Event event);
  asio::awaitable<void> wait_for_change(std::optional<SteadyTime> until);
  asio::awaitable<Result<void>> write(WriteRequest request);
  asio::awaitable<void> drain_then_cancel();
  asio::awaitable<void> show_progress();

  std::unique_ptr<Transport> connect();
  void request_stop(StopReason reason, std::string message);
  void notify() { wake_.cancel(); }  // a request ended: every waiter looks at the gate again
  void announce_quota_wait() {
    if (auto said = quota_notice_.next(core_.quota, opt_.job.limits.on_quota, unix_now_ms())) spdlog::warn("{}", *said);
  }
  RunView view() const;
  ProgressSnapshot snapshot();

  const HarvestOptions& opt_;
  StoreWriter& store_;
  const SteadyTime started_;

  asio::io_context io_;
  std::shared_ptr<TlsContext> tls_;
  RunCore core_;
  TaskFailures failures_;
  TaskGroup workers_;
  asio::steady_timer wake_;  // broadcast: cancel() wakes every waiter
  asio::steady_timer progress_timer_;
  asio::steady_timer drain_timer_;
  WorkChannel channel_;
  Interrupts interrupts_;
  std::string stop_message_;
  RateMeter rate_meter_;
  QuotaWaitNotice quota_notice_;
  std::optional<ProgressDisplay> display_;  // for the run: its logger is put back afterwards
  SettleBarrier settle_;
  FeedCounters counters_;
  Feeder feeder_;
  // Keys set aside until the service's health tells whose their failures are (bounded: a streak
  // that holds as many keys as an outage needs becomes one); and the keys in workers' hands.
  std::vector<std::unique_ptr<KeyRun>> held_;
  int active_ = 0;
};

std::unique_ptr<Transport> Harvest::connect() {
  if (opt_.transport) return opt_.transport(io_.get_executor());
  ConnectionConfig cfg;
  cfg.api_key = opt_.api_key;
  cfg.user_agent = std::string("paa-harvester/") + kVersion;
  cfg.timeout = std::chrono::milliseconds(static_cast<std::int64_t>(opt_.job.limits.timeout_s * 1000));
  cfg.max_body = opt_.max_body;
  return std::make_unique<HttpConnection>(io_.get_executor(), tls_, opt_.endpoint, cfg);
}

void Harvest::request_stop(StopReason reason, std::string message) {
  settle_.stop();
  const bool first = core_.gate.stop_reason() == StopReason::none;
  if (first) {
    core_.gate.request_stop(reason);
    stop_message_ = std::move(message);
    if (!stop_message_.empty()) spdlog::warn("{}", stop_message_);
  }
  // Stop issuing: the gate refuses every start; no new key leaves the channel, and a send the
  // feeder is blocked in fails (close refuses new ones, cancel ends the pending one).
  channel_.close();
  notify();
  // Then drain: requests in flight get drain_timeout to finish and be stored.
  if (first && workers_.size() > 0) asio::co_spawn(io_, drain_then_cancel(), failures_.handler("the drain timer"));
}

asio::awaitable<void> Harvest::drain_then_cancel() {
  drain_timer_.expires_after(opt_.drain_timeout);
  auto [ec] = co_await drain_timer_.async_wait(use_tuple);
  if (ec) co_return;  // every worker ended in time
  // Then cancel: each worker's pending operation ends at once; its stream is closed.
  workers_.emit(asio::cancellation_type::terminal);
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

asio::awaitable<Result<void>> Harvest::write(WriteRequest request) {
  // A durable write is awaited even when the drain deadline cancels the worker (a paid result is
  // never lost): only its own deadline ends this wait.
  co_return co_await store_write_within(store_, std::move(request), opt_.store_ack_timeout);
}

void Harvest::log_health(ServiceHealth::Event event) {
  const ServiceHealth& h = core_.health;
  const auto now_ms = unix_now_ms();
  switch (event) {
    case ServiceHealth::Event::none:
    case ServiceHealth::Event::stopped:  // the stop message says it
      return;
    case ServiceHealth::Event::outage_began:
      spdlog::warn("the service at {} is unreachable (last: {}): every key waits; one request probes it at a time, "
                   "next at {}; no key is failed meanwhile; the run stops (exit 6, resumable) if it stays unreachable "
                   "for {}",
                   opt_.endpoint.display(), h.last_failure(),
                   format_utc(h.next_probe_ms(steady_now(), now_ms), "%H:%M:%S UTC"),
                   duration_text(opt_.job.limits.outage_wait_ms));
      return;
    case ServiceHealth::Event::probe_failed:
      spdlog::info("service unreachable since {} (probe: {}); next try {}", format_utc(h.down_since_ms(), "%H:%M:%S UTC"),
                   h.last_failure(), format_utc(h.next_probe_ms(steady_now(), now_ms), "%H:%M:%S UTC"));
      return;
    case ServiceHealth::Event::outage_ended:
      spdlog::warn("the service answers again after {} unreachable: every key resumes",
                   format_duration(static_cast<double>(now_ms - h.down_since_ms()) / 1000.0));
      return;
  }
}

asio::awaitable<void> Harvest::process(Transport& conn, KeyRun& run) {
  using Step = KeyAttempt::Step;
  const WorkItem& item = run.item;
  KeyAttempt& attempt = run.attempt;
  KeyAttempt::Action act = run.held ? attempt.resume(steady_now(), unix_now_ms()) : attempt.next(steady_now(), unix_now_ms());
  run.held = false;
  for (;;) {
    switch (act.step) {
      case Step::wait_event:
      case Step::wait_until:
        co_await wait_for_change(act.step == Step::wait_until ? std::optional(act.until) : std::nullopt);
        act = attempt.next(steady_now(), unix_now_ms());
        break;
      case Step::send: {
        if (act.probe) spdlog::info("probing the quota with one request");
        if (act.health_probe) spdlog::debug("probing the service with q=\"{}\"", item.query.q);
        HttpResponse response = co_await conn.get(run.target);
        act = attempt.on_response(std::move(response), steady_now(), unix_now_ms());
        notify();  // a request ended: the quota, the service's health and the gate may have changed
        log_health(act.event);
        announce_quota_wait();
        if (act.step != Step::store) {
          spdlog::debug("attempt {} for q=\"{}\" hl={} gl={}: {}", attempt.attempts(), item.query.q, item.query.hl,
                        item.query.gl, attempt.last_outcome());
        }
        break;
      }
      case Step::record_failed:
        spdlog::warn("failed: q=\"{}\" hl={} gl={}{}{}: {} (after {} attempt{})", item.query.q, item.query.hl,
                     item.query.gl, item.query.city.empty() ? "" : " city=", item.query.city, act.message,
                     attempt.attempts(), attempt.attempts() == 1 ? "" : "s");
        [[fallthrough]];
      case Step::store: {
        const auto written = co_await write(std::move(*act.write));
        act = attempt.on_written(written);
        break;
      }
      case Step::save_quota: {
        const auto saved = co_await write(std::move(*act.write));
        act = attempt.on_quota_saved(saved, steady_now(), unix_now_ms());
        break;
      }
      case Step::reserve: {
        const std::uint64_t to = act.reserve_to;
        const auto reserved = co_await write(std::move(*act.write));
        act = attempt.on_reserved(reserved, to, steady_now(), unix_now_ms());
        notify();  // the starts that waited for the raise look at the gate again
        break;
      }
      case Step::hold:
        spdlog::debug("q=\"{}\": retries spent while the service answers nothing: set aside until it does",
                      item.query.q);
        run.held = true;
        co_return;
      case Step::stop_run:
        request_stop(act.reason, act.message);
        co_return;
      case Step::finished:
        co_return;
    }
  }
}

std::unique_ptr<KeyRun> Harvest::take_ready_held() {
  const SteadyTime now = steady_now();
  for (auto it = held_.begin(); it != held_.end(); ++it) {
    if ((*it)->attempt.ready_to_resume(now)) {
      auto run = std::move(*it);
      held_.erase(it);
      return run;
    }
  }
  return nullptr;
}

// A worker's next key: a held key whose fate is known first, then a new one from the feeder.
// While keys are held a worker never blocks on the channel: the key it would wait for may be
// the one that settles them. When nothing can settle them (no key in a worker's hands, no new
// key at hand), the service's health judges them. nullptr: nothing left for this worker.
asio::awaitable<std::unique_ptr<KeyRun>> Harvest::next_key(bool& input_open) {
  for (;;) {
    if (auto run = take_ready_held()) co_return run;
    if (input_open) {
      std::optional<WorkItem> item;
      if (held_.empty()) {
        auto [ec, received] = co_await channel_.async_receive(use_tuple);
        if (!ec) item = std::move(received);
        if (!item) input_open = false;
      } else {
        item = channel_.try_receive();  // nullopt: none at hand now (or the channel closed)
      }
      if (item && !item->key.empty()) co_return std::make_unique<KeyRun>(core_, std::move(*item), opt_.endpoint);
      if (item) input_open = false;  // this worker's end of input
      if (held_.empty()) {
        if (!input_open) co_return nullptr;
        continue;
      }
    } else if (held_.empty()) {
      co_return nullptr;
    }
    if (active_ > 0) {
      co_await wait_for_change(std::nullopt);  // another worker's answer may settle them
      continue;
    }
    log_health(core_.health.judge(steady_now(), unix_now_ms()));
    notify();
    bool ready = false;
    for (const auto& run : held_) ready = ready || run->attempt.ready_to_resume(steady_now());
    if (!ready) co_await wait_for_change(std::nullopt);  // never spin
  }
}

asio::awaitable<void> Harvest::worker() {
  // Cancellation (the drain deadline) must not throw out of the next await: the worker still
  // settles its key and stores what it holds.
  co_await asio::this_coro::throw_if_cancelled(false);
  auto conn = connect();
  bool input_open = true;
  for (;;) {
    std::unique_ptr<KeyRun> run = co_await next_key(input_open);
    if (!run) break;
    ++active_;
    {
      // Settled however process() ends (a bug's exception included) unless it is held: the
      // feeder waiting for a level to settle must never wait for a key nobody holds.
      struct Settled {
        Harvest& h;
        KeyRun& run;
        ~Settled() {
          --h.active_;
          if (!run.held) h.settle_.settled();
          h.notify();  // a key left a worker's hands: a held key may now be judged
        }
      } settled{*this, *run};
      co_await process(*conn, *run);
    }
    if (run->held) held_.push_back(std::move(run));
  }
  conn->close();
}

asio::awaitable<void> Harvest::supervise() {
  for (int i = 0; i < opt_.job.limits.concurrency; ++i) asio::co_spawn(io_, worker(), workers_.adapt(failures_.handler("worker")));
  if (display_->enabled()) asio::co_spawn(io_, show_progress(), failures_.handler("the progress display"));
  announce_quota_wait();  // a quota the store remembers as empty
  co_await workers_.async_wait(use_tuple);
  // Every worker has ended: nobody is left to settle a key; end what keeps the io_context alive.
  settle_.stop();
  channel_.close();
  interrupts_.cancel();
  drain_timer_.cancel();
  notify();
  // The display's last line, before the logger it installed is put back.
  progress_timer_.cancel();
  if (display_->bar()) display_->show(snapshot(), true);
}

asio::awaitable<void> Harvest::show_progress() {
  while (workers_.size() > 0) {
    progress_timer_.expires_after(display_->period());
    co_await progress_timer_.async_wait(use_tuple);
    if (workers_.size() > 0) display_->show(snapshot(), false);
  }
}

RunView Harvest::view() const {
  return {opt_, core_.tally, counters_, core_.quota, core_.health, core_.gate.stop_reason(), failures_.count(),
          std::chrono::duration<double>(steady_now() - started_).count()};
}

ProgressSnapshot Harvest::snapshot() {
  const auto now = steady_now();
  const RunView run = view();
  rate_meter_.add(now, settled_by_workers(run));
  return progress_snapshot(run, rate_meter_.per_second(), core_.rate.paused(now), now, unix_now_ms());
}

HarvestSummary Harvest::run() {
  auto tls = TlsContext::create(opt_.ca_file);
  if (!tls) {
    HarvestSummary s;
    s.stop = StopReason::tls;
    s.stop_message = tls.error().message;
    return s;
  }
  tls_ = *tls;
  counters_.total_keys = opt_.total_keys;
  display_.emplace(opt_.progress);
  asio::co_spawn(io_, supervise(), failures_.handler("the workers' supervisor"));
  std::thread feeder([this] {
    if (auto e = feeder_.run()) asio::post(io_, [this, e = *e] { request_stop(stop_reason_for(e), e.message); });
  });
  io_.run();
  channel_.close();
  feeder.join();
  // A feeder error posted after the workers ended is still in the queue.
  io_.restart();
  io_.poll();
  display_.reset();
  return summarize(view(), stop_message_);
}

}  // namespace

Result<HarvestSummary> run_harvest(const HarvestOptions& options, StoreWriter& store) {
  // The remembered quota (an exhaustion, the ledger's balance) decides whether anything may be
  // sent: a record that cannot be read is a store failure, never a fresh start.
  auto stored_quota = store.quota();
  if (!stored_quota) return prefixed("cannot read the store's quota record, so nothing was sent: ", stored_quota.error());
  // Whether the service answered this store before: a failing start is then an outage.
  auto reached = store.service_reached(options.endpoint.display());
  if (!reached) return prefixed("cannot read the store's records, so nothing was sent: ", reached.error());
  Harvest harvest(options, store, *stored_quota, *reached);
  return harvest.run();
}

int exit_code_for(const HarvestSummary& s) {
  if (s.stop != StopReason::none) return exit_code_for(s.stop);
  if (s.failed > 0 || s.task_errors > 0) return kExitPartial;
  return kExitOk;
}

}  // namespace paa
