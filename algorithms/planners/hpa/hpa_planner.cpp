#include "algorithms/planners/hpa/hpa_planner.h"

#include <limits>

#include "algorithms/planners/hpa/hpa_query.h"

namespace pathbench {
namespace {

class HpaPlanner final : public Planner {
 public:
  explicit HpaPlanner(const ParamSet& p) {
    settings_.cluster_size = static_cast<int>(p.get_int("cluster_size"));
    settings_.levels = static_cast<int>(p.get_int("levels"));
    settings_.smoothing = p.get_bool("smoothing");
    settings_.cache_paths = p.get_choice("refine") == "cache";
  }

  Capabilities capabilities() const override {
    Capabilities c;
    c.optimal = false;
    c.suboptimality_bound = std::numeric_limits<double>::infinity();
    c.uniform_cost_only = true;
    c.supports_four_connected = true;
    c.supports_corner_cutting = false;
    c.needs_preprocessing = true;
    c.traceable = true;
    return c;
  }
  std::size_t memory_bytes() const override { return query_.abstraction().memory_bytes(); }
  std::vector<std::string> extra_columns() const override {
    return {"hpa_exp_insert",      "hpa_exp_abstract",   "hpa_exp_refine",
            "hpa_cost_unsmoothed", "hpa_abstract_nodes", "hpa_abstract_edges"};
  }

 protected:
  void do_prepare(const Grid& grid) override { query_.prepare(grid, settings_); }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    hpa::QueryStats stats;
    query_.set_budget(budget);
    // One check per query; the traced query is a separate instantiation (hpa_query.cpp).
    if (SearchTrace* t = trace())
      query_.solve(start, goal, result, stats, *t);
    else
      query_.solve(start, goal, result, stats);
    result.counters.expansions = stats.insertion + stats.abstract + stats.refinement;
    const hpa::ClusterAbstraction& abs = query_.abstraction();
    // assign() of a fixed-size list reuses the vector's capacity after the first query.
    result.extras.assign({static_cast<double>(stats.insertion), static_cast<double>(stats.abstract),
                          static_cast<double>(stats.refinement), stats.cost_unsmoothed,
                          static_cast<double>(abs.num_nodes()),
                          static_cast<double>(abs.num_edges())});
  }

 private:
  hpa::HpaSettings settings_;
  hpa::HpaQuery query_;
};

}  // namespace

PlannerInfo hpa_planner_info() {
  PlannerInfo info;
  info.name = "hpa";
  info.summary =
      "HPA* (Botea et al. 2004): cluster abstraction, abstract A*, refinement, smoothing";
  info.params = {
      {"cluster_size", ParamType::Int, std::int64_t{10}, 4, 1024, {}, "side of level-1 clusters"},
      {"levels", ParamType::Int, std::int64_t{1}, 1, 3, {}, "abstraction levels (3x3 grouping)"},
      {"smoothing", ParamType::Bool, true, 0, 0, {}, "shorten the refined path by straight runs"},
      {"refine",
       ParamType::Choice,
       std::string("cache"),
       0,
       0,
       {"cache", "search"},
       "intra-cluster paths: cached in prepare, or searched again per query"},
  };
  info.factory = [](const ParamSet& p) -> std::unique_ptr<Planner> {
    return std::make_unique<HpaPlanner>(p);
  };
  return info;
}

}  // namespace pathbench
