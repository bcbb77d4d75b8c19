"""A value and the bars it is compared with, printed with enough digits that the comparison shown is true."""

from __future__ import annotations

FEWEST = 3
"""Digits after the point at least (``0.268 < 0.310``)."""
MOST = 8
"""Digits after the point at most: values closer than this print in full (``repr``)."""


def compared(value: float, *bars: float) -> tuple[str, ...]:
    """``value`` and each of ``bars`` as text, all with the fewest digits (from ``FEWEST``) that keep their order.

    A value just under its bar is not printed equal to it: ``0.0996`` and ``0.1000``, not ``0.100`` and
    ``0.100`` beside a "<" or "between".
    """
    for digits in range(FEWEST, MOST + 1):
        shown = tuple(f"{x:.{digits}f}" for x in (value, *bars))
        if all((float(shown[0]) < float(s)) == (value < bar) for s, bar in zip(shown[1:], bars, strict=True)):
            return shown
    return tuple(repr(float(x)) for x in (value, *bars))
