// `pathbench columns`: the runs.csv schema (harness/output/run_schema.h), or with --summary the
// summary.csv one (harness/output/summary_schema.h), or with --dynamic dynamic.csv's
// (harness/output/dynamic_row.h), --dynamic-summary dynamic_summary.csv's, as the README shows it
// (--markdown) or as one tab-separated line per column for scripts.
#include <iostream>

#include "harness/cli/commands.h"
#include "harness/output/dynamic_row.h"
#include "harness/output/dynamic_summary.h"
#include "harness/output/run_schema.h"
#include "harness/output/summary_schema.h"

namespace pathbench::cli {
namespace {

struct ColumnsArgs {
  bool markdown = false;
  bool summary = false;
  bool dynamic = false;
  bool dynamic_summary = false;
};

void columns_options(CLI::App& cmd, ColumnsArgs& args) {
  cmd.description("print the columns of runs.csv (--summary: summary.csv, --dynamic: dynamic.csv)");
  cmd.add_flag("--markdown", args.markdown, "the README's table (Markdown)");
  cmd.add_flag("--summary", args.summary,
               "summary.csv's and summary_buckets.csv's columns instead of runs.csv's");
  cmd.add_flag("--dynamic", args.dynamic, "dynamic.csv's columns (dynamic runs) instead");
  cmd.add_flag("--dynamic-summary", args.dynamic_summary, "dynamic_summary.csv's columns instead");
}

int columns_command(const ColumnsArgs& args) {
  const ColumnTable table = args.dynamic_summary ? dynamic_summary_schema_table()
                            : args.dynamic       ? dynamic_schema_table()
                            : args.summary       ? summary_schema_table()
                                                 : run_schema_table();
  std::cout << (args.markdown ? to_markdown(table) : to_tsv(table));
  return 0;
}

}  // namespace

Subcommand add_columns_command(CLI::App& app) {
  return add_command(app, "columns", columns_options, columns_command);
}

}  // namespace pathbench::cli
