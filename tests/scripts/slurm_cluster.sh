# shellcheck shell=bash
# A private one-node Slurm cluster for tests (sourced by slurm_test.sh): munged, slurmctld and
# slurmd from Debian's packages, every file (config, keys, sockets, spool, logs, PID files) inside
# one fresh folder and on free ports, so nothing of an earlier run or of another cluster on this
# machine comes back. Clients reach it through the exported SLURM_CONF.
# Needs root (SlurmUser=root, munged runs as the munge user). Functions:
#   cluster_missing            prints what is missing to run a cluster here (empty: all there)
#   cluster_start DIR          starts the daemons, waits (bounded) until the node is idle; the
#                              munge user must be able to reach DIR (its parents 0755)
#   cluster_stop               cancels jobs, stops the daemons this file started, by PID
#   cluster_logs               prints the tail of the daemon logs (for failures)

cluster_pids=()  # in start order: munged slurmctld slurmd

cluster_missing() {
  local tool
  [ "$(id -u)" -eq 0 ] || echo "root (the daemons run as root and as the munge user)"
  for tool in munged mungekey munge slurmctld slurmd sbatch squeue sinfo scontrol scancel setpriv setsid; do
    command -v "$tool" >/dev/null 2>&1 || echo "$tool"
  done
  id munge >/dev/null 2>&1 || echo "the munge user (package munge)"
}

# A TCP port nobody listens on (IPv4 or IPv6), from a range away from the Slurm defaults.
cluster_free_port() {
  local port hex
  for _ in $(seq 1 200); do
    port=$((20000 + RANDOM % 40000))
    hex="$(printf ':%04X ' "$port")"
    if ! cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk '$4 == "0A" {print $2 " "}' |
      grep -q -- "$hex"; then
      echo "$port"
      return 0
    fi
  done
  return 1
}

cluster_start() {
  local dir="$1" host cpus port1 port2 state
  host="$(hostname -s)"
  cpus="$(nproc --all)"
  port1="$(cluster_free_port)"
  port2="$(cluster_free_port)"
  while [ "$port2" = "$port1" ]; do port2="$(cluster_free_port)"; done
  mkdir -p "$dir/munge" "$dir/spool/ctld" "$dir/spool/d" "$dir/log"
  cluster_dir="$dir"
  # munged checks its files: the key private to munge, the socket folder reachable by all.
  chown munge:munge "$dir/munge"
  chmod 0755 "$dir" "$dir/munge"
  # setpriv execs (runuser forks): in the foreground (-F) munged is this shell's child, reaped by
  # it, and $! is its PID.
  local as_munge=(setpriv --reuid=munge --regid=munge --init-groups)
  "${as_munge[@]}" mungekey -c -k "$dir/munge/munge.key" || return 1
  "${as_munge[@]}" munged -F --socket="$dir/munge/socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed" </dev/null >"$dir/log/munged.out" 2>&1 &
  cluster_pids+=("$!")
  for _ in $(seq 1 40); do
    [ -S "$dir/munge/socket" ] && break
    sleep 0.25
  done
  munge -n -S "$dir/munge/socket" | unmunge -S "$dir/munge/socket" >/dev/null || return 1

  cat >"$dir/slurm.conf" <<EOF
ClusterName=pathbench-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port1
SlurmdPort=$port2
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/socket
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SwitchType=switch/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
ReturnToService=2
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
StateSaveLocation=$dir/spool/ctld
SlurmdSpoolDir=$dir/spool/d
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=500 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF="$dir/slurm.conf"
  # In the foreground (-D) as children of this shell: $! is the daemon, and this shell reaps it.
  setsid slurmctld -D -f "$SLURM_CONF" >"$dir/log/slurmctld.out" 2>&1 </dev/null &
  cluster_pids+=("$!")
  setsid slurmd -D -f "$SLURM_CONF" >"$dir/log/slurmd.out" 2>&1 </dev/null &
  cluster_pids+=("$!")
  for _ in $(seq 1 120); do
    state="$(sinfo -h -o %T 2>/dev/null || true)"
    [ "$state" = idle ] && return 0
    sleep 0.5
  done
  echo "slurm_cluster: the node is not idle after 60 s (state: '${state:-no answer}')" >&2
  return 1
}

# Running (or sleeping) and not a zombie.
cluster_alive() {
  local st
  st="$(sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' "/proc/$1/status" 2>/dev/null || true)"
  [ -n "$st" ] && [ "$st" != Z ] && [ "$st" != X ]
}

cluster_stop() {
  local i pid
  if [ "${#cluster_pids[@]}" -ge 3 ] && cluster_alive "${cluster_pids[1]}"; then
    scancel --quiet --full --user=root 2>/dev/null || true
    for _ in $(seq 1 20); do
      [ -z "$(squeue -h 2>/dev/null || echo busy)" ] && break
      sleep 0.5
    done
  fi
  for ((i = ${#cluster_pids[@]} - 1; i >= 0; i--)); do
    pid="${cluster_pids[i]}"
    cluster_alive "$pid" || continue
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 40); do
      cluster_alive "$pid" || break
      sleep 0.25
    done
    if cluster_alive "$pid"; then
      echo "slurm_cluster: PID $pid did not stop on SIGTERM; SIGKILL" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
  done
  cluster_pids=()
}

cluster_logs() {
  local f
  for f in "$cluster_dir"/log/*.log "$cluster_dir"/munge/munged.log; do
    [ -f "$f" ] || continue
    echo "--- $f (last 30 lines)"
    tail -n 30 "$f"
  done
}
