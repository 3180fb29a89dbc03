#include "harness.hpp"

#include "emulator/tree_generator.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <random>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace paa::e2e {

TempDir::TempDir() {
  std::random_device rd;
  path_ = fs::temp_directory_path() / ("paa-e2e-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  if (!std::getenv("PAA_KEEP_TEST_DIRS")) fs::remove_all(path_, ec);
}

const fs::path& certs_dir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("paa-e2e-certs-" + std::to_string(::getpid()));
    const std::string cmd = std::string("bash '") + PAA_SOURCE_DIR + "/scripts/make-certs.sh' '" + d.string() + "' >/dev/null 2>&1";
    if (std::system(cmd.c_str()) != 0) throw std::runtime_error("make-certs.sh failed");
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(fs::temp_directory_path() / ("paa-e2e-certs-" + std::to_string(::getpid())), ec);
    });
    return d;
  }();
  return dir;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Process::Process(std::vector<std::string> argv, std::map<std::string, std::string> env, const fs::path& dir) {
  static int counter = 0;
  const std::string tag = std::to_string(::getpid()) + "-" + std::to_string(++counter);
  out_ = dir / ("proc-" + tag + ".out");
  err_ = dir / ("proc-" + tag + ".err");
  std::vector<std::string> envs;
  for (char** e = environ; *e; ++e) {
    std::string kv(*e);
    const auto name = kv.substr(0, kv.find('='));
    if (env.count(name) == 0) envs.push_back(kv);
  }
  for (auto& [k, v] : env) {
    if (v != "<unset>") envs.push_back(k + "=" + v);
  }
  pid_ = ::fork();
  if (pid_ == 0) {
    const int out = ::open(out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int in = ::open("/dev/null", O_RDONLY);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    if (::chdir(dir.c_str()) != 0) ::_exit(126);
    std::vector<char*> av, ev;
    for (auto& a : argv) av.push_back(a.data());
    av.push_back(nullptr);
    for (auto& e : envs) ev.push_back(e.data());
    ev.push_back(nullptr);
    ::execve(av[0], av.data(), ev.data());
    ::_exit(127);
  }
}

Process::~Process() {
  if (!waited_ && !reaped_ && pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int st = 0;
    ::waitpid(pid_, &st, 0);
  }
}

void Process::signal(int signo) {
  if (!reaped_) ::kill(pid_, signo);  // never signal a pid that may have been reused
}

std::string Process::err_so_far() const { return read_file(err_); }

bool Process::exited() {
  if (reaped_) return true;
  int st = 0;
  pid_t r = 0;
  while ((r = ::waitpid(pid_, &st, WNOHANG)) < 0 && errno == EINTR) {
  }
  if (r != pid_) return false;
  reaped_ = true;
  status_ = st;
  return true;
}

ProcessResult Process::wait() {
  ProcessResult r;
  int st = status_;
  if (!reaped_) {
    while (::waitpid(pid_, &st, 0) < 0 && errno == EINTR) {
    }
  }
  reaped_ = true;
  waited_ = true;
  r.exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  r.out = read_file(out_);
  r.err = read_file(err_);
  return r;
}

ProcessResult run_paa(const std::vector<std::string>& args, const fs::path& dir,
                      std::map<std::string, std::string> env) {
  std::vector<std::string> argv{PAA_BIN};
  argv.insert(argv.end(), args.begin(), args.end());
  env.emplace("PAA_API_KEY", kApiKey);
  env.emplace("PAA_BASE_URL", "<unset>");
  Process p(argv, env, dir);
  return p.wait();
}

bool eventually(const std::function<bool()>& done, std::chrono::milliseconds deadline) {
  const auto until = std::chrono::steady_clock::now() + deadline;
  while (std::chrono::steady_clock::now() < until) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));  // polling interval, not a sync point
  }
  return done();
}

Emulator::Emulator(const fs::path& dir, std::vector<std::string> extra, bool tls, const std::string& cert)
    : tls_(tls) {
  static int counter = 0;
  const std::string tag = std::to_string(++counter);
  log_ = dir / ("emulator-" + tag + ".log");
  const fs::path port_file = dir / ("emulator-" + tag + ".port");
  std::vector<std::string> argv{PAA_EMULATOR_BIN, "--listen", "127.0.0.1:0", "--port-file",
                                port_file.string(), "--log", log_.string(), "--key", kApiKey};
  if (tls) {
    argv.insert(argv.end(), {"--cert", (certs_dir() / (cert + ".pem")).string(), "--key-file",
                             (certs_dir() / (cert + ".key")).string()});
  } else {
    argv.push_back("--plain");
  }
  argv.insert(argv.end(), extra.begin(), extra.end());
  process_ = std::make_unique<Process>(argv, std::map<std::string, std::string>{}, dir);
  const bool up = eventually([&] { return fs::exists(port_file) && fs::file_size(port_file) > 0; },
                             std::chrono::seconds(20));
  if (!up) {
    auto r = process_->wait();
    throw std::runtime_error("paa-emulator did not start: " + r.err);
  }
  port_ = std::stoi(read_file(port_file));
}

Emulator::~Emulator() { stop(); }

void Emulator::stop() {
  if (process_) {
    process_->signal(SIGTERM);
    process_->wait();
    process_.reset();
  }
}

std::string Emulator::base_url() const {
  return std::string(tls_ ? "https" : "http") + "://localhost:" + std::to_string(port_) + "/api";
}

std::vector<boost::json::object> Emulator::log() const {
  std::vector<boost::json::object> out;
  std::ifstream in(log_);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    boost::system::error_code ec;
    auto v = boost::json::parse(line, ec);
    if (!ec && v.is_object()) out.push_back(v.as_object());
  }
  return out;
}

fs::path write_job(const fs::path& dir, const std::string& name, int queries, const std::string& limits,
                   const std::string& extra_top) {
  {
    std::ofstream q(dir / (name + ".txt"));
    q << "# generated\n";
    for (int i = 0; i < queries; ++i) q << "query number " << i << " about coffee & crème\n";
  }
  const fs::path job = dir / (name + ".toml");
  std::ofstream j(job);
  j << "name = \"" << name << "\"\n"
    << "query_files = [\"" << name << ".txt\"]\n"
    << "locales = [ { hl = \"en\", gl = \"us\" } ]\n"
    << extra_top << "\n[limits]\n" << limits << "\n";
  return job;
}

std::map<std::string, std::pair<std::uintmax_t, std::int64_t>> file_listing(const fs::path& root) {
  std::map<std::string, std::pair<std::uintmax_t, std::int64_t>> out;
  std::error_code ec;
  if (!fs::exists(root, ec)) return out;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const auto mtime = it->last_write_time(ec).time_since_epoch();
    out[fs::relative(it->path(), root, ec).string()] = {
        it->file_size(ec), std::chrono::duration_cast<std::chrono::nanoseconds>(mtime).count()};
  }
  return out;
}

std::vector<std::string> run_args(const fs::path& job, const Emulator& emu,
                                  std::vector<std::string> extra) {
  std::vector<std::string> a{"run", job.string(), "--base-url", emu.base_url(), "--ca-file",
                             (certs_dir() / "ca.pem").string(), "--progress", "none"};
  a.insert(a.end(), extra.begin(), extra.end());
  return a;
}

std::vector<boost::json::object> export_jsonl(const fs::path& dir, const fs::path& store) {
  auto r = run_paa({"export", "--store", store.string(), "--format", "jsonl"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<boost::json::object> out;
  std::istringstream in(r.out);
  std::string line;
  while (std::getline(in, line)) out.push_back(boost::json::parse(line).as_object());
  return out;
}

void expect_trees_match_emulator(const std::vector<boost::json::object>& rows, std::uint64_t seed) {
  emulator::TreeGenerator gen({.seed = seed, .depth = 3, .tree_kb = 0});
  for (const auto& row : rows) {
    const std::string q(row.at("q").as_string());
    const std::string hl(row.at("hl").as_string());
    const std::string gl(row.at("gl").as_string());
    std::optional<std::string> city;
    if (row.at("city").is_string()) city = std::string(row.at("city").as_string());
    emulator::TreeQuery tq{q, hl, gl, city ? std::optional<std::string_view>(*city) : std::nullopt};
    EXPECT_EQ(row.at("result"), boost::json::parse(gen.result_json(tq))) << q;
  }
}

std::size_t count_status(const std::vector<boost::json::object>& log, int status) {
  std::size_t n = 0;
  for (const auto& l : log) {
    if (l.at("status").as_int64() == status) ++n;
  }
  return n;
}

}  // namespace paa::e2e
