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
from typing import Any, Iterable, Mapping

from .errors import RecordError, ShogiRulesError
from .moves import Move
from .outcome import Outcome, royals_left
from .position import Position
from .variant import RuleSet, get_variant

_COMMENT = re.compile(r"\{[^}]*\}|[#;][^\n]*", re.ASCII)
_NUMBER = re.compile(r"^\d+\.*$|^\d+\.(?=\S)", re.ASCII)
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
    moves: list[Move] = field(default_factory=list)

    @property
    def outcome(self) -> Outcome | None:
        return self.position.outcome()


def replay(rules: str | RuleSet, moves: Iterable[str], choices: Mapping[str, str] | None = None,
           fen: str | None = None) -> Replay:
    """Play ``moves`` from the start (or ``fen``); stop at the first move that is not legal."""
    rs = RuleSet.of(rules, choices)
    pos = Position(rs, fen=fen)
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


def relevant_choices(variant_id: str, moves: list[str], fen: str | None = None) -> list[str]:
    """The rule choices that change anything in this record's replay.

    A choice matters when switching one of its options, from the defaults or from any combination
    reached so far that replays further, changes the replay (how far it gets, or any position on
    the way). So a choice whose effect only shows once an earlier choice has let the game go on is
    found too.
    """
    variant = get_variant(variant_id)
    defaults = {c.id: c.default for c in variant.rule_choices}
    relevant: list[str] = []
    frontier = [defaults]
    visited = {tuple(sorted(defaults.items()))}
    cache: dict[tuple[tuple[str, str], ...], Replay] = {}

    def run(assignment: dict[str, str]) -> Replay:
        key = tuple(sorted(assignment.items()))
        if key not in cache:
            cache[key] = replay(variant_id, moves, assignment, fen)
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
                if _signature(r) != _signature(r0):
                    if choice.id not in relevant:
                        relevant.append(choice.id)
                    key = tuple(sorted(alt.items()))
                    if r.plies > r0.plies and key not in visited:
                        visited.add(key)
                        frontier.append(alt)
    return [c.id for c in variant.rule_choices if c.id in relevant]


def _signature(r: Replay) -> tuple[bool, int | None, int, tuple[int, ...]]:
    return (r.legal, r.first_illegal_ply, r.position.hash, tuple(r.position.hash_history))


def check_record(variant_id: str, moves: list[str], fen: str | None = None,
                 limit: int = 512, choices: list[str] | None = None) -> list[dict[str, Any]]:
    """Replay the record under every combination of the options of the choices that matter.

    Returns one entry per combination: ``{"rules": {choice: option}, "legal": bool,
    "first_illegal_ply": int | None, "reason": str}``, legal ones first. ``choices`` skips the
    search for the choices that matter (:func:`relevant_choices`) and combines those given.
    """
    variant = get_variant(variant_id)
    if not moves:
        raise RecordError("the record has no moves")
    relevant = relevant_choices(variant_id, moves, fen) if choices is None else list(choices)
    combos = list(itertools.product(*[[o.id for o in variant.rule_choice(c).options] for c in relevant]))
    if len(combos) > limit:
        raise RecordError(f"{len(combos)} combinations of rule choices matter; more than {limit}")
    results: list[dict[str, Any]] = []
    for combo in combos:
        assignment = dict(zip(relevant, combo))
        r = replay(variant_id, moves, assignment, fen)
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
