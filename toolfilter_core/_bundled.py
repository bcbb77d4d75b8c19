"""The bundled 48-tool kit (9 domains, with triggers), for the demo and for trying things out."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from ._registry import read_tools_file
from ._types import ToolSpec

__all__ = ["bundled_tools_path", "load_bundled_tools"]


def bundled_tools_path() -> Path:
    """Path of the bundled ``toolkit48/tools.jsonl``."""
    return Path(str(resources.files("toolfilter_core").joinpath("data/toolkit48/tools.jsonl")))


def load_bundled_tools() -> list[ToolSpec]:
    """The 48 tools of the bundled kit, validated."""
    return read_tools_file(bundled_tools_path())
