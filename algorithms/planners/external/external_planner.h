// external: any program as a planner, over the JSON-lines protocol of docs/external-planners.md
// (messages in protocol.h, process handling in child_process.h).
//
// prepare() starts `command` (run directly as argv, no shell: command_words.h; in the experiment
// file's folder, stderr appended to <run dir>/external-<label>.stderr.log up to a cap) and sends
// the map; solve() sends one query and reads its result. The harness validates the returned path
// like any planner's; time_us is pathbench's own clock around the exchange, the program's
// self-reported figures go in the extra columns ext_time_us and ext_prep_ms.
//
// Faults are results: the program exiting gives Status::Crashed, no answer within the deadline
// gives Status::Timeout (the program and all it started are killed), malformed output, a wrong id
// or missing fields give Status::ProtocolError; the message says what happened. After a fault the
// process is restarted at once (the cost lands on the faulty row, not the next one); after
// kMaxFailedStarts failed start-ups in a row on a map it is not restarted again and the map's
// remaining queries report the last start-up fault immediately.
//
// Deadline for an answer (and for `ready` at start-up): timeout_s when set, else the experiment's
// time limit + grace_s, else 10 s.
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

// Parameters: command (argv as one string in command_words.h's rules, required), optimal (claims
// optimal costs, default false), suboptimality_bound (claimed bound >= 1; 0 = none), name (used in
// messages), timeout_s (0 = automatic, see above), grace_s (default 1).
PlannerInfo external_planner_info();

}  // namespace pathbench
