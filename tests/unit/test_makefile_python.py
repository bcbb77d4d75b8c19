"""``make demo``/``make setup`` make the .venv with a Python the package accepts, or say what is needed.

On e6038fd the Makefile ran ``python3 -m venv``: where python3 was 3.10, pip then failed against
``requires-python >= 3.11`` deep in the install.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")

OLD = """#!/bin/sh
# a Python 3.10 as far as the Makefile's check can tell
case "$2" in *platform*) echo 3.10.12;; *) exit 1;; esac
"""


def _make(*argv: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
    env = None if path is None else {"PATH": path}
    return subprocess.run(
        ["make", "--no-print-directory", "-C", str(ROOT), *argv], capture_output=True, text=True, env=env, check=False
    )


def test_an_older_python_stops_with_what_is_needed(tmp_path: Path) -> None:
    old = tmp_path / "python3.10"
    old.write_text(OLD, encoding="utf-8")
    old.chmod(0o755)
    venv = tmp_path / "venv"
    done = _make("demo", f"PYTHON={old}", f"VENV={venv}")
    assert done.returncode != 0 and not venv.exists()
    assert f"{old} is Python 3.10.12; toolfilter needs Python 3.11 or newer" in done.stderr, done.stderr
    assert "make PYTHON=/path/to/python3.11 demo" in done.stderr


def test_python3_11_is_preferred_when_present(tmp_path: Path) -> None:
    for name in ("python3", "python3.11"):
        fake = tmp_path / name
        fake.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
        fake.chmod(0o755)
    planned = _make("-n", "demo", f"VENV={tmp_path / 'venv'}", path=f"{tmp_path}:/usr/bin:/bin")
    assert "python3.11 -m venv" in planned.stdout, planned.stdout + planned.stderr


def test_a_venv_made_with_an_older_python_stops_with_what_to_do(tmp_path: Path) -> None:
    # Failed on 397f633: an existing .venv was taken as it was (`test -x`), whatever its Python.
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").write_text(OLD, encoding="utf-8")
    (venv / "bin" / "python").chmod(0o755)
    done = _make("demo", f"VENV={venv}")
    assert done.returncode != 0, done.stdout
    assert f"{venv} was made with Python 3.10.12; toolfilter needs Python 3.11 or newer" in done.stderr, done.stderr
    assert f"rm -rf {venv}" in done.stderr and "make PYTHON=/path/to/python3.11 demo" in done.stderr
    assert not (venv / ".toolfilter-demo").exists()


def test_a_plain_make_names_the_goal_it_ran(tmp_path: Path) -> None:
    # Failed on 397f633: the hint ended "make PYTHON=/path/to/python3.11 " (no goal given, none said).
    old = tmp_path / "python3.10"
    old.write_text(OLD, encoding="utf-8")
    old.chmod(0o755)
    done = _make(f"PYTHON={old}", f"VENV={tmp_path / 'venv'}")
    assert done.returncode != 0
    assert done.stderr.rstrip().splitlines()[0].endswith("make PYTHON=/path/to/python3.11 setup"), done.stderr
