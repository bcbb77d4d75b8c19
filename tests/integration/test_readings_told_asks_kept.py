"""Whole selections, the real default embedder: asks the told-acts reading once took for acts told.

A correction naming only another record ("I said cancel BP-5531, I meant BP-5532"), an act done first with the rest
put off ("先取消 BP-5531 再说"), the speaker's own need ("I would need to cancel ...") and 几乎 describing a thing
("把几乎没人用的登记 BR-220 删掉") each lost its destroyer (a household-waste registry, ``waste_kit``).
"""

from __future__ import annotations

import pytest

from tests.unit.waste_kit import TOOLS
from toolfilter_core import ToolFilter

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS)


@pytest.mark.parametrize(
    ("text", "destroyer"),
    [
        ("I said cancel BP-5531, I meant BP-5532", "bulky_pickup_cancel"),
        ("Sorry, I said delete BR-220 but I meant BR-221", "bin_registration_delete"),
        ("刚才说取消 BP-5531，其实是 BP-5532", "bulky_pickup_cancel"),
        ("I wrote cancel BP-5531, I meant to write BP-5532", "bulky_pickup_cancel"),
        ("先取消 BP-5531 再说", "bulky_pickup_cancel"),
        ("先把大件预约 BP-5531 取消了再说", "bulky_pickup_cancel"),
        ("I would need to cancel bulky pickup BP-5531", "bulky_pickup_cancel"),
        ("Something came up, I'd have to cancel my bulky pickup BP-5531 on Friday", "bulky_pickup_cancel"),
        ("把几乎没人用的登记 BR-220 删掉", "bin_registration_delete"),
    ],
)
def test_an_ask_read_as_told_gets_its_destroyer(tool_filter: ToolFilter, text: str, destroyer: str) -> None:
    s = tool_filter.select(text)
    assert destroyer in s.names, s.explain()
