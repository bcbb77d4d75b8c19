"""The doctor names what it cannot check and is quiet otherwise (fake embedder).

On 4c0bcd6 a tool added after the profiles were written (``crm_client_lookup`` beside
``customer_find``) was named by nothing that said its duplicate went unchecked; the language
finding came once per tool with no way to say what the users write; an id whose name is a
role (``reference_id``) or of a thing another tool is named for (``student_id`` beside
``get_student``) was an ``unfed_id``.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import ConfigError, HashingEmbedder, Profiles, ToolProfile, ToolSpec, diagnose
from toolfilter_core._doctor.definitions import checked_languages, definition_findings
from toolfilter_core.cli import main

WHEN = " Use when the user asks for it; not for anything else."


def _tool(name: str, description: str, *required: str) -> ToolSpec:
    properties: dict[str, Any] = {p: {"type": "string"} for p in required}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": list(required)})


GARAGE = [
    _tool("customer_find", "Find a customer by name, phone, e-mail or licence number." + WHEN, "query"),
    _tool("customer_create", "Register a new customer: name, phone, e-mail, driving licence." + WHEN, "name"),
    _tool("invoice_get", "Show an invoice: lines, total, tax, paid or unpaid." + WHEN, "invoice_id"),
    _tool("calendar_list", "List the workshop calendar's appointments for a day or week." + WHEN, "date"),
    _tool("crm_client_lookup", "Search the CRM for a client's contact card by phone number, e-mail or name." + WHEN),
]
PROFILES = Profiles(
    {
        "customer_find": ToolProfile(("find customer Anna Berg", "who has phone 0176 5551234", "look up licence B-77")),
        "customer_create": ToolProfile(("new customer Jonas Weber, phone 0151 2223344", "register Mia Koch")),
        "invoice_get": ToolProfile(("show invoice 2024-118", "is invoice 2024-120 paid")),
        "calendar_list": ToolProfile(("what is on the calendar tomorrow", "appointments this week")),
    }
)


def _kind(report: Any, kind: str) -> list[Any]:
    return report.of_kind(kind)


def test_a_tool_added_after_the_profiles_is_named_with_its_closest_profiled_tool() -> None:
    report = diagnose(GARAGE, profiles=PROFILES, embedder=HashingEmbedder())
    (finding,) = _kind(report, "unchecked_duplicates")
    assert finding.tools == ("crm_client_lookup",)
    assert "cannot be checked" in finding.detail and "profiles export" in finding.action
    closest, similarity = finding.evidence["closest"]["crm_client_lookup"]
    assert closest in {"customer_find", "customer_create"} and similarity > 0
    assert "unchecked_duplicates" in report.text()
    # the first export's prompts file stays: the missing tools' prompts go to a new file, imported into the profiles
    # (bd450ed said "--out prompts.jsonl", overwriting it, and no import step)
    assert "--out prompts.jsonl" not in finding.action and "--out prompts_more.jsonl" in finding.action
    assert "import --prompts prompts_more.jsonl --answers ANSWERS --into PROFILES" in finding.action


def test_without_any_profile_the_report_says_to_write_them_once() -> None:
    report = diagnose(GARAGE, embedder=HashingEmbedder())
    (finding,) = _kind(report, "unchecked_duplicates")
    assert finding.tools == () and "write profile requests" in finding.action
    assert "profiles export TOOLS --out prompts.jsonl" in finding.action  # no profiles file to give yet
    assert "  - the registry: no tool has profile requests" in report.text()


def test_the_html_page_names_the_registry_for_a_finding_about_it(tmp_path: Any) -> None:
    pytest.importorskip("matplotlib")
    from toolfilter_core._report.doctor_page import doctor_html

    page = doctor_html(tmp_path / "doctor.html", diagnose(GARAGE, embedder=HashingEmbedder()))
    assert "<td>the registry</td>" in page.read_text("utf-8")


def test_every_tool_profiled_leaves_nothing_unchecked() -> None:
    profiled = PROFILES.merged(Profiles({"crm_client_lookup": ToolProfile(("client card for Anna Berg",))}))
    assert not _kind(diagnose(GARAGE, profiles=profiled, embedder=HashingEmbedder()), "unchecked_duplicates")


MORE = [
    _tool("vehicle_get", "Get one vehicle's details: plate, model, mileage, fuel level.", "plate"),
    _tool("rental_return", "Check a rented vehicle back in: return time, fuel, mileage.", "rental_id"),
    _tool("email_send", "Send an e-mail to a customer or supplier.", "to"),
    _tool("payment_list", "List payments and refunds of a customer, with dates and amounts.", "customer_id"),
]
ZH = [
    _tool("parts_search", "查询零件库存：按零件号或名称查找库存数量、货架位置和价格。", "query"),
    _tool("parts_order", "向供应商订购零件（刹车片、机油滤芯等），填写数量和要求到货日期。", "part_no"),
]


def test_the_other_language_is_said_once_and_says_how_to_declare_the_users_language() -> None:
    found = [f for f in definition_findings([*GARAGE, *MORE, *ZH]) if f.kind == "other_language"]
    assert len(found) == 1 and set(found[0].tools) == {"parts_search", "parts_order"}
    assert "guessed" in found[0].detail and "--users-language en,zh" in found[0].action


def test_the_users_language_given_silences_or_raises_the_finding() -> None:
    tools = [*GARAGE, *MORE, *ZH]
    assert not [f for f in definition_findings(tools, users_language=("en", "zh")) if f.kind == "other_language"]
    (only,) = [f for f in definition_findings(tools, users_language=("zh",)) if f.kind == "other_language"]
    assert "crm_client_lookup" in only.tools and "parts_order" not in only.tools
    report = diagnose(tools, embedder=HashingEmbedder(), users_language="en,zh")
    assert not _kind(report, "other_language")


def test_an_unknown_users_language_names_the_field_and_what_is_allowed() -> None:
    with pytest.raises(ConfigError, match=r"users_language: got 'fr': 'fr' not known; allowed: .*en, zh"):
        diagnose(GARAGE, embedder=HashingEmbedder(), users_language="fr")


@pytest.mark.parametrize(("given", "read"), [("zh-CN", ("zh",)), ("en-US,zh_Hans", ("en", "zh")), ("EN-gb", ("en",))])
def test_a_language_tag_is_read_by_its_primary_language(given: str, read: tuple[str, ...]) -> None:
    assert checked_languages(given) == read


def test_an_unknown_tag_names_what_is_allowed() -> None:
    with pytest.raises(
        ConfigError, match=r"users_language: got 'fr-FR': 'fr-FR' not known; allowed: .*en, zh \(or their tags: zh-CN\)"
    ):
        checked_languages("fr-FR")


def test_the_cli_takes_the_users_language(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    import json

    path = tmp_path / "tools.jsonl"
    rows = [{"name": t.name, "description": t.description, "parameters": t.parameters} for t in [*GARAGE, *MORE, *ZH]]
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), "utf-8")
    base = ["doctor", str(path), "--embedder", "hashing", "--json"]
    assert main(base) == 0
    assert "other_language" in json.loads(capsys.readouterr().out)["counts"]
    assert main([*base, "--users-language", "en,zh"]) == 0
    assert "other_language" not in json.loads(capsys.readouterr().out)["counts"]


@pytest.mark.parametrize(
    ("tools", "quiet"),
    [
        # the id's name is a role; the tool speaks of rentals and repair orders, not of references
        (
            [_tool("invoice_create", "Create an invoice for a rental or a repair order.", "reference_id")],
            "invoice_create",
        ),
        # a tool is named for the thing: the registry has students, the chains missed how they are found
        (
            [
                _tool("get_student", "Student profile: grade level, schedule.", "student_id"),
                _tool("enroll_student", "Enroll a student in a course section.", "student_id"),
            ],
            "enroll_student",
        ),
    ],
    ids=["a role", "named for it"],
)
def test_an_id_of_a_role_or_of_a_named_thing_is_no_unfed_finding(tools: list[ToolSpec], quiet: str) -> None:
    found = {f.tools[0] for f in definition_findings(tools) if f.kind == "unfed_id"}
    assert quiet not in found


def test_an_id_no_tool_gives_is_still_told() -> None:
    tools = [
        _tool("list_sprints", "List sprints for a Scrum board.", "board_id"),
        _tool("create_sprint", "Create a future sprint on a board.", "board_id", "name"),
    ]
    found = [f.tools for f in definition_findings(tools) if f.kind == "unfed_id"]
    assert [set(names) for names in found] == [{"list_sprints", "create_sprint"}]  # one finding per id


def test_a_tool_only_unchecked_is_not_flagged_for_a_rewrite() -> None:
    from toolfilter_core._doctor.values import DoctorReport, Finding

    unchecked = Finding("unchecked_duplicates", ("crm_client_lookup",), "no profile requests", "write them")
    thin = Finding("thin_description", ("customer_find",), "one short line", "say more")
    report = DoctorReport(tools=2, profiled=1, top_k=5, embedder="hashing", findings=(thin, unchecked), pairs=())
    assert report.flagged() == {"customer_find"}


def test_the_foreign_share_sentence_says_what_it_counts() -> None:
    """A user read "62% of the requests ... for a or b" against near_ab/near_ba, another measure."""
    from toolfilter_core._doctor.values import CrowdedPair

    pair = CrowdedPair("invoice_get", "invoice_void", 0.5, near_ab=0.375, near_ba=0.125, parts={"foreign": 0.62})
    text = pair.sentence(profiled=True)
    assert "62% of the requests users write for one of invoice_get and invoice_void" in text
    assert "(its description or one of its requests) than their own tool's" in text


def test_chinese_shared_words_are_runs_not_fragments() -> None:
    """A user saw "shared words: 保洁, 洁员, 一个": fragments of 保洁员 and a function word."""
    from toolfilter_core._doctor.crowding import shared_words

    a, b = {"保洁", "洁员", "一个", "shift", "预约"}, {"保洁", "洁员", "一个", "shift"}
    assert shared_words(a, b, dict.fromkeys(a | b, 1.0)) == ("shift", "保洁员")


def test_a_bare_sku_is_a_product_id_not_an_id_of_the_thing_the_tool_is_named_for() -> None:
    """``purchase_order_create(sku)`` was told "requires 'sku' (a order id)": a SKU identifies a product."""
    tools = [
        _tool("purchase_order_create", "Create a purchase order to the wholesaler for a drug or OTC product.", "sku"),
        _tool("rx_lookup", "Look up a prescription by its number.", "rx_number"),
    ]
    found = [f for f in definition_findings(tools) if f.kind == "unfed_id"]
    assert [f.evidence["thing"] for f in found] == ["product"]
    assert "'sku' (a product id)" in found[0].detail


@pytest.mark.parametrize(("thing", "plural"), [("branch", "branches"), ("category", "categories"), ("day", "days")])
def test_an_unfed_id_names_its_things_in_a_plural(thing: str, plural: str) -> None:
    """The line said "no tool finds, lists or returns branchs"."""
    tools = [_tool(f"{thing}_report", f"Report for one {thing}.", f"{thing}_id")]
    [found] = [f for f in definition_findings(tools) if f.kind == "unfed_id"]
    assert found.detail.endswith(f"no tool finds, lists or returns {plural}")
