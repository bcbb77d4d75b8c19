"""A thing removed from a record destroys no record, and a blocked destroyer asked lets no other in.

A photo studio's "remove the watermark from G-551 photos" was sent ``gallery_delete`` first: "remove X from Y" removes
X from Y; a destroyer whose thing is Y is not asked, unless its own words say it takes a thing from Y ("Remove an item
from a member's box"). Emptying the record ("remove all photos from G-551") is no gallery deletion either: it is held
as before. With ``client_remove`` blocked, "delete client C-3307's data" was sent ``gallery_delete`` (its verb said):
the destroy asked is the blocked tool's, and the next destroyer stands in for none. Fake embedder (``HashingEmbedder``).
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec

GONE = {"destructiveHint": True}


def _takes(name: str) -> dict[str, object]:
    return {"type": "object", "properties": {name: {"type": "string"}}, "required": [name]}


STUDIO = [
    ToolSpec(
        "gallery_delete",
        "Permanently delete a client gallery and all photos in it from cloud storage. Cannot be recovered.",
        _takes("gallery_id"),
        annotations=GONE,
    ),
    ToolSpec("retouch_order_create", "Send selected photos to the retouching team: background cleanup.", _takes("gid")),
    ToolSpec("gallery_share_link", "Get the share link of a client's online gallery.", _takes("gallery_id")),
    ToolSpec(
        "client_remove", "Remove a client and their personal data from the CRM.", _takes("client_id"), annotations=GONE
    ),
    ToolSpec("client_update_contact", "Update a client's phone or email.", _takes("client_id")),
]
BOX = ToolSpec("box_remove_item", "Remove an item from a member's box.", _takes("member_id"), annotations=GONE)
PROFILES = Profiles(
    {
        "gallery_delete": ToolProfile((), ("delete gallery G-330", "删除相册 G-330")),
        "client_remove": ToolProfile((), ("erase client C-410's personal data",)),
        "retouch_order_create": ToolProfile(("send G-330 photos to retouching",)),
    }
)
WATERMARK = [
    "remove the watermark from G-551 photos",
    "remove watermark from G-551 photos",
    "delete the watermark from the G-551 photos",
    "from G-551 photos remove the watermark",
    "remove the blurry shots from gallery G-551",
    "去掉 G-551 照片上的水印",
    "从 G-551 的照片中删除水印",
]


def _names(tools: list[ToolSpec], text: str, profiled: bool, **config: object) -> list[str]:
    profiles = PROFILES if profiled else None
    return list(ToolFilter(tools, config=config, embedder=HashingEmbedder(), profiles=profiles).select(text).names)


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize("text", WATERMARK)
def test_a_thing_removed_from_a_gallery_deletes_no_gallery(text: str, profiled: bool) -> None:
    assert "gallery_delete" not in _names(STUDIO, text, profiled)


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize("text", ["Delete gallery G-551", "delete G-551"])
def test_a_gallery_deleted_still_is(text: str, profiled: bool) -> None:
    assert "gallery_delete" in _names(STUDIO, text, profiled)


@pytest.mark.parametrize("profiled", [False, True])
def test_a_thing_removed_from_where_the_tool_takes_things_from_still_asks_it(profiled: bool) -> None:
    assert "box_remove_item" in _names([*STUDIO, BOX], "remove the eggs from M-1890's box", profiled)


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("remove the watermark from G-551 photos", True),
        ("from G-551 photos remove the watermark", True),
        ("去掉 G-551 照片上的水印", True),
        ("从 G-551 的照片中删除水印", True),
        ("remove all photos from G-551", False),  # the whole record emptied: not read as a part taken from it
        ("从 G-551 删除所有照片", False),
        ("Delete gallery G-551", False),
        ("remove the watermark from G-551 and delete the gallery", False),  # the record itself deleted after
    ],
)
def test_a_thing_taken_from_an_ids_record_holds_the_records_destroyer(text: str, held: bool) -> None:
    from toolfilter_core._pipeline.said_objects import things_of_ids

    assert bool(things_of_ids(text, STUDIO[:1], np.array([[True]]))[0, 0]) is held


def test_the_tools_own_from_keeps_it() -> None:
    from toolfilter_core._pipeline.said_objects import things_of_ids

    assert not things_of_ids("remove the eggs from M-1890's box", [BOX], np.array([[True]]))[0, 0]


@pytest.mark.parametrize("text", ["把 M-2150 下周箱子里的核桃去掉", "配送组转达：M-2012 这周箱子里的茄子拿掉"])
def test_the_tools_own_from_said_in_chinese_keeps_it(text: str) -> None:
    """A farm-box co-op's asks: the box an item is taken from, said in Chinese (箱子), is the tool's own "from"."""
    from toolfilter_core._pipeline.said_objects import things_of_ids

    assert not things_of_ids(text, [BOX], np.array([[True]]))[0, 0]


BLOCKED_ASKS = [
    "delete client C-3307's data",
    "delete all data of this client",
    "删除客户 C-3307 的数据",
    "删除这个客户的个人数据",
    "客户要求删除他的所有个人信息，客户编号 C-3307，请从系统里删掉",
]


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize("text", BLOCKED_ASKS)
def test_a_blocked_destroyer_asked_leaves_no_destroyer(text: str, profiled: bool) -> None:
    names = _names(STUDIO, text, profiled, block_tools=["client_remove"])
    assert "gallery_delete" not in names and "client_remove" not in names


@pytest.mark.parametrize("profiled", [False, True])
def test_a_destroyer_named_beside_a_blocked_one_still_comes(profiled: bool) -> None:
    assert "gallery_delete" in _names(STUDIO, "Delete gallery G-551", profiled, block_tools=["client_remove"])
    assert "client_remove" in _names(STUDIO, "delete all data of this client", profiled)  # not blocked: asked


def test_the_langchain_middlewares_block_leaves_no_destroyer_either() -> None:
    from langchain.agents.middleware import ModelRequest
    from langchain_core.messages import HumanMessage

    from langchain_toolfilter import ToolFilterMiddleware

    from .langchain_kit import RecordingChatModel

    dicts = [{"type": "function", "function": t.to_openai()["function"]} for t in STUDIO]

    def sent(text: str, blocked: list[str]) -> list[str]:
        mw = ToolFilterMiddleware(embedder=HashingEmbedder(), block_tools=blocked)
        request = ModelRequest(
            model=RecordingChatModel(messages=iter(["ok"])), messages=[HumanMessage(text)], tools=dicts
        )
        return [t["function"]["name"] for t in mw.filter_request(request).tools]

    assert "gallery_delete" not in sent("delete all data of this client", ["client_remove"])
    assert "gallery_delete" in sent("Delete gallery G-551", ["client_remove"])
