"""Validate dev_mcp_fleet: format, references, counts; compare counts with SOURCE.md's JSON block."""
import json, os, re, statistics, sys
from collections import Counter

D = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
err = []
def bad(m): err.append(m)

# near-duplicate groups across servers (same list as NOTES.md)
DUP = [
    ["github__search_issues", "jira__search_issues"],
    ["github__create_issue", "jira__create_issue", "pagerduty__create_incident"],
    ["github__get_issue", "jira__get_issue", "pagerduty__get_incident"],
    ["github__update_issue", "jira__update_issue", "jira__assign_issue", "jira__transition_issue", "pagerduty__reassign_incident", "pagerduty__resolve_incident"],
    ["github__add_issue_comment", "jira__add_comment", "confluence__add_comment", "pagerduty__add_incident_note"],
    ["slack__search_messages", "confluence__search", "github__search_code", "jira__search_issues", "google_calendar__search_events"],
    ["datadog__query_logs", "aws__get_log_events", "aws__start_logs_query"],
    ["datadog__query_metrics", "aws__get_metric_data"],
    ["datadog__list_monitors", "datadog__get_monitor", "aws__describe_alarms"],
    ["datadog__create_monitor", "datadog__update_monitor", "aws__put_metric_alarm"],
    ["pagerduty__list_incidents", "datadog__list_incidents"],
    ["datadog__list_hosts", "aws__describe_instances"],
    ["datadog__create_downtime", "datadog__mute_monitor", "pagerduty__create_maintenance_window", "pagerduty__snooze_incident"],
    ["slack__post_message", "slack__reply_to_thread", "datadog__post_event"],
    ["github__get_file_contents", "aws__get_object", "confluence__get_page", "confluence__get_attachments"],
    ["github__create_or_update_file", "aws__put_object", "slack__upload_file", "jira__add_attachment", "confluence__create_page", "confluence__update_page"],
    ["slack__get_user_profile", "slack__list_users", "jira__get_user"],
    ["pagerduty__list_oncalls", "pagerduty__get_schedule", "google_calendar__list_events"],
    ["pagerduty__create_schedule_override", "google_calendar__create_event", "slack__schedule_message", "google_calendar__set_out_of_office"],
    ["datadog__list_events", "google_calendar__list_events"],
    ["github__merge_pull_request", "pagerduty__merge_incidents"],
    ["github__rerun_workflow", "aws__reboot_instances"],
    ["confluence__add_label", "github__update_issue", "jira__update_issue"],
    ["stripe__list_charges", "stripe__list_invoices", "postgres__query"],
    ["postgres__list_active_queries", "postgres__list_slow_queries", "datadog__search_spans"],
    ["jira__delete_issue", "confluence__delete_page", "slack__delete_message", "aws__delete_object", "google_calendar__delete_event",
     "github__delete_branch", "datadog__delete_monitor", "postgres__drop_table", "stripe__void_invoice"],
    ["slack__archive_channel", "confluence__delete_page"],
    ["pagerduty__acknowledge_incident", "pagerduty__snooze_incident", "datadog__mute_monitor"],
]

def load(p):
    rows = []
    with open(os.path.join(D, p), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try: rows.append(json.loads(line))
            except Exception as e: bad(f"{p}:{n} not JSON: {e}")
    return rows

tools = load("tools.jsonl"); qs = load("queries.jsonl")
names = [t["name"] for t in tools]
if len(set(names)) != len(names): bad("duplicate tool names")
cats = set()
for t in tools:
    if set(t) != {"name", "description", "parameters", "category", "tags", "annotations"}: bad(f"tool keys {t['name']}")
    if not re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", t["name"]): bad(f"bad name {t['name']}")
    srv = t["name"].split("__")[0]
    if srv != t["category"]: bad(f"category mismatch {t['name']}")
    cats.add(t["category"])
    p = t["parameters"]
    if p.get("type") != "object" or not isinstance(p.get("properties"), dict) or not isinstance(p.get("required"), list): bad(f"schema {t['name']}")
    for r in p["required"]:
        if r not in p["properties"]: bad(f"required {r} not in properties of {t['name']}")
    for k, v in p["properties"].items():
        if "type" not in v: bad(f"no type on {t['name']}.{k}")
        if v.get("type") == "array" and not v.get("items", {}).get("type"): bad(f"array w/o item type {t['name']}.{k}")
    if not isinstance(t["tags"], list): bad(f"tags {t['name']}")
    if t["annotations"] not in ({}, {"readOnlyHint": True}, {"destructiveHint": True}): bad(f"annotations {t['name']}")
    if not t["description"].strip(): bad(f"empty desc {t['name']}")
per_server = Counter(t["category"] for t in tools)
for s, n in per_server.items():
    if not 16 <= n <= 19: bad(f"server {s} has {n} tools")
if not 170 <= len(tools) <= 180: bad(f"{len(tools)} tools")
if len(per_server) != 10: bad("need 10 servers")
for g in DUP:
    for n in g:
        if n not in names: bad(f"DUP list unknown tool {n}")
dup_of = {}
for g in DUP:
    for n in g:
        dup_of.setdefault(n, set()).update(x for x in g if x.split("__")[0] != n.split("__")[0])

ids = [q["id"] for q in qs]
if len(set(ids)) != len(ids): bad("duplicate ids")
KINDS = {"direct", "paraphrase", "multi", "long", "no_tool"}; LANGS = {"en", "zh", "mixed"}
has_han = lambda s: re.search(r"[\u4e00-\u9fff]", s) is not None
for q in qs:
    base = {"id", "query", "gold", "lang", "kind"}
    extra = set(q) - base
    if not base <= set(q): bad(f"missing keys {q.get('id')}")
    if q["kind"] not in KINDS: bad(f"kind {q['id']}")
    if q["lang"] not in LANGS: bad(f"lang {q['id']}")
    for g in q["gold"]:
        if g not in names: bad(f"gold {g} unknown in {q['id']}")
    if len(set(q["gold"])) != len(q["gold"]): bad(f"dup gold {q['id']}")
    if q["lang"] == "en" and has_han(q["query"]): bad(f"en query with Chinese {q['id']}")
    if q["lang"] in ("zh", "mixed") and not has_han(q["query"]): bad(f"zh/mixed without Chinese {q['id']}")
    if "names_server" in q and q["names_server"] not in cats: bad(f"names_server {q['id']}")
    if q["kind"] == "long":
        if set(extra) - {"ask_at", "paste_chars", "names_server"}: bad(f"extra {q['id']}")
        if q["ask_at"] not in ("start", "middle", "end", "absent"): bad(f"ask_at {q['id']}")
        if not 300 <= q["paste_chars"] <= 20000: bad(f"paste_chars {q['id']} {q['paste_chars']}")
        if q["paste_chars"] > len(q["query"]): bad(f"paste_chars > len {q['id']}")
        if (q["ask_at"] == "absent") != (q["gold"] == []): bad(f"absent/gold mismatch {q['id']}")
        if len(q["gold"]) > 2: bad(f"long with >2 gold {q['id']}")
    else:
        if set(extra) - {"names_server"}: bad(f"extra {q['id']}")
    if q["kind"] in ("direct", "paraphrase") and len(q["gold"]) != 1: bad(f"single gold {q['id']}")
    if q["kind"] == "multi" and not 2 <= len(q["gold"]) <= 3: bad(f"multi gold {q['id']}")
    if q["kind"] == "no_tool" and q["gold"]: bad(f"no_tool gold {q['id']}")
    if "names_server" in q and q["gold"] and not any(g.startswith(q["names_server"] + "__") for g in q["gold"]):
        bad(f"names_server not in gold servers {q['id']}")

kinds = Counter(q["kind"] for q in qs)
langs = Counter(q["lang"] for q in qs)
kind_lang = {k: dict(Counter(q["lang"] for q in qs if q["kind"] == k)) for k in kinds}
long_ = [q for q in qs if q["kind"] == "long"]
pc = sorted(q["paste_chars"] for q in long_)
multi = [q for q in qs if q["kind"] == "multi"]
multi_cross = [q for q in multi if len({g.split("__")[0] for g in q["gold"]}) >= 2]
multi_zh = [q for q in multi if q["lang"] != "en"]
ns = [q for q in qs if "names_server" in q]
ns_decisive = [q for q in ns if any(g.startswith(q["names_server"] + "__") and dup_of.get(g) for g in q["gold"])]
stats = {
    "tools": len(tools), "tools_per_server": dict(sorted(per_server.items())),
    "destructive_tools": sorted(t["name"] for t in tools if t["annotations"].get("destructiveHint")),
    "readonly_tools": sum(1 for t in tools if t["annotations"].get("readOnlyHint")),
    "no_annotation_tools": sum(1 for t in tools if not t["annotations"]),
    "requests": len(qs), "by_kind": dict(sorted(kinds.items())), "by_lang": dict(sorted(langs.items())),
    "by_kind_lang": {k: dict(sorted(v.items())) for k, v in sorted(kind_lang.items())},
    "zh_or_mixed_share": round((langs["zh"] + langs["mixed"]) / len(qs), 3),
    "gold_size": dict(sorted(Counter(len(q["gold"]) for q in qs).items())),
    "multi_cross_server": len(multi_cross), "multi_zh_or_mixed": len(multi_zh),
    "long_ask_at": dict(sorted(Counter(q["ask_at"] for q in long_).items())),
    "long_two_asks": sum(1 for q in long_ if len(q["gold"]) == 2),
    "long_paste_chars": {"min": pc[0], "median": statistics.median(pc), "max": pc[-1],
                         "300-1000": sum(1 for x in pc if x <= 1000), "1001-5000": sum(1 for x in pc if 1000 < x <= 5000),
                         "5001-8000": sum(1 for x in pc if 5000 < x <= 8000), "over_8000": sum(1 for x in pc if x > 8000)},
    "names_server": len(ns), "names_server_with_cross_server_near_duplicate": len(ns_decisive),
    "names_server_by_server": dict(sorted(Counter(q["names_server"] for q in ns).items())),
}
# brief's targets
want = {"direct": 30, "paraphrase": 40, "multi": 45, "long": 50, "no_tool": 25}
if dict(kinds) != want: bad(f"kinds {dict(kinds)}")
if stats["zh_or_mixed_share"] < 0.35: bad("zh/mixed share < 35%")
if len(multi_cross) < 25: bad("multi cross < 25")
if len(multi_zh) < 15: bad("multi zh < 15")
if stats["long_ask_at"] != {"absent": 10, "end": 16, "middle": 12, "start": 12}: bad("ask_at counts")
if stats["long_paste_chars"]["over_8000"] < 8: bad("need >=8 long over 8000")
if len(ns_decisive) < 45: bad(f"names_server decisive {len(ns_decisive)} < 45")

# compare with SOURCE.md's counts block
src = open(os.path.join(D, "SOURCE.md"), encoding="utf-8").read() if os.path.exists(os.path.join(D, "SOURCE.md")) else ""
m = re.search(r"```json\n(.*?)\n```", src, re.S)
if "--print" in sys.argv or not m:
    print(json.dumps(stats, ensure_ascii=False, indent=2))
if m:
    declared = json.loads(m.group(1))
    if declared != json.loads(json.dumps(stats)): bad("SOURCE.md counts block differs from data")
else:
    bad("SOURCE.md missing counts block")
print("ERRORS:" if err else "OK", *err, sep="\n  ")
sys.exit(1 if err else 0)
