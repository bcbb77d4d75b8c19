"""Exceptions raised by toolfilter.

The hierarchy::

    ToolFilterError
    ├── ConfigError (also ValueError)        a configuration value is out of range
    ├── ToolSpecError (also ValueError)      a tool definition is malformed
    ├── QueryError (also ValueError)         a query is not text or too long, an argument is wrong
    ├── EmbedderError                        an embedder could not load or returned bad vectors
    ├── StoreError                           the Chroma store is unreachable, corrupt or locked
    │   └── EmbedderMismatchError            the store was built with another embedder
    └── SelectionError                       select() failed and fallback_to_empty is false

Warnings (``warnings.warn``; filter them by class)::

    ToolFilterWarning (also UserWarning)
    ├── ConfigWarning                        a config that likely does not do what was meant
    └── ToolSpecWarning                      a tool providers would reject, or without a description
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "ConfigWarning",
    "EmbedderError",
    "EmbedderMismatchError",
    "QueryError",
    "SelectionError",
    "StoreError",
    "ToolFilterError",
    "ToolFilterWarning",
    "ToolSpecError",
    "ToolSpecWarning",
]


class ToolFilterError(Exception):
    """Base class of every error toolfilter raises on purpose."""


class ConfigError(ToolFilterError, ValueError):
    """A configuration field has a value outside what is allowed."""


class ToolSpecError(ToolFilterError, ValueError):
    """A tool definition is malformed: it names the tool and the field."""


class QueryError(ToolFilterError, ValueError):
    """A caller's mistake in a request: a query that is not text or too long, a wrong argument."""


class EmbedderError(ToolFilterError):
    """An embedder could not be loaded or returned vectors of the wrong shape."""


class StoreError(ToolFilterError):
    """The tool store could not be opened, read or written."""


class EmbedderMismatchError(StoreError):
    """The store holds vectors of another embedder than the one in use."""


class SelectionError(ToolFilterError):
    """Selection failed and ``fallback_to_empty`` is false."""


class ToolFilterWarning(UserWarning):
    """Base class of every warning toolfilter gives."""


class ConfigWarning(ToolFilterWarning):
    """A config that is valid but likely not what was meant.

    A ``ToolFilterConfig(...)`` built without ``enabled`` (plain mode by omission), or the
    recommended preset's thresholds with an embedder they were not tuned for.
    """


class ToolSpecWarning(ToolFilterWarning):
    """A tool definition that loads but that model providers reject or that selects poorly.

    A name outside ``^[A-Za-z0-9_-]{1,64}$``, or an empty description.
    """
