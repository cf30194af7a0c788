"""Game records: replaying them, and finding the rule sets under which a record is legal.

A record is plain text: moves in Western (TSA) notation, or in coordinate notation, separated by
white space. Move numbers (``12.`` or ``12``), comments (from ``#`` or ``;`` to the end of the line,
or in braces ``{…}``) and result words (``Win``, ``Resigns``, ``1-0``, …) are skipped.

>>> r = replay("shogi", ["P-7f", "P-3d", "Bx2b+", "Sx2b"])
>>> r.legal, r.plies, r.position.pieces_in_hand(0)
(True, 4, {'B': 1})
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from .errors import MoveError, RecordError, ShogiRulesError
from .position import Position
from .variant import RuleSet, get_variant

_COMMENT = re.compile(r"\{[^}]*\}|[#;][^\n]*")
_NUMBER = re.compile(r"^\d+\.*$|^\d+\.(?=\S)")
_RESULTS = {"win", "wins", "resigns", "resign", "resigned", "1-0", "0-1", "1/2-1/2", "draw", "*"}


def read_record(text: str) -> list[str]:
    """The moves of a record, in order."""
    if not isinstance(text, str):
        raise RecordError("a record is text")
    moves = []
    for token in _COMMENT.sub(" ", text).split():
        token = _NUMBER.sub("", token)
        if not token or token.lower().strip(".") in _RESULTS:
            continue
        moves.append(token)
    return moves


@dataclass
class Replay:
    """The result of replaying a record under one rule set."""

    rules: RuleSet
    legal: bool
    plies: int
    position: Position
    first_illegal_ply: int | None = None
    first_illegal_move: str | None = None
    reason: str = ""
    moves: list = field(default_factory=list)

    @property
    def outcome(self):
        return self.position.outcome()


def replay(rules: str | RuleSet, moves: Iterable[str], choices: Mapping[str, str] | None = None,
           fen: str | None = None) -> Replay:
    """Play ``moves`` from the start (or ``fen``); stop at the first move that is not legal."""
    rs = RuleSet.of(rules, choices)
    pos = Position(rs, fen=fen)
    done = []
    for ply, text in enumerate(moves, 1):
        if pos.outcome() is not None and not rs.variant.check_rules:
            return Replay(rs, False, ply - 1, pos, ply, text, "the game was already over", done)
        try:
            move = pos.parse_move(text)
        except ShogiRulesError as exc:
            return Replay(rs, False, ply - 1, pos, ply, text, str(exc), done)
        pos.push(move)
        done.append(move)
    return Replay(rs, True, len(done), pos, moves=done)


def relevant_choices(variant_id: str, moves: list[str], fen: str | None = None) -> list[str]:
    """The rule choices that change anything in this record's replay, one option at a time."""
    base = replay(variant_id, moves, fen=fen)
    signature = _signature(base)
    out = []
    for choice in get_variant(variant_id).rule_choices:
        for option in choice.options:
            if option.id == choice.default:
                continue
            if _signature(replay(variant_id, moves, {choice.id: option.id}, fen)) != signature:
                out.append(choice.id)
                break
    return out


def _signature(r: Replay):
    return (r.legal, r.first_illegal_ply, r.position.hash, tuple(r.position.hash_history))


def check_record(variant_id: str, moves: list[str], fen: str | None = None,
                 limit: int = 512) -> list[dict]:
    """Replay the record under every combination of the options of the choices that matter.

    Returns one entry per combination: ``{"rules": {choice: option}, "legal": bool,
    "first_illegal_ply": int | None, "reason": str}``, legal ones first.
    """
    variant = get_variant(variant_id)
    if not moves:
        raise RecordError("the record has no moves")
    relevant = relevant_choices(variant_id, moves, fen)
    choices = [variant.rule_choice(c) for c in relevant]
    combos = list(itertools.product(*[[o.id for o in c.options] for c in choices]))
    if len(combos) > limit:
        raise RecordError(f"{len(combos)} combinations of rule choices matter; more than {limit}")
    results = []
    for combo in combos:
        assignment = dict(zip(relevant, combo))
        r = replay(variant_id, moves, assignment, fen)
        results.append({"rules": assignment, "legal": r.legal, "first_illegal_ply": r.first_illegal_ply,
                        "reason": "" if r.legal else f"ply {r.first_illegal_ply} {r.first_illegal_move}: {r.reason}"})
    results.sort(key=lambda e: (not e["legal"], -(e["first_illegal_ply"] or 10**9)))
    return results


__all__ = ["MoveError", "Replay", "check_record", "read_record", "relevant_choices", "replay"]
