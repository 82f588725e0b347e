// The one shape of a `pathbench` subcommand: its arguments in a struct, a function declaring
// its description and the options that fill that struct, and a function running on it that
// returns the exit code. add_command is the wiring they all share, so a command file
// (harness/cli) holds only its own options and its own body.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <string>

namespace pathbench::cli {

// A declared subcommand: `*app` is true when it was given on the command line; `run` then does
// its work and returns the exit code.
struct Subcommand {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

// Declares subcommand `name` on `app`, calls `declare_options(cmd, args)` to describe it and bind
// its options to a fresh Args, and returns it with a run that calls `run(args)`. The Args is
// owned by that run, so it lives as long as the Subcommand: option callbacks may keep
// references to it (so the result must be kept until parsing and running are done).
template <class Args, class Run>
[[nodiscard]] Subcommand add_command(CLI::App& app, const std::string& name,
                                     void (*declare_options)(CLI::App&, Args&), Run run) {
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(name);
  declare_options(*cmd, *args);
  return {cmd, [args, run] { return run(*args); }};
}

}  // namespace pathbench::cli
