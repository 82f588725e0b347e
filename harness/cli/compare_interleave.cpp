#include "harness/cli/compare_interleave.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "algorithms/core/input_error.h"
#include "harness/analysis/interleaved_comparison.h"
#include "harness/cli/commands.h"
#include "harness/cli_support/child_program.h"
#include "harness/cli_support/results_meta.h"
#include "harness/config/experiment_config.h"
#include "harness/runner/cpu_pinning.h"
#include "harness/runner/shard_process.h"

namespace pathbench::cli {
namespace {

namespace fs = std::filesystem;

fs::path checked_binary(const std::string& text, const char* which) {
  const fs::path p = fs::absolute(text);
  std::error_code ec;
  if (!fs::exists(p, ec)) throw InputError(text, 0, "", fmt::format("{}: no such file", which));
  if (!fs::is_regular_file(p, ec) || access(p.c_str(), X_OK) != 0)
    throw InputError(text, 0, "", fmt::format("{}: not an executable file", which));
  return p;
}

// Slices of the experiment: one per map, so a child runs about one map's worth of queries and
// A and B alternate at that grain (a `--shard` takes every N-th query of every map).
int slice_count(const ExperimentConfig& cfg) {
  std::size_t maps = 0;
  for (const DatasetConfig& d : cfg.datasets)
    maps += d.kind == DatasetConfig::Kind::Generated ? static_cast<std::size_t>(d.generated.count)
                                                     : d.maps.size();
  return static_cast<int>(std::clamp<std::size_t>(maps, 1, 100000));
}

CpuRequest core_to_use(const InterleaveArgs& args, const ExperimentConfig& cfg) {
  if (args.cpu >= 0) return {args.cpu, "command line", 0, "--cpu"};
  if (cfg.cpu >= 0) return {cfg.cpu, cfg.source_file.string(), cfg.cpu_line, "cpu"};
  // Away from core 0, which takes most interrupts (peer_warthog.sh pins to core 1 likewise).
  const std::vector<int> cpus = allowed_cpus();
  return {cpus.empty() ? 0 : cpus.back(), "command line", 0, "--cpu"};
}

fs::path output_folder(const std::string& out) {
  if (out.empty()) {
    std::string pattern = (fs::temp_directory_path() / "pathbench_interleave.XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr)
      throw std::runtime_error("cannot create a folder under " +
                               fs::temp_directory_path().string());
    return pattern;
  }
  std::error_code ec;
  // A folder holding an earlier session would mix two sessions' rounds.
  if (fs::exists(out, ec) && !(fs::is_directory(out, ec) && fs::is_empty(out, ec)))
    throw InputError("command line", 0, "--out", out + " exists and is not an empty folder");
  fs::create_directories(out);
  return fs::absolute(out);
}

// The last lines of a child's log on one line, for the error that names it.
std::string log_summary(const fs::path& log) {
  const std::vector<std::string> lines = log_tail(log);
  return lines.empty() ? "(no output)" : fmt::format("{}", fmt::join(lines, " | "));
}

}  // namespace

int compare_interleaved_command(const InterleaveArgs& args) {
  if (args.rounds < 2)
    throw InputError::expected("command line", 0, "--rounds",
                               "at least 2 (the A/A noise floor compares rounds)",
                               std::to_string(args.rounds));
  if (args.cpu < -1)
    throw InputError::expected("command line", 0, "--cpu", "a core number",
                               std::to_string(args.cpu));
  const fs::path bin_a = checked_binary(args.bin_a, "BIN_A"),
                 bin_b = checked_binary(args.bin_b, "BIN_B");
  const ExperimentConfig cfg = load_experiment(args.config);
  if (cfg.dynamic)
    throw InputError(cfg.source_file.string(), cfg.dynamic->line, "dynamic",
                     "--interleave compares static experiments (dynamic runs cannot be sharded)");
  const int slices = slice_count(cfg);
  // Children inherit this process's core: pinned before they exist, so even a BIN that is a
  // wrapper script, or ignores --cpu, runs there. --cpu also overrides the config's cpu:.
  const CpuRequest core = core_to_use(args, cfg);
  pin_to_cpu(core);
  const fs::path out = output_folder(args.out);
  std::cerr << fmt::format(
      "interleaving {} rounds x {} slices on core {}; results and logs in {}\n", args.rounds,
      slices, core.cpu, out.string());

  const auto run_dir = [&](const InterleaveStep& s) {
    return out / (s.b ? "b" : "a") / fmt::format("round{}_slice{}", s.round, s.slice);
  };
  const std::vector<InterleaveStep> steps = interleave_schedule(args.rounds, slices);
  const bool progress = isatty(2) != 0;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const InterleaveStep& s = steps[i];
    const fs::path dir = run_dir(s), log = fs::path(dir.string() + ".log");
    fs::create_directories(dir.parent_path());
    const std::string bin = (s.b ? bin_b : bin_a).string();
    const std::vector<std::string> argv = {bin,
                                           "run",
                                           cfg.source_file.string(),
                                           "--shard",
                                           fmt::format("{}/{}", s.slice, slices),
                                           "--cpu",
                                           std::to_string(core.cpu),
                                           "--out",
                                           dir.string()};
    if (progress)
      std::cerr << fmt::format("\r[{}/{}] {} round {} slice {}   ", i + 1, steps.size(),
                               s.b ? "B" : "A", s.round, s.slice)
                << std::flush;
    const ProgramExit e = run_program_logged(argv, log);
    // 3 is `run`'s "some result failed validation": the rows exist and the comparison shows
    // the changed results.
    if (!e.started || (e.status != 0 && e.status != kExitInvalidResults))
      throw InputError(bin, 0, "",
                       fmt::format("{} failed: {}; its output ({}): {}", fmt::join(argv, " "),
                                   e.problem, log.string(), log_summary(log)));
  }
  if (progress) std::cerr << '\n';

  std::vector<RunsCsv> rounds[2];
  for (int x = 0; x < 2; ++x)
    for (int r = 0; r < args.rounds; ++r) {
      std::vector<RunsCsv> parts;
      for (int k = 0; k < slices; ++k)
        parts.push_back(read_runs_csv(run_dir({r, k, x == 1}) / "runs.csv"));
      rounds[x].push_back(join_runs(std::move(parts)));
    }
  const nlohmann::json meta_a = read_results_meta(run_dir({0, 0, false})),
                       meta_b = read_results_meta(run_dir({0, 0, true}));
  CompareOptions opt = args.options;
  opt.seed = cfg.seed;  // the bootstrap's, as a report of the experiment would seed it
  RunComparison c = compare_interleaved(rounds[0], meta_a, rounds[1], meta_b, opt);
  c.dir_a = fmt::format("{} (rounds in {})", bin_a.string(), (out / "a").string());
  c.dir_b = fmt::format("{} (rounds in {})", bin_b.string(), (out / "b").string());
  if (c.matched == 0)
    throw InputError(bin_b.string(), 0, "",
                     why_no_rows_matched(rounds[0].front(), rounds[1].front(), c));
  std::cout << fmt::format(
      "Interleaved: {} rounds x {} slices of {}, each A and B back to back, pinned to core {}; "
      "times are medians over the rounds.\n",
      args.rounds, slices, cfg.source_file.string(), core.cpu);
  print_comparison(std::cout, c, args.markdown);
  if (c.result_changes() > 0)
    std::cerr << fmt::format("warning: {} result differences between the binaries (see above)\n",
                             c.result_changes());
  return c.any_regression() ? kExitRegression : 0;
}

}  // namespace pathbench::cli
