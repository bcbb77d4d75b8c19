"""``fallback_to_empty``: what a failed selection turns into, for each face of toolfilter.

One function decides, so the three faces cannot drift apart unnoticed. Their documented
behaviour differs for now (docs/reliability.md, docs/langchain.md, docs/llamaindex.md):

======================  ================================  ===========================================
face                    ``fallback_to_empty=false``       ``fallback_to_empty=true``
======================  ================================  ===========================================
``core``                ``SelectionError`` (a             no tools, a note, a log warning on
                        ``SelectionError`` as it is)      the ``toolfilter`` logger
``langchain``           the error itself                  no tools, a note, a ``RuntimeWarning``
``llamaindex``          the error itself                  no tools, a ``UserWarning`` and the same
                                                          text as a log warning
======================  ================================  ===========================================
"""

from __future__ import annotations

import logging
import warnings
from typing import Literal

from ._exceptions import SelectionError
from ._types import Selection

__all__ = ["Face", "fallback_selection"]

Face = Literal["core", "langchain", "llamaindex"]
"""Which face of toolfilter the selection failed in."""

_LOGGER = logging.getLogger("toolfilter")


def fallback_selection(
    query: str,
    error: Exception,
    *,
    fallback_to_empty: bool,
    face: Face = "core",
    logger: logging.Logger | None = None,
    stacklevel: int = 1,
) -> Selection:
    """The selection to continue with after ``error``, or raise it.

    Args:
        query: The request whose selection failed.
        error: Why it failed.
        fallback_to_empty: The config's switch: true continues with no tools.
        face: Whose documented behaviour to follow (see the module docstring).
        logger: Where the warning is logged; None: the ``toolfilter`` logger.
        stacklevel: For the ``warnings.warn`` of the adapters: 1 points at the caller of
            this function, 2 at its caller, and so on.

    Returns:
        An empty ``Selection`` for ``query`` whose note says what failed.

    Raises:
        SelectionError: ``fallback_to_empty`` is false, in the core (``error`` itself when
            it is one, else one wrapping it).
        Exception: ``error`` itself when ``fallback_to_empty`` is false, in an adapter.
    """
    log = logger if logger is not None else _LOGGER
    kind = type(error).__name__
    if not fallback_to_empty:
        if face != "core" or isinstance(error, SelectionError):
            raise error
        msg = f"selection failed for query {query[:80]!r}: {kind}: {error}"
        raise SelectionError(msg) from error
    if face == "core":
        log.warning("toolfilter: selection failed, continuing with no tools: %s", error)
        return Selection(query=query, selected=(), notes=(f"selection failed, no tools: {error}",))
    if face == "langchain":
        warnings.warn(
            f"toolfilter: selection failed for {query[:80]!r}, continuing with no tools "
            f"(fallback_to_empty=true): {kind}: {error}",
            RuntimeWarning,
            stacklevel=stacklevel + 1,
        )
        note = f"selection failed ({kind}: {error}); no tools (fallback_to_empty)"
        return Selection(query=query, selected=(), notes=(note,))
    message = (
        f"toolfilter: selecting tools for {query[:60]!r} failed ({kind}: {error}); continuing "
        "with no tools because fallback_to_empty is true"
    )
    log.warning(message)
    warnings.warn(message, UserWarning, stacklevel=stacklevel + 1)
    return Selection(query=query, selected=(), notes=("fallback_to_empty: continuing with no tools",))
