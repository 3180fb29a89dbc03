#include "paa/error.hpp"

#include <stdexcept>

namespace paa {
void throw_exception_from_error(const Error& e, const boost::source_location& /*loc*/) {
  throw std::runtime_error(e.message);
}
}  // namespace paa
