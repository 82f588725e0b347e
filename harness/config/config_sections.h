// The sections of an experiment file, each read by its own file (dataset_section.cpp,
// planner_section.cpp, dynamic_section.cpp) and put together by experiment_config.cpp.
// Private to harness/config.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "harness/config/experiment_config.h"
#include "harness/config/yaml_reader.h"

namespace pathbench {

// One `datasets:` entry; `index` is its position (it seeds generated maps).
DatasetConfig read_dataset(const Context& ctx, const Value& v, std::uint64_t experiment_seed,
                           std::size_t index);

// One `planners:` entry, sweep-expanded (one PlannerConfig per member, labels not yet checked for
// uniqueness across entries).
std::vector<PlannerConfig> read_planner(const Context& ctx, const Value& v);

// The `dynamic:` section.
DynamicSpec read_dynamic(const Context& ctx, const Value& v);

}  // namespace pathbench
