// The machine a run is timed on: pinning the process to one core (`cpu: N` / `--cpu N`), and
// the facts meta.json records next to it so a reader can judge the times — the cores allowed,
// the 1-minute load average at start and end (/proc/loadavg) and the core's frequency governor
// (/sys/devices/system/cpu/cpuN/cpufreq/scaling_governor, "unknown" where unreadable).
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace pathbench {

// Where a requested core came from, for the error when it cannot be used.
struct CpuRequest {
  int cpu = -1;       // -1: not pinned
  std::string file;   // the config file, or "command line"
  int line = 0;       // YAML line (0 on the command line)
  std::string field;  // "cpu" or "--cpu"
};

// Throws InputError naming the request's origin when its core is not among allowed_cpus().
void check_cpu_allowed(const CpuRequest& request);

// Pins this process to the requested core (nothing when cpu < 0); checks it first.
void pin_to_cpu(const CpuRequest& request);

// The 1-minute load average, NaN when /proc/loadavg is unreadable.
double load_average_1m();

// Online cores (sysconf), at least 1.
int online_cores();

// The frequency governor of `cpu`, "unknown" when not readable (containers, VMs).
std::string cpu_governor(int cpu);

// The "cpu" object of meta.json as the run starts: pinned core (null when not pinned), allowed
// cores, online cores, governor (the pinned core's, else the first allowed core's), load
// average at start. record_run_end() adds the load average at the end.
nlohmann::json cpu_facts_at_start(int pinned_cpu);
void record_run_end(nlohmann::json& meta);

// The warning a pinned `pathbench run` prints on stderr when the machine is visibly busy
// (1-minute load average >= online cores - 0.5): empty otherwise. Pinned runs only: pinning is
// asking for careful times, and an unpinned run's stderr stays free of machine-dependent lines
// (its summary notes still say when the machine was busy).
std::string busy_machine_warning(double load, int cores);

// Writes busy_machine_warning for the machine now to `warnings` when the run is pinned
// (`pinned_cpu` >= 0) and `warnings` is set.
void warn_if_busy(int pinned_cpu, std::ostream* warnings);

}  // namespace pathbench
