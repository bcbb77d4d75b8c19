"""The signals' documented formulas, checked against the formula written out (docs/scoring.md).

``toolfilter_core/_signals.py``, ``_bm25.py`` and ``_arguments.py``: BM25 (k1 1.2, b 0.75,
Lucene's idf) over the best tool's score, damped by the best tool's share of the query's
ceiling; the combined score ``Σ wᵢ·sᵢ / Σ wᵢ`` over the present signals; the argument
signal's share of kinds. Each row is computed here from the documented formula, so a
one-step change of the code (a constant, a sign, a bound) fails it (docs/mutation.md).
"""

import math
from collections import Counter

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._arguments import argument_fit, parameter_kinds, request_kinds
from toolfilter_core._bm25 import BM25Index
from toolfilter_core._config import SIGNALS
from toolfilter_core._signals import ToolTokens, clamp01, combine, combine_rows, lexical_score, tag_score
from toolfilter_core._tokenize import tokenize

DOCS = [
    "send email message to a contact",
    "read inbox messages messages messages",
    "disk usage report",
    "send a slack message to a channel with a very long description of many words indeed",
    "",
]


def reference_bm25(docs, query, *, k1=1.2, b=0.75, full_coverage=0.2):
    """docs/scoring.md's bm25, written out: Okapi BM25 with Lucene's idf, over the best, damped."""
    tokenized = [tokenize(d) for d in docs]
    n = len(docs)
    average = sum(map(len, tokenized)) / n

    def idf(df):
        return math.log(1 + (n - df + 0.5) / (df + 0.5))

    terms = set(tokenize(query))
    raw = []
    for tokens in tokenized:
        counts, score = Counter(tokens), 0.0
        for t in terms & counts.keys():
            df = sum(t in other for other in tokenized)
            tf = counts[t]
            score += idf(df) * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len(tokens) / average))
        raw.append(score)
    ceiling = sum(idf(sum(t in other for other in tokenized)) * (k1 + 1) for t in terms)
    best = max(raw)
    if best <= 0:
        return [0.0] * n
    damping = min(1.0, (best / ceiling) / full_coverage) if full_coverage > 0 else 1.0
    return [s / best * damping for s in raw]


@pytest.mark.parametrize(
    ("query", "options"),
    [
        ("send email", {}),
        ("send a message", {}),  # a token in most documents: a low idf
        ("messages in my inbox", {}),  # a repeated token: term frequency saturates
        ("please kindly email someone somewhere sometime", {"full_coverage": 0.5}),  # damped
        ("please kindly email someone somewhere sometime", {"full_coverage": 0.0}),  # no damping
        ("send send email email", {}),  # a repeated query token counts once
        ("please email", {}),  # the best covers 0.163 of the query: damped by 0.2, not by 0.15
        ("slack message channel", {"k1": 2.0, "b": 0.3}),
        ("slack message channel", {"k1": 0.5, "b": 1.0}),
    ],
    ids=[
        "plain",
        "common-token",
        "repeats",
        "damped",
        "undamped",
        "query-repeats",
        "default-damping",
        "k1-b",
        "k1-b-2",
    ],
)
def test_bm25_is_the_documented_formula(query, options):
    coverage = {k: v for k, v in options.items() if k == "full_coverage"}
    shape = {k: v for k, v in options.items() if k != "full_coverage"}
    got = BM25Index(DOCS, **shape).scores(query, **coverage)
    assert got.dtype == np.float32
    assert got.tolist() == pytest.approx(reference_bm25(DOCS, query, **options), rel=1e-5, abs=1e-6)


def test_bm25_of_a_token_every_document_has():
    # its idf is low: the ceiling (Σ idf·(k1+1)) is below 1, and the signal is still there
    docs = ["send mail", "send sms", "send fax"]
    assert BM25Index(docs).scores("send").tolist() == pytest.approx(reference_bm25(docs, "send"), rel=1e-5)
    assert min(BM25Index(docs).scores("send")) > 0


def test_bm25_without_a_shared_token_or_documents_is_zero():
    assert BM25Index(DOCS).scores("zzz qqq").tolist() == [0.0] * len(DOCS)
    assert BM25Index(DOCS).scores("").tolist() == [0.0] * len(DOCS)
    assert BM25Index([]).scores("send").tolist() == []
    assert BM25Index(["", ""]).scores("send").tolist() == [0.0, 0.0]


def test_bm25_idf_is_lucenes_and_never_negative():
    index = BM25Index(DOCS)
    assert index.idf(0) == pytest.approx(math.log(1 + 5.5 / 0.5))
    assert index.idf(2) == pytest.approx(math.log(1 + 3.5 / 2.5))
    assert index.idf(5) == pytest.approx(math.log(1 + 0.5 / 5.5))
    assert index.idf(5) > 0


def _row(**present):
    return [present.get(name, np.nan) for name in SIGNALS]


@pytest.mark.parametrize(
    ("rows", "weights", "expected"),
    [
        # Σ w·s / Σ w over the present signals
        ([_row(embed=0.8, lexical=0.5)], {"embed": 1.0, "lexical": 0.5}, [(0.8 + 0.25) / 1.5]),
        # an absent signal's weight leaves both sums; a present 0 stays in
        ([_row(embed=0.8)], {"embed": 1.0, "argument": 3.0}, [0.8]),
        ([_row(embed=0.8, argument=0.0)], {"embed": 1.0, "argument": 3.0}, [0.2]),
        # no weight left: 0
        ([_row(argument=0.5)], {"embed": 1.0}, [0.0]),
        # rows are independent
        ([_row(embed=1.0), _row(embed=0.5, tag=1.0)], {"embed": 1.0, "tag": 1.0}, [1.0, 0.75]),
    ],
    ids=["weighted-mean", "absent-left-out", "zero-stays", "no-weight", "rows"],
)
def test_combine_rows_over_present_signals(rows, weights, expected):
    vector = np.array([weights.get(name, 0.0) for name in SIGNALS])
    assert combine_rows(np.array(rows), vector).tolist() == pytest.approx(expected)


def test_combine_rows_over_the_last_axis_of_any_shape():
    row = _row(embed=0.8, lexical=0.5)
    vector = np.array([{"embed": 1.0, "lexical": 0.5}.get(name, 0.0) for name in SIGNALS])
    one = combine_rows(np.array(row), vector)
    assert one.shape == () and float(one) == pytest.approx((0.8 + 0.25) / 1.5)
    many = combine_rows(np.array([[row, row], [row, _row(embed=0.2)]]), vector)
    assert many.shape == (2, 2) and many[1, 1] == pytest.approx(0.2)


def test_combine_counts_a_missing_weighted_signal_as_zero_and_ignores_unweighted_ones():
    assert combine({"embed": 0.6}, {"embed": 1.0, "lexical": 1.0}) == pytest.approx(0.3)
    assert combine({"embed": 0.6, "tag": 1.0}, {"embed": 1.0}) == pytest.approx(0.6)


@pytest.mark.parametrize(("value", "clamped"), [(-1e-9, 0.0), (0.0, 0.0), (1e-9, 1e-9), (1.0, 1.0), (1.0 + 1e-9, 1.0)])
def test_clamp01_edges(value, clamped):
    assert clamp01(value) == clamped


def test_shares_of_tokens():
    tool = ToolTokens(ToolSpec("send_mail", "Send an email", category="mail", tags=("smtp", "outbox")))
    assert lexical_score(frozenset(), tool) == 0.0
    assert lexical_score(frozenset({"send", "email", "now"}), tool) == pytest.approx(2 / 3)
    assert tag_score(frozenset({"smtp"}), tool) == 0.5
    assert tag_score(frozenset({"smtp"}), ToolTokens(ToolSpec("x", "y"))) == 0.0


def _takes(**properties):
    return ToolSpec("t", "a tool", parameters={"type": "object", "properties": properties})


@pytest.mark.parametrize(
    ("tool", "kinds"),
    [
        # short names count only as the whole name
        (_takes(to={"type": "string"}), {"email"}),
        (_takes(cc={"type": "string"}, bcc={"type": "string"}), {"email"}),
        (_takes(data={"type": "object"}), {"json"}),
        (_takes(todo={"type": "string"}), set()),
        (_takes(q={"type": "string", "description": "send it to me"}), set()),
        # a JSON Schema format
        (_takes(a={"type": "string", "format": "uri"}), {"url"}),
        (_takes(a={"type": "string", "format": "ipv4"}, b={"format": "email"}), {"ip", "email"}),
        (_takes(a={"type": "string", "format": "date"}), set()),
        # a schema that is not an object: the name alone
        (_takes(file_path=True), {"path"}),
    ],
    ids=["to", "cc-bcc", "data", "todo", "to-in-description", "uri", "ipv4-email", "date", "bare-schema"],
)
def test_parameter_kinds(tool, kinds):
    assert parameter_kinds(tool) == kinds


@pytest.mark.parametrize(
    ("wanted", "taken", "fit"),
    [(set(), {"url"}, 0.0), ({"url"}, {"url"}, 1.0), ({"url", "path"}, {"url"}, 0.5), ({"url"}, set(), 0.0)],
)
def test_argument_fit_is_the_share_of_the_requests_kinds(wanted, taken, fit):
    assert argument_fit(frozenset(wanted), frozenset(taken)) == fit


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        # URLs and host names in any case
        ("is HTTPS://SHOP.EXAMPLE.COM up?", {"url"}),
        ("is Shop.Example.COM up?", {"url"}),
    ],
)
def test_request_kinds_read_urls_in_any_case(text, kinds):
    assert request_kinds(text) == kinds
