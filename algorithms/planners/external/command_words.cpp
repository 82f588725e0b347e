#include "algorithms/planners/external/command_words.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <string_view>

namespace pathbench::external {
namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

constexpr std::string_view kRefused = "|&;<>()$`*?[]{}~#!";

bool executable_file(const std::filesystem::path& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
}

}  // namespace

std::vector<std::string> split_command(const std::string& command, std::string* error) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;  // "" makes an empty word, so presence is tracked apart from content
  const auto refuse = [&](const std::string& why) {
    *error = why;
    return std::vector<std::string>{};
  };
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (blank(c)) {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'') {
      const std::size_t end = command.find('\'', i + 1);
      if (end == std::string::npos) return refuse("a ' quote is not closed");
      word.append(command, i + 1, end - i - 1);
      i = end;
    } else if (c == '"') {
      for (++i;; ++i) {
        if (i >= command.size()) return refuse("a \" quote is not closed");
        const char d = command[i];
        if (d == '"') break;
        if (d == '$' || d == '`')
          return refuse(std::string("'") + d +
                        "' inside \"...\" would be expanded by a shell but is not here (no shell "
                        "runs the command): put it in '...' or write the command as a list");
        if (d == '\\' && i + 1 < command.size() &&
            (command[i + 1] == '"' || command[i + 1] == '\\'))
          ++i;
        word += command[i];
      }
    } else if (c == '\\') {
      if (i + 1 >= command.size()) return refuse("the command ends with a lone \\");
      word += command[++i];
    } else if (kRefused.find(c) != std::string_view::npos) {
      return refuse(std::string("'") + c +
                    "' is shell syntax, and no shell runs the command (it is run directly, as "
                    "argv): quote it to pass it as text, or run a script that does what the "
                    "shell would");
    } else {
      word += c;
    }
  }
  if (in_word) words.push_back(std::move(word));
  if (words.empty()) return refuse("the command is empty");
  return words;
}

std::string resolve_program(const std::string& program, const std::filesystem::path& cwd,
                            std::string* error) {
  if (program.find('/') != std::string::npos) {
    const std::filesystem::path p = cwd.empty() ? std::filesystem::path(program) : cwd / program;
    if (executable_file(p)) return program;  // execv runs it after the chdir into cwd
    *error = "program '" + program + "' " +
             (::access(p.c_str(), F_OK) == 0 ? "is not an executable file" : "does not exist") +
             (cwd.empty() ? std::string() : " (relative to " + cwd.string() + ")");
    return {};
  }
  const char* env = std::getenv("PATH");
  const std::string path = env ? env : "/usr/local/bin:/usr/bin:/bin";
  std::size_t from = 0;
  for (;;) {
    const std::size_t colon = path.find(':', from);
    std::string dir = path.substr(from, colon == std::string::npos ? colon : colon - from);
    if (dir.empty()) dir = ".";  // an empty PATH entry is the current folder, as in sh
    const std::filesystem::path candidate = std::filesystem::path(dir) / program;
    const std::filesystem::path seen =
        candidate.is_relative() && !cwd.empty() ? cwd / candidate : candidate;
    if (executable_file(seen)) return candidate.string();
    if (colon == std::string::npos) break;
    from = colon + 1;
  }
  *error = "program '" + program + "' not found on PATH";
  return {};
}

}  // namespace pathbench::external
