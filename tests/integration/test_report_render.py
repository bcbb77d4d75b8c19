"""The doctor's HTML report, made with the real default embedder, rendered in headless Chromium.

Chromium is Debian's package (``make setup`` installs it when apt-get is at hand); the test
skips, saying so, only when no chromium binary is found.
"""

from __future__ import annotations

import base64
import io
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from toolfilter_core.cli import main

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "benchmarks" / "data" / "dev_hotel_pms"


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def _not_one_colour(png: bytes) -> int:
    """How many distinct colours the PNG holds (read with matplotlib's PNG reader)."""
    import matplotlib.image

    pixels = matplotlib.image.imread(io.BytesIO(png), format="png")
    flat = (np.asarray(pixels)[..., :3] * 255).astype(np.uint8).reshape(-1, 3)
    return len(np.unique(flat, axis=0))


def test_the_doctor_page_renders_with_its_crowding_map(tmp_path, capsys):
    browser = _chromium()
    if browser is None:
        pytest.skip("no chromium binary on PATH (apt-get install -y chromium; make setup does it where apt exists)")
    page = tmp_path / "doctor.html"
    argv = ["doctor", str(DATA / "tools.jsonl"), "--profiles", str(DATA / "profiles.jsonl"), "--html", str(page)]
    assert main(argv) == 0
    capsys.readouterr()
    text = page.read_text("utf-8")
    # the map itself, as the page carries it: a PNG of more than one colour
    found = re.search(r'alt="crowding map" src="data:image/png;base64,([A-Za-z0-9+/=]+)"', text)
    assert found, "the page has no crowding map"
    assert _not_one_colour(base64.b64decode(found.group(1))) > 10
    shot = tmp_path / "shot.png"
    command = [
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--window-size=1200,1600",
        f"--screenshot={shot}",
        page.as_uri(),
    ]
    subprocess.run(command, check=True, capture_output=True, timeout=120)
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert _not_one_colour(png) > 50, "the rendered page is blank"
