"""Which tools their own words call destructive, before and after the refund / "cannot be undone" reading.

    python benchmarks/destructive_words.py [--leave-out NAME] [--extra DIR ...] [--show 8]
        [--out benchmarks/results/destructive_words.txt]

Issue #32 item 12. Without MCP annotations, ``says_destructive`` reads a tool's name and
description (``_hints.text_says_destructive``). The reading before: a destructive verb in the
name, at the start of the description, or in a Chinese first clause (part ``verbs``). Added
parts, each measured alone and together: ``money`` (a name that leads or ends with refund,
retire, withdraw, unpublish, decommission, forfeit; a description opening with one), ``money_zh``
(退款, 退费, 撤回, 撤单, 下架, 报废 in the first clause), ``irreversible`` ("cannot be undone",
"cannot be reopened", "irreversible", "no way to undo", "is permanent", "Permanently ...", 不可恢复,
不可撤销..., "gone for good", "Its files are gone."), ``explained`` (the act a colon explains, a destructive
verb glossing the opening one: "Forfeit (remove) ..."), ``ending``
("End a ...", "Terminate the ...", "Close out the ...", "Release a held seat back to the pool"), ``lasting`` (a lead
clause that closes with "permanently", "irreversibly", "for good": "Close a membership permanently."), ``stop``
("Stop ... and return ...", "Stop ... and cancel ..."), ``supply`` ("Disconnect water and/or electricity at an
address", "Shut off the water supply", "Cuts off electricity to ..."); ``money`` to ``explained`` and ``lasting`` not
for a description that opens with a read ("Get ...", "查询..."). ``+stop_bare`` is a reading not shipped, measured
beside ``stop``: any description that opens with "Stop" or "Halt"; so is ``+cleared`` (``after+cleared`` with the
shipped parts): a description that says its contents, data or files are cleared, wiped or deleted.

Every registry's tool definitions are read (a reading of tool text: no request is read):
``benchmarks/data/*`` (dev, held-out and public), the public sets under ``../shared/data``
not copied there, the business registries of ``tests/integration/data`` and any ``--extra``
folder. Tools with a boolean ``readOnlyHint`` or ``destructiveHint`` are the truth: their
hints' verdict (``says_destructive``) against the text reading with the hints removed,
precision and recall per group (``dev``, ``heldout``, ``users``: the business registries) and pooled. For tools
without hints, the count each reading flags and the tools whose flag changed (all of them for
``dev_*`` and the business registries, ``--show`` per other registry). ``PROBES``: tools the
reading must not flag. ``--leave-out NAME`` drops registries whose name holds NAME.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import warnings
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from toolfilter_core import ToolSpec, read_tools_file
from toolfilter_core._hints import PARTS, says_destructive, text_says_destructive

ROOT = Path(__file__).resolve().parents[1]
BEFORE: tuple[str, ...] = ("verbs",)
READINGS: dict[str, tuple[str, ...]] = {
    "before": BEFORE,
    **{f"+{part}": (*BEFORE, part) for part in PARTS if part not in BEFORE},
    "+stop_bare": (*BEFORE, "stop_bare"),
    "+cleared": (*BEFORE, "cleared"),
    "after": PARTS,
    "after+cleared": (*PARTS, "cleared"),
}
_STOP_BARE = re.compile(r"^\s*(?:stop|halt)s?\b", re.I)
"""The reading ``stop`` was measured against: any description that opens with "Stop" or "Halt"."""
_CLEARED = re.compile(
    r"\b(?:contents?|data|files?|items?|belongings|everything)\s+(?:is|are|will\s+be|gets?)\s+"
    r"(?:cleared|wiped|erased|deleted|removed|purged|emptied)\b",
    re.I,
)
"""A reading not shipped: the description says what the act leaves is cleared ("Release a member's rental locker so
it can be given to someone else; contents are cleared.")."""


def read_with(tool: ToolSpec, parts: tuple[str, ...]) -> bool:
    """``text_says_destructive`` with ``parts``; ``stop_bare`` and ``cleared`` (not shipped) read here."""
    shipped = tuple(p for p in parts if p in PARTS)
    bare = "stop_bare" in parts and _STOP_BARE.match(tool.description or "") is not None
    cleared = "cleared" in parts and _CLEARED.search(tool.description or "") is not None
    return bare or cleared or text_says_destructive(tool, shipped)


PROBES: list[tuple[ToolSpec, bool]] = [
    (ToolSpec("get_refund_status", "Get the status of a refund by its id."), False),
    (ToolSpec("refund_status_get", "Where a refund is: pending, sent to the bank, completed, failed."), False),
    (ToolSpec("get_refund", "Where a refund is and how much of it was paid."), False),
    (ToolSpec("refund_status", "查询退款进度：根据订单号查看退款是否已到账。"), False),
    (ToolSpec("report_refunds", "Refund report for a period: count, amount and reasons."), False),
    (ToolSpec("list_cancelled_orders", "List orders that were cancelled in a date range."), False),
    (ToolSpec("can_undo_invoice", "Check whether a void can be undone for an invoice."), False),
    (ToolSpec("undo_last_change", "Undo the last change made to a document."), False),
    (ToolSpec("audit_log", "Show the audit log. Entries cannot be undone or edited."), False),
    (ToolSpec("refund_reject", "Reject a refund request with a reason."), False),
    (ToolSpec("revenue_report", "营收报表：按日汇总收入、退款、新客数。"), False),
    (ToolSpec("getRetirementAge", "Retrieve retirement age information."), False),
    (ToolSpec("create_credential", "Create a credential. Once created, its value cannot be retrieved."), False),
    (ToolSpec("forfeit_rules", "Get the forfeit rules of the loyalty programme."), False),
    (ToolSpec("points_add", "Add (credit) points to a member account."), False),
    (ToolSpec("ticket_escalate", "Escalate a ticket when the assigned agent is gone."), False),
    (ToolSpec("list_departures", "List guests who are gone: checked out today."), False),
    (ToolSpec("release_build", "Release a new version of the app to the store."), False),
    (ToolSpec("seat_release", "Release a held seat back to the pool so others can book it."), True),
    (ToolSpec("order_hold_release", "Release the hold on an order so it ships."), False),
    (ToolSpec("deposit_forfeit", "Forfeit a security deposit when a tenant breaks the lease."), True),
    (ToolSpec("comment_retract", "Retract (delete) a published comment."), True),
    (ToolSpec("photo_shred", "Shred a scanned photo. The original is gone for good."), True),
    (ToolSpec("mailbox_shred", "Shred a mailbox. Its messages are gone."), True),
    (ToolSpec("payment_refund", "Refund a payment to the customer's card, fully or in part."), True),
    (ToolSpec("vehicle_retire", "Permanently retire a vehicle from the fleet. Cannot be undone."), True),
    (ToolSpec("close_account", "Close the account. This cannot be undone."), True),
    (ToolSpec("damage_claim_close", "Close a damage claim. A closed claim cannot be reopened."), True),
    (ToolSpec("mailbox_compact", "Compact a mailbox. There is no way to undo this."), True),
    (ToolSpec("account_merge", "Merge two customer accounts into one. The merge is permanent."), True),
    (ToolSpec("issue_refund", "退款：原路退回已支付的金额。"), True),
    (ToolSpec("restore_file", "Restore a permanently deleted file from the backup."), False),
    (ToolSpec("trash_item", "Move an item to trash. Items in trash are deleted for good after 30 days."), False),
    (ToolSpec("stop_instance", "Stop a running instance. You can start it again later."), False),
    (ToolSpec("membership_close", "Close a membership permanently. Unpaid fees are charged first."), True),
    (ToolSpec("member_remove", "Remove a member from the team for good."), True),
    (ToolSpec("transfer_recall", "Stop a transfer and return the funds to the payer."), True),
    (ToolSpec("message_pin", "Pin a message to the channel permanently."), False),
    (ToolSpec("settings_save", "Save your display settings permanently."), False),
    (ToolSpec("allowlist_add", "Add an IP address to the allowlist for good."), False),
    (ToolSpec("timer_stop", "Stop the timer and return the elapsed time."), False),
    (ToolSpec("job_halt", "Halt the job and return its logs."), False),
    (ToolSpec("shipment_create", "Create a shipment. Tracking number is permanent."), False),
    (ToolSpec("parking_assign", "Assign a parking spot. Parking assignment is permanent."), False),
    (ToolSpec("archive_upload", "Upload a file to the archive. This is permanent storage."), False),
    (ToolSpec("pet_report", "Log a missing pet report. The pet is gone since last night."), False),
    (ToolSpec("stop_service", "Disconnect water and/or electricity at an address immediately."), True),
    (ToolSpec("water_shutoff", "Shut off the water supply at an address."), True),
    (ToolSpec("db_close", "Disconnect from the database service and free the pool."), False),
    (ToolSpec("outage_report", "Report that the supply was cut off at an address."), False),
    (ToolSpec("membership_unfreeze", "End a membership freeze early and resume billing."), False),
    (ToolSpec("membership_end", "End a membership on a date."), True),
    (ToolSpec("stop_job", "Stop the job and return its result to the caller."), False),
    (ToolSpec("stop_timer", "Stop the timer and return the elapsed time back to the client."), False),
    (ToolSpec("mute", "Shut off notifications for the account."), False),
    (ToolSpec("part_adjust", "Adjust a part's count. Writing off the part is permanent."), True),
]


def bare_only(flags: dict[str, list[bool]], reading: str = "+stop_bare") -> list[int]:
    """The tools ``reading`` (one not shipped: ``+stop_bare``, ``+cleared``) flags and the reading after does not."""
    return [i for i, f in enumerate(flags[reading]) if f and not flags["after"][i]]


def registries(leave_out: str, extra: Iterable[str]) -> list[tuple[str, str, Path]]:
    """(group, name, tools file) of every registry, copies of the same file once."""
    found: list[tuple[str, str, Path]] = []
    for path in sorted((ROOT / "benchmarks" / "data").glob("*/tools.jsonl")):
        name = path.parent.name
        group = name.split("_", 1)[0] if name.startswith(("dev_", "heldout_")) else "public"
        found.append((group, name, path))
    shared = ROOT.parent / "shared" / "data"
    for path in sorted([*shared.glob("*/tools.jsonl"), *shared.glob("restbench/*/tools.jsonl")]):
        found.append(("public", f"shared/{path.parent.name}", path))
    for path in sorted((ROOT / "tests" / "integration" / "data").glob("*/tools.jsonl")):
        found.append(("users", path.parent.name, path))
    found += [("users", Path(folder).name, Path(folder) / "tools.jsonl") for folder in extra]
    seen: set[str] = set()
    kept = []
    for group, name, path in found:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if digest not in seen and not (leave_out and leave_out in name):
            seen.add(digest)
            kept.append((group, name, path))
    return kept


def annotated(tool: ToolSpec) -> bool:
    """The tool's hints decide ``says_destructive``: a boolean readOnlyHint or destructiveHint."""
    return any(isinstance(tool.annotations.get(k), bool) for k in ("readOnlyHint", "destructiveHint"))


def scores(pairs: list[tuple[bool, bool]]) -> str:
    """Precision and recall of (truth, reading) pairs, with the counts."""
    tp = sum(t and r for t, r in pairs)
    fp = sum(r and not t for t, r in pairs)
    fn = sum(t and not r for t, r in pairs)
    precision = f"{tp / (tp + fp):.3f}" if tp + fp else "-"
    recall = f"{tp / (tp + fn):.3f}" if tp + fn else "-"
    return f"P {precision} R {recall} (tp {tp} fp {fp} fn {fn})"


def measure(regs: list[tuple[str, str, Path]], show: int) -> list[str]:
    """The printed report: truth table, flag counts per registry, tools whose flag changed."""
    truth: dict[str, dict[str, list[tuple[bool, bool]]]] = {r: {} for r in READINGS}
    counts: list[str] = []
    changed: list[str] = []
    unshipped: list[str] = []
    cleared: list[str] = []
    for group, name, path in regs:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tools = read_tools_file(path)
        bare = [(t, replace(t, annotations={})) for t in tools]
        flags = {r: [read_with(b, parts) for _, b in bare] for r, parts in READINGS.items()}
        for reading, row in flags.items():
            pairs = [(says_destructive(t), f) for (t, _), f in zip(bare, row, strict=True) if annotated(t)]
            for key in (group, "all"):
                truth[reading].setdefault(key, []).extend(pairs)
        plain = [i for i, (t, _) in enumerate(bare) if not annotated(t)]
        moved = [i for i in range(len(tools)) if flags["before"][i] != flags["after"][i]]
        counts.append(
            f"{name:32} {group:8} {len(tools):6} {len(tools) - len(plain):6} "
            f"{sum(flags['before'][i] for i in plain):7} {sum(flags['after'][i] for i in plain):7} "
            f"{sum(flags['after'][i] and not flags['before'][i] for i in moved):6} "
            f"{sum(flags['before'][i] and not flags['after'][i] for i in moved):6}"
        )
        limit = len(moved) if group in ("dev", "users") else show
        unshipped += [f"  + {name}: {tools[i].name}: {tools[i].description[:90]!r}" for i in bare_only(flags)]
        cleared += [f"  + {name}: {tools[i].name}: {tools[i].description[:90]!r}" for i in bare_only(flags, "+cleared")]
        for i in moved[:limit]:
            tool = tools[i]
            hint = "" if not annotated(tool) else f" [hints say {'yes' if says_destructive(tool) else 'no'}]"
            sign = "+" if flags["after"][i] else "-"
            changed.append(f"  {sign} {name}: {tool.name}: {tool.description[:90]!r}{hint}")
    hinted = truth["before"]["all"]
    lines = [
        f"Annotated tools (truth: their hints): {len(hinted)}, {sum(t for t, _ in hinted)} destructive by their hints;",
        "the text reading with the hints removed:",
    ]
    for reading in READINGS:
        lines += [f"  {reading:14} {g:8} {scores(p)}" for g, p in sorted(truth[reading].items())]
    lines += ["", "Tools without hints, flagged by the reading before and after:"]
    lines += [
        f"{'registry':32} {'group':8} {'tools':>6} {'hinted':>6} {'before':>7} {'after':>7} {'added':>6} {'lost':>6}"
    ]
    lines += counts + ["", "Tools whose flag changed (+ added, - lost):", *changed]
    lines += ["", "Tools +stop_bare (not shipped) would add to the reading after:", *unshipped]
    lines += ["", "Tools +cleared (not shipped) would add to the reading after:", *cleared, "", "Probes (must be):"]
    for tool, want in PROBES:
        got = text_says_destructive(tool)
        lines.append(f"  {'ok ' if got == want else 'BAD'} {tool.name}: {'yes' if got else 'no'} (must be {want})")
    return lines


def main() -> None:
    """Measure and print (and write ``--out``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--leave-out", default="", help="drop registries whose name holds this")
    parser.add_argument("--extra", nargs="*", default=[], help="more registry folders (a user's own)")
    parser.add_argument("--show", type=int, default=8, help="changed tools listed per public/held-out registry")
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    lines = measure(registries(args.leave_out, args.extra), args.show)
    print("\n".join(lines))
    if args.out:
        Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
