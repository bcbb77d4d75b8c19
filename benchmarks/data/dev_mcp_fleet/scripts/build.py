"""Build tools.jsonl and queries.jsonl for dev_mcp_fleet from the hand-written definitions."""
import json, os, sys
sys.path.insert(0, os.path.dirname(__file__))
from tools_def import TOOLS
from queries_short import DIRECT, PARAPHRASE, MULTI, NO_TOOL
from queries_long import LONG

OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def rec(id, query, gold, lang, kind, ns=None, **extra):
    r = {"id": id, "query": query, "gold": gold, "lang": lang, "kind": kind}
    r.update(extra)
    if ns:
        r["names_server"] = ns
    return r

rows = []
for kind, lst in (("direct", DIRECT), ("paraphrase", PARAPHRASE), ("multi", MULTI)):
    for id, lang, gold, q, ns in lst:
        rows.append(rec(id, q, gold, lang, kind, ns))
for l in LONG:
    text = l["sep"].join(t for _, t in l["segs"])
    paste = sum(len(t) for k, t in l["segs"] if k == "p")
    rows.append(rec(l["id"], text, l["gold"], l["lang"], "long", l["names_server"],
                    ask_at=l["ask_at"], paste_chars=paste))
for id, lang, q in NO_TOOL:
    rows.append(rec(id, q, [], lang, "no_tool"))

with open(os.path.join(OUT, "tools.jsonl"), "w", encoding="utf-8") as f:
    for t in TOOLS:
        f.write(json.dumps(t, ensure_ascii=False) + "\n")
with open(os.path.join(OUT, "queries.jsonl"), "w", encoding="utf-8") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(TOOLS), "tools;", len(rows), "queries")
