#!/usr/bin/python3
"""Validate a fresh registry folder: tools.jsonl, queries.jsonl, conversations.jsonl."""
import json, re, sys, os
from collections import Counter

QKINDS = {"direct", "multi", "near_destroy", "destroy", "no_tool"}
CKINDS = {"first", "follow_up", "reference", "confirmation", "correction", "switch", "answered", "closing", "advice", "chain"}
LANGS = {"en", "zh", "mixed"}
NAME_RE = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")

def load(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for k, line in enumerate(f, 1):
            if not line.strip():
                raise SystemExit(f"{path}:{k}: empty line")
            rows.append(json.loads(line))
    return rows

def check_args(tool, args, where, errs):
    props = tool["parameters"].get("properties", {})
    for r in tool["parameters"].get("required", []):
        if r not in args: errs.append(f"{where}: {tool['name']} missing required arg {r}")
    for k, v in args.items():
        if k not in props: errs.append(f"{where}: {tool['name']} unknown arg {k}"); continue
        p = props[k]; t = p.get("type")
        ok = {"string": isinstance(v, str), "integer": isinstance(v, int) and not isinstance(v, bool),
              "number": isinstance(v, (int, float)) and not isinstance(v, bool), "boolean": isinstance(v, bool),
              "array": isinstance(v, list), "object": isinstance(v, dict)}.get(t, True)
        if not ok: errs.append(f"{where}: {tool['name']}.{k} type {type(v).__name__} != {t}")
        if "enum" in p and v not in p["enum"]: errs.append(f"{where}: {tool['name']}.{k}={v!r} not in enum")

def main(folder):
    errs = []
    tools = load(os.path.join(folder, "tools.jsonl"))
    names = [t["name"] for t in tools]
    byname = {t["name"]: t for t in tools}
    if len(set(names)) != len(names): errs.append("duplicate tool names")
    for t in tools:
        for key in ("name", "description", "parameters", "category", "tags"):
            if key not in t: errs.append(f"tool {t.get('name')}: missing {key}")
        if not NAME_RE.match(t["name"]): errs.append(f"bad name {t['name']}")
        if t["parameters"].get("type") != "object": errs.append(f"{t['name']}: parameters not object")
        for r in t["parameters"].get("required", []):
            if r not in t["parameters"]["properties"]: errs.append(f"{t['name']}: required {r} not in properties")
        a = t.get("annotations")
        if a is not None and set(a) - {"readOnlyHint", "destructiveHint"}: errs.append(f"{t['name']}: odd annotations")
    destructive = [t["name"] for t in tools if t.get("annotations", {}).get("destructiveHint")]
    no_ann = [t["name"] for t in tools if "annotations" not in t]
    if not 32 <= len(tools) <= 40: errs.append(f"tool count {len(tools)}")
    if not 5 <= len(destructive) <= 7: errs.append(f"destructive count {len(destructive)}")

    qs = load(os.path.join(folder, "queries.jsonl"))
    ids = [q["id"] for q in qs]
    if len(set(ids)) != len(ids): errs.append("duplicate query ids")
    for q in qs:
        if set(q) != {"id", "query", "gold", "lang", "kind"}: errs.append(f"{q['id']}: keys {sorted(q)}")
        if q["kind"] not in QKINDS: errs.append(f"{q['id']}: kind {q['kind']}")
        if q["lang"] not in LANGS: errs.append(f"{q['id']}: lang {q['lang']}")
        for g in q["gold"]:
            if g not in byname: errs.append(f"{q['id']}: gold {g} unknown")
        if len(set(q["gold"])) != len(q["gold"]): errs.append(f"{q['id']}: duplicate gold")
        k, n = q["kind"], len(q["gold"])
        if k == "no_tool" and n: errs.append(f"{q['id']}: no_tool with gold")
        if k in ("direct", "near_destroy") and n != 1: errs.append(f"{q['id']}: {k} needs 1 gold")
        if k == "multi" and not 2 <= n <= 3: errs.append(f"{q['id']}: multi needs 2-3")
        if k == "destroy" and not any(g in destructive for g in q["gold"]): errs.append(f"{q['id']}: destroy without destructive gold")
        if k == "near_destroy" and any(g in destructive for g in q["gold"]): errs.append(f"{q['id']}: near_destroy with destructive gold")
    if not 80 <= len(qs) <= 90: errs.append(f"query count {len(qs)}")
    if len(set(q["query"] for q in qs)) != len(qs): errs.append("duplicate query texts")

    convs = load(os.path.join(folder, "conversations.jsonl"))
    if len(set(c["id"] for c in convs)) != len(convs): errs.append("duplicate conv ids")
    if len(convs) != 8: errs.append(f"conversation count {len(convs)}")
    ckinds = Counter(); cl = Counter(); uturns = 0; ncalls = 0
    for c in convs:
        cid = c["id"]; cl[c["lang"]] += 1
        if c["lang"] not in LANGS: errs.append(f"{cid}: lang")
        msgs = c["messages"]
        users = [m for m in msgs if m["role"] == "user"]
        if not 4 <= len(users) <= 7: errs.append(f"{cid}: {len(users)} user turns")
        if msgs[0]["role"] != "user" or msgs[0].get("kind") != "first": errs.append(f"{cid}: must start with kind first")
        uturns += len(users)
        # walk turns
        k = 0
        while k < len(msgs):
            m = msgs[k]
            if m["role"] != "user": errs.append(f"{cid}: msg {k} expected user, got {m['role']}"); k += 1; continue
            for key in ("gold", "kind", "content"):
                if key not in m: errs.append(f"{cid}: user msg {k} missing {key}")
            if m["kind"] not in CKINDS: errs.append(f"{cid}: kind {m['kind']}")
            if m["kind"] == "first" and k != 0: errs.append(f"{cid}: 'first' not at start")
            if m["kind"] in ("answered", "closing", "advice") and m["gold"]: errs.append(f"{cid}: {m['kind']} with gold")
            ckinds[m["kind"]] += 1
            for g in m["gold"]:
                if g not in byname: errs.append(f"{cid}: gold {g} unknown")
            k += 1
            called = []; pending = {}
            while k < len(msgs) and msgs[k]["role"] != "user":
                mm = msgs[k]
                if mm["role"] == "assistant":
                    if pending: errs.append(f"{cid}: assistant before tool results {list(pending)}")
                    for tc in mm.get("tool_calls", []) or []:
                        if tc.get("type") != "function": errs.append(f"{cid}: tool_call type")
                        nm = tc["function"]["name"]; ncalls += 1
                        if nm not in byname: errs.append(f"{cid}: call to unknown {nm}"); continue
                        args = json.loads(tc["function"]["arguments"])
                        check_args(byname[nm], args, cid, errs)
                        called.append(nm); pending[tc["id"]] = nm
                    if not mm.get("tool_calls") and not mm.get("content"): errs.append(f"{cid}: empty assistant msg")
                elif mm["role"] == "tool":
                    if mm.get("tool_call_id") not in pending: errs.append(f"{cid}: tool msg for unknown call {mm.get('tool_call_id')}")
                    else: pending.pop(mm["tool_call_id"])
                    if not isinstance(mm.get("content"), str): errs.append(f"{cid}: tool content not string")
                k += 1
            if pending: errs.append(f"{cid}: unanswered calls {pending}")
            if sorted(set(called)) != sorted(set(m["gold"])): errs.append(f"{cid}: turn '{m['content'][:30]}' gold {m['gold']} != called {called}")
            last = msgs[k - 1]
            if not (last["role"] == "assistant" and last.get("content") and not last.get("tool_calls")):
                errs.append(f"{cid}: turn '{m['content'][:30]}' does not end with a worded assistant reply")
    # all call ids unique per conversation
    for c in convs:
        tcids = [tc["id"] for m in c["messages"] if m["role"] == "assistant" for tc in (m.get("tool_calls") or [])]
        if len(set(tcids)) != len(tcids): errs.append(f"{c['id']}: duplicate call ids")

    print(f"== {folder}")
    print(f"tools {len(tools)}; destructive {len(destructive)}: {destructive}; without annotations: {no_ann}")
    print(f"categories: {dict(Counter(t['category'] for t in tools))}")
    print(f"queries {len(qs)}; kinds {dict(Counter(q['kind'] for q in qs))}; langs {dict(Counter(q['lang'] for q in qs))}")
    zhm = sum(1 for q in qs if q['lang'] in ('zh', 'mixed'))
    print(f"  zh+mixed share {zhm}/{len(qs)} = {zhm/len(qs):.0%}; long (>=1500 chars): {[ (q['id'], len(q['query'])) for q in qs if len(q['query'])>=1500]}")
    print(f"  tools never gold: {sorted(set(names) - {g for q in qs for g in q['gold']})}")
    print(f"conversations {len(convs)}; langs {dict(cl)}; user turns {uturns}; tool calls {ncalls}; turn kinds {dict(ckinds)}")
    if errs:
        print("ERRORS:"); [print("  " + e) for e in errs]; return 1
    print("OK"); return 0

if __name__ == "__main__":
    sys.exit(max(main(f) for f in sys.argv[1:]))
