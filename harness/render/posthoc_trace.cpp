#include "harness/render/posthoc_trace.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <iterator>

#include "algorithms/core/input_error.h"
#include "algorithms/core/planner.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/output_file.h"

namespace pathbench {
namespace {

// Posthoc's own names for the built-in search colours (client/src/components/renderer/colors.tsx:
// colorsHex) and two of its accent colours for our extra event types.
struct TypeColour {
  const char* type;
  const char* colour;
};
constexpr TypeColour kTypeColours[] = {
    {"source", "source"},   {"destination", "destination"}, {"generate", "generating"},
    {"update", "updating"}, {"expand", "expanding"},        {"close", "closing"},
    {"jump_point", "cyan"}, {"expand_abstract", "teal"},    {"end", "end"},
};

const char* type_name(TraceEventType t) {
  static constexpr const char* kNames[] = {"generate", "expand", "close", "update", "jump_point"};
  static_assert(std::size(kNames) == static_cast<std::size_t>(TraceEventType::JumpPoint) + 1);
  return kNames[static_cast<std::size_t>(t)];
}

// Writes the events as YAML flow maps, "  - {type: T, id: N, ...}", straight to the stream.
// Not through the emitter: yaml-cpp checks every string scalar against its quoting regexes, which
// made it spend 70% of the time there (about 27k events/s; perf on AR0011SR). These lines hold
// only fixed identifiers and numbers (doubles in fmt's shortest round-trip form), which are
// plain scalars by construction; the tests parse every trace back with yaml-cpp.
class EventWriter {
 public:
  EventWriter(std::ostream& out, const Grid& grid) : out_(out), grid_(grid) {}
  ~EventWriter() { flush(); }

  // A map cell's id for Posthoc: row-major over the unpadded map, as the .map file lists cells.
  long long id_of(CellId c) const {
    return static_cast<long long>(grid_.y_of(c)) * grid_.width() + grid_.x_of(c);
  }

  std::size_t count() const { return count_; }

  void event(const char* type, CellId c, CellId parent, bool with_values, double g, double f) {
    ++count_;
    auto it = std::back_inserter(buf_);
    fmt::format_to(it, "  - {{type: {}, id: {}", type, id_of(c));
    if (parent != kNoCell) fmt::format_to(it, ", pId: {}", id_of(parent));
    fmt::format_to(it, ", x: {}, y: {}", grid_.x_of(c), grid_.y_of(c));
    if (with_values) fmt::format_to(it, ", g: {}, f: {}", number(g), number(f));
    fmt::format_to(it, "}}\n");
    if (buf_.size() >= (1u << 20)) flush();
  }

  // YAML spells infinity .inf (fmt would write inf, a string to YAML).
  static std::string number(double v) {
    if (std::isinf(v)) return v > 0 ? ".inf" : "-.inf";
    return fmt::format("{}", v);
  }

  void flush() {
    out_.write(buf_.data(), static_cast<std::streamsize>(buf_.size()));
    buf_.clear();
  }

 private:
  std::ostream& out_;
  const Grid& grid_;
  fmt::memory_buffer buf_;
  std::size_t count_ = 0;
};

void write_views(YAML::Emitter& em) {
  em << YAML::Key << "views" << YAML::Value << YAML::BeginMap;
  em << YAML::Key << "main" << YAML::Value << YAML::BeginSeq;
  for (const TypeColour& tc : kTypeColours) {
    em << YAML::BeginMap;
    em << YAML::Key << "$" << YAML::Value << "rect";
    em << YAML::Key << "$if" << YAML::Value << fmt::format("${{{{ $.type == '{}' }}}}", tc.type);
    em << YAML::Key << "x" << YAML::Value << "${{ $.x }}";
    em << YAML::Key << "y" << YAML::Value << "${{ $.y }}";
    em << YAML::Key << "width" << YAML::Value << 1;
    em << YAML::Key << "height" << YAML::Value << 1;
    em << YAML::Key << "fill" << YAML::Value << fmt::format("${{{{ color.{} }}}}", tc.colour);
    em << YAML::EndMap;
  }
  em << YAML::EndSeq << YAML::EndMap;
  em << YAML::Key << "pivot" << YAML::Value << YAML::BeginMap;
  em << YAML::Key << "x" << YAML::Value << "${{ $.x + 0.5 }}";
  em << YAML::Key << "y" << YAML::Value << "${{ $.y + 0.5 }}";
  em << YAML::Key << "scale" << YAML::Value << 1;
  em << YAML::EndMap;
}

// The layer whose cells are expansions counted beside trace.expanded (TraceStyle::counted_as,
// e.g. HPA*'s "abstract_expanded"), or nullptr.
const TraceLayer* counted_layer(const SearchTrace& t) {
  for (const TraceLayer& l : t.layers)
    if (!l.style.counted_as.empty()) return &l;
  return nullptr;
}

// Planners that keep no event log (HPA*): expansions from trace.expanded and the counted layer,
// interleaved by their "at" values (search_trace.h), and the generations the same way.
void write_from_lists(EventWriter& w, const SearchTrace& t) {
  const TraceLayer* abstract = counted_layer(t);
  std::size_t a = 0, gen = 0;
  for (std::size_t i = 0; i <= t.expanded.size(); ++i) {
    // Records with at == i happened after i cell expansions, before expanded[i].
    for (; gen < t.generated.size() && t.generated_at[gen] <= i; ++gen)
      w.event("generate", t.generated[gen], kNoCell, false, 0, 0);
    for (; abstract && a < abstract->cells.size() && abstract->at[a] <= i; ++a)
      w.event("expand_abstract", abstract->cells[a], kNoCell, false, 0, 0);
    if (i < t.expanded.size()) w.event("expand", t.expanded[i], kNoCell, false, 0, 0);
  }
}

}  // namespace

std::size_t write_posthoc_trace(std::ostream& out, const Grid& grid, const Query& query,
                                const RenderPanel& panel, const std::string& map_name) {
  const SearchTrace& t = panel.trace;
  const Counters& k = panel.result.counters;
  YAML::Emitter em(out);
  em << YAML::Comment(
      "Posthoc search trace (https://posthoc.pathfinding.ai/docs/search-trace) written by "
      "pathbench");
  em << YAML::Newline;
  em << YAML::Comment(fmt::format("map {} ({}x{}), start ({},{}), goal ({},{})", map_name,
                                  grid.width(), grid.height(), query.start.x, query.start.y,
                                  query.goal.x, query.goal.y));
  em << YAML::Newline;
  em << YAML::Comment(fmt::format(
      "planner {} [{}]: {}, cost {}, {} expansions, {} generated, {} updates", panel.label,
      panel.params, to_string(panel.result.status),
      panel.result.status == Status::Solved ? fmt::format("{:.6f}", panel.result.cost) : "-",
      k.expansions, k.generated, k.updates));
  em << YAML::Newline;
  em << YAML::Comment("id = y * width + x; load the .map in Posthoc as the map layer");
  em << YAML::BeginMap;
  em << YAML::Key << "version" << YAML::Value << "1.4.0";
  write_views(em);
  em << YAML::EndMap;
  if (!em.good()) throw std::runtime_error("Posthoc trace: " + em.GetLastError());
  // The top-level map goes on with its last key, events, written line by line.
  out << "\nevents:\n";
  EventWriter w(out, grid);
  const CellId start = grid.id(query.start.x, query.start.y);
  const CellId goal = grid.id(query.goal.x, query.goal.y);
  w.event("source", start, kNoCell, false, 0, 0);
  w.event("destination", goal, kNoCell, false, 0, 0);
  if (!t.events.empty()) {
    for (const TraceEvent& e : t.events)
      w.event(type_name(e.type), e.cell, e.parent, true, e.g, e.f);
  } else {
    write_from_lists(w, t);
  }
  if (panel.result.status == Status::Solved)
    w.event("end", goal, kNoCell, true, panel.result.cost, panel.result.cost);
  w.flush();
  return w.count();
}

void check_posthoc_path(const std::filesystem::path& path, const char* option, bool overwrite) {
  const std::string name = path.filename().string();
  const std::string ext = ".trace.yaml";
  if (name.size() <= ext.size() || name.compare(name.size() - ext.size(), ext.size(), ext) != 0)
    throw InputError("command line", 0, option,
                     "'" + path.string() + "': Posthoc traces are named NAME.trace.yaml");
  if (std::filesystem::exists(path) && !overwrite)
    throw InputError("command line", 0, option,
                     "'" + path.string() + "' exists; pass --overwrite to replace it");
}

std::size_t write_posthoc_trace_file(const std::filesystem::path& path, const char* option,
                                     bool overwrite, const Grid& grid, const Query& query,
                                     const RenderPanel& panel, const std::string& map_name) {
  check_posthoc_path(path, option, overwrite);
  AtomicOutputFile out(path);
  const std::size_t events = write_posthoc_trace(out.stream(), grid, query, panel, map_name);
  out.commit();
  return events;
}

void require_traceable(const Planner& planner, const std::string& name, const char* option) {
  if (planner.capabilities().traceable) return;
  std::string traceable;
  for (const PlannerInfo& info : planner_registry()) {
    try {
      const ConfiguredPlanner cp = make_planner(info.name, {});
      if (cp.planner->capabilities().traceable)
        traceable += (traceable.empty() ? "" : ", ") + info.name;
    } catch (const std::exception&) {
      // A planner that needs parameters (external: a command) is not traceable either.
    }
  }
  throw InputError(
      "command line", 0, option,
      fmt::format("planner '{}' records no search trace; traceable planners: {}", name, traceable));
}

}  // namespace pathbench
