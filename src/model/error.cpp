#include "paa/error.hpp"

#include "paa/exit_code.hpp"

#include <stdexcept>

namespace paa {

namespace {
// boost::system::error_category's destructor is protected and non-virtual by design (categories
// are never deleted through it); the warning is about a risk that cannot happen here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnon-virtual-dtor"
class Category final : public boost::system::error_category {
 public:
  const char* name() const noexcept override { return "paa"; }
  std::string message(int value) const override {
    switch (static_cast<errc>(value)) {
      case errc::invalid_input: return "invalid input";
      case errc::io: return "file I/O failed";
      case errc::store: return "the store failed";
      case errc::store_damaged: return "the store is damaged";
      case errc::store_in_use: return "the store is in use";
      case errc::store_unusable: return "not a usable store";
      case errc::not_found: return "not found";
      case errc::tls: return "TLS failed";
      case errc::bad_response: return "unusable response";
      case errc::network: return "network failure";
    }
    return "unknown paa error " + std::to_string(value);
  }
};
#pragma GCC diagnostic pop
}  // namespace

const boost::system::error_category& error_category() noexcept {
  static const Category category;
  return category;
}

void throw_exception_from_error(const Error& e, const boost::source_location& /*loc*/) {
  throw std::runtime_error(e.message);
}

int exit_code_for(errc kind) {
  switch (kind) {
    case errc::io:
    case errc::store:
    case errc::store_damaged:
    case errc::not_found:
    case errc::network: return kExitFailure;
    case errc::invalid_input:
    case errc::store_in_use:
    case errc::store_unusable:
    case errc::tls:
    case errc::bad_response: return kExitUsage;
  }
  return kExitFailure;
}

}  // namespace paa
