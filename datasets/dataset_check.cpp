#include "datasets/dataset_check.h"

#include <algorithm>

#include "algorithms/core/input_error.h"
#include "datasets/input_file.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"

namespace pathbench {
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> maps_in(const fs::path& p) {
  std::error_code ec;
  if (!fs::is_directory(p, ec)) {
    if (std::string why = input_file_problem(p, "map"); !why.empty())
      throw InputError(p.string(), 0, "", why);
    return {p};
  }
  if (std::string why = input_directory_problem(p, "map folder"); !why.empty())
    throw InputError(p.string(), 0, "", why);
  std::vector<fs::path> out;
  for (fs::recursive_directory_iterator it(p, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".map" && it->is_regular_file(ec)) out.push_back(it->path());
  if (ec) throw InputError(p.string(), 0, "", "cannot list: " + ec.message());
  if (out.empty()) throw InputError(p.string(), 0, "", "holds no .map file");
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

DatasetCheck check_dataset(const std::vector<fs::path>& paths) {
  DatasetCheck out;
  for (const fs::path& p : paths)
    for (const fs::path& map : maps_in(p)) {
      const Grid grid = read_map(map);
      ++out.maps;
      const fs::path scen = map.string() + ".scen";
      std::error_code ec;
      if (!fs::exists(scen, ec)) {
        out.maps_without_scen.push_back(map.string());
        continue;
      }
      scan_scen_file(scen, [&](const ScenEntry& e, std::size_t) {
        check_scen_entry(e, grid, scen, map);
        ++out.queries;
        return true;
      });
      ++out.scens;
    }
  return out;
}

}  // namespace pathbench
