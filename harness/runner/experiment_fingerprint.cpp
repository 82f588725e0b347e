#include "harness/runner/experiment_fingerprint.h"

#include <fmt/format.h>
#include <cstdint>
#include <cstring>

#include "datasets/random.h"

namespace pathbench {
namespace {

class Fnv1a {
 public:
  void add(const void* data, std::size_t n) {
    h_ = detail::fnv1a({static_cast<const char*>(data), n}, h_);
  }
  template <typename T>
  void add_value(T v) {
    add(&v, sizeof v);
  }
  std::string hex() const { return fmt::format("{:016x}", h_); }

 private:
  std::uint64_t h_ = detail::kFnv1aBasis;
};

std::string map_digest(const MapInstance& m) {
  Fnv1a h;
  const std::vector<std::uint8_t>& cells = m.grid.passable_data();
  h.add(cells.data(), cells.size());
  if (m.grid.has_terrain())
    for (CellId c = 0; c < m.grid.num_ids(); ++c) h.add_value(m.grid.cell_cost(c));
  for (const QueryInstance& q : m.queries) {
    h.add_value(q.index);
    h.add_value(q.start.x);
    h.add_value(q.start.y);
    h.add_value(q.goal.x);
    h.add_value(q.goal.y);
    h.add_value(q.optimal);
  }
  return h.hex();
}

std::string short_text(const nlohmann::json& v) {
  std::string s = v.is_string() ? v.get<std::string>() : v.dump();
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return "'" + s + "'";
}

void diff(const nlohmann::json& a, const nlohmann::json& b, const std::string& where,
          std::vector<std::string>& out, std::size_t limit) {
  if (out.size() >= limit || a == b) return;
  if (a.is_object() && b.is_object()) {
    // Plain values first (seed, repetitions), then lists: the likeliest edit is named first.
    for (const bool containers : {false, true})
      for (const auto& [k, v] : a.items()) {
        if (v.is_structured() != containers) continue;
        const std::string w = where.empty() ? k : where + "." + k;
        if (!b.contains(k))
          out.push_back(w + ": no longer set");
        else
          diff(v, b[k], w, out, limit);
      }
    for (const auto& [k, v] : b.items())
      if (!a.contains(k) && out.size() < limit)
        out.push_back((where.empty() ? k : where + "." + k) + ": newly set to " + short_text(v));
    return;
  }
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) {
      out.push_back(fmt::format("{}: {} entries -> {}", where, a.size(), b.size()));
      return;
    }
    for (std::size_t i = 0; i < a.size(); ++i)
      diff(a[i], b[i], fmt::format("{}[{}]", where, i), out, limit);
    return;
  }
  out.push_back(where + ": " + short_text(a) + " -> " + short_text(b));
}

}  // namespace

nlohmann::json effective_experiment(const ExperimentConfig& cfg,
                                    const std::vector<ActivePlanner>& planners,
                                    const std::vector<MapInstance>& maps) {
  nlohmann::json planner_list = nlohmann::json::array();
  for (const ActivePlanner& p : planners)
    planner_list.push_back({{"label", p.config->label},
                            {"algorithm", p.config->algorithm},
                            {"params", p.params_text}});
  nlohmann::json map_list = nlohmann::json::array();
  for (const MapInstance& m : maps)
    map_list.push_back({{"dataset", m.dataset},
                        {"map", m.map_name},
                        {"width", m.grid.width()},
                        {"height", m.grid.height()},
                        {"connectivity", static_cast<int>(m.grid.rules().connectivity)},
                        {"corner_cutting", m.grid.rules().corner_cutting},
                        {"queries", m.queries.size()},
                        {"digest", map_digest(m)}});
  return {{"name", cfg.name},
          {"seed", cfg.seed},
          {"repetitions", cfg.repetitions},
          {"repetition_order", to_string(cfg.repetition_order)},
          {"batch_min_us", cfg.batch_min_us},
          {"time_limit_s", cfg.time_limit_s},
          {"validate", cfg.validate},
          // What becomes of a bad scen line: a resume under the other policy would mix the two.
          {"on_bad_query", to_string(cfg.on_bad_query)},
          {"baseline", cfg.baseline},
          {"planners", std::move(planner_list)},
          {"maps", std::move(map_list)}};
}

std::string experiment_fingerprint(const nlohmann::json& effective) {
  const std::string text = effective.dump();
  Fnv1a h;
  h.add(text.data(), text.size());
  return h.hex();
}

std::vector<std::string> experiment_differences(const nlohmann::json& was,
                                                const nlohmann::json& now, std::size_t limit) {
  std::vector<std::string> out;
  diff(was, now, "", out, limit);
  return out;
}

}  // namespace pathbench
