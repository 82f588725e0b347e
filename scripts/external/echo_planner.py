#!/usr/bin/env python3
"""Echo planner: answers every query at once with the two-cell "path" [start, goal] and no
search, so the time pathbench measures for it is the floor of the external-planner protocol
(write a solve line, the program reads and parses it, writes a result line, pathbench parses it).

The path is not a legal one in general: run it with `validate: false` (configs/echo_overhead.yaml).
"""
import json
import sys


def main():
    out = sys.stdout
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "map":
            out.write('{"type":"ready"}\n')
        elif kind == "solve":
            out.write(json.dumps({"type": "result", "id": msg["id"], "status": "solved",
                                  "path": [msg["start"], msg["goal"]], "time_us": 0}) + "\n")
        elif kind == "quit":
            break
        out.flush()


if __name__ == "__main__":
    main()
