#include "harness/runner/run_setup.h"

#include <fmt/format.h>
#include <ctime>

#include "datasets/input_error.h"

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
    const Capabilities caps = planners[i].built.planner->capabilities();
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

std::filesystem::path choose_output_dir(const ExperimentConfig& cfg, const RunOptions& opt) {
  namespace fs = std::filesystem;
  if (!opt.out_dir.empty()) return opt.out_dir;
  const std::time_t t = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::gmtime(&t));
  std::string leaf = stamp;
  if (!opt.tag.empty()) leaf += "-" + opt.tag;
  fs::path dir = opt.results_root / cfg.name / leaf;
  for (int n = 2; fs::exists(dir) || fs::exists(fs::path(dir.string() + ".partial")); ++n)
    dir = opt.results_root / cfg.name / fmt::format("{}-{}", leaf, n);
  return dir;
}

std::filesystem::path open_staging_dir(const std::filesystem::path& dir, const RunOptions& opt) {
  namespace fs = std::filesystem;
  if (fs::exists(dir) && !opt.overwrite)
    throw InputError(dir.string(), 0, "--out",
                     "output directory already exists (use --overwrite to replace it)");
  const fs::path staging = dir.string() + ".partial";
  fs::remove_all(staging);
  fs::create_directories(staging);
  return staging;
}

void publish_run_dir(const std::filesystem::path& staging, const std::filesystem::path& dir,
                     const RunOptions& opt) {
  namespace fs = std::filesystem;
  if (fs::exists(dir)) fs::remove_all(dir);
  fs::rename(staging, dir);
  if (opt.out_dir.empty()) {
    const fs::path latest = dir.parent_path() / "latest";
    std::error_code ec;  // best effort: a missing symlink does not invalidate the run
    fs::remove(latest, ec);
    fs::create_directory_symlink(dir.filename(), latest, ec);
  }
}

}  // namespace pathbench
