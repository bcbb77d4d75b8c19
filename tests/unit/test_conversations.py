"""The agent loop as the unit: reading a turn with what came before, a set that stays put, the replay and its bill."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import ConfigError, HashingEmbedder, Status, ToolFilter, ToolSpecError
from toolfilter_core._cache_bill import PROVIDERS, CachePrices, bill_call, cache_prices, tokens
from toolfilter_core._conversation_eval import chooser, openai_turns, read_conversations, replay_conversations
from toolfilter_core._conversation_read import answered, read_turn
from toolfilter_core.cli import main
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

TOOLS = [
    {"name": "get_weather", "description": "Get the current weather forecast for a city.", "category": "weather"},
    {"name": "send_mail", "description": "Send an email message to a recipient.", "category": "mail"},
    {"name": "read_inbox", "description": "List the email messages in the inbox.", "category": "mail"},
    {"name": "query_database", "description": "Run an SQL query against the database.", "category": "data"},
    {"name": "list_tables", "description": "List the tables of the database.", "category": "data"},
]
CONFIG: dict[str, Any] = {
    "base": "plain",
    "enabled": True,
    "top_k": 2,
    "weights": {"embed": 0.7, "bm25": 0.3},
    "min_combined_score": 0.2,
}


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


def user(text: str, gold: list[str] | None = None, kind: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"role": "user", "content": text, "gold": gold or []}
    return {**out, "kind": kind} if kind else out


def calls(*names: str) -> dict[str, Any]:
    tool_calls = [{"id": f"c-{n}", "type": "function", "function": {"name": n, "arguments": "{}"}} for n in names]
    return {"role": "assistant", "content": "", "tool_calls": tool_calls}


def result(name: str, content: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": f"c-{name}", "content": content}


def says(text: str) -> dict[str, Any]:
    return {"role": "assistant", "content": text}


def offered(policy: ConversationPolicy, tool_filter: ToolFilter, messages: list[dict[str, Any]]) -> list[str]:
    turns = openai_turns(messages)
    window = conversation_window(turns, history_turns=tool_filter.config.history_turns)
    return select_window(tool_filter, window, conversation=policy).names


WEATHER = [user("what is the weather forecast in Paris"), calls("get_weather"), result("get_weather", "sunny, 21 C")]


# --------------------------------------------------------------------------- the bill


def test_a_prompt_identical_to_the_last_is_read_from_the_cache_and_a_new_tools_block_rewrites_it() -> None:
    prices = CachePrices(write=1.25, read=0.1, min_tokens=0)
    first = ["T" * 400, "m" * 400]  # 100 + 100 tokens
    assert bill_call(first, None, prices).cost == pytest.approx(200 * 1.25)
    kept = bill_call([*first, "n" * 400], first, prices)
    assert (kept.read_tokens, kept.written_tokens) == (200, 100)
    assert kept.cost == pytest.approx(200 * 0.1 + 100 * 1.25)
    swapped = bill_call(["U" * 400, "m" * 400, "n" * 400], first, prices)
    assert swapped.read_tokens == 0  # tools come first: a changed block leaves nothing to read


def test_a_prefix_under_the_providers_minimum_is_not_cached() -> None:
    prices = CachePrices(write=1.0, read=0.5, min_tokens=1024)
    assert bill_call(["x" * 40, "y"], ["x" * 40], prices).read_tokens == 0


def test_provider_defaults_and_overrides() -> None:
    assert (PROVIDERS["anthropic"].write, PROVIDERS["anthropic"].read) == (1.25, 0.1)
    assert (PROVIDERS["openai"].write, PROVIDERS["openai"].read) == (1.0, 0.5)
    assert cache_prices("openai", read=0.1).read == 0.1
    with pytest.raises(ConfigError, match="'gemini'.*allowed: anthropic, openai"):
        cache_prices("gemini")
    with pytest.raises(ConfigError, match="'read': got -1"):
        cache_prices("anthropic", read=-1)
    assert tokens("abcd" * 10) == 10 and tokens("订房") == 2  # UTF-8 bytes over 4


# --------------------------------------------------------------------------- reading a turn


def test_a_yes_after_a_proposal_takes_the_proposal_and_names_it() -> None:
    turns = openai_turns(
        [*WEATHER, says("It is sunny. Shall I send the forecast to Bob by email?"), user("yes go ahead")]
    )
    reading = read_turn(turns)
    assert reading.kind == "confirmation" and reading.decided_by == 3
    assert "send the forecast to Bob by email" in reading.query


@pytest.mark.parametrize(
    ("text", "kind"),
    [("perfect", "confirmation"), ("great", "confirmation"), ("删吧", "confirmation"), ("先不删吧", "request")],
)
def test_a_short_approval_confirms_and_a_negated_verb_does_not(text: str, kind: str) -> None:
    """After a proposal "perfect" got no tool while "ok" confirmed; "先不删吧" was read as "删吧", a yes."""
    turns = openai_turns([*WEATHER, says("It is sunny. Shall I send the forecast to Bob by email?"), user(text)])
    assert read_turn(turns).kind == kind


@pytest.mark.parametrize("text", ["ok", "好的", "yes", "sure"])
def test_a_yes_without_a_proposal_is_an_acknowledgement_and_a_question_is_no_yes(text: str) -> None:
    """A bare "好的" after an answer was read as a request of its own and sent unrelated tools."""
    no_proposal = openai_turns([*WEATHER, says("It is sunny."), user(text)])
    assert read_turn(no_proposal).kind == "closing"
    asked = openai_turns([*WEATHER, says("Shall I email Bob?"), user("yes but what's the weather in Rome?")])
    assert read_turn(asked).kind == "request"


@pytest.mark.parametrize("text", ["thanks, that's all", "ok thx", "谢谢", "好了 谢谢", "perfect thanks!"])
def test_closings_are_read_as_closings(text: str) -> None:
    assert read_turn(openai_turns([*WEATHER, says("Sunny."), user(text)])).kind == "closing"


@pytest.mark.parametrize("text", ["no, the staging one", "不对 我要看的是IoT那个", "actually make it 4h"])
def test_corrections_are_read_as_corrections(text: str) -> None:
    assert read_turn(openai_turns([*WEATHER, says("Done."), user(text)])).kind == "correction"


def test_a_model_call_after_tool_results_belongs_to_its_user_turn() -> None:
    turns = openai_turns(WEATHER)
    assert read_turn(turns, answered_user=0).kind == "within"
    assert read_turn(turns).kind == "first"


def test_a_question_the_last_result_answers(tool_filter: ToolFilter) -> None:
    weather = next(t for t in tool_filter.tools if t.name == "get_weather")
    turns = openai_turns([*WEATHER[:2], result("get_weather", "Paris: sunny, 21 C, humidity 40%")])
    assert answered(weather, "what was the humidity?", turns)
    assert not answered(weather, "and in Rome?", turns)  # names nothing the result holds
    mail = next(t for t in tool_filter.tools if t.name == "send_mail")
    assert not answered(mail, "send the humidity to Bob", turns)  # a tool that acts is never "answered"


# --------------------------------------------------------------------------- the policy


def test_a_yes_takes_the_proposed_tool(tool_filter: ToolFilter) -> None:
    policy = ConversationPolicy()
    messages = [*WEATHER, says("It is sunny. Shall I send an email message to Bob?"), user("yes go ahead")]
    assert offered(policy, tool_filter, WEATHER[:1]) == offered(ConversationPolicy(), tool_filter, WEATHER[:1])
    names = offered(policy, tool_filter, messages)
    assert "send_mail" in names
    assert policy.last is not None and policy.last.kind == "confirmation" and policy.last.decided_by == 3


def test_the_set_stays_byte_identical_within_a_turn_and_on_a_follow_up(tool_filter: ToolFilter) -> None:
    policy = ConversationPolicy()
    first = offered(policy, tool_filter, WEATHER[:1])
    assert offered(policy, tool_filter, WEATHER) == first  # after the tool result
    assert policy.last is not None and (policy.last.kind, policy.last.changed) == ("within", False)
    follow_up = [*WEATHER, says("Sunny in Paris."), user("and in Berlin?")]
    assert offered(policy, tool_filter, follow_up) == first
    assert policy.last.action == "keep" and not policy.last.changed


def test_a_topic_switch_resets_the_set_and_a_closing_gives_none(tool_filter: ToolFilter) -> None:
    policy = ConversationPolicy()
    offered(policy, tool_filter, WEATHER[:1])
    switched = [*WEATHER, says("Sunny."), user("run an SQL query against the database: count the orders")]
    names = offered(policy, tool_filter, switched)
    assert "query_database" in names and "get_weather" not in names
    assert policy.last is not None and policy.last.action == "reset"
    done = [*switched, calls("query_database"), result("query_database", "42"), says("42 orders."), user("thanks!")]
    offered(policy, tool_filter, done[:-1])
    assert offered(policy, tool_filter, done) == []
    assert policy.last.kind == "closing" and policy.last.changed


def test_a_correction_keeps_the_tool_it_redoes(tool_filter: ToolFilter) -> None:
    policy = ConversationPolicy()
    messages = [*WEATHER, says("Sunny in Paris.")]
    offered(policy, tool_filter, WEATHER[:1])
    names = offered(policy, tool_filter, [*messages, user("no, I meant Paris Texas")])
    assert "get_weather" in names


def test_conversations_served_at_once_do_not_mix(tool_filter: ToolFilter) -> None:
    policy = ConversationPolicy()
    mail = [user("send an email message to Bob")]
    first_weather = offered(policy, tool_filter, WEATHER[:1])
    first_mail = offered(policy, tool_filter, mail)
    assert offered(policy, tool_filter, WEATHER) == first_weather
    assert offered(policy, tool_filter, [*mail, calls("send_mail"), result("send_mail", "sent")]) == first_mail


def test_a_tool_the_gates_now_refuse_leaves_the_kept_set(tool_filter: ToolFilter) -> None:
    from toolfilter_core import Policy

    policy = ConversationPolicy()
    first = offered(policy, tool_filter, WEATHER[:1])
    turns = openai_turns(WEATHER)
    window = conversation_window(turns, history_turns=1)
    blocked = select_window(tool_filter, window, conversation=policy, policy=Policy(block_tools=(first[0],)))
    assert first[0] not in blocked.names


def test_every_decision_says_its_cost(tool_filter: ToolFilter) -> None:
    policy = ConversationPolicy("openai")
    selection = select_window(
        tool_filter, conversation_window(openai_turns(WEATHER[:1]), history_turns=1), conversation=policy
    )
    assert policy.last is not None and policy.last.block_tokens > 0 and policy.last.cost > 0
    assert selection.notes[-1].startswith("conversation: new (first")
    assert selection.status is Status.SELECTED


@pytest.mark.parametrize("field", ["budget", "horizon", "remember"])
def test_bad_policy_settings_are_refused_by_name(field: str) -> None:
    with pytest.raises(ConfigError, match=f"{field}: got 0"):
        ConversationPolicy(**{field: 0})
    with pytest.raises(ConfigError, match="need: got 2; allowed: 0 or 1"):
        ConversationPolicy(need=2)


def test_a_kept_set_is_what_the_selection_offers_and_rejects_no_more(tool_filter: ToolFilter) -> None:
    policy = ConversationPolicy()
    offered(policy, tool_filter, WEATHER[:1])
    turns = openai_turns([*WEATHER, says("Sunny in Paris."), user("and in Berlin?")])
    selection = select_window(tool_filter, conversation_window(turns, history_turns=1), conversation=policy)
    assert not {s.name for s in selection.rejected} & set(selection.names)
    assert selection.selected_chars == len(
        json.dumps([s.tool.to_openai() for s in selection.selected], ensure_ascii=False)
    )


# --------------------------------------------------------------------------- the replay


def conversation_file(tmp_path: Path) -> Path:
    rows = [
        {
            "id": "c1",
            "lang": "en",
            "messages": [
                user("what is the weather forecast in Paris", ["get_weather"], "first"),
                calls("get_weather"),
                result("get_weather", "sunny, 21 C, humidity 40%"),
                says("Sunny. Shall I send an email message to Bob with it?"),
                user("yes please", ["send_mail"], "confirmation"),
                calls("send_mail"),
                result("send_mail", "sent"),
                says("Sent."),
                user("thanks, that's all", [], "closing"),
                says("You're welcome."),
            ],
        }
    ]
    path = tmp_path / "conversations.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


def test_the_replay_selects_before_every_model_call_and_scores_each_turn(
    tool_filter: ToolFilter, tmp_path: Path
) -> None:
    conversations = read_conversations(conversation_file(tmp_path), tools={t.name for t in tool_filter.tools})
    schemas = {t.name: t.to_openai() for t in tool_filter.tools}
    result_ = replay_conversations(
        conversations, lambda: chooser(tool_filter, policy=ConversationPolicy()), schemas, PROVIDERS["anthropic"]
    )
    figures = result_.to_dict(with_misses=True)
    assert figures["model_calls"] == 5 and figures["user_turns"] == 3
    assert figures["first_served"] == 1.0 and figures["later_served"] == 1.0
    assert figures["no_tool_given_none"] == 1.0
    assert set(figures["by_kind"]) == {"first", "confirmation", "closing"}
    assert 0 < figures["bill_vs_all_tools"] < 1.5


def test_a_malformed_conversation_names_its_line_and_what_is_wrong(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"messages": [{"role": "user", "content": "hi"}]}) + "\n", encoding="utf-8")
    with pytest.raises(ToolSpecError, match="line 1 .*'gold'"):
        read_conversations(path)
    path.write_text(json.dumps({"messages": [user("hi", ["nope"])]}) + "\n", encoding="utf-8")
    with pytest.raises(ToolSpecError, match="not in the registry: \\['nope'\\]"):
        read_conversations(path, tools={"get_weather"})
    path.write_text(json.dumps({"messages": [user("hi", ["loyalty_acount_get"])]}) + "\n", encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"\['loyalty_acount_get'\] \(did you mean 'loyalty_account_get'\?\)"):
        read_conversations(path, tools={"get_weather", "loyalty_account_get"})


def test_the_cli_prints_the_figures_and_writes_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tools = tmp_path / "tools.jsonl"
    tools.write_text("\n".join(json.dumps(t) for t in TOOLS) + "\n", encoding="utf-8")
    config = tmp_path / "config.yaml"
    config.write_text(json.dumps({**CONFIG, "embedder": "hashing"}), encoding="utf-8")
    report = tmp_path / "report.md"
    code = main(
        [
            "eval",
            "--tools",
            str(tools),
            "--config",
            str(config),
            "--conversations",
            str(conversation_file(tmp_path)),
            "--cache",
            "openai",
            "--json",
            "--report",
            str(report),
        ]
    )
    assert code == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["cache_prices"]["read"] == 0.5 and figures["user_turns"] == 3
    text = report.read_text(encoding="utf-8")
    assert "## By kind of user turn" in text and "| confirmation |" in text


def test_advice_after_a_yes_word_is_still_advice() -> None:
    turns = openai_turns([*WEATHER, says("Done."), user("对 周末来的朋友。VLAN 怎么规划比较好？")])
    assert read_turn(turns).advice


def test_a_new_set_brings_its_domains_next_tools(tool_filter: ToolFilter) -> None:
    mail = [user("send an email message to Bob")]
    wide = offered(ConversationPolicy(prefetch=4), tool_filter, mail)
    narrow = offered(ConversationPolicy(prefetch=0), tool_filter, mail)
    assert narrow == ["send_mail"]
    assert wide == ["send_mail", "read_inbox"]  # the selection first, then the mail domain's other tool


def test_the_cache_prices_decide_between_growing_and_resetting(tool_filter: ToolFilter) -> None:
    turn = [*WEATHER, says("Sunny."), user("send an email message with the weather forecast")]
    grows = ConversationPolicy("anthropic")
    first = offered(grows, tool_filter, WEATHER[:1])
    names = offered(grows, tool_filter, turn)
    assert grows.last is not None and grows.last.action == "grow"
    assert names[: len(first)] == first and "send_mail" in names  # the old tools first, unchanged
    flat = ConversationPolicy(CachePrices(write=1.0, read=1.0, min_tokens=0))  # a rewrite costs no more than a read
    offered(flat, tool_filter, WEATHER[:1])
    offered(flat, tool_filter, turn)
    assert flat.last is not None and flat.last.action == "reset"


def test_the_docs_example_line_is_a_valid_conversation_the_replay_reads(tmp_path: Path) -> None:
    from toolfilter_core._tool_defs import bundled_tools_path, read_tools_file

    page = (Path(__file__).resolve().parents[2] / "docs" / "conversations.md").read_text(encoding="utf-8")
    after = page.split("One line of the file", 1)[1]
    line = after.split("```json\n", 1)[1].split("\n```", 1)[0]
    assert "\n" not in line  # one conversation, one line
    path = tmp_path / "conversations.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    specs = read_tools_file(bundled_tools_path())
    (conversation,) = read_conversations(path, tools={t.name for t in specs})
    users = [m for m in conversation.messages if m["role"] == "user"]
    assert [m["kind"] for m in users] == ["first", "follow_up", "closing"]
    tf = ToolFilter(specs, embedder=HashingEmbedder())
    schemas = {t.name: t.to_openai() for t in specs}
    result_ = replay_conversations([conversation], lambda: chooser(tf), schemas, PROVIDERS["anthropic"])
    assert result_.to_dict()["user_turns"] == 3


def test_the_report_names_its_set_up_and_every_turn_missed_without_misses_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It had no set-up and listed missed turns only with --misses, and said nothing of the file it wrote."""
    tools = tmp_path / "tools.jsonl"
    tools.write_text("\n".join(json.dumps(t) for t in TOOLS) + "\n", encoding="utf-8")
    config = tmp_path / "config.yaml"
    config.write_text(json.dumps({**CONFIG, "embedder": "hashing"}), encoding="utf-8")
    conversations = tmp_path / "conversations.jsonl"
    missed = {
        "id": "m1",
        "lang": "en",
        "messages": [user("what is the weather forecast in Paris", ["list_tables"]), says("Sunny.")],
    }
    conversations.write_text(json.dumps(missed) + "\n", encoding="utf-8")
    report = tmp_path / "report.md"
    argv = ["eval", "--tools", str(tools), "--config", str(config), "--conversations", str(conversations)]
    assert main([*argv, "--report", str(report)]) == 0
    err = capsys.readouterr().err
    text = report.read_text(encoding="utf-8")
    setup = text.split("## Set-up", 1)[1].split("## Summary", 1)[0]
    assert str(conversations) in setup and str(tools) in setup and "| replay | conversation |" in setup
    assert f"| conversations | {conversations} |" in setup and "queries" not in setup  # it said "queries"
    assert "| cache prices |" not in setup and "## Cache prices" in text  # it said them twice
    assert "## Turns missed" in text and "| m1 |" in text and f"wrote {report}" in err


ASK_DELETE = [user("delete the mail to Bob"), says("It is the one from Monday, 'Trip'.")]


@pytest.mark.parametrize("text", ["yes do it", "yes, go ahead", "确认", "好的，删吧", "yes please, do it now"])
def test_a_confirmation_after_an_asked_destroy_carries_that_ask(text: str) -> None:
    """After "把他的班次 S-302 删掉", "好的，删吧" was read as a request of its own: another tool's 删."""
    reading = read_turn(openai_turns([*ASK_DELETE, user(text)]))
    assert (reading.kind, reading.decided_by) == ("confirmation", 0)
    assert reading.query.startswith("delete the mail to Bob")
    vague = read_turn(openai_turns([*ASK_DELETE, says("Should I go ahead?"), user(text)]))
    assert vague.kind == "confirmation" and "delete the mail to Bob" in vague.query


def test_an_acknowledgement_or_a_call_since_the_ask_carries_nothing() -> None:
    assert read_turn(openai_turns([*ASK_DELETE, user("ok")])).kind == "closing"
    done = [user("delete the mail to Bob"), calls("send_mail"), result("send_mail", "ok"), says("Done.")]
    assert read_turn(openai_turns([*done, user("yes do it")])).decided_by == 4
    asked = [*ASK_DELETE, says("Shall I delete it now?"), user("yes do it")]
    assert "delete the mail to Bob" not in read_turn(openai_turns(asked)).query


@pytest.mark.parametrize("text", ["yes, that one", "yep that's it", "对，就是这个"])
def test_a_yes_pointing_to_the_object_after_a_clarifying_question_carries_the_ask(text: str) -> None:
    turns = openai_turns([user("delete shift S-302"), says("S-302 is Sunday 9-5, right?"), user(text)])
    reading = read_turn(turns)
    assert reading.kind == "confirmation" and reading.query.startswith("delete shift S-302")


def test_a_yes_to_another_offer_takes_that_offer_alone() -> None:
    offer = says("I can't delete past shifts; S-302 was yesterday. Want me to list this week's shifts?")
    reading = read_turn(openai_turns([user("delete shift S-302"), offer, user("yes please")]))
    assert reading.kind == "confirmation" and "delete shift" not in reading.query


def test_a_confirmation_with_another_ask_carries_the_ask_and_keeps_the_other() -> None:
    turns = openai_turns(
        [
            user("把汤姆的班次 S-302 删掉"),
            says("S-302 是周日 9-17 点的班，对吗？"),
            user("好的，删吧，顺便给他发个短信"),
        ]
    )
    reading = read_turn(turns)
    assert reading.kind == "confirmation" and reading.query.startswith("把汤姆的班次 S-302 删掉")
    assert reading.also == "给他发个短信"
