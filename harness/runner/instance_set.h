// The benchmark instances of an experiment: every map (read from MovingAI files or generated)
// with its queries and their reference optimal costs, loaded and checked before any search runs.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "algorithms/core/grid.h"
#include "harness/config/experiment_config.h"

namespace pathbench {

struct QueryInstance {
  int index = 0;  // position in the map's scenario list (before filtering for MovingAI)
  int bucket = 0;
  Point start, goal;
  double optimal = 0.0;  // .scen length, or reference Dijkstra cost; +inf = no path
};

struct MapInstance {
  std::string dataset;
  std::string map_name;             // file name for MovingAI maps, <dataset>-NNN when generated
  std::filesystem::path map_path;   // empty when generated
  std::filesystem::path scen_path;  // empty when generated
  std::uint64_t seed = 0;           // generator seed (generated maps)
  Grid grid;
  std::vector<QueryInstance> queries;
};

// Reads or generates every map of every dataset, applies limit/bucket filters, and checks each
// scenario against its map. Throws InputError on bad files.
std::vector<MapInstance> load_instances(const ExperimentConfig& config);

}  // namespace pathbench
