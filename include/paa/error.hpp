#pragma once
// Expected failures travel as Result<T>; exceptions are for bugs and broken infrastructure.
#include <boost/system/result.hpp>

#include <string>
#include <utility>

namespace paa {

// A user-facing failure: `message` is complete (where, what is wrong, what to do).
struct Error {
  std::string message;
};

template <class T>
using Result = boost::system::result<T, Error>;

inline Error make_error(std::string message) { return Error{std::move(message)}; }

// Called by Result<T>::value() on an error; turns it into std::runtime_error.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

}  // namespace paa
