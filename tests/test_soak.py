"""A soak: many long random games per variant, every move checked, every move taken back.

Each game is seeded (``random.Random(f"soak:{rule set}:{game}")``), so the same games are played on every
run. Moves are chosen at random with captures preferred half the time, so pieces come off the board,
promote, burn, convert and return as drops. After every move:

* the incremental Zobrist hash equals the hash computed from scratch;
* under check rules the side that has just moved is not left in check (its king of before the move: a side
  with a king and a prince, as Sho shogi's promoting drunk elephant makes, has neither protected);
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


def left_in_check(pos: Position, move, king: int) -> bool:
    """Under check rules, after ``move``: whether it left the mover's king attacked. ``king`` is the
    mover's royal square before the move (``pos.kings`` then), -1 where it had a king and a prince,
    neither protected. Protection follows the royal of before the move (as the move generator and
    Fairy-Stockfish have it): after a drunk elephant promotes beside it, the king must still be safe,
    although ``pos.kings`` now says -1 (two royals, no king square)."""
    if king < 0:
        return False
    return pos.is_attacked(move.target if move.origin == king else king, pos.turn)


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
        king = pos.kings[pos.turn]
        pos.push(move)
        seen["plies"] += 1
        assert pos.hash == pos._compute_hash(), (name, game, seen["plies"], pos.fen())
        if pos.variant.check_rules:
            assert not left_in_check(pos, move, king), (name, game, seen["plies"], pos.fen())
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


def test_the_check_follows_the_king_through_a_promotion_to_a_second_royal():
    """Sho shogi, game 3 of the soak: the drunk elephant steps beside its king and promotes to a crown
    prince. The mover then has two royals and no king square (-1), which the soak once passed to
    ``is_attacked`` as a square (a SquareError); its king, safe before the move, is still safe after it."""
    pos = Position("sho", fen="5ks1r/3s5/1p1g1p3/L5pg1/4P4/4e1P2/3P1P2G/1BS1K4/4S4 b - - 4 62")
    king = pos.kings[pos.turn]
    move = next(m for m in pos.legal_moves() if m.origin == 49 and m.target == 59 and m.promotion)
    pos.push(move)
    assert pos.kings[pos.turn ^ 1] == -1 and king >= 0
    assert not left_in_check(pos, move, king)
    # and a king that stood on an attacked square would be seen as left in check
    attacked = next(s for s in range(81) if s != move.origin and pos.is_attacked(s, pos.turn))
    assert left_in_check(pos, move, attacked)

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
