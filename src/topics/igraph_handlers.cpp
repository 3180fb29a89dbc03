#include "paa/topics/igraph_handlers.hpp"

#include <igraph/igraph.h>

namespace paa::topics {

void install_igraph_handlers() {
  igraph_set_error_handler(igraph_error_handler_ignore);
  igraph_set_warning_handler(igraph_warning_handler_ignore);
}

}  // namespace paa::topics
