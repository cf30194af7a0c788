"""The ``shogi-rules`` command.

::

    shogi-rules variants [--json]
    shogi-rules rules VARIANT [--json]
    shogi-rules show VARIANT [--fen F] [--preset NAME] [--rule ID=OPTION]... [--format text|fen|sfen]
    shogi-rules moves VARIANT [--fen F] [--preset NAME] [--rule ID=OPTION]... [--notation fsf|usi|western|japanese]
    shogi-rules perft VARIANT DEPTH [--fen F] [--preset NAME] [--rule ID=OPTION]... [--divide]
    shogi-rules replay VARIANT FILE [--fen F] [--preset NAME] [--rule ID=OPTION]...
    shogi-rules check-record VARIANT FILE [--fen F] [--json]

Errors are one line on standard error and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from .codes import color_of
from .errors import ShogiRulesError
from .geometry import SENTE
from .movegen import divide
from .notation.moves import NOTATIONS
from .position import Position
from .records import check_record, presets_accepting, read_record, replay
from .rules import parse_rule_assignments
from .variant import VARIANT_IDS, RuleSet, Variant, available_variants, get_variant


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit status 2
        sys.stderr.write(f"shogi-rules: error: {_one_line(message)}\n")
        raise SystemExit(2)


def _one_line(message: object) -> str:
    return " ".join(str(message).split()) if "\n" in str(message) or "\r" in str(message) else str(message)


def _rule_set(args: argparse.Namespace) -> RuleSet:
    """The preset named by ``--preset`` (if any), with the ``--rule`` options on top."""
    return RuleSet.of(args.variant, parse_rule_assignments(args.rule or []), getattr(args, "preset", None))


def _position(args: argparse.Namespace) -> Position:
    rs = _rule_set(args)
    return Position(rs, fen=args.fen) if args.fen is not None else Position(rs)


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


def _cmd_show(args: argparse.Namespace) -> None:
    pos = _position(args)
    if args.format == "fen":
        print(pos.fen())
    elif args.format == "sfen":
        print(pos.sfen())
    else:
        print(pos.text_diagram())


def _cmd_moves(args: argparse.Namespace) -> None:
    pos = _position(args)
    for m in pos.legal_moves():
        print(pos.move_name(m, args.notation))


def _cmd_perft(args: argparse.Namespace) -> None:
    pos = _position(args)
    if args.depth < 0:
        raise ShogiRulesError("the depth is a whole number ≥ 0")
    if args.divide and args.depth >= 1:
        total = 0
        for move, n in divide(pos, args.depth):
            print(f"{pos.move_name(move, 'fsf' if pos.variant.fsf_name else 'western')}: {n}")
            total += n
        print(total)
    else:
        print(pos.perft(args.depth))


def _read_file(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        raise ShogiRulesError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ShogiRulesError(f"{path} is not UTF-8 text") from None


def _cmd_replay(args: argparse.Namespace) -> int:
    moves = read_record(_read_file(args.file))
    r = replay(_rule_set(args), moves, fen=args.fen)
    if not r.legal:
        sys.stderr.write(_one_line(f"shogi-rules: ply {r.first_illegal_ply} ({r.first_illegal_move}) is illegal: {r.reason}") + "\n")
        return 1
    print(r.position.text_diagram())
    print(r.position.fen())
    outcome = r.position.outcome()
    print(f"{r.plies} plies; " + (str(outcome) if outcome else "game not over"))
    return 0


def _cmd_check_record(args: argparse.Namespace) -> int:
    moves = read_record(_read_file(args.file))
    results = check_record(args.variant, moves, fen=args.fen)
    if args.json:
        print(json.dumps(results, ensure_ascii=False, indent=2))
    else:
        for e in results:
            rules = ", ".join(f"{k}={v}" for k, v in e["rules"].items()) or "(no rule choice matters)"
            print(f"{'legal  ' if e['legal'] else 'illegal'} {rules}" + ("" if e["legal"] else f"  — {e['reason']}"))
        for e in presets_accepting(args.variant, moves, fen=args.fen):
            print(f"{'legal  ' if e['legal'] else 'illegal'} preset {e['preset']}" + ("" if e["legal"] else f"  — {e['reason']}"))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="shogi-rules", description="The executable rule book of the large shogi variants.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    s = sub.add_parser("variants", help="list the variants")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_cmd_variants)

    s = sub.add_parser("rules", help="a variant's rule choices, options, defaults and sources")
    s.add_argument("variant", choices=VARIANT_IDS, metavar="VARIANT")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_cmd_rules)

    def position_args(s: argparse.ArgumentParser) -> None:
        s.add_argument("variant", choices=VARIANT_IDS, metavar="VARIANT")
        s.add_argument("--fen", help="a position in the project's FEN form")
        s.add_argument("--rule", action="append", metavar="ID=OPTION", help="choose an option of a rule choice")
        s.add_argument("--preset", metavar="NAME", help="a whole rule set by source (see 'rules VARIANT'); "
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
    s.add_argument("depth", type=int, metavar="DEPTH")
    s.add_argument("--divide", action="store_true", help="one line per first move")
    s.set_defaults(func=_cmd_perft)

    s = sub.add_parser("replay", help="replay a game record; exit 0 when every move is legal")
    position_args(s)
    s.add_argument("file", metavar="FILE")
    s.set_defaults(func=_cmd_replay)

    s = sub.add_parser("check-record", help="which combinations of rule choices accept a record")
    s.add_argument("variant", choices=VARIANT_IDS, metavar="VARIANT")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--fen")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_cmd_check_record)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status = args.func(args)
    except ShogiRulesError as exc:
        sys.stderr.write(f"shogi-rules: error: {_one_line(exc)}\n")
        return 1
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    return status or 0


if __name__ == "__main__":
    raise SystemExit(main())
