// `pathbench gen-map` and `pathbench gen-scen`: a generated map, and a MovingAI .scen for a map.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "algorithms/core/input_error.h"
#include "datasets/map_generators.h"
#include "datasets/map_io.h"
#include "datasets/map_shape.h"
#include "datasets/scen_io.h"
#include "datasets/scenario_generator.h"
#include "harness/cli/commands.h"
#include "harness/cli_support/cli11_values.h"

namespace pathbench::cli {
namespace {

struct GenMapArgs {
  std::string kind = "random";
  MapShape shape{MapKind::Random, 128, 128, 0.2, 1, 8};
  unsigned long long seed = 1;
  std::string output;
};

void gen_map_options(CLI::App& cmd, GenMapArgs& a) {
  cmd.description("generate a map and write it as a MovingAI .map");
  cmd.add_option("--kind", a.kind, "random | maze | rooms")
      ->check(CLI::IsMember({"random", "maze", "rooms"}))
      ->capture_default_str();
  cmd.add_option("--width", a.shape.width)->capture_default_str();
  cmd.add_option("--height", a.shape.height)->capture_default_str();
  cmd.add_option("--density", a.shape.density, "random: obstacle probability")
      ->capture_default_str();
  cmd.add_option("--corridor-width", a.shape.corridor_width, "maze")->capture_default_str();
  cmd.add_option("--room-size", a.shape.room_size, "rooms")->capture_default_str();
  cmd.add_option("--seed", a.seed)->capture_default_str();
  cmd.add_option("-o,--output", a.output, "output .map")->required();
}

int gen_map_command(GenMapArgs& a) {
  a.shape.kind = a.kind == "random" ? MapKind::Random
                 : a.kind == "maze" ? MapKind::Maze
                                    : MapKind::Rooms;
  // The rules of a YAML `generated:` dataset, so both accept the same maps.
  if (const auto problem = map_shape_problem(a.shape)) {
    std::string option = "--" + problem->field;
    std::replace(option.begin(), option.end(), '_', '-');
    throw InputError("command line", 0, option, problem->message);
  }
  const Grid g = generate_map(a.shape, a.seed);
  write_map(a.output, g);
  std::cout << fmt::format("wrote {} ({}x{}, {} passable cells)\n", a.output, g.width(), g.height(),
                           g.count_passable());
  return 0;
}

struct GenScenArgs {
  std::string map;
  int per_bucket = 10;
  int max_buckets = 0;
  unsigned long long seed = 1;
  MoveRules rules;
  std::string output;  // default: map path + ".scen"
};

void gen_scen_options(CLI::App& cmd, GenScenArgs& a) {
  cmd.description("generate a MovingAI .scen for a map");
  add_map_option(cmd, a.map);
  cmd.add_option("--per-bucket", a.per_bucket)->capture_default_str();
  cmd.add_option("--max-buckets", a.max_buckets, "0 = all")->capture_default_str();
  cmd.add_option("--seed", a.seed)->capture_default_str();
  add_move_rule_options(cmd, a.rules);
  cmd.add_option("-o,--output", a.output, "output .scen (default: MAP.scen)");
}

int gen_scen_command(const GenScenArgs& a) {
  const Grid g = read_map(a.map, MapLoadOptions{a.rules, {}});
  const std::string name = std::filesystem::path(a.map).filename().string();
  std::vector<ScenEntry> entries;
  try {
    entries = generate_scenarios(g, name, a.per_bucket, a.seed, a.max_buckets);
  } catch (const std::invalid_argument& e) {
    throw InputError("command line", 0, "gen-scen", e.what());
  }
  const std::string out = a.output.empty() ? a.map + ".scen" : a.output;
  write_scen(out, entries);
  std::cout << fmt::format("wrote {} ({} queries)\n", out, entries.size());
  return 0;
}

}  // namespace

Subcommand add_gen_map_command(CLI::App& app) {
  return add_command(app, "gen-map", gen_map_options, gen_map_command);
}

Subcommand add_gen_scen_command(CLI::App& app) {
  return add_command(app, "gen-scen", gen_scen_options, gen_scen_command);
}

}  // namespace pathbench::cli
