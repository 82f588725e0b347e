#include "algorithms/planners/hpa/hpa_query.h"

#include <cstdlib>
#include <limits>

#include "algorithms/core/path_cost.h"

namespace pathbench::hpa {
namespace {

// Untraced queries: every hook is empty and inlines to nothing.
struct NoRecorder {
  void cell(CellId) {}
  NoNodeHook nodes() const { return {}; }
};

// Traced queries: cell-level expansions (ClusterSearch pops) go to trace.expanded, abstract node
// expansions (AbstractSearch pops) to the "abstract_expanded" layer. Every counted expansion of a
// query is one of the two, hence expanded.size() + abstract_expanded.size() == expansions.
struct TraceRecorder {
  SearchTrace* trace;
  TraceNodeHook hook;
  void cell(CellId c) { trace->expanded.push_back(c); }
  TraceNodeHook nodes() const { return hook; }
};

}  // namespace

std::uint64_t HpaQuery::prepare(const Grid& grid, const HpaSettings& settings) {
  grid_ = &grid;
  settings_ = settings;
  off_ = MoveOffsets(grid);
  std::uint64_t expansions = 0;
  for (ClusterSearch& s : cell_insert_) s.resize(settings.cluster_size);
  cell_work_.resize(settings.cluster_size);
  abs_.build_level1(grid, settings.cluster_size, settings.levels, settings.cache_paths, cell_work_,
                    expansions);
  search_.resize(abs_);
  for (int l = 2; l <= settings.levels; ++l) abs_.build_level(l, search_, expansions);
  const std::size_t n = abs_.num_nodes() + 1;
  for (int l = 1; l <= settings.levels; ++l) {
    for (int e = 0; e < 2; ++e) {
      insert_rec_[e][l].resize(n);
      conn_[e][l].clear();
      conn_[e][l].reserve(n);
    }
    cand_rec_[l].resize(n);
    refine_rec_[l].resize(n);
    chain_[l].clear();
    chain_[l].reserve(n);
  }
  top_chain_.reserve(n);
  goal_cells_.reserve(grid.num_ids());
  smoother_.resize(grid.num_ids());
  return expansions;
}

template <class Rec>
void HpaQuery::insert(int e, CellId cell, std::uint64_t& expansions, Rec& rec) {
  const ClusterGeometry& geo = abs_.geometry();
  const int x = grid_->x_of(cell), y = grid_->y_of(cell);
  {
    const std::uint32_t c = geo.cluster_of(1, x, y);
    const auto list = abs_.cluster_nodes(1, c);
    std::vector<Conn>& conn = conn_[e][1];
    conn.clear();
    if (!list.empty()) {
      // Stop once every transition of the cluster is settled: the rest of it is irrelevant.
      std::size_t remaining = list.size();
      ClusterSearch& cs = cell_insert_[e];
      cs.run(
          *grid_, off_, geo.rect(1, c), cell, kNoCell, expansions,
          [&](CellId settled) { return abs_.node_at(settled) != kNoNode && --remaining == 0; },
          [&](CellId expanded) { rec.cell(expanded); });
      for (const std::uint32_t v : list)
        if (cs.settled(abs_.node(v).cell)) conn.push_back({v, cs.cost(abs_.node(v).cell)});
    }
  }
  for (int l = 2; l <= settings_.levels; ++l) {
    const std::uint32_t c = geo.cluster_of(l, x, y);
    const auto list = abs_.cluster_nodes(l, c);
    std::vector<Conn>& conn = conn_[e][l];
    conn.clear();
    if (list.empty() || conn_[e][l - 1].empty()) continue;
    AbstractRecords& records = insert_rec_[e][l];
    search_.run(abs_, records, AbstractQuery::within_cluster(l, c, list.size()), conn_[e][l - 1],
                expansions, rec.nodes());
    for (const std::uint32_t v : list)
      if (records.closed(v)) conn.push_back({v, records.g(v)});
  }
}

template <class Rec>
void HpaQuery::append_insertion(int e, int level, std::uint32_t v, std::vector<CellId>& out,
                                std::uint64_t& expansions, Rec& rec) {
  if (level == 1) {
    out.pop_back();  // append_path repeats the endpoint
    cell_insert_[e].append_path(abs_.node(v).cell, out);
    return;
  }
  std::vector<std::uint32_t>& chain = chain_[level - 1];
  chain.clear();
  append_chain(insert_rec_[e][level], v, chain);
  append_insertion(e, level - 1, chain.front(), out, expansions, rec);
  for (std::size_t i = 1; i < chain.size(); ++i)
    expand_edge(level - 1, chain[i - 1], chain[i], out, expansions, rec);
}

template <class Rec>
void HpaQuery::expand_edge(int level, std::uint32_t a, std::uint32_t b, std::vector<CellId>& out,
                           std::uint64_t& expansions, Rec& rec) {
  const std::uint32_t ca = abs_.cluster_of(level, a);
  if (ca != abs_.cluster_of(level, b)) {  // inter edge: the two cells of a transition
    out.push_back(abs_.node(b).cell);
    return;
  }
  if (settings_.cache_paths) {
    for (const AbsEdge& e : abs_.edges(level, a)) {
      if (e.to != b || !e.intra) continue;
      if (level == 1) {
        for (std::uint32_t i = 1; i < e.path_len; ++i) out.push_back(abs_.path_at(e, i));
      } else {
        for (std::uint32_t i = 1; i < e.path_len; ++i)
          expand_edge(level - 1, abs_.path_at(e, i - 1), abs_.path_at(e, i), out, expansions, rec);
      }
      return;
    }
  }
  if (level == 1) {
    cell_work_.run(
        *grid_, off_, abs_.geometry().rect(1, ca), abs_.node(a).cell, abs_.node(b).cell, expansions,
        [](CellId) { return false; }, [&](CellId c) { rec.cell(c); });
    if (budget_.hit) return;  // no path to read back; the query ends with Timeout
    out.pop_back();
    cell_work_.append_path(abs_.node(b).cell, out);
    return;
  }
  AbstractQuery q;
  q.level = level - 1;
  q.region_level = level;
  q.region = ca;
  q.target = b;
  q.goal_x = abs_.node(b).x;
  q.goal_y = abs_.node(b).y;
  const Conn seed{a, 0};
  search_.run(abs_, refine_rec_[level - 1], q, {&seed, 1}, expansions, rec.nodes());
  if (budget_.hit) return;
  std::vector<std::uint32_t>& chain = chain_[level - 1];
  chain.clear();
  append_chain(refine_rec_[level - 1], b, chain);
  for (std::size_t i = 1; i < chain.size(); ++i)
    expand_edge(level - 1, chain[i - 1], chain[i], out, expansions, rec);
}

// Summed in path order, as the validator does.
double HpaQuery::path_cost(const std::vector<CellId>& path) const {
  return pathbench::path_cost(*grid_, path);
}

void HpaQuery::solve(CellId start, CellId goal, SearchResult& result, QueryStats& stats) {
  NoRecorder rec;
  run_query(start, goal, result, stats, rec);
}

void HpaQuery::solve(CellId start, CellId goal, SearchResult& result, QueryStats& stats,
                     SearchTrace& trace) {
  // Create every layer before taking pointers: layer() may reallocate the list. Drawn bottom to
  // top: every transition small, expanded abstract nodes larger, the abstract path's nodes small
  // and joined by a line (schematic: an intra edge's real cells are the path's).
  static constexpr TraceStyle kTransitions{
      TraceMarker::Square, marker_color(TraceMarker::Square), 1, "transition", {}};
  static constexpr TraceStyle kAbstractExpanded{TraceMarker::LargeSquare,
                                                marker_color(TraceMarker::LargeSquare), 2,
                                                "abstract node expanded", "abstract"};
  static constexpr TraceStyle kAbstractPath{
      TraceMarker::SquareChain, marker_color(TraceMarker::SquareChain), 3, "abstract path", {}};
  trace.layer("transitions", kTransitions);
  trace.layer("abstract_expanded", kAbstractExpanded);
  trace.layer("abstract_path", kAbstractPath);
  TraceLayer& transitions = trace.layer("transitions");
  // Every abstract node is a level-1 node (higher levels keep a subset), so this is the whole
  // level-1 graph; recorded at 0, i.e. shown from the first step of a replay.
  for (std::uint32_t v = 0; v < abs_.num_nodes(); ++v) trace.record(transitions, abs_.node(v).cell);
  TraceRecorder rec{&trace, TraceNodeHook{&trace, &trace.layer("abstract_expanded"), &abs_}};
  top_chain_.clear();  // run_query refills it only when an abstract candidate wins
  run_query(start, goal, result, stats, rec);
  // The winning candidate's node chain, at the level it was searched (empty when the direct
  // cell search won): recorded after all the search work.
  TraceLayer& apath = trace.layer("abstract_path");
  for (const std::uint32_t v : top_chain_) trace.record(apath, abs_.node(v).cell);
}

template <class Rec>
void HpaQuery::run_query(CellId start, CellId goal, SearchResult& result, QueryStats& stats,
                         Rec& rec) {
  const ClusterGeometry& geo = abs_.geometry();
  const int L = settings_.levels;
  const int sx = grid_->x_of(start), sy = grid_->y_of(start);
  const int gx = grid_->x_of(goal), gy = grid_->y_of(goal);
  // Every search of the query shares one budget and one expansion count (`spent`; the phases'
  // counts are its differences). The budget is off again on every way out.
  budget_ = SharedBudget{SearchBudget(limits_), false};
  struct BudgetScope {
    HpaQuery& q;
    void set(SharedBudget* b) {
      q.search_.set_budget(b);
      q.cell_work_.set_budget(b);
      for (ClusterSearch& s : q.cell_insert_) s.set_budget(b);
    }
    ~BudgetScope() { set(nullptr); }
  } scope{*this};
  scope.set(&budget_);
  std::uint64_t spent = 0;
  insert(0, start, spent, rec);
  insert(1, goal, spent, rec);
  stats.insertion = spent;

  SearchCost best = AbstractSearch::kInf;
  int best_level = -1;  // graph level of the winning candidate; 0 = direct cell search
  for (int l = L + 1; l >= 2; --l) {
    // l == L + 1 is candidate (a): the whole map; otherwise (b) inside the common level-l cluster.
    AbstractQuery q;
    q.level = l - 1;
    if (l <= L) {
      q.region_level = l;
      q.region = geo.cluster_of(l, sx, sy);
      if (q.region != geo.cluster_of(l, gx, gy)) continue;
    }
    if (conn_[0][l - 1].empty() || conn_[1][l - 1].empty()) continue;
    q.target = search_.goal_node();
    q.goal_x = gx;
    q.goal_y = gy;
    search_.set_goal_links(conn_[1][l - 1]);
    const SearchCost g =
        search_.run(abs_, cand_rec_[l - 1], q, conn_[0][l - 1], spent, rec.nodes());
    if (g < best) {
      best = g;
      best_level = l - 1;
    }
  }
  result.path.clear();
  if (const std::uint32_t c = geo.cluster_of(1, sx, sy); c == geo.cluster_of(1, gx, gy)) {
    const SearchCost g = cell_work_.run(
        *grid_, off_, geo.rect(1, c), start, goal, spent, [](CellId) { return false; },
        [&](CellId cell) { rec.cell(cell); });
    if (g < best) {
      best = g;
      best_level = 0;
      cell_work_.append_path(goal, result.path);
    }
  }
  stats.abstract = spent - stats.insertion;
  const auto out_of_budget = [&] {
    if (!budget_.hit) return false;
    result.path.clear();
    result.status = Status::Timeout;
    stats.cost_unsmoothed = std::numeric_limits<double>::infinity();
    return true;
  };
  if (out_of_budget()) return;
  if (best_level < 0) {
    result.status = Status::Unreachable;
    stats.cost_unsmoothed = std::numeric_limits<double>::infinity();
    return;
  }

  if (best_level > 0) {
    const int k = best_level;
    top_chain_.clear();
    append_chain(cand_rec_[k], search_.goal_node(), top_chain_);
    top_chain_.pop_back();  // the virtual goal
    std::vector<CellId>& path = result.path;
    path.push_back(start);
    append_insertion(0, k, top_chain_.front(), path, spent, rec);
    for (std::size_t i = 1; i < top_chain_.size(); ++i)
      expand_edge(k, top_chain_[i - 1], top_chain_[i], path, spent, rec);
    // The goal side was searched outward from the goal: build goal..node, append it reversed.
    goal_cells_.clear();
    goal_cells_.push_back(goal);
    append_insertion(1, k, top_chain_.back(), goal_cells_, spent, rec);
    stats.refinement = spent - stats.insertion - stats.abstract;
    if (out_of_budget()) return;
    if (!settings_.smoothing) result.mark_search_end();  // the cells are decided: see below
    path.pop_back();
    path.insert(path.end(), goal_cells_.rbegin(), goal_cells_.rend());
  }
  // HPA*'s search (time_us) ends the moment the path's cells are decided (search_end): after
  // insertion, abstract search and refinement to cells (cluster searches or cached-path copies:
  // planning work), and after smoothing when it is on, since smoothing changes the cells.
  // Joining the start and goal halves is path writing (path_us) without smoothing; with it, it
  // has to come first (smoothing reads the whole path) and counts as search, a copy of the goal
  // half, small next to the refinement. Pricing the path is path writing, as for every planner.
  // The unsmoothed cost (a diagnostic column) is a sum of its own only when smoothing changes it.
  if (settings_.smoothing) {
    stats.cost_unsmoothed = path_cost(result.path);
    smoother_.smooth(*grid_, result.path);
    result.mark_search_end();
  } else if (best_level == 0) {
    result.mark_search_end();  // the direct cell search wrote its path as it won
  }
  result.status = Status::Solved;
  result.cost = path_cost(result.path);
  if (!settings_.smoothing) stats.cost_unsmoothed = result.cost;
}

}  // namespace pathbench::hpa
