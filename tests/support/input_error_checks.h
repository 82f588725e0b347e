// What an InputError from a file reader must tell the user, checked the same way for every
// reader: the file, the line and the field, then what is wrong.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "algorithms/core/input_error.h"

namespace pathbench::testing {

// `e` is at `line` of `field`, and its message names `file_name`, ":<line>:", "field '<field>'"
// and holds `needle`. Returns the message for further checks.
inline std::string expect_error_at(const InputError& e, const std::string& file_name, int line,
                                   const std::string& field, const std::string& needle) {
  const std::string what = e.what();
  EXPECT_EQ(e.line(), line) << what;
  EXPECT_EQ(e.field(), field) << what;
  EXPECT_NE(what.find(file_name), std::string::npos) << what;
  EXPECT_NE(what.find(":" + std::to_string(line) + ":"), std::string::npos) << what;
  EXPECT_NE(what.find("field '" + field + "'"), std::string::npos) << what;
  EXPECT_NE(what.find(needle), std::string::npos) << what;
  return what;
}

}  // namespace pathbench::testing
