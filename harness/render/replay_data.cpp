// render_html (trace_renderer.h): the replay page's JSON data (contract in replay_page.h).
#include <nlohmann/json.hpp>

#include "harness/render/painter.h"
#include "harness/render/panel_cells.h"
#include "harness/render/replay_page.h"
#include "harness/text/escape.h"

namespace pathbench {

using namespace render_detail;

namespace {

namespace rc = render_colors;
using Json = nlohmann::json;

Json color(Rgb c) { return Json::array({c.r, c.g, c.b}); }

// The page draws each square marker (TraceStyle) in one colour: the first layer's that uses it.
Json marker_json_color(const std::vector<RenderPanel>& panels, TraceMarker m) {
  for (const RenderPanel& p : panels)
    for (const TraceLayer* l : drawn_layers(p))
      if (l->style.marker == m) return color(to_rgb(l->style.color));
  return color(to_rgb(marker_color(m)));
}

// Cells as view-local indices; -1 outside the view (kept, so step numbers stay those of the
// planner's own counters).
struct LocalCells {
  const Grid& grid;
  const RenderView& view;
  int operator()(CellId c) const {
    const int x = grid.x_of(c), y = grid.y_of(c);
    return view.contains(x, y) ? (y - view.y0) * view.width + (x - view.x0) : -1;
  }
  Json operator()(const std::vector<CellId>& v) const {
    Json a = Json::array();
    for (CellId c : v) a.push_back((*this)(c));
    return a;
  }
};

// The layers, by the page's slot for each marker: CellShade cells at their first record only
// (JPS rescans cells; the replay only needs when each first turned up), which keeps the page
// small; Square cells inside the view, shown from the start; LargeSquare cells once the replay
// reaches their step; SquareChain cells at the end.
void add_layers(Json& o, const RenderPanel& p, const LocalCells& local) {
  Json sc = Json::array(), sat = Json::array();
  Json tr = Json::array(), ab = Json::array(), abat = Json::array(), ap = Json::array();
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(local.view.width) * local.view.height, 0);
  for (const TraceLayer* l : drawn_layers(p)) {
    for (std::size_t k = 0; k < l->cells.size(); ++k) {
      const int i = local(l->cells[k]);
      switch (l->style.marker) {
        case TraceMarker::CellShade:
          if (i < 0 || seen[static_cast<std::size_t>(i)]) break;
          seen[static_cast<std::size_t>(i)] = 1;
          sc.push_back(i);
          sat.push_back(l->at[k]);
          break;
        case TraceMarker::Square:
          if (i >= 0) tr.push_back(i);
          break;
        case TraceMarker::LargeSquare:
          ab.push_back(i);
          abat.push_back(l->at[k]);
          break;
        case TraceMarker::SquareChain:
          ap.push_back(i);
          break;
        case TraceMarker::Hidden:
          break;
      }
    }
  }
  o["scanned"] = sc;
  o["scanned_at"] = sat;
  o["transitions"] = tr;
  o["abstract"] = ab;
  o["abstract_at"] = abat;
  o["abstract_path"] = ap;
}

Json panel_json(const RenderPanel& p, const LocalCells& local) {
  Json o;
  o["label"] = title_line(p);
  o["params"] = p.params;
  o["stats"] = stats_line(p);
  o["status"] = std::string(to_string(p.result.status));
  o["cost"] = p.result.status == Status::Solved ? Json(p.result.cost) : Json();
  o["expansions"] = p.result.counters.expansions;
  o["generated_count"] = p.result.counters.generated;
  o["time_us"] = p.time_us;
  o["expanded"] = local(p.trace.expanded);
  o["generated"] = local(p.trace.generated);
  o["generated_at"] = p.trace.generated_at;
  o["frontier"] = local(p.trace.frontier);
  o["path"] = local(p.result.path);
  add_layers(o, p, local);
  return o;
}

}  // namespace

std::string render_html(const Grid& grid, const Query& query,
                        const std::vector<RenderPanel>& panels, const RenderView& view,
                        const std::string& caption) {
  const LocalCells local{grid, view};
  Json rows = Json::array();
  for (int y = 0; y < view.height; ++y) {
    std::string row;
    for (int x = 0; x < view.width; ++x) row += grid.passable(view.x0 + x, view.y0 + y) ? '.' : '@';
    rows.push_back(row);
  }
  Json jp = Json::array();
  for (const RenderPanel& p : panels) jp.push_back(panel_json(p, local));
  Json ramp = Json::array();
  for (int k = 0; k < 64; ++k)
    ramp.push_back(color(rc::expansion(static_cast<std::size_t>(k), 64)));
  auto endpoint = [&](Point pt) {
    return view.contains(pt.x, pt.y) ? Json(local(grid.id(pt))) : Json(-1);
  };
  const Json data = {{"caption", caption},
                     {"view",
                      {{"x0", view.x0},
                       {"y0", view.y0},
                       {"width", view.width},
                       {"height", view.height},
                       {"cell", view.cell}}},
                     {"rows", rows},
                     {"start", endpoint(query.start)},
                     {"goal", endpoint(query.goal)},
                     {"colors",
                      {{"wall", color(rc::kWall)},
                       {"free", color(rc::kFree)},
                       {"scanned", marker_json_color(panels, TraceMarker::CellShade)},
                       {"frontier", color(rc::kFrontier)},
                       {"path", color(rc::kPath)},
                       {"start", color(rc::kStart)},
                       {"goal", color(rc::kGoal)},
                       {"transition", marker_json_color(panels, TraceMarker::Square)},
                       {"abstract", marker_json_color(panels, TraceMarker::LargeSquare)},
                       {"abstract_path", marker_json_color(panels, TraceMarker::SquareChain)},
                       {"ramp", ramp}}},
                     {"panels", jp}};
  // '<' only occurs inside JSON strings, where \u003c means the same: no "</script>" can end
  // the data block early.
  const std::string json = data.dump();
  std::string safe;
  safe.reserve(json.size());
  for (char ch : json) {
    if (ch == '<')
      safe += "\\u003c";
    else
      safe += ch;
  }
  return replay_page(html_escape(caption), safe);
}

}  // namespace pathbench
