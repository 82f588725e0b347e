// The external planner's `command` as the program's argv: it is run directly (execv), never by
// a shell, so the program's own exit status and signal reach the results, and nothing a shell
// would do (expansion, redirection, pipes, `;`) happens silently or half-way.
//
// Rules for a command given as one string (docs/external-planners.md):
//  - words are separated by blanks (space, tab, newline);
//  - '...' keeps everything inside literally; "..." too, except that \" and \\ stand for " and \;
//    outside quotes \x stands for x; quoted and unquoted parts of one word join, as in sh;
//  - outside quotes, | & ; < > ( ) $ ` * ? [ ] { } ~ # ! are refused, and so are $ and ` inside
//    "...": a shell would give them a meaning that plain argv cannot, so the command is refused
//    instead of run differently from what its author tested in a terminal.
// A YAML list (`command: [prog, arg, ...]`) is argv as written, every item literal; the config
// reader stores it as a string in these rules, each item in '...' (harness shell_quote).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace pathbench::external {

// The words of `command`; on a refusal, empty and *error says why.
std::vector<std::string> split_command(const std::string& command, std::string* error);

// The file execv should run for `program`: with a '/', the path itself (relative to `cwd`, the
// folder it will run in); otherwise the first executable regular file of that name on PATH
// (/usr/local/bin:/usr/bin:/bin when PATH is unset), as a shell would find it. Empty, with
// *error saying why, when there is none: a missing program is a clear fault, not exit status 127.
std::string resolve_program(const std::string& program, const std::filesystem::path& cwd,
                            std::string* error);

}  // namespace pathbench::external
