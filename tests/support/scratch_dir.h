// A fresh folder for one test: uniquely named under the system temp folder (tests run in parallel
// under ctest, so no two may share a fixed path), removed with everything in it when the test ends.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <system_error>

namespace pathbench::testing {

class ScratchDir {
 public:
  explicit ScratchDir(const std::string& prefix) {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() / (prefix + "_" + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Base of fixtures whose tests work in a folder of their own, named after the test suite:
// root_, removed afterwards; fixtures that run commands in a subfolder add it with subdir().
class ScratchTest : public ::testing::Test {
 protected:
  static std::string suite_name() {
    return ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name();
  }
  std::filesystem::path subdir(const std::string& name) const {
    std::filesystem::create_directories(root_ / name);
    return root_ / name;
  }

  ScratchDir scratch_{"pathbench_" + suite_name()};
  const std::filesystem::path root_ = scratch_.path();
};

}  // namespace pathbench::testing
