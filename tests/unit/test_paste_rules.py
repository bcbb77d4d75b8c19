"""The documented rules for telling pasted material from the user's words, at their edges.

``toolfilter_core/_ask.py`` and docs/scoring.md "Pasted material": ``key: value`` runs of
three or more; quoted e-mail from its headers to its sign-off and signature; chat
transcripts (two speakers at least, one speaking twice); a short line between pasted lines;
a long part of prose beside a short part of the user's own; how much paste counts, and a
message that is all paste. Each row sits next to a rule's edge so that a one-step change of
the rule fails it (docs/mutation.md). Marks are per line: ``p`` pasted, ``o`` the user's own.
"""

import pytest

from toolfilter_core._ask import Ask, _cut_lines, _pasted_lines, find_ask

LOG = "2026-12-02 10:31:07 ERROR [db-pool] connection refused"  # one log line, 53 characters


def marks(*lines):
    return "".join("p" if m else "o" for m in _pasted_lines(list(lines)))


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # three key: value lines are a form or a header block; two are not
        (["Task: refund", "Reason: damaged", "Note: vip"], "ppp"),
        (["Task: refund", "Reason: damaged"], "oo"),
        # the run is of adjacent lines: a line of prose between breaks it
        (["Task: refund", "Reason: damaged", "please hurry up now", "Note: vip"], "oooo"),
        (["please hurry up now", "Task: refund", "Reason: damaged", "Note: vip"], "oppp"),
    ],
    ids=["three", "two", "broken-run", "after-prose"],
)
def test_key_value_runs_of_three_or_more(lines, expected):
    assert marks(*lines) == expected


@pytest.mark.parametrize(
    ("line", "pasted"),
    [
        # a line that ends like code is code when more than 12% of it is symbols: 3 of 24, not 3 of 25
        ("new value = total + tax;", True),
        ("new value = totals + tax;", False),
        # any line of 12 characters or more is pasted when more than 30% of it is symbols
        ("^^^^^^^^^^^^", True),
        ("^^^^^^^^^^^", False),
        ("^^^^^^^ abcdefghijkl", True),  # 7 of 20
        ("^^^^^^ abcdefghijklm", False),  # 6 of 20
    ],
    ids=["code-3-of-24", "code-3-of-25", "symbols-12", "symbols-11", "symbols-7-of-20", "symbols-6-of-20"],
)
def test_code_and_symbol_lines(line, pasted):
    assert marks("please look at this", line) == "o" + ("p" if pasted else "o")


SIGNED = ["please refund her", "From: Ann Lee", "Subject: broken mug", "", "my mug arrived broken", "Thanks,"]


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # from the headers to the sign-off, then a signature of up to three short lines
        ([*SIGNED, "Ann Lee", "Mug Club", "", "and reply to her"], "o" + "ppppp" + "pp" + "oo"),
        # a fourth line after the sign-off is no longer the signature
        ([*SIGNED, "Ann Lee", "Mug Club", "Berlin", "and reply to her please"], "o" + "ppppp" + "ppp" + "o"),
        # a signature line is short: 60 characters at most
        ([*SIGNED, "x" * 60], "o" + "ppppp" + "p"),
        ([*SIGNED, "x" * 61], "o" + "ppppp" + "o"),
        # a rule line ends the e-mail
        (["From: Ann Lee", "To: support", "my mug arrived broken", "---", "refund her order now"], "ppppo"),
        # the second header may be up to three lines after the first
        (["refund her", "From: Ann Lee", "my mug broke", "again", "To: support"], "opppp"),
        (["refund her", "From: Ann Lee", "my mug broke", "again", "and again", "To: support"], "oooooo"),
    ],
    ids=["signature", "fourth-line", "60-chars", "61-chars", "rule-ends-it", "header-3-on", "header-4-on"],
)
def test_a_quoted_mail_runs_from_its_headers_to_its_sign_off_and_signature(lines, expected):
    assert marks(*lines) == expected


# speakers' lines (a time in each keeps them from reading as key: value lines)
ANN, BOB, ANN_AGAIN = "Ann: lunch at 12:30?", "Bob: sure, 12:30 works", "Ann: see you at 12:30"
CID, DAN, CID_AGAIN = "Cid: call at 9:15", "Dan: ok, 9:15 it is", "Cid: talk at 9:15"


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # two speakers, one speaking twice: a transcript
        ([ANN, BOB, ANN_AGAIN], "ppp"),
        # too short, no one speaking twice, one speaker only: not one
        ([ANN, BOB], "oo"),
        ([ANN, BOB, "Cid: lunch at 12:30?"], "ooo"),
        ([ANN, "Ann: or at 13:30?", ANN_AGAIN], "ooo"),
        # speaker lines up to two lines apart are one run; three apart start another
        ([ANN, "x", "y", BOB, ANN_AGAIN], "ppppp"),
        ([ANN, "x", "y", "z", BOB, ANN_AGAIN], "oooooo"),
        # the last speaker's continuation lines, up to a blank line, belong to the run
        ([ANN, BOB, ANN_AGAIN, "more from ann", "", "summarise it"], "ppppoo"),
        # a blank line between speakers' lines does not end the run; the continuation follows the last
        ([ANN, BOB, "", ANN_AGAIN, "more from ann"], "ppopp"),
        # a name is up to three words
        (["Mary Ann Lee: lunch at 12:30?", BOB, "Mary Ann Lee: see you at 12:30"], "ppp"),
        (["Mary Ann Lee Smith: lunch at 12:30?", BOB, "Mary Ann Lee Smith: see you at 12:30"], "ooo"),
        # transcripts start at the margin
        ([" " + ANN, " " + BOB, " " + ANN_AGAIN], "ooo"),
        # with a time before each name
        (["10:31 Ann: lunch?", "10:32 Bob: sure, why not", "10:33 Ann: great, see you"], "ppp"),
        (["10:31 Ann: lunch?", "10:32 Bob: sure, why not", "10:33 Cid: great, see you"], "ooo"),
        # a run that is no transcript does not end the search: the next run is one
        ([ANN, "", "", "", "", CID, DAN, CID_AGAIN], "ooooo" + "ppp"),
    ],
    ids=[
        "transcript",
        "two-lines",
        "no-one-twice",
        "one-speaker",
        "gap-2",
        "gap-3",
        "continuation",
        "blank-between",
        "three-word-name",
        "four-word-name",
        "indented",
        "timestamps",
        "timestamps-no-one-twice",
        "next-run",
    ],
)
def test_chat_transcripts(lines, expected):
    assert marks(*lines) == expected


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        ([LOG, "and then", LOG], "ppp"),
        # a blank line on either side: not sandwiched
        ([LOG, "", "and then", LOG], "poop"),
        ([LOG, "and then", "", LOG], "poop"),
        # pasted above only, or below only: not sandwiched
        ([LOG, "and then", "plain words"], "poo"),
        (["plain words", "and then", LOG], "oop"),
        # the blank line that matters is the one directly above
        (["look", "", LOG, "and then", LOG], "oo" + "ppp"),
        # the first and the last line have no line on one side
        (["and then", LOG, "and then"], "opo"),
    ],
    ids=["between", "blank-above", "blank-below", "above-only", "below-only", "blank-two-above", "ends"],
)
def test_a_short_line_between_pasted_lines_is_pasted(lines, expected):
    assert marks(*lines) == expected


PROSE = "the quick brown fox jumps over the lazy dog and runs far away"  # 61 characters, no pattern


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # a long part (800 characters of prose or more) beside a short part of the user's own is pasted
        ([*[PROSE] * 14, "---", "grade this 42/50"], "p" * 14 + "p" + "o"),
        ([*[PROSE] * 13, "x" * 6, "---", "grade this 42/50"], "o" * 14 + "p" + "o"),  # 799 characters
        ([*[PROSE] * 13, "x" * 7, "---", "grade this 42/50"], "p" * 14 + "p" + "o"),  # 800
        # the short part first
        (["grade this 42/50", "---", *[PROSE] * 14], "o" + "p" + "p" * 14),
        # beside a part of only the user's words, the rest of a mostly pasted part is pasted
        # too: 610 characters of prose under 756 of log
        (["grade this 42/50", "---", *[LOG] * 14, "", *[PROSE] * 10], "o" + "p" + "p" * 25),
        # ... more than its own words: as much of both is not enough
        (["grade this 42/50", "---", LOG, "", PROSE[:54]], "o" + "p" + "poo"),
        # no short part mostly of one's own words (as much paste as words; only long parts): nothing
        ([LOG, "", PROSE[:54], "---", *[PROSE] * 14], "poo" + "p" + "o" * 14),
        ([*[PROSE] * 14, "---", *[PROSE] * 14], "o" * 14 + "p" + "o" * 14),
        # a part of one character of one's own counts
        (["好", "---", *[LOG] * 14, "", *[PROSE] * 10], "o" + "p" + "p" * 25),
        # ... and not when the short part holds a pasted line too
        (
            ["grade this essay of mine", "ERROR x", "---", *[LOG] * 14, "", *[PROSE] * 10],
            "op" + "p" + "p" * 14 + "o" * 11,
        ),
    ],
    ids=[
        "long-part",
        "799",
        "800",
        "short-first",
        "mostly-pasted",
        "as-much",
        "words-as-much-as-paste",
        "only-long-parts",
        "one-character",
        "no-pure-part",
    ],
)
def test_a_long_part_beside_a_short_part_of_ones_own_is_pasted(lines, expected):
    assert marks(*lines) == expected


LONG_LOG = LOG + "x" * 10


@pytest.mark.parametrize(
    ("text", "ask"),
    [
        # pasted material counts from 60 characters (each line with its newline)
        ("restart the api\n" + LONG_LOG[:58], Ask("restart the api\n" + LONG_LOG[:58])),
        ("restart the api\n" + LONG_LOG[:59], Ask("restart the api", 60)),
        # ... and from a quarter of the message: 110 of 440 characters, not of 441
        ("\n".join([("word " * 70)[:330], LOG, LOG]), Ask(("word " * 70)[:330].strip(), 110)),
        ("\n".join([("word " * 70)[:331], LOG, LOG]), Ask("\n".join([("word " * 70)[:331], LOG, LOG]))),
        # all pasted: no ask from 400 characters, below that a form of the user's
        ("\n".join([LOG + "x" * 15, *[LOG] * 6]), Ask("\n".join([LOG + "x" * 15, *[LOG] * 6]))),
        # (the count is of the message's characters: no line break is counted after the last line)
        ("\n".join([LOG + "x" * 16, *[LOG] * 6]), Ask("", 400)),
        # one line is scanned too: a long minified JSON line is all paste
        ("{" + '"key": 1, ' * 50 + "}", Ask("", 502)),
    ],
    ids=[
        "59-chars",
        "60-chars",
        "a-quarter",
        "less-than-a-quarter",
        "399-all-pasted",
        "400-all-pasted",
        "one-long-line",
    ],
)
def test_how_much_paste_counts(text, ask):
    assert find_ask(text) == ask


def test_a_message_without_paste_is_its_own_ask_with_nothing_pasted():
    ask = find_ask("restart nginx")
    assert (ask.text, ask.pasted_chars, ask.pasted) == ("restart nginx", 0, False)
    assert Ask("restart nginx", 1).pasted  # any pasted character


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # a paste cut mid-line: the last line begins as the log's lines do (a digit for a digit)
        ([LOG, LOG, "2026-12-03 1"], "ppp"),
        ([LOG, LOG, "2026-12-03 11:0"], "ppp"),
        ([LOG, LOG, "2"], "ppp"),
        # the shape breaks inside a word: the user's, as before
        ([LOG, LOG, "2026-12-03 1x unpaid?"], "ppo"),
        # a blank line between: not a cut (the line below a paste's end is the user's)
        ([LOG, LOG, "", "2026-12-03 1"], "ppoo"),
        # below prose, or a line of other characters: the user's
        (["plain words here", "2026-12-03 1"], "oo"),
        ([LOG, LOG, "Can you check which invoices are unpaid?"], "ppo"),
    ],
    ids=["cut-date", "cut-time", "one-digit", "broken-in-a-word", "blank-line", "under-prose", "an-ask"],
)
def test_a_line_cut_at_the_end_of_a_paste_is_pasted(lines, expected):
    found = list(lines)
    pasted = _pasted_lines(found)
    _cut_lines(found, pasted)
    assert "".join("p" if m else "o" for m in pasted) == expected


@pytest.mark.parametrize(
    ("tail", "ask"),
    [
        # the cut line alone: the message is all paste
        ("2026-12-03 1", ""),
        # the user's words after the cut, on the same line after a blank, or on their own line
        ("2026-12-03 1 which invoices are unpaid?", "which invoices are unpaid?"),
        ("2026-12-03 which invoices are unpaid?", "which invoices are unpaid?"),
        ("2026-12-03 1\nwhich invoices are unpaid?", "which invoices are unpaid?"),
        ("2026-12-03 1\n\nwhich invoices are unpaid?", "which invoices are unpaid?"),
        # a start of only words and digits is no cut log line: "2 invoices" is the user's
        ("2 invoices failed, retry them", "2 invoices failed, retry them"),
        ("Can you check which invoices are unpaid?", "Can you check which invoices are unpaid?"),
        # only the message's last line is split: inside, a line of another shape stays whole
        ("2026-12-03 1 which invoices?\n\nthanks a lot", "2026-12-03 1 which invoices?\nthanks a lot"),
    ],
    ids=[
        "alone",
        "same-line",
        "same-line-after-date",
        "own-line",
        "after-blank-line",
        "digits-and-words",
        "an-ask",
        "not-the-last-line",
    ],
)
def test_the_ask_after_a_paste_cut_mid_line(tail, ask):
    text = "\n".join([LOG] * 8 + [tail])
    found = find_ask(text)
    assert found.text == ask
    assert found.pasted_chars >= 8 * len(LOG)


def test_an_indent_under_a_paste_is_no_cut_log_line():
    # the lines above begin with "-" and spaces: a start of symbols and blanks alone is set apart nowhere
    lines = ["-        legacy = query(1)", "-        legacy = query(2)", "-        keep = 3"]
    marks = [True, True, False]
    assert (_cut_lines(lines, marks), lines[-1], marks) == (0, "-        keep = 3", [True, True, False])
