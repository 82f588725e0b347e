#include "harness/cli_support/cli11_values.h"

namespace pathbench::cli {

std::string long_name(const std::string& names) {
  const auto comma = names.rfind(',');
  return comma == std::string::npos ? names : names.substr(comma + 1);
}

CLI::Option* add_point_option(CLI::App& app, const std::string& name, Point& point,
                              const std::string& description) {
  const std::string option = long_name(name);
  return app
      .add_option_function<std::string>(
          name, [&point, option](const std::string& text) { point = parse_point(text, option); },
          description)
      ->type_name("X,Y");
}

CLI::Option* add_assignments_option(CLI::App& app, const std::string& name,
                                    Assignments& assignments, const std::string& description) {
  const std::string option = long_name(name);
  return app
      .add_option_function<std::vector<std::string>>(
          name,
          [&assignments, option](const std::vector<std::string>& texts) {
            assignments.clear();
            for (const std::string& t : texts) assignments.push_back(parse_assignment(t, option));
          },
          description)
      ->type_name("KEY=VALUE");
}

CLI::Option* add_planner_list_option(CLI::App& app, const std::string& name,
                                     std::vector<PlannerSpec>& planners,
                                     const std::string& description) {
  const std::string option = long_name(name);
  return app
      .add_option_function<std::string>(
          name,
          [&planners, option](const std::string& text) {
            planners = parse_planner_list(text, option);
          },
          description)
      ->type_name("P1,P2:k=v,...");
}

CLI::Option* add_int_list_option(CLI::App& app, const std::string& name, std::size_t count,
                                 const std::string& shape, std::vector<int>& values,
                                 const std::string& description) {
  const std::string option = long_name(name);
  return app
      .add_option_function<std::string>(
          name,
          [&values, option, count, shape](const std::string& text) {
            values = parse_int_list(text, count, option, shape);
          },
          description)
      ->type_name(shape);
}

void add_map_option(CLI::App& app, std::string& map) {
  app.add_option("--map", map, "MovingAI .map file")->required();
}

void add_one_query_options(CLI::App& app, std::string& map, Point& start, Point& goal,
                           std::string& planner) {
  add_map_option(app, map);
  add_point_option(app, "--start", start, "X,Y")->required();
  add_point_option(app, "--goal", goal, "X,Y")->required();
  app.add_option("--planner", planner, "planner name (see `pathbench list`)")
      ->capture_default_str();
}

void add_move_rule_options(CLI::App& app, MoveRules& rules) {
  app.add_option_function<int>(
         "--connectivity",
         [&rules](int n) {
           rules.connectivity = n == 4 ? Connectivity::Four : Connectivity::Eight;
         },
         "4 or 8")
      ->check(CLI::IsMember({4, 8}))
      ->default_str("8");
  app.add_flag("--corner-cutting", rules.corner_cutting, "allow diagonal corner cutting");
}

}  // namespace pathbench::cli
