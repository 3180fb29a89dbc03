#pragma once
// An HTTPS server on 127.0.0.1:0 for tests of outgoing webhooks: it serves with
// certs_dir()/server.pem (trusted through certs_dir()/ca.pem), records every request and
// answers a scripted sequence of statuses, on its own thread.
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace paa::test {

struct ReceivedRequest {
  std::string method;
  std::string target;
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
  std::string header(const std::string& lower_name) const;  // "" when absent
};

class HttpsReceiver {
 public:
  // Request i gets statuses[i]; every request after the last gets the last one.
  explicit HttpsReceiver(std::vector<int> statuses = {200});
  ~HttpsReceiver();
  HttpsReceiver(const HttpsReceiver&) = delete;
  HttpsReceiver& operator=(const HttpsReceiver&) = delete;

  int port() const { return port_; }
  // https://localhost:PORT<path> (the certificate names localhost and 127.0.0.1).
  std::string url(const std::string& path = "/hook") const;
  std::vector<ReceivedRequest> requests() const;
  // Blocks until at least `n` requests have been answered, or `deadline`; true if they were.
  bool wait_for(std::size_t n, std::chrono::milliseconds deadline) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int port_ = 0;
};

}  // namespace paa::test
