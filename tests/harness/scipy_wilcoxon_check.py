#!/usr/bin/python3
"""Cross-checks pathbench's Wilcoxon signed-rank test against scipy.stats.wilcoxon.

Usage: scipy_wilcoxon_check.py WILCOXON_TOOL
Feeds seeded vectors (small and large n, ties, zeros, tiny p-values) to the C++ tool
(tests/harness/wilcoxon_tool.cpp) and compares its statistic, p-value, z and rank-biserial
correlation with SciPy's. Exits 77 (ctest skip) when SciPy is not installed.
"""
import subprocess
import sys

try:
    import numpy as np
    from scipy import stats
except ImportError as e:  # pragma: no cover - depends on the machine
    print(f"SKIP: SciPy/NumPy not available ({e}); apt-get install python3-scipy", file=sys.stderr)
    sys.exit(77)


def vectors():
    rng = np.random.default_rng(20261203)
    yield rng.normal(0.3, 1.0, 10)                      # small, exact
    yield np.array([1.5])                               # n = 1, exact p = 1
    yield np.array([0.5, 1.0, 2.0, 3.0, 4.0])           # all positive, exact p = 1/16
    yield rng.normal(0.0, 1.0, 50)                      # exact at the limit
    yield rng.normal(0.2, 1.0, 51)                      # just above: normal approximation
    yield rng.integers(-5, 8, 20).astype(float)         # ties (and zeros)
    yield np.round(rng.normal(0.1, 1.0, 40), 1)         # ties, no forced zeros
    yield np.concatenate([np.zeros(5), rng.normal(0.5, 1, 25)])  # zeros, small n
    yield rng.integers(-20, 30, 500).astype(float)      # large n, many ties and zeros
    yield rng.normal(1.0, 0.5, 300)                     # tiny p-value
    yield np.log(rng.uniform(0.5, 2.0, 120))            # log ratios, as the summaries use
    yield np.array([-1.0, -2.0, -3.0, 4.0, 5.0, 6.0])   # exact p = 28/64
    yield np.array([-3.0, -1.0, 2.0, 6.0, 4.0, 5.0])    # r_plus = 15 of 21: exact
    yield np.array([1.0, -2.0, -3.0, 4.0])               # r_plus = 5 = centre: p = 1
    yield np.log(np.array([2.0, 2.0, 0.5, 4.0, 1.0, 2.0, 0.25, 8.0, 2.0, 1.0, 3.0, 3.0]))


def rank_biserial(d):
    d = d[d != 0]
    r = stats.rankdata(np.abs(d))
    rp, rm = r[d > 0].sum(), r[d < 0].sum()
    return (rp - rm) / (rp + rm)


def close(a, b, rel=1e-9, absolute=1e-12):
    return abs(a - b) <= max(absolute, rel * max(abs(a), abs(b)))


def main():
    tool = sys.argv[1]
    vecs = [np.asarray(v, dtype=float) for v in vectors()]
    text = "".join(" ".join(repr(float(x)) for x in v) + "\n" for v in vecs)
    out = subprocess.run([tool], input=text, capture_output=True, text=True, check=True).stdout
    lines = out.strip().split("\n")
    assert len(lines) == len(vecs), f"{len(lines)} result lines for {len(vecs)} vectors"
    failures = 0
    for i, (v, line) in enumerate(zip(vecs, lines)):
        n, zeros, statistic, p, exact, z, rbc = line.split()
        n, zeros, exact = int(n), int(zeros), exact == "1"
        statistic, p, z, rbc = float(statistic), float(p), float(z), float(rbc)
        nz = v[v != 0]
        ties = len(np.unique(np.abs(nz))) < len(nz)
        want_exact = len(v) <= 50 and zeros == 0 and not ties
        method = "exact" if want_exact else "approx"
        ref = stats.wilcoxon(v, method=method)
        checks = [
            ("n", n == len(nz)),
            ("zeros", zeros == len(v) - len(nz)),
            ("method", exact == want_exact),
            ("statistic", close(statistic, float(ref.statistic))),
            ("p-value", close(p, float(ref.pvalue))),
            ("rank-biserial", close(rbc, rank_biserial(v))),
        ]
        if not want_exact:
            checks.append(("z", close(z, float(ref.zstatistic))))
        bad = [name for name, ok in checks if not ok]
        status = "FAIL " + ",".join(bad) if bad else "ok"
        print(f"vector {i}: len={len(v)} n={n} {method}: T={statistic} p={p:.6g} "
              f"(scipy T={float(ref.statistic)} p={float(ref.pvalue):.6g}) {status}")
        failures += bool(bad)
    print(f"{len(vecs) - failures}/{len(vecs)} vectors match scipy {__import__('scipy').__version__}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
