#include "harness/runner/run_setup.h"

#include <fmt/format.h>

#include "algorithms/core/input_error.h"

namespace pathbench {

std::vector<ActivePlanner> build_planners(const ExperimentConfig& cfg) {
  std::vector<ActivePlanner> out;
  for (std::size_t i = 0; i < cfg.planners.size(); ++i) {
    const PlannerConfig& pc = cfg.planners[i];
    const std::string where = fmt::format("planners[{}]", i);
    try {
      ActivePlanner ap{&pc, make_planner(pc.algorithm, pc.params), {}, {}};
      ap.params_text = ap.built.params.to_string();
      ap.extra_columns = ap.built.planner->extra_columns();
      if (ap.built.planner->capabilities().path_model == PathModel::AnyAngle) {
        ap.extra_columns.push_back(kOctileRatioColumn);
        ap.extra_columns.push_back(kAnyAngleRatioColumn);
      }
      out.push_back(std::move(ap));
    } catch (const UnknownPlannerError& e) {
      throw InputError(cfg.source_file.string(), pc.line, where + ".algorithm", e.what());
    } catch (const ParamError& e) {
      throw InputError(cfg.source_file.string(), pc.line, where + ".params." + e.param(),
                       fmt::format("planner '{}': {}", pc.label, e.what()));
    }
  }
  return out;
}

void check_combinations(const ExperimentConfig& cfg, const std::vector<ActivePlanner>& planners,
                        const std::vector<MapInstance>& maps) {
  for (std::size_t i = 0; i < planners.size(); ++i) {
    const Capabilities& caps = planners[i].built.planner->capabilities();
    Budget budget;
    budget.time_limit_s = cfg.time_limit_s;
    if (const std::string why = check_budget_support(caps, budget); !why.empty())
      throw InputError(cfg.source_file.string(), planners[i].config->line,
                       fmt::format("planners[{}].algorithm", i),
                       fmt::format("planner '{}' ({}) {}, but time_limit_s is set",
                                   planners[i].config->label, planners[i].config->algorithm, why));
    for (const MapInstance& m : maps) {
      const std::string why = check_support(caps, m.grid);
      if (!why.empty())
        throw InputError(
            cfg.source_file.string(), planners[i].config->line,
            fmt::format("planners[{}].algorithm", i),
            fmt::format("planner '{}' ({}) cannot run on dataset '{}': {}",
                        planners[i].config->label, planners[i].config->algorithm, m.dataset, why));
    }
  }
}

CpuRequest requested_cpu(const ExperimentConfig& cfg, int cli_cpu) {
  if (cli_cpu >= 0) return {cli_cpu, "command line", 0, "--cpu"};
  return {cfg.cpu, cfg.source_file.string(), cfg.cpu_line, "cpu"};
}

}  // namespace pathbench
