// Where tests find the shared MovingAI files: $PATHBENCH_DATA, else ../shared/datasets relative to
// the repository root. Tests that need them call PATHBENCH_REQUIRE_MOVINGAI() and are skipped with
// a clear message when the folder is absent (a user's clone has no shared/ beside it).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace pathbench::testing {

inline std::filesystem::path data_root() {
  if (const char* env = std::getenv("PATHBENCH_DATA"); env && *env) return env;
  return std::filesystem::path(PATHBENCH_SOURCE_DIR) / ".." / "shared" / "datasets";
}

inline std::filesystem::path movingai_dir() { return data_root() / "movingai"; }

inline std::filesystem::path fixture(const std::string& name) {
  return std::filesystem::path(PATHBENCH_FIXTURES_DIR) / name;
}

}  // namespace pathbench::testing

#define PATHBENCH_REQUIRE_MOVINGAI()                                                        \
  do {                                                                                      \
    if (!std::filesystem::is_directory(::pathbench::testing::movingai_dir()))               \
      GTEST_SKIP() << "MovingAI data not found at " << ::pathbench::testing::movingai_dir() \
                   << " (set PATHBENCH_DATA to the folder holding movingai/)";              \
  } while (0)
