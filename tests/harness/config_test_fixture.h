// The fixture of the harness/config tests: a fresh folder per test with a few tiny map/scen
// files, and parse() of a YAML text as if it were <folder>/exp.yaml.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>

#include "harness/config/experiment_config.h"

namespace pathbench {

namespace fs = std::filesystem;

// Removes its folder afterwards and restores PATHBENCH_DATA.
class ConfigTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::random_device rd;
    dir_ = fs::temp_directory_path() / ("pathbench_config_test_" + std::to_string(rd()));
    fs::create_directories(dir_ / "maps");
    for (const char* m : {"arena", "den512", "lak512", "nosc"}) {
      write(dir_ / "maps" / (std::string(m) + ".map"), "type octile\nheight 1\nwidth 1\nmap\n.\n");
      if (std::string(m) != "nosc")
        write(dir_ / "maps" / (std::string(m) + ".map.scen"), "version 1\n");
    }
    write(dir_ / "maps" / "special.scen", "version 1\n");
    saved_data_ = getenv_value("PATHBENCH_DATA");
  }
  void TearDown() override {
    if (saved_data_)
      setenv("PATHBENCH_DATA", saved_data_->c_str(), 1);
    else
      unsetenv("PATHBENCH_DATA");
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  static std::optional<std::string> getenv_value(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::optional<std::string>(v) : std::nullopt;
  }
  static void write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
  }
  fs::path config_path() const { return dir_ / "exp.yaml"; }
  ExperimentConfig parse(const std::string& yaml) const {
    return parse_experiment(yaml, config_path(), dir_ / "repo");
  }

  fs::path dir_;
  std::optional<std::string> saved_data_;
};

}  // namespace pathbench
