#pragma once
// The one rule of the formula guard (docs/exports.md "Formulas"): which CSV cells a spreadsheet
// would evaluate as a formula, and a guarded cell read back. Pure.
#include <string_view>

namespace paa {

// A cell that begins with = + - @, a tab or a carriage return and is not a plain number ("-3",
// "+1.5e3"): a spreadsheet opening the CSV evaluates it (OWASP "CSV Injection").
bool csv_formula_like(std::string_view cell);

// A cell as a guarded CSV wrote it ('=1+1), without its guard (=1+1); any other cell as it is.
// The ' is not part of the text: a guarded export read back as a query list asks nothing new.
std::string_view csv_unguarded(std::string_view cell);

}  // namespace paa
