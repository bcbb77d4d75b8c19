"""A read asked in no destroy word does not lean to destroy.

"理赔CL-40021被拒了，我想看看拒赔的原因" asks to see why a claim was rejected; 拒 and 拒赔 sit near the destroy-asking
phrases, so the request leaned to destroy and ``claim_reject`` (ranked first, taking the claim's id) entered as a
confident pick. A request that says a read (``destroy_ask.says_a_read``: 看看, 查一下, "show me") and no destroy word
(``_hints.request_is_destructive``, ``_hints.destroy_verbs_said``) gets no destructive tool by its lean; its own verb
said, its users' words or an ask to destroy still let one in.
"""

from __future__ import annotations

from .._hints import destroy_verbs_said, request_is_destructive
from .destroy_ask import says_a_read

__all__ = ["a_read_in_no_destroy_word"]

READS_DO_NOT_LEAN = True
"""A read asked in no destroy word does not lean to destroy (off: it may, as before)."""


def a_read_in_no_destroy_word(ask: str) -> bool:
    """``ask`` says a read and no destroy word: its lean to destroy (``decide._leans``) unlocks nothing."""
    return READS_DO_NOT_LEAN and says_a_read(ask) and not request_is_destructive(ask) and not destroy_verbs_said(ask)
