#pragma once
// Expected failures travel as Result<T>; exceptions are for bugs and broken infrastructure.
#include <boost/system/result.hpp>

#include <string>
#include <utility>

namespace paa {

// A user-facing failure: `message` is complete (where, what is wrong, what to do).
// Built only through make_error(): a tag keeps Error from being constructible from a bare
// string, which would make Result<std::string> ambiguous.
struct Error {
  struct Tag {};
  Error() = default;
  Error(Tag, std::string text) : message(std::move(text)) {}
  std::string message;
};

template <class T>
using Result = boost::system::result<T, Error>;

inline Error make_error(std::string message) { return Error(Error::Tag{}, std::move(message)); }

// Called by Result<T>::value() on an error; turns it into std::runtime_error.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

}  // namespace paa
