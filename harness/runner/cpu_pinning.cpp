#include "harness/runner/cpu_pinning.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>

#include "algorithms/core/input_error.h"
#include "harness/runner/shard_process.h"

namespace pathbench {

void check_cpu_allowed(const CpuRequest& r) {
  if (r.cpu < 0) return;
  const std::vector<int> cpus = allowed_cpus();
  if (std::find(cpus.begin(), cpus.end(), r.cpu) != cpus.end()) return;
  throw InputError(r.file, r.line, r.field,
                   fmt::format("core {} is not one this process may run on (allowed: {})", r.cpu,
                               fmt::join(cpus, ", ")));
}

void pin_to_cpu(const CpuRequest& r) {
  if (r.cpu < 0) return;
  check_cpu_allowed(r);
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(r.cpu, &set);
  if (sched_setaffinity(0, sizeof(set), &set) != 0)
    throw InputError(r.file, r.line, r.field,
                     fmt::format("cannot pin to core {}: {}", r.cpu, std::strerror(errno)));
}

double load_average_1m() {
  std::ifstream in("/proc/loadavg");
  double load = std::numeric_limits<double>::quiet_NaN();
  if (!(in >> load)) return std::numeric_limits<double>::quiet_NaN();
  return load;
}

int online_cores() {
  const long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<int>(n) : 1;
}

std::string cpu_governor(int cpu) {
  if (cpu < 0) return "unknown";
  std::ifstream in(fmt::format("/sys/devices/system/cpu/cpu{}/cpufreq/scaling_governor", cpu));
  std::string g;
  if (!(in >> g) || g.empty()) return "unknown";
  return g;
}

namespace {
// JSON has no NaN: an unreadable load average is null.
nlohmann::json number_or_null(double v) {
  return std::isnan(v) ? nlohmann::json() : nlohmann::json(v);
}
}  // namespace

nlohmann::json cpu_facts_at_start(int pinned_cpu) {
  const std::vector<int> cpus = allowed_cpus();
  const int probe = pinned_cpu >= 0 ? pinned_cpu : (cpus.empty() ? -1 : cpus.front());
  return {{"pinned", pinned_cpu >= 0 ? nlohmann::json(pinned_cpu) : nlohmann::json()},
          {"allowed", cpus},
          {"online_cores", online_cores()},
          {"governor", cpu_governor(probe)},
          {"load_avg_1m_start", number_or_null(load_average_1m())}};
}

void record_run_end(nlohmann::json& meta) {
  meta["cpu"]["load_avg_1m_end"] = number_or_null(load_average_1m());
}

std::string busy_machine_warning(double load, int cores) {
  if (std::isnan(load) || load < cores - 0.5) return "";
  return fmt::format(
      "warning: the machine is busy (1-minute load average {:.2f} on {} cores): times will be "
      "noisy; meta.json records the load at start and end\n",
      load, cores);
}

void warn_if_busy(int pinned_cpu, std::ostream* warnings) {
  if (pinned_cpu >= 0 && warnings)
    *warnings << busy_machine_warning(load_average_1m(), online_cores());
}

}  // namespace pathbench
