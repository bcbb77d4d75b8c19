"""A tool profile's JSON form read into a ``ToolProfile``, with the limits it is held to."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .._exceptions import ToolSpecError
from .._files import excerpt
from .._near_keys import misspelt
from .._types import ToolProfile

__all__ = ["MAX_PROFILE_CHARS", "MAX_PROFILE_REQUESTS", "read_profile"]

MAX_PROFILE_REQUESTS = 32
"""Most requests of one kind (``requests``, ``destroy``, ``mentions``) in a tool's profile."""
MAX_PROFILE_CHARS = 400
"""Longest profile request: a request a user would type, not a document."""

PROFILE_FIELDS = (
    "requests",
    "destroy",
    "tool_hash",
    "params_hash",
    "writer",
    "prompt_version",
    "parameters",
    "destructive",
    "same_job_as",
    "mentions",
)
_SURROGATE = re.compile("[\ud800-\udfff]")


def _fail(where: str, field: str, value: Any, allowed: str) -> ToolSpecError:
    return ToolSpecError(f"tool {where}: field {field!r} is {excerpt(value)}; {allowed}")


def _texts(where: str, field: str, value: Any) -> tuple[str, ...]:
    """A list of requests: whitespace folded, blanks and repeats dropped, limits checked."""
    if value is None:
        return ()
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise _fail(where, field, value, "expected a list of strings")
    kept = tuple(dict.fromkeys(" ".join(v.split()) for v in value if v.strip()))
    if len(kept) > MAX_PROFILE_REQUESTS:
        raise _fail(where, field, f"<{len(kept)} requests>", f"at most {MAX_PROFILE_REQUESTS}")
    for number, text in enumerate(kept):
        if _SURROGATE.search(text):
            raise _fail(where, f"{field}.{number}", text, "contains unpaired surrogates (not valid Unicode text)")
        if len(text) > MAX_PROFILE_CHARS:
            raise _fail(where, f"{field}.{number}", text, f"at most {MAX_PROFILE_CHARS} characters")
    return kept


def read_profile(where: str, value: Any, *, field: str = "profile") -> ToolProfile | None:
    """A tool's profile from its JSON form (None for None).

    Raises:
        ToolSpecError: not a mapping, an unknown key, a value of the wrong type, more than
            ``MAX_PROFILE_REQUESTS`` requests of a kind, or a request over ``MAX_PROFILE_CHARS``.
    """
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise _fail(where, field, value, 'expected {"requests": [...], "destroy": [...]}')
    for key in value:
        if key not in PROFILE_FIELDS:
            near = misspelt({key: None}, [k for k in PROFILE_FIELDS if k not in value])
            hint = f"unknown key (did you mean {near[1]!r}?); " if near is not None else ""
            raise _fail(where, f"{field}.{key}", value[key], f"{hint}allowed keys: {list(PROFILE_FIELDS)}")
    meta: dict[str, str] = {}
    for key in ("tool_hash", "params_hash", "writer", "prompt_version"):
        item = value.get(key)
        item = "" if item is None else item
        if not isinstance(item, str):
            raise _fail(where, f"{field}.{key}", item, "expected a string")
        meta[key] = item
    requests = _texts(where, f"{field}.requests", value.get("requests"))
    destroy = _texts(where, f"{field}.destroy", value.get("destroy"))
    mentions = _texts(where, f"{field}.mentions", value.get("mentions"))
    names = value.get("parameters") or []
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise _fail(where, f"{field}.parameters", names, "expected a list of parameter names")
    same = value.get("same_job_as") or []
    if not isinstance(same, list) or not all(isinstance(n, str) and n for n in same):
        raise _fail(where, f"{field}.same_job_as", same, "expected a list of tool names")
    destructive = value.get("destructive")
    if destructive is not None and not isinstance(destructive, bool):
        raise _fail(where, f"{field}.destructive", destructive, "expected true, false or null")
    return ToolProfile(
        requests,
        destroy,
        **meta,
        parameters=tuple(names),
        destructive=destructive,
        same_job_as=tuple(dict.fromkeys(same)),
        mentions=mentions,
    )
