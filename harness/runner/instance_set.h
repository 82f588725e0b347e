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
  // optimal's printed precision when it is a .scen length: the file's (scen_length_decimals, not
  // the line's own digits, which a %g printer cuts short), so it is compared at that precision;
  // -1 when it is our reference cost (exact as a double).
  int decimals = -1;
  int line = 0;  // the scen line (1-based); 0 when generated
  // Why the published length cannot be right (datasets/published_length.h), "" when it may be:
  // such a query's rows get status bad_query (on_bad_query: record).
  std::string data_problem;
  // The start or goal is a blocked cell (a data problem no planner is asked to solve).
  bool blocked_endpoint = false;
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
// scenario against its map. Throws InputError on bad files, and on a published length that
// cannot be right or a blocked start or goal when config.on_bad_query is error (else it is kept
// in data_problem).
std::vector<MapInstance> load_instances(const ExperimentConfig& config);

}  // namespace pathbench
