#include "support/emulator.hpp"
#include "support/files.hpp"
#include "support/process.hpp"
#include "support/seed.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace paa::test {

namespace {
std::string current_test_name() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return info ? info->name() : "";
}
}  // namespace

TempDir::TempDir() : TempDir(current_test_name()) {}

std::uint32_t test_seed(const char* env_name) {
  std::uint32_t seed = 0;
  const char* given = std::getenv(env_name);
  if (given != nullptr && *given != '\0') {
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(given, &end, 10);
    if (errno != 0 || *end != '\0' || v > UINT32_MAX) {
      throw std::invalid_argument(std::string(env_name) + "='" + given + "': want a number from 0 to 4294967295");
    }
    seed = static_cast<std::uint32_t>(v);
  } else {
    seed = std::random_device{}();
  }
  std::fprintf(stderr, "%s=%u (%s; set it to replay this run)\n", env_name, seed,
               given != nullptr && *given != '\0' ? "from the environment" : "drawn at random");
  ::testing::Test::RecordProperty(env_name, std::to_string(seed));
  return seed;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string drop_last_csv_columns(const std::string& text, std::size_t n) {
  std::string out;
  std::vector<std::size_t> commas;  // of the current row, outside quotes (offsets in `out`)
  bool quoted = false;
  std::size_t row_start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') quoted = !quoted;  // a doubled quote flips twice
    if (!quoted && c == ',') commas.push_back(out.size() - row_start);
    if (!quoted && c == '\n') {
      std::string row = out.substr(row_start);
      const bool cr = !row.empty() && row.back() == '\r';
      if (commas.size() >= n && n > 0) row.resize(commas[commas.size() - n]);
      else if (cr) row.pop_back();
      if (cr && (row.empty() || row.back() != '\r')) row.push_back('\r');
      out.resize(row_start);
      out += row;
      out.push_back('\n');
      row_start = out.size();
      commas.clear();
      continue;
    }
    out.push_back(c);
  }
  return out;
}

std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows(1);
  std::string field;
  bool quoted = false, any = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      rows.back().push_back(std::move(field));
      field.clear();
    } else if (c == '\n') {
      rows.back().push_back(std::move(field));
      field.clear();
      rows.emplace_back();
    } else {
      field += c;
    }
    any = true;
  }
  if (!rows.back().empty() || !field.empty()) rows.back().push_back(field);
  if (rows.back().empty()) rows.pop_back();
  if (!any) rows.clear();
  return rows;
}

fs::path fixture_path(std::string_view name) { return fs::path(PAA_SOURCE_DIR) / "tests" / "fixtures" / name; }

fs::path copy_fixture(std::string_view name, const fs::path& to) {
  const fs::path from = fixture_path(name);
  if (!fs::exists(from)) throw std::runtime_error("no fixture " + from.string());
  fs::copy(from, to, fs::copy_options::recursive);
  return to;
}

Process::Process(std::vector<std::string> argv, std::map<std::string, std::string> env, const fs::path& dir) {
  static std::atomic<int> counter{0};
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
  if (pid_ < 0) throw std::runtime_error("fork failed");
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
  struct rusage usage {};
  while ((r = ::wait4(pid_, &st, WNOHANG, &usage)) < 0 && errno == EINTR) {
  }
  if (r != pid_) return false;
  reaped_ = true;
  status_ = st;
  max_rss_kib_ = usage.ru_maxrss;
  return true;
}

ProcessResult Process::wait() {
  ProcessResult r;
  int st = status_;
  if (!reaped_) {
    struct rusage usage {};
    while (::wait4(pid_, &st, 0, &usage) < 0 && errno == EINTR) {
    }
    max_rss_kib_ = usage.ru_maxrss;
  }
  r.max_rss_kib = max_rss_kib_;
  reaped_ = true;
  waited_ = true;
  r.exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  r.out = read_file(out_);
  r.err = read_file(err_);
  return r;
}

bool eventually(const std::function<bool()>& done, std::chrono::milliseconds deadline) {
  const auto until = std::chrono::steady_clock::now() + deadline;
  while (std::chrono::steady_clock::now() < until) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));  // polling interval, not a sync point
  }
  return done();
}

const fs::path& certs_dir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("paa-test-certs-" + std::to_string(::getpid()));
    const std::string cmd = std::string("bash '") + PAA_SOURCE_DIR + "/scripts/make-certs.sh' '" + d.string() +
                            "' >/dev/null 2>&1";
    if (std::system(cmd.c_str()) != 0) throw std::runtime_error("make-certs.sh failed");
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(fs::temp_directory_path() / ("paa-test-certs-" + std::to_string(::getpid())), ec);
    });
    return d;
  }();
  return dir;
}

Emulator::Emulator(const fs::path& dir, std::vector<std::string> args, Options options) : tls_(options.tls) {
  static std::atomic<int> counter{0};
  const std::string tag = std::to_string(++counter);
  log_ = dir / ("emulator-" + tag + ".log");
  const fs::path port_file = dir / ("emulator-" + tag + ".port");
  std::vector<std::string> argv{PAA_EMULATOR_BIN, "--listen", "127.0.0.1:0", "--port-file", port_file.string(),
                                "--log", log_.string()};
  if (tls_) {
    const fs::path cert = certs_dir() / options.cert;  // an absolute options.cert replaces certs_dir()
    argv.insert(argv.end(), {"--cert", cert.string() + ".pem", "--key-file", cert.string() + ".key"});
  } else {
    argv.push_back("--plain");
  }
  argv.insert(argv.end(), args.begin(), args.end());
  process_ = std::make_unique<Process>(argv, std::map<std::string, std::string>{}, dir);
  const bool up = eventually([&] { return (fs::exists(port_file) && fs::file_size(port_file) > 0) || process_->exited(); },
                             std::chrono::seconds(20));
  if (!up || !fs::exists(port_file) || fs::file_size(port_file) == 0) {
    auto r = process_->wait();
    process_.reset();
    throw std::runtime_error("paa-emulator did not start: " + r.err);
  }
  port_ = std::stoi(read_file(port_file));
}

Emulator::~Emulator() { stop(); }

int Emulator::stop() {
  if (!process_) return -1;
  process_->signal(SIGTERM);
  const int code = process_->wait().exit_code;
  process_.reset();
  return code;
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

}  // namespace paa::test
