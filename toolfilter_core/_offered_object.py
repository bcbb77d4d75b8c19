"""The destructive tools an assistant's offer names the object of, by the ids it carries.

"确认要作废 INV-3300 吗？" offers to void the invoice: 作废 reads as a void and as a cancel, so
``invoice_void`` and ``inspection_cancel`` both say its act; the id's prefix (INV, an invoice:
``id_nouns``) or a format the registry describes (``id_shapes``) names ``invoice_void``'s record and
not the inspection's. A confirmation takes the offer's act on the offer's object, never another
record's destroyer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._pipeline.id_nouns import id_nouns
from ._pipeline.id_shapes import id_shapes

if TYPE_CHECKING:
    from ._filter import ToolFilter
    from ._types import ToolSpec

__all__ = ["on_offered_object"]


def on_offered_object(tool_filter: ToolFilter, offer: str, tools: Sequence[ToolSpec]) -> list[ToolSpec]:
    """``tools`` less those the offer's ids name another record of (all of them where its ids name no record).

    An id takes a tool by a format the registry describes (where one of the registry's tools takes it, the tools
    that do not are another record's), else its label or prefix contradicts a tool of another record.
    """
    snapshot = tool_filter.snapshot
    shapes = id_shapes(snapshot)
    if any(shapes.takes(offer, snapshot.tools)):
        return [t for t, yes in zip(tools, shapes.takes(offer, tools), strict=True) if yes]
    read = id_nouns(snapshot, shapes.described).read(offer, tools)
    if read is None:
        return list(tools)
    return [t for t, no in zip(tools, read.contradicted, strict=True) if not no]
