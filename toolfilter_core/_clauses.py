"""Cut a request into its clauses, so that each part of a many-part request is matched too.

A request such as "看看 worker 最近的日志，然后把它重启" asks for two tools; its one
vector sits between them and may be close to neither. Each clause embedded on its own is
close to the tool it asks for. The cut is deliberately plain: Chinese and English clause
punctuation, a sentence end, and a few "then" connectives. Fragments shorter than a minimum
are dropped (they carry too little meaning to embed alone).
"""

from __future__ import annotations

import re

__all__ = ["split_clauses"]

# Clause punctuation (full- and half-width), a comma or full stop followed by a space
# (not the dot of a file name or a version), and "then" connectives (", then" is cut at its comma).
_BOUNDARY = re.compile(r"[，。；;！？!?\n]|[,.]\s|然后|顺便|顺带|并且|接着|再把| and then ")


def split_clauses(text: str, min_chars: int) -> list[str]:
    """The clauses of ``text`` with at least ``min_chars`` characters; [] if it has fewer than two.

    >>> split_clauses("看一下 worker 最近的日志，然后把它停了重新拉起来", 4)
    ['看一下 worker 最近的日志', '把它停了重新拉起来']
    >>> split_clauses("restart nginx", 4)
    []
    """
    parts = [p.strip() for p in _BOUNDARY.split(text)]
    clauses = [p for p in parts if len(p) >= min_chars]
    return clauses if len(clauses) > 1 else []
