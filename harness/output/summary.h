// Per-group aggregates of result rows (group = dataset or map, crossed with planner), printed as
// the table `pathbench run` ends with and written as summary.csv.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "harness/output/run_row.h"

namespace pathbench {

enum class GroupBy { Dataset, Map };

struct SummaryRow {
  std::string group;  // dataset name, or dataset/map
  std::string planner;
  std::size_t queries = 0;
  std::size_t solved = 0;
  std::size_t valid = 0;
  std::size_t optimal = 0;         // solved with cost equal to the reference optimum
  std::size_t with_reference = 0;  // solved queries whose reference optimum is finite
  double mean_expansions = 0, median_expansions = 0;
  double mean_time_us = 0, median_time_us = 0;
  double ns_per_expansion = 0;  // total time / total expansions over solved queries
  double mean_suboptimality = 0, max_suboptimality = 0;
  double prep_ms = 0;  // sum over maps of the planner's preparation time
  std::size_t prep_bytes = 0;  // largest over maps
};

// Groups in first-seen order, planners in first-seen order within a group.
std::vector<SummaryRow> summarize(const std::vector<RunRow>& rows, GroupBy by);

void print_summary_table(std::ostream& out, const std::vector<SummaryRow>& rows);
void write_summary_csv(const std::filesystem::path& path, const std::vector<SummaryRow>& rows);

}  // namespace pathbench
