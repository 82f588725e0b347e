// The Makefile reader of gppc_build.h: a GPPC entry's flags and sources, read (never run).
#include <fmt/format.h>
#include <glob.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "algorithms/planners/gppc/gppc_build.h"

namespace pathbench::gppc {
namespace fs = std::filesystem;

std::string file_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

namespace {

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

// A `%` pattern of $(patsubst): the stem of `word` when it matches `pattern`.
bool match_pattern(const std::string& pattern, const std::string& word, std::string& stem) {
  const auto pct = pattern.find('%');
  if (pct == std::string::npos) {
    stem.clear();
    return pattern == word;
  }
  const std::string pre = pattern.substr(0, pct), post = pattern.substr(pct + 1);
  if (word.size() < pre.size() + post.size() || !word.starts_with(pre) || !word.ends_with(post))
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
    std::istringstream in(file_bytes(file));
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
  return w.ends_with(".cpp") || w.ends_with(".cc") || w.ends_with(".cxx") || w.ends_with(".C");
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
    } else if (w.ends_with(".o")) {
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

}  // namespace pathbench::gppc
