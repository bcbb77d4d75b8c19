"""One thing read twice by one required key, named with other verbs; and requests that mix by a list's name alone.

On ca9e2f2 the doctor told no ``near_duplicate`` of a salon chain's ``membership_get`` beside
``membership_status_lookup`` (both read a client's membership by ``client_id``: their names share their thing, which
the same-key and one-errand rules leave out), nor of a helpdesk's ``list_members_export`` beside
``sympa_list_subscribers`` (by ``list_name``; "list" in both); with profiles it told ``mailinglist_info`` beside
``sympa_list_subscribers`` instead, their requests mixing by the lists they name. A fake embedder here
(vectors written by hand); tests/integration/test_doctor_one_thing.py runs the default one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from toolfilter_core import ToolSpec, load_tools


def _tool(name: str, description: str, *inputs: str, required: Sequence[str] | None = None) -> dict[str, object]:
    properties = {p: {"type": "string"} for p in inputs}
    return {
        "name": name,
        "description": description,
        "parameters": {
            "type": "object",
            "properties": properties,
            "required": list(inputs if required is None else required),
        },
    }


SALON = load_tools(
    [
        _tool("membership_get", "Membership tier, points, prepaid balance and renewal date for a client.", "client_id"),
        _tool(
            "membership_status_lookup", "Look up a customer's loyalty membership: level, points, expiry.", "client_id"
        ),
        _tool("membership_topup", "Top up prepaid membership balance or renew membership.", "client_id", "amount"),
        _tool("client_get", "A client's profile: name, phone, notes.", "client_id"),
        _tool("list_members_export", "Export the subscriber roster of a list as CSV.", "list_name"),
        _tool("sympa_list_subscribers", "Get all subscribers of a mailing list.", "list_name"),
    ]
)
VECTORS = np.asarray(
    [[1.0, 0.1, 0, 0], [0.95, 0.15, 0, 0], [0.9, 0, 0.3, 0], [0.3, 1.0, 0, 0], [0, 0, 0, 1.0], [0, 0, 0.1, 0.95]],
    dtype=np.float32,
)
NEAR = {"member": "subscriber"}  # what a real embedder knows: a list's members are its subscribers


def _embed(words: Sequence[str]) -> NDArray[np.float32]:
    vocabulary = sorted({NEAR.get(w, w) for w in words})
    out = np.zeros((len(words), len(vocabulary)), dtype=np.float32)
    for row, word in enumerate(words):
        out[row, vocabulary.index(NEAR.get(word, word))] = 1.0
    return out


def test_two_reads_of_one_thing_by_one_required_key_are_one_thing() -> None:
    from toolfilter_core._doctor.onething import one_thing_reads

    found = {frozenset((SALON[i].name, SALON[j].name)) for i, j in one_thing_reads(SALON, VECTORS, _embed)}
    assert found == {
        frozenset(("membership_get", "membership_status_lookup")),  # one thing word shared
        frozenset(("list_members_export", "sympa_list_subscribers")),  # member ~ subscriber by the embedder
    }


def test_a_write_another_key_or_another_thing_is_not_one_thing() -> None:
    from toolfilter_core._doctor.onething import one_thing_reads

    other_key = [*SALON[:1], _with_input(SALON[1], "member_no"), *SALON[2:4]]
    assert not one_thing_reads(other_key, VECTORS[:4], _embed)  # membership_topup writes; client_get: other thing
    assert not one_thing_reads(SALON[4:], VECTORS[4:], lambda w: np.eye(len(w), dtype=np.float32))  # things apart


def _with_input(tool: ToolSpec, key: str) -> ToolSpec:
    return load_tools([_tool(tool.name, tool.description, key)])[0]


def test_requests_mixing_by_a_name_alone_tell_no_duplicate_of_other_errands() -> None:
    from toolfilter_core._doctor.mixing import mixed_apart

    info, subscribers = load_tools(
        [
            _tool("mailinglist_info", "Show a mailing list's owners, member count, and settings.", "list_name"),
            _tool("sympa_list_subscribers", "Get all subscribers of a Sympa mailing list.", "list_name"),
        ]
    )
    assert "other things" in mixed_apart(info, subscribers, {"errand": 1.0}, third=True)
    assert mixed_apart(info, subscribers, {"errand": 1.0}) == ""  # no third tool told by definitions: one maybe
    assert mixed_apart(info, subscribers, {"errand": 0.0}, third=True) == ""  # nothing says they differ


def test_a_status_read_beside_a_get_is_another_thing_read() -> None:
    from toolfilter_core._doctor.onething import one_thing_reads

    airline = load_tools(
        [
            _tool("flight_get", "Schedule, aircraft type and route of a flight.", "flight_number"),
            _tool("flight_status", "Live status of a flight: gate, delay, departed or landed.", "flight_number"),
        ]
    )
    vectors = np.asarray([[1.0, 0.1], [0.95, 0.2]], dtype=np.float32)
    assert not one_thing_reads(airline, vectors, _embed)  # "status" names what it reads, not a verb


def test_a_thing_read_by_another_things_id_is_not_one_thing() -> None:
    """``deposit_get(rental_id)``: a deposit looked up by its rental's id, beside ``rental_get(rental_id)``.

    The embedder here takes a deposit for a rental (as the default one nears the two words): only the key tells them
    apart, one thing's id read by the other. A key of neither's thing (``client_id``) or both's keeps them one.
    """
    from toolfilter_core._doctor.onething import one_thing_reads

    near = {"deposit": "rental", "agreement": "rental"}

    def embed(words: Sequence[str]) -> NDArray[np.float32]:
        return _embed([near.get(w, w) for w in words])

    rental = _tool("rental_get", "Look up a rental agreement: unit, customer, start date, balance.", "rental_id")
    deposit = _tool("deposit_get", "Check the security deposit held for a rental: amount, refundable.", "rental_id")
    vectors = VECTORS[:2]
    assert not one_thing_reads(load_tools([rental, deposit]), vectors, embed)
    for key in ("client_id", "rental_id"):
        agreement = _tool("rental_agreement_get", "Get a rental agreement: unit, start date, balance.", key)
        keyed = _tool("rental_get", "Look up a rental agreement: unit, customer, start date, balance.", key)
        assert one_thing_reads(load_tools([keyed, agreement]), vectors, embed) == {(0, 1)}
