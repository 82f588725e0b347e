// `pathbench report --latex`: the tables compile with pdflatex (booktabs, stock TeX Live) both
// inside a minimal paper that \inputs tables/all.tex and as tables/tables.tex alone, and the
// numbers pdftotext reads back from the PDF are those of summary.csv (to the three significant
// digits printed) with the significance marks its Holm-adjusted p-values call for. Skipped when
// pdflatex or pdftotext is missing (texlive-latex-base, texlive-latex-recommended,
// poppler-utils). Also the escaping and number format on known inputs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "harness/output/latex_tables.h"
#include "harness/output/runs_csv_reader.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::run_shell;
using testing::shell_quote;
using testing::write_text;

constexpr const char* kConfig =
    "name: latex\n"
    "seed: 5\n"
    "repetitions: 2\n"
    "baseline: astar\n"
    "datasets:\n"
    "  - name: rnd\n"
    "    generated: {kind: random, width: 40, height: 40, density: 0.2, count: 1,\n"
    "                queries_per_bucket: 2}\n"
    "planners:\n"
    "  - {label: astar, algorithm: astar}\n"
    "  - {label: dijkstra, algorithm: dijkstra}\n"
    "  - {label: wastar, algorithm: astar, params: {weight: 3}}\n";

bool have(const char* tool) {
  return std::system((std::string("command -v ") + tool + " >/dev/null 2>&1").c_str()) == 0;
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> w;
  for (std::string s; in >> s;) w.push_back(s);
  return w;
}

// Whether `printed` is `exact` shown with three significant digits (or one decimal for %).
bool shows(const std::string& printed, const std::string& exact) {
  if (exact.empty()) return printed == "--";
  const double p = std::stod(printed), e = std::stod(exact);
  return std::fabs(p - e) <= std::max(0.051, 0.006 * std::fabs(e));
}

TEST(LatexFormat, EscapesAndDigits) {
  EXPECT_EQ(latex_escape("a_b%c&d#e$f{g}h~i^j\\k"),
            "a\\_b\\%c\\&d\\#e\\$f\\{g\\}h\\textasciitilde{}i\\textasciicircum{}j"
            "\\textbackslash{}k");
  EXPECT_EQ(latex_number(1975.5), "1976");
  EXPECT_EQ(latex_number(312.49), "312");
  EXPECT_EQ(latex_number(99.96), "100");
  EXPECT_EQ(latex_number(43.59), "43.6");
  EXPECT_EQ(latex_number(1.0), "1.00");
  EXPECT_EQ(latex_number(0.2403), "0.240");
  EXPECT_EQ(latex_number(-0.0488), "$-$0.0488");
  EXPECT_EQ(latex_number(std::nan("")), "--");
}

class LatexTablesTest : public pathbench::testing::ScratchTest {
 protected:
  testing::CommandResult sh(const fs::path& cwd, const std::string& cmd) const {
    return run_shell(cwd, cmd, root_);
  }
};

TEST_F(LatexTablesTest, CompilesWithPdflatexAndShowsSummaryNumbers) {
  ASSERT_TRUE(write_text(root_ / "cfg.yaml", kConfig));
  const fs::path out = root_ / "out";
  const std::string exe = shell_quote(PATHBENCH_EXE);
  auto r = sh(root_, exe + " run cfg.yaml --out " + shell_quote(out.string()));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  r = sh(root_, exe + " report --latex --no-plots " + shell_quote(out.string()));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  for (const char* f : {"summary.tex", "by_length.tex", "speedups.tex", "all.tex", "tables.tex"})
    ASSERT_TRUE(fs::is_regular_file(out / "tables" / f)) << f;
  const std::string all = read_text(out / "tables" / "all.tex");
  EXPECT_NE(all.find("\\input{\\pathbenchtables/speedups.tex}"), std::string::npos);
  EXPECT_NE(read_text(out / "tables" / "summary.tex").find("\\toprule"), std::string::npos);

  if (!have("pdflatex") || !have("pdftotext"))
    GTEST_SKIP() << "pdflatex or pdftotext not installed (apt-get install texlive-latex-base "
                    "texlive-latex-recommended poppler-utils)";
  // A minimal paper beside tables/, as a user would \input them.
  ASSERT_TRUE(write_text(out / "paper.tex",
                         "\\documentclass{article}\n\\usepackage[landscape,margin=1cm]{geometry}\n"
                         "\\usepackage{booktabs}\n\\begin{document}\n\\input{tables/all.tex}\n"
                         "\\end{document}\n"));
  const std::string pdflatex = "pdflatex -interaction=nonstopmode -halt-on-error ";
  r = sh(out, pdflatex + "paper.tex");
  ASSERT_EQ(r.code, 0) << r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0);
  r = sh(out / "tables", pdflatex + "tables.tex");
  ASSERT_EQ(r.code, 0) << r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0);
  r = sh(out, "pdftotext -layout paper.pdf paper.txt");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string text = read_text(out / "paper.txt");

  // Table 1's (summary) and 2's (speedups) rows, keyed by "group planner". pdftotext sometimes puts
  // a row's superscript marks on a line of their own just above it: those are kept per row too.
  std::map<std::string, std::vector<std::string>> table1, table2, marks_above;
  std::istringstream lines(text);
  int table = 0;
  std::vector<std::string> previous;
  for (std::string line; std::getline(lines, line);) {
    const auto w = words(line);
    if (w.size() >= 2 && w[0] == "Table") table = w[1][0] - '0';
    if (w.size() >= 3 && w[0] == "rnd" && (table == 1 || table == 2)) {
      (table == 1 ? table1 : table2)[w[0] + " " + w[1]] = w;
      if (table == 2) marks_above[w[0] + " " + w[1]] = previous;
    }
    previous = w;
  }
  const auto csv = parse_csv(read_text(out / "summary.csv"));
  const auto& h = csv[0];
  const auto col = [&](const std::string& name) {
    const auto it = std::find(h.begin(), h.end(), name);
    EXPECT_NE(it, h.end()) << name;
    return static_cast<std::size_t>(it - h.begin());
  };
  ASSERT_EQ(csv.size(), 4u);  // header + 3 planners
  for (std::size_t i = 1; i < csv.size(); ++i) {
    const auto& row = csv[i];
    const std::string key = row[0] + " " + row[1];
    ASSERT_TRUE(table1.count(key)) << key << " not in the PDF text:\n" << text;
    const auto& w = table1[key];
    ASSERT_EQ(w.size(), 11u) << key;
    EXPECT_EQ(w[2], row[col("queries")]);
    const double solved = 100.0 * std::stod(row[col("solved")]) / std::stod(row[col("queries")]);
    EXPECT_TRUE(shows(w[3], std::to_string(solved))) << key << ": " << w[3];
    const char* numbers[] = {"median_expansions", "p95_expansions",   "median_time_us",
                             "p95_time_us",       "ns_per_expansion", "max_suboptimality"};
    for (std::size_t k = 0; k < std::size(numbers); ++k)
      EXPECT_TRUE(shows(w[5 + k], row[col(numbers[k])]))
          << key << " " << numbers[k] << ": PDF " << w[5 + k] << ", csv " << row[col(numbers[k])];
    if (row[1] == "astar") continue;  // the baseline is not in the speedup table
    ASSERT_TRUE(table2.count(key)) << key;
    const auto& s = table2[key];
    EXPECT_EQ(s[2], row[col("speedup_pairs")]);
    EXPECT_TRUE(shows(s[3], row[col("speedup_geomean")])) << key << ": " << s[3];
    // The mark follows the CI's closing bracket; pdftotext renders \ast as U+2217.
    const double p = std::stod(row[col("time_p_holm")]);
    const std::string star = "\u2217";
    std::string expect_mark;
    for (double level : {0.05, 0.01, 0.001})
      if (p < level) expect_mark += star;
    std::string line;
    for (const auto& x : s) line += x + " ";
    const bool inline_mark = line.find(std::string("]") + expect_mark + " ") != std::string::npos;
    bool mark_above = !expect_mark.empty() && line.find(star) == std::string::npos;
    for (const auto& m : marks_above[key]) mark_above = mark_above && m == expect_mark;
    EXPECT_TRUE(inline_mark || mark_above) << key << " p=" << p << ": " << line;
  }
}

}  // namespace
}  // namespace pathbench
