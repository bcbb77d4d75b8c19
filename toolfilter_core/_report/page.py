"""The pieces of a report: tables in HTML and Markdown, a picture inlined, one self-contained page."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

__all__ = ["cell", "html_page", "html_table", "image", "md_table"]

_STYLE = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2em auto;padding:0 1.5em;
max-width:1100px;color:#222}
h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.8em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.6em 0;font-size:.92em}
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}
th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}
img{max-width:100%;border:1px solid #eee;margin:.5em 0}.small{color:#666;font-size:.9em}
"""


def cell(value: Any) -> str:
    """A value as table text: shares as percentages, floats rounded, None as a dash."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:,.1f}" if abs(value) >= 10 else f"{value:.3f}"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def html_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """An HTML table (every value escaped; numbers right-aligned)."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = []
    for row in rows:
        cells = []
        for value in row:
            numeric = isinstance(value, int | float) and not isinstance(value, bool)
            cells.append(f"<td{' class=n' if numeric else ''}>{html.escape(cell(value))}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def md_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown (GitHub) table; pipes in values escaped."""

    def text(value: Any) -> str:
        return cell(value).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(text(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def image(png_base64: str, alt: str) -> str:
    """A PNG inlined as a data URI: the page needs no other file."""
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{png_base64}">'


def html_page(title: str, sections: Sequence[tuple[str, str]], *, intro: str = "") -> str:
    """One self-contained HTML page: a title, an intro line, then (heading, HTML) sections."""
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    if intro:
        parts.append(f'<p class="small">{html.escape(intro)}</p>')
    for heading, content in sections:
        parts.append(f"<h2>{html.escape(heading)}</h2>\n{content}")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
