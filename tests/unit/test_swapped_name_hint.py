"""A name whose words are a known name's words in another order: that name is the first "did you mean".

A gold name ``invoice_void`` in a registry that has ``void_invoice`` suggested ``get_invoice`` (closest by
spelling). Every place that says "did you mean" for a tool name uses ``_policy.close_names``.
"""

from toolfilter_core._evaluate import LabelledQuery, unknown_gold
from toolfilter_core._policy import close_names, did_you_mean

NAMES = ["get_invoice", "void_invoice", "list_invoices", "refund_payment"]


def test_the_word_swapped_name_comes_first():
    assert close_names("invoice_void", NAMES)[0] == "void_invoice"
    assert close_names("invoiceVoid", NAMES, n=1) == ["void_invoice"]
    assert close_names("get_invoce", NAMES, n=1) == ["get_invoice"]  # a typo still found by spelling


def test_the_shared_hint_says_the_word_swapped_name_first():
    assert did_you_mean("invoice_void", NAMES).startswith(" (did you mean 'void_invoice'")


def test_an_unknown_gold_name_suggests_the_word_swapped_name():
    said = unknown_gold(NAMES, [LabelledQuery("a1", "void INV-1", ("invoice_void",))])
    assert said is not None and "(did you mean 'void_invoice'?)" in said


def test_no_swap_is_made_up():
    assert close_names("nothing_alike_at_all", NAMES) == []
    assert close_names("invoice_void", ["void_invoice_line", "invoice"], n=1) != ["void_invoice_line"]
