#include "support/https_receiver.hpp"

#include "support/emulator.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <algorithm>
#include <cctype>

namespace paa::test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;

namespace {
constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);
}  // namespace

std::string ReceivedRequest::header(const std::string& lower_name) const {
  auto it = headers.find(lower_name);
  return it == headers.end() ? std::string() : it->second;
}

struct HttpsReceiver::Impl {
  // Declared before io: the connections io still holds at its destruction use it.
  ssl::context tls{ssl::context::tls_server};
  asio::io_context io;
  tcp::acceptor acceptor{io};
  std::vector<int> statuses;
  mutable std::mutex mutex;
  mutable std::condition_variable answered;
  std::vector<ReceivedRequest> received;
  std::thread thread;

  int next_status() {  // the caller holds `mutex`
    const std::size_t i = std::min(received.size(), statuses.size() - 1);
    return statuses[i];
  }

  asio::awaitable<void> serve(tcp::socket socket) {
    beast::ssl_stream<beast::tcp_stream> stream(std::move(socket), tls);
    // A client that stalls must not hold the test: every step has a deadline.
    beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(30));
    auto [hec] = co_await stream.async_handshake(ssl::stream_base::server, use_tuple);
    if (hec) co_return;
    beast::flat_buffer buffer;
    http::request<http::string_body> req;
    auto [rec, n] = co_await http::async_read(stream, buffer, req, use_tuple);
    if (rec) co_return;
    ReceivedRequest r;
    r.method = std::string(req.method_string());
    r.target = std::string(req.target());
    for (const auto& field : req) {
      std::string name(field.name_string());
      std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
      r.headers[name] = std::string(field.value());
    }
    r.body = req.body();
    int status = 0;
    {
      // Recorded before the answer goes out: once the client has its answer, requests() has the
      // request, and the status sequence advances exactly once per request.
      std::lock_guard lock(mutex);
      status = next_status();
      received.push_back(std::move(r));
    }
    http::response<http::string_body> res{static_cast<http::status>(status), 11};
    if (status != 204 && status != 304 && status >= 200) {  // those have no body (Beast refuses one)
      res.set(http::field::content_type, "text/plain");
      res.body() = "ok";
    }
    res.keep_alive(false);
    res.prepare_payload();
    auto [wec, w] = co_await http::async_write(stream, res, use_tuple);
    (void)wec;
    answered.notify_all();
    beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(5));
    co_await stream.async_shutdown(use_tuple);
  }

  asio::awaitable<void> accept_loop() {
    for (;;) {
      auto [ec, socket] = co_await acceptor.async_accept(use_tuple);
      if (ec) co_return;  // closed: the receiver is going away
      asio::co_spawn(io, serve(std::move(socket)), asio::detached);
    }
  }
};

HttpsReceiver::HttpsReceiver(std::vector<int> statuses) : impl_(std::make_unique<Impl>()) {
  if (statuses.empty()) statuses.push_back(200);
  impl_->statuses = std::move(statuses);
  impl_->tls.use_certificate_chain_file((certs_dir() / "server.pem").string());
  impl_->tls.use_private_key_file((certs_dir() / "server.key").string(), ssl::context::pem);
  const tcp::endpoint any(asio::ip::make_address("127.0.0.1"), 0);
  impl_->acceptor.open(any.protocol());
  impl_->acceptor.set_option(tcp::acceptor::reuse_address(true));
  impl_->acceptor.bind(any);
  impl_->acceptor.listen();
  port_ = impl_->acceptor.local_endpoint().port();
  asio::co_spawn(impl_->io, impl_->accept_loop(), asio::detached);
  impl_->thread = std::thread([this] { impl_->io.run(); });
}

HttpsReceiver::~HttpsReceiver() {
  impl_->io.stop();
  impl_->thread.join();
}

std::string HttpsReceiver::url(const std::string& path) const {
  return "https://localhost:" + std::to_string(port_) + path;
}

std::vector<ReceivedRequest> HttpsReceiver::requests() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->received;
}

bool HttpsReceiver::wait_for(std::size_t n, std::chrono::milliseconds deadline) const {
  std::unique_lock lock(impl_->mutex);
  return impl_->answered.wait_for(lock, deadline, [&] { return impl_->received.size() >= n; });
}

}  // namespace paa::test
