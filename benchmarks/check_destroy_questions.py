"""Check the held-out destructive-tool request sets (``benchmarks/data/heldout_<name>_questions.jsonl``).

    python benchmarks/check_destroy_questions.py            # check every set, print counts per registry and kind
    python benchmarks/check_destroy_questions.py --list     # list each held-out registry's destructive tools

A tool is destructive when its MCP annotations say ``destructiveHint: true`` or its name or description opens
with a destroying verb (English or Chinese). Each set must hold, per destructive tool, two ``polite_destroy``
and two ``terse_destroy`` requests whose gold is that tool (and two ``own_act`` requests as well when the act is
not cancelling or deleting), and three ``act_question`` requests per destructive tool
in all (their gold read tools, never a destructive one); ids and queries unique, ids ``<name>-q-NNN``; every gold
name a tool of the registry.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
VERBS = (
    "cancel", "delete", "remove", "void", "withdraw", "revoke", "refund", "terminate", "drop", "purge", "wipe",
    "stop", "reset", "kill", "destroy", "erase", "close", "unpublish", "disable", "write off",
)  # fmt: skip
ZH_VERBS = (
    "取消", "删除", "移除", "作废", "撤回", "撤销", "退款", "终止", "停止", "清空", "清除", "重置", "注销",
    "停用", "关闭", "退订", "下架", "解绑", "冲销", "核销", "报废", "停机", "急停",
)  # fmt: skip
WIPE_ACTS = (
    "cancel", "delete", "remove", "void", "drop", "purge", "wipe", "erase", "discard",
    "取消", "删除", "移除", "作废", "清空", "清除", "注销",
)  # fmt: skip
KINDS = ("act_question", "polite_destroy", "terse_destroy", "own_act")
FIELDS = {"id", "query", "gold", "lang", "kind"}
LANGS = {"en", "zh", "mixed"}


def _words(text: str) -> str:
    """The tool name or description, lower-cased, with ``_``, ``-`` and ``.`` read as spaces."""
    return re.sub(r"[_\-.]+", " ", text.lower()).strip()


def destroy_verb(tool: dict[str, object]) -> str | None:
    """The destroying verb a tool opens with (name after a ``server__`` prefix or HTTP verb, or description)."""
    name = _words(str(tool["name"]).split("__")[-1])
    name = re.sub(r"^(post|delete|put|patch|get)\s+", lambda m: "delete " if m.group(1) == "delete" else "", name)
    texts = (
        [name]
        if re.match(r"(get|list|search|query|find|check|view|show)\b", name)
        else [name, _words(str(tool.get("description", "")))]
    )
    for text in texts:
        for verb in VERBS + ZH_VERBS:
            if text.startswith(verb) and (verb in ZH_VERBS or text[len(verb) : len(verb) + 1] in ("", " ", "s")):
                return verb
    return None


def is_destructive(tool: dict[str, object]) -> bool:
    """Whether the annotations or the opening verb mark the tool destructive."""
    notes = tool.get("annotations")
    hinted = isinstance(notes, dict) and notes.get("destructiveHint") is True
    read_only = isinstance(notes, dict) and notes.get("readOnlyHint") is True
    return hinted or (not read_only and destroy_verb(tool) is not None)


def tools_of(registry: str) -> list[dict[str, object]]:
    """The tools file of one held-out registry."""
    lines = (DATA / registry / "tools.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def registries() -> list[str]:
    """Held-out registries with at least one destructive tool."""
    names = sorted(p.parent.name for p in DATA.glob("heldout_*/tools.jsonl"))
    return [n for n in names if any(is_destructive(t) for t in tools_of(n))]


def check(registry: str) -> tuple[Counter[str], list[str]]:
    """Counts per kind and the problems of one registry's set."""
    name = registry.removeprefix("heldout_")
    path = DATA / f"{registry}_questions.jsonl"
    if not path.exists():
        return Counter(), [f"{path.name}: missing"]
    tools = {str(t["name"]): t for t in tools_of(registry)}
    destructive = [n for n, t in tools.items() if is_destructive(t)]
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    problems = _row_problems(rows, name, tools)
    problems += [
        f"{r['id']}: an act_question's gold names a destructive tool"
        for r in rows
        if r["kind"] == "act_question" and any(g in destructive for g in r["gold"])
    ]
    queries = Counter(str(r["query"]).strip().lower() for r in rows)
    problems += [f"duplicate query {q!r}" for q, n in queries.items() if n > 1]
    kinds = Counter(str(r["kind"]) for r in rows)
    per_tool = Counter((str(r["kind"]), str(r["gold"][0])) for r in rows if r["kind"] != "act_question" and r["gold"])
    for tool in destructive:
        wipes = destroy_verb(tools[tool]) in WIPE_ACTS or any(w in tool.lower() for w in ("cancel", "delete", "void"))
        wanted = [("polite_destroy", 2), ("terse_destroy", 2)] + ([] if wipes else [("own_act", 2)])
        problems += [
            f"{tool}: {kind} {per_tool[(kind, tool)]} != {n}"
            for kind, n in wanted
            if per_tool[(kind, tool)] != n and not (kind == "own_act" and per_tool[(kind, tool)] >= n)
        ]
    if kinds["act_question"] != 3 * len(destructive):
        problems.append(f"act_question {kinds['act_question']} != 3 x {len(destructive)} destructive tools")
    return kinds, problems


def _row_problems(rows: list[dict[str, object]], name: str, tools: dict[str, object]) -> list[str]:
    """Field, id, kind, language and gold-name problems of the rows."""
    problems: list[str] = []
    ids = Counter(str(r.get("id")) for r in rows)
    problems += [f"duplicate id {i}" for i, n in ids.items() if n > 1]
    for row in rows:
        rid = str(row.get("id"))
        gold = row.get("gold")
        if set(row) != FIELDS:
            problems.append(f"{rid}: fields {sorted(row)}")
        if not re.fullmatch(rf"{re.escape(name)}-q-\d{{3}}", rid):
            problems.append(f"{rid}: id is not {name}-q-NNN")
        if row.get("kind") not in KINDS or row.get("lang") not in LANGS or not str(row.get("query", "")).strip():
            problems.append(f"{rid}: kind/lang/query {row.get('kind')!r} {row.get('lang')!r}")
        if not isinstance(gold, list) or any(g not in tools for g in gold):
            problems.append(f"{rid}: gold {gold!r} not all tools of the registry")
        elif row.get("kind") != "act_question" and len(gold) != 1:
            problems.append(f"{rid}: a destroy request has one gold tool, not {gold!r}")
    return problems


def main() -> int:
    """List destructive tools or check every set; exit 1 on any problem."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list each registry's destructive tools")
    args = parser.parse_args()
    bad = 0
    for registry in registries():
        if args.list:
            names = [f"{t['name']} ({destroy_verb(t) or 'hint'})" for t in tools_of(registry) if is_destructive(t)]
            print(f"{registry}: {len(names)}\n  " + "\n  ".join(names))
            continue
        kinds, problems = check(registry)
        print(f"{registry}: {sum(kinds.values())} " + " ".join(f"{k}={kinds[k]}" for k in KINDS))
        for problem in problems:
            print(f"  PROBLEM {problem}")
        bad += len(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
