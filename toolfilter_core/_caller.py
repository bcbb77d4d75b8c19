"""The ``stacklevel`` that points a warning at the caller's line, not at the library's.

Under an agent framework the caller of the library is the framework: the LangChain
middleware runs inside its agent's frames, a LlamaIndex retriever inside its workflow's.
The line a warning names is the first frame outside them all, the user's
(``agent.invoke(...)``). Python 3.11 has no ``skip_file_prefixes``, so the frames are
counted here, by the package each one runs in (a file's path would miss the code
``dataclasses`` writes for an ``__init__``): the library's own, the machinery a framework
runs it on (asyncio, threads, pydantic), and the frameworks an adapter names when it is
imported (``framework_packages``: the core names none). With no user frame on the stack (a
worker thread's), the warning names the outermost frame.
"""

from __future__ import annotations

import inspect
from types import FrameType

__all__ = ["caller_level", "framework_packages"]

_OURS = ("toolfilter_core",)
"""The library's own packages, beside the integrations (packages named ``*_toolfilter``)."""
_MACHINERY = ("pydantic", "asyncio", "concurrent", "threading")
"""What the library and the frameworks run it on: validation, event loops, worker threads."""
_FRAMEWORKS: set[str] = set()
"""The starts of the top-level package names of the frameworks the adapters serve (``framework_packages``)."""


def framework_packages(*prefixes: str) -> None:
    """Count the frames of the packages whose top-level name starts with one of ``prefixes`` as not the caller's.

    An adapter names its framework's packages when it is imported, so a warning raised while
    the framework runs the adapter names the user's line, past the framework's frames.
    """
    _FRAMEWORKS.update(prefixes)


def caller_level() -> int:
    """The ``stacklevel`` for ``warnings.warn`` called by the caller of this: the first frame outside the packages.

    The frames ``warnings`` itself does not count (the import machinery's) are not counted.
    """
    here = inspect.currentframe()
    frame: FrameType | None = here.f_back if here is not None else None  # the function that warns
    level = 1
    while frame is not None and _inside(frame):
        back = _counted_back(frame)
        if back is None:  # no user frame: the outermost one
            break
        frame, level = back, level + 1
    return level


def _inside(frame: FrameType) -> bool:
    """Whether ``frame`` runs in the library, a framework that calls it, or the machinery they run on."""
    module = frame.f_globals.get("__name__")
    top = module.partition(".")[0] if isinstance(module, str) else ""
    if top in _OURS or top.endswith("_toolfilter") or top.startswith(_MACHINERY):
        return True
    return top.startswith(tuple(_FRAMEWORKS))


def _counted_back(frame: FrameType) -> FrameType | None:
    """The next frame out that ``warnings`` counts in a ``stacklevel`` (it skips ``importlib._bootstrap``'s)."""
    back = frame.f_back
    while back is not None and "importlib" in back.f_code.co_filename and "_bootstrap" in back.f_code.co_filename:
        back = back.f_back
    return back
