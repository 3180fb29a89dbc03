#pragma once
// Internal: a TLS client stream with OpenSSL reading and writing the TCP socket itself
// (SSL_set_fd), for Beast's HTTP reads and writes.
//
// asio::ssl::stream keeps, for every connection, a BIO pair (2 x 17 KiB) and two staging
// vectors (2 x 17 KiB) that are never released, and copies every byte through them: at
// concurrency 1,024 they were 70 of the ~88 KiB each connection cost (heaptrack; peak RSS
// 150-157 MiB before, 112-113 after, BENCHMARKS.md case 10). Here OpenSSL's own record
// buffers are the only ones, released while the connection waits (SSL_MODE_RELEASE_BUFFERS,
// set on the context).
//
// Each operation retries the OpenSSL call after waiting for the socket to become readable or
// writable, as OpenSSL asks; it never completes inside the call that starts it. Deadlines and
// cancellation belong to the caller: cancelling or closing the socket ends a pending wait.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/system/error_code.hpp>

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <cerrno>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace paa::net_detail {

class TlsSocket {
 public:
  using executor_type = boost::asio::any_io_executor;

  TlsSocket(executor_type ex, SSL_CTX* ctx) : socket_(std::move(ex)), ssl_(SSL_new(ctx)) {
    if (ssl_ == nullptr) throw std::runtime_error("SSL_new failed (out of memory?)");
    SSL_set_connect_state(ssl_);
  }
  ~TlsSocket() { SSL_free(ssl_); }
  TlsSocket(const TlsSocket&) = delete;
  TlsSocket& operator=(const TlsSocket&) = delete;

  executor_type get_executor() { return socket_.get_executor(); }
  boost::asio::ip::tcp::socket& socket() { return socket_; }
  SSL* native_handle() { return ssl_; }

  // Binds OpenSSL to the connected socket; call once, before the handshake.
  void attach() {
    socket_.non_blocking(true);
    SSL_set_fd(ssl_, static_cast<int>(socket_.native_handle()));
  }

  // void(error_code, std::size_t)
  template <class Token>
  auto async_handshake(Token&& token) {
    return start(token, [](SSL* ssl, std::size_t*) { return SSL_do_handshake(ssl); });
  }

  template <class MutableBuffers, class Token>
  auto async_read_some(const MutableBuffers& buffers, Token&& token) {
    boost::asio::mutable_buffer first = first_buffer(buffers);
    return start(token, [first](SSL* ssl, std::size_t* n) {
      if (first.size() == 0) return 1;  // nothing asked: done, 0 bytes
      return SSL_read_ex(ssl, first.data(), first.size(), n);
    });
  }

  // Small pieces (Beast's header fields) are gathered into one TLS record: a record per
  // piece would cost a write and a record header each.
  template <class ConstBuffers, class Token>
  auto async_write_some(const ConstBuffers& buffers, Token&& token) {
    gathered_.clear();
    for (auto it = boost::asio::buffer_sequence_begin(buffers); it != boost::asio::buffer_sequence_end(buffers);
         ++it) {
      boost::asio::const_buffer b = *it;
      if (gathered_.size() + b.size() > kMaxGather && !gathered_.empty()) break;
      gathered_.append(static_cast<const char*>(b.data()), b.size());
    }
    return start(token, [this](SSL* ssl, std::size_t* n) {
      if (gathered_.empty()) return 1;
      return SSL_write_ex(ssl, gathered_.data(), gathered_.size(), n);
    });
  }

 private:
  static constexpr std::size_t kMaxGather = 16 * 1024;

  template <class MutableBuffers>
  static boost::asio::mutable_buffer first_buffer(const MutableBuffers& buffers) {
    for (auto it = boost::asio::buffer_sequence_begin(buffers); it != boost::asio::buffer_sequence_end(buffers);
         ++it) {
      boost::asio::mutable_buffer b = *it;
      if (b.size() > 0) return b;
    }
    return {};
  }

  // What a failed OpenSSL call means, in the codes asio::ssl::stream reports.
  static boost::system::error_code failure(SSL* ssl, int rc) {
    const int why = SSL_get_error(ssl, rc);
    if (why == SSL_ERROR_ZERO_RETURN) return boost::asio::error::eof;  // close_notify
    const unsigned long err = ERR_get_error();
    if (why == SSL_ERROR_SYSCALL && err == 0) {
      if (errno != 0) return {errno, boost::system::system_category()};
      return boost::asio::ssl::error::stream_truncated;  // the peer closed without close_notify
    }
    if (ERR_GET_REASON(err) == SSL_R_UNEXPECTED_EOF_WHILE_READING) return boost::asio::ssl::error::stream_truncated;
    if (err == 0) return boost::asio::ssl::error::unspecified_system_error;
    return {static_cast<int>(err), boost::asio::error::get_ssl_category()};
  }

  // Call: int(SSL*, std::size_t* n), OpenSSL's convention (1 = done, n bytes; n starts at 0).
  template <class Call>
  struct Op {
    TlsSocket* self_socket;
    Call call;
    bool started = false;

    template <class Self>
    void operator()(Self& self, boost::system::error_code ec = {}) {
      if (!started) {
        started = true;  // never complete inside the initiating call
        return boost::asio::post(self_socket->get_executor(), std::move(self));
      }
      if (!ec && self.get_cancellation_state().cancelled() != boost::asio::cancellation_type::none)
        ec = boost::asio::error::operation_aborted;
      if (ec) return self.complete(ec, 0);
      SSL* ssl = self_socket->ssl_;
      ERR_clear_error();
      errno = 0;
      std::size_t n = 0;
      const int rc = call(ssl, &n);
      if (rc == 1) return self.complete({}, n);
      switch (SSL_get_error(ssl, rc)) {
        case SSL_ERROR_WANT_READ:
          return self_socket->socket_.async_wait(boost::asio::ip::tcp::socket::wait_read, std::move(self));
        case SSL_ERROR_WANT_WRITE:
          return self_socket->socket_.async_wait(boost::asio::ip::tcp::socket::wait_write, std::move(self));
        default:
          return self.complete(failure(ssl, rc), 0);
      }
    }
  };

  template <class Token, class Call>
  auto start(Token& token, Call call) {
    return boost::asio::async_compose<Token, void(boost::system::error_code, std::size_t)>(
        Op<Call>{this, std::move(call)}, token, socket_);
  }

  boost::asio::ip::tcp::socket socket_;
  SSL* ssl_;
  std::string gathered_;
};

}  // namespace paa::net_detail
