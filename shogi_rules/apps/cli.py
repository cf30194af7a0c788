"""The ``shogi-rules`` command.

::

    shogi-rules variants [--json]
    shogi-rules rules VARIANT [--json]
    shogi-rules pieces VARIANT [--rule ID=OPTION]... [--json]
    shogi-rules show VARIANT [--fen F] [--preset NAME] [--rule ID=OPTION]... [--format text|fen|sfen]
    shogi-rules moves VARIANT [--fen F] [--preset NAME] [--rule ID=OPTION]... [--notation fsf|usi|western|japanese]
    shogi-rules perft VARIANT DEPTH [--fen F] [--preset NAME] [--rule ID=OPTION]... [--divide]
    shogi-rules replay VARIANT FILE [--fen F] [--preset NAME] [--rule ID=OPTION]...
    shogi-rules check-record VARIANT FILE [--fen F] [--json]
    shogi-rules convert VARIANT FILE --to kif|csa|usi|western|japanese [--fen F] [--preset NAME] [--rule ID=OPTION]...
    shogi-rules cite ID[=OPTION] | VARIANT PIECE-CODE | book
    shogi-rules --version

A record FILE is plain text (Western, USI or coordinate moves), KIF (standard and Chu shogi) or CSA
(standard shogi), told apart by its form; a KIF or CSA record's start position is used unless
``--fen`` is given. A record FILE of ``-`` is read from standard input. ``replay`` refuses a move made after the game has
ended (as ``Position.outcome`` says: mate, the fourth repetition, ...), naming the ply that ended it.
``check-record`` answers for every rule set of the variant at once: one line per *branch* (a set of rule
sets, written as the options it takes of the choices it restricts, that fare alike: legal, or illegal
from one ply on), one line per preset, then the rule sets that accept the record as constraints (the
options each choice may take, and the combinations where choices interact); last, where there are some, the plies at
which choices that might act together were asked one option at a time (the verdict is not yet a proof there; in
``--json``, ``unproven_plies``). It plays the record once,
and splits the rule sets only at the plies where a choice changes what the move does. From a ``--fen`` that is a
position under some rule sets only (a board of one size, pieces in hand, a king in check under check rules, a
promoted piece or a mark of the state field that some rules only allow), the others refuse the record at its
first ply; a FEN that is a position under none is bad input.

Exit status: 0 on success; 1 when the answer is no (``replay``: a move of the record is illegal;
``check-record``: no rule set accepts the record); 2 for bad input (an unknown command, variant or
option, a rule chosen twice or two presets, a malformed FEN, a depth out of range, a file that cannot
be read), with one line on standard error quoting the offending input (cut to about 60 characters and
escaped), never a traceback; 3 when the answer cannot be written (a full disk, a closed standard output, an
encoding of standard output that cannot show it), with one line on standard error where that can be written; 130
when interrupted by Ctrl-C (also while the engine loads).

``perft`` counts to a depth of at most :data:`~shogi_rules.engine.movegen.MAX_PERFT_DEPTH` (32). A ``perft`` or
``check-record`` that runs longer than about two seconds shows its progress on standard error when
that is a terminal; Ctrl-C stops it and prints what was counted so far.
"""

from __future__ import annotations

import argparse
import ast
import errno
import json
import os
import re
import sys
import threading
import time
from typing import IO, Any, Callable, NoReturn

from .cite import cite
from ..model.codes import color_of
from ..model.errors import RecordError, ShogiRulesError, UnknownRuleError, echo, quote
from ..model.geometry import SENTE
from ..engine.movegen import MAX_PERFT_DEPTH, perft
from ..notation.fen import read_position, write_variant_sfen
from ..notation.moves import NOTATIONS
from ..engine.position import Position
from ..notation.record_formats import RECORD_FORMATS, read_game, write_record
from ..notation.records import check_record, replay
from ..model.rules import parse_rule_assignments
from ..compiled.variant import VARIANT_IDS, RuleSet, Variant, available_variants, get_variant


EXIT_OK, EXIT_NO, EXIT_BAD_INPUT, EXIT_OUTPUT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest record file read (a larger one, or an endless one such as /dev/zero, is refused)."""


class _Parser(argparse.ArgumentParser):
    argv: list[str] = []

    def error(self, message: str) -> NoReturn:  # one line, exit status 2
        # argparse quotes the offending input whole: as repr() in "invalid choice: '…'", as is in
        # "unrecognized arguments: …"
        message = _LONG_QUOTED.sub(lambda m: _shortened(ast.literal_eval(m.group())), message)
        for arg in sorted(set(self.argv), key=len, reverse=True):
            if len(arg) > 60:
                message = message.replace(arg, _shortened(arg))
        _say(f"shogi-rules: error: {_one_line(message)}")
        raise SystemExit(EXIT_BAD_INPUT)

    def _print_message(self, message: str, file: Any = None) -> None:
        """Write ``--help`` and usage as argparse does, but let an output error through (argparse drops it, and would
        exit 0 with nothing written)."""
        if message:
            (file or sys.stderr).write(message)
            (file or sys.stderr).flush()


_LONG_QUOTED = re.compile(r"'(?:[^'\\\n]|\\.){61,}'|\"(?:[^\"\\\n]|\\.){61,}\"")


def _shortened(text: str) -> str:
    return text if len(text) <= 60 else quote(text)


def _path(path: str) -> str:
    """A file name for a message: its end, which tells the file, when it is long."""
    return repr(path) if len(path) <= 60 else repr("…" + path[-57:])


def _one_line(message: object) -> str:
    """The message on one line, and at most 400 characters (inputs in it are quoted short already)."""
    line = _printable(" ".join(str(message).split()))
    return line if len(line) <= 400 else line[:399] + "…"


def _printable(text: str) -> str:
    """``text`` with every character that is not printable (an ANSI escape, NUL, a carriage return)
    written as its escape, so that nothing from the input can act on the terminal."""
    return text if text.isprintable() else "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


def _depth(text: str) -> int:
    """The DEPTH argument: a whole number from 0 to MAX_PERFT_DEPTH."""
    digits = text.strip()
    if digits.isascii() and digits.isdigit():
        digits = digits.lstrip("0") or "0"  # leading zeros are read alike, however many
    if not digits.isascii() or not digits.isdigit() or len(digits) > 2 or int(digits) > MAX_PERFT_DEPTH:
        raise argparse.ArgumentTypeError(f"the depth is a whole number from 0 to {MAX_PERFT_DEPTH}, not {quote(text)}")
    return int(digits)


class _Progress:
    """A status line on standard error, redrawn twice a second from a background thread once the work has
    taken two seconds, when standard error is a terminal (never in a pipe or a log)."""

    DELAY, PERIOD = 2.0, 0.5

    def __init__(self, status: Callable[[], str]):
        self.status = status
        self.start = time.monotonic()
        self.stop = threading.Event()
        self.shown = False
        self.thread = threading.Thread(target=self._run, daemon=True) if sys.stderr.isatty() else None

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def _run(self) -> None:
        if self.stop.wait(self.DELAY):
            return
        while not self.stop.is_set():
            sys.stderr.write(f"\r\x1b[K{self.status()} ({self.elapsed():.0f} s; Ctrl-C stops)")
            sys.stderr.flush()
            self.shown = True
            self.stop.wait(self.PERIOD)

    def interrupted(self, counted: str) -> int:
        """Say what was done before Ctrl-C (one line on standard error); the exit status."""
        self.__exit__()
        _say(f"shogi-rules: interrupted after {self.elapsed():.1f} s: {counted}")
        return EXIT_INTERRUPTED

    def __enter__(self) -> _Progress:
        if self.thread:
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        if self.thread:
            self.thread.join()
            if self.shown:
                sys.stderr.write("\r\x1b[K")
                sys.stderr.flush()


def _rule_set(args: argparse.Namespace) -> RuleSet:
    """The preset named by ``--preset`` (if any), with the ``--rule`` options on top."""
    presets = getattr(args, "preset", None) or []
    if len(presets) > 1:
        raise UnknownRuleError(f"--preset is given {len(presets)} times ({', '.join(map(quote, presets))}); give one")
    return RuleSet.of(args.variant, _rules(args), presets[0] if presets else None)


def _rules(args: argparse.Namespace) -> dict[str, str]:
    """The ``--rule ID=OPTION`` options, each choice at most once."""
    items = args.rule or []
    chosen = parse_rule_assignments(items)
    if len(chosen) < len(items):
        ids = [parse_rule_assignments([item]).popitem()[0] for item in items]
        twice = next(i for i in ids if ids.count(i) > 1)
        raise UnknownRuleError(f"--rule chooses {quote(twice)} {ids.count(twice)} times; choose each rule once")
    return chosen


def _position(args: argparse.Namespace) -> Position:
    rs = _rule_set(args)
    return read_position(rs, args.fen) if args.fen is not None else Position(rs)


def _cmd_variants(args: argparse.Namespace) -> None:
    rows = []
    for v in available_variants():
        pos = Position(v.id)
        per_side = sum(1 for c in pos.board if c and color_of(c) == SENTE)
        rows.append({"id": v.id, "name": v.name, "kanji": v.kanji, "board": f"{v.files}x{v.ranks}",
                     "pieces_per_side": per_side})
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        print(f"{r['id']:<11} {r['board']:<6} {r['pieces_per_side']:>3} pieces a side  {r['name']} ({r['kanji']})")


def _cmd_rules(args: argparse.Namespace) -> None:
    v = get_variant(args.variant)
    data: list[dict[str, Any]] = [{"id": c.id, "question": c.question, "default": c.default,
             "options": [{"id": o.id, "summary": o.summary, "sources": list(o.sources)} for o in c.options]}
            for c in v.rule_choices]
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return
    if not data:
        print(f"{v.id} has no rule choices")
    for c in data:
        print(f"{c['id']}: {c['question']}")
        for o in c["options"]:
            mark = "*" if o["id"] == c["default"] else " "
            print(f"  {mark} {o['id']}: {o['summary']} [{', '.join(o['sources'])}]")
    _print_presets(v)


def _print_presets(v: Variant) -> None:
    """The variant's presets, one a line, then what each sets (``--preset NAME``)."""
    for p in v.presets:
        chosen = ", ".join(f"{k}={o}" for k, o in p.choices.items() if v.rule_choice(k).default != o) or "the defaults"
        print(f"preset {p.id}: {p.name} [{', '.join(p.sources)}]: {chosen}")


def _cmd_pieces(args: argparse.Namespace) -> None:
    from ..notation.piece_list import format_rows, piece_rows
    rows = piece_rows(args.variant, _rules(args))
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        print("\n".join(format_rows(rows)))


def _cmd_show(args: argparse.Namespace) -> None:
    pos = _position(args)
    if args.format == "fen":
        print(pos.fen())
    elif args.format == "sfen":
        print(write_variant_sfen(pos))
    else:
        print(pos.text_diagram())


def _cmd_moves(args: argparse.Namespace) -> None:
    pos = _position(args)
    for m in pos.legal_moves():
        print(pos.move_name(m, args.notation))


def _cmd_perft(args: argparse.Namespace) -> int:
    pos = _position(args)
    counted = [0]  # finished subtrees add to it as the count goes (see movegen.perft)
    with _Progress(lambda: f"perft {args.depth}: {counted[0]:,} move sequences counted so far") as progress:
        try:
            if args.divide and args.depth >= 1:
                total = 0
                notation = "fsf" if pos.variant.fsf_name else "western"
                for move in pos.legal_moves():
                    name = pos.move_name(move, notation)
                    pos.push(move)
                    n = perft(pos, args.depth - 1, counted)
                    pos.pop()
                    print(f"{name}: {n}", flush=True)
                    total += n
                print(total)
            else:
                print(perft(pos, args.depth, counted))
        except KeyboardInterrupt:
            return progress.interrupted(f"{counted[0]:,} move sequences counted so far (not the total)")
    return EXIT_OK


def _stdin() -> IO[bytes]:
    """Standard input, as bytes (an OSError where it was closed when the command started)."""
    if sys.stdin is None:
        raise OSError(errno.EBADF, "standard input is closed")
    return sys.stdin.buffer


def _read_file(path: str) -> str:
    """The text of a record file (UTF-8, with or without a byte-order mark); ``-``: standard input."""
    try:
        if path == "-":
            data = _stdin().read(MAX_RECORD_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(MAX_RECORD_BYTES + 1)
    except (OSError, ValueError) as exc:
        raise ShogiRulesError(f"cannot read {_path(path)}: {getattr(exc, 'strerror', None) or exc}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise ShogiRulesError(f"{_path(path)} is larger than {MAX_RECORD_BYTES // 2**20} MB; not a game record")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ShogiRulesError(f"{_path(path)} is not UTF-8 text") from None


def _cmd_replay(args: argparse.Namespace) -> int:
    moves, start = read_game(args.variant, _read_file(args.file))
    if not moves:
        raise RecordError("the record has no moves")
    r = replay(_rule_set(args), moves, fen=args.fen if args.fen is not None else start)
    if not r.legal:
        _say(_one_line(f"shogi-rules: ply {r.first_illegal_ply} ({echo(r.first_illegal_move or '')}) is illegal: "
                       f"{r.reason}"))
        return EXIT_NO
    print(r.position.text_diagram())
    print(r.position.fen())
    outcome = r.position.outcome()
    print(f"{r.plies} plies; " + (str(outcome) if outcome else "game not over"))
    return EXIT_OK


def _cmd_check_record(args: argparse.Namespace) -> int:
    """Exit 0 when some rule set accepts the record, 1 when none does."""
    moves, start = read_game(args.variant, _read_file(args.file))
    fen = args.fen if args.fen is not None else start
    played = [0]

    def count(n: int) -> None:
        played[0] = n

    with _Progress(lambda: f"check-record: {played[0]:,} of {len(moves):,} plies played") as progress:
        try:
            verdict = check_record(args.variant, moves, fen=fen, progress=count)
        except KeyboardInterrupt:
            return progress.interrupted(f"{played[0]:,} of {len(moves):,} plies played, no verdict")
    if args.json:
        print(json.dumps(verdict.to_json(), ensure_ascii=False, indent=2))
    else:
        print("\n".join(verdict.lines()))
    return EXIT_OK if verdict.legal else EXIT_NO


class _Version(argparse.Action):
    """``--version``: the version, looked up only when asked for (reading package metadata takes a while)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(f"shogi-rules {_version()}")
        parser.exit()


def _version() -> str:
    """The installed package's version (from its metadata)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("shogi-rules")
    except PackageNotFoundError:
        return "(not installed)"


def _cmd_convert(args: argparse.Namespace) -> int:
    """The record in another notation; exit 1 (and nothing written) when a move of it is illegal."""
    moves, fen = read_game(args.variant, _read_file(args.file))
    r = replay(_rule_set(args), moves, fen=args.fen if args.fen is not None else fen)
    if not r.legal:
        _say(_one_line(f"shogi-rules: ply {r.first_illegal_ply} ({echo(r.first_illegal_move or '')}) "
                       f"is illegal: {r.reason}"))
        return EXIT_NO
    start = r.position.copy()
    for _ in r.moves:
        start.pop()
    sys.stdout.write(write_record(start, r.moves, args.to))
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="shogi-rules", description="The executable rule book of the large shogi variants.")
    p.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    s = sub.add_parser("variants", help="list the variants")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_cmd_variants)

    s = sub.add_parser("rules", help="a variant's rule choices, options, defaults and sources")
    s.add_argument("variant", choices=VARIANT_IDS, metavar="VARIANT")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_cmd_rules)

    s = sub.add_parser("pieces", help="a variant's pieces: code, kanji, names, movement, promotion, sources")
    s.add_argument("variant", choices=VARIANT_IDS, metavar="VARIANT")
    s.add_argument("--rule", action="append", metavar="ID=OPTION", help="choose an option of a rule choice")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_cmd_pieces)

    def position_args(s: argparse.ArgumentParser) -> None:
        s.add_argument("variant", choices=VARIANT_IDS, metavar="VARIANT")
        s.add_argument("--fen", help="a position in the project's FEN form (or the variant's SFEN: USI's for shogi, "
                                     "lishogi's for Chu); it holds no history, so repetition counts from there")
        s.add_argument("--rule", action="append", metavar="ID=OPTION", help="choose an option of a rule choice")
        s.add_argument("--preset", action="append", metavar="NAME", help="a whole rule set by source (see 'rules VARIANT'); "
                                                       "--rule options apply on top")

    s = sub.add_parser("show", help="show a position")
    position_args(s)
    s.add_argument("--format", choices=("text", "fen", "sfen"), default="text")
    s.set_defaults(func=_cmd_show)

    s = sub.add_parser("moves", help="list the legal moves, one a line")
    position_args(s)
    s.add_argument("--notation", choices=tuple(NOTATIONS), default="fsf",
                   help="; ".join(f"{n.id}: {n.summary}" for n in NOTATIONS.values()))
    s.set_defaults(func=_cmd_moves)

    s = sub.add_parser("perft", help="count move sequences to a depth")
    position_args(s)
    s.add_argument("depth", type=_depth, metavar="DEPTH", help=f"0 to {MAX_PERFT_DEPTH}")
    s.add_argument("--divide", action="store_true", help="one line per first move")
    s.set_defaults(func=_cmd_perft)

    s = sub.add_parser("replay", help="replay a game record; exit 0 when every move is legal")
    position_args(s)
    s.add_argument("file", metavar="FILE", help="the record ('-': standard input)")
    s.set_defaults(func=_cmd_replay)

    s = sub.add_parser("check-record", help="which combinations of rule choices accept a record; "
                                            "exit 0 when one does, 1 when none does")
    s.add_argument("variant", choices=VARIANT_IDS, metavar="VARIANT")
    s.add_argument("file", metavar="FILE", help="the record ('-': standard input)")
    s.add_argument("--fen")
    s.add_argument("--json", action="store_true", help='the verdict as {"accepted": {...}, "rules": [...], '
                   '"presets": [...]}: the rule sets that accept (each choice\'s options, and the combinations '
                   "where choices interact), one entry per branch of rule sets, one per preset")
    s.set_defaults(func=_cmd_check_record)

    s = sub.add_parser("convert", help="write a game record in another notation (KIF, CSA, USI, Western, Japanese)")
    position_args(s)
    s.add_argument("file", metavar="FILE")
    s.add_argument("--to", choices=RECORD_FORMATS, required=True, help="kif: shogi and Chu; csa: shogi")
    s.set_defaults(func=_cmd_convert)

    s = sub.add_parser("cite", help="a plain-text citation and a BibTeX entry of a reading or a piece, as the book shows them")
    s.add_argument("what", nargs="+", metavar="ID[=OPTION] | VARIANT PIECE-CODE | book")
    s.set_defaults(func=lambda args: print(cite(*args.what)))
    return p


def main(argv: list[str] | None = None) -> int:
    _Parser.argv = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None:  # (started with standard output closed: nothing could be written)
        _say("shogi-rules: error: cannot write the output: standard output is closed")
        return EXIT_OUTPUT
    try:
        args = build_parser().parse_args(argv)
        status = args.func(args)
        sys.stdout.flush()
    except ShogiRulesError as exc:
        _say(f"shogi-rules: error: {_one_line(exc)}")
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader went away (| head): nothing more to say
        _to_null(lambda: sys.stdout.fileno())
        return EXIT_OK
    except (OSError, UnicodeEncodeError) as exc:
        _to_null(lambda: sys.stdout.fileno())
        why = (f"{exc.encoding} cannot show {exc.object[exc.start:exc.end]!a}" if isinstance(exc, UnicodeEncodeError)
               else exc.strerror or str(exc))
        _say(f"shogi-rules: error: cannot write the output: {_one_line(why)}")
        return EXIT_OUTPUT
    except KeyboardInterrupt:
        _say("shogi-rules: interrupted")
        return EXIT_INTERRUPTED
    return status or EXIT_OK


def _say(line: str) -> None:
    """``line`` on standard error; where that cannot be written either (closed, a full disk), nothing: the exit status
    still tells what happened."""
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        _to_null(lambda: 2)


def _to_null(descriptor: Callable[[], int]) -> None:
    """Point a standard stream (its ``descriptor``) at the null device, so that what could not be written is not tried
    again when Python exits (which would end in a traceback, or change the exit status)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, descriptor())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # not a file (a test's capture)
        pass


if __name__ == "__main__":
    raise SystemExit(main())
