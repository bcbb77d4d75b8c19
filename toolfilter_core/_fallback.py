"""The one fallback policy of toolfilter: what raises, and what a failed selection turns into.

Every face (the core's ``select``, the LangChain Runnable, middleware and retriever, the
LlamaIndex retriever, sync and async) follows the same three rules (docs/reliability.md):

1. **A caller's mistake raises**, whatever ``fallback_to_empty`` says: an argument of the
   wrong type or out of range (``QueryError``), a bad config (``ConfigError``), a malformed
   tool (``ToolSpecError``), an input an adapter cannot read as a request at all (a number,
   a dict without its key). ``is_callers_mistake`` says which errors these are.
2. **What the user wrote never raises**: a request with no text to select on (empty,
   blank, only images, a conversation with no human message) gets no tools, only the
   ``always_include`` tools the caller may use (and an adapter's ``find_tools``), and a
   note saying why (``NO_TEXT``, ``no_text_note``). In an adapter a message over
   ``max_query_chars`` is treated the same way (``too_long_note``); the core refuses such
   a string with a ``QueryError``, since no user message is megabytes long.
3. **A failure while selecting** (an embedder or store error, a bug) follows
   ``fallback_to_empty``: ``fallback_selection`` below.

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

import dataclasses
import logging
import warnings
from typing import Literal

from ._exceptions import ConfigError, QueryError, SelectionError, ToolSpecError
from ._types import Selection

__all__ = ["NO_TEXT", "Face", "fallback_selection", "no_text_note", "too_long_note", "with_reason"]

Face = Literal["core", "langchain", "llamaindex"]
"""Which face of toolfilter the selection failed in."""

NO_TEXT = "no text to select on (the request is empty): nothing chosen"
"""The core's note for a request with no text."""

_LOGGER = logging.getLogger("toolfilter")


def is_callers_mistake(error: BaseException) -> bool:
    """True for the errors that mean the caller passed something wrong (rule 1): they always raise."""
    return isinstance(error, QueryError | ConfigError | ToolSpecError)


def no_text_note(why: str) -> str:
    """The note of a selection with no text to select on, ``why`` saying what the input held."""
    return f"no text to select on ({why}): nothing chosen"


def too_long_note(query: str, max_query_chars: int) -> str | None:
    """The note for a user message over ``max_query_chars`` (rule 2, adapters), or None."""
    if len(query) <= max_query_chars:
        return None
    return no_text_note(f"the message is {len(query):,} characters, over max_query_chars={max_query_chars:,}")


def with_reason(selection: Selection, query: str, note: str) -> Selection:
    """``selection`` for ``query``, its first note replaced by ``note`` (the adapter's own why)."""
    return dataclasses.replace(selection, query=query, notes=(note, *selection.notes[1:]))


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
        QueryError, ConfigError, ToolSpecError: ``error`` itself, a caller's mistake, on
            every face whatever ``fallback_to_empty`` says.
        SelectionError: ``fallback_to_empty`` is false, in the core (``error`` itself when
            it is one, else one wrapping it).
        Exception: ``error`` itself when ``fallback_to_empty`` is false, in an adapter.
    """
    if is_callers_mistake(error):
        raise error
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
