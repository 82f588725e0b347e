#!/usr/bin/env python3
"""Reference external planner for pathbench: plain Python A* with a binary heap (heapq).

Speaks the JSON-lines protocol of docs/external-planners.md on stdin/stdout:
  {"type":"map", ...}   -> {"type":"ready","prep_ms":...}
  {"type":"solve", ...} -> {"type":"result","id":...,"status":"solved"|"no_path","path":[[x,y],...],
                            "cost":...,"expansions":...,"generated":...,"time_us":...}
  {"type":"quit"} or end of input -> exit 0

Move rules (MovingAI's, as sent in the map message): x is the column, y the row; cardinal steps
cost 1, diagonal steps sqrt(2); with corner_cutting false a diagonal step needs both side cells
free. Heuristic: octile on 8-connected maps, manhattan on 4-connected ones. Ties on f are broken
towards larger g. The functions are importable (tests/fixtures/external/fault_planner.py).
"""
import heapq
import json
import math
import sys
import time

SQRT2 = math.sqrt(2.0)


class Map:
    def __init__(self, msg):
        self.width = int(msg["width"])
        self.height = int(msg["height"])
        self.eight = int(msg.get("connectivity", 8)) == 8
        self.cut = bool(msg.get("corner_cutting", False))
        rows = msg["rows"]
        # Passability as one flat list indexed y * width + x; '.' (and MovingAI's G, S) are free.
        self.free = [c in ".GS" for row in rows for c in row]

    def passable(self, x, y):
        return 0 <= x < self.width and 0 <= y < self.height and self.free[y * self.width + x]

    def neighbours(self, x, y):
        """Yields (nx, ny, step_cost) for every legal move out of (x, y)."""
        p = self.passable
        n, e, s, w = p(x, y - 1), p(x + 1, y), p(x, y + 1), p(x - 1, y)
        if n:
            yield x, y - 1, 1.0
        if e:
            yield x + 1, y, 1.0
        if s:
            yield x, y + 1, 1.0
        if w:
            yield x - 1, y, 1.0
        if not self.eight:
            return
        for dx, dy, a, b in ((1, -1, n, e), (1, 1, s, e), (-1, 1, s, w), (-1, -1, n, w)):
            if (self.cut or (a and b)) and p(x + dx, y + dy):
                yield x + dx, y + dy, SQRT2


def heuristic(m, x, y, gx, gy):
    dx, dy = abs(x - gx), abs(y - gy)
    if not m.eight:
        return dx + dy
    return max(dx, dy) + (SQRT2 - 1.0) * min(dx, dy)


def astar(m, start, goal):
    """Returns (path as [[x, y], ...] or None, cost, expansions, generated)."""
    w = m.width
    sx, sy = start
    gx, gy = goal
    s, t = sy * w + sx, gy * w + gx
    g = {s: 0.0}
    parent = {s: -1}
    closed = set()
    # Entries (f, -g, cell): among equal f, the larger g (deeper node) first.
    heap = [(heuristic(m, sx, sy, gx, gy), -0.0, s)]
    expansions, generated = 0, 1
    while heap:
        _, neg_g, c = heapq.heappop(heap)
        if c in closed:
            continue
        if c == t:
            path = []
            while c != -1:
                path.append([c % w, c // w])
                c = parent[c]
            path.reverse()
            return path, g[t], expansions, generated
        closed.add(c)
        expansions += 1
        gc = -neg_g
        x, y = c % w, c // w
        for nx, ny, step in m.neighbours(x, y):
            n = ny * w + nx
            if n in closed:
                continue
            ng = gc + step
            if ng < g.get(n, math.inf):
                g[n] = ng
                parent[n] = c
                heapq.heappush(heap, (ng + heuristic(m, nx, ny, gx, gy), -ng, n))
                generated += 1
    return None, math.inf, expansions, generated


def solve(m, msg):
    """The result message for a solve message."""
    t0 = time.perf_counter()
    path, cost, expansions, generated = astar(m, msg["start"], msg["goal"])
    time_us = (time.perf_counter() - t0) * 1e6
    out = {"type": "result", "id": msg["id"], "expansions": expansions, "generated": generated,
           "time_us": time_us}
    if path is None:
        out["status"] = "no_path"
    else:
        out.update(status="solved", path=path, cost=cost)
    return out


def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def serve(handle_solve=solve):
    """The protocol loop; `handle_solve(map, msg)` returns the result message (or None to send
    nothing itself)."""
    m = None
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "map":
            t0 = time.perf_counter()
            m = Map(msg)
            send({"type": "ready", "prep_ms": (time.perf_counter() - t0) * 1e3})
        elif kind == "solve":
            out = handle_solve(m, msg)
            if out is not None:
                send(out)
        elif kind == "quit":
            break
        else:
            print(f"astar.py: ignoring message of type {kind!r}", file=sys.stderr)


if __name__ == "__main__":
    serve()
