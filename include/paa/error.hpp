#pragma once
// Expected failures travel as Result<T>: an error_code that says what kind of failure it is,
// paired with complete diagnostics text (the Boost.MySQL pairing). Exceptions are for bugs and
// broken infrastructure.
#include <boost/system/error_code.hpp>
#include <boost/system/result.hpp>

#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace paa {

// What kind of failure an Error is: the exit code (exit_code.hpp, the one table) and a run's
// stop reason (stop_reason_for) follow from it, not from where it surfaced. 0 is success, as
// for every error_code.
enum class errc {
  invalid_input = 1,  // a job file, query list, flag or value is wrong; fix what the message names
  io,                 // a file that is not the store cannot be read or written (disk full, permissions)
  store,              // the store failed: I/O error, full disk, no acknowledgement of a write
  store_damaged,      // the store's files are damaged (a record, a MANIFEST): nothing was touched
  store_in_use,       // another paa process holds the store
  store_unusable,     // not a store, a newer format, or it cannot be created
  not_found,          // what was asked for is not in the store (a key, a job)
  tls,                // the CA file or the server's certificate
  bad_response,       // the service's answer could not be used
  network,            // a peer could not be reached or did not answer (a webhook)
};

// The category of paa's own codes ("paa").
const boost::system::error_category& error_category() noexcept;

inline boost::system::error_code make_error_code(errc e) noexcept {
  return {static_cast<int>(e), error_category()};
}

}  // namespace paa

template <>
struct boost::system::is_error_code_enum<paa::errc> : std::true_type {};

namespace paa {

// A user-facing failure: `message` is complete (where, what is wrong, what to do).
// Built only through make_error(): a tag keeps Error from being constructible from a bare
// string, which would make Result<std::string> ambiguous.
struct Error {
  struct Tag {};
  Error() = default;
  Error(Tag, boost::system::error_code c, std::string text) : code(c), message(std::move(text)) {}
  // paa's category, compared with `==` against an errc; another category's code (an errno from
  // a write) is an I/O failure (kind()).
  boost::system::error_code code = make_error_code(errc::store);
  std::string message;

  errc kind() const noexcept {
    if (code.category() == error_category()) return static_cast<errc>(code.value());
    return errc::io;
  }
};

template <class T>
using Result = boost::system::result<T, Error>;

// Every error has a kind: there is no make_error(message) alone.
inline Error make_error(errc kind, std::string message) {
  return Error(Error::Tag{}, make_error_code(kind), std::move(message));
}
// A failure another library reported as an error_code (an errno, an OpenSSL code).
inline Error make_error(boost::system::error_code code, std::string message) {
  return Error(Error::Tag{}, code, std::move(message));
}

// The same failure, its message prefixed with where it happened ("--from: ").
inline Error prefixed(std::string_view where, Error e) {
  e.message.insert(0, where);
  return e;
}

// Called by Result<T>::value() on an error; turns it into std::runtime_error.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

}  // namespace paa
