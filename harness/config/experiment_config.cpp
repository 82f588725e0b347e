// YAML -> ExperimentConfig: the top level of an experiment file. The sections have files of
// their own (dataset_section.cpp, planner_section.cpp, dynamic_section.cpp), as do the typed
// getters (yaml_reader.h), paths and globs (map_paths.h) and `${VAR}` (env_expansion.h). All
// checks happen here, before any work starts, so a typo in an experiment file costs seconds, not
// a half-finished run.
#include "harness/config/experiment_config.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <set>
#include <sstream>

#include "algorithms/core/input_error.h"
#include "algorithms/core/search_types.h"
#include "datasets/input_file.h"
#include "harness/config/config_sections.h"

namespace pathbench {
namespace fs = std::filesystem;

const fs::path& default_repo_root() {
  static const fs::path root = PATHBENCH_SOURCE_DIR;
  return root;
}

namespace {

// Caps that keep a typo from asking for days of runs.
constexpr int kMaxRepetitions = 10000;
constexpr double kMaxBatchMinUs = 1e6;  // one second per measurement is already far too much
constexpr int kMaxCpu = 1023;           // CPU_SETSIZE - 1

RepetitionOrder read_repetition_order(const Context& ctx, const Value& v) {
  const std::string text = get_string(ctx, v);
  if (text == "sweep") return RepetitionOrder::Sweep;
  if (text == "back_to_back") return RepetitionOrder::BackToBack;
  ctx.fail(v.line, v.field, "expected sweep or back_to_back, got '" + text + "'");
}

BadQueryPolicy read_bad_query_policy(const Context& ctx, const Value& v) {
  const std::string text = get_string(ctx, v);
  if (text == "record") return BadQueryPolicy::Record;
  if (text == "error") return BadQueryPolicy::Error;
  ctx.fail(v.line, v.field, "expected record or error, got '" + text + "'");
}

// The items of the top-level list `key` ("datasets"), which must be there and hold at least one
// `what` ("dataset"). Unlike list_items, a lone scalar is no list here.
std::vector<Value> required_list(const Context& ctx, const MapReader& m, const std::string& key,
                                 const std::string& what) {
  const Value& v = m.require(key);
  if (!v.node.IsSequence())
    ctx.fail(v.line, v.field, "expected a list of " + what + "s, got " + kind_name(v.node));
  if (v.node.size() == 0) ctx.fail(v.line, v.field, "needs at least one " + what);
  return list_items(ctx, v, "a list of " + what + "s");
}

ExperimentConfig read_experiment(const Context& ctx, const YAML::Node& root) {
  if (!root.IsDefined() || root.IsNull()) ctx.fail(1, "", "the experiment file is empty");
  const MapReader m(
      ctx, root, "", line_of(root, 1),
      {"name", "seed", "repetitions", "repetition_order", "batch_min_us", "cpu", "time_limit_s",
       "validate", "on_bad_query", "baseline", "datasets", "planners", "dynamic", "summary"});
  ExperimentConfig cfg;
  const Value& name = m.require("name");
  cfg.name = get_string(ctx, name);
  check_name(ctx, name, cfg.name);
  if (const Value* s = m.find("seed"))
    cfg.seed = get_integer<std::uint64_t>(ctx, *s, "a non-negative integer");
  if (const Value* r = m.find("repetitions"))
    cfg.repetitions = get_int(ctx, *r, 1, "a positive integer");
  if (const Value* r = m.find("repetitions"); r && cfg.repetitions > kMaxRepetitions)
    ctx.fail(r->line, r->field,
             fmt::format("at most {} repetitions, got {}", kMaxRepetitions, cfg.repetitions));
  if (const Value* o = m.find("repetition_order"))
    cfg.repetition_order = read_repetition_order(ctx, *o);
  if (const Value* b = m.find("batch_min_us")) {
    const char* what = "a non-negative number of microseconds (0 = no batches)";
    cfg.batch_min_us = get_double(ctx, *b, what);
    if (!(cfg.batch_min_us >= 0 && cfg.batch_min_us <= kMaxBatchMinUs))
      ctx.fail(b->line, b->field,
               fmt::format("expected {} up to {:g}, got {}", what, kMaxBatchMinUs,
                           scalar(ctx, *b, what)));
  }
  if (const Value* c = m.find("cpu")) {
    cfg.cpu = get_int(ctx, *c, 0, "a core number (0 or more)");
    if (cfg.cpu > kMaxCpu)
      ctx.fail(c->line, c->field,
               fmt::format("core numbers go up to {}, got {}", kMaxCpu, cfg.cpu));
    cfg.cpu_line = c->line;
  }
  if (const Value* t = m.find("time_limit_s")) {
    cfg.time_limit_s = get_double(ctx, *t, "a non-negative number of seconds (0 = no limit)");
    if (std::string problem = time_limit_problem(cfg.time_limit_s); !problem.empty())
      ctx.fail(t->line, t->field, problem);
  }
  if (const Value* v = m.find("validate")) cfg.validate = get_bool(ctx, *v);
  if (const Value* b = m.find("on_bad_query")) cfg.on_bad_query = read_bad_query_policy(ctx, *b);
  if (const Value* sv = m.find("summary")) {
    const MapReader sm(ctx, sv->node, sv->field, sv->line, {"by"});
    if (const Value* by = sm.find("by")) {
      const std::string text = get_string(ctx, *by);
      const std::optional<GroupBy> parsed = parse_group_by(text);
      if (!parsed) ctx.fail(by->line, by->field, "expected dataset or map, got '" + text + "'");
      cfg.summary_by = *parsed;
    }
  }

  std::set<std::string> dataset_names;
  for (const Value& item : required_list(ctx, m, "datasets", "dataset")) {
    cfg.datasets.push_back(read_dataset(ctx, item, cfg.seed, cfg.datasets.size()));
    if (!dataset_names.insert(cfg.datasets.back().name).second)
      ctx.fail(cfg.datasets.back().line, item.field + ".name",
               "dataset name '" + cfg.datasets.back().name + "' is used twice");
  }

  std::set<std::string> labels;
  std::set<std::string> base_labels;
  for (const Value& item : required_list(ctx, m, "planners", "planner")) {
    for (PlannerConfig& pc : read_planner(ctx, item)) {
      if (!labels.insert(pc.label).second)
        ctx.fail(pc.line, item.field + ".label",
                 "planner label '" + pc.label + "' is used twice (after sweep expansion)");
      base_labels.insert(pc.base_label);
      cfg.planners.push_back(std::move(pc));
    }
  }

  if (const Value* b = m.find("baseline")) {
    cfg.baseline = get_string(ctx, *b);
    if (!labels.count(cfg.baseline) && !base_labels.count(cfg.baseline)) {
      std::vector<std::string> known(labels.begin(), labels.end());
      ctx.fail(b->line, b->field,
               "'" + cfg.baseline + "' is not a planner label; labels: " + join(known));
    }
  }
  // Last, as when it was read by a second pass: its errors come after the rest's.
  if (const Value* d = m.find("dynamic")) cfg.dynamic = read_dynamic(ctx, *d);
  return cfg;
}

}  // namespace

const char* to_string(RepetitionOrder order) {
  return order == RepetitionOrder::Sweep ? "sweep" : "back_to_back";
}

const char* to_string(BadQueryPolicy policy) {
  return policy == BadQueryPolicy::Record ? "record" : "error";
}

ExperimentConfig parse_experiment(const std::string& yaml_text, const fs::path& file,
                                  const fs::path& repo_root) {
  const fs::path abs_file = fs::absolute(file).lexically_normal();
  const Context ctx(file.string(), abs_file.parent_path(), repo_root);
  YAML::Node root;
  try {
    root = YAML::Load(yaml_text);
  } catch (const YAML::Exception& e) {
    ctx.fail(e.mark.is_null() ? 0 : e.mark.line + 1, "", "YAML syntax error: " + e.msg);
  }
  ExperimentConfig cfg;
  try {
    cfg = read_experiment(ctx, root);
  } catch (const YAML::Exception& e) {
    // yaml-cpp should not throw once the tree is built; if it does, still report a location.
    ctx.fail(e.mark.is_null() ? 0 : e.mark.line + 1, "", e.msg);
  }
  cfg.source_file = abs_file;
  cfg.source_text = yaml_text;
  return cfg;
}

ExperimentConfig load_experiment(const fs::path& file, const fs::path& repo_root) {
  std::ifstream in = open_input_file(file, "experiment");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(file.string(), 0, "", "cannot read the experiment file");
  return parse_experiment(text.str(), file, repo_root);
}

}  // namespace pathbench
