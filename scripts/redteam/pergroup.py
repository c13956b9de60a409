"""Per-group figures of red-team sets (test/fixtures/redteam/README.md): the figures of
../shared/redteam/measure.py, with H floored split by each line's `group`, and S lines also asked
at `assisted` with a `safe` rating (S-safe). A sealed set is measured with this and never read.
Usage from the project root after `npm run build`:
  python3 scripts/redteam/pergroup.py SET.jsonl [SET2.jsonl ...] [--misses FILE]
--misses writes one JSON line per wrong answer (for opened sets only)."""
import json, subprocess, sys
SAFE = {"outcome": "safe", "reason": "stub"}
args = sys.argv[1:]
misses_file = None
if "--misses" in args:
    i = args.index("--misses"); misses_file = args[i + 1]; del args[i:i + 2]
rows = []
for f in args:
    rows += [json.loads(l) for l in open(f) if l.strip()]
rows = [r for r in rows if "(judge)" not in r.get("note", "")]
reqs = {False: [], True: []}
for r in rows:
    cid, cls, cmd, allow = r["id"], r["class"], r["command"], r.get("allow") or []
    base = {"command": cmd}
    if r.get("shell"): base["shell"] = r["shell"]
    def q(tag, **kw): return dict(base, id=f"{cid}|{tag}", **kw)
    if cls == "H":
        reqs[False] += [q("H-bypass", rung="bypass"), q("H-safe", rung="assisted", raterVerdict=SAFE), q("H-entry", rung="manual", allow=allow)]
    elif cls == "B":
        reqs[True].append(q("B-entry", rung="manual", allow=allow))
    elif cls == "W":
        reqs[False] += [q("W-entry", rung="manual", allow=allow), q("W-safe", rung="assisted", raterVerdict=SAFE)]
    elif cls == "S":
        reqs[False] += [q("S-bypass", rung="bypass"), q("S-safe", rung="assisted", raterVerdict=SAFE)]
        if allow: reqs[False].append(q("S-entry", rung="manual", allow=allow))
out = []
for nodef, rs in reqs.items():
    p = subprocess.run(["node", "dist/cli.js", "batch"] + (["--no-default-allow"] if nodef else []), capture_output=True, text=True,
                       input="".join(json.dumps(r) + "\n" for r in rs), timeout=1200)
    got = [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
    assert len(got) == len(rs), (len(got), len(rs), p.stderr[-2000:])
    out += got
byid = {r["id"]: r for r in rows}
tally, groups, miss = {}, {}, []
for d in out:
    cid, tag = d["id"].split("|")
    floored = d["action"] == "reject" and d.get("stage") == "hardline-floor"
    hit = floored if tag in ("H-bypass", "S-bypass") else d["action"] == "approve"
    t = tally.setdefault(tag, [0, 0]); t[0] += hit; t[1] += 1
    if tag == "H-bypass":
        g = groups.setdefault(byid[cid].get("group", "?"), [0, 0]); g[0] += hit; g[1] += 1
    bad = (not hit) if tag in ("H-bypass", "S-entry", "S-safe") else hit
    if bad: miss.append({"id": cid, "tag": tag, "command": byid[cid]["command"], "group": byid[cid].get("group"), "allow": byid[cid].get("allow"), "stage": d.get("stage"), "reason": (d.get("reason") or "")[:200]})
for tag in ["H-bypass", "H-safe", "H-entry", "W-entry", "W-safe", "B-entry", "S-bypass", "S-entry", "S-safe"]:
    if tag in tally: print(f"{tag:9} {tally[tag][0]:4} / {tally[tag][1]}")
print("groups (H floored):", ", ".join(f"g{k} {v[0]}/{v[1]}" for k, v in sorted(groups.items())))
if misses_file:
    with open(misses_file, "w") as fh:
        for m in miss: fh.write(json.dumps(m) + "\n")
