"""A record named as the one who asks for an act is not the thing destroyed.

A photo studio's "客户想撤回精修单 RT-88" (the client wants to withdraw retouch order RT-88) was sent ``client_remove``:
the request asks to destroy by its words and the client's tool ranked first; but the client is who asks, the retouch
order is what is withdrawn. "Delete gallery G-551, the client asked us to remove all their wedding photos from the
cloud" sent ``client_remove`` beside ``gallery_delete`` for its verb ("remove"). The asker's own thing ("the client
asked us to delete her data", "客户要求删除他的所有个人信息") still asks the record's destroyer, and so does an
object that names no thing ("client C-3307 asked us to delete everything we have on her", "客户 C-12 要求删除所有
东西": the client's own record, an erasure). Fake embedder (``HashingEmbedder``).
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._pipeline.owners import owner_only

GONE = {"destructiveHint": True}


def _takes(name: str) -> dict[str, object]:
    return {"type": "object", "properties": {name: {"type": "string"}}, "required": [name]}


CLIENT_REMOVE = ToolSpec(
    "client_remove",
    "Remove a client and their personal data from the CRM (privacy / GDPR / PIPL erasure request).",
    _takes("client_id"),
    annotations=GONE,
)
STUDIO = [
    CLIENT_REMOVE,
    ToolSpec(
        "gallery_delete",
        "Permanently delete a client gallery and all photos in it.",
        _takes("gallery_id"),
        annotations=GONE,
    ),
    ToolSpec("retouch_status", "Retouching job progress.", _takes("job_id")),
    ToolSpec("client_lookup", "Find a client by name or phone.", _takes("query")),
]
PROFILES = Profiles(
    {
        "client_remove": ToolProfile(
            (), ("client C-300 requested data deletion, please remove them", "删除客户 C-410")
        ),
        "retouch_status": ToolProfile(("精修单 RT-40 做好了吗",)),
    }
)


def _names(text: str, profiled: bool) -> list[str]:
    profiles = PROFILES if profiled else None
    return list(ToolFilter(STUDIO, embedder=HashingEmbedder(), profiles=profiles).select(text).names)


@pytest.mark.parametrize(
    ("text", "asker_only"),
    [
        ("客户想撤回精修单 RT-88", True),
        ("客户要撤回精修单 RT-88", True),
        ("the client wants to withdraw retouch order RT-88", True),
        ("Delete gallery G-551, the client asked us to remove all their wedding photos from the cloud", True),
        ("the client asked us to remove all their wedding photos from the cloud, delete gallery G-551", True),
        ("客户要求删除他的所有个人信息，客户编号 C-3307，请从系统里删掉", False),
        ("the client asked us to delete her data", False),
        ("客户想删除自己的账户", False),
        # an object that names no thing: the asker's own record, erased
        ("the client asked us to delete everything we have on her", False),
        ("client C-12 asked to delete everything", False),
        ("client C-12 asked us to wipe it all", False),
        ("client C-12 wants us to remove anything we hold", False),
        ("客户 C-12 要求删除所有东西", False),
        ("客户要求删除他的一切", False),
        ("客户 C-12 希望我们删掉他的所有东西", False),
        ("客户希望我们删掉精修单 RT-88", True),
        ("delete client C-3307", False),
    ],
)
def test_a_client_who_asks_is_not_the_thing_removed(text: str, asker_only: bool) -> None:
    assert owner_only(text, CLIENT_REMOVE) is asker_only


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize(
    "text",
    [
        "客户想撤回精修单 RT-88",
        "Delete gallery G-551, the client asked us to remove all their wedding photos from the cloud",
        "the client wants to withdraw retouch order RT-88",
    ],
)
def test_the_asking_clients_destroyer_is_not_sent(text: str, profiled: bool) -> None:
    assert "client_remove" not in _names(text, profiled)


@pytest.mark.parametrize("profiled", [False, True])
def test_the_gallery_deleted_beside_the_asking_client_still_is(profiled: bool) -> None:
    text = "Delete gallery G-551, the client asked us to remove all their wedding photos from the cloud"
    assert "gallery_delete" in _names(text, profiled)


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize(
    "text",
    [
        "the client asked us to delete her personal data, client C-3307",
        "delete client C-3307's data",
        "client C-3307 asked us to delete everything we have on her",
    ],
)
def test_the_clients_own_data_removed_still_asks_its_destroyer(text: str, profiled: bool) -> None:
    assert "client_remove" in _names(text, profiled)
