// The optional `dynamic:` section of an experiment file: agent-in-a-changing-world experiments
// (harness/runner/dynamic_runner.h) instead of static queries.
//
//   dynamic:
//     kind: unknown_terrain        # or changing_map, or a list of both
//     sensor_radius: 2             # unknown_terrain: cells within this Chebyshev distance are seen
//     every_k_steps: 10            # changing_map: every k agent steps ...
//     toggles: 20                  # ... this many random cells flip passability
//     runs_per_map: 3              # the longest queries of each map
//     max_steps: 50000             # a run that has not arrived by then fails
//
// Invariants of a returned DynamicSpec: kinds is non-empty and has no duplicates; every number is
// in range (sensor_radius >= 1, every_k_steps >= 1, toggles >= 0, runs_per_map >= 1,
// max_steps >= 1); keys that apply only to a kind not listed are rejected. It is read with the
// rest of the experiment (ExperimentConfig::dynamic); errors are InputError with the config file,
// line and dotted field (`dynamic.sensor_radius`).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace pathbench {

enum class DynamicKind : std::uint8_t {
  UnknownTerrain,  // static true map, known only within the sensor radius (free elsewhere)
  ChangingMap,     // fully known map whose cells flip every k steps
};

std::string_view to_string(DynamicKind k);

struct DynamicSpec {
  std::vector<DynamicKind> kinds;
  int sensor_radius = 1;
  int every_k_steps = 10;
  int toggles = 10;
  int runs_per_map = 3;
  int max_steps = 50000;
  int line = 0;  // YAML line of `dynamic:`
};

}  // namespace pathbench
