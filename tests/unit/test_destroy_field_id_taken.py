"""A field deleted with an id of its own is the record only where a destroyer takes that id's shape.

"delete customer C-3302's old address B12" (a flat number) deletes the customer's address, an edit; ``site_delete``
takes "S-1001" ids, not "B…", and was sent. Cosines are fixed by hand (``TableEmbedder``).
"""

import numpy as np
import pytest

from toolfilter_core._pipeline.parts import destroyer_ids, field_deleted, fields_deleted

from . import test_destroy_field_with_its_id as base
from .fakes import hand_filter, unit

FLATS = ["delete customer C-3302's old address B12", "删除客户 C-3302 的旧地址 B2栋，已经不用了。"]
SITE = "删除客户 C-3302 的旧地址 S-901"
TABLE = base.TABLE | {text: unit(0, 0.7, 0.5, 0.4, 0, 0.3) for text in [*FLATS, SITE]}


def test_the_ids_destroyers_take():
    assert destroyer_ids(base.TOOLS, np.array([[True, False, False]])) == {"s"}
    assert destroyer_ids(base.TOOLS, np.array([[False, False, False]])) == frozenset()


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("delete customer C-3302's old address B12", "old address"),
        ("删掉会员 M-1 的地址 B2栋", "地址"),
        ("删除客户 C-77 的备注 A1", "备注"),
        ("删除客户 C-3302 的旧地址 S-901", None),
    ],
)
def test_an_id_no_destroyer_takes_is_no_record(text, field):
    assert field_deleted(text, {"s"}) == field
    held = fields_deleted(text, [base.SITE_DELETE], np.array([[True]]))
    assert bool(held[0, 0]) is (field is not None)


@pytest.mark.parametrize("text", FLATS)
def test_a_field_with_a_flat_number_holds_the_site_delete(text):
    s = hand_filter(base.TOOLS, TABLE, min_score=0.5).select(text)
    assert "site_delete" not in s.names, s.explain()


def test_a_field_with_a_site_id_is_sent_its_delete():
    s = hand_filter(base.TOOLS, TABLE, min_score=0.5).select(SITE)
    assert "site_delete" in s.names, s.explain()
