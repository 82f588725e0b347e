// Number formats shared by the writers, one copy each, so the same value prints the same way in
// every file (results must stay byte-identical across refactors).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pathbench {

// A CSV field: the shortest text that reads back as the same double; NaN is the empty field,
// infinities are inf / -inf.
std::string csv_number(double v);

// 100 * part / whole with one decimal, or `none` when whole is 0.
std::string percent(std::size_t part, std::size_t whole, std::string_view none);

}  // namespace pathbench
