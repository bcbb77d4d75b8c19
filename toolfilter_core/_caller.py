"""The ``stacklevel`` that points a warning at the caller's line, not at the library's.

Under an agent framework the caller of the library is the framework: the LangChain
middleware runs inside its agent's frames, a LlamaIndex retriever inside its workflow's.
The line a warning names is the first frame outside them all, the user's
(``agent.invoke(...)``). Python 3.11 has no ``skip_file_prefixes``, so the frames are
counted here, by the package each one runs in (a file's path would miss the code
``dataclasses`` writes for an ``__init__``): the library's own, the machinery a framework
runs it on (asyncio, threads, pydantic), and the frameworks an adapter names when it is
imported (``framework_packages``: the core names none). With no user frame on the stack (a
worker thread's: an async agent builds its index on one), the warning names the user's line
that made the filter, recorded then (``user_site``, in force inside ``at_site``), else the
outermost frame.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

__all__ = ["at_site", "caller_level", "framework_packages", "user_site", "warn_at_caller"]

_OURS = ("toolfilter_core",)
"""The library's own packages, beside the integrations (packages named ``*_toolfilter``)."""
_MACHINERY = ("pydantic", "asyncio", "concurrent", "threading")
"""What the library and the frameworks run it on: validation, event loops, worker threads."""
_FRAMEWORKS: set[str] = set()
"""The top-level package names of the frameworks the adapters serve (``framework_packages``)."""


def framework_packages(*prefixes: str) -> None:
    """Count the frames of the packages named ``prefixes`` as not the caller's, and their installed kin.

    An adapter names its framework's packages when it is imported, so a warning raised while
    the framework runs the adapter names the user's line, past the framework's frames. A package
    whose top-level name is a prefix and ``_`` (``langchain_core``) counts where it is installed
    (under ``site-packages``): a user's own ``langchain_app.py`` is the user's.
    """
    _FRAMEWORKS.update(prefixes)


@dataclass(frozen=True)
class Site:
    """A line of the user's code: where a warning raised with no user frame on the stack points."""

    filename: str
    lineno: int
    module: str
    namespace: dict[str, Any] = field(repr=False, compare=False)
    """The module's globals: its ``__warningregistry__`` (a warning said once a line) and its source."""


_SITE: ContextVar[Site | None] = ContextVar("toolfilter_user_site", default=None)
"""The user's line in force (``at_site``): a worker thread's warnings name it."""


def caller_level() -> int:
    """The ``stacklevel`` for ``warnings.warn`` called by the caller of this: the first frame outside the packages.

    The frames ``warnings`` itself does not count (the import machinery's) are not counted.
    """
    here = inspect.currentframe()
    return _walk(here.f_back if here is not None else None)[1]  # from the function that warns


def user_site() -> Site | None:
    """The user's line that called the caller of this (the first frame outside the packages).

    With none on the stack (a worker thread's), the line in force (``at_site``), if any: a filter
    made on a worker thread records the line that made the middleware that made it.
    """
    here = inspect.currentframe()
    frame, _, found = _walk(here.f_back if here is not None else None)
    if not found or frame is None:
        return _SITE.get()
    namespace = frame.f_globals
    return Site(frame.f_code.co_filename, frame.f_lineno, str(namespace.get("__name__", "<string>")), namespace)


@contextmanager
def at_site(site: Site | None) -> Iterator[None]:
    """Inside: a warning raised with no user frame on the stack names ``site`` (None: as it was)."""
    if site is None:
        yield
        return
    token = _SITE.set(site)
    try:
        yield
    finally:
        _SITE.reset(token)


def warn_at_caller(message: str, category: type[Warning]) -> None:
    """``warnings.warn`` naming the user's line: the first frame outside the packages (``caller_level``).

    With none on the stack (a worker thread's), the line in force (``at_site``: the one that
    made the filter), else the outermost frame.
    """
    here = inspect.currentframe()
    _, level, found = _walk(here.f_back if here is not None else None)
    site = None if found else _SITE.get()
    if site is None:
        warnings.warn(message, category, stacklevel=level + 1)  # + this function's frame
        return
    registry = site.namespace.setdefault("__warningregistry__", {})
    warnings.warn_explicit(
        message, category, site.filename, site.lineno, site.module, registry, module_globals=site.namespace
    )


def _walk(frame: FrameType | None) -> tuple[FrameType | None, int, bool]:
    """The first frame out from ``frame`` outside the packages, its ``stacklevel``, and whether there is one.

    With none (every frame the library's, a framework's or the machinery's), the outermost frame.
    """
    level = 1
    while frame is not None and _inside(frame):
        back = _counted_back(frame)
        if back is None:  # no user frame: the outermost one
            return frame, level, False
        frame, level = back, level + 1
    return frame, level, frame is not None


def _inside(frame: FrameType) -> bool:
    """Whether ``frame`` runs in the library, a framework that calls it, or the machinery they run on."""
    module = frame.f_globals.get("__name__")
    top = module.partition(".")[0] if isinstance(module, str) else ""
    if top in _OURS or top.endswith("_toolfilter") or top.startswith(_MACHINERY):
        return True
    if top in _FRAMEWORKS:
        return True
    kin = any(top.startswith(prefix + "_") for prefix in _FRAMEWORKS)  # langchain_core, langchain_openai
    return kin and _installed(frame.f_code.co_filename)


def _installed(filename: str) -> bool:
    """Whether ``filename`` lies in an installed package's directory (not the user's own ``langchain_app.py``)."""
    parts = filename.replace("\\", "/").split("/")
    return "site-packages" in parts or "dist-packages" in parts


def _counted_back(frame: FrameType) -> FrameType | None:
    """The next frame out that ``warnings`` counts in a ``stacklevel`` (it skips ``importlib._bootstrap``'s)."""
    back = frame.f_back
    while back is not None and "importlib" in back.f_code.co_filename and "_bootstrap" in back.f_code.co_filename:
        back = back.f_back
    return back
