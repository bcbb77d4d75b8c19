"""Selecting with tool profiles: profile requests, near misses, foreign requests, the destructive guard, the store."""

import pytest

from toolfilter_core import HashingEmbedder, NoteKind, Profiles, Reason, Status, ToolFilter, ToolProfile, ToolSpec

from .fakes import TableEmbedder

TOOLS = [
    ToolSpec("get_weather", "Weather forecast for a city", {"type": "object", "properties": {"city": {}}}),
    ToolSpec("send_mail", "Send an email message to a recipient", {"type": "object", "properties": {"to": {}}}),
    ToolSpec("fetch_page", "Download a web page by its URL", {"type": "object", "properties": {"url": {}}}),
    ToolSpec("delete_file", "Delete a file from the disk", {"type": "object", "properties": {"path": {}}}),
]
UMBRELLA = "do I need an umbrella in Oslo tomorrow"
NEAR_MISS = "how do meteorologists make a weather forecast"
NEAR_MISS_URL = "what does https://example.com/rfc say about an email message header"
PROFILES = Profiles(
    {
        "get_weather": ToolProfile((UMBRELLA, "will it rain this weekend")),
        "send_mail": ToolProfile(("drop Anna a note that I'm late", "let the boss know by mail")),
        "fetch_page": ToolProfile(("grab the html of that site for me",)),
        "delete_file": ToolProfile(("I no longer need notes.txt",), ("erase notes.txt for good",)),
    },
    (NEAR_MISS, "what is an email message header", NEAR_MISS_URL),
)


def hashing_filter(profiles=PROFILES, tools=TOOLS, **kwargs):
    return ToolFilter(tools, embedder=HashingEmbedder(), profiles=profiles, **kwargs)


# ----- profile requests and near misses (recommended config, hashing embedder: identical texts have cosine 1) -----


def test_a_request_equal_to_a_profile_request_selects_its_tool_first():
    selection = hashing_filter().select(UMBRELLA)
    assert selection.names[0] == "get_weather"
    # the tool's own words share no token with it: without profiles the weather tool is not chosen
    assert "get_weather" not in hashing_filter(profiles=None).select(UMBRELLA).names


@pytest.mark.parametrize(
    "near_miss", [pytest.param(NEAR_MISS, id="weather"), pytest.param(PROFILES.no_tool[1], id="mail")]
)
def test_a_request_equal_to_a_near_miss_gets_no_tools_and_the_note_names_it(near_miss):
    selection = hashing_filter().select(near_miss)
    assert (selection.selected, selection.status) == ((), Status.NO_TOOL_NEEDED)
    assert selection.rejected and {r.reason for r in selection.rejected} == {Reason.NO_TOOL_INTENT}
    # cosine 1 to the near miss, against the closest profile request: the margin is over 0.1
    assert f"closer to a request no tool serves ({near_miss!r}) than to any tool's profile" in selection.detail
    # the same registry without profiles serves it (its tools' words are in it)
    assert hashing_filter(profiles=None).select(near_miss).selected != ()


def test_a_request_carrying_a_url_never_abstains():
    # cosine 1 to a near miss, but it carries a URL and fetch_page takes one
    selection = hashing_filter().select(NEAR_MISS_URL)
    assert selection.selected != ()
    assert Reason.NO_TOOL_INTENT not in {r.reason for r in selection.rejected}


def test_near_misses_count_only_with_profiles_like_with_like():
    # abstain_voice_margin is the rule's only threshold: at 2.0 (its maximum) nothing abstains
    selection = hashing_filter(config={"abstain_voice_margin": 2.0}).select(NEAR_MISS)
    assert selection.selected != ()


def test_a_profile_request_copying_another_tools_description_is_foreign_and_cannot_win_its_requests():
    mail = ToolSpec("send_mail", "Send an email message to a recipient", {"type": "object", "properties": {"to": {}}})
    tools = [mail, ToolSpec("bulk_notify", "Push a notification to a mobile app audience"), TOOLS[0]]
    profiles = Profiles(
        {
            "send_mail": ToolProfile(("drop Anna a note that I'm late", "send an email message to Anna")),
            # the second request is send_mail's description word for word
            "bulk_notify": ToolProfile(("ping all app users about the sale", mail.document())),
            "get_weather": ToolProfile(("will it rain this weekend",)),
        }
    )
    tf = hashing_filter(profiles=profiles, tools=tools)
    rows = tf.index._rows
    foreign = [text for text, flag in zip(rows.texts, tf.index.foreign_triggers, strict=True) if flag]
    assert foreign == [mail.document()]
    for request in (mail.document(), "send an email message to a recipient"):
        assert tf.select(request).names == ["send_mail"], request


# ----- the destructive guard (hand-made vectors; only the embedding signal scores) -----
#
# axes: 1 list_files' description, 2 delete_file's, 3 send_mail's, 5 delete_file's destroy-asking
# request, 6 list_files' profile request, 7 delete_file's profile request. The abstain phrases
# are unknown texts: they point along -axis 0, away from everything here.


def v(**axes):
    out = [0.0] * 8
    for axis, value in axes.items():
        out[int(axis[1:])] = value
    return out


GUARD_TOOLS = [
    ToolSpec("list_files", "List the files in a folder"),
    ToolSpec("delete_file", "Delete a file from a folder"),
    ToolSpec("send_mail", "Send an email"),
]
GUARD_PROFILES = Profiles(
    {
        "list_files": ToolProfile(("what's lying around in there",)),
        "delete_file": ToolProfile(("that old draft can go",), ("make the draft disappear for good",)),
    }
)
PLAIN = "which files sit in the reports folder"
BY_VERB = "delete or list the files in the reports folder"
BY_PROFILE = "the reports folder, make it all vanish"
GUARD_TABLE = {
    **{t.document(): v(**{f"e{i}": 1.0}) for i, t in enumerate(GUARD_TOOLS, start=1)},
    "what's lying around in there": v(e6=1.0),
    "that old draft can go": v(e7=1.0),
    "make the draft disappear for good": v(e5=1.0),
    # .8^2 + .5^2 + .33166^2 = .64 + .25 + .11 = 1
    PLAIN: v(e1=0.8, e2=0.5, e6=0.33166),
    BY_VERB: v(e1=0.8, e2=0.5, e6=0.33166),
    BY_PROFILE: v(e1=0.8, e2=0.5, e5=0.33166),
}
# as PLAIN, but as far from every profile request (cosine 0 to each): .8^2 + .6^2 = 1
UNLIKE_ANY = "how about the reports folder then"
GUARD_TABLE[UNLIKE_ANY] = v(e1=0.8, e2=0.6)
EMBED_ONLY = {"weights": {"embed": 1.0, "support": 0.0, "bm25": 0.0, "argument": 0.0}}


def guard_filter(profiles):
    return ToolFilter(GUARD_TOOLS, config=EMBED_ONLY, embedder=TableEmbedder(GUARD_TABLE), profiles=profiles)


def test_in_a_profiled_registry_a_destructive_tool_short_of_a_confident_score_stays_out_of_a_confident_selection():
    # list_files 0.8 (confident: >= min_score 0.4, gap 0.3 >= min_gap 0.03); delete_file 0.5:
    # in top_k and over relative_cut (0.5 * 0.8 = 0.4), but 0.3 below the top (> min_gap): not
    # confident-like. Closest profile request: list_files' (.33166); destroy-asking ones: 0.
    selection = guard_filter(GUARD_PROFILES).select(PLAIN)
    assert not selection.fallback
    assert selection.names == ["list_files"]
    assert selection.selected[0].score == pytest.approx(0.8, abs=1e-5)
    assert {r.name: r.reason for r in selection.rejected}["delete_file"] is Reason.DESTRUCTIVE_GUARD
    assert "left out of the selection, destructive and not asked for: delete_file" in selection.notes


def test_a_request_as_close_to_plain_requests_as_to_destroy_asking_ones_does_not_ask_to_destroy():
    # every profile request at cosine 0: the closest is not a destroy-asking one (a tie is no
    # evidence); list_files 0.8, delete_file 0.6 (0.2 below the top: not confident-like)
    selection = guard_filter(GUARD_PROFILES).select(UNLIKE_ANY)
    assert selection.names == ["list_files"]
    assert "left out of the selection, destructive and not asked for: delete_file" in selection.notes


@pytest.mark.parametrize(
    ("request_text", "sent"),
    [
        # "delete" is delete_file's own verb: its act is asked for wherever it ranks
        pytest.param(BY_VERB, True, id="by-its-verb"),
        # same cosines, the closest profile request (.33166) is delete_file's destroy-asking
        # one, so the request asks to destroy; but it ranks list_files first, and one
        # neighbour unlocks only the tool the request ranks first
        pytest.param(BY_PROFILE, False, id="by-its-closest-profile-request-ranked-second"),
    ],
)
def test_a_request_that_asks_to_destroy_gets_the_destructive_tool_it_means(request_text, sent):
    selection = guard_filter(GUARD_PROFILES).select(request_text)
    assert selection.names == ["list_files", "delete_file"][: 2 if sent else 1]
    assert [s.score for s in selection.selected] == pytest.approx([0.8, 0.5][: 2 if sent else 1], abs=1e-5)
    assert any(note.kind is NoteKind.DESTRUCTIVE_LEFT_OUT for note in selection.reasons) is not sent
    assert any(note.kind is NoteKind.DESTRUCTIVE_LET_IN for note in selection.reasons) is sent  # and why it passed


@pytest.mark.parametrize(("request_text", "sent"), [(PLAIN, False), (BY_VERB, True), (BY_PROFILE, False)])
def test_a_registry_without_profiles_guards_confident_selections_too(request_text, sent):
    # confident: top_k tools over relative_cut; delete_file .3 below the top (not confident-like)
    # is sent only to the request that says its verb
    selection = guard_filter(None).select(request_text)
    assert not selection.fallback
    assert selection.names == ["list_files", "delete_file"][: 2 if sent else 1]


# ----- the store -----


def test_profiles_and_near_misses_survive_reopening_the_store_and_nothing_is_embedded_again(tmp_path):
    store = str(tmp_path / "store")
    first = hashing_filter(store=store)
    assert first.last_report.added == 4
    # 4 descriptions + 2 + 2 + 1 + 2 profile texts + 3 near misses = 14
    assert first.last_report.texts_embedded == 14

    opened = ToolFilter.open(store=store, embedder=HashingEmbedder())
    assert {t.name: t.profile for t in opened.index.tools} == dict(PROFILES.tools)
    assert opened.index.no_tool_texts == PROFILES.no_tool
    assert opened.select(NEAR_MISS).selected == ()
    assert opened.select(UMBRELLA).names[0] == "get_weather"

    again = hashing_filter(store=store)
    assert again.last_report.texts_embedded == 0 and again.last_report.unchanged == 4

    changed = PROFILES.merged(Profiles({"send_mail": ToolProfile(("mail Bob the invoice",))}))
    third = hashing_filter(profiles=changed, store=store)
    # send_mail only: its one profile request (its description's stored vector is kept)
    assert (third.last_report.updated, third.last_report.unchanged, third.last_report.texts_embedded) == (1, 3, 1)
    assert (third.last_report.reused, third.last_report.profiles_only) == (1, 1)
    assert third.index.no_tool_texts == PROFILES.no_tool

    third.record("mail the invoice to Bob please", "send_mail")  # learning from use rewrites the commit
    reopened = ToolFilter.open(store=store, embedder=HashingEmbedder())
    assert reopened.index.no_tool_texts == PROFILES.no_tool
    assert reopened.select(NEAR_MISS).selected == ()


def test_a_new_near_miss_set_is_embedded_alone(tmp_path):
    store = str(tmp_path / "store")
    hashing_filter(store=store)
    fewer = Profiles(PROFILES.tools, PROFILES.no_tool[:2])
    report = hashing_filter(profiles=fewer, store=store).last_report
    # the tools are unchanged; the 2 near misses are a new set: embedded, nothing else
    assert (report.unchanged, report.texts_embedded) == (4, 2)
    assert ToolFilter.open(store=store, embedder=HashingEmbedder()).index.no_tool_texts == PROFILES.no_tool[:2]


def test_a_writer_at_index_time_sends_nothing_for_profiles_the_store_holds(tmp_path):
    store = str(tmp_path / "store")
    hashing_filter(store=store)
    sent = []

    def writer(messages):
        sent.append(messages)
        return "{}"

    tf = ToolFilter(TOOLS, embedder=HashingEmbedder(), store=store, profile_writer=writer)
    assert sent == [] and tf.profile_report.kept == 4
    assert tf.last_report.texts_embedded == 0
    assert tf.index.no_tool_texts == PROFILES.no_tool


def test_indexing_the_same_tools_again_without_profiles_keeps_the_stored_ones(tmp_path):
    # production code that passes the tools alone must not drop what `index --profiles` stored
    store = str(tmp_path / "store")
    hashing_filter(store=store)
    again = hashing_filter(profiles=None, store=store)
    assert again.last_report.texts_embedded == 0 and again.last_report.unchanged == 4
    assert {t.name: t.profile for t in again.index.tools} == dict(PROFILES.tools)
    assert again.index.no_tool_texts == PROFILES.no_tool
    # an explicit empty Profiles is a choice: the profiles go
    dropped = hashing_filter(profiles=Profiles(), store=store)
    assert dropped.last_report.updated == 4 and not dropped.index.voiced


def test_no_abstain_phrases_switch_abstention_off_near_misses_or_not():
    # the config's "abstain_phrases: [] is off" holds with profiles too
    selection = hashing_filter(config={"abstain_phrases": []}).select(NEAR_MISS)
    assert selection.selected != ()
    assert Reason.NO_TOOL_INTENT not in {r.reason for r in selection.rejected}


def test_a_store_whose_commit_holds_no_profiles_is_not_read_for_them(tmp_path):
    # re-indexing without profiles must cost what it did before profiles: one info read
    from toolfilter_core._tool_profiles.sidecar import stored_profiles

    store = str(tmp_path / "store")
    plain = hashing_filter(profiles=None, store=store)
    reads = []
    original = plain.index.store.read
    plain.index.store.read = lambda **kw: reads.append(kw) or original(**kw)  # type: ignore[method-assign]
    assert stored_profiles(plain.index) == Profiles() and reads == []
    profiled = hashing_filter(store=str(tmp_path / "other"))
    assert stored_profiles(profiled.index).tools == dict(PROFILES.tools)
