"""With profiles, the doctor's crowded pairs are the pairs whose requests lose their tool.

Two users' doctors gave 24 and 26 crowded pairs on 30 tools while their evals with profiles
missed 0 to 3 requests: most pairs were close in their words but their users' requests never
lost their tool. Those are now one ``close_pairs`` finding; the pair finding itself (which pairs
are told) is unchanged (fake embedder).
"""

from __future__ import annotations

from pathlib import Path

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, ToolSpec, diagnose
from toolfilter_core._doctor import DoctorReport, Finding

WHEN = " Use when the user asks for it; not for anything else."
SAID = " The user asks for it; nothing else."
"""The same words but no when-to-use line (``definitions._WHEN``)."""
MAIL = [
    ToolSpec("search_mail", "Search mail messages in the inbox by sender, subject or words."),
    ToolSpec("read_inbox", "Read mail messages in the inbox, newest first, from a sender or with a subject."),
]
WEATHER = [
    ToolSpec("weather_forecast", "The weather forecast for a city: temperature and rain for the next days." + WHEN),
    ToolSpec("weather_alerts", "Weather alerts for a city: storm, flood and heat warnings for the next days." + WHEN),
]
OTHERS = [
    ToolSpec("calendar_create", "Create a calendar event with a title, a start time and guests." + WHEN),
    ToolSpec("translate_text", "Translate text between languages, English, Chinese, French." + WHEN),
]
PROFILES = Profiles(
    {
        # close in their words, but each one's requests always rank their own tool first
        "search_mail": ToolProfile(
            ("any mail from alice in my inbox", "show inbox messages from bob", "mail in inbox about invoices")
        ),
        "read_inbox": ToolProfile(("newest first please", "what came in today", "read the latest ones")),
        # their requests lose their tool to the other (k = 1)
        "weather_forecast": ToolProfile(
            ("weather forecast berlin", "temperature and rain in paris", "forecast for the next days in rome")
        ),
        "weather_alerts": ToolProfile(
            ("weather alerts berlin", "storm or flood warnings in paris", "heat warnings for rome")
        ),
        "calendar_create": ToolProfile(("book a meeting tomorrow at 3", "put lunch with sam in my calendar")),
        "translate_text": ToolProfile(("say thank you in french", "what is this chinese sentence in english")),
    }
)
MAIL_PAIR = frozenset({"search_mail", "read_inbox"})
WEATHER_PAIR = frozenset({"weather_forecast", "weather_alerts"})


def _report(*, when: bool = True, profiles: Profiles | None = PROFILES) -> DoctorReport:
    mail = [ToolSpec(t.name, t.description + (WHEN if when else SAID)) for t in MAIL]
    return diagnose([*mail, *WEATHER, *OTHERS], profiles=profiles, embedder=HashingEmbedder(), top_k=1)


def _pairs(report: DoctorReport, kind: str) -> set[frozenset[str]]:
    return {frozenset(f.tools) for f in report.of_kind(kind)}


def test_a_close_pair_whose_requests_keep_their_tool_is_in_the_summary_not_a_crowded_pair() -> None:
    report = _report()
    assert MAIL_PAIR not in _pairs(report, "crowded_pair")  # on main: a crowded pair
    (close,) = report.of_kind("close_pairs")
    assert [frozenset(p) for p in close.evidence["pairs"]] == [MAIL_PAIR]
    assert "their users' requests keep them apart: no request lost its tool" in close.detail
    assert "search_mail ~ read_inbox" in close.detail and "when-to-use line" in close.action


def test_a_close_pair_whose_requests_lose_their_tool_is_a_crowded_pair_with_how_many() -> None:
    report = _report()
    (finding,) = [f for f in report.of_kind("crowded_pair") if frozenset(f.tools) == WEATHER_PAIR]
    pair = next(p for p in report.pairs if frozenset((p.a, p.b)) == WEATHER_PAIR)
    n_ab, m_a, n_ba, m_b = pair.lost_counts
    assert min(n_ab, n_ba) >= 1 and m_a == m_b == 3
    assert finding.detail.startswith(f"{n_ab} of 3 requests written for {pair.a} leave {pair.a} out of the best 1, ")
    assert f"{pair.b} first ({n_ba} of 3 the other way)" in finding.detail


def test_the_counts_header_tells_the_crowded_pair_and_the_summary() -> None:
    header = _report().text().splitlines()[1]
    assert header == "2 findings, most costly first: 1 crowded_pair, 1 close_pairs"  # on main: 2 crowded_pair


def test_the_summary_comes_after_the_definition_findings() -> None:
    kinds = ("close_pairs", "thin_description", "crowded_pair", "no_when_to_use", "destructive_without_hint")
    found = tuple(Finding(kind, ("x",), "seen", "do") for kind in kinds)
    report = DoctorReport(tools=3, profiled=3, top_k=5, embedder="hashing", findings=found, pairs=())
    header = report.text().splitlines()[1]
    assert header == (
        "5 findings, most costly first: 1 crowded_pair, 1 no_when_to_use, 1 thin_description, "
        "1 destructive_without_hint, 1 close_pairs"
    )
    assert report.text().rstrip().splitlines()[-2] == "  - seen"  # the summary's line is last, its detail alone
    assert "close_pairs" in report.text().split("thin_description (1 tool)")[1]


def test_no_when_to_use_counts_only_the_pairs_that_lose_a_request() -> None:
    report = _report(when=False)  # the mail tools say no when-to-use line; their requests keep them apart
    told = {name for f in report.of_kind("no_when_to_use") for name in f.tools}
    told |= {f.tools[0] for f in report.of_kind("thin_description") if f.evidence.get("no_when_to_use")}
    assert not told & MAIL_PAIR  # on main: both, "although it crowds" the other


def test_the_json_keeps_every_pair_with_its_group_and_figures() -> None:
    pairs = {frozenset((p["a"], p["b"])): p for p in _report().to_dict()["pairs"]}
    assert pairs[MAIL_PAIR]["group"] == "apart" and pairs[MAIL_PAIR]["told_by"] == "close_pairs"
    assert pairs[MAIL_PAIR]["lost_counts"] == [0, 3, 0, 3]
    assert pairs[WEATHER_PAIR]["group"] == "lost" and pairs[WEATHER_PAIR]["told_by"] == "crowded_pair"
    assert {p["group"] for p in pairs.values()} <= {"lost", "apart"}


def test_without_profiles_no_pair_is_split() -> None:
    report = _report(profiles=None)
    assert not report.of_kind("close_pairs")
    assert {p["group"] for p in report.to_dict()["pairs"]} == {None}
    assert all("requests written for" not in f.detail for f in report.of_kind("crowded_pair"))


def test_the_page_lists_the_close_pairs_with_who_tells_them(tmp_path: Path) -> None:
    from toolfilter_core._report.doctor_page import doctor_html

    page = doctor_html(tmp_path / "d.html", _report()).read_text("utf-8")
    crowded = page.split("Crowded pairs", 1)[1].split("</table>", 1)[0]
    close = page.split("Close pairs", 1)[1].split("</table>", 1)[0]
    assert "crowded_pair" in crowded and "0 of 3, 0 of 3" not in crowded
    assert "0 of 3, 0 of 3" in close and page.index("Crowded pairs") < page.index("Close pairs")


def test_a_tool_added_without_a_profile_is_one_finding_not_a_crowded_pair() -> None:
    """On main the unprofiled restatement was a crowded pair, a missing when-to-use line and unchecked."""
    tools = [
        ToolSpec("customer_find", "Find a customer by name, phone, e-mail or licence number."),
        ToolSpec("customer_create", "Register a new customer: name, phone, e-mail, driving licence."),
        ToolSpec("invoice_get", "Show an invoice: lines, total, tax, paid or unpaid."),
        ToolSpec("calendar_list", "List the workshop calendar's appointments for a day or week."),
        ToolSpec("crm_client_lookup", "Look up a client card: who has a phone number, a licence, a customer name."),
    ]
    profiles = Profiles(
        {
            "customer_find": ToolProfile(
                ("find customer Anna Berg", "who has phone 0176 5551234", "look up licence B-7")
            ),
            "customer_create": ToolProfile(("new customer Jonas Weber, phone 0151 2223344", "register Mia Koch")),
            "invoice_get": ToolProfile(("show invoice 2024-118", "is invoice 2024-120 paid")),
            "calendar_list": ToolProfile(("what is on the calendar tomorrow", "appointments this week")),
        }
    )
    report = diagnose(tools, profiles=profiles, embedder=HashingEmbedder())
    naming = [f.kind for f in report.findings if "crm_client_lookup" in f.tools]
    assert naming == ["unchecked_duplicates"]
    assert "crm_client_lookup ~ customer_find" in report.of_kind("unchecked_duplicates")[0].detail
    groups = {p.group for p in report.pairs if "crm_client_lookup" in (p.a, p.b)}
    assert groups <= {"unprofiled"}


def test_two_tools_without_profile_requests_that_crowd_each_other_are_still_a_crowded_pair() -> None:
    """Left to ``unchecked_duplicates`` (each beside its closest profiled tool), such a pair was told nowhere."""
    from toolfilter_core._doctor import crowding
    from toolfilter_core._doctor.run import _crowding_findings
    from toolfilter_core._doctor.values import CrowdedPair

    t = crowding.CROWDED_SCORE
    both = CrowdedPair("ticket_close", "ticket_shut", 2 * t, lost_counts=(0, 0, 0, 0), group="unprofiled")
    one = CrowdedPair("ticket_close", "invoice_get", 2 * t, lost_counts=(0, 0, 0, 6), group="unprofiled")
    found = _crowding_findings([both, one], t, profiled=True)
    assert [f.tools for f in found if f.kind == "crowded_pair"] == [("ticket_close", "ticket_shut")]
    (finding,) = [f for f in found if f.kind == "crowded_pair"]
    assert "requests written for" not in finding.detail  # told by their words: neither has requests


def test_the_crowding_map_draws_the_pairs_kept_apart_grey_not_red() -> None:
    """The map's darkest red cell was a pair the text called "nothing to fix" (a ``close_pairs`` one)."""
    from toolfilter_core._doctor.values import CrowdedPair
    from toolfilter_core._report.plots import map_grids

    apart = CrowdedPair("invoice_void", "invoice_get", 2.0, z=2.0, lost_counts=(0, 8, 0, 8), group="apart")
    lost = CrowdedPair("order_cancel", "payment_refund", 0.9, z=0.9, lost_counts=(2, 8, 0, 8), group="lost")
    red, grey = map_grids([apart, lost], {"invoice_void": 0, "invoice_get": 1, "order_cancel": 2, "payment_refund": 3})
    assert red[0, 1] == 0.0 and grey[0, 1] == grey[1, 0] == 2.0
    assert red[2, 3] == red[3, 2] == 0.9 and grey[2, 3] == 0.0


def test_the_close_pairs_say_their_pair_score_put_them_close_not_their_words(tmp_path: Path) -> None:
    """A printer's walk listed a pair of descriptions far apart (similarity 0.2, no shared word) as "close in their
    words": its requests put it at the threshold."""
    from toolfilter_core._report.doctor_page import doctor_html

    report = _report()
    (close,) = report.of_kind("close_pairs")
    page = doctor_html(tmp_path / "d.html", report).read_text("utf-8")
    heading = page.split("Close pairs", 1)[1].split("</h2>", 1)[0]
    for said in (close.detail, heading, report.text()):
        assert "in their words" not in said and "pair score (descriptions and requests" in said
