"""One-line mutations of the execution guard, each run against its tests (docs/mutation.md).

    python benchmarks/mutation/guard.py            # every mutant, one at a time
    python benchmarks/mutation/guard.py --list     # the mutants, without running them
    python benchmarks/mutation/guard.py --only 34 35   # some of them, by number

The guard is what decides that only what was offered runs and that the gates hold: the
LangChain middleware's offer and refusal (``langchain_toolfilter/_offer.py``,
``_middleware.py``), the LlamaIndex retriever's look-up (``llamaindex_toolfilter/_retriever.py``),
the sticky rule (``toolfilter_core/_conversation.py`` and the adapters' ``_messages.py``), the
name folding and server blocks (``toolfilter_core/_policy.py``), the words that say a tool
writes (``_hints.py``), the annotations read off a tool (``_extras.py``) and the MCP
registry's renames and churn (``_mcp.py``). Each mutant is a text replacement that must
match exactly once; the file is restored after its run. A mutant is killed when the test
command fails. Run from the repository root with the project's Python.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = {
    "langchain_toolfilter/": ["tests/unit/test_offer_langchain.py", "tests/unit/test_fail_closed.py"],
    "llamaindex_toolfilter/": ["tests/unit/test_offer_llamaindex.py", "tests/unit/test_llamaindex_retriever.py"],
    "toolfilter_core/_conversation.py": ["tests/unit/test_offer_langchain.py", "tests/unit/test_offer_llamaindex.py"],
    "toolfilter_core/": [
        "tests/unit/test_offer_gates.py",
        "tests/unit/test_fail_closed.py",
        "tests/unit/test_mcp_registry.py",
    ],
}
"""The tests each mutated file is run against (the first prefix that matches), closest first."""

LC = "langchain_toolfilter/"
LI = "llamaindex_toolfilter/"
CORE = "toolfilter_core/"
MUTANTS: list[tuple[str, str, str]] = [
    (LC + "_middleware.py", "elif name not in offered:", "elif name in offered:"),
    (LC + "_middleware.py", 'why = "no offer is recorded for the model call that made it"', "return None"),
    (LC + "_middleware.py", "        if self._refuses(name):\n", "        if False:\n"),
    (
        LC + "_middleware.py",
        "        record_offer(response, filtered.tools)\n        return response\n\n    async",
        "        record_offer(response, request.tools)\n        return response\n\n    async",
    ),
    (
        LC + "_middleware.py",
        "response = await handler(filtered)\n        record_offer(response, filtered.tools)",
        "response = await handler(filtered)\n        record_offer(response, request.tools)",
    ),
    (
        LC + "_middleware.py",
        "return self._refuses_by_name(name) or name in self._renamed.renamed",
        "return self._refuses_by_name(name)",
    ),
    (LC + "_middleware.py", "names | self._renamed.refused_names()", "names"),
    (
        LC + "_offer.py",
        "if isinstance(message, AIMessage) and message.tool_calls:",
        "if isinstance(message, AIMessage) and not message.tool_calls:",
    ),
    (LC + "_offer.py", "for message in reversed(_messages(state)):", "for message in _messages(state):"),
    (
        LC + "_offer.py",
        "                return frozenset(offered)\n            return None",
        "                return frozenset(offered)\n            return frozenset()",
    ),
    (
        LC + "_offer.py",
        "if digest in self._refused and not refuses(name)",
        "if digest in self._refused and refuses(name)",
    ),
    (LC + "_offer.py", "                if refuses(name):\n", "                if not refuses(name):\n"),
    (
        LC + "_messages.py",
        "if message.response_metadata.get(REFUSED_KEY) or name in refused_tools(message.text):",
        "if name in refused_tools(message.text):",
    ),
    (
        LC + "_messages.py",
        "if message.response_metadata.get(REFUSED_KEY) or name in refused_tools(message.text):",
        "if message.response_metadata.get(REFUSED_KEY):",
    ),
    (CORE + "_conversation.py", "if name not in refused or name in ran)", "if name not in refused)"),
    (CORE + "_conversation.py", "if name not in refused or name in ran)", "if True)"),
    (
        CORE + "_conversation.py",
        "ran.update(name for name in turn.called if name not in turn.refused)",
        "ran.update(turn.called)",
    ),
    (LI + "_messages.py", "refused = refused_tools(message_text(message))", "refused = ()"),
    (LI + "_retriever.py", "return self._names is None or name in self._names", "return True"),
    (LI + "_retriever.py", "return self._names is None or name in self._names", "return name in (self._names or ())"),
    (LI + "_retriever.py", "if looked_up is None or self._names is None:", "if True:"),
    (LI + "_retriever.py", "            return _refused(name)  # not offered", "            pass  # not offered"),
    (
        LI + "_retriever.py",
        "            return _refused(name)\n        tools = await",
        "            pass\n        tools = await",
    ),
    (LI + "_retriever.py", "clone._offer = _Offer()  # a conversation of its own", "pass  # a conversation of its own"),
    (
        CORE + "_policy.py",
        'text = unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKES)',
        'text = unicodedata.normalize("NFKC", name)',
    ),
    (
        CORE + "_policy.py",
        'text = unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKES)',
        "text = name.translate(_LOOK_ALIKES)",
    ),
    (
        CORE + "_policy.py",
        'return "".join(kept).casefold().translate(_LOOK_ALIKES)',
        'return "".join(kept).translate(_LOOK_ALIKES)',
    ),
    (CORE + "_policy.py", 'not in ("Mn", "Me", "Cf")', 'not in ("Mn", "Me")'),
    (CORE + "_policy.py", 'not in ("Mn", "Me", "Cf")', 'not in ("Cf",)'),
    (
        CORE + "_policy.py",
        "if folded in names or any(folded.startswith(server) for server in servers):",
        "if folded in names:",
    ),
    (
        CORE + "_policy.py",
        "return SEPARATOR in folded and any(own in names for own in own_names(folded))",
        "return False",
    ),
    (
        CORE + "_policy.py",
        "if self.read_only and (not is_read_only(tool) or says_writes(tool)):",
        "if self.read_only and not is_read_only(tool):",
    ),
    (CORE + "_policy.py", "    return fold_name(wanted) in folded\n", "    return wanted in names\n"),
    (
        CORE + "_hints.py",
        "    if (words and _WRITE_WORD.match(words[0])) or any(_NAME_WORD.match(w) for w in words):",
        "    if any(_NAME_WORD.match(w) for w in words):",
    ),
    (
        CORE + "_hints.py",
        "(words and _WRITE_WORD.match(words[0]))",
        "any(_WRITE_WORD.match(w) for w in words)",
    ),
    (CORE + "_hints.py", "    if _WRITE_DESC.search(description):\n", "    if False:\n"),
    (CORE + "_hints.py", "    if _WRITE_ZH.search(first):\n", "    if False:\n"),
    (
        CORE + "_hints.py",
        'if hints.get("readOnlyHint") is False and not isinstance(hints.get("destructiveHint"), bool):',
        "if False:",
    ),
    (CORE + "_extras.py", "        if name in ANNOTATION_KEYS and value is not None:\n", "        if False:\n"),
    (
        CORE + "_extras.py",
        '    for key, value in (_as_mapping(meta.get("annotations")) or {}).items():',
        "    for key, value in {}.items():",
    ),
    (
        CORE + "_mcp.py",
        "        if was is None:\n            return False",
        "        if True:\n            return False",
    ),
    (
        CORE + "_mcp.py",
        "            if not gone:\n                return selection",
        "            if True:\n                return selection",
    ),
]


def _tests(path: str) -> list[str]:
    return next(tests for prefix, tests in TESTS.items() if path.startswith(prefix))


def _run_tests(path: str) -> bool:
    """True when the test command passes (the mutant survives)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *_tests(path)]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=False).returncode == 0


def main() -> int:
    """Run every mutant; print each verdict and the score."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", action="store_true", help="print the mutants and stop")
    parser.add_argument("--only", nargs="*", type=int, help="run only these mutants (numbers as --list shows)")
    args = parser.parse_args()
    survivors = []
    chosen = [(n, m) for n, m in enumerate(MUTANTS, 1) if not args.only or n in args.only]
    for number, (path, old, new) in chosen:
        file = ROOT / path
        text = file.read_text(encoding="utf-8")
        if text.count(old) != 1:
            print(f"#{number} {path}: the text to mutate is found {text.count(old)} times, not once")
            return 2
        label = f"#{number} {path}: {old.strip()[:70]!r} -> {new.strip()[:50]!r}"
        if args.list:
            print(label)
            continue
        file.write_text(text.replace(old, new), encoding="utf-8")
        try:
            survived = _run_tests(path)
        finally:
            file.write_text(text, encoding="utf-8")
        print(f"{'SURVIVED' if survived else 'killed  '} {label}", flush=True)
        if survived:
            survivors.append(label)
    if not args.list:
        print(f"{len(chosen) - len(survivors)} of {len(chosen)} killed; survivors: {len(survivors)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
