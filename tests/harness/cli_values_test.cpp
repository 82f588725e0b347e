// Command-line values (harness/cli_support/command_line_values.h) and the CLI11 options that
// parse them (cli11_values.h): what is accepted, and that everything else is an InputError naming
// the option with what was expected and what was given. Also add_command (subcommand.h), the
// wiring of every `pathbench` subcommand.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "algorithms/core/input_error.h"
#include "harness/cli_support/cli11_values.h"
#include "harness/cli_support/command_line_values.h"
#include "harness/cli_support/subcommand.h"

namespace pathbench::cli {
namespace {

// Runs `body`, which must throw InputError; returns it.
template <class F>
InputError input_error_of(F body) {
  try {
    body();
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no InputError";
  return InputError("", 0, "", "");
}

TEST(CommandLineValues, PointsAreTwoIntegers) {
  EXPECT_EQ(parse_point("3,4", "--start"), (Point{3, 4}));
  EXPECT_EQ(parse_point("-1,0", "--start"), (Point{-1, 0}));  // range is the map's business
  for (const char* bad :
       {"", "3", "3,", ",4", "3,4,", "3;4", "3, 4", " 3,4", "a,b", "3,4x", "99999999999,1"}) {
    const InputError e = input_error_of([&] { parse_point(bad, "--goal"); });
    EXPECT_EQ(e.file(), "command line") << bad;
    EXPECT_EQ(e.field(), "--goal") << bad;
    EXPECT_EQ(e.message(), "expected X,Y, got '" + std::string(bad) + "'");
  }
}

TEST(CommandLineValues, IntListsHaveExactlyCountValues) {
  EXPECT_EQ(parse_int_list("0,1,2,3", 4, "--region", "x0,y0,x1,y1"),
            (std::vector<int>{0, 1, 2, 3}));
  for (const char* bad : {"0,1,2", "0,1,2,3,4", "0,1,,3", "0,1,2,3,"}) {
    const InputError e = input_error_of([&] { parse_int_list(bad, 4, "--region", "x0,y0,x1,y1"); });
    EXPECT_EQ(e.field(), "--region");
    EXPECT_EQ(e.message(), "expected x0,y0,x1,y1, got '" + std::string(bad) + "'");
  }
}

TEST(CommandLineValues, AssignmentsSplitAtTheFirstEquals) {
  EXPECT_EQ(parse_assignment("weight=2", "--set"), (Assignment{"weight", "2"}));
  EXPECT_EQ(parse_assignment("command=a=b", "--set"), (Assignment{"command", "a=b"}));
  EXPECT_EQ(parse_assignment("name=", "--set"), (Assignment{"name", ""}));
  for (const char* bad : {"weight", "=2", ""}) {
    const InputError e = input_error_of([&] { parse_assignment(bad, "--set"); });
    EXPECT_EQ(e.field(), "--set");
    EXPECT_EQ(e.message(), "expected key=value, got '" + std::string(bad) + "'");
  }
  // The last of a repeated key wins.
  EXPECT_EQ(to_raw_params({{"weight", "2"}, {"queue", "pairing"}, {"weight", "3"}}),
            (RawParams{{"weight", "3"}, {"queue", "pairing"}}));
}

TEST(CommandLineValues, PlannerListsCarryTheirOwnParameters) {
  const std::vector<PlannerSpec> specs =
      parse_planner_list("astar,jps,astar:weight=2:queue=pairing", "--compare");
  ASSERT_EQ(specs.size(), 3u);
  EXPECT_EQ(specs[0].name, "astar");
  EXPECT_TRUE(specs[0].params.empty());
  EXPECT_EQ(specs[1].text, "jps");
  EXPECT_EQ(specs[2].text, "astar:weight=2:queue=pairing");
  EXPECT_EQ(specs[2].name, "astar");
  EXPECT_EQ(specs[2].params, (Assignments{{"weight", "2"}, {"queue", "pairing"}}));
  EXPECT_EQ(input_error_of([] { parse_planner_list("astar,,jps", "--compare"); }).message(),
            "empty planner name in 'astar,,jps'");
  EXPECT_EQ(input_error_of([] { parse_planner_list(":weight=2", "--compare"); }).field(),
            "--compare");
  EXPECT_EQ(input_error_of([] { parse_planner_list("astar:weight", "--compare"); }).message(),
            "expected key=value, got 'weight'");
}

// The options hand typed values to the command, and a bad value leaves CLI11's parse as an
// InputError (not a CLI::ParseError, which would print CLI11's usage message and exit 105).
TEST(Cli11Values, OptionsParseTypedValuesAndThrowInputErrors) {
  auto make = [](Point& start, Assignments& set, std::vector<PlannerSpec>& compare,
                 std::vector<int>& region, MoveRules& rules) {
    auto app = std::make_unique<CLI::App>("test");
    add_point_option(*app, "-s,--start", start, "X,Y");
    add_assignments_option(*app, "--set", set, "key=value");
    add_planner_list_option(*app, "--compare", compare, "planners");
    add_int_list_option(*app, "--region", 4, "x0,y0,x1,y1", region, "cells");
    add_move_rule_options(*app, rules);
    return app;
  };
  Point start;
  Assignments set;
  std::vector<PlannerSpec> compare;
  std::vector<int> region;
  MoveRules rules;
  auto app = make(start, set, compare, region, rules);
  app->parse(
      "-s 5,6 --set b=2 --set a=1 --compare astar,jps --region 1,2,3,4 --connectivity 4 "
      "--corner-cutting",
      false);
  EXPECT_EQ(start, (Point{5, 6}));
  EXPECT_EQ(set, (Assignments{{"b", "2"}, {"a", "1"}}));  // in the order given
  ASSERT_EQ(compare.size(), 2u);
  EXPECT_EQ(compare[1].name, "jps");
  EXPECT_EQ(region, (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(rules.connectivity, Connectivity::Four);
  EXPECT_TRUE(rules.corner_cutting);

  auto bad = make(start, set, compare, region, rules);
  const InputError e = input_error_of([&] { bad->parse("-s 5;6", false); });
  EXPECT_EQ(e.field(), "--start");  // the long name, whichever was typed
  auto bad_set = make(start, set, compare, region, rules);
  EXPECT_EQ(input_error_of([&] { bad_set->parse("--set x", false); }).field(), "--set");
  // CLI11's own checks keep CLI11's errors.
  auto bad_rules = make(start, set, compare, region, rules);
  EXPECT_THROW(bad_rules->parse("--connectivity 6", false), CLI::ParseError);
}

// A command of the shape every `pathbench` subcommand has (harness/cli/*_command.cpp).
struct QueryCommandArgs {
  std::string map;
  Point start, goal;
  std::string planner = "astar";
  int shard = -1;  // set by an option callback holding a reference into the args
};

void query_command_options(CLI::App& cmd, QueryCommandArgs& a) {
  cmd.description("one query");
  add_one_query_options(cmd, a.map, a.start, a.goal, a.planner);
  cmd.add_option_function<int>("--shard", [&a](int k) { a.shard = k; });
}

TEST(Subcommand, AddCommandDescribesBindsAndRunsOnTheParsedArgs) {
  CLI::App app;
  QueryCommandArgs seen;
  const auto run = [&seen](const QueryCommandArgs& a) {
    seen = a;
    return 5;
  };
  const Subcommand query = add_command(app, "query", query_command_options, run);
  const Subcommand other = add_command(app, "other", query_command_options, run);
  EXPECT_EQ(query.app->get_name(), "query");
  EXPECT_EQ(query.app->get_description(), "one query");
  app.parse("query --map m.map --start 1,2 --goal 3,4 --shard 7", false);
  ASSERT_TRUE(*query.app);
  EXPECT_FALSE(*other.app);
  EXPECT_EQ(query.run(), 5);  // the run function's exit code
  EXPECT_EQ(seen.map, "m.map");
  EXPECT_EQ(seen.start, (Point{1, 2}));
  EXPECT_EQ(seen.goal, (Point{3, 4}));
  EXPECT_EQ(seen.planner, "astar");  // the default, as declared
  EXPECT_EQ(seen.shard, 7);

  // --map, --start and --goal are required; --planner is not.
  for (const char* line : {"query --start 1,2 --goal 3,4", "query --map m.map --goal 3,4",
                           "query --map m.map --start 1,2"}) {
    CLI::App fresh;
    // Kept: the Subcommand owns the args its options write into.
    const Subcommand kept = add_command(fresh, "query", query_command_options, run);
    EXPECT_THROW(fresh.parse(line, false), CLI::RequiredError) << line;
  }
  CLI::App with_planner;
  const Subcommand q = add_command(with_planner, "query", query_command_options, run);
  with_planner.parse("query --map m.map --start 1,2 --goal 3,4 --planner jps", false);
  EXPECT_EQ(q.run(), 5);
  EXPECT_EQ(seen.planner, "jps");
  EXPECT_EQ(seen.shard, -1);
}

}  // namespace
}  // namespace pathbench::cli
