"""The words of a tool's name that say its act, not its object (``get`` of ``get_order``)."""

from __future__ import annotations

__all__ = ["NAME_VERBS"]

NAME_VERBS = frozenset(
    "get list show find search read fetch lookup look create add new make book open update modify edit set change "
    "patch send delete remove cancel void drop kill erase purge destroy retire refund revoke close return checkout "
    "archive restore reset stop start run execute terminate withdraw reject approve mark record assign move by".split()
)
"""Words of a tool's name that say its act, not its object."""
