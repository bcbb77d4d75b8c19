"""Render the configuration reference table of docs/configuration.md from the model itself.

``python -m toolfilter_core._config_table`` prints it, ``--write docs/configuration.md``
updates the page (``make docs``); a unit test checks the docs hold the current table, so a
new or changed field cannot go undocumented.
"""

from __future__ import annotations

import ast
import inspect
import re
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from ._config import StoreConfig, ToolFilterConfig, Weights, recommended_config

__all__ = ["config_table"]


def _docstrings(model: type[BaseModel]) -> dict[str, tuple[str, str]]:
    """Under each field, its docstring's first paragraph (what it does) and the rest (when to change it)."""
    tree = ast.parse(inspect.getsource(model))
    body = tree.body[0].body  # type: ignore[attr-defined]
    out: dict[str, tuple[str, str]] = {}
    for node, after in zip(body, body[1:], strict=False):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                parts = [*re.split(r"\n\s*\n", str(after.value.value), maxsplit=1), ""]
                meaning, why = (" ".join(part.split()).replace("|", "\\|") for part in parts[:2])
                out[node.target.id] = (meaning, why)
    return out


def _range(info: FieldInfo) -> str:
    low = high = None
    for meta in info.metadata:
        low = getattr(meta, "ge", None) if getattr(meta, "ge", None) is not None else low
        low = f">{meta.gt}" if getattr(meta, "gt", None) is not None else low
        high = getattr(meta, "le", None) if getattr(meta, "le", None) is not None else high
        if getattr(meta, "min_length", None) is not None:
            return f"{meta.min_length}-{info.metadata[-1].max_length} chars"
    if low is None and high is None:
        return ""
    return f"[{low if low is not None else '-inf'}, {high if high is not None else 'inf'}]"


def _type(info: FieldInfo) -> str:
    text = str(info.annotation).replace("typing.", "").replace("<class '", "").replace("'>", "")
    return text.replace("toolfilter_core._config.", "").replace(" | ", " or ")


def _default(value: Any) -> str:
    if isinstance(value, BaseModel):
        return "see below"
    return f"`{value!r}`"


def _rows(model: type[BaseModel], prefix: str, preset: BaseModel | None) -> list[str]:
    docs = _docstrings(model)
    rows = []
    for name, info in model.model_fields.items():
        default = info.get_default(call_default_factory=True)
        shown = _default(default)
        recommended = ""
        if preset is not None and not isinstance(default, BaseModel):
            value = getattr(preset, name)
            recommended = "" if value == default else _default(value)
            if name == "abstain_phrases" and value:
                recommended = f"{len(value)} phrases"
        meaning, why = docs.get(name, ("", ""))
        cells = [f"`{prefix}{name}`", _type(info), shown, recommended, _range(info), meaning, why]
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def config_table() -> str:
    """The Markdown table of every configuration field."""
    preset = recommended_config()
    lines = [
        "| field | type | default | recommended preset | range | meaning | when to change it |",
        "|---|---|---|---|---|---|---|",
    ]
    lines += _rows(ToolFilterConfig, "", preset)
    lines += _rows(Weights, "weights.", preset.weights)
    lines += _rows(StoreConfig, "store.", preset.store)
    return "\n".join(lines)


def write_into(path: str) -> None:
    """Replace the table in a Markdown file (everything from its header row on)."""
    from pathlib import Path

    doc = Path(path)
    text = doc.read_text(encoding="utf-8")
    head = text[: text.index("| field | type |")]
    doc.write_text(head + config_table() + "\n", encoding="utf-8")


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["--write"]:
        write_into(sys.argv[2])
    else:
        print(config_table())
