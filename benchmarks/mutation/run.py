"""Mutation testing of the selection pipeline and its helpers with cosmic-ray (docs/mutation.md).

    python benchmarks/mutation/run.py                 # every mutant of the pipeline (about 70 minutes on one core)
    python benchmarks/mutation/run.py --sample 2      # a fixed half of them
    python benchmarks/mutation/run.py --report        # the score and survivors of the last session
    python benchmarks/mutation/run.py --group ask     # another group of modules (GROUPS below)

Initialises a session from the group's config beside this file (``cosmic-ray.toml`` for the
pipeline, ``cosmic-ray-<group>.toml`` for the others; the session files ``session.sqlite``
and ``session-<group>.sqlite`` are ignored by git), marks the operators the config leaves out as
skipped, keeps a deterministic 1-in-``--sample`` share of the rest (by a hash of module,
operator and occurrence, so the same mutants each time), runs them one at a time, and
prints the score and every survivor by module, line and operator. Run from the repository
root with the project's Python (cosmic-ray from the ``mutation`` dependency group).
"""

from __future__ import annotations

import argparse
import ast
import collections
import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
GROUPS = {
    "pipeline": "toolfilter_core/_pipeline/",
    "signals": "the signals: _signals.py, _arguments.py, _bm25.py",
    "ask": "_ask.py: pasted material apart from the user's own words",
    "clauses": "_clauses.py: a request cut into asks",
    "messages": "the adapters' _messages.py and the core's _conversation.py they share",
    "decide": "_pipeline/decide.py: the verdicts (no tool, not sure, widen, the destructive guard, each ask's keep)",
}
CONFIG = HERE / "cosmic-ray.toml"
SESSION = HERE / "session.sqlite"
BIN = Path(sys.executable).parent


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"  # the test command's `python` is this one
    env["PYTHONPATH"] = str(ROOT)
    env.setdefault("HF_HUB_OFFLINE", "1")
    return env


def _files(group: str) -> tuple[Path, Path]:
    """The config and the session file of ``group``."""
    if group == "pipeline":
        return CONFIG, SESSION
    return HERE / f"cosmic-ray-{group}.toml", HERE / f"session-{group}.sqlite"


def _run(*args: str) -> None:
    subprocess.run([str(BIN / args[0]), *args[1:]], cwd=ROOT, env=_env(), check=True)


def _sample(session: Path, every: int) -> int:
    """Mark as skipped the pending mutants outside the fixed 1-in-``every`` share; return how many are left."""
    db = sqlite3.connect(session)
    pending = db.execute(
        "select job_id, module_path, operator_name, occurrence from mutation_specs"
        " where job_id not in (select job_id from work_results)"
    ).fetchall()
    left = 0
    for job_id, module, operator, occurrence in pending:
        key = f"{Path(module).as_posix()}:{operator}:{occurrence}".encode()
        if every > 1 and int(hashlib.sha1(key).hexdigest(), 16) % every:
            db.execute(
                "insert into work_results (worker_outcome, output, test_outcome, diff, job_id)"
                " values ('SKIPPED', 'not in the sample', NULL, NULL, ?)",
                (job_id,),
            )
        else:
            left += 1
    db.commit()
    db.close()
    return left


def _skip_annotations(session: Path) -> int:
    """Mark as skipped the mutants inside a type annotation: equivalent, never run; return how many.

    Every module of the pipeline starts ``from __future__ import annotations``, so an
    annotation is a string no code evaluates: ``X | None`` made ``X & None`` changes nothing.
    Mutants already run there are re-marked, so a report counts them as equivalent too.
    """
    db = sqlite3.connect(session)
    rows = db.execute(
        "select job_id, module_path, start_pos_row, start_pos_col from mutation_specs"
        " where job_id not in (select job_id from work_results where worker_outcome != 'NORMAL')"
    ).fetchall()
    spans: dict[str, list[tuple[int, int, int, int]]] = {}
    skipped = 0
    for job_id, module, row, col in rows:
        if module not in spans:
            spans[module] = _annotation_spans(ROOT / module)
        if any((r1, c1) <= (row, col) < (r2, c2) for r1, c1, r2, c2 in spans[module]):
            db.execute("delete from work_results where job_id = ?", (job_id,))
            db.execute(
                "insert into work_results (worker_outcome, output, test_outcome, diff, job_id)"
                " values ('SKIPPED', 'equivalent: inside a type annotation', NULL, NULL, ?)",
                (job_id,),
            )
            skipped += 1
    db.commit()
    db.close()
    return skipped


def _annotation_spans(module: Path) -> list[tuple[int, int, int, int]]:
    """(line, column) ranges of the type annotations of ``module`` (lines from 1, columns from 0)."""
    spans = []
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        found: list[ast.expr | None] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            args = node.args
            found = [a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)] + [node.returns]
            found += [a.annotation for a in (args.vararg, args.kwarg) if a is not None]
        elif isinstance(node, ast.AnnAssign):
            found = [node.annotation]
        for expr in found:
            if expr is not None and expr.end_lineno is not None and expr.end_col_offset is not None:
                spans.append((expr.lineno, expr.col_offset, expr.end_lineno, expr.end_col_offset))
    return spans


def report(session: Path = SESSION) -> dict[str, object]:
    """The score of ``session``: killed, survived and every survivor (module, line, operator)."""
    db = sqlite3.connect(session)
    rows = db.execute(
        "select m.module_path, m.start_pos_row, m.operator_name, r.worker_outcome, r.test_outcome"
        " from mutation_specs m join work_results r on r.job_id = m.job_id"
    ).fetchall()
    pending = db.execute(
        "select count(*) from work_items where job_id not in (select job_id from work_results)"
    ).fetchone()[0]
    db.close()
    run = [r for r in rows if r[3] == "NORMAL"]
    killed = [r for r in run if r[4] == "KILLED"]
    survived = sorted((Path(r[0]).name, r[1], r[2]) for r in run if r[4] == "SURVIVED")
    incompetent = [r for r in run if r[4] == "INCOMPETENT"]
    timeouts = [r for r in rows if r[3] == "TIMEOUT"]
    skipped = collections.Counter(r[3] for r in rows if r[3] not in ("NORMAL", "TIMEOUT"))
    db = sqlite3.connect(session)
    equivalent = db.execute("select count(*) from work_results where output like 'equivalent:%'").fetchone()[0]
    db.close()
    return {
        "run": len(run) + len(timeouts),
        "killed": len(killed) + len(timeouts) + len(incompetent),
        "survived": survived,
        "timeouts": len(timeouts),
        "incompetent": len(incompetent),
        "skipped": dict(skipped),
        "equivalent": equivalent,
        "pending": pending,
    }


def _print(result: dict[str, object]) -> None:
    run, killed = int(result["run"]), int(result["killed"])  # type: ignore[call-overload]
    survived = result["survived"]
    assert isinstance(survived, list)
    score = killed / run if run else 0.0
    print(f"mutants run: {run}  killed: {killed}  survived: {len(survived)}  score: {score:.1%}")
    print(
        f"(timeouts {result['timeouts']}, incompetent {result['incompetent']} count as killed; "
        f"skipped {result['skipped']}, of which equivalent (in annotations) {result['equivalent']}; "
        f"pending {result['pending']})"
    )
    by_module = collections.defaultdict(list)
    for module, line, operator in survived:
        by_module[module].append(f"{line}:{operator.removeprefix('core/')}")
    for module, found in sorted(by_module.items()):
        print(f"  {module}: " + ", ".join(found))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=1, help="run a fixed 1-in-N share of the mutants")
    parser.add_argument("--report", action="store_true", help="only report the last session")
    parser.add_argument("--resume", action="store_true", help="run the pending mutants of the last session")
    parser.add_argument(
        "--rerun-survivors", action="store_true", help="run the last session's survivors again (after adding tests)"
    )
    parser.add_argument(
        "--group",
        choices=GROUPS,
        default="pipeline",
        help="the modules to mutate: " + "; ".join(f"{k}: {v}" for k, v in GROUPS.items()),
    )
    args = parser.parse_args(argv)
    config, session = _files(args.group)
    if not args.report:
        if args.rerun_survivors:
            db = sqlite3.connect(session)
            db.execute("delete from work_results where test_outcome = 'SURVIVED'")
            db.commit()
            db.close()
        elif not args.resume:
            session.unlink(missing_ok=True)
            _run("cosmic-ray", "init", str(config), str(session))
            _run("cr-filter-operators", str(session), str(config))
            print(f"equivalent (in annotations), skipped: {_skip_annotations(session)}")
            print(f"mutants to run: {_sample(session, args.sample)}", flush=True)
        _run("cosmic-ray", "exec", str(config), str(session))
    _print(report(session))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
