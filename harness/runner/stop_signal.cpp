#include "harness/runner/stop_signal.h"

#include <csignal>

namespace pathbench {
namespace {

volatile std::sig_atomic_t g_stop_signal = 0;

extern "C" void on_stop_signal(int sig) {
  g_stop_signal = sig;
  std::signal(sig, SIG_DFL);  // a second Ctrl-C (or TERM) ends the process at once
}

}  // namespace

StopSignalGuard::StopSignalGuard()
    : previous_int_(std::signal(SIGINT, on_stop_signal)),
      previous_term_(std::signal(SIGTERM, on_stop_signal)) {
  g_stop_signal = 0;
}

StopSignalGuard::~StopSignalGuard() {
  std::signal(SIGINT, previous_int_);
  std::signal(SIGTERM, previous_term_);
}

int stop_signal() { return g_stop_signal; }

}  // namespace pathbench
