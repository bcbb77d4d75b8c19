"""The destructive acts a request reports done, apart from those it asks for.

"给张先生退 300 块，手术取消了" (refund Mr Zhang 300, the surgery was cancelled) asks for the refund;
"手术取消了" is its reason, a report of a cancel already done (``_hints.split_reports``). Read as an
ask, its 取消 sent the best-ranked cancel tool, another record's (``boarding_cancel``). The act
readings (``decide.says_acts``, ``decide.asked_to_destroy``) read the ask alone, and a destructive
tool whose act only a report says is held (``REPORTS_HOLD``), wherever it ranks.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .._hints import (
    destroy_verbs_said,
    names_cut_or_removal,
    request_is_destructive,
    says_its_act_any_way,
    split_reports,
    told,
)
from .._types import ToolSpec
from .befores import split_befores, tells_a_before
from .later_acts import split_later_acts
from .past_wishes import split_done, split_hearsay, split_past_wishes, split_quoted
from .told_acts import nouns_as_verbs, split_told_acts
from .unasked import split_refused, split_unasked
from .wishes import split_wishes

__all__ = ["REPORTS_HOLD", "ask_and_reports", "lean_is_reported", "reported_acts"]

REPORTS_HOLD = True
"""A destructive tool whose act the request only reports done is held, and the act readings read the
request less its reports (off: the whole request).
``benchmarks/destructive_ridealong.py --reports off`` measures it on the dev registries."""


def ask_and_reports(text: str) -> tuple[str, str]:
    """The request's ask, and the acts it reports done or only tells another's wish of; off: all ask.

    Reports: ``_hints.split_reports``; wishes, another's or undecided: ``wishes.split_wishes`` ("客户说想取消…"); an act
    told as the time of another: ``befores.split_befores`` ("删除账号前，先查余额"); a wish in a relative clause or a
    possibility: ``unasked.split_unasked`` ("who asked to delete", "可能要取消"); the speaker's own act under a
    condition or an act's state told: ``later_acts.split_later_acts`` ("如果…我就取消", "退款被拒了"); another's past
    wish relayed:
    ``past_wishes.split_past_wishes`` ("他说之前申请过删除"); another's report in the passive:
    ``past_wishes.split_hearsay`` ("他说账户被删了"); an act refused as the alternative: ``unasked.split_refused``
    ("instead of cancelling"); a message quoted: ``past_wishes.split_quoted``; an act told done:
    ``past_wishes.split_done`` ("上周已经移出了"); an act withdrawn, nearly done, put off or a policy's case:
    ``told_acts.split_told_acts`` ("I said cancel, I meant …", "差点取消", "删不删以后再说").
    """
    if not REPORTS_HOLD:
        return text, ""
    ask, quoted = split_quoted(text)
    ask, reports = split_reports(ask)
    ask, later = split_later_acts(ask)
    ask, wishes = split_wishes(ask)
    ask, befores = split_befores(ask)
    ask, unasked = split_unasked(ask)
    ask, told_acts = split_told_acts(ask)
    ask, past = split_past_wishes(ask)
    ask, hearsay = split_hearsay(ask)
    ask, refused = split_refused(ask)
    ask, done = split_done(ask)
    spans = (quoted, reports, later, wishes, befores, unasked, told_acts, past, hearsay, refused, done)
    return ask, "\n".join(r for r in spans if r)


def reported_acts(
    reports: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], said: NDArray[np.bool_], ask: str = ""
) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded) whose act ``reports`` says, the ask not (``said``).

    Its own verb in either language, or its act that is not destroying ("退款" for ``refund_issue``).
    When the request tells someone a content ("email the attendees that it's off", ``_hints.told``),
    every destructive candidate the ask does not say: the content's words, whatever they are, are what
    the profile neighbours matched, and they ask for no act; unless the ask's own words ask to destroy
    ("Refund the deposit on RA-88102 and email the customer that it's on the way": the refund is asked, and
    the ask's reading decides which tool). So too where it tells the act another is done before ("删之前先确认一下余额",
    ``befores.tells_a_before``). An ``ask`` that asks to destroy in words no
    tool owns ("明早的站会作废了，直接拿掉": remove it) asks for the act it reports: none is held.
    """
    out = np.zeros_like(destructive)
    if not (REPORTS_HOLD and reports):
        return out
    content = told(reports) or tells_a_before(reports) or _no_tools_act(reports, tools, destructive)
    content = content and not request_is_destructive(ask)
    if not content and _asks_it_again(ask, tools, destructive, said):
        return out
    for j, tool in enumerate(tools):
        says = content or _says_its_act(reports, tool)
        out[0, j] = bool(destructive[0, j]) and says and not bool(said[0, j])
    return out


def _says_its_act(text: str, tool: ToolSpec) -> bool:
    """``text`` says ``tool``'s act: its own verb in either language, or its act that is not destroying.

    An act said as a noun counts ("the cancellation I heard about": ``nouns_as_verbs``).
    """
    said = says_its_act_any_way(text, tool) or says_its_act_any_way(nouns_as_verbs(text), tool)
    return said or names_cut_or_removal(text, tool)


def _no_tools_act(reports: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> bool:
    """A line of ``reports`` says a destroy word that is no destructive candidate's own act.

    "客户说她的个人资料要删，先帮我看看…": 删 alone translates no tool's verb; its act is whichever destroyer the
    request sits near, as an act told as a time is (``befores.tells_a_before``).
    """
    for line in reports.splitlines():
        if request_is_destructive(line) and not any(
            bool(destructive[0, j]) and _says_its_act(line, tool) for j, tool in enumerate(tools)
        ):
            return True
    return False


def _asks_it_again(ask: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], said: NDArray[np.bool_]) -> bool:
    """The ask asks to destroy, and says no candidate's own act: it means the one reported.

    An ask that says a tool's act that is not destroying asks that act: "客户说订单被取消了，所以想问一下还能不能恢复"
    asks ``order_restore``'s 恢复, not the cancel again.
    """
    if not (ask and request_is_destructive(ask)) or bool(np.any(said & destructive)):
        return False
    return not any(not destructive[0, j] and _says_its_act(ask, tool) for j, tool in enumerate(tools))


def lean_is_reported(ask: str, reports: str) -> bool:
    """The request's destroy words are all in its reports: its lean to destroy (``decide._leans``) is theirs.

    "Show me the payments on policy P-2022-0091, I think one was voided" reports a void; its vector leans to
    destroy by that word, and ``policy_cancel``, which takes the id, scored like a confident pick and was sent. The
    ask ("show me the payments ...") says no destroy word, so the lean unlocks nothing. An act said as a noun counts
    ("how our late cancellation fee works": ``nouns_as_verbs``).
    """
    said = destroy_verbs_said(reports) or destroy_verbs_said(nouns_as_verbs(reports))
    return REPORTS_HOLD and bool(said) and not request_is_destructive(ask)
