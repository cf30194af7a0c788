"""The ban on repeating a position (Adams' Tenjiku rule; HaChu's and English Wikipedia's in Chu; HaChu's in Dai),
told mostly without making the move (:func:`shogi_rules.engine.movegen.quiet_key`), against making every move.

Positions: crowded random boards of every kind of piece (Lions, Fire Demons that burn, pieces that promote), played
on with moves that often go back where they came from, so that positions do repeat."""

from __future__ import annotations

import random

import pytest

from helpers import scattered_positions
from shogi_rules import RuleSet, available_variants
from shogi_rules.engine import movegen
from shogi_rules.engine.movegen import general_board_moves, quiet_key
from shogi_rules.model.mechanisms.lion_trading import capture_square

BANS = [("tenjiku", {"tenjiku.repetition": "adams"}), ("chu", {"chu.repetition": "hachu"}),
        ("chu", {"chu.repetition": "no-repeat"}), ("dai", {"dai.repetition": "hachu"})]


def played(rules: RuleSet, rng: random.Random, boards: int, plies: int):
    """Positions of random games from crowded boards, where a side often moves back the piece it moved last (and,
    under the Lion-trading rules, often takes a Lion with another piece)."""
    for pos in scattered_positions(rules, rng, boards, fills=(3, 5)):
        for _ in range(plies):
            yield pos
            moves = pos.legal_moves()
            if not moves:
                break
            back = [m for m in moves if len(pos.history) >= 2 and (m.origin, m.target) == (
                pos.history[-2].move.target, pos.history[-2].move.origin)]
            strikes = [m for m in moves if pos.lion_rules and capture_square(pos, m) is not None]
            pos.push(rng.choice(strikes) if strikes and rng.random() < 0.5 else
                     rng.choice(back) if back and rng.random() < 0.8 else rng.choice(moves))


def pieces(pos) -> int:
    return sum(1 for code in pos.board if code)


@pytest.mark.parametrize("variant,choices", BANS, ids=[next(iter(c.values())) + "-" + v for v, c in BANS])
def test_the_ban_on_repeating_a_position_tells_each_move_as_making_it_does(variant, choices):
    rules = RuleSet.of(variant, choices)
    rng = random.Random(f"repetition-ban:{variant}:{choices}")
    repeats = keyed = burning = 0
    counter_strikes = 0
    for pos in played(rules, rng, 6, 40):
        seen = set(pos.hash_history)
        fen = pos.fen()
        counter_strikes += pos.lion_capture is not None
        for move in general_board_moves(pos):
            key = quiet_key(pos, move)
            before = pieces(pos)
            pos.push(move)
            after, again = pieces(pos), pos.hash in seen
            pos.pop()
            assert movegen._repeats(pos, move, seen) == again, (fen, move)
            if key is None:  # it takes or promotes: no position of the game so far comes back
                assert after < before or move.promotion, (fen, move)
                assert not again, (fen, move)
            elif after == before:  # it takes and burns nothing: the key is the one it leaves
                keyed += 1
                pos.push(move)
                assert pos.hash == key, (fen, move)
                pos.pop()
            else:  # it takes nothing but burns: fewer pieces than any position seen
                burning += 1
                assert not again, (fen, move)
            repeats += again
        assert pos.fen() == fen
    assert repeats >= 20 and keyed >= 1000
    if variant == "tenjiku":
        assert burning >= 1  # (moves that take nothing but burn)
    else:
        assert counter_strikes >= 5  # (positions where a Lion was just taken by another piece)


@pytest.mark.parametrize("variant", available_variants(), ids=lambda v: v.id)
def test_no_piece_promotes_back_into_a_form_it_had(variant):
    """What :func:`~shogi_rules.engine.movegen.quiet_key` rests on: along its promotions a piece never comes back
    to a form it had, under any preset."""
    for preset in (None, *(p.id for p in variant.presets)):
        t = RuleSet.of(variant.id, None, preset).tables
        for code in range(2, len(t.promotes)):
            forms, now = {code}, t.promotes[code]
            while now:
                assert now not in forms, (variant.id, preset, code)
                forms.add(now)
                now = t.promotes[now]
