// Stopping a run between rows: SIGINT (Ctrl-C) or SIGTERM (a batch scheduler's cancellation)
// asks the run to stop after the row in progress, so every row written is whole; a second signal
// ends the process at once (the default action is restored by the first).
#pragma once

namespace pathbench {

// Installs the handlers for SIGINT and SIGTERM for the lifetime of the object, clears any earlier
// request, and restores the previous handlers when destroyed. One at a time per process.
class StopSignalGuard {
 public:
  StopSignalGuard();
  ~StopSignalGuard();
  StopSignalGuard(const StopSignalGuard&) = delete;
  StopSignalGuard& operator=(const StopSignalGuard&) = delete;

 private:
  void (*previous_int_)(int);
  void (*previous_term_)(int);
};

// The signal (SIGINT or SIGTERM) that asked the run to stop, or 0.
int stop_signal();

}  // namespace pathbench
