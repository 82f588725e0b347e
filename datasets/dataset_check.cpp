#include "datasets/dataset_check.h"

#include <algorithm>

#include "algorithms/core/input_error.h"
#include "datasets/input_file.h"
#include "datasets/map_io.h"
#include "datasets/published_length.h"
#include "datasets/scen_io.h"
#include "datasets/scenario_generator.h"

namespace pathbench {
namespace fs = std::filesystem;

namespace {

DataProblem problem(std::string kind, const InputError& e) {
  return {std::move(kind), e.file(), e.line(), e.field(), e.what()};
}

// The kind of a check_scen_entry failure, from the field it names (scen_io.h).
std::string entry_kind(const std::string& field) {
  if (field == "map") return "map_name";
  if (field == "map_width" || field == "map_height") return "size_mismatch";
  if (field == "start" || field == "goal") return "blocked";
  return "out_of_range";  // start_x, start_y, goal_x, goal_y
}

// The .map files under `p` (or p itself); a problem with `p` is recorded and gives none.
std::vector<fs::path> maps_in(const fs::path& p, std::vector<DataProblem>& problems) {
  const auto fail = [&](const char* kind, const std::string& why) {
    problems.push_back(problem(kind, InputError(p.string(), 0, "", why)));
    return std::vector<fs::path>{};
  };
  std::error_code ec;
  if (!fs::is_directory(p, ec)) {
    if (std::string why = input_file_problem(p, "map"); !why.empty())
      return fail("unreadable", why);
    return {p};
  }
  if (std::string why = input_directory_problem(p, "map folder"); !why.empty())
    return fail("unreadable", why);
  std::vector<fs::path> out;
  for (fs::recursive_directory_iterator it(p, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".map" && it->is_regular_file(ec)) out.push_back(it->path());
  if (ec) return fail("unreadable", "cannot list: " + ec.message());
  if (out.empty()) return fail("no_maps", "holds no .map file");
  std::sort(out.begin(), out.end());
  return out;
}

void check_scen(const fs::path& scen, const fs::path& map, const Grid& grid, DatasetCheck& out) {
  // Published lengths are checked under MovingAI's rules (read_map's defaults), the rules they
  // are published for. Components are labelled once per map.
  std::vector<int> labels;
  label_components(grid, labels);
  try {
    const int decimals = scen_length_decimals_of_file(scen);
    scan_scen_file(scen, [&](const ScenEntry& e, std::size_t) {
      ++out.queries;
      try {
        check_scen_entry(e, grid, scen, map);
      } catch (const InputError& err) {
        out.problems.push_back(problem(entry_kind(err.field()), err));
        return true;
      }
      ScenEntry at_file_precision = e;
      if (e.decimals >= 0) at_file_precision.decimals = decimals;
      if (std::string why = published_length_problem(grid, labels, at_file_precision); !why.empty())
        out.problems.push_back(
            problem("bad_length", InputError(scen.string(), e.line, "optimal_length", why)));
      return true;
    });
  } catch (const InputError& err) {
    out.problems.push_back(problem("unreadable", err));
  }
}

}  // namespace

std::map<std::string, std::size_t> DatasetCheck::per_kind() const {
  std::map<std::string, std::size_t> n;
  for (const DataProblem& p : problems) ++n[p.kind];
  return n;
}

std::map<std::string, std::map<std::string, std::size_t>> DatasetCheck::per_folder() const {
  std::map<std::string, std::map<std::string, std::size_t>> n;
  for (const DataProblem& p : problems) ++n[fs::path(p.file).parent_path().string()][p.kind];
  return n;
}

DatasetCheck check_dataset(const std::vector<fs::path>& paths, bool require_scen) {
  DatasetCheck out;
  for (const fs::path& p : paths)
    for (const fs::path& map : maps_in(p, out.problems)) {
      ++out.maps;
      Grid grid;
      try {
        grid = read_map(map);
      } catch (const InputError& err) {
        out.problems.push_back(problem("unreadable", err));
        continue;
      }
      const fs::path scen = map.string() + ".scen";
      std::error_code ec;
      if (!fs::exists(scen, ec)) {
        out.maps_without_scen.push_back(map.string());
        if (require_scen)
          out.problems.push_back(problem(
              "missing_scen",
              InputError(map.string(), 0, "", "no scenario file beside it (NAME.map.scen)")));
        continue;
      }
      ++out.scens;
      out.maps_with_scen.push_back(map);
      check_scen(scen, map, grid, out);
    }
  return out;
}

}  // namespace pathbench
