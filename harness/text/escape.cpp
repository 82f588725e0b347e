#include "harness/text/escape.h"

#include <algorithm>
#include <span>

namespace pathbench {
namespace {

// One character's replacement in an escaping rule.
struct CharEscape {
  char c;
  std::string_view replacement;
};

// `text` with every character that `rule` names replaced; the others are kept.
std::string escape_chars(std::string_view text, std::span<const CharEscape> rule) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto e =
        std::find_if(rule.begin(), rule.end(), [c](const CharEscape& x) { return x.c == c; });
    if (e == rule.end())
      out += c;
    else
      out += e->replacement;
  }
  return out;
}

constexpr CharEscape kHtml[] = {
    {'&', "&amp;"}, {'<', "&lt;"}, {'>', "&gt;"}, {'"', "&quot;"}, {'\'', "&#39;"}};

constexpr CharEscape kLatex[] = {{'\\', "\\textbackslash{}"},
                                 {'{', "\\{"},
                                 {'}', "\\}"},
                                 {'$', "\\$"},
                                 {'&', "\\&"},
                                 {'#', "\\#"},
                                 {'_', "\\_"},
                                 {'%', "\\%"},
                                 {'^', "\\textasciicircum{}"},
                                 {'~', "\\textasciitilde{}"}};

}  // namespace

std::string html_escape(std::string_view text) { return escape_chars(text, kHtml); }

std::string latex_escape(std::string_view text) { return escape_chars(text, kLatex); }

std::string shell_quote(std::string_view text) {
  std::string q = "'";
  for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace pathbench
