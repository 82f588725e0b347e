#!/usr/bin/env bash
# Installs the Debian 12 packages pathbench needs, only those missing. As root it uses apt-get;
# otherwise it prints the apt-get line to run. Safe to run repeatedly.
set -euo pipefail

PACKAGES=(
  build-essential cmake git
  libboost-graph-dev libeigen3-dev libyaml-cpp-dev libgtest-dev libbenchmark-dev
  libfmt-dev libcli11-dev nlohmann-json3-dev libpng-dev
  python3 python3-matplotlib
  pybind11-dev python3-dev python3-numpy python3-pandas python3-pytest
)
# Optional extras selected by the caller (e.g. chromium for the HTML report test; slurmctld
# slurmd slurm-client munge for the Slurm test, see scripts/test.sh).
PACKAGES+=("$@")

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all required packages are installed"
  exit 0
fi

echo "setup: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "setup: not root; run: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"
