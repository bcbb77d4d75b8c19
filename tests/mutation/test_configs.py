"""The mutation run's groups (benchmarks/mutation/, docs/mutation.md) agree with each other.

Every group's config mutates with the pipeline's operators, and every group ``run.py``
offers has a config whose test files exist: a score of one group means what a score of
another does. Reads TOML only (no cosmic-ray needed).
"""

from __future__ import annotations

import importlib.util
import shlex
import tomllib
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[2] / "benchmarks" / "mutation"


def _run_module():
    spec = importlib.util.spec_from_file_location("mutation_run", HERE / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RUN = _run_module()


def _config(group: str) -> dict:
    config, _ = RUN._files(group)
    return tomllib.loads(config.read_text(encoding="utf-8"))["cosmic-ray"]


@pytest.mark.parametrize("group", sorted(RUN.GROUPS))
def test_every_group_uses_the_pipelines_operators_and_existing_tests(group: str) -> None:
    config, pipeline = _config(group), _config("pipeline")
    assert config["filters"] == pipeline["filters"]
    assert config["distributor"] == pipeline["distributor"]
    assert config["timeout"] == pipeline["timeout"]
    command = shlex.split(config["test-command"])
    assert command[:6] == ["python", "-m", "pytest", "-x", "-q", "-p"]
    tests = [word for word in command if word.startswith("tests/")]
    assert tests and all((HERE.parents[1] / t).is_file() for t in tests)
    paths = [config["module-path"]] if isinstance(config["module-path"], str) else config["module-path"]
    assert all((HERE.parents[1] / p).exists() for p in paths)


def test_each_group_has_its_own_session_file() -> None:
    sessions = [RUN._files(group)[1] for group in RUN.GROUPS]
    assert len(set(sessions)) == len(sessions)
    assert RUN._files("pipeline") == (HERE / "cosmic-ray.toml", HERE / "session.sqlite")
