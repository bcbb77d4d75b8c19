"""A field deleted that carries an id of its own ("旧仓库地址 S-901") is a record the id names, not a field.

A pest control firm's "删除客户的旧仓库地址 S-901，已经不用了。" (delete the customer's old warehouse address S-901, no
longer used) held ``site_delete``, with profiles or none, as deleting an address field of the customer (an edit);
the site S-901 is the address. Cosines are fixed by hand (``TableEmbedder``).
"""

import numpy as np
import pytest

from toolfilter_core import Profiles, ToolProfile, ToolSpec
from toolfilter_core._pipeline.parts import field_deleted, fields_deleted

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

DESTROYS = {"destructiveHint": True}
SITE_DELETE = ToolSpec(
    "site_delete", "Permanently delete a customer site, e.g. S-1001.", takes("site_id"), annotations=DESTROYS
)
UPDATE = ToolSpec("customer_update_contact", "Update a customer's phone number, email or billing address.")
SITE_ADD = ToolSpec("site_add", "Add a service site (a warehouse) to a customer account.", takes("customer_id"))
TOOLS = [SITE_DELETE, UPDATE, SITE_ADD]
ASKS = ["删除客户的旧仓库地址 S-901，已经不用了。", "delete the customer's old warehouse address S-901, it's not used"]
FIELD = "删除客户 C-3302 的旧地址，已经不用了。"
TABLE = tool_axes(TOOLS) | act_phrases(5, 6)
TABLE |= {text: unit(0, 0.7, 0.5, 0.4, 0, 0.3) for text in [*ASKS, FIELD]}
TABLE |= {"客户的仓库 S-1001 不做了，删掉": unit(0, 1, 0, 0, 0, 0.3)}
PROFILES = Profiles({"site_delete": ToolProfile(("客户的仓库 S-1001 不做了，删掉",))})


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("删除客户的旧仓库地址 S-901，已经不用了。", None),
        ("delete the customer's old address S-901", None),
        ("删除客户 C-3302 的旧地址，已经不用了。", "旧地址"),
        ("delete the customer's old address", "old address"),
    ],
)
def test_a_field_with_an_id_of_its_own_is_no_field(text, field):
    assert field_deleted(text) == field
    held = fields_deleted(text, [SITE_DELETE], np.array([[True]]))
    assert bool(held[0, 0]) is (field is not None)


@pytest.mark.parametrize("text", ASKS)
@pytest.mark.parametrize("profiles", [None, PROFILES])
def test_the_site_the_id_names_is_sent_its_delete(text, profiles):
    s = hand_filter(TOOLS, TABLE, min_score=0.5, profiles=profiles).select(text)
    assert "site_delete" in s.names, s.explain()


def test_a_field_of_the_customer_still_holds_the_site_delete():
    s = hand_filter(TOOLS, TABLE, min_score=0.5).select(FIELD)
    assert "site_delete" not in s.names, s.explain()
