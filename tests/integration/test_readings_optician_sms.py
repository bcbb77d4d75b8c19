"""An optician's registry, with and without its profiles, the real default embedder: an SMS deleted is no record.

"Delete the SMS I sent to 07700 900123" sent ``patient_record_delete`` ("Delete a patient record (GDPR erasure)")
with the profiles, whose requests say "delete the record of the patient with phone 07700 …" (without them it was
held): the verb acts on an SMS, ``sms_send``'s object, not a patient record. The tools and the profile requests
are an optician's, written by a language model from a description of the business alone; the profiles file is
written here as ``profiles import`` writes it.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolProfile, ToolSpec, ToolSpecWarning, recommended_config
from toolfilter_core._tool_profiles.sidecar import Profiles

pytestmark = pytest.mark.integration


def _tool(name: str, description: str, names: list[str], required: int = 1) -> ToolSpec:
    properties = {n: {"type": "string"} for n in names}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": names[:required]})


TOOLS = [
    _tool(
        "patient_record_get",
        "Look up a patient record by patient id or phone: name, prescriptions, visits.",
        ["patient_id", "phone"],
        0,
    ),
    _tool(
        "patient_record_update",
        "Change a patient's address, phone or e-mail on their record.",
        ["patient_id", "field", "value"],
        3,
    ),
    _tool("patient_record_delete", "Delete a patient record (GDPR erasure).", ["patient_id", "phone"], 0),
    _tool("sms_send", "Send an SMS to a patient's phone (reminders, glasses ready).", ["phone", "text"], 2),
    _tool("frame_search", "Search the frames in stock by brand, shape, colour or price.", ["query"]),
    _tool("appointment_book", "Book an eye test or a fitting for a patient.", ["patient_id", "slot"], 2),
    _tool("appointment_cancel", "Cancel a patient's appointment.", ["appointment_id"]),
    _tool("glasses_order_status", "Where a glasses order is: at the lab, ready, collected.", ["order_id"]),
    _tool("prescription_get", "Get a patient's latest eye prescription.", ["patient_id"]),
    _tool("invoice_get", "Get an invoice for a patient's glasses or eye test.", ["invoice_id"]),
]
REQUESTS = {
    "patient_record_get": ("look up the patient with phone 07700 900456", "show me Mrs Patel's record"),
    "patient_record_update": ("change the phone number on patient P-1021 to 07700 900789",),
    "patient_record_delete": (
        "delete the record of the patient with phone 07700 900321",
        "remove patient 07700 900654 from our records, she moved away",
        "erase all data we hold on patient P-2040, GDPR request",
    ),
    "sms_send": ("text 07700 900456 that her glasses are ready", "send an SMS reminder to P-1021"),
    "frame_search": ("any round tortoiseshell frames under 100?",),
    "appointment_book": ("book an eye test for P-1021 on Friday",),
    "appointment_cancel": ("cancel appointment A-5512",),
    "glasses_order_status": ("are the glasses for order G-3301 ready?",),
    "prescription_get": ("what is P-1021's prescription",),
    "invoice_get": ("show invoice INV-7781",),
}
DESTROY = {"patient_record_delete": REQUESTS["patient_record_delete"], "appointment_cancel": ("cancel A-5512",)}


def _profiles_file(folder: Path) -> Path:
    """The profiles file ``profiles import`` writes for ``TOOLS``."""
    profiles = {
        t.name: ToolProfile(
            requests=REQUESTS[t.name],
            destroy=DESTROY.get(t.name, ()),
            tool_hash=t.definition_hash(),
            params_hash=t.params_hash(),
            writer="a language model, from the exported prompts alone",
            prompt_version="3",
            parameters=tuple(t.parameter_names),
            destructive=t.name in DESTROY,
        )
        for t in TOOLS
    }
    return Profiles(profiles, ("what are your opening hours?", "are varifocals worth it?")).write(
        folder / "profiles.jsonl"
    )


@pytest.fixture(scope="module", params=["without profiles", "with profiles"])
def optician(
    request: pytest.FixtureRequest, default_embedder: Embedder, tmp_path_factory: pytest.TempPathFactory
) -> ToolFilter:
    profiles = _profiles_file(tmp_path_factory.mktemp("optician")) if request.param == "with profiles" else None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        return ToolFilter(TOOLS, config=recommended_config(), embedder=default_embedder, profiles=profiles)


def test_an_sms_deleted_sends_no_record_delete(optician: ToolFilter) -> None:
    selection = optician.select("Delete the SMS I sent to 07700 900123")
    assert "patient_record_delete" not in selection.names, selection.explain()


def test_a_record_deleted_by_phone_still_gets_the_delete(optician: ToolFilter) -> None:
    selection = optician.select("delete the record of the patient with phone 07700 900123, she asked for erasure")
    assert "patient_record_delete" in selection.names, selection.explain()
