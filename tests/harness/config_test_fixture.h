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

#include "algorithms/core/input_error.h"
#include "harness/config/experiment_config.h"
#include "tests/support/scratch_dir.h"

namespace pathbench {

namespace fs = std::filesystem;

// Restores PATHBENCH_DATA afterwards.
class ConfigTest : public pathbench::testing::ScratchTest {
 protected:
  void SetUp() override {
    fs::create_directories(root_ / "maps");
    for (const char* m : {"arena", "den512", "lak512", "nosc"}) {
      write(root_ / "maps" / (std::string(m) + ".map"), "type octile\nheight 1\nwidth 1\nmap\n.\n");
      if (std::string(m) != "nosc")
        write(root_ / "maps" / (std::string(m) + ".map.scen"), "version 1\n");
    }
    write(root_ / "maps" / "special.scen", "version 1\n");
    saved_data_ = getenv_value("PATHBENCH_DATA");
  }
  void TearDown() override {
    if (saved_data_)
      setenv("PATHBENCH_DATA", saved_data_->c_str(), 1);
    else
      unsetenv("PATHBENCH_DATA");
  }

  static std::optional<std::string> getenv_value(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::optional<std::string>(v) : std::nullopt;
  }
  static void write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
  }
  fs::path config_path() const { return root_ / "exp.yaml"; }
  ExperimentConfig parse(const std::string& yaml) const {
    return parse_experiment(yaml, config_path(), root_ / "repo");
  }
  // The InputError parse() throws for `yaml`; none (and a test failure) when it accepts it.
  std::optional<InputError> parse_error(const std::string& yaml) const {
    try {
      parse(yaml);
    } catch (const InputError& e) {
      return e;
    }
    ADD_FAILURE() << "expected an InputError for:\n" << yaml;
    return std::nullopt;
  }

  std::optional<std::string> saved_data_;
};

}  // namespace pathbench
