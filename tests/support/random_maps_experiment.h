// The YAML text of a small experiment on one dataset of generated random maps: for tests that
// need some run of a few planners rather than a particular config. One key a line, in a fixed
// order (name, seed, repetitions when set, datasets, planners), so a test can add a section after
// it and know its line numbers.
#pragma once

#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace pathbench::testing {

struct RandomMapsExperiment {
  std::string name;
  int seed = 1;
  int repetitions = 0;  // 0: no `repetitions:` line (the default, 1)
  std::string dataset = "rnd";
  int width = 40;
  int height = 40;
  double density = 0.2;
  int count = 2;
  int queries_per_bucket = 2;
  std::vector<std::pair<std::string, std::string>> planners;  // label, algorithm
};

inline std::string experiment_yaml(const RandomMapsExperiment& e) {
  std::ostringstream y;
  y << "name: " << e.name << "\nseed: " << e.seed << "\n";
  if (e.repetitions > 0) {
    y << "repetitions: " << e.repetitions << "\n";
  }
  y << "datasets:\n  - name: " << e.dataset << "\n    generated: {kind: random, width: " << e.width
    << ", height: " << e.height << ", density: " << e.density << ", count: " << e.count
    << ", queries_per_bucket: " << e.queries_per_bucket << "}\nplanners:\n";
  for (const auto& [label, algorithm] : e.planners) {
    y << "  - {label: " << label << ", algorithm: " << algorithm << "}\n";
  }
  return y.str();
}

}  // namespace pathbench::testing
