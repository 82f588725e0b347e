// `planners:` entries, with sweeps: a parameter given a list of values makes one planner per
// value (the cartesian product over swept parameters), labelled `base[k=v,...]`.
#include <fmt/format.h>

#include <set>

#include "harness/config/config_sections.h"

namespace pathbench {
namespace {

// Caps that keep a typo from asking for gigabytes of planners.
constexpr std::size_t kMaxSweepPlanners = 10000;

// Plain YAML 1.2 booleans become "true"/"false"; yes/on/... stay text so choice parameters with
// those names survive.
std::string param_text(const YAML::Node& n) {
  const std::string& s = n.Scalar();
  if (n.Tag() == "?") {
    if (s == "True" || s == "TRUE") return "true";
    if (s == "False" || s == "FALSE") return "false";
  }
  return s;
}

void check_label(const Context& ctx, const Value& v, const std::string& label) {
  for (char c : label)
    if (c == '[' || c == ']' || c == '=' || c == ',' || c == '"' ||
        static_cast<unsigned char>(c) < 0x20)
      ctx.fail(v.line, v.field,
               "'" + label + "' contains '" + std::string(1, c) +
                   "', which is reserved for sweep labels or breaks CSV output");
}

}  // namespace

std::vector<PlannerConfig> read_planner(const Context& ctx, const Value& v) {
  const MapReader m(ctx, v.node, v.field, v.line, {"label", "algorithm", "params"});
  PlannerConfig base;
  base.line = m.line();
  const Value& label = m.require("label");
  base.base_label = get_string(ctx, label);
  check_label(ctx, label, base.base_label);
  base.algorithm = get_string(ctx, m.require("algorithm"));

  // Each parameter as a list of alternatives; scalars are one-element, not swept.
  struct Axis {
    std::string name;
    std::vector<std::string> values;
    bool swept = false;
  };
  std::vector<Axis> axes;
  if (const Value* p = m.find("params"); p != nullptr && !p->node.IsNull()) {
    const MapReader pm(ctx, p->node, p->field, p->line, {});
    for (const auto& [key, val] : pm.entries()) {
      Axis axis{key, {}, false};
      if (val.node.IsScalar()) {
        axis.values.push_back(param_text(val.node));
      } else if (val.node.IsSequence()) {
        axis.swept = true;
        if (val.node.size() == 0) ctx.fail(val.line, val.field, "a sweep needs at least one value");
        std::set<std::string> seen;
        for (const Value& item : list_items(ctx, val, "a list")) {
          if (!item.node.IsScalar())
            ctx.fail(item.line, item.field,
                     "sweep values must be scalars, got " + kind_name(item.node));
          std::string text = param_text(item.node);
          if (!seen.insert(text).second)
            ctx.fail(item.line, item.field, "value '" + text + "' appears twice in the sweep");
          axis.values.push_back(std::move(text));
        }
      } else {
        ctx.fail(val.line, val.field,
                 "expected a value or a list of values (a sweep), got " + kind_name(val.node));
      }
      axes.push_back(std::move(axis));
    }
  }

  // The product is checked before it is built: a few long lists would make millions of planners.
  std::size_t product = 1;
  for (const Axis& axis : axes) {
    product *= axis.values.size();
    if (product > kMaxSweepPlanners) break;
  }
  if (product > kMaxSweepPlanners)
    ctx.fail(base.line, v.field + ".params",
             fmt::format("this sweep would make more than {} planners; split the experiment",
                         kMaxSweepPlanners));

  // Cartesian product, first-written axis varying slowest (like nested loops in written order).
  std::vector<PlannerConfig> out{base};
  for (const Axis& axis : axes) {
    std::vector<PlannerConfig> next;
    for (const PlannerConfig& partial : out)
      for (const std::string& value : axis.values) {
        PlannerConfig pc = partial;
        pc.params[axis.name] = value;
        if (axis.swept) pc.sweep.emplace_back(axis.name, value);
        next.push_back(std::move(pc));
      }
    out = std::move(next);
  }
  for (PlannerConfig& pc : out) {
    pc.label = pc.base_label;
    if (!pc.sweep.empty()) {
      pc.label += '[';
      for (std::size_t i = 0; i < pc.sweep.size(); ++i)
        pc.label += (i ? "," : "") + pc.sweep[i].first + "=" + pc.sweep[i].second;
      pc.label += ']';
    }
  }
  return out;
}

}  // namespace pathbench
