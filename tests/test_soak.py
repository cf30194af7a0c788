"""A soak: many long random games per variant, every move checked, every move taken back.

Each game is seeded (``random.Random(f"soak:{rule set}:{game}")``), so the same games are played on every
run. Moves are chosen at random with captures preferred half the time, so pieces come off the board,
promote, burn, convert and return as drops. After every move:

* the incremental Zobrist hash equals the hash computed from scratch;
* under check rules the side that has just moved is not left in check;
* every tenth move, the FEN written and read back is the same position with the same hash.

At the end of each game every move is taken back, each ``pop`` giving back the hash seen before the move,
down to the start position. The budget: a few minutes of CPU on the 2-core development machine;
the property tests of ``test_properties.py`` cover short sequences from many more positions.
"""

from __future__ import annotations

import random

import pytest

from shogi_rules import Position
from shogi_rules.engine.outcome import royals_left
from shogi_rules.compiled.variant import VARIANT_IDS

from rule_sets import RULE_SETS

GAMES = 20
"""Games per rule set."""
MAX_PLIES = 200
"""Plies a game at most."""
SOAK = {name: (variant, rules, GAMES, MAX_PLIES) for name, (variant, rules, _) in RULE_SETS.items()}
"""rule set -> (variant, rule choices, games, plies a game at most): every rule set of ``tests/rule_sets.py``
(every variant, and the options that change the frame of its game)."""


def test_soak_size():
    """The size the book states: 20 games for every rule set of the shared tests, up to 200 moves each."""
    assert {games for _, _, games, _ in SOAK.values()} == {20}
    assert max(plies for _, _, _, plies in SOAK.values()) == 200
    assert {variant for variant, *_ in SOAK.values()} == set(VARIANT_IDS)


def over(pos: Position) -> bool:
    """No legal move, or (the capture variants) a side without a royal piece."""
    if not pos.variant.check_rules and not all(royals_left(pos, c) for c in (0, 1)):
        return True
    return not pos.legal_moves()


def play_soak_game(name: str, game: int) -> dict[str, int]:
    variant, rules, _, max_plies = SOAK[name]
    rng = random.Random(f"soak:{name}:{game}")
    pos = Position(variant, rules=rules)
    start = pos.fen()
    hashes = [pos.hash]
    seen = {"plies": 0, "captures": 0, "promotions": 0, "drops": 0}
    while seen["plies"] < max_plies and not over(pos):
        moves = pos.legal_moves()
        captures = [m for m in moves if m.origin is not None
                    and (pos.board[m.target] and m.target != m.origin or any(pos.board[s] for s in m.path))]
        move = rng.choice(captures if captures and rng.random() < 0.5 else moves)
        seen["captures"] += move in captures
        seen["promotions"] += bool(move.promotion)
        seen["drops"] += move.origin is None
        mover = pos.turn
        pos.push(move)
        seen["plies"] += 1
        assert pos.hash == pos._compute_hash(), (name, game, seen["plies"], pos.fen())
        if pos.variant.check_rules:
            assert not pos.is_attacked(pos.kings[mover], pos.turn), (name, game, seen["plies"], pos.fen())
        if seen["plies"] % 10 == 0:
            again = Position(pos.rules, fen=pos.fen())
            assert again == pos and again.hash == pos.hash and again.fen() == pos.fen(), (name, game, pos.fen())
        hashes.append(pos.hash)
    hashes.pop()
    while hashes:
        pos.pop()
        assert pos.hash == hashes.pop()
    assert pos.fen() == start and not pos.move_stack
    return seen


@pytest.mark.parametrize("name", sorted(SOAK))
def test_soak(name):
    totals = {"plies": 0, "captures": 0, "promotions": 0, "drops": 0}
    games = SOAK[name][2]
    for game in range(games):
        for k, v in play_soak_game(name, game).items():
            totals[k] += v
    # the games did what a soak is for: long, with captures and promotions (and drops where there are drops)
    assert totals["plies"] >= games * 40, totals
    assert totals["captures"] >= games * 5 and totals["promotions"] >= games, totals
    if Position(SOAK[name][0], rules=SOAK[name][1]).variant.drops:
        assert totals["drops"] >= games, totals
