// Building a GPPC entry folder (docs/gppc.md) as it is, with the driver of gppc_driver.cpp, into
// a cache folder outside the entry, keyed by the entry's content hash.
//
// The entry's flags and sources come from its Makefile, read (not run): variables (=, :=, ?=,
// +=, continuation lines, $(VAR), ${VAR}, $(patsubst), $(wildcard)), the `all` rule (else the
// first one), followed through prerequisites to the first recipe that runs the compiler. In that
// command, words starting with '-' are flags (-o FILE and -c dropped), *.cpp words are sources
// (globs expanded in the entry folder), *.o words stand for the .cpp of the same name. The
// start kit's main.cpp is never compiled. Without a Makefile: the start kit's flags
// (-O3 -std=c++17 -DNDEBUG) and every *.cpp at the top of the folder.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace pathbench::gppc {

struct BuildPlan {
  std::string compiler = "g++";
  std::vector<std::string> flags;    // the entry's, in order
  std::vector<std::string> sources;  // relative to the entry folder, main.cpp excluded
  std::string origin;                // "Makefile" or "default"
};

// The bytes of a file; empty when it cannot be read.
std::string file_bytes(const std::filesystem::path& path);

// Reads the plan from `entry`'s Makefile (gppc_makefile.cpp). Throws std::runtime_error when the
// Makefile asks for what this reader refuses to do ($(shell ...)) or names no compiler command.
BuildPlan read_build_plan(const std::filesystem::path& entry);

// FNV-1a 64 over the entry's files (relative path and bytes, sorted by path; index_data/, .git/,
// objects and the start kit's `run` binary skipped), as 16 hex digits.
std::string entry_hash(const std::filesystem::path& entry);
// FNV-1a 64 of bytes, as 16 hex digits.
std::string hash_bytes(const std::string& bytes, std::uint64_t seed = 0);

// pathbench's cache folder for gppc builds and indexes: $PATHBENCH_GPPC_CACHE, else
// $XDG_CACHE_HOME/pathbench/gppc, else $HOME/.cache/pathbench/gppc.
std::filesystem::path cache_root();

struct BuildResult {
  std::filesystem::path binary;  // empty on failure
  std::string error;             // "gppc entry 'X' does not build: <first error line> ..."
  bool built_now = false;        // false: found in the cache
};

// Builds (or finds in the cache) the driver binary for `entry`; `driver_source` is
// gppc_driver.cpp. Compiler output goes to build.log in the build folder. One build per
// (entry content, driver source, plan) key; concurrent builders of one key take turns
// (gppc_cache_lock.h), the second using the first's build. A failed build leaves only its log,
// <key>.failed.log beside the build folders (the error names it), never its temporary folder.
BuildResult build_entry(const std::filesystem::path& entry,
                        const std::filesystem::path& driver_source, double timeout_s);

// The folder's size in bytes (regular files, recursively).
std::uintmax_t folder_bytes(const std::filesystem::path& dir);

}  // namespace pathbench::gppc
