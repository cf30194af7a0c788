"""Game records: replaying them, and finding the rule sets under which a record is legal.

A record is plain text: moves in Western (TSA) notation, or in coordinate notation, separated by
white space. Move numbers (``12.`` or ``12``), comments (from ``#`` or ``;`` to the end of the line,
or in braces ``{…}``) and result words (``Win``, ``Resigns``, ``1-0``, …) are skipped. KIF and CSA records are
read by :mod:`shogi_rules.notation.kif` and :mod:`shogi_rules.notation.csa`. A byte-order
mark at the start and Windows line ends are accepted; a ``{`` that is never closed is an error.
Reading takes time in proportion to the length of the text.

>>> r = replay("shogi", ["P-7f", "P-3d", "Bx2b+", "Sx2b"])
>>> r.legal, r.plies, r.position.pieces_in_hand(0)
(True, 4, {'B': 1})
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from .errors import RecordError, ShogiRulesError, expect_type
from .moves import Move
from .notation.csa import looks_like_csa, read_csa
from .notation.kif import looks_like_kif, read_kif
from .notation.fen import read_position
from .outcome import Outcome, royals_left
from .position import Position
from .variant import RuleSet, get_variant

# An unclosed brace matches to the end of the text in one step (so reading stays linear) and is refused.
_COMMENT = re.compile(r"\{[^}]*\}?|[#;][^\r\n]*", re.ASCII)
_NUMBER = re.compile(r"^\d+\.*$|^\d+\.(?=\S)", re.ASCII)
_RESULTS = {"win", "wins", "resigns", "resign", "resigned", "1-0", "0-1", "1/2-1/2", "draw", "*"}


def read_record(text: str) -> list[str]:
    """The moves of a record, in order."""
    expect_type(text, str, "a record")
    if text.startswith("\ufeff"):
        text = text[1:]
    if looks_like_csa(text):  # KIF and CSA records (shogi_rules.record_formats reads their start positions too)
        return read_csa(text).moves
    if looks_like_kif(text):
        return read_kif(text).moves

    def blank(m: re.Match[str]) -> str:
        if m.group().startswith("{") and not m.group().endswith("}"):
            line = text.count("\n", 0, m.start()) + 1
            raise RecordError(f"the comment opened by '{{' on line {line} is never closed")
        return " "

    moves = []
    for token in _COMMENT.sub(blank, text).split():
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
    moves: list[Move] = field(default_factory=list)

    @property
    def outcome(self) -> Outcome | None:
        return self.position.outcome()


def replay(rules: str | RuleSet, moves: Iterable[str], choices: Mapping[str, str] | None = None,
           fen: str | None = None) -> Replay:
    """Play ``moves`` from the start (or ``fen``); stop at the first move that is not legal."""
    moves = _move_list(moves)
    rs = RuleSet.of(rules, choices)
    pos = Position(rs) if fen is None else read_position(rs, fen)
    done: list[Move] = []
    for ply, text in enumerate(moves, 1):
        if not rs.variant.check_rules and any(not royals_left(pos, c) for c in (0, 1)):
            return Replay(rs, False, ply - 1, pos, ply, text, "the game was already over", done)
        try:
            move = pos.parse_move(text)
        except ShogiRulesError as exc:
            return Replay(rs, False, ply - 1, pos, ply, text, str(exc), done)
        pos.push(move)
        done.append(move)
    return Replay(rs, True, len(done), pos, moves=done)


def _move_list(moves: Iterable[str]) -> list[str]:
    """``moves`` as a list of strings, or a TypeError (a single string is not a list of moves)."""
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
        raise TypeError(f"the moves must be a list of strings, not {type(moves).__name__}")
    moves = list(moves)
    for m in moves:
        expect_type(m, str, "a move of a record")
    return moves


Signature = tuple[int, bool, int | None, int, tuple[int, ...]]


def _signature(r: Replay) -> Signature:
    """What a replay came to: how far it got (first), whether it ended legally, every position's hash."""
    return (r.plies, r.legal, r.first_illegal_ply, r.position.hash, tuple(r.position.hash_history))


def relevant_choices(variant_id: str, moves: list[str], fen: str | None = None,
                     progress: Callable[[int], None] | None = None) -> list[str]:
    """The rule choices that change anything in this record's replay.

    A choice matters when switching one of its options, from the defaults or from any combination
    reached so far that replays further, changes the replay (how far it gets, or any position on
    the way). So a choice whose effect only shows once an earlier choice has let the game go on is
    found too. ``progress``, when given, is called with the number of replays made so far after each one.
    """
    moves = _move_list(moves)
    variant = get_variant(variant_id)
    defaults = {c.id: c.default for c in variant.rule_choices}
    relevant: list[str] = []
    frontier = [defaults]
    visited = {tuple(sorted(defaults.items()))}
    cache: dict[tuple[tuple[str, str], ...], Signature] = {}

    def run(assignment: dict[str, str]) -> Signature:
        key = tuple(sorted(assignment.items()))
        if key not in cache:
            cache[key] = _signature(replay(variant_id, moves, assignment, fen))  # not the positions: memory
            if progress:
                progress(len(cache))
        return cache[key]

    while frontier:
        base = frontier.pop()
        r0 = run(base)
        for choice in variant.rule_choices:
            for option in choice.options:
                if option.id == base[choice.id]:
                    continue
                alt = {**base, choice.id: option.id}
                r = run(alt)
                if r != r0:
                    if choice.id not in relevant:
                        relevant.append(choice.id)
                    key = tuple(sorted(alt.items()))
                    if r[0] > r0[0] and key not in visited:
                        visited.add(key)
                        frontier.append(alt)
    return [c.id for c in variant.rule_choices if c.id in relevant]


def check_record(variant_id: str, moves: list[str], fen: str | None = None,
                 limit: int = 512, choices: list[str] | None = None,
                 progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """Replay the record under every combination of the options of the choices that matter.

    Returns one entry per combination: ``{"rules": {choice: option}, "legal": bool,
    "first_illegal_ply": int | None, "reason": str}``, legal ones first. ``choices`` skips the
    search for the choices that matter (:func:`relevant_choices`) and combines those given.
    ``progress`` is called with the number of replays made so far after each one.
    """
    moves = _move_list(moves)
    variant = get_variant(variant_id)
    if not moves:
        raise RecordError("the record has no moves")
    done = [0]

    def step(_n: int = 0) -> None:
        done[0] += 1
        if progress:
            progress(done[0])

    relevant = relevant_choices(variant_id, moves, fen, step) if choices is None else list(choices)
    count = math.prod(len(variant.rule_choice(c).options) for c in relevant)
    if count > limit:
        raise RecordError(f"{count:,} combinations of rule choices matter; more than {limit}")
    combos = itertools.product(*[[o.id for o in variant.rule_choice(c).options] for c in relevant])
    results: list[dict[str, Any]] = []
    for combo in combos:
        assignment = dict(zip(relevant, combo))
        r = replay(variant_id, moves, assignment, fen)
        step()
        results.append({"rules": assignment, "legal": r.legal, "first_illegal_ply": r.first_illegal_ply,
                        "reason": "" if r.legal else f"ply {r.first_illegal_ply} {r.first_illegal_move}: {r.reason}"})
    results.sort(key=lambda e: (not e["legal"], -(e["first_illegal_ply"] or 10**9)))
    return results


def presets_accepting(variant_id: str, moves: list[str], fen: str | None = None) -> list[dict[str, Any]]:
    """The record replayed under each of the variant's presets (whole rule sets by source):
    ``{"preset": id, "legal": bool, "first_illegal_ply": int | None, "reason": str}``, in the
    variant's order of presets."""
    out: list[dict[str, Any]] = []
    for preset in get_variant(variant_id).presets:
        r = replay(RuleSet.of(variant_id, preset=preset.id), moves, fen=fen)
        out.append({"preset": preset.id, "legal": r.legal, "first_illegal_ply": r.first_illegal_ply,
                    "reason": "" if r.legal else f"ply {r.first_illegal_ply} {r.first_illegal_move}: {r.reason}"})
    return out


__all__ = ["Replay", "check_record", "presets_accepting", "read_record", "relevant_choices", "replay"]
