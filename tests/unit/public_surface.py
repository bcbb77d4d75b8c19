"""The check each package's public-surface test shares: its namespace holds ``__all__`` and nothing more."""

from __future__ import annotations

from types import ModuleType


def names_outside_all(package: ModuleType) -> list[str]:
    """Public (non-underscore) names in ``package`` that ``__all__`` does not list; its own submodules aside.

    A submodule (``toolfilter_core.index``, or ``toolfilter_core.cli`` once imported) is an
    attribute of its package by the import system's doing, not an export.
    """

    def own_submodule(value: object) -> bool:
        return isinstance(value, ModuleType) and value.__name__.startswith(package.__name__ + ".")

    exported = set(package.__all__)
    return sorted(
        name
        for name, value in vars(package).items()
        if not name.startswith("_") and name not in exported and not own_submodule(value)
    )
