"""A misspelled keyword to a public constructor is refused naming the argument meant."""

from __future__ import annotations

import difflib
import functools
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ParamSpec, TypeVar

from ._exceptions import ConfigError

__all__ = [
    "checked_keywords",
    "field_named",
    "named_keywords",
    "own_arguments",
    "refuse_unknown_options",
]

_P = ParamSpec("_P")
_R = TypeVar("_R")
_C = TypeVar("_C", bound=type)

FOREIGN_NAMES: Mapping[str, str] = {"similaritytopk": "top_k", "maxtools": "top_k", "k": "top_k"}
"""Other libraries' names for a config field, as a user coming from them types it (``_squashed``)."""


def _squashed(name: str) -> str:
    """``name`` without case, ``_`` or ``-``: ``similarity_topk`` and ``similarity_top_k`` are one."""
    return name.lower().replace("_", "").replace("-", "")


def own_arguments(*functions: Callable[..., object]) -> tuple[str, ...]:
    """The names ``functions`` take as keywords (not ``self``, ``*args``, ``**kwargs``), once each."""
    names: dict[str, None] = {}
    for function in functions:
        for name, parameter in inspect.signature(function).parameters.items():
            if parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY):
                if name not in ("self", "cls"):
                    names.setdefault(name, None)
    return tuple(names)


def field_named(key: str, fields: Sequence[str]) -> str | None:
    """The one of ``fields`` ``key`` names but for ``_``, ``-`` and case, or by another library's name; or None."""
    same = [name for name in fields if _squashed(name) == _squashed(key)]
    if same:
        return same[0]
    return FOREIGN_NAMES[_squashed(key)] if FOREIGN_NAMES.get(_squashed(key)) in fields else None


def closest_keyword(key: str, own: Sequence[str], fields: Sequence[str]) -> str | None:
    """The own argument or config field ``key`` most likely meant, or None.

    The same name but for ``_`` and case first, then another library's name for a field,
    then the closest spelling.
    """
    same = [name for name in (*own, *fields) if _squashed(name) == _squashed(key)]
    if same:
        return same[0]
    if FOREIGN_NAMES.get(_squashed(key)) in fields:
        return FOREIGN_NAMES[_squashed(key)]
    close = difflib.get_close_matches(key, own, n=1, cutoff=0.7) or difflib.get_close_matches(key, fields, n=1)
    return close[0] if close else None


def refuse_unknown_options(where: str, options: Iterable[str], own: Sequence[str], fields: Sequence[str]) -> None:
    """Refuse a keyword that is neither one of ``own`` nor one of the config ``fields``.

    Raises:
        ConfigError: A keyword is unknown; the message names the closest argument or field.
    """
    for key in options:
        if key not in fields:
            meant = closest_keyword(key, own, fields)
            hint = f" (did you mean {meant!r}?)" if meant else ""
            msg = (
                f"{where}: unknown argument {key!r}{hint}; its own arguments are {list(own)}, "
                "and any other keyword must be a ToolFilterConfig field"
            )
            raise ConfigError(msg)


def unknown_keyword(where: str, key: str, own: Sequence[str], fields: Sequence[str] = ()) -> str:
    """The message for ``key``, an argument ``where`` does not take (a config field: ``config=``)."""
    meant = closest_keyword(key, own, fields)
    hint = f" (did you mean {meant!r}?)" if meant else ""
    if meant is not None and meant not in own and "config" in own:
        hint = f" (did you mean config={{{meant!r}: ...}}? {meant!r} is a config field)"
    return f"{where}: unexpected keyword argument {key!r}{hint}; it takes {list(own)}"


def named_keywords(where: str, fields: Sequence[str] = ()) -> Callable[[Callable[_P, _R]], Callable[_P, _R]]:
    """Make a function refuse an unknown keyword with a ``TypeError`` naming the one meant."""

    def wrap(function: Callable[_P, _R]) -> Callable[_P, _R]:
        own = own_arguments(function)

        @functools.wraps(function)
        def checked(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            for key in kwargs:
                if key not in own:
                    raise TypeError(unknown_keyword(where, key, own, fields))
            return function(*args, **kwargs)

        return checked

    return wrap


def checked_keywords(cls: _C) -> _C:
    """A class decorator: its constructor refuses an unknown keyword naming the one meant."""
    init: Any = cls.__dict__["__init__"]  # the class's own constructor
    setattr(cls, "__init__", named_keywords(f"{cls.__name__}()")(init))  # noqa: B010
    return cls
