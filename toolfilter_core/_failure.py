"""What a failure, or a message with no text, turns into: the one policy of every face.

Every face (the core's ``select``, each adapter's, sync and async) follows the same three
rules (docs/reliability.md):

1. **A caller's mistake raises**, whatever ``fallback_to_empty`` says: an argument of the
   wrong type or out of range (``QueryError``), a bad config (``ConfigError``), a malformed
   tool (``ToolSpecError``), an input an adapter cannot read as a request at all (a number,
   a dict without its key). ``is_callers_mistake`` says which errors these are.
2. **What the user wrote never raises**: a request with no text to select on (empty,
   blank, only images, a conversation with no human message) gets no tools, only the
   ``always_include`` tools the caller may use (and an adapter's ``find_tools``), its
   status ``Status.NO_TEXT`` and its ``detail`` saying why. Through an adapter (``select_window``
   of ``toolfilter_core.integration``) a message over ``MAX_QUERY_CHARS`` is treated the
   same way (``too_long``); the core refuses such a string with a ``QueryError``,
   since no user message is megabytes long.
3. **A failure while selecting** (an embedder or store error, a bug) follows
   ``fallback_to_empty``: the core's ``failure_selection`` below wraps the error in a
   ``SelectionError`` or logs it and continues with no tools; an adapter's
   ``failed_selection`` raises the error itself or continues with no tools, the adapter
   warning on its own channel (LangChain: a ``RuntimeWarning``; LlamaIndex: a
   ``UserWarning`` and a log warning). Either selection's status is ``Status.FAILED``, its
   ``detail`` the error.
"""

from __future__ import annotations

import logging

from ._exceptions import ConfigError, QueryError, SelectionError, ToolSpecError
from ._types import Selection, Status

__all__ = ["EMPTY_REQUEST", "failed_selection", "failure_selection", "too_long"]

EMPTY_REQUEST = "the request is empty"
"""The ``detail`` of the core's ``NO_TEXT`` selection."""

_LOGGER = logging.getLogger("toolfilter")


def is_callers_mistake(error: BaseException) -> bool:
    """True for the errors that mean the caller passed something wrong (rule 1): they always raise."""
    return isinstance(error, QueryError | ConfigError | ToolSpecError)


def too_long(query: str, limit: int) -> str | None:
    """Why a user message over ``limit`` characters has no text to select on (rule 2, adapters), or None."""
    if len(query) <= limit:
        return None
    return f"the message is {len(query):,} characters, over the limit of {limit:,}"


def failure_selection(query: str, error: Exception, *, fallback_to_empty: bool) -> Selection:
    """The core's selection to continue with after ``error``, or raise.

    Args:
        query: The request whose selection failed.
        error: Why it failed.
        fallback_to_empty: The config's switch: true continues with no tools (and a log
            warning on the ``toolfilter`` logger).

    Returns:
        An empty ``Selection`` for ``query``, its ``detail`` the error.

    Raises:
        QueryError, ConfigError, ToolSpecError: ``error`` itself, a caller's mistake,
            whatever ``fallback_to_empty`` says.
        SelectionError: ``fallback_to_empty`` is false (``error`` itself when it is one,
            else one wrapping it).
    """
    if is_callers_mistake(error):
        raise error
    if not fallback_to_empty:
        if isinstance(error, SelectionError):
            raise error
        msg = f"selection failed for query {query[:80]!r}: {type(error).__name__}: {error}"
        raise SelectionError(msg) from error
    _LOGGER.warning("toolfilter: selection failed, continuing with no tools: %s", error)
    return _failed(query, error)


def failed_selection(query: str, error: Exception, *, fallback_to_empty: bool, note: str) -> Selection:
    """An adapter's selection to continue with after ``error``, or ``error`` raised.

    The adapter warns on its own channel once this returns.

    Args:
        query: The request whose selection failed.
        error: Why it failed.
        fallback_to_empty: The config's switch: true continues with no tools.
        note: The adapter's note saying what it did (continued with no tools).

    Returns:
        An empty ``Selection`` for ``query``, its ``detail`` the error, with ``note``.

    Raises:
        Exception: ``error`` itself: a caller's mistake (whatever ``fallback_to_empty``
            says), or any error when ``fallback_to_empty`` is false.
    """
    if is_callers_mistake(error) or not fallback_to_empty:
        raise error
    return _failed(query, error, (note,))


def _failed(query: str, error: Exception, notes: tuple[str, ...] = ()) -> Selection:
    detail = f"{type(error).__name__}: {error}"
    return Selection(query=query, selected=(), notes=notes, status=Status.FAILED, detail=detail)
