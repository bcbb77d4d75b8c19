"""A tool the registry gives an id format takes no id of another prefix by abbreviation.

A parcel shop's ``package_cancel`` takes tracking numbers ("e.g. TRK-10023"). "把 P-5521 删掉，是录错了" (delete
P-5521, it was entered by mistake) carries a "P" id no tool's words describe; "p" abbreviates "package" and
"profile", so the profile destroyers were held as several records' while ``package_cancel`` was sent as taking the
request's id: its ids are TRK-…, not P-… (``id_nouns.OWN_FORMAT``). Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

from toolfilter_core import ToolFilter, ToolSpec

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

id_nouns = importlib.import_module("toolfilter_core._pipeline.id_nouns")

TRACKING = {"tracking_no": {"type": "string", "description": "Tracking number, e.g. TRK-10023"}}
PACKAGE_CANCEL = ToolSpec(
    "package_cancel",
    "Cancel a package before it ships.",
    {"type": "object", "properties": TRACKING, "required": ["tracking_no"]},
)
PHOTO_DELETE = ToolSpec("profile_photo_delete", "Delete a profile's photo.", takes("profile_id"))
PROFILE_DELETE = ToolSpec("profile_delete", "Delete a profile and its history.", takes("profile_id"))
PROFILE_GET = ToolSpec("profile_get", "Show a profile.", takes("profile_id"))
TOOLS = [PHOTO_DELETE, PACKAGE_CANCEL, PROFILE_DELETE, PROFILE_GET]
QUERY = "把 P-5521 删掉，是录错了"
TABLE = tool_axes(TOOLS) | act_phrases(5, 6) | {QUERY: unit(0, 0.8, 0.6, 0.3, 0.5)}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


def test_a_tool_with_its_own_id_format_does_not_take_an_id_its_noun_abbreviates() -> None:
    snapshot = _filter().snapshot
    read = id_nouns.id_nouns(snapshot, frozenset({"trk"})).read(QUERY, [PACKAGE_CANCEL])
    assert read is not None and read.fits == [False] and read.contradicted == [True]


def test_the_destroyer_of_another_id_format_is_not_sent_in_place_of_the_held_ones() -> None:
    assert "package_cancel" not in _filter().select(QUERY).names


def test_off_the_prefix_fits_its_noun_whatever_its_format(monkeypatch) -> None:
    monkeypatch.setattr(id_nouns, "OWN_FORMAT", False)
    monkeypatch.setattr(id_nouns, "_CACHE", type(id_nouns._CACHE)())
    assert "package_cancel" in _filter().select(QUERY).names  # the behaviour before


def test_a_prefix_no_other_destroyer_s_noun_abbreviates_stays_its_own() -> None:
    # "PK-5521": "pk" abbreviates "package" alone, so package_cancel keeps the id though its format is TRK-…
    snapshot = _filter().snapshot
    read = id_nouns.id_nouns(snapshot, frozenset({"trk"})).read("把 PK-5521 删掉，是录错了", [PACKAGE_CANCEL])
    assert read is not None and read.fits == [True]
