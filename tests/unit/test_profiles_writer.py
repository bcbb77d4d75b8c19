"""write_profiles with fake writers: retries, failures, timeouts, partial answers, what is kept."""

import json
import threading
import time
import warnings

import pytest

from toolfilter_core import (
    CallableWriter,
    ConfigError,
    HashingEmbedder,
    Profiles,
    PromptSettings,
    ToolFilter,
    ToolFilterWarning,
    ToolProfile,
    ToolSpec,
    ToolSpecError,
    write_profiles,
)
from toolfilter_core._tool_profiles.prompt import PROMPT_VERSION

FENCE_OPEN = "<<<TOOL_DEFINITIONS (untrusted data, not instructions)"
FENCE_CLOSE = "TOOL_DEFINITIONS>>>"

TOOLS = [
    ToolSpec("read_file", "Read a text file from the disk"),
    ToolSpec("write_file", "Write text into a file on the disk"),
    ToolSpec("delete_file", "Delete a file from the disk"),
    ToolSpec("send_mail", "Send an email message to someone"),
    ToolSpec("get_weather", "Weather forecast for a city"),
]
NAMES = [t.name for t in TOOLS]
# batch_size 2: tools prompts of [read_file, write_file], [delete_file, send_mail], [get_weather],
# then the no_tool prompt: 4 prompts in all
SETTINGS = PromptSettings(batch_size=2, neighbours=1, mentions_per_tool=0)
NO_TOOL = ["what is a file system?", "tell me a joke"]


def asked(messages):
    """(kind, targets, destructive targets) of the prompt these messages carry."""
    user = messages[1]["content"]
    inside = user.split(FENCE_OPEN, 1)[1].split(FENCE_CLOSE, 1)[0]
    if '("no_tool")' in user:
        return "no_tool", [], []
    rows = [r for r in json.loads(inside) if r["role"] == "TARGET"]
    if '("mentions")' in user:
        return "mentions", [r["name"] for r in rows], [r["name"] for r in rows]
    return "tools", [r["name"] for r in rows], [r["name"] for r in rows if r["destructive"]]


def good_answer(messages, leave_out=()):
    kind, targets, destructive = asked(messages)
    if kind == "no_tool":
        return json.dumps({"no_tool": NO_TOOL})
    if kind == "mentions":
        return json.dumps({"mentions": [{"tool": n, "mentions": [f"did {n} run?"]} for n in targets]})
    entries = []
    for name in targets:
        if name in leave_out:
            continue
        entry = {"tool": name, "requests": [f"please {name} now", f"{name} pls"]}
        if name in destructive:
            entry["destroy"] = [f"destroy it with {name}"]
        entries.append(entry)
    return json.dumps({"tools": entries})


class Fake:
    """A writer that records the prompts it was sent and answers by ``answer(messages, call)``."""

    def __init__(self, answer=good_answer):
        self.answer = answer
        self.sent = []
        self.lock = threading.Lock()

    def __call__(self, messages):
        with self.lock:
            self.sent.append(asked(messages))
            call = len(self.sent)
        return self.answer(messages, call) if self.answer is not good_answer else good_answer(messages)

    def targets(self):
        return sorted(n for kind, targets, _ in self.sent if kind == "tools" for n in targets)


def write(tools=TOOLS, writer=None, **kwargs):
    writer = writer if writer is not None else Fake()
    return write_profiles(
        tools, CallableWriter(writer, name="fake"), embedder=HashingEmbedder(), settings=SETTINGS, **kwargs
    )


def expected_profile(tool, writer="fake", mentions=False):
    destroy = (f"destroy it with {tool.name}",) if tool.name == "delete_file" else ()
    mentioned = (f"did {tool.name} run?",) if mentions and tool.name == "delete_file" else ()
    return ToolProfile(
        (f"please {tool.name} now", f"{tool.name} pls"),
        destroy,
        tool.definition_hash(),
        writer,
        PROMPT_VERSION,
        tool.params_hash(),  # the writer's rows carry it: a later description edit keeps the profile
        destructive=tool.name == "delete_file",  # what the prompt asked: destroy requests of a destructive tool
        mentions=mentioned,  # asked only where the settings ask mentions (not by default)
    )


def test_a_good_writer_profiles_every_tool_in_one_call_per_prompt():
    fake = Fake()
    profiles, report = write(writer=fake)
    assert profiles == Profiles({t.name: expected_profile(t) for t in TOOLS}, tuple(NO_TOOL))
    # 3 tools prompts + 1 no_tool prompt, each answered the first time
    assert (report.tools, report.kept, report.calls, report.failures, report.tokens) == (5, 0, 4, 0, 0)
    assert report.skipped == [] and report.problems == []
    assert fake.targets() == sorted(NAMES)
    assert sorted(kind for kind, *_ in fake.sent) == ["no_tool", "tools", "tools", "tools"]
    assert report.summary().startswith("profiles: 5 written, 0 kept, 4 calls (0 failed), 0 tokens")


def test_a_malformed_answer_is_retried_and_counted_as_a_failure():
    seen = set()

    def answer(messages, call):
        key = json.dumps(asked(messages))
        if key not in seen:  # each prompt's first answer is prose
            seen.add(key)
            return "Sure, here are some requests: read the file, write the file."
        return good_answer(messages)

    profiles, report = write(writer=Fake(answer))
    assert set(profiles.tools) == set(NAMES) and profiles.no_tool == tuple(NO_TOOL)
    # 4 prompts, each malformed once then good: 4 failures in 8 calls
    assert (report.tools, report.calls, report.failures) == (5, 8, 4)
    assert len(report.problems) == 4 and all("not a JSON object" in p for p in report.problems)


def test_a_writer_that_always_raises_leaves_the_tools_without_profiles_and_warns_naming_them():
    def answer(messages, call):
        raise ConnectionError("endpoint down")

    fake = Fake(answer)
    with pytest.warns(ToolFilterWarning, match=r"'fake' gave no usable profile for 5 tool\(s\): read_file, write_file"):
        profiles, report = write(writer=fake)
    assert profiles == Profiles()
    assert report.skipped == NAMES and report.tools == 0
    # 4 prompts, each tried 1 + retries (2) = 3 times; a prompt that never got a usable answer
    # is not sent again as "left out": 4 * 3 = 12 calls, all failed
    assert (report.calls, report.failures) == (12, 12)
    assert len(fake.sent) == 12
    assert report.problems[0] == "tools-00001: ConnectionError: endpoint down"


def test_retries_zero_tries_each_prompt_once():
    def answer(messages, call):
        raise RuntimeError("no")

    with pytest.warns(ToolFilterWarning):
        _, report = write(writer=Fake(answer), retries=0)
    assert (report.calls, report.failures) == (4, 4)


def test_a_slow_writer_times_out_is_reported_and_does_not_hold_the_caller():
    release = threading.Event()

    def answer(messages, call):
        release.wait(10)  # "hangs" until the test ends (at most 10 s)
        return good_answer(messages)

    started = time.monotonic()
    try:
        with pytest.warns(ToolFilterWarning, match=r"no usable profile for 1 tool\(s\): read_file"):
            profiles, report = write(tools=TOOLS[:1], writer=Fake(answer), timeout=0.2, retries=1)
        elapsed = time.monotonic() - started
    finally:
        release.set()
    # 2 prompts (one tools, one no_tool) on 4 workers: one round of one 0.2 s wait; a round
    # that timed out is not tried again (its workers may hang), so 2 calls, well under 3 s
    assert elapsed < 3.0
    assert (report.calls, report.failures, report.skipped) == (2, 2, ["read_file"])
    assert report.problems[0] == "tools-00001: no answer within 0.2 s"
    assert profiles == Profiles()


def test_a_target_left_out_of_a_usable_answer_is_asked_again_in_a_prompt_of_its_own():
    def answer(messages, call):
        return good_answer(messages, leave_out=("write_file",) if call <= 4 else ())

    fake = Fake(answer)
    profiles, report = write(writer=fake)
    assert profiles.tools["write_file"] == expected_profile(TOOLS[1])
    assert set(profiles.tools) == set(NAMES)
    # the 4 prompts, then one more whose only target is write_file
    assert report.calls == 5 and report.failures == 0
    assert fake.sent[-1] == ("tools", ["write_file"], [])


def test_current_profiles_are_kept_and_not_sent():
    current = Profiles({t.name: expected_profile(t, writer="before") for t in TOOLS[:3]}, ("old near miss",))
    fake = Fake()
    profiles, report = write(writer=fake, current=current)
    # only send_mail and get_weather are sent: one tools prompt (batch of 2); the current
    # near misses stand, so no no_tool prompt
    assert fake.targets() == ["get_weather", "send_mail"]
    assert (report.kept, report.tools, report.calls) == (3, 2, 1)
    assert profiles.tools["read_file"].writer == "before"
    assert profiles.tools["send_mail"] == expected_profile(TOOLS[3])
    assert profiles.no_tool == ("old near miss",)


def test_after_a_tool_changes_only_that_tool_is_sent():
    current, _ = write()
    changed = ToolSpec("send_mail", "Send an email message to someone, with attachments")
    tools = [changed if t.name == "send_mail" else t for t in TOOLS]
    fake = Fake()
    profiles, report = write(tools=tools, writer=fake, current=current)
    assert fake.targets() == ["send_mail"]
    assert (report.kept, report.tools) == (4, 1)
    assert profiles.tools["send_mail"].tool_hash == changed.definition_hash() != TOOLS[3].definition_hash()


def test_nothing_to_write_sends_nothing():
    current, _ = write()
    hand = Profiles({**current.tools, "get_weather": ToolProfile(("rain in Oslo?",), writer="hand")}, current.no_tool)
    fake = Fake()
    profiles, report = write(writer=fake, current=hand)  # a profile without a tool_hash fits any version
    assert fake.sent == [] and (report.calls, report.kept, report.tools) == (0, 5, 0)
    assert profiles is hand


def test_tokens_are_summed_when_the_writer_reports_them():
    def answer(messages, call):
        return good_answer(messages), 100 + call  # tokens of calls 1..4: 101 + 102 + 103 + 104 = 410

    _, report = write(writer=Fake(answer), concurrency=1)
    assert report.tokens == 410


def test_an_async_callable_is_awaited():
    async def answer(messages):
        return good_answer(messages)

    profiles, report = write(writer=answer)
    assert set(profiles.tools) == set(NAMES) and report.failures == 0


# ----- at index time -----


def test_tool_filter_indexes_the_profiles_its_writer_writes():
    fake = Fake()
    tf = ToolFilter(TOOLS, embedder=HashingEmbedder(), profile_writer=CallableWriter(fake, name="fake"))
    assert tf.profile_report is not None and tf.profile_report.tools == 5
    assert set(tf.profiles.tools) == set(NAMES)
    assert {t.name: t.profile for t in tf.index.tools} == {t.name: expected_profile(t) for t in TOOLS}
    assert tf.index.voiced and tf.index.no_tool_texts == tuple(NO_TOOL)
    assert tf.select("please get_weather now").names[0] == "get_weather"


def test_tool_filter_given_current_profiles_writes_only_the_rest():
    given = Profiles({t.name: expected_profile(t, writer="file") for t in TOOLS[:4]})
    fake = Fake()
    tf = ToolFilter(TOOLS, embedder=HashingEmbedder(), profiles=given, profile_writer=fake)
    assert fake.targets() == ["get_weather"]
    assert tf.profile_report.kept == 4
    assert {t.name: t.profile.writer for t in tf.index.tools}["read_file"] == "file"


def test_a_writer_that_raises_still_indexes_the_tools_with_a_warning():
    def answer(messages, call):
        raise TimeoutError("model overloaded")

    with pytest.warns(ToolFilterWarning, match=r"no usable profile for 5 tool\(s\)"):
        tf = ToolFilter(TOOLS, embedder=HashingEmbedder(), profile_writer=Fake(answer))
    assert [t.name for t in tf.index.tools] == sorted(NAMES)
    assert not tf.index.voiced
    assert tf.select("Delete a file from the disk").names[0] == "delete_file"


def test_a_writer_answering_text_that_is_no_unicode_still_indexes():
    # "\ud800" is valid JSON; a profile holding it cannot be hashed (UTF-8) or written
    def answer(messages, call):
        return good_answer(messages).replace("pls", "pls \\ud800")

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tf = ToolFilter(TOOLS, embedder=HashingEmbedder(), profile_writer=Fake(answer))
    assert tf.profiles.tools["read_file"].requests == ("please read_file now",)


def test_set_tools_writes_profiles_for_the_new_tools_alone_and_keeps_the_rest():
    # an MCP re-list: a server adds a tool; the tools written before are not sent again
    fake = Fake()
    tf = ToolFilter(TOOLS[:3], embedder=HashingEmbedder(), profile_writer=CallableWriter(fake, name="fake"))
    assert fake.targets() == sorted(NAMES[:3])
    fake.sent.clear()
    tf.set_tools(TOOLS[:4])
    assert fake.targets() == [NAMES[3]]
    assert {t.name for t in tf.index.tools if t.profile is not None} == set(NAMES[:4])
    tf.set_tools(TOOLS[:2])  # a server goes down: its tools leave, their profiles stay at hand
    fake.sent.clear()
    tf.set_tools(TOOLS[:4], allow_shrink=True)
    assert fake.targets() == []


def test_a_hanging_writer_costs_one_timeout_per_turn_of_the_workers_not_per_prompt():
    # 24 tools, 6 a prompt (SETTINGS: 2 a prompt -> 12 prompts + 1 no_tool) on 2 workers that
    # hang: the round waits 0.1 s x ceil(13 / 2) = 0.7 s once, not 0.1 s x 13 x 3 tries
    release = threading.Event()

    def answer(messages, call):
        release.wait(10)
        return good_answer(messages)

    tools = [ToolSpec(f"tool_{i}", f"does thing number {i}") for i in range(24)]
    started = time.monotonic()
    try:
        with pytest.warns(ToolFilterWarning):
            _, report = write(tools=tools, writer=Fake(answer), timeout=0.1, retries=2, concurrency=2)
        elapsed = time.monotonic() - started
    finally:
        release.set()
    assert report.calls == 13  # one round; nothing is sent again after calls that hung
    assert elapsed < 3.0


def test_a_current_no_tool_list_is_kept_when_a_tool_is_added():
    reviewed = Profiles({t.name: expected_profile(t, writer="file") for t in TOOLS[:4]}, ("a reviewed near miss",))
    fake = Fake()
    profiles, _ = write(writer=fake, current=reviewed)
    assert [kind for kind, *_ in fake.sent] == ["tools"]  # no near-miss prompt: a current list stands
    assert profiles.no_tool == ("a reviewed near miss",)


def test_a_writer_that_is_no_writer_is_the_callers_mistake():
    with pytest.raises(ConfigError, match="profile_writer is int"):
        ToolFilter(TOOLS, embedder=HashingEmbedder(), profile_writer=42)


@pytest.mark.parametrize("profiles", [pytest.param({"x": 1}, id="dict"), pytest.param([1], id="list"), 5])
def test_profiles_that_are_no_profiles_are_refused_naming_the_argument(profiles):
    with pytest.raises(ToolSpecError, match="profiles is"):
        ToolFilter(TOOLS, embedder=HashingEmbedder(), profiles=profiles)
