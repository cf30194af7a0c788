"""Position strings in every dialect the library reads and writes, and which one a variant has.

* the project's FEN form, for every variant: read by ``Position(variant, fen=...)`` and written by
  :meth:`Position.fen`, both below the notations (:mod:`shogi_rules.model.fen_tokens`, where the form is
  described, and what it does not hold);
* USI SFEN for standard shogi (:func:`read_sfen`, :func:`write_sfen`):
  ``<board> <b|w> <hand> <move count>``, sente is ``b``;
* lishogi's SFEN for Chu shogi (:mod:`shogi_rules.notation.lishogi`).

:func:`read_position` reads any of those that the variant has (the command's ``--fen``), telling
them apart by their form; :func:`write_variant_sfen` writes the variant's SFEN (``--format sfen``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..model.errors import FenError, expect_type, quote
from ..model.fen_tokens import MAX_PLY, color_of_token, parse_board, parse_number, write_board
from ..model.geometry import GOTE, SENTE
from ..engine.position import Position
from ..compiled.variant import RuleSet
from ..model.variant_data import Variant
from . import lishogi

_SFEN_HAND_ORDER = "RBGSNLP"
_SFEN = re.compile(r"^\s*(?:sfen\s+)?([^\s\[]+)\s+([bw])\s+(-|(?:\d*[A-Za-z])+)(?:\s+(\d+))?\s*$", re.ASCII)
_SFEN_HAND = re.compile(r"(\d*)([A-Za-z])", re.ASCII)


def write_sfen(position: Position) -> str:
    """USI SFEN of a position of standard shogi."""
    tables = position.tables
    if not tables.key.usi:
        raise FenError(f"USI SFEN describes standard shogi only, not {tables.key.id}")
    parts = []
    for color in (SENTE, GOTE):
        for letter in _SFEN_HAND_ORDER:
            n = position.hands[color][tables.type_by_fen(letter)]
            if n:
                parts.append((str(n) if n > 1 else "") + (letter if color == SENTE else letter.lower()))
    side = "b" if position.turn == SENTE else "w"
    if position.ply > MAX_PLY:  # (pushed past the last ply a count is read for)
        raise FenError(f"ply {position.ply + 1:,} is beyond the count an SFEN holds (1 to {MAX_PLY + 1:,})")
    return f"{write_board(tables, position.board)} {side} {''.join(parts) or '-'} {position.ply + 1}"


def read_sfen(text: str, rules: RuleSet | Mapping[str, str] | None = None) -> Position:
    """A position of standard shogi read from USI SFEN (``rules``: a rule set of shogi, or shogi's
    rule options)."""
    expect_type(text, str, "an SFEN")
    rs = rules if isinstance(rules, RuleSet) else RuleSet.of("shogi", rules)
    if not rs.variant.usi:
        raise FenError(f"USI SFEN describes standard shogi only, not {rs.variant.id}")
    tables = rs.tables
    m = _SFEN.match(text)
    if not m:
        raise FenError(f"not an SFEN: {quote(text)}")
    board_text, side, hand_text, number = m.groups()
    board = parse_board(tables, board_text)
    hands = [[0] * len(tables.types) for _ in (SENTE, GOTE)]
    if hand_text != "-":
        pos = 0
        while pos < len(hand_text):
            hm = _SFEN_HAND.match(hand_text, pos)
            if not hm:
                raise FenError(f"cannot read the SFEN hand {quote(hand_text)}")
            count = parse_number(hm.group(1), "count in hand") if hm.group(1) else 1
            letter = hm.group(2)
            if letter.upper() not in _SFEN_HAND_ORDER or count < 1:
                raise FenError(f"{quote(letter)} cannot be held in hand")
            hands[color_of_token(letter)][tables.type_by_fen(letter)] += count
            pos = hm.end()
    ply = max(parse_number(number or "1", "move count", MAX_PLY + 1) - 1, 0)
    return Position.from_board(rs, board, SENTE if side == "b" else GOTE, ply, hands=hands)


def looks_sfen(variant: Variant, text: str) -> bool:
    """Whether ``text`` has the form of the SFEN of ``variant`` (USI's for shogi, lishogi's for Chu shogi)."""
    if lishogi.describes(variant):
        return lishogi.looks_sfen(text)
    return variant.usi and bool(_SFEN.match(text))


def read_position(rules: RuleSet, text: str) -> Position:
    """A position of ``rules`` read from the project's FEN or, for the variants that have one, from
    their SFEN (USI's for shogi, lishogi's for Chu shogi), told apart by form."""
    expect_type(text, str, "a position")
    if looks_sfen(rules.variant, text):
        if lishogi.describes(rules.variant):
            return lishogi.read_sfen(text, rules)
        return read_sfen(text, rules)
    return Position(rules, fen=text)


def write_variant_sfen(position: Position) -> str:
    """The SFEN of the position's variant: lishogi's for Chu shogi, USI's for standard shogi."""
    if lishogi.describes(position.variant):
        return lishogi.write_sfen(position)
    return write_sfen(position)
