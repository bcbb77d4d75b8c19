"""A field of a record deleted ("delete the old phone number on CU-5120"): an edit, not the record's destroyer's act.

Deleting a phone number, an email or an address of a customer changes the customer (the update tool's act);
``delete_customer`` destroys the customer itself. Where the request deletes a field (``FIELDS``) of a record it names
as the field's owner ("… on CU-5120", "… from customer 88", "CU-5120's …", "his …", "把 CU-5120 的旧电话号码删掉"),
a destructive tool whose object the deleted thing does not name (``objects.names_object``, a Chinese field read in
English too: ``FIELDS_IN_ENGLISH``) is held; one whose object
it names (``customer_phone_delete``) is asked, and so is one the rest of the request asks itself ("…, then delete the
customer entirely").
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

from .._hints import request_is_destructive, request_says_its_act
from .._types import ToolSpec
from .id_shapes import ID_TOKEN
from .objects import names_object

__all__ = ["FIELDS", "asked_besides", "field_deleted", "fields_deleted", "names_field"]

FIELDS = (
    r"phone(?:\s+numbers?)?|(?:mobile|cell|fax|contact)\s+numbers?|e-?mails?(?:\s+address(?:es)?)?"
    r"|(?:postal|mailing|billing|shipping|home)?\s*address(?:es)?|notes?|comments?|nicknames?"
    r"|photos?|pictures?|avatars?|birthdays?"
    r"|电话号码|电话|手机号码?|邮箱|电子邮件|地址|备注|昵称|头像|照片|生日"
)
"""The fields of a record a request deletes (a phone number, an email, an address, a note, a photo): "delete the old
phone number on CU-5120", "把 CU-5120 的旧电话号码删掉", "remove the second email from customer 88". Not a tag or a
label: "删掉 acme/web 的 tag v0.9-rc" deletes a git tag, a record of its own."""

FIELDS_IN_ENGLISH = {
    "电话": "phone",
    "手机": "mobile phone",
    "号码": "number",
    "邮箱": "email",
    "电子邮件": "email",
    "地址": "address",
    "备注": "note",
    "昵称": "nickname",
    "头像": "avatar",
    "照片": "photo",
    "生日": "birthday",
}
"""The Chinese words of ``FIELDS`` and their English: a field said in Chinese names a destroyer's object as its English
does ("删除客户C-12的地址A-3" names ``delete_saved_address``'s address, as "delete the address of customer C-12")."""

_DELETE_EN = r"(?:delete|remove|clear|erase|drop|wipe)(?:s|d|ing)?"
_DELETE_ZH = r"(?:删掉|删除|删了|去掉|清空|清除|移除|抹掉)"
_CLAUSE = r"[^，,。；;!！？?\n]"
_ABOUT_EN = r"(?:\s+(?:about|regarding|saying|that\s+says|ending(?:\s+in)?|with)(?:\s+[\w'-]+){1,5}?)?"
"""What the field says, between it and its owner: "the note about the dog", "the number ending in 42"."""
_PART_EN = re.compile(
    rf"\b{_DELETE_EN}\s+(?P<thing>(?:[\w'-]+\s+){{0,4}}?(?:{FIELDS})){_ABOUT_EN}\s+(?:from|on|of|in|off)\s+\S",
    re.I,
)
_OWNER = r"(?:his|her|their|its|(?:[\w-]+\s+){0,2}?[\w-]+(?:'s|’s|s'|s’))"
"""An owner said before the field: "his", "her", "CU-5120's", "the customer's" (e.g.
"delete CU-5120's phone number", "do not delete customer CU-5120; delete his phone number")."""
_PART_OWNED_EN = re.compile(rf"\b{_DELETE_EN}\s+{_OWNER}\s+(?P<thing>(?:[\w'-]+\s+){{0,3}}?(?:{FIELDS}))\b", re.I)
_PART_ZH = re.compile(
    rf"把{_CLAUSE}{{1,20}}?的(?P<thing>{_CLAUSE}{{0,6}}?(?:{FIELDS})){_CLAUSE}{{0,4}}?{_DELETE_ZH}"
    rf"|{_DELETE_ZH}{_CLAUSE}{{1,20}}?的(?P<thing_after>{_CLAUSE}{{0,6}}?(?:{FIELDS}))"
)


_OWN_ID = re.compile(rf"\s*{ID_TOKEN}")
"""An id right after the field: "旧仓库地址 S-901" names the thing deleted by an id of its own, a record."""
_AN_ID = re.compile(ID_TOKEN)
"""Another id in the request, its owner's: "删除客户C-12的地址A-3" deletes an address of customer C-12."""


def _field_match(text: str) -> re.Match[str] | None:
    """The field a request deletes of a record it names as its owner.

    None where an id of its own follows the field and the request says no other id ("删除客户的旧仓库地址 S-901": the
    site S-901 is the thing deleted); "删除客户C-12的地址A-3" is still an address of customer C-12.
    """
    found = _PART_EN.search(text) or _PART_OWNED_EN.search(text) or _PART_ZH.search(text)
    if found is None:
        return None
    own = _OWN_ID.match(text, found.end("thing" if found.group("thing") is not None else "thing_after"))
    return None if own and not _AN_ID.search(f"{text[: own.start()]} {text[own.end() :]}") else found


def field_deleted(text: str) -> str | None:
    """The field the request deletes of a record it names as its owner ("the old phone number"), if it deletes one."""
    found = _field_match(text)
    if found is None:
        return None
    return next(g for g in found.groups() if g is not None)


def names_field(thing: str, tool: ToolSpec) -> bool:
    """The field deleted (``thing``) names ``tool``'s object, its Chinese words read in English too."""
    english = " ".join(en for zh, en in FIELDS_IN_ENGLISH.items() if zh in thing)
    return names_object(f"{thing} {english}", tool)


def asked_besides(rest: str, tool: ToolSpec) -> bool:
    """``rest`` (the request less its field deleted) asks ``tool``'s act itself: a destroy word and the tool's object.

    "delete the phone number on CU-5120, then delete the customer entirely" deletes the customer too.
    """
    return (request_is_destructive(rest) or request_says_its_act(rest, tool)) and names_object(rest, tool)


def fields_deleted(text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded) held because the request deletes a field not theirs.

    Not one the rest of the request asks as well (``asked_besides``).
    """
    out = np.zeros_like(destructive)
    found = _field_match(text)
    if found is None:
        return out
    thing = next(g for g in found.groups() if g is not None)
    rest = f"{text[: found.start()]} {text[found.end() :]}"
    for j, tool in enumerate(tools):
        out[0, j] = bool(destructive[0, j]) and not names_field(thing, tool) and not asked_besides(rest, tool)
    return out
