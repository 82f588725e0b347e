#include "algorithms/planners/hpa/hpa_planner.h"

#include <limits>

#include "algorithms/planners/hpa/hpa_query.h"

namespace pathbench {
namespace {

class HpaPlanner final : public Planner {
 public:
  explicit HpaPlanner(const ParamSet& p)
      : Planner(Capabilities{.optimal = false,
                             .suboptimality_bound = std::numeric_limits<double>::infinity(),
                             .uniform_cost_only = true,
                             .supports_four_connected = true,
                             .supports_corner_cutting = false,
                             .needs_preprocessing = true,
                             .traceable = true}) {
    settings_.cluster_size = static_cast<int>(p.get_int("cluster_size"));
    settings_.levels = static_cast<int>(p.get_int("levels"));
    settings_.smoothing = p.get_bool("smoothing");
    settings_.cache_paths = p.get_choice("refine") == "cache";
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
      Param::integer("cluster_size").range(4, 1024).defaults_to(10).doc("side of level-1 clusters"),
      Param::integer("levels").range(1, 3).defaults_to(1).doc("abstraction levels (3x3 grouping)"),
      Param::boolean("smoothing")
          .defaults_to(true)
          .doc("shorten the refined path by straight runs"),
      Param::choice("refine", {"cache", "search"})
          .doc("intra-cluster paths: cached in prepare, or searched again per query"),
  };
  info.factory = make_planner<HpaPlanner>;
  return info;
}

}  // namespace pathbench
