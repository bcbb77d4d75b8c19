#!/usr/bin/env python3
"""Validate the fresh2 registries: tools.jsonl, queries.jsonl, conversations.jsonl."""
import json, re, sys, collections
NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
QKINDS = {"direct", "multi", "near_destroy", "destroy", "no_tool"}
CKINDS = {"first", "follow_up", "reference", "confirmation", "correction", "switch", "answered", "closing", "advice", "chain"}
LANGS = {"en", "zh", "mixed"}
errs = []
def err(m): errs.append(m)
def load(p):
    rows = []
    with open(p, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            try: rows.append(json.loads(line))
            except Exception as e: err(f"{p}:{i} bad JSON: {e}")
    return rows
def typeok(v, sch):
    t = sch.get("type")
    if t == "string": ok = isinstance(v, str)
    elif t == "integer": ok = isinstance(v, int) and not isinstance(v, bool)
    elif t == "number": ok = isinstance(v, (int, float)) and not isinstance(v, bool)
    elif t == "boolean": ok = isinstance(v, bool)
    elif t == "array": ok = isinstance(v, list) and all(typeok(x, sch.get("items", {})) for x in v)
    elif t == "object": ok = isinstance(v, dict)
    else: ok = True
    if ok and "enum" in sch: ok = v in sch["enum"]
    return ok
def check_args(tool, args, where):
    ps = tool["parameters"].get("properties", {})
    for k in tool["parameters"].get("required", []):
        if k not in args: err(f"{where}: {tool['name']} missing required {k}")
    for k, v in args.items():
        if k not in ps: err(f"{where}: {tool['name']} unknown arg {k}")
        elif v is not None and not typeok(v, ps[k]): err(f"{where}: {tool['name']} arg {k}={v!r} does not fit schema")

def check(folder):
    tools = load(folder + "/tools.jsonl"); T = {}
    for t in tools:
        n = t.get("name", "")
        if not NAME.match(n): err(f"bad tool name {n}")
        if n in T: err(f"dup tool {n}")
        T[n] = t
        for k in ("description", "parameters", "category", "tags"):
            if k not in t: err(f"{n} lacks {k}")
        if t["parameters"].get("type") != "object": err(f"{n} parameters not object")
        a = t.get("annotations")
        if a is not None and set(a) != {"readOnlyHint", "destructiveHint"}: err(f"{n} odd annotations")
    destr = [n for n, t in T.items() if t.get("annotations", {}).get("destructiveHint")]
    noann = [n for n, t in T.items() if "annotations" not in t]
    if not 32 <= len(T) <= 40: err(f"{folder}: {len(T)} tools")
    if not 5 <= len(destr) <= 7: err(f"{folder}: {len(destr)} destructive")
    qs = load(folder + "/queries.jsonl"); ids = set()
    for q in qs:
        if q["id"] in ids: err(f"dup query id {q['id']}")
        ids.add(q["id"])
        if q["kind"] not in QKINDS: err(f"{q['id']} kind {q['kind']}")
        if q["lang"] not in LANGS: err(f"{q['id']} lang")
        for g in q["gold"]:
            if g not in T: err(f"{q['id']} unknown gold {g}")
        if len(set(q["gold"])) != len(q["gold"]): err(f"{q['id']} dup gold")
        n, k = len(q["gold"]), q["kind"]
        if k == "no_tool" and n: err(f"{q['id']} no_tool with gold")
        if k in ("direct", "near_destroy", "destroy") and n != 1: err(f"{q['id']} {k} needs 1 gold")
        if k == "multi" and not 2 <= n <= 3: err(f"{q['id']} multi needs 2-3")
        if k == "destroy" and q["gold"][0] not in destr: err(f"{q['id']} destroy gold not destructive")
        if k == "near_destroy" and q["gold"][0] in destr: err(f"{q['id']} near_destroy gold is destructive")
    if not 80 <= len(qs) <= 90: err(f"{folder}: {len(qs)} queries")
    cs = load(folder + "/conversations.jsonl"); cids = set(); uturns = collections.Counter()
    for c in cs:
        cid = c["id"]
        if cid in cids: err(f"dup conv {cid}")
        cids.add(cid)
        if c["lang"] not in LANGS: err(f"{cid} lang")
        msgs = c["messages"]; users = [i for i, m in enumerate(msgs) if m["role"] == "user"]
        if not 4 <= len(users) <= 7: err(f"{cid}: {len(users)} user turns")
        if msgs[0]["role"] != "user" or msgs[0].get("kind") != "first": err(f"{cid} first turn")
        callids = set()
        for ui, start in enumerate(users):
            u = msgs[start]; end = users[ui + 1] if ui + 1 < len(users) else len(msgs)
            where = f"{cid} turn {ui+1}"
            if "gold" not in u or "kind" not in u: err(f"{where} lacks gold/kind"); continue
            uturns[u["kind"]] += 1
            if u["kind"] not in CKINDS: err(f"{where} kind {u['kind']}")
            if ui > 0 and u["kind"] == "first": err(f"{where} 'first' not first")
            called, pending = [], {}
            for m in msgs[start + 1:end]:
                if m["role"] == "assistant":
                    if pending: err(f"{where}: tool calls left unanswered")
                    for tc in m.get("tool_calls", []) or []:
                        if tc["type"] != "function": err(f"{where} call type")
                        nm = tc["function"]["name"]
                        if nm not in T: err(f"{where} unknown tool {nm}"); continue
                        if tc["id"] in callids: err(f"{where} dup call id")
                        callids.add(tc["id"]); pending[tc["id"]] = nm
                        args = json.loads(tc["function"]["arguments"])
                        check_args(T[nm], args, where)
                        if nm not in called: called.append(nm)
                elif m["role"] == "tool":
                    if m["tool_call_id"] not in pending: err(f"{where}: tool msg for unknown call")
                    pending.pop(m["tool_call_id"], None)
                    if not isinstance(m["content"], str): err(f"{where}: tool content not str")
                else: err(f"{where}: unexpected role {m['role']}")
            if pending: err(f"{where}: unanswered calls")
            if set(called) != set(u["gold"]): err(f"{where}: calls {called} != gold {u['gold']}")
            for g in u["gold"]:
                if g not in T: err(f"{where} unknown gold {g}")
            last = msgs[end - 1]
            if last["role"] != "assistant" or last.get("tool_calls") or not last.get("content"):
                err(f"{where}: does not end with an assistant message in words")
    if len(cs) != 8: err(f"{folder}: {len(cs)} conversations")
    # report
    kinds = collections.Counter(q["kind"] for q in qs); langs = collections.Counter(q["lang"] for q in qs)
    longq = sum(1 for q in qs if len(q["query"]) >= 1500)
    print(f"== {folder}")
    print(f"tools {len(T)}  destructive {len(destr)} {destr}  no annotations {noann}")
    print(f"queries {len(qs)}  kinds {dict(kinds)}  langs {dict(langs)}  zh+mixed {(langs['zh']+langs['mixed'])/len(qs):.0%}  long(>=1500 chars) {longq}")
    print(f"conversations {len(cs)}  langs {dict(collections.Counter(c['lang'] for c in cs))}  user turns {sum(uturns.values())}  kinds {dict(uturns)}")
    return T
for f in sys.argv[1:] or [__import__("os").path.dirname(__file__) + "/../../heldout_freight_fwd", __import__("os").path.dirname(__file__) + "/../../heldout_dental_chain"]:
    check(f)
print("ERRORS:" if errs else "OK: no errors")
for e in errs: print("  ", e)
sys.exit(1 if errs else 0)
