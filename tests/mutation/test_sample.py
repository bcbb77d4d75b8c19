"""A fixed sample of cosmic-ray mutants of the pipeline, each of which a policy test must kill.

The full run is ``python benchmarks/mutation/run.py`` (docs/mutation.md); this is its cheap
check in CI (``make test``): one mutant per documented policy, each applied to a copy of
``toolfilter_core`` in a scratch directory (the source tree is never touched), and the
policy's own test in ``tests/unit/test_policies.py`` run against it; and one mutant each of
the other groups (``--group``: pasted material, asks, the signals) with its rule test. A
mutant that survives fails the test: the policy changed by one step and no test noticed.

A mutant is named by its module, its cosmic-ray operator and the source line it changes; a
line that no longer exists fails with a note to update the sample.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "cosmic_ray", reason="cosmic-ray is not installed: `pip install --group mutation` (make setup installs it)"
)

from cosmic_ray.ast import Visitor, get_ast  # noqa: E402
from cosmic_ray.mutating import mutate_code  # noqa: E402
from cosmic_ray.plugins import get_operator  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PIPELINE = "toolfilter_core/_pipeline"
POLICIES = "tests/unit/test_policies.py"

# (module, operator (#n: its n-th occurrence on the line, from 0), a unique part of the line it
# mutates, the policy test that must kill it)
SAMPLE = [
    # the tie-break: embed down becomes embed up
    (
        "scoring.py",
        "ReplaceUnaryOperator_USub_UAdd#1",
        'return (-scored.score, -scored.breakdown.signals["embed"]',
        "test_tie_break_order",
    ),
    # the widened size: 2 * top_k becomes 3 * top_k
    ("route.py", "NumberReplacer", "fallback_top_k=config.fallback_top_k or 2 * k", "test_widened_size"),
    # the not-sure band: below the bar becomes above it
    (
        "decide.py",
        "ReplaceBinaryOperator_Sub_Add",
        "if found.value < bar - config.abstain_mixed_band:",
        "test_the_not_sure_band",
    ),
    # the long request's end: 600 characters becomes 601
    ("request.py", "NumberReplacer", "_TAIL = 600", "test_long_request_start_and_end"),
    # a tie between a destroy-asking and a plain profile request becomes asking to destroy
    (
        "decide.py",
        "ReplaceComparisonOperator_Gt_GtE",
        "return bool(np.max(destroy) > np.max(plain))",
        "test_asked_to_destroy",
    ),
    # the destructive guard forgets that the request asked
    (
        "decide.py",
        "ReplaceUnaryOperator_Invert_UAdd#1",
        "unasked = destructive & ~confident_like & ~(asked & chosen)",
        "test_destructive_guard",
    ),
    # the history blend: (1 - w) * now becomes (1 + w) * now
    (
        "vectors.py",
        "ReplaceBinaryOperator_Sub_Add",
        "vector = (1.0 - weight) * vector + weight * past",
        "test_history_blend",
    ),
    # the relative cut drops a tool exactly at the cut
    (
        "route.py",
        "ReplaceComparisonOperator_GtE_Gt",
        "sure &= (np.cumsum(sure, axis=1) <= routing.top_k) & (score >= floor)",
        "test_relative_cut_keeps_a_tool_exactly_at_the_cut",
    ),
    # route_domains admits one domain more
    (
        "route.py",
        "ReplaceComparisonOperator_Lt_LtE",
        "sure_domain = uncategorised | (category_rank < routing.route_domains)",
        "test_route_domains",
    ),
    # widen_when_empty widens whatever the setting
    (
        "decide.py",
        "ReplaceAndWithOr",
        "if not survivors and config.widen_when_empty:",
        "test_min_combined_score_and_widen_when_empty",
    ),
    # the argument signal present (as 0) when the request holds no value
    ("scoring.py", "AddNot", "if not kinds:  # no value of a known kind", "test_argument_signal"),
    # the claim gap counted the wrong way
    (
        "claims.py",
        "ReplaceBinaryOperator_Sub_Add",
        'floor = max(row["embed"] for row in rows) - CLAIM_GAP',
        "test_argument_signal",
    ),
    # each ask's runner-up budget: top_k + asks becomes top_k - asks
    (
        "decide.py",
        "ReplaceBinaryOperator_Add_Sub",
        "room = routing.top_k + asks - rows.routed.sum(axis=1)",
        "test_each_asks_best_tool",
    ),
    # a named server's category signal: absent only when neither is given becomes when either is missing
    (
        "scoring.py",
        "ReplaceAndWithOr",
        "if not category and not named:  # no category asked for or named",
        "test_named_server_category_signal",
    ),
    # a paste: the ask becomes the whole message
    ("request.py", "ReplaceOrWithAnd", "return focused or ask.text, (note, *notes)", "test_paste_is_not_the_query"),
]

# The other groups (docs/mutation.md, "The other groups"): (module from the repository root,
# operator, a unique part of the line, the rule test that must kill it as file::test)
GROUPS_SAMPLE = [
    # pasted material: a run of three key: value lines needs four
    (
        "toolfilter_core/_ask.py",
        "ReplaceComparisonOperator_GtE_Gt",
        "if len(run) >= 3:",
        "tests/unit/test_paste_rules.py::test_key_value_runs_of_three_or_more",
    ),
    # asks: at most five a message, not four
    (
        "toolfilter_core/_clauses.py",
        "NumberReplacer",
        "MAX_ASKS = 4",
        "tests/unit/test_clause_rules.py::test_at_most_four_asks_the_first_two_and_the_last_two",
    ),
    # the bm25 signal: k1 1.2 becomes 2.2
    (
        "toolfilter_core/_bm25.py",
        "NumberReplacer",
        "k1: float = 1.2, b: float = 0.75",
        "tests/unit/test_signal_formulas.py::test_bm25_is_the_documented_formula",
    ),
]
ROWS = [(f"{PIPELINE}/{m}", o, a, f"{POLICIES}::{t}") for m, o, a, t in SAMPLE] + GROUPS_SAMPLE


class _Positions(Visitor):
    """The start line of each occurrence of one operator, in cosmic-ray's order."""

    def __init__(self, operator):
        self.operator = operator
        self.lines: list[int] = []

    def visit(self, node):
        self.lines.extend(start[0] for start, _ in self.operator.mutation_positions(node))
        return node


def _mutant(module: str, operator_spec: str, anchor: str) -> str:
    """The module's source with the operator applied on the anchor's line (its first occurrence there, or ``#n``)."""
    operator_name, _, nth = operator_spec.partition("#")
    source = (ROOT / module).read_text(encoding="utf-8")
    lines = [i + 1 for i, line in enumerate(source.splitlines()) if anchor in line.strip()]
    assert len(lines) == 1, f"{module}: {anchor!r} is on {len(lines)} lines, not 1: update SAMPLE in {__file__}"
    operator = get_operator(f"core/{operator_name}")()
    positions = _Positions(operator)
    positions.walk(get_ast(source))
    assert lines[0] in positions.lines, f"{module}:{lines[0]}: no {operator_name} there: update SAMPLE"
    mutated = mutate_code(source, operator, positions.lines.index(lines[0]) + int(nth or 0))
    assert mutated is not None and mutated != source
    return mutated


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """A copy of the package and the policy tests, so that mutants never touch the tree."""
    root = tmp_path_factory.mktemp("mutants")
    try:
        shutil.copytree(
            ROOT / "toolfilter_core", root / "toolfilter_core", ignore=shutil.ignore_patterns("__pycache__")
        )
        tests = {t.split("::")[0].removeprefix("tests/") for *_, t in ROWS}
        for name in ("__init__.py", "conftest.py", "unit/__init__.py", "unit/fakes.py", *sorted(tests)):
            (root / "tests" / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / "tests" / name, root / "tests" / name)
        shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _run_policy_tests(root: Path, *tests: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1", "HF_HUB_OFFLINE": "1"}
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        *tests,
    ]
    return subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    ("module", "operator", "anchor", "test"),
    ROWS,
    ids=[f"{Path(m).name}:{o}:{t.split('::')[1]}" for m, o, _, t in ROWS],
)
def test_policy_test_kills_the_mutant(scratch, module, operator, anchor, test):
    target = scratch / module
    original = target.read_text(encoding="utf-8")
    target.write_text(_mutant(module, operator, anchor), encoding="utf-8")
    try:
        result = _run_policy_tests(scratch, test)
    finally:
        target.write_text(original, encoding="utf-8")
    assert result.returncode == 1, f"the mutant survived {test} (exit {result.returncode}):\n{result.stdout[-2000:]}"


def test_the_policy_tests_pass_unmutated(scratch):
    # a mutant counts as killed only if the same tests pass on the code as it is
    result = _run_policy_tests(scratch, *sorted({t for *_, t in ROWS}))
    assert result.returncode == 0, result.stdout[-2000:]
