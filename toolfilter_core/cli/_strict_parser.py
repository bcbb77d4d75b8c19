"""The command line's parser: no option taken by a prefix, and "did you mean" for every misspelling."""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NoReturn

__all__ = ["StrictParser", "nearest"]


def nearest(typed: str, known: Iterable[str]) -> str | None:
    """The known name ``typed`` most likely meant: the only one it begins, else the closest spelling."""
    names = list(known)
    started = [n for n in names if n.startswith(typed)] if len(typed.lstrip("-")) >= 2 else []
    if len(started) == 1:
        return started[0]
    close = difflib.get_close_matches(typed, names, n=1, cutoff=0.6)
    return close[0] if close else None


def _is_option(text: str) -> bool:
    """``--x`` or ``-x``: not ``-`` (standard input) and not a negative number."""
    if not text.startswith("-") or text == "-":
        return False
    try:
        float(text)
    except ValueError:
        return True
    return False


class StrictParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` that never takes a prefix for an option and says "did you mean".

    A misspelt option (``--max-tool``), command (``selct``) or sub-command (``profiles exprt``)
    is refused by the parser of the (sub)command that ran, naming the nearest one it knows.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.options: list[str] = []  # set first: the base class adds --help
        self.commands: Any = None  # the subparsers action, when this parser has subcommands
        self.loose_words: str = ""  # what to say about words no argument takes
        self.given: list[str] = []  # the command line parse_args was given
        kwargs.setdefault("allow_abbrev", False)  # subparsers are made with this class and this default
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> Any:
        """``ArgumentParser.add_argument``, its options kept for "did you mean"."""
        self.options += [a for a in args if isinstance(a, str) and a.startswith("-")]
        return super().add_argument(*args, **kwargs)

    def add_subparsers(self, **kwargs: Any) -> Any:
        """``ArgumentParser.add_subparsers``, kept to find the subcommand a command line ran."""
        self.commands = super().add_subparsers(**kwargs)
        add_parser = self.commands.add_parser

        def add_described(name: str, **options: Any) -> Any:
            """A subcommand whose ``--help`` opens with what it does (its one-line help)."""
            said = str(options.get("help") or "")
            options.setdefault("description", f"{said[:1].upper()}{said[1:]}." if said else None)
            return add_parser(name, **options)

        self.commands.add_parser = add_described
        return self.commands

    def parse_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> Any:  # type: ignore[override]
        given = list(sys.argv[1:] if args is None else args)
        for parser in self.tree():
            parser.given = given
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            chosen = self.chosen(parsed)
            message = chosen.unknown(extras)
            if any(_is_option(e) for e in extras) or chosen.loose_words:
                chosen.refuse(message)  # the usage would hide the hint
            chosen.error(message)
        return parsed

    def refuse(self, message: str) -> NoReturn:
        """Exit with the one line that says a mistyped option, no usage before it (the usage hides the suggestion)."""
        helped = "" if "--help" in message else f" (see {self.prog} --help)"
        self.exit(2, f"{self.prog}: error: {message}{helped}\n")

    def unknown(self, extras: Sequence[str]) -> str:
        """What to say of the arguments no argument of this parser took."""
        options = [e.split("=", 1)[0] for e in extras if _is_option(e)]
        if options:  # a word after an unknown option is its value: the option is the mistake
            said = []
            for option in dict.fromkeys(options):
                meant = nearest(option, (o for o in self.options if o.startswith("--") or len(option) <= 2))
                hint = f"did you mean {meant}?" if meant else f"{self.prog} --help lists the options"
                said.append(f"unknown option {option}; {hint}")
            return "; ".join(said)
        words = " ".join(repr(e) for e in extras)
        return f"unexpected argument{'s' if len(extras) > 1 else ''} {words}" + (
            f"; {self.loose_words}" if self.loose_words else ""
        )

    def tree(self) -> Iterator[StrictParser]:
        """This parser and the parsers of its subcommands, theirs too."""
        yield self
        for child in dict.fromkeys((self.commands.choices if self.commands is not None else {}).values()):
            if isinstance(child, StrictParser):
                yield from child.tree()

    def chosen(self, parsed: argparse.Namespace) -> StrictParser:
        """The (sub)command parser ``parsed`` ran: ``toolfilter profiles import``'s, not the top level's."""
        if self.commands is not None:
            child = self.commands.choices.get(getattr(parsed, self.commands.dest, None) or "")
            if isinstance(child, StrictParser):
                return child.chosen(parsed)
        return self

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """A value outside ``choices`` is refused with the nearest one and all that are allowed."""
        if action.choices is None or value in action.choices:
            return
        allowed = [str(c) for c in action.choices]
        meant = nearest(str(value), allowed)
        hint = f"; did you mean {meant}?" if meant else ""
        if action is self.commands:
            what = str(action.metavar or "command").lower()
            before = self.given[: self.given.index(value)] if value in self.given else []
            stray = [a for a in before if _is_option(a) and a.split("=", 1)[0] not in self.options]
            moved = f"; options go after the {what}: {self.prog} {what.upper()} {stray[0]} ..." if stray else ""
            msg = f"unknown {what} {value!r}{hint} (allowed: {', '.join(allowed)}){moved}"
            raise argparse.ArgumentError(None, msg)
        raise argparse.ArgumentError(action, f"{value!r} is not allowed{hint} (allowed: {', '.join(allowed)})")

    def error(self, message: str) -> Any:
        """``ArgumentParser.error``; a missing argument beside a misspelt option is said as the misspelling."""
        if "required" in message:
            stray = [a for a in self.given if _is_option(a) and a.split("=", 1)[0] not in self.options]
            if stray:  # `fit --tool t.jsonl`: --tools is missing because --tool was misspelt
                self.refuse(self.unknown(stray))
            elif self.commands is not None and str(self.commands.metavar) in message:
                names = ", ".join(self.commands.choices)
                what = str(self.commands.metavar).lower()
                message = f"missing {what}: give one of {names} ({self.prog} --help says what each does)"
        super().error(message)
