"""The eval's "why" for a miss is about the gold tool: its rank, score and the rule that cut it.

On 75fb673 the why was the selection's status and first note, often about the tool sent instead.
"""

from __future__ import annotations

from toolfilter_core import HashingEmbedder, LabelledQuery, ToolFilter, evaluate, load_bundled_tools

REQUEST = "please reply to Ana's email"


def _filter(**config: object) -> ToolFilter:
    return ToolFilter(load_bundled_tools(), embedder=HashingEmbedder(), config=config)


def test_a_gold_tool_ranked_past_top_k_is_named_with_its_rank_score_and_rule() -> None:
    tf = _filter(top_k=1, min_score=0.0, min_gap=0.0)
    selection = tf.select(REQUEST)
    ranked = sorted((*selection.selected, *selection.rejected), key=lambda s: -s.score)
    gold = next(s for s in ranked[1:] if s.reason is not None and s.reason.value == "below_top_k")
    rank = ranked.index(gold) + 1
    result = evaluate(tf.select, [LabelledQuery("q1", REQUEST, (gold.name,))])
    (miss,) = result.misses
    assert miss["why"].startswith(
        f"{gold.name}: rank {rank} of {len(ranked)}, score {gold.score:.3f}, cut by below_top_k"
    )
    assert "top_k" in miss["why"] and miss["selected"] == selection.names


def test_a_gold_tool_never_scored_says_so() -> None:
    tf = _filter(allow_tools=["send_mail", "read_inbox"])
    result = evaluate(tf.select, [LabelledQuery("q1", REQUEST, ("image_resize",))])
    (miss,) = result.misses
    assert miss["why"].startswith("image_resize: ")
    assert "not_allowed" in miss["why"] or "not among the" in miss["why"]
