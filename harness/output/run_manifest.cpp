#include "harness/output/run_manifest.h"

#include <unistd.h>
#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <stdexcept>
#include <thread>

#include "datasets/output_file.h"

namespace pathbench {
namespace {

std::string run_command(const std::string& cmd) {
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return out;
  std::array<char, 256> buf{};
  while (fgets(buf.data(), static_cast<int>(buf.size()), p)) out += buf.data();
  pclose(p);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

std::string cpu_model() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(colon + 2);
    }
  return "unknown";
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::array<char, 32> buf{};
  std::strftime(buf.data(), buf.size(), "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf.data();
}

}  // namespace

std::string git_commit_of_source() {
  const std::string dir = PATHBENCH_SOURCE_DIR;
  std::string sha = run_command("git -C '" + dir + "' rev-parse HEAD 2>/dev/null");
  if (sha.empty()) return "unknown";
  if (!run_command("git -C '" + dir + "' status --porcelain --untracked-files=no 2>/dev/null")
           .empty())
    sha += "-dirty";
  return sha;
}

nlohmann::json build_and_machine_info() {
  std::array<char, 256> host{};
  gethostname(host.data(), host.size() - 1);
  return {
      {"git_commit", git_commit_of_source()},
      {"compiler", PATHBENCH_COMPILER},
      {"build_type", PATHBENCH_BUILD_TYPE},
      {"cxx_flags", PATHBENCH_BUILD_FLAGS},
      {"cpu_model", cpu_model()},
      {"hardware_threads", std::thread::hardware_concurrency()},
      {"host", host.data()},
      {"date_utc", utc_now()},
      {"cost_model",
       "cardinal 1, diagonal sqrt(2); entering cell c multiplies by its terrain cost; searches "
       "order by fixed-point costs (2^32 units per 1, steps rounded up: exact f ties), reported "
       "costs are the path's double sum"},
      {"tie_breaking", "f ascending, then g descending, then cell id ascending"},
      {"cost_tolerance",
       "against a published length b (a .scen's optimal_length): |a-b| <= max(half a unit in "
       "the last digit the scen file prints, 1e-5 * max(1, |b|)), e.g. +-0.005 for bg512's 2 "
       "decimals; "
       "against a cost we computed (reported vs recomputed, our reference Dijkstra): "
       "|a-b| <= 1e-5 * max(1, |b|)"},
  };
}

void write_json_file(const std::filesystem::path& path, const nlohmann::json& meta) {
  write_file_atomically(path, meta.dump(2) + '\n');
}

}  // namespace pathbench
