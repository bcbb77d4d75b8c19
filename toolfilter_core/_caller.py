"""The ``stacklevel`` that points a warning at the caller's line, not at the library's."""

from __future__ import annotations

import inspect
from pathlib import Path
from types import FrameType

__all__ = ["caller_level"]

_ROOT = Path(__file__).parent.parent
# this package and the integrations beside it (packages named ``*_toolfilter``): the library's own frames
_INSIDE = (str(Path(__file__).parent), *(str(p) for p in sorted(_ROOT.glob("*_toolfilter")) if p.is_dir()))


def caller_level() -> int:
    """The ``stacklevel`` for ``warnings.warn`` called by the caller of this: the first frame outside the packages."""
    here = inspect.currentframe()
    frame: FrameType | None = here.f_back if here is not None else None  # the function that warns
    level = 1
    while frame is not None and frame.f_code.co_filename.startswith(_INSIDE):
        frame, level = frame.f_back, level + 1
    return level
