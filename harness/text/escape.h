// Escaping text for the languages pathbench writes into: HTML/XML (report.html, SVG, the replay
// page), LaTeX (report --latex tables) and POSIX sh (commands run through std::system). One
// copy of each rule.
#pragma once

#include <string>
#include <string_view>

namespace pathbench {

// & < > " ' as entities: safe in HTML and XML element content and in quoted attribute values.
std::string html_escape(std::string_view text);

// Escapes \ { } $ & # ^ _ % ~ for LaTeX text mode.
std::string latex_escape(std::string_view text);

// `text` as one single-quoted sh word (each ' becomes '\'').
std::string shell_quote(std::string_view text);

}  // namespace pathbench
