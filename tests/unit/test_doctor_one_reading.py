"""One read of one thing told by the names and first sentences, without profiles.

On 3397520 the doctor without profiles missed two teams' reads of one thing, ``player_lookup`` ("Look up a player
by name or id") beside ``get_player_profile`` and ``get_patient_info`` beside ``patient_record_get`` (at most a
crowded pair), and called ``giftcode_check`` ("whether a gift code is valid and its balance") and
``gift_code_lookup`` ("who a gift code was issued to and when") a near-duplicate, though their first sentences say
different things. The registries are written here; a hashing embedder, so the names and words decide.
"""

from __future__ import annotations

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose
from toolfilter_core._doctor.onereading import one_reading_pairs, say_different


def _tool(name: str, description: str, *inputs: str) -> ToolSpec:
    parameters = {"type": "object", "properties": {p: {"type": "string"} for p in inputs}, "required": list(inputs)}
    return ToolSpec(name, description, parameters)


GAME = [
    _tool("player_lookup", "Look up a player by name or id.", "query"),
    _tool("get_player_profile", "Get a player's profile: level, region, account status.", "player_id"),
    _tool("tournament_list", "List upcoming and running tournaments with their dates and entry fees.", "status"),
    _tool("tournament_results", "Final standings and prizes of a finished tournament.", "tournament_id"),
    _tool("giftcode_check", "Check whether a gift code is valid and its balance.", "code"),
    _tool("gift_code_lookup", "Look up who a gift code was issued to and when.", "code"),
    _tool("match_history", "Recent matches of a player with scores and opponents.", "player_id"),
    _tool("store_item_list", "List items on sale in the in-game store with prices.", "category"),
    _tool("leaderboard_get", "Top players of a season's ranked ladder.", "season"),
]
CLINIC = [
    _tool("get_patient_info", "Get a patient's details: name, date of birth, allergies, insurer.", "patient_id"),
    _tool("patient_record_get", "Fetch the patient record with demographics, allergies and insurance.", "patient_id"),
    _tool("appointment_get", "Get one appointment: time, clinician, room and reason.", "appointment_id"),
    _tool("appointment_reschedule", "Move an appointment to a new time slot.", "appointment_id", "new_time"),
    _tool("lab_result_list", "List a patient's lab results with dates and flags.", "patient_id"),
    _tool("clinician_schedule", "A clinician's free slots for a day.", "clinician_id", "date"),
]


def _duplicates(tools: list[ToolSpec]) -> list[tuple[str, ...]]:
    report = diagnose(tools, embedder=HashingEmbedder())
    return sorted(f.tools for f in report.of_kind("near_duplicate"))


def test_two_teams_reads_of_one_thing_are_a_near_duplicate_without_profiles() -> None:
    assert ("player_lookup", "get_player_profile") in _duplicates(GAME)
    assert ("get_patient_info", "patient_record_get") in _duplicates(CLINIC)


def test_two_reads_whose_first_sentences_say_different_things_are_no_near_duplicate() -> None:
    assert ("giftcode_check", "gift_code_lookup") not in _duplicates(GAME)
    by_name = {t.name: t for t in GAME}
    assert say_different(by_name["giftcode_check"], by_name["gift_code_lookup"])
    assert not say_different(by_name["player_lookup"], by_name["get_player_profile"])


def test_the_rule_reads_names_of_one_read_and_leaves_other_acts_and_servers() -> None:
    assert {(GAME[i].name, GAME[j].name) for i, j in one_reading_pairs(GAME)} == {
        ("player_lookup", "get_player_profile")
    }
    two_servers = [
        _tool("jira__get_user", "Find users by display name or email address.", "query"),
        _tool("slack__get_user_profile", "Get profile information for a user (title, timezone).", "user_id"),
        _tool("booking_get", "Get one booking by its number.", "booking_number"),
        _tool("booking_search", "Search bookings by guest name and dates.", "guest_name"),
    ]
    assert one_reading_pairs(two_servers) == set()  # two servers' systems; a get beside a search


def test_two_reads_by_one_required_key_are_a_near_duplicate_whatever_they_say() -> None:
    patient = [
        _tool("get_patient_info", "Patient details: name, date of birth, allergies.", "patient_id"),
        _tool("patient_record_get", "Fetch a patient record with demographics and medical alerts.", "patient_id"),
        *CLINIC[2:],
    ]
    assert ("get_patient_info", "patient_record_get") in _duplicates(patient)
    assert not say_different(*patient[:2])
    by_id = [_tool(t.name, t.description, "gift_code_id") for t in GAME[4:6]]
    assert not say_different(*by_id)  # one record id: one read whatever the sentences say


def test_a_shared_code_query_or_name_is_no_record_key() -> None:
    """Only a shared record id (``patient_id``) makes two reads one; a code a user holds, a query or a name does not."""
    by_name = {t.name: t for t in GAME}
    assert by_name["giftcode_check"].parameters["required"] == by_name["gift_code_lookup"].parameters["required"]
    assert say_different(by_name["giftcode_check"], by_name["gift_code_lookup"])
    for shared in ("query", "name"):
        a = _tool("player_lookup", "Look up a player by name: friends, clan.", shared)
        b = _tool("player_get", "Get a player: level, region.", shared)
        assert say_different(a, b), shared


def test_what_a_read_returns_after_its_by_inputs_is_read() -> None:
    get = _tool("player_get", "Get a player by id: level, region.", "player_id")
    lookup = _tool("player_lookup", "Look up a player by handle: friends, clan.", "handle")
    assert say_different(get, lookup)
    assert not say_different(get, _tool("player_lookup", "Look up a player by handle: level, clan.", "handle"))
