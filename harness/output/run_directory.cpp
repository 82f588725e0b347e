#include "harness/output/run_directory.h"

#include <unistd.h>

#include <fmt/format.h>
#include <array>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string_view>

#include "algorithms/core/input_error.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kComponentChars =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-";

// Files and folders pathbench writes into a run directory; anything else is the user's.
constexpr std::array<std::string_view, 10> kRunFiles = {
    "meta.json",   "runs.csv",    "paths.jsonl",         "summary.csv", "summary_buckets.csv",
    "summary.md",  "report.html", "dynamic.csv",         "dynamic_summary.csv",
    "run.lock"};
constexpr std::array<std::string_view, 4> kRunFolders = {"plots", "tables", "figures", "logs"};

bool is_run_entry(const fs::directory_entry& e) {
  std::string name = e.path().filename().string();
  // A file being replaced (written beside, renamed over) when the process was killed.
  if (name.ends_with(".tmp")) name.resize(name.size() - 4);
  if (e.is_symlink()) return false;
  if (e.is_directory()) {
    for (std::string_view f : kRunFolders)
      if (name == f) return true;
    return false;
  }
  if (!e.is_regular_file()) return false;
  for (std::string_view f : kRunFiles)
    if (name == f) return true;
  // Logs of external planners and summaries added by later versions.
  return name.ends_with(".log") ||
         (name.starts_with("summary_") && (name.ends_with(".csv") || name.ends_with(".md")));
}

fs::path sibling(const fs::path& dir, const std::string& suffix) {
  return dir.parent_path() / (dir.filename().string() + suffix);
}

bool exists_no_follow(const fs::path& p) {
  std::error_code ec;
  return fs::exists(fs::symlink_status(p, ec));
}

std::string resolved_env_dir(const char* var) {
  const char* v = std::getenv(var);
  if (!v || !*v) return {};
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(v, ec);
  return ec ? std::string() : p.lexically_normal().string();
}

}  // namespace

bool path_is_within(const fs::path& inner, const fs::path& outer) {
  auto i = inner.begin();
  for (auto o = outer.begin(); o != outer.end(); ++o, ++i)
    if (i == inner.end() || *i != *o) return false;
  return true;
}

fs::path resolve_dir_path(const fs::path& path, const std::string& field) {
  if (path.empty()) throw InputError("command line", 0, field, "empty directory name");
  fs::path p;
  try {
    p = fs::weakly_canonical(fs::absolute(path)).lexically_normal();
  } catch (const fs::filesystem_error& e) {
    throw InputError(path.string(), 0, field, e.code().message());
  }
  if (!p.has_filename() && p != p.root_path()) p = p.parent_path();  // trailing slash
  return p;
}

void check_path_component(const std::string& value, const std::string& field) {
  if (value.empty() || value.find_first_not_of(kComponentChars) != std::string::npos ||
      value == "." || value == "..")
    throw InputError("command line", 0, field,
                     fmt::format("'{}' is not a valid name: use letters, digits, '_', '.' and '-' "
                                 "only (one path component)",
                                 value));
}

RunDirs plan_new_run_dirs(const std::string& name, const fs::path& out_dir,
                          const fs::path& results_root, const std::string& tag) {
  RunDirs d;
  if (!out_dir.empty()) {
    d.dir = resolve_dir_path(out_dir, "--out");
    if (d.dir == d.dir.root_path())
      throw InputError(out_dir.string(), 0, "--out", "cannot write a run as the filesystem root");
    d.staging = sibling(d.dir, ".partial");
    return d;
  }
  check_path_component(name, "name");
  if (!tag.empty()) check_path_component(tag, "--tag");
  const fs::path parent = resolve_dir_path(results_root / name, "--results-root");
  const std::time_t t = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::gmtime(&t));
  std::string leaf = stamp;
  if (!tag.empty()) leaf += "-" + tag;
  d.dir = parent / leaf;
  for (int n = 2; exists_no_follow(d.dir) || exists_no_follow(sibling(d.dir, ".partial")); ++n)
    d.dir = parent / fmt::format("{}-{}", leaf, n);
  // Both parts are single checked components, so this holds; checked anyway as the last word.
  if (d.dir.parent_path() != parent)
    throw InputError("command line", 0, "--tag", "run directory would leave " + parent.string());
  d.staging = sibling(d.dir, ".partial");
  d.latest = parent / "latest";
  return d;
}

RunDirs resume_run_dirs(const fs::path& given) {
  const fs::path p = resolve_dir_path(given, "--resume");
  const std::string text = p.string();
  const std::string suffix = ".partial";
  RunDirs d;
  if (text.size() > suffix.size() && text.ends_with(suffix)) {
    if (!fs::is_directory(p)) throw InputError(text, 0, "--resume", "no such directory");
    d.dir = text.substr(0, text.size() - suffix.size());
    d.staging = p;
  } else {
    d.dir = p;
    d.staging = text + suffix;
    if (!fs::is_directory(d.staging)) {
      if (fs::is_directory(p))
        throw InputError(text, 0, "--resume",
                         "this run is complete (no " + d.staging.string() + ")");
      throw InputError(text, 0, "--resume",
                       "no such run directory (nor " + d.staging.string() + ")");
    }
  }
  if (exists_no_follow(d.dir))
    throw InputError(d.dir.string(), 0, "--resume",
                     "both the run and its .partial exist; move one of them away");
  return d;
}

std::string why_not_replaceable(const fs::path& dir) {
  std::error_code ec;
  const fs::file_status st = fs::symlink_status(dir, ec);
  if (!fs::exists(st)) return {};
  if (!fs::is_directory(st)) return "it is not a directory";
  if (dir == dir.root_path()) return "it is the filesystem root";
  if (dir.string() == resolved_env_dir("HOME")) return "it is your home directory";
  const fs::path cwd = fs::weakly_canonical(fs::current_path(ec), ec);
  if (!ec && path_is_within(cwd, dir)) return "it is the working directory or one of its parents";
  if (exists_no_follow(dir / ".git")) return "it is the root of a repository";
  const fs::path meta_path = dir / "meta.json";
  if (!fs::is_regular_file(fs::symlink_status(meta_path, ec)))
    return "it has no meta.json: pathbench did not write it";
  std::ifstream in(meta_path);
  const nlohmann::json meta = nlohmann::json::parse(in, nullptr, false);
  if (meta.is_discarded() || !meta.is_object() || !meta.contains("schema_version") ||
      !meta.contains("experiment"))
    return "its meta.json was not written by pathbench";
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
    if (!is_run_entry(e))
      return fmt::format("it holds '{}', which pathbench did not write",
                         e.path().filename().string());
  if (ec) return "it cannot be listed: " + ec.message();
  return {};
}

StagingLocks open_staging(const RunDirs& d, bool overwrite) {
  StagingLocks locks;
  if (exists_no_follow(d.dir)) {
    if (!overwrite)
      throw InputError(d.dir.string(), 0, "--out",
                       "output directory already exists (use --overwrite to replace a run "
                       "pathbench wrote)");
    if (const std::string why = why_not_replaceable(d.dir); !why.empty())
      throw InputError(d.dir.string(), 0, "--overwrite", "refusing to replace it: " + why);
    locks.replaced = RunLock::acquire(d.dir, "--overwrite");
  }
  if (exists_no_follow(d.staging)) {
    if (const std::string holder = run_lock_holder(d.staging); !holder.empty())
      throw InputError(d.staging.string(), 0, overwrite ? "--overwrite" : "--out",
                       "a run is writing here now (" + holder +
                           "); wait for it, or stop it and resume it");
    if (!overwrite)
      throw InputError(d.staging.string(), 0, "--out",
                       "an interrupted run is here: continue it with `pathbench run --resume " +
                           d.staging.string() + "`, or pass --overwrite to discard it");
    if (const std::string why = why_not_replaceable(d.staging); !why.empty())
      throw InputError(d.staging.string(), 0, "--overwrite", "refusing to remove it: " + why);
    // Held while removing, so that no resume starts in it meanwhile.
    const RunLock old = RunLock::acquire(d.staging, "--overwrite");
    std::error_code ec;
    fs::remove_all(d.staging, ec);
    if (ec) throw InputError(d.staging.string(), 0, "--overwrite", ec.message());
  }
  try {
    fs::create_directories(d.dir.parent_path());
    // Not made by us: another command is starting a run here at this moment.
    if (!fs::create_directory(d.staging))
      throw InputError(d.staging.string(), 0, "--out",
                       "another pathbench command created it just now; choose another --out");
  } catch (const fs::filesystem_error& e) {
    throw InputError(d.staging.string(), 0, "--out", e.code().message());
  }
  locks.staging = RunLock::acquire(d.staging, "--out");
  return locks;
}

void publish_run(const RunDirs& d, std::ostream& log) {
  if (exists_no_follow(d.dir)) {
    // Replace in two renames so that a failure leaves either the old run or the new one whole.
    const fs::path old = sibling(d.dir, fmt::format(".replaced-{}", ::getpid()));
    fs::rename(d.dir, old);
    try {
      fs::rename(d.staging, d.dir);
    } catch (...) {
      fs::rename(old, d.dir);
      throw;
    }
    fs::remove_all(old);
  } else {
    fs::rename(d.staging, d.dir);
  }
  if (d.latest.empty()) return;
  std::error_code ec;
  const fs::file_status st = fs::symlink_status(d.latest, ec);
  if (fs::exists(st) && !fs::is_symlink(st)) {
    log << "warning: " << d.latest.string() << " is not a symlink; left unchanged\n";
    return;
  }
  // The link never disappears: a new one is made beside it and renamed over it.
  const fs::path tmp = sibling(d.latest, fmt::format(".tmp-{}", ::getpid()));
  fs::remove(tmp, ec);
  fs::create_directory_symlink(d.dir.filename(), tmp, ec);
  if (!ec) fs::rename(tmp, d.latest, ec);
  if (ec) {
    fs::remove(tmp, ec);
    log << "warning: could not update " << d.latest.string() << '\n';
  }
}

}  // namespace pathbench
