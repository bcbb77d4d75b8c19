"""A built-in no-tool phrase never beats a tool the request names by its own action.

The built-in phrases are generic ("translate this sentence into Spanish"); a registry with
``translate_text`` wants translation requests served. Each request below is itself one of
the no-tool phrases (so the phrase wins on any embedder) and still gets its tool.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec

TOOLS = [
    ToolSpec("translate_text", "Translate text from one language into another."),
    ToolSpec("calculate", "Calculate the value of a math expression."),
    ToolSpec("recommend_movies", "Recommend movies to watch for a genre or a mood."),
    ToolSpec("convert_units", "Convert a value from one unit of measure to another."),
    ToolSpec("write_file", "Write text content to a file."),
    ToolSpec("docker_ps", "List the running Docker containers."),
]
OWN = {
    "translate this sentence into Spanish": "translate_text",
    "calculate 15 percent of 240": "calculate",
    "recommend a good movie for tonight": "recommend_movies",
    "convert 5 miles to kilometers": "convert_units",
    "can I get a translation of this into French": "translate_text",  # a form of the action word
}
NO_TOOL = ["hi, how are you?", "write a short poem about the sea", "what is docker, explain it simply"]
CONFIG = {"abstain_phrases": [*OWN, *NO_TOOL], "abstain_rule": "margin", "abstain_margin": 0.0}


@pytest.fixture(scope="module")
def tf() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


@pytest.mark.parametrize(("request_text", "tool"), list(OWN.items()))
def test_a_tool_named_by_its_own_action_beats_the_phrase(tf: ToolFilter, request_text: str, tool: str) -> None:
    selection = tf.select(request_text)
    assert tool in selection.names
    assert any("served as usual" in note for note in selection.notes)


@pytest.mark.parametrize("request_text", NO_TOOL)
def test_a_generic_verb_or_a_noun_does_not_override_no_tool(tf: ToolFilter, request_text: str) -> None:
    # "write" is generic; "docker" leads docker_ps's name but not its description: no own action
    assert tf.select(request_text).names == []


def test_a_blocked_tool_never_lifts_the_no_tool_decision() -> None:
    tf = ToolFilter(TOOLS, config={**CONFIG, "block_tools": ["translate_text"]}, embedder=HashingEmbedder())
    assert tf.select("translate this sentence into Spanish").names == []


def test_only_a_form_of_the_action_itself_counts() -> None:
    # heldout_legal_office: "any good books on legal writing you'd recommend?" needs no tool,
    # and record_trust_deposit's action "record" is not "recommend"
    tools = [ToolSpec("record_trust_deposit", "Record a deposit into a client's trust account.")]
    config = {**CONFIG, "abstain_phrases": ["any good books on legal writing you'd recommend?"]}
    tf = ToolFilter(tools, config=config, embedder=HashingEmbedder())
    assert tf.select("any good books on legal writing you'd recommend?").names == []
