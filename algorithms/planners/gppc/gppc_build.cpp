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
#include "algorithms/planners/gppc/gppc_cache_lock.h"

namespace pathbench::gppc {
namespace fs = std::filesystem;

namespace {
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
  const std::string all = file_bytes(log);
  std::istringstream in(from < all.size() ? all.substr(from) : std::string{});
  std::string first;
  for (std::string l; std::getline(in, l);) {
    if (first.empty() && l.find_first_not_of(" \t\r") != std::string::npos) first = l;
    if (l.find("error") != std::string::npos || l.find("Error") != std::string::npos) return l;
  }
  return first.empty() ? "(the compiler wrote nothing)" : first;
}

}  // namespace

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
    if (name.ends_with(".o") || it->path() == entry / "run") continue;
    files.push_back(it->path().lexically_relative(entry));
  }
  std::sort(files.begin(), files.end());
  std::uint64_t h = kFnvBasis;
  for (const fs::path& f : files) {
    h = fnv(f.generic_string() + '\0', h);
    h = fnv(file_bytes(entry / f) + '\0', h);
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
      name + "-" + hash_bytes(entry_hash(entry) + file_bytes(driver_source) + plan_text);
  const fs::path dir = cache_root() / "build" / key;
  out.binary = dir / "gppc_driver";
  if (fs::exists(out.binary)) return out;
  // Another process building this key (the other shard of a --jobs run): wait, then use its
  // build rather than compiling the same sources again.
  const CacheLock lock = CacheLock::wait(cache_root() / "locks" / ("build-" + key + ".lock"));
  if (fs::exists(out.binary)) return out;

  std::error_code ec;
  const fs::path tmp = cache_root() / "build" / fmt::format("{}.tmp.{}", key, ::getpid());
  fs::remove_all(tmp, ec);
  fs::create_directories(tmp, ec);
  if (ec) return failure("cannot create " + tmp.string() + ": " + ec.message());
  const fs::path log = tmp / "build.log";
  // Where the log of a failed build is kept (the message names it): the temporary folder, with
  // its objects, is removed, so failed builds do not pile up in the cache.
  const fs::path failed_log = cache_root() / "build" / (key + ".failed.log");
  struct RemoveUnlessRenamed {
    const fs::path& tmp;
    const fs::path& log;
    const fs::path& failed_log;
    ~RemoveUnlessRenamed() {
      std::error_code e;
      if (!fs::exists(tmp, e)) return;
      fs::rename(log, failed_log, e);
      fs::remove_all(tmp, e);
    }
  } cleanup{tmp, log, failed_log};
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
                       first_error(log, size_ec ? 0 : from), how, failed_log.string());
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
  fs::remove(failed_log, ec);  // an earlier failure of this key, now built
  fs::rename(tmp, dir, ec);
  if (ec) fs::remove_all(tmp, ec);  // another process's build won the race
  out.built_now = true;
  return out;
}

}  // namespace pathbench::gppc
