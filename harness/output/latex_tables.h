// `pathbench report DIR --latex`: the summaries as paper-ready LaTeX tables in DIR/tables/.
//
//  - summary.tex    per group and planner: queries, solved / optimal %, median and p95
//                   expansions and times, ns per expansion, max suboptimality;
//  - by_length.tex  the same cut by length class, with the speedup and its significance mark
//                   (input last: it is the longest);
//  - speedups.tex   (only with a baseline) speedup with CI, median ratio with CI, Holm-adjusted
//                   Wilcoxon p-value with marks, rank-biserial r, expansion ratio;
//  - all.tex        \input's the others from \pathbenchtables (default "tables"; define it first
//                   to input them from elsewhere);
//  - tables.tex     a complete document (article, landscape) that compiles all of them from
//                   inside tables/: `cd DIR/tables && pdflatex tables.tex`.
//
// Plain LaTeX for a stock TeX Live: only booktabs (texlive-latex-recommended), geometry and
// graphicx; no siunitx. Numbers have three significant digits (integers stay whole); text is
// escaped for LaTeX's special characters.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "harness/output/summary.h"
#include "harness/text/escape.h"  // latex_escape

namespace pathbench {

// Three significant digits, integers (|v| >= 100) without decimals, "--" for NaN, a math-mode
// minus for negative values.
std::string latex_number(double v);

// Writes the files listed above into `dir`/tables (created if needed); returns their paths.
// Throws std::runtime_error when a file cannot be written.
std::vector<std::filesystem::path> write_latex_tables(const std::filesystem::path& dir,
                                                      const std::string& title,
                                                      const std::vector<SummaryRow>& overall,
                                                      const std::vector<SummaryRow>& by_length,
                                                      const SummaryOptions& options);

}  // namespace pathbench
