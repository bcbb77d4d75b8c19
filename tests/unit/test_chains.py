"""Chains: the tools that produce what a selected tool needs (an id the request does not carry)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest

from toolfilter_core import Note, NoteKind, ScoredTool, Status, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._chains import ChainMap, derive, known_in_result, singular
from toolfilter_core._doctor.definitions import definition_findings
from toolfilter_core._learning import call_order
from toolfilter_core._pipeline.chains import carried, with_chains
from toolfilter_core._types import ScoreBreakdown

from .fakes import TableEmbedder, constants, unit


@dataclass
class Outcome:
    """A decided selection as the chains step reads it (``decide.Decision`` holds these fields)."""

    selected: list[ScoredTool]
    rejected: list[ScoredTool]
    notes: list[str] = field(default_factory=list)
    status: Status = Status.SELECTED


def _tool(name: str, description: str, required: dict[str, str] | None = None, **more: object) -> ToolSpec:
    required = required or {}
    properties = {p: {"type": "string", "description": d} for p, d in required.items()}
    params = {"type": "object", "properties": properties, "required": list(required)}
    return ToolSpec(name=name, description=description, parameters=params, **more)  # type: ignore[arg-type]


MOVIES = [
    _tool("search_movie", "Search for movies by title.", {"query": "The title to search for."}),
    _tool("get_movie_credits", "Get the cast and crew for a movie.", {"movie_id": "The id of the movie."}),
    _tool("get_movie_details", "Get the primary information about a movie.", {"movie_id": "The id of the movie."}),
    _tool("search_person", "Search for people by name.", {"query": "The name to search for."}),
    _tool("get_person_movie_credits", "Get the movie credits of a person.", {"person_id": "The id of the person."}),
    _tool("get_weather", "Current weather for a city.", {"city": "The city name."}),
]


def _filter(tools: list[ToolSpec], near: str, **config: object) -> tuple[ToolFilter, str]:
    """A filter whose request ``"who directed it?"`` sits on ``near`` alone; the rest far away."""
    table = {t.document(): unit(*([0.0] * i + [1.0])) for i, t in enumerate(tools)}
    index = [t.name for t in tools].index(near)
    query = "who directed it?"
    table[query] = unit(*([0.0] * index + [1.0]))
    cfg = ToolFilterConfig(enabled=True, top_k=3, min_combined_score=0.0, relative_cut=0.5, **config)  # type: ignore[arg-type]
    return ToolFilter(tools, config=cfg, embedder=TableEmbedder(table)), query


def _select(tools: list[ToolSpec], near: str, text: str, **config: object) -> list[str]:
    tf, query = _filter(tools, near, **config)
    tf.embedder.table[text] = tf.embedder.table[query]  # type: ignore[attr-defined]
    return tf.select(text).names


# --- what feeds what, from the definitions alone -------------------------------------------


def test_an_id_parameter_is_fed_by_the_search_over_its_thing() -> None:
    chains = ChainMap(MOVIES)
    assert chains.feeds["get_movie_credits"][0].makers[0] == "search_movie"
    assert chains.feeds["get_person_movie_credits"][0].makers[0] == "search_person"
    assert chains.feeds["search_movie"] == ()  # a query is said in words: never a need
    assert chains.feeds["get_weather"] == ()


def test_a_bare_id_is_read_off_its_description_and_a_type_list_names_what_a_search_finds() -> None:
    album = _tool("get_album", "Get an album.", {"id": "The [Spotify ID](/docs) of the album."})
    search = ToolSpec(
        name="search",
        description="Search for Item. Get catalog information about things that match a keyword.",
        parameters={
            "type": "object",
            "properties": {"q": {"type": "string"}, "type": {"type": "string", "enum": ["album", "artist"]}},
            "required": ["q", "type"],
        },
    )
    chains = ChainMap([album, search])
    assert derive(album).needs[0].things[0] == "album"
    assert derive(search).needs == ()  # an enum is one of a fixed set, not an id
    assert chains.feeds["get_album"][0].makers == ("search",)


def test_call_first_in_a_description_names_the_producer() -> None:
    me = _tool("get_me", "Get Current User's Profile.")
    create = _tool(
        "post_users_user_id_playlists",
        "Create Playlist. (Before calling this API, must call GET /me first to get the user_id).",
        {"user_id": "The user's ID."},
    )
    chains = ChainMap([me, create])
    assert chains.feeds["post_users_user_id_playlists"][0].named == ("get_me",)


def test_return_shapes_and_an_output_schema_make_a_producer() -> None:
    listing = _tool("tracks_of_the_week", "Returns a list of tracks, each with id and title.")
    shaped = _tool(
        "browse_catalog",
        "Browse the catalog.",
        annotations={"outputSchema": {"type": "object", "properties": {"track_id": {"type": "string"}}}},
    )
    play = _tool("play_track", "Play a track.", {"track_id": "The id of the track."})
    assert "track" in derive(listing).produces
    assert "track" in derive(shaped).produces
    assert set(ChainMap([listing, play]).feeds["play_track"][0].makers) == {"tracks_of_the_week"}


def test_a_derivation_is_cached_by_definition_so_a_changed_tool_is_derived_again() -> None:
    before = derive(MOVIES[1])
    assert derive(MOVIES[1]) is before
    changed = _tool("get_movie_credits", "Get the cast and crew for a film.", {"film_id": "The film's ID."})
    assert derive(changed) is not before
    assert derive(changed).needs[0].things[0] == "film"


def test_a_tool_nobody_can_feed() -> None:
    network = _tool("get_network", "Get a TV network.", {"network_id": "The id of the network."})
    assert [(n, need.parameter) for n, need in ChainMap([*MOVIES, network]).unfed()] == [("get_network", "network_id")]


@pytest.mark.parametrize(("word", "one"), [("movies", "movie"), ("companies", "company"), ("people", "person")])
def test_singular(word: str, one: str) -> None:
    assert singular(word) == one


# --- when a request carries the value ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("who directed Titanic?", False),
        ("who directed movie 550?", True),
        ("credits of the movie with id 550", True),
        ("credits for tt0120338", True),
        ("who directed the 2010 film Inception?", False),  # a year is not an id
        ("cast of the movie f47ac10b-58cc-4372-a567-0e02b2c3d479", True),
    ],
)
def test_a_request_carries_the_id(text: str, expected: bool) -> None:
    need = derive(MOVIES[1]).needs[0]
    assert carried(need, text, single=True) is expected


ACCOUNTS = [
    _tool(
        "list_payment_methods",
        "List the payment methods on an account.",
        {"account_id": "Customer account number, e.g. 3100-428817"},
    ),
    _tool("search_accounts", "Search accounts by name, phone or address.", {"query": "name or address"}),
    _tool(
        "get_bill",
        "Get a bill: amount due, due date.",
        {"account_id": "Customer account number, e.g. 3100-428817", "bill_id": "bill number, e.g. B2026-11-0042"},
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Failed on e6038fd: "3100-428817" is no id-shaped token nor a number, so search_accounts
        # came for the account_id the request gives (a user's utility tools, request e02).
        ("what do I owe this month on account 3100-428817?", True),
        ("这个月水费怎么比上个月多了一倍？户号 3100-428817", True),
        ("户号3100-428817这个月要交多少", True),
        ("what do I owe this month?", False),
        ("what do I owe on account 3100-42881?", True),  # digits in groups right after "account"
        ("what do I owe, my phone is 138-0013-8000?", False),  # neither the form nor after "account"
        ("bill for 2026-11-03", False),  # a date is not in the account number's form
    ],
)
def test_a_value_in_the_parameters_form_carries_the_need(text: str, expected: bool) -> None:
    need = derive(ACCOUNTS[2]).needs[0]
    assert need.form
    assert carried(need, text, single=False) is expected


def test_the_form_comes_from_the_example_the_description_gives() -> None:
    assert derive(ACCOUNTS[0]).needs[0].form == r"\d{4}\-\d{6}"
    assert derive(MOVIES[1]).needs[0].form == ""  # no example, no form


@pytest.mark.parametrize(
    "said", ["Customer account number like 3100-428817", "客户账号，格式 3100-428817", "format: 3100-428817"]
)
def test_the_form_comes_after_like_and_format_too(said: str) -> None:
    tool = _tool("list_payment_methods", "List the payment methods on an account.", {"account_id": said})
    assert derive(tool).needs[0].form == r"\d{4}\-\d{6}"


def test_a_request_giving_the_account_number_brings_no_account_search() -> None:
    names = _select(ACCOUNTS, "list_payment_methods", "what do I owe this month on account 3100-428817?")
    assert "list_payment_methods" in names and "search_accounts" not in names
    assert "search_accounts" in _select(ACCOUNTS, "list_payment_methods", "what do I owe this month?")


# --- selecting the chain -------------------------------------------------------------------


def test_a_movie_named_by_title_brings_the_movie_search_beside_its_credits() -> None:
    tf, query = _filter(MOVIES, "get_movie_credits")
    selection = tf.select(query)
    assert selection.names[:2] == ["get_movie_credits", "search_movie"]
    note = next(n for n in selection.reasons if n.kind is NoteKind.CHAINED)
    assert note.values["tools"] == ("search_movie",)
    assert note.values["feeds"] == ("get_movie_credits.movie_id",)
    assert "feeds movie_id of get_movie_credits" in selection.explain()


def test_a_request_carrying_the_id_does_not_bring_the_search() -> None:
    names = _select(MOVIES, "get_movie_credits", "who directed movie 550?")
    assert "get_movie_credits" in names and "search_movie" not in names


def test_chains_off_sends_only_what_the_words_match(monkeypatch) -> None:
    assert "search_movie" in _select(MOVIES, "get_movie_credits", "who directed it?")
    constants(monkeypatch, chains=False)
    assert "search_movie" not in _select(MOVIES, "get_movie_credits", "who directed it?")


def test_chains_off_leaves_the_chain_map_unbuilt_when_the_filter_opens(monkeypatch) -> None:
    constants(monkeypatch, chains=False)
    tf, _ = _filter(MOVIES, "get_movie_credits")
    assert tf._snapshot._chains is None


def test_a_destructive_producer_is_never_added_for_a_read() -> None:
    purge = _tool(
        "purge_expired_orders", "Deletes expired orders and returns a list of the orders removed, each with its id."
    )
    status = _tool("get_order_status", "Where an order is.", {"order_id": "The id of the order."})
    assert ChainMap([purge, status]).feeds["get_order_status"][0].makers == ("purge_expired_orders",)
    assert _select([purge, status], "get_order_status", "where is Jane's order?") == ["get_order_status"]
    lister = _tool("list_orders", "List the orders of a customer.", {"customer": "The customer's name."})
    names = _select([purge, status, lister], "get_order_status", "where is Jane's order?")
    assert names == ["get_order_status", "list_orders"]


def test_a_tool_the_conversation_already_called_needs_no_producer() -> None:
    tf, query = _filter(MOVIES, "get_movie_credits")
    assert any(n.kind is NoteKind.CHAINED for n in tf.select(query).reasons)
    # the movie search was called earlier: its result holds the id (sticky keeps the tool, not as a chain)
    again = tf.select(query, sticky=["search_movie"])
    assert not any(n.kind is NoteKind.CHAINED for n in again.reasons)


@pytest.mark.parametrize("known", [("movie_id",), ("movie",), ("search_movie",)])
def test_a_known_value_needs_no_producer(known: tuple[str, ...]) -> None:
    tf, query = _filter(MOVIES, "get_movie_credits")
    snapshot = tf.snapshot
    credits = ScoredTool(MOVIES[1], ScoreBreakdown({}, {}, 0.9))
    outcome = Outcome([credits], [])
    usable = np.ones(len(MOVIES), dtype=bool)
    assert [s.name for s in with_chains(snapshot, outcome, query, k=3, usable=usable).selected] == [
        "get_movie_credits",
        "search_movie",
    ]
    assert with_chains(snapshot, outcome, query, k=3, usable=usable, known=known) is outcome


def test_a_blocked_producer_is_not_added() -> None:
    assert "search_movie" not in _select(MOVIES, "get_movie_credits", "who directed it?", block_tools=("search_movie",))


def test_a_full_selection_gives_its_weakest_place_to_the_producer() -> None:
    tools = [
        _tool("get_movie_credits", "Get the cast and crew for a movie.", {"movie_id": "The id of the movie."}),
        _tool("get_tv_credits", "Get the cast and crew for a TV show.", {"tv_id": "The id of the show."}),
        _tool("get_movie_keywords", "Keywords of a movie.", {"movie_id": "The id of the movie."}),
        _tool("search_movie", "Search for movies by title.", {"query": "The title."}),
    ]
    table = {t.document(): unit(1.0, 0.1 * i, 0.0, float(t.name == "search_movie")) for i, t in enumerate(tools)}
    table["credits please"] = unit(1.0, 0.0)
    cfg = ToolFilterConfig(enabled=True, top_k=3, min_combined_score=0.0, relative_cut=0.0, min_gap=0.0, min_score=0.0)
    selection = ToolFilter(tools, config=cfg, embedder=TableEmbedder(table)).select("credits please")
    assert len(selection.names) == 3
    assert selection.names[:2] == ["get_movie_credits", "search_movie"]
    note = next(n for n in selection.reasons if n.kind is NoteKind.CHAINED)
    assert note.values["left_out"]


# --- learned from use ----------------------------------------------------------------------


def test_call_order_counts_the_tool_called_right_before_for_the_same_request() -> None:
    calls = [
        ("Who directed Titanic?", "search_movie"),
        ("who directed  titanic?", "get_movie_credits"),
        ("weather in Lyon", "get_weather"),
        ("cast of Alien", "get_movie_credits"),
    ]
    assert call_order(calls) == {"get_movie_credits": {"search_movie": 1}}


def test_the_order_learned_from_use_names_a_producer_the_words_do_not_show() -> None:
    finder = _tool("catalog_lookup", "Look things up in the catalogue.", {"text": "What to look up."})
    play = _tool("play", "Play it.", {"item_ref": "The ID to play."})
    tf, query = _filter([finder, play], "play")
    assert tf.select(query).names == ["play"]  # nothing says the lookup finds what play needs
    tf.record("queue up that tune", "catalog_lookup")  # a request far from both tools' words
    tf.record("queue up that tune", "play")
    assert tf.snapshot.chains.feeds["play"][0].named == ("catalog_lookup",)
    assert tf.select(query).names == ["play", "catalog_lookup"]


# --- the doctor ----------------------------------------------------------------------------


def test_the_doctor_names_a_tool_nobody_can_feed() -> None:
    network = _tool("get_network", "Get a TV network.", {"network_id": "The id of the network."})
    findings = [f for f in definition_findings([*MOVIES, network]) if f.kind == "unfed_id"]
    assert [(f.tools, f.evidence["parameter"]) for f in findings] == [(("get_network",), "network_id")]
    assert not [f for f in definition_findings(MOVIES) if f.kind == "unfed_id"]


# --- find_tools ----------------------------------------------------------------------------


def test_find_tools_answers_with_the_chain_and_says_what_the_producer_is_for() -> None:
    from langchain_toolfilter._engine import SelectionEngine

    tf, query = _filter(MOVIES, "get_movie_credits")
    text, names = SelectionEngine(tf, find_tools=True).search(query)
    assert names[:2] == ["get_movie_credits", "search_movie"]
    assert "- search_movie: Search for movies by title. (call it first: it finds the movie_id get_movie_credits" in text


def test_what_a_tool_result_makes_known_feeds_the_next_call() -> None:
    result = '{"results": [{"movie_id": 27205, "title": "Inception", "cast": [{"person_id": 6193}]}]}'
    known = known_in_result(result, tool="search_movie")
    assert {"movie_id", "movie", "person_id", "person", "search_movie"} <= known
    assert known_in_result("no JSON here", tool="x") == {"x"}
    tf, query = _filter(MOVIES, "get_movie_credits")
    outcome = Outcome([ScoredTool(MOVIES[1], ScoreBreakdown({}, {}, 0.9))], [])
    usable = np.ones(len(MOVIES), dtype=bool)
    assert with_chains(tf.snapshot, outcome, query, k=3, usable=usable, known=known) is outcome


# --- the budget keeps a ranked tool that feeds the need, and a producer's producer waits ---------

FREIGHT = [
    _tool("calendar_book_pickup", "Book a truck pickup for a shipment.", {"shipment_id": "The id of the shipment."}),
    _tool("quote_create", "Make a freight quote for a lane.", {"origin": "Where from."}),
    _tool("carrier_rates", "Current carrier rates on a lane.", {"origin": "Where from."}),
    _tool("shipment_create", "Book a new shipment for a customer.", {"customer_id": "The id of the customer."}),
    _tool("calendar_list", "Show the calendar of the week.", {"week": "Which week."}),
    _tool("list_shipments", "List shipments of a customer.", {"customer_id": "The id of the customer."}),
    _tool("customer_lookup", "Find customers by name.", {"query": "The name."}),
]


def _freight_chains(
    names: list[str], query: str = "book the shipment for Pelican and schedule pickup monday"
) -> list[str]:
    tf, _ = _filter(FREIGHT, "calendar_book_pickup")
    by_name = {t.name: t for t in FREIGHT}
    selected = [ScoredTool(by_name[n], ScoreBreakdown({}, {}, 0.9 - 0.1 * i)) for i, n in enumerate(names)]
    usable = np.ones(len(FREIGHT), dtype=bool)
    return [s.name for s in with_chains(tf.snapshot, Outcome(selected, []), query, k=5, usable=usable).selected]


def test_a_ranked_tool_that_makes_the_id_stays_and_brings_no_producer() -> None:
    ranked = ["calendar_book_pickup", "quote_create", "carrier_rates", "shipment_create", "calendar_list"]
    assert _freight_chains(ranked) == ranked  # was: list_shipments and customer_lookup in, shipment_create out
    assert ChainMap(FREIGHT).creates("shipment_create", derive(FREIGHT[0]).needs[0])


def test_a_maker_feeds_only_a_request_that_asks_to_make() -> None:
    ranked = ["calendar_book_pickup", "quote_create", "carrier_rates", "shipment_create", "calendar_list"]
    out = _freight_chains(ranked, "schedule the pickup of the Pelican shipment monday")
    assert "list_shipments" in out  # the shipment exists: it is looked up, not made


def test_a_producers_producer_fills_only_free_room() -> None:
    ranked = ["calendar_book_pickup", "quote_create", "carrier_rates", "calendar_list"]
    out = _freight_chains(ranked)
    assert "list_shipments" in out and "customer_lookup" not in out  # was: customer_lookup over carrier_rates
    assert set(out) == {"calendar_book_pickup", "quote_create", "carrier_rates", "list_shipments"}


# --- a producer is worth its best consumer: the budget drops the weakest --------------------------


def _movie_chains(names: list[str], asks: tuple[str, ...] = ()) -> list[str]:
    tf, query = _filter(MOVIES, "get_movie_credits")
    by_name = {t.name: t for t in MOVIES}
    selected = [ScoredTool(by_name[n], ScoreBreakdown({}, {}, 0.9 - 0.1 * i)) for i, n in enumerate(names)]
    notes = [Note(NoteKind.ASKS_KEPT, "kept each ask's best tool", tools=asks)] if asks else []
    outcome = Outcome(selected, [], notes)  # type: ignore[arg-type]
    usable = np.ones(len(MOVIES), dtype=bool)
    return [s.name for s in with_chains(tf.snapshot, outcome, query, k=len(names), usable=usable).selected]


def test_the_best_tools_producer_takes_the_weakest_routed_place_only() -> None:
    ranked = ["get_movie_credits", "get_weather", "search_person", "get_person_movie_credits"]
    out = _movie_chains(ranked)
    assert out == ["get_movie_credits", "search_movie", "get_weather", "search_person"]


def test_a_lower_tools_producer_pushes_no_higher_tool_out() -> None:
    ranked = ["get_weather", "search_person", "get_movie_credits", "get_person_movie_credits"]
    assert _movie_chains(ranked) == ranked  # search_movie for get_movie_credits: only free room, and none is left


def test_a_producer_brought_for_a_lower_tool_counts_at_the_ask_it_also_feeds() -> None:
    ranked = ["get_weather", "search_person", "get_movie_details", "get_movie_credits"]
    out = _movie_chains(ranked, asks=("get_movie_credits",))
    # search_movie came for get_movie_details, but the kept ask get_movie_credits needs it too:
    # was: left out, the ask's movie_id unfed, while get_movie_details kept its place
    assert out == ["get_weather", "search_person", "search_movie", "get_movie_credits"]


def test_what_a_tool_produces_is_not_read_from_a_negated_clause() -> None:
    """ "Does NOT track deliveries — use delivery_track" said deliveries: order_search fed delivery_track's id."""
    search = ToolSpec(
        "order_search",
        "Search online orders by customer or date. Does NOT track deliveries — use delivery_track for that.",
    )
    assert "order" in derive(search).produces
    assert "delivery" not in derive(search).produces
    lists = ToolSpec("list_orders", "Lists orders, not deliveries or parcels.")
    assert "delivery" not in derive(lists).produces and "parcel" not in derive(lists).produces


# --- a producer is a read: a tool that books, creates, changes or deletes comes only when asked -----------

PHARMACY = [
    _tool("delivery_track", "Track a home delivery: courier, current location, arrival time.", {"delivery_id": "id"}),
    _tool("delivery_schedule", "Book a home delivery slot for an order (date, address).", {"order_id": "order id"}),
    _tool("claim_status", "Status of an insurance claim.", {"claim_id": "claim id"}),
    _tool("claim_submit", "Submit an insurance claim for a prescription.", {"rx_id": "prescription id"}),
    _tool("get_submission", "Open one student's submission (files, text, grade).", {"student_id": "student id"}),
]


def test_a_tool_that_books_creates_or_changes_is_a_writer_by_its_own_words() -> None:
    chains = ChainMap(PHARMACY)
    assert {"delivery_schedule", "claim_submit"} <= chains.writers  # "Book ...", "Submit ..."
    assert "delivery_track" not in chains.writers and "get_submission" not in chains.writers  # "Open" reads
    assert chains.feeds["delivery_track"][0].makers == ("delivery_schedule",)  # what the words show: kept


@pytest.mark.parametrize(
    ("near", "text"), [("delivery_track", "where is my parcel?"), ("claim_status", "was my claim approved?")]
)
def test_a_writer_is_not_brought_as_the_producer_for_a_read(near: str, text: str) -> None:
    """ "where is my parcel?" brought delivery_schedule (it books a delivery slot) for delivery_id."""
    assert _select(PHARMACY, near, text) == [near]


def test_a_read_of_the_thing_is_brought_and_a_writer_comes_when_the_request_says_its_act() -> None:
    lister = _tool("list_deliveries", "List the deliveries of a customer.", {"customer": "The customer's name."})
    names = _select([*PHARMACY, lister], "delivery_track", "where is my parcel?")
    assert names == ["delivery_track", "list_deliveries"]
    names = _select(PHARMACY, "delivery_track", "book a delivery slot for my order and track it")
    assert names == ["delivery_track", "delivery_schedule"]


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("search_books", "Books matching a title or author, each with its book_id."),
        ("book_info", "Book details for an ISBN: title, author, book_id."),
        ("vehicle_models", "Make and model lookup: returns vehicle ids."),
        ("find_slots", "Book a slot: lists the free slots first."),
    ],
)
def test_a_making_word_as_a_noun_or_in_a_finder_name_is_no_writer(name: str, description: str) -> None:
    """ "Books matching ..." read as "book" the verb: search_books was a writer, held back from a read."""
    tools = [_tool(name, description), _tool("delivery_schedule", "Books a home delivery slot.")]
    assert ChainMap(tools).writers == {"delivery_schedule"}


@pytest.mark.parametrize(
    ("description", "verb"),
    [
        ("Registers of the council: lists register ids.", False),
        ("Book details for an ISBN.", False),
        ("Make and model lookup: vehicle ids.", False),
        ("Book lodging for a stay.", True),
        ("Book a truck pickup for a shipment.", True),
        ("Creates the invoice for an order.", True),
        ("Register a new patron.", True),
    ],
)
def test_a_description_opens_with_a_making_verb_only_before_its_object(description: str, verb: bool) -> None:
    from toolfilter_core._chains import _OPENS_MAKING

    assert bool(_OPENS_MAKING.match(description)) is verb


def test_a_finder_of_books_is_brought_for_a_read_of_its_reviews() -> None:
    library = [
        _tool("search_books", "Books matching a title or author, each with its book_id.", {"query": "title"}),
        _tool("get_book_reviews", "Get the reader reviews of a book.", {"book_id": "The id of the book."}),
        _tool("get_weather", "Current weather for a city.", {"city": "The city name."}),
    ]
    assert _select(library, "get_book_reviews", "what do readers say about Dune?") == [
        "get_book_reviews",
        "search_books",
    ]


@pytest.mark.parametrize(
    ("description", "kept"),
    [
        ("Create a refund without manager approval and return its refund_id.", "and return its refund_id"),
        ("Open a support case (no login needed) and return the case_id.", "and return the case_id"),
    ],
)
def test_a_negation_in_a_description_ends_at_a_joined_act_or_its_bracket(description: str, kept: str) -> None:
    """It cut to the clause's end: "without manager approval and return its refund_id" produced no refund id."""
    from toolfilter_core._negated import negated_apart

    assert kept in negated_apart(description)
    assert "approval" not in negated_apart(description) and "login" not in negated_apart(description)
    assert "track" not in negated_apart("Search orders. Does NOT track deliveries — use delivery_track for that.")


@pytest.mark.parametrize(
    "description",
    ["Find orders. Does not return deliveries and parcels.", "Search orders by customer, not deliveries and parcels."],
)
def test_a_negation_in_a_description_reaches_past_an_and_between_nouns(description: str) -> None:
    """It ended at "and": "Does not return deliveries and parcels" produced parcel (and "and")."""
    produces = derive(ToolSpec("search_orders", description)).produces
    assert "parcel" not in produces and "and" not in produces and "order" in produces


@pytest.mark.parametrize(
    ("description", "made"),
    [
        ("Books a room. Does not charge a fee but returns the booking id.", "booking"),
        ("Creates an order without payment but returns an order_id.", "order"),
    ],
)
def test_a_negation_in_a_description_ends_at_a_turn(description: str, made: str) -> None:
    """It ran to the clause's end over "but": "without payment but returns an order_id" produced no order id."""
    from toolfilter_core._negated import negated_apart

    assert "returns" in negated_apart(description) and "fee" not in negated_apart(description)
    assert "payment" not in negated_apart(description)
    assert made in derive(ToolSpec("make_it", description)).produces


def test_a_negation_in_a_description_reaches_past_a_just_that_is_negated() -> None:
    """It ended at "just": "Do not call this tool just to cancel an order" left "to cancel an order" its act."""
    from toolfilter_core._negated import negated_apart

    kept = negated_apart("Do not call this tool just to cancel an order; use get_order to check status.")
    assert "cancel" not in kept and "get_order" in kept
    assert "archives" in negated_apart("Does not delete the file, just archives it.")
    assert "archives" in negated_apart("Does not delete the file but just archives it.")


@pytest.mark.parametrize(
    ("example", "text", "expected"),
    [
        # Failed on 397f633: a run mixing letters and digits became [A-Za-z0-9]{n}, which the
        # plain word "shipping" matched, so the request seemed to carry the value.
        ("e.g. a1b2c3d4", "cancel the shipping tomorrow", False),
        ("e.g. a1b2c3d4", "cancel shipment 9f3c2a1b tomorrow", True),
        ("e.g. 7F3K9", "track parcel please", False),
        ("e.g. 7F3K9", "track parcel 8G2M1", True),
        ("such as AB12C", "track email please", False),
        ("such as AB12C", "track CD34E please", True),
    ],
)
def test_a_form_mixing_letters_and_digits_needs_a_digit(example: str, text: str, expected: bool) -> None:
    tool = _tool("cancel_shipment", "Cancel a shipment.", {"shipment_id": f"The shipment id, {example}"})
    need = derive(tool).needs[0]
    assert need.form
    assert carried(need, text, single=False) is expected
