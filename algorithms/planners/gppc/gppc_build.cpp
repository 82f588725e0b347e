#include "algorithms/planners/gppc/gppc_build.h"

#include <fmt/format.h>
#include <glob.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "algorithms/planners/external/child_process.h"

namespace pathbench::gppc {
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> w;
  for (std::string x; in >> x;) w.push_back(x);
  return w;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A `%` pattern of $(patsubst): the stem of `word` when it matches `pattern`.
bool match_pattern(const std::string& pattern, const std::string& word, std::string& stem) {
  const auto pct = pattern.find('%');
  if (pct == std::string::npos) {
    stem.clear();
    return pattern == word;
  }
  const std::string pre = pattern.substr(0, pct), post = pattern.substr(pct + 1);
  if (word.size() < pre.size() + post.size() || word.compare(0, pre.size(), pre) != 0 ||
      !ends_with(word, post))
    return false;
  stem = word.substr(pre.size(), word.size() - pre.size() - post.size());
  return true;
}

std::vector<std::string> glob_in(const fs::path& dir, const std::string& pattern) {
  std::vector<std::string> out;
  glob_t g{};
  const std::string full = (dir / pattern).string();
  if (::glob(full.c_str(), 0, nullptr, &g) == 0) {
    for (std::size_t i = 0; i < g.gl_pathc; ++i)
      out.push_back(fs::path(g.gl_pathv[i]).lexically_relative(dir).string());
  }
  globfree(&g);
  std::sort(out.begin(), out.end());
  return out;
}

struct Rule {
  std::vector<std::string> targets;
  std::string prereqs;  // unexpanded
  std::vector<std::string> recipe;
};

// A Makefile read as data: its variables and rules. Nothing in it is run.
class Makefile {
 public:
  Makefile(const fs::path& file, fs::path dir) : dir_(std::move(dir)) {
    std::istringstream in(read_file(file));
    std::string line, logical;
    std::vector<std::string> lines;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty() && line.back() == '\\') {
        logical += line.substr(0, line.size() - 1) + " ";
        continue;
      }
      lines.push_back(logical + line);
      logical.clear();
    }
    if (!logical.empty()) lines.push_back(logical);
    Rule* current = nullptr;
    for (const std::string& raw : lines) {
      if (!raw.empty() && raw[0] == '\t') {
        if (current != nullptr) current->recipe.push_back(raw.substr(1));
        continue;
      }
      std::string l = raw.substr(0, raw.find('#'));
      if (trim(l).empty()) continue;
      if (assignment(l)) {
        current = nullptr;
        continue;
      }
      const auto colon = l.find(':');
      if (colon == std::string::npos) continue;
      Rule r;
      r.targets = words(expand(l.substr(0, colon)));
      std::string rest = l.substr(colon + 1);
      const auto semi = rest.find(';');
      if (semi != std::string::npos) {
        r.recipe.push_back(rest.substr(semi + 1));
        rest = rest.substr(0, semi);
      }
      r.prereqs = rest;
      rules_.push_back(std::move(r));
      current = &rules_.back();
    }
  }

  const Rule* rule(const std::string& target) const {
    for (const Rule& r : rules_)
      if (std::find(r.targets.begin(), r.targets.end(), target) != r.targets.end()) return &r;
    return nullptr;
  }
  const Rule* default_rule() const {
    if (const Rule* r = rule("all")) return r;
    for (const Rule& r : rules_)
      if (!r.targets.empty() && r.targets[0][0] != '.' &&
          r.targets[0].find('%') == std::string::npos)
        return &r;
    return nullptr;
  }

  // Expands variables and the functions a build line needs; $@, $^, $< from `rule`.
  std::string expand(const std::string& text, const Rule* rule = nullptr) const {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] != '$' || i + 1 >= text.size()) {
        out += text[i];
        continue;
      }
      const char c = text[i + 1];
      if (c == '$') {
        out += '$';
        ++i;
      } else if (c == '(' || c == '{') {
        const char close = c == '(' ? ')' : '}';
        int depth = 1;
        std::size_t j = i + 2;
        for (; j < text.size() && depth > 0; ++j) {
          if (text[j] == c) ++depth;
          if (text[j] == close) --depth;
        }
        if (depth != 0) throw std::runtime_error("unterminated $( in: " + text);
        out += reference(text.substr(i + 2, j - i - 3), rule);
        i = j - 1;
      } else {
        out += automatic(c, rule);
        ++i;
      }
    }
    return out;
  }

 private:
  bool assignment(const std::string& l) {
    static const char* const ops[] = {"::=", ":=", "?=", "+=", "="};
    std::size_t best = std::string::npos;
    std::string op;
    for (const char* o : ops) {
      const auto p = l.find(o);
      if (p != std::string::npos &&
          (p < best || (p == best && std::string(o).size() > op.size()))) {
        best = p;
        op = o;
      }
    }
    if (best == std::string::npos) return false;
    // `a: b=c` is a rule (target-specific variables are not supported: treated as a rule).
    const auto colon = l.find(':');
    if (colon != std::string::npos && colon < best) return false;
    const std::string name = trim(l.substr(0, best));
    if (name.empty() || name.find_first_of(" \t") != std::string::npos) return false;
    const std::string value = trim(l.substr(best + op.size()));
    if (op == ":=" || op == "::=") {
      vars_[name] = expand(value);
    } else if (op == "?=") {
      if (!vars_.count(name)) vars_[name] = value;
    } else if (op == "+=") {
      vars_[name] = vars_.count(name) ? vars_[name] + " " + value : value;
    } else {
      vars_[name] = value;
    }
    return true;
  }

  std::string automatic(char c, const Rule* rule) const {
    if (rule == nullptr) return {};
    if (c == '@') return rule->targets.empty() ? "" : rule->targets[0];
    const std::vector<std::string> pre = words(expand(rule->prereqs));
    if (c == '^') {
      std::string s;
      for (const std::string& w : pre) s += w + " ";
      return s;
    }
    if (c == '<') return pre.empty() ? "" : pre[0];
    return {};
  }

  std::string reference(const std::string& inner, const Rule* rule) const {
    if (inner == "@" || inner == "^" || inner == "<") return automatic(inner[0], rule);
    const auto space = inner.find(' ');
    if (space != std::string::npos) {
      const std::string fn = inner.substr(0, space), args = inner.substr(space + 1);
      if (fn == "shell")
        throw std::runtime_error("its Makefile uses $(shell ...), which pathbench does not run");
      if (fn == "wildcard") {
        std::string s;
        for (const std::string& pat : words(expand(args, rule)))
          for (const std::string& f : glob_in(dir_, pat)) s += f + " ";
        return s;
      }
      if (fn == "patsubst") {
        const auto c1 = args.find(','), c2 = args.find(',', c1 + 1);
        if (c1 == std::string::npos || c2 == std::string::npos)
          throw std::runtime_error("malformed $(patsubst " + args + ")");
        const std::string pat = trim(expand(args.substr(0, c1), rule));
        const std::string rep = trim(expand(args.substr(c1 + 1, c2 - c1 - 1), rule));
        std::string s;
        for (const std::string& w : words(expand(args.substr(c2 + 1), rule))) {
          std::string stem;
          if (match_pattern(pat, w, stem)) {
            const auto p = rep.find('%');
            s += (p == std::string::npos ? rep : rep.substr(0, p) + stem + rep.substr(p + 1)) + " ";
          } else {
            s += w + " ";
          }
        }
        return s;
      }
      throw std::runtime_error("its Makefile uses $(" + fn +
                               " ...), which pathbench does not read");
    }
    const auto v = vars_.find(inner);
    if (v != vars_.end()) return expand(v->second, rule);
    if (inner == "CXX") return "g++";
    return {};
  }

  fs::path dir_;
  std::map<std::string, std::string> vars_;
  std::vector<Rule> rules_;
};

bool is_compiler(const std::string& w) {
  const std::string base = fs::path(w).filename().string();
  return base == "g++" || base == "c++" || base == "clang++" || base.rfind("g++-", 0) == 0 ||
         base.rfind("clang++-", 0) == 0;
}

bool is_source(const std::string& w) {
  return ends_with(w, ".cpp") || ends_with(w, ".cc") || ends_with(w, ".cxx") || ends_with(w, ".C");
}

std::string normal(const std::string& rel) { return fs::path(rel).lexically_normal().string(); }

// The command in `rule`'s recipe (or, following its prerequisites, in theirs) that runs the
// compiler, expanded.
std::vector<std::string> compile_command(const Makefile& mk, const Rule* rule, int depth) {
  if (rule == nullptr || depth > 8) return {};
  for (const std::string& line : rule->recipe) {
    std::vector<std::string> w = words(mk.expand(line, rule));
    while (!w.empty() && (w[0] == "@" || w[0] == "-")) w.erase(w.begin());
    if (!w.empty() && is_compiler(w[0])) return w;
  }
  for (const std::string& p : words(mk.expand(rule->prereqs)))
    if (std::vector<std::string> c = compile_command(mk, mk.rule(p), depth + 1); !c.empty())
      return c;
  return {};
}

std::string hex(std::uint64_t h) { return fmt::format("{:016x}", h); }

std::uint64_t fnv(const std::string& bytes, std::uint64_t h) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}
constexpr std::uint64_t kFnvBasis = 0xcbf29ce484222325ULL;

// Runs a compiler command (pathbench's process runner: no shell), its stderr appended to `log`;
// "exited with status 0" on success.
std::string run_tool(const std::vector<std::string>& argv, const fs::path& cwd, const fs::path& log,
                     double timeout_s) {
  ChildProcess child;
  if (std::string e = child.start(argv, cwd, log); !e.empty()) return "could not start: " + e;
  const auto deadline =
      ChildProcess::Clock::now() + std::chrono::duration_cast<ChildProcess::Clock::duration>(
                                       std::chrono::duration<double>(timeout_s));
  std::string line;
  for (;;) {
    const ChildProcess::Io io = child.read_line(line, deadline);
    if (io == ChildProcess::Io::Timeout) {
      child.kill();
      return fmt::format("did not finish within {:g} s; killed", timeout_s);
    }
    if (io == ChildProcess::Io::Closed) break;
  }
  return child.reap(std::chrono::duration<double>(60.0));
}

// The first line of the compiler's output that says "error" (else its first line).
// Only the output after byte `from` (this step's) is read.
std::string first_error(const fs::path& log, std::size_t from) {
  const std::string all = read_file(log);
  std::istringstream in(from < all.size() ? all.substr(from) : std::string{});
  std::string first;
  for (std::string l; std::getline(in, l);) {
    if (first.empty() && !trim(l).empty()) first = l;
    if (l.find("error") != std::string::npos || l.find("Error") != std::string::npos) return l;
  }
  return first.empty() ? "(the compiler wrote nothing)" : first;
}

}  // namespace

BuildPlan read_build_plan(const fs::path& entry) {
  BuildPlan plan;
  const fs::path makefile = entry / "Makefile";
  std::vector<std::string> cmd;
  if (fs::exists(makefile)) {
    const Makefile mk(makefile, entry);
    cmd = compile_command(mk, mk.default_rule(), 0);
    if (cmd.empty())
      throw std::runtime_error("its Makefile has no rule running a C++ compiler (g++, clang++)");
    plan.origin = "Makefile";
  } else {
    cmd = {"g++", "-O3", "-std=c++17", "-DNDEBUG", "*.cpp"};
    plan.origin = "default";
  }
  plan.compiler = cmd[0];
  for (std::size_t i = 1; i < cmd.size(); ++i) {
    const std::string& w = cmd[i];
    if (w == "-o") {
      ++i;
      continue;
    }
    if (w == "-c") continue;
    if (w[0] == '-') {
      plan.flags.push_back(w);
    } else if (is_source(w)) {
      if (w.find_first_of("*?[") != std::string::npos) {
        for (const std::string& f : glob_in(entry, w)) plan.sources.push_back(normal(f));
      } else {
        plan.sources.push_back(normal(w));
      }
    } else if (ends_with(w, ".o")) {
      for (const char* ext : {".cpp", ".cc", ".cxx", ".C"}) {
        const std::string src = w.substr(0, w.size() - 2) + ext;
        if (fs::exists(entry / src)) {
          plan.sources.push_back(normal(src));
          break;
        }
      }
    }
  }
  plan.sources.erase(std::remove(plan.sources.begin(), plan.sources.end(), "main.cpp"),
                     plan.sources.end());
  std::vector<std::string> unique;
  for (const std::string& s : plan.sources)
    if (std::find(unique.begin(), unique.end(), s) == unique.end()) unique.push_back(s);
  plan.sources = unique;
  if (std::find(plan.sources.begin(), plan.sources.end(), "Entry.cpp") == plan.sources.end())
    throw std::runtime_error(fmt::format("its {} does not compile Entry.cpp",
                                         plan.origin == "Makefile" ? "Makefile" : "folder"));
  return plan;
}

std::string hash_bytes(const std::string& bytes, std::uint64_t seed) {
  return hex(fnv(bytes, kFnvBasis ^ seed));
}

std::string entry_hash(const fs::path& entry) {
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(entry); it != fs::recursive_directory_iterator();
       ++it) {
    const std::string name = it->path().filename().string();
    if (it->is_directory() && (name == "index_data" || name == ".git")) {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file()) continue;
    if (ends_with(name, ".o") || it->path() == entry / "run") continue;
    files.push_back(it->path().lexically_relative(entry));
  }
  std::sort(files.begin(), files.end());
  std::uint64_t h = kFnvBasis;
  for (const fs::path& f : files) {
    h = fnv(f.generic_string() + '\0', h);
    h = fnv(read_file(entry / f) + '\0', h);
  }
  return hex(h);
}

fs::path cache_root() {
  if (const char* c = std::getenv("PATHBENCH_GPPC_CACHE"); c != nullptr && *c != '\0') return c;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x != nullptr && *x != '\0')
    return fs::path(x) / "pathbench" / "gppc";
  const char* home = std::getenv("HOME");
  return fs::path(home != nullptr && *home != '\0' ? home : "/tmp") / ".cache" / "pathbench" /
         "gppc";
}

std::uintmax_t folder_bytes(const fs::path& dir) {
  std::uintmax_t n = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    if (it->is_regular_file(ec)) n += it->file_size(ec);
  return n;
}

BuildResult build_entry(const fs::path& entry_in, const fs::path& driver_source, double timeout_s) {
  BuildResult out;
  const fs::path entry = fs::absolute(entry_in).lexically_normal();
  const std::string name = entry.filename().string();
  const auto failure = [&](const std::string& why) {
    out.error = fmt::format("gppc entry '{}' ({}) does not build: {}", name, entry.string(), why);
    return out;
  };
  if (!fs::is_directory(entry)) return failure("no such folder");
  if (!fs::exists(entry / "Entry.cpp")) return failure("no Entry.cpp in the folder");
  if (!fs::exists(driver_source))
    return failure("the driver source " + driver_source.string() + " is missing");
  BuildPlan plan;
  try {
    plan = read_build_plan(entry);
  } catch (const std::exception& e) {
    return failure(e.what());
  }
  std::string plan_text = plan.compiler;
  for (const std::string& f : plan.flags) plan_text += " " + f;
  for (const std::string& s : plan.sources) plan_text += " " + s;
  const std::string key =
      name + "-" + hash_bytes(entry_hash(entry) + read_file(driver_source) + plan_text);
  const fs::path dir = cache_root() / "build" / key;
  out.binary = dir / "gppc_driver";
  if (fs::exists(out.binary)) return out;

  std::error_code ec;
  const fs::path tmp = cache_root() / "build" / fmt::format("{}.tmp.{}", key, ::getpid());
  fs::remove_all(tmp, ec);
  fs::create_directories(tmp, ec);
  if (ec) return failure("cannot create " + tmp.string() + ": " + ec.message());
  const fs::path log = tmp / "build.log";
  {
    std::ofstream l(log);
    l << "# pathbench gppc build of " << entry.string() << " (flags from " << plan.origin << ")\n# "
      << plan_text << "\n";
  }
  // Empty on success, else "<what>: <the compiler's first error> (how it ended; the log)".
  const auto compile = [&](const std::vector<std::string>& argv,
                           const std::string& what) -> std::string {
    std::error_code size_ec;
    const auto from = static_cast<std::size_t>(fs::file_size(log, size_ec));
    const std::string how = run_tool(argv, entry, log, timeout_s);
    if (how == "exited with status 0") return {};
    return fmt::format("{}: {} ({}; the compiler's output is in {})", what,
                       first_error(log, size_ec ? 0 : from), how, log.string());
  };
  std::vector<std::string> objects;
  for (std::size_t i = 0; i < plan.sources.size(); ++i) {
    std::vector<std::string> argv = {plan.compiler};
    argv.insert(argv.end(), plan.flags.begin(), plan.flags.end());
    objects.push_back((tmp / fmt::format("{}.o", i)).string());
    argv.insert(argv.end(), {"-c", plan.sources[i], "-o", objects.back()});
    if (std::string e = compile(argv, "compiling " + plan.sources[i]); !e.empty())
      return failure(e);
  }
  // The driver: our code, our flags; Entry.h and GPPC.h from the entry folder.
  objects.push_back((tmp / "gppc_driver.o").string());
  if (std::string e = compile({plan.compiler, "-std=c++17", "-O2", "-I", entry.string(), "-c",
                               driver_source.string(), "-o", objects.back()},
                              "compiling the driver " + driver_source.filename().string());
      !e.empty())
    return failure(e);
  std::vector<std::string> link = {plan.compiler};
  link.insert(link.end(), plan.flags.begin(), plan.flags.end());
  link.insert(link.end(), objects.begin(), objects.end());
  link.insert(link.end(), {"-o", (tmp / "gppc_driver").string()});
  if (std::string e = compile(link, "linking"); !e.empty()) return failure(e);
  for (const std::string& o : objects) fs::remove(o, ec);
  fs::rename(tmp, dir, ec);
  if (ec) fs::remove_all(tmp, ec);  // another process's build won the race
  out.built_now = true;
  return out;
}

}  // namespace pathbench::gppc
