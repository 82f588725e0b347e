// The driver pathbench links with a GPPC entry (docs/gppc.md). NOT part of pathbench's own build:
// gppc_build.cpp compiles it at run time against the entry's Entry.h and links it with the
// entry's objects. It implements the start kit's side of the contract in Entry.h (the entry's
// PreprocessMap, PrepareForSearch, GetPath, GetName) and speaks the external-planner protocol
// (docs/external-planners.md) on stdin/stdout.
//
//   gppc_driver --preprocess FILE   reads one `map` message, calls PreprocessMap(bits, w, h, FILE),
//                                   answers {"type":"ready","prep_ms":...} and exits.
//   gppc_driver --search FILE       reads the `map` message, calls PrepareForSearch once, answers
//                                   `ready`; then per `solve` calls GetPath until it returns true
//                                   (the path accumulating) and answers `result` with the
//                                   entry's waypoints and the start kit's three clocks.
//
// Map bits as the start kit loads them: bits[y * width + x], true = traversable, (0,0) top-left.
// The entry's own prints to stdout would corrupt the protocol: stdout is moved to stderr at
// start-up, and the protocol goes out on a private copy of the original stdout.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "Entry.h"

namespace {

using Clock = std::chrono::steady_clock;
using Json = nlohmann::json;

FILE* protocol_out = nullptr;

void send(const Json& j) {
  const std::string line = j.dump() + "\n";
  std::fwrite(line.data(), 1, line.size(), protocol_out);
  std::fflush(protocol_out);
}

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "gppc_driver: %s\n", why.c_str());
  std::exit(2);
}

bool read_message(Json& j) {
  std::string line;
  if (!std::getline(std::cin, line)) return false;
  j = Json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object()) die("not a JSON object: " + line.substr(0, 200));
  return true;
}

// The start kit's path length: Euclidean length of the waypoint segments.
double path_length(const std::vector<xyLoc>& path) {
  double len = 0.0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const double dx = path[i].x - path[i - 1].x, dy = path[i].y - path[i - 1].y;
    len += std::sqrt(dx * dx + dy * dy);
  }
  return len;
}

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) die("usage: gppc_driver --preprocess|--search FILE");
  const std::string mode = argv[1];
  // Non-const lvalues: older entries (2013-subgoal-fast) declare PreprocessMap and
  // PrepareForSearch with non-const references, the start kit with const ones; both bind these.
  std::string file = argv[2];
  if (mode != "--preprocess" && mode != "--search") die("unknown mode " + mode);
  const int out_fd = dup(1);
  if (out_fd < 0 || dup2(2, 1) < 0) die("cannot set up stdout");
  protocol_out = fdopen(out_fd, "w");
  if (protocol_out == nullptr) die("cannot open the protocol stream");

  Json map;
  if (!read_message(map) || map.value("type", "") != "map") die("expected a map message");
  const int width = map.at("width").get<int>(), height = map.at("height").get<int>();
  std::vector<bool> bits(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  const Json& rows = map.at("rows");
  for (int y = 0; y < height; ++y) {
    const std::string row = rows.at(static_cast<std::size_t>(y)).get<std::string>();
    for (int x = 0; x < width; ++x)
      bits[static_cast<std::size_t>(y) * width + x] = row.at(static_cast<std::size_t>(x)) == '.';
  }

  if (mode == "--preprocess") {
    const auto t0 = Clock::now();
    PreprocessMap(bits, width, height, file);
    send({{"type", "ready"}, {"prep_ms", ms_since(t0)}, {"name", GetName()}});
    return 0;
  }

  const auto t0 = Clock::now();
  void* data = PrepareForSearch(bits, width, height, file);
  send({{"type", "ready"}, {"prep_ms", ms_since(t0)}});

  Json msg;
  std::vector<xyLoc> path;
  while (read_message(msg)) {
    const std::string type = msg.value("type", "");
    if (type == "quit") break;
    if (type != "solve") die("unexpected message type " + type);
    xyLoc s, g;
    s.x = static_cast<int16_t>(msg.at("start").at(0).get<int>());
    s.y = static_cast<int16_t>(msg.at("start").at(1).get<int>());
    g.x = static_cast<int16_t>(msg.at("goal").at(0).get<int>());
    g.y = static_cast<int16_t>(msg.at("goal").at(1).get<int>());
    // The start kit's loop and clocks (its main.cpp, RunExperiment): each GetPath call timed
    // alone; total, longest call, and the calls until the path is 20 units long.
    path.clear();
    Clock::duration total{}, max_step{}, first{};
    bool done = false, done_first = false;
    std::uint64_t calls = 0;
    do {
      const auto a = Clock::now();
      done = GetPath(data, s, g, path);
      const auto step = Clock::now() - a;
      ++calls;
      if (step > max_step) max_step = step;
      total += step;
      if (!done_first) {
        first += step;
        done_first = path_length(path) >= 20.0 - 1e-6;
      }
    } while (!done);
    const auto us = [](Clock::duration d) {
      return std::chrono::duration<double, std::micro>(d).count();
    };
    Json r = {{"type", "result"},        {"id", msg.at("id")},          {"time_us", us(total)},
              {"first20_us", us(first)}, {"max_step_us", us(max_step)}, {"getpath_calls", calls}};
    if (path.empty()) {
      r["status"] = "no_path";
    } else {
      r["status"] = "solved";
      Json cells = Json::array();
      for (const xyLoc& p : path) cells.push_back({p.x, p.y});
      r["path"] = std::move(cells);
    }
    send(r);
  }
  return 0;
}
