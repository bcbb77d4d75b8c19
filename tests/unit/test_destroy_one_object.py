"""A destroy request gets the destroyer of the object it names, not another object's too.

A vet clinic's "Cancel appointment 7781" says ``cancel``, the verb of ``appointment_cancel`` and of
``boarding_cancel``; "处方开错了，作废掉" says 作废, the verb of ``prescription_void`` (作废一张处方) and,
across languages, of ``invoice_void``. Both tools were sent. The request names one tool's object
(``appointment``, 处方): the other destroyer, whose object it does not name, is held
(``objects``, ``decide.one_object``). Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import ToolFilter, ToolSpec
from toolfilter_core._pipeline.objects import names_object, object_words

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")
objects = importlib.import_module("toolfilter_core._pipeline.objects")


APPOINTMENT_CANCEL = ToolSpec("appointment_cancel", "Cancel an appointment and free the slot.", takes("appointment_id"))
BOARDING_CANCEL = ToolSpec("boarding_cancel", "Cancel a boarding reservation before check-in.", takes("stay_id"))
INVOICE_VOID = ToolSpec("invoice_void", "Void an invoice issued by mistake.", takes("invoice_id"))
PRESCRIPTION_VOID = ToolSpec("prescription_void", "作废一张处方（开错药时），不可恢复。", takes("rx_id"))
TOOLS = [APPOINTMENT_CANCEL, BOARDING_CANCEL, INVOICE_VOID, PRESCRIPTION_VOID]
PHRASES = act_phrases(5, 6)
TABLE = tool_axes(TOOLS) | PHRASES
TABLE |= {
    "Cancel appointment 7781, the owner called": unit(0, 0.8, 0.7, 0.1, 0.1),
    "cancel 7781": unit(0, 0.8, 0.7, 0.1, 0.1),  # names no object: both stay
    "处方开错了，作废掉": unit(0, 0.1, 0.1, 0.7, 0.8),
}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


def test_a_tools_object_words_are_its_name_less_its_verbs():
    assert object_words(APPOINTMENT_CANCEL, "name") == {"appointment"}
    assert object_words(ToolSpec("github__delete_branches", "Delete branches."), "name") == {"branch"}
    assert "处方" in object_words(PRESCRIPTION_VOID, "description")
    assert object_words(APPOINTMENT_CANCEL, "off") == set()


@pytest.mark.parametrize("parameter", ["stay_id", "stayId", "StayID", "stay-id", "stay_number"])
def test_with_params_a_tools_only_id_parameter_names_its_record_however_its_words_are_joined(parameter):
    """``boarding_cancel(stay_id)`` acts on a stay; its parameter's words read as a tool name's (``name_words``)."""
    tool = ToolSpec("boarding_cancel", "Cancel a boarding reservation.", takes(parameter))
    assert object_words(tool, "params") == {"boarding", "stay"}
    two = ToolSpec("drop_student", "Drop a student.", {"properties": {"student_id": {}, "course_id": {}}})
    assert object_words(two, "params") == {"student"}  # two ids: the record is either; its name's words only


def test_a_request_names_an_object_in_any_plural_form_or_in_chinese():
    assert names_object("cancel both appointments", APPOINTMENT_CANCEL, "name")
    assert not names_object("cancel both appointments", BOARDING_CANCEL, "name")
    assert names_object("处方开错了，作废掉", PRESCRIPTION_VOID, "description")
    assert not names_object("处方开错了，作废掉", INVOICE_VOID, "description")


def test_one_object_holds_the_other_let_in_destroyers_only_where_one_let_in_is_named():
    destructive = np.array([[True, True, True, False]])
    unasked = np.array([[False, False, True, False]])
    named = np.array([[True, False, False, False]])
    held = decide.one_object(destructive, unasked, named)
    assert held.tolist() == [[False, True, True, False]]
    nothing_named = decide.one_object(destructive, unasked, np.zeros_like(named))
    assert nothing_named.tolist() == unasked.tolist()
    only_held_named = decide.one_object(destructive, unasked, np.array([[False, False, True, False]]))
    assert only_held_named.tolist() == unasked.tolist()  # a held tool's object gives no other way


@pytest.mark.parametrize("source", ["name", "description"])
def test_cancel_appointment_is_not_sent_boarding_cancel(monkeypatch, source):
    monkeypatch.setattr(objects, "OBJECT_FROM", source)
    names = _filter().select("Cancel appointment 7781, the owner called").names
    assert "appointment_cancel" in names
    assert "boarding_cancel" not in names


def test_a_request_that_names_no_object_keeps_every_destroyer_of_its_act(monkeypatch):
    monkeypatch.setattr(decide, "SHARED_VERB", "all")  # a shared verb lets each in (test_destroy_shared_verb.py)
    names = _filter().select("cancel 7781").names
    assert {"appointment_cancel", "boarding_cancel"} <= set(names)


def test_a_chinese_request_naming_a_prescription_is_not_sent_invoice_void(monkeypatch):
    monkeypatch.setattr(objects, "OBJECT_FROM", "description")
    names = _filter().select("处方开错了，作废掉").names
    assert "prescription_void" in names
    assert "invoice_void" not in names


def test_with_no_object_read_both_destroyers_of_the_act_are_sent(monkeypatch):
    monkeypatch.setattr(objects, "OBJECT_FROM", "off")
    monkeypatch.setattr(decide, "SHARED_VERB", "all")
    assert {"appointment_cancel", "boarding_cancel"} <= set(
        _filter().select("Cancel appointment 7781, the owner called").names
    )


def test_a_modifier_in_a_tools_name_names_no_object():
    """``purge_old_logs`` acts on logs: "delete the old grafana one" (a DNS record) names none of its object."""
    purge = ToolSpec("purge_old_logs", "Purge router logs older than N days.")
    assert object_words(purge) == {"log"}
    assert not names_object("yeah .14 is gone, delete the old grafana one", purge)
    assert names_object("purge the router logs", purge)


def test_an_ids_letters_that_begin_a_tools_object_word_name_it():
    """ "could you void INV-1 please?": INV begins ``invoice_void``'s invoice, not ``flight_ticket_void``'s ticket."""
    invoice = ToolSpec("invoice_void", "Void an invoice.")
    ticket = ToolSpec("flight_ticket_void", "Void an issued e-ticket.")
    assert names_object("could you void INV-1 please?", invoice, None, letters=True)
    assert not names_object("could you void INV-1 please?", invoice)  # words only
    assert not names_object("could you void INV-1 please?", ticket, None, letters=True)
    assert not names_object("void it, ref 12-99", invoice, None, letters=True)  # no letters
    assert not names_object("void IN-1", invoice, None, letters=True)  # two letters say too little


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("github__delete_repos_owner_repo", {"repo"}),
        ("github__delete_repos_owner_repo_releases_release_id", {"release", "releas"}),
        ("github__delete_repos_owner_repo_git_refs_ref", {"ref"}),
        ("spotify__delete_playlists_playlist_id_tracks", {"track"}),
        ("appointment_cancel", {"appointment"}),  # no path parameter: its name's words, as with ``name``
        ("shop__coupon_delete", {"coupon"}),
        ("delete_file_by_id", {"file"}),  # no record before its id: its name's words
    ],
)
def test_with_name_last_a_path_like_name_gives_its_last_resource_only(name, words):
    """``/repos/{owner}/{repo}/releases/{release_id}`` acts on a release, not on the repository it lies in."""
    assert object_words(ToolSpec(name, "Delete it."), "name_last") == words


def test_the_shipped_reading_gives_a_path_like_names_last_resource():
    """``OBJECT_FROM`` as shipped (chosen by ``benchmarks/choose_one_object.py``): the release, not the repository."""
    assert object_words(ToolSpec("github__delete_repos_owner_repo_releases_release_id", "Delete it.")) == {
        "release",
        "releas",
    }


def test_with_name_last_a_repository_named_is_not_a_release_or_a_ref_named():
    """ "删除仓库 acme/tmp-demo" (仓库 → repo) names the repository's destroyer, not every tool under ``/repos``."""
    repo, release, ref = (
        ToolSpec(f"github__delete_repos_owner_repo{tail}", "Delete it.")
        for tail in ("", "_releases_release_id", "_git_refs_ref")
    )
    assert names_object("删除仓库 acme/tmp-demo", repo, "name_last")
    assert not names_object("删除仓库 acme/tmp-demo", release, "name_last")
    assert not names_object("删除仓库 acme/tmp-demo", ref, "name_last")
    assert names_object("delete release 1.2 of acme/tmp", release, "name_last")
