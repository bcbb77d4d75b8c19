# -*- coding: utf-8 -*-
"""Validates tools.jsonl / queries.jsonl against SPEC.md and the brief; prints the counts used in SOURCE.md.
Exit code 1 on any failed check."""
import json, os, re, statistics, sys
from collections import Counter

ROOT = os.path.join(os.path.dirname(__file__), "..")
ERR = []


def check(cond, msg):
    if not cond:
        ERR.append(msg)


def load(path):
    rows = []
    with open(os.path.join(ROOT, path), encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            try:
                rows.append(json.loads(line))
            except Exception as e:
                ERR.append(f"{path}:{n} not JSON: {e}")
    return rows


tools = load("tools.jsonl")
queries = load("queries.jsonl")
SERVERS = ["gitlab", "linear", "notion", "feishu", "sentry", "kubernetes", "google_drive", "hubspot", "zendesk", "bigquery", "shopify"]

# ------------------------------------------------------------------ tools
names = [t["name"] for t in tools]
check(len(names) == len(set(names)), "duplicate tool names")
for t in tools:
    check(set(t) == {"name", "description", "parameters", "category", "tags", "annotations"}, f"{t.get('name')}: wrong keys {sorted(t)}")
    check(re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", t["name"]) is not None, f"bad name {t['name']}")
    check(t["name"].startswith(t["category"] + "__"), f"{t['name']}: prefix != category")
    check(t["category"] in SERVERS, f"{t['name']}: unknown category")
    p = t["parameters"]
    check(p.get("type") == "object" and isinstance(p.get("properties"), dict) and isinstance(p.get("required"), list), f"{t['name']}: bad schema")
    check(set(p.get("required", [])) <= set(p.get("properties", {})), f"{t['name']}: required not in properties")
    check(isinstance(t["tags"], list), f"{t['name']}: tags not list")
    check(t["annotations"] in ({}, {"readOnlyHint": True}, {"destructiveHint": True}), f"{t['name']}: odd annotations")
    check(len(t["description"]) > 10, f"{t['name']}: description too short")
per_server = Counter(t["category"] for t in tools)
for s in SERVERS:
    check(15 <= per_server[s] <= 18, f"{s}: {per_server[s]} tools (want 15-18)")
check(175 <= len(tools) <= 190, f"{len(tools)} tools (want 175-190)")
feishu_zh = all(re.search(r"[\u4e00-\u9fff]", t["description"]) for t in tools if t["category"] == "feishu")
check(feishu_zh, "feishu descriptions must be Chinese")

# ------------------------------------------------------------------ queries
KINDS = {"direct", "paraphrase", "multi", "long", "no_tool"}
LANGS = {"en", "zh", "mixed"}
ids = [q["id"] for q in queries]
check(len(ids) == len(set(ids)), "duplicate query ids")
nameset = set(names)
for q in queries:
    check(q["kind"] in KINDS, f"{q['id']}: kind {q['kind']}")
    check(q["lang"] in LANGS, f"{q['id']}: lang {q['lang']}")
    check(isinstance(q["gold"], list) and len(q["gold"]) == len(set(q["gold"])), f"{q['id']}: gold not a list of unique names")
    for g in q["gold"]:
        check(g in nameset, f"{q['id']}: unknown gold {g}")
    if q["kind"] in ("direct", "paraphrase"):
        check(len(q["gold"]) == 1, f"{q['id']}: {q['kind']} needs 1 gold")
    if q["kind"] == "multi":
        check(2 <= len(q["gold"]) <= 3, f"{q['id']}: multi needs 2-3 gold")
    if q["kind"] == "no_tool":
        check(q["gold"] == [], f"{q['id']}: no_tool needs empty gold")
    if q["kind"] == "long":
        check(q.get("ask_at") in {"start", "middle", "end", "absent"}, f"{q['id']}: ask_at")
        check(isinstance(q.get("paste_chars"), int) and 300 <= q["paste_chars"] <= 20000, f"{q['id']}: paste_chars {q.get('paste_chars')}")
        check(q["paste_chars"] <= len(q["query"]), f"{q['id']}: paste_chars > len(query)")
        if q["ask_at"] == "absent":
            check(q["gold"] == [], f"{q['id']}: absent ask must have empty gold")
        else:
            check(1 <= len(q["gold"]) <= 2, f"{q['id']}: long with ask needs 1-2 gold")
    else:
        check("ask_at" not in q and "paste_chars" not in q, f"{q['id']}: ask_at/paste_chars only on long")
    if "names_server" in q:
        check(q["names_server"] in SERVERS, f"{q['id']}: names_server {q['names_server']}")
    zh_chars = bool(re.search(r"[\u4e00-\u9fff]", q["query"]))
    if q["lang"] in ("zh", "mixed"):
        check(zh_chars, f"{q['id']}: lang {q['lang']} but no Chinese")

kinds = Counter(q["kind"] for q in queries)
langs = Counter(q["lang"] for q in queries)
lang_by_kind = {k: dict(Counter(q["lang"] for q in queries if q["kind"] == k)) for k in sorted(KINDS)}
want = {"direct": 30, "paraphrase": 40, "multi": 50, "long": 55, "no_tool": 25}
for k, n in want.items():
    check(kinds[k] == n, f"kind {k}: {kinds[k]} (want {n})")
zhm = langs["zh"] + langs["mixed"]
check(zhm / len(queries) >= 0.45, f"zh+mixed share {zhm}/{len(queries)} < 45%")

multi = [q for q in queries if q["kind"] == "multi"]
cross = [q for q in multi if len({g.split("__")[0] for g in q["gold"]}) >= 2]
check(len(cross) >= 30, f"multi across servers: {len(cross)} < 30")
multi_zh = [q for q in multi if q["lang"] != "en"]
check(len(multi_zh) >= 20, f"multi zh/mixed: {len(multi_zh)} < 20")
joins = {
    "and": r"\band\b", "comma-verbs": r", (change|post|file|tag|describe|create|open|then|grab)", "numbered": r"(^|\n)\s*(1\.|1\))",
    "bullets": r"(^|\n)- ", "then": r"\bthen\b", "also": r"\balso\b", "while you're at it": r"while you're at it",
    "并": "并", "再": "再", "然后": "然后", "顺便": "顺便", "还有": "还有", "同时": "同时", "，(zh comma)": "，",
}
join_counts = {k: sum(1 for q in multi if re.search(p, q["query"])) for k, p in joins.items()}
for k, v in join_counts.items():
    check(v >= 1, f"multi joining style '{k}' unused")

longs = [q for q in queries if q["kind"] == "long"]
ask_at = Counter(q["ask_at"] for q in longs)
for k, n in {"start": 13, "middle": 13, "end": 17, "absent": 12}.items():
    check(ask_at[k] == n, f"ask_at {k}: {ask_at[k]} (want {n})")
pcs = sorted(q["paste_chars"] for q in longs)
check(sum(1 for x in pcs if x > 8000) >= 10, "fewer than 10 long pastes above 8,000 chars")
check(pcs[0] >= 300 and pcs[-1] <= 20000, "paste_chars out of 300-20,000")
buckets = {"300-1000": sum(1 for x in pcs if x <= 1000), "1001-5000": sum(1 for x in pcs if 1000 < x <= 5000),
           "5001-8000": sum(1 for x in pcs if 5000 < x <= 8000), "8001-20000": sum(1 for x in pcs if x > 8000)}
two_ask_long = [q["id"] for q in longs if len(q["gold"]) == 2]

# near-duplicate groups (see NOTES.md): a names_server request is "decisive" when its gold holds a tool of the named
# server that shares a group with a tool of another server.
GROUPS = {
    "create_issue_or_ticket": ["gitlab__create_issue", "linear__create_issue", "zendesk__create_ticket", "hubspot__create_ticket", "hubspot__create_task"],
    "comment": ["gitlab__create_issue_note", "gitlab__create_merge_request_note", "linear__create_comment", "notion__create_comment",
                "google_drive__create_comment", "zendesk__add_ticket_comment", "sentry__add_issue_note", "hubspot__create_note", "feishu__reply_message"],
    "search_docs": ["notion__search", "google_drive__search_files", "feishu__search_docs", "zendesk__search_help_center"],
    "read_doc": ["notion__get_block_children", "notion__get_page", "google_drive__read_file", "google_drive__read_sheet_range", "feishu__get_doc_content"],
    "create_doc": ["notion__create_page", "google_drive__create_file", "feishu__create_doc", "zendesk__create_help_center_article"],
    "append_doc": ["notion__append_block_children", "google_drive__update_file"],
    "update_issue": ["gitlab__update_issue", "linear__update_issue", "sentry__update_issue", "zendesk__update_ticket", "linear__archive_issue"],
    "get_issue": ["gitlab__get_issue", "linear__get_issue", "sentry__get_issue", "zendesk__get_ticket", "hubspot__get_deal"],
    "search_issues": ["gitlab__list_issues", "linear__search_issues", "linear__list_my_issues", "sentry__search_issues", "zendesk__search_tickets", "zendesk__list_view_tickets"],
    "people": ["feishu__search_users", "zendesk__search_users", "hubspot__search_contacts", "shopify__search_customers", "linear__list_users", "notion__list_users", "hubspot__list_owners"],
    "update_person": ["hubspot__update_contact", "shopify__update_customer"],
    "create_person": ["hubspot__create_contact", "zendesk__create_user"],
    "delete": ["gitlab__delete_branch", "linear__delete_issue", "notion__archive_page", "notion__delete_block", "google_drive__trash_file", "google_drive__delete_file",
               "sentry__delete_issue", "zendesk__delete_ticket", "bigquery__delete_table", "bigquery__delete_dataset", "kubernetes__delete_resource",
               "kubernetes__delete_pod", "shopify__delete_product", "hubspot__delete_contact", "feishu__recall_message", "feishu__delete_calendar_event"],
    "copy": ["notion__duplicate_page", "google_drive__copy_file"],
    "projects": ["gitlab__search_projects", "linear__list_projects", "linear__get_project", "sentry__list_projects", "linear__create_project", "notion__create_database"],
    "data_query": ["notion__query_database", "bigquery__run_query", "bigquery__preview_table", "google_drive__read_sheet_range"],
    "events": ["sentry__list_issue_events", "sentry__get_latest_event", "sentry__search_events", "kubernetes__list_events", "feishu__list_calendar_events"],
    "logs": ["gitlab__get_job_log", "kubernetes__get_pod_logs"],
    "pipelines": ["gitlab__list_pipelines", "hubspot__list_deal_pipelines"],
    "merge": ["gitlab__merge_merge_request", "zendesk__merge_tickets"],
    "apply": ["kubernetes__apply_manifest", "zendesk__apply_macro"],
    "share": ["google_drive__share_file", "feishu__add_chat_members"],
    "messages": ["feishu__send_message", "feishu__list_chat_messages", "zendesk__list_ticket_comments", "notion__list_comments"],
    "release": ["sentry__create_release", "sentry__create_deploy", "gitlab__create_merge_request", "gitlab__create_branch"],
    "deals_orders": ["hubspot__search_deals", "shopify__search_orders", "shopify__get_order", "hubspot__update_deal", "shopify__update_order"],
    "links": ["linear__link_url_to_issue", "hubspot__create_association"],
    "insert": ["bigquery__insert_rows", "bigquery__create_table", "google_drive__create_file"],
    "views": ["bigquery__create_view", "zendesk__list_view_tickets"],
    "tag_values": ["sentry__get_issue_tag_values"],
}
srv = lambda n: n.split("__")[0]


def decisive(q):
    s = q.get("names_server")
    if not s:
        return False
    for g in q["gold"]:
        if srv(g) != s:
            continue
        for grp in GROUPS.values():
            if g in grp and any(srv(o) != s for o in grp):
                return True
    return False


named = [q for q in queries if "names_server" in q]
dec = [q for q in named if decisive(q)]
check(len(dec) >= 50, f"decisive names_server requests: {len(dec)} < 50")
for q in named:
    if q["gold"]:
        check(any(srv(g) == q["names_server"] for g in q["gold"]), f"{q['id']}: names_server {q['names_server']} not in gold servers")

gold_tools = Counter(g for q in queries for g in q["gold"])
stats = {
    "tools": len(tools), "tools_per_server": {s: per_server[s] for s in SERVERS},
    "annotations": dict(Counter(json.dumps(t["annotations"]) for t in tools)),
    "queries": len(queries), "by_kind": dict(kinds), "by_lang": dict(langs), "lang_by_kind": lang_by_kind,
    "zh_or_mixed_share": round(zhm / len(queries), 3),
    "multi_cross_server": len(cross), "multi_zh_or_mixed": len(multi_zh), "multi_gold_sizes": dict(Counter(len(q["gold"]) for q in multi)),
    "multi_joining_styles": join_counts,
    "long_ask_at": dict(ask_at), "long_paste_chars": {"min": pcs[0], "median": statistics.median(pcs), "max": pcs[-1], "buckets": buckets},
    "long_two_asks": two_ask_long, "long_lang": dict(Counter(q["lang"] for q in longs)),
    "names_server_total": len(named), "names_server_decisive": len(dec), "names_server_by_server": dict(Counter(q["names_server"] for q in named)),
    "distinct_gold_tools": len(gold_tools), "tools_never_gold": sorted(nameset - set(gold_tools)),
}
print(json.dumps(stats, ensure_ascii=False, indent=1))
if ERR:
    print("\nFAILED:", *ERR, sep="\n  ")
    sys.exit(1)
print("\nALL CHECKS PASSED")
