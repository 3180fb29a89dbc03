#pragma once
// Expected failures travel as Result<T>; exceptions are for bugs and broken infrastructure.
#include <boost/system/result.hpp>

#include <string>
#include <utility>

namespace paa {

// What kind of failure an Error is: the exit code (exit_code_for) and a run's stop reason
// (stop_reason_for) follow from it, not from where it surfaced.
enum class errc {
  unspecified = 0,  // not classified: the command's own default applies
  invalid_input,    // a job file, query list, flag or value is wrong; fix what the message names
  store,            // the store failed: I/O error, damaged record, no acknowledgement
  store_in_use,     // another paa process holds the store
  store_unusable,   // not a store, a newer format, or it cannot be created or opened
  tls,              // the CA file or the server's certificate
  bad_response,     // the service's answer could not be used
};

// A user-facing failure: `message` is complete (where, what is wrong, what to do).
// Built only through make_error(): a tag keeps Error from being constructible from a bare
// string, which would make Result<std::string> ambiguous.
struct Error {
  struct Tag {};
  Error() = default;
  Error(Tag, errc c, std::string text) : code(c), message(std::move(text)) {}
  errc code = errc::unspecified;
  std::string message;
};

template <class T>
using Result = boost::system::result<T, Error>;

inline Error make_error(errc code, std::string message) {
  return Error(Error::Tag{}, code, std::move(message));
}
inline Error make_error(std::string message) { return make_error(errc::unspecified, std::move(message)); }

// Called by Result<T>::value() on an error; turns it into std::runtime_error.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

}  // namespace paa
