// `planners:` entries, with sweeps: a parameter given a list of values makes one planner per
// value (the cartesian product over swept parameters), labelled `base[k=v,...]`.
#include <fmt/format.h>

#include <set>

#include "harness/config/config_sections.h"
#include "harness/text/escape.h"

namespace pathbench {
namespace {

// Caps that keep a typo from asking for gigabytes of planners.
constexpr std::size_t kMaxSweepPlanners = 10000;
// A label is a column value in every row, a file name part and a table heading: longer than this
// is a mistake (a pasted command, a path), not a name.
constexpr std::size_t kMaxLabelBytes = 128;

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
  if (label.size() > kMaxLabelBytes)
    ctx.fail(v.line, v.field,
             fmt::format("a label of {} bytes; at most {} (it lands in every row and file name)",
                         label.size(), kMaxLabelBytes));
  for (char c : label)
    if (c == '[' || c == ']' || c == '=' || c == ',' || c == '"' ||
        static_cast<unsigned char>(c) < 0x20)
      ctx.fail(v.line, v.field,
               "'" + label + "' contains '" + std::string(1, c) +
                   "', which is reserved for sweep labels or breaks CSV output");
}

std::string checked_param(const Context& ctx, const Value& v, std::string text) {
  if (text.size() > kMaxStringBytes)
    ctx.fail(v.line, v.field,
             fmt::format("a value of {} bytes; at most {}", text.size(), kMaxStringBytes));
  return text;
}

// external's `command` written as a list is the program's argv, not a sweep: each item becomes
// one '...'-quoted word, which the planner's splitter (command_words.h) gives back literally.
std::string argv_param(const Context& ctx, const Value& v) {
  if (v.node.size() == 0) ctx.fail(v.line, v.field, "the command list is empty");
  std::string text;
  for (const Value& item : list_items(ctx, v, "a list")) {
    if (!item.node.IsScalar())
      ctx.fail(item.line, item.field,
               "a command list holds the program and its arguments (text), got " +
                   kind_name(item.node) + "; one planner entry per command compares commands");
    text += (text.empty() ? "" : " ") + shell_quote(item.node.Scalar());
  }
  return checked_param(ctx, v, text);
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
      if (base.algorithm == "external" && key == "command" && val.node.IsSequence()) {
        axis.values.push_back(argv_param(ctx, val));
      } else if (val.node.IsScalar()) {
        axis.values.push_back(checked_param(ctx, val, param_text(val.node)));
      } else if (val.node.IsSequence()) {
        axis.swept = true;
        if (val.node.size() == 0) ctx.fail(val.line, val.field, "a sweep needs at least one value");
        std::set<std::string> seen;
        for (const Value& item : list_items(ctx, val, "a list")) {
          if (!item.node.IsScalar())
            ctx.fail(item.line, item.field,
                     "sweep values must be scalars, got " + kind_name(item.node));
          std::string text = checked_param(ctx, item, param_text(item.node));
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
      if (pc.label.size() > kMaxLabelBytes)
        ctx.fail(base.line, v.field + ".params",
                 fmt::format("sweep label '{}...' is {} bytes; at most {}: shorten the label or "
                             "the swept values",
                             pc.label.substr(0, 40), pc.label.size(), kMaxLabelBytes));
    }
  }
  return out;
}

}  // namespace pathbench
