"""Chu shogi's ``hachu`` preset against HaChu itself (H. G. Muller's engine, Debian package ``hachu``).

The engine is driven over the Chess Engine Communication Protocol by the driver shared with the Dai shogi test
(``hachu_driver``, whose notes say how positions and moves are written for it), started afresh for every position
of the samples (HaChu keeps its hash table across ``setboard``, and every position it sets up gets the same hash
key, so a fresh process is the only clean state; a hand-made case shares one process, in the same order every
run). HaChu's own list of moves leaves some out (see the Dai shogi test), so the tests ask move by move: every legal move of ours must be accepted (then
``undo``), and a sample of moves that our rules refuse (moves of the same pieces under permissive rules,
promotions switched on or off) must be answered ``Illegal move``. HaChu runs with its default options ("Promote
on entry" on, "Okazaki rule" off, "Allow repeats" off), which the preset reads.

A position is set up one move early, in the frame in which that move's mover is sente, and the move is then
played, so that HaChu knows whether it took a Lion (the counter-strike state, which a board cannot hold).

The positions: the start; positions of seeded random games under the preset (every fifth ply, up to
200 plies, favouring captures, promotions and moves of the pieces with lion power); positions built
around Lions, each reached by a move that takes a Lion with a piece that is not one where there is
such a move (so the counter-strike ban is in force); and a few made by hand (the counter-strike on the
capture square, a repeated position, a pass answering a pass, the last rank). The whole file runs in
about a minute.

Not compared: HaChu remembers, for a pawn that declined to promote, that it may then promote only on
the last rank, a memory a position does not hold (the preset leaves it out, see
``chu.promotion``); every position is set up afresh, so HaChu has no such memory when it is asked.
A position in which the side to move can take a royal piece of the opponent is not asked: HaChu
scores it as won without building its list of moves when it thinks that piece the last royal (it
looks for a prince in one place of its piece list only, and misses one there when a drunk elephant of
the same side could still promote), and then answers from a stale list.
"""

from __future__ import annotations

import random

import pytest

from shogi_rules import Move, Position, get_variant
from shogi_rules.model.mechanisms.lion_trading import lion_codes

from hachu_driver import HaChu, hachu_board, hachu_move, royal_in_reach

VARIANT = get_variant("chu")
HACHU_RULES = dict(next(p for p in VARIANT.presets if p.id == "hachu").choices)
LISHOGI = {c.id: "lishogi" for c in VARIANT.rule_choices}
LOOSE = {**HACHU_RULES, "chu.lion-trading": "none", "chu.counter-strike": "none", "chu.promotion": "wikipedia"}
"""Rules that allow more: every move of theirs that the preset refuses is a candidate for a refusal."""
SEED = 20261202


@pytest.fixture
def engine():
    process = HaChu()
    yield process
    process.close()


def refusal_sample(pos: Position, rng: random.Random, count: int) -> list[Move]:
    """Moves that the preset refuses in ``pos``: those of looser rules (no Lion-trading rules,
    promotion on any move in the zone) and legal moves with their promotion switched. Every one that
    takes a Lion or ends on a square where the piece could never move again, and ``count`` others."""
    legal = set(pos.legal_moves())
    fields = pos.fen().split()
    fields[3] = "-"  # the looser rules have no counter-strike square
    loose = set(Position("chu", fen=" ".join(fields), rules=LOOSE).legal_moves())
    switched = {m._replace(promotion=not m.promotion) for m in legal if not m.path and m.target != m.origin}
    pool = sorted((loose | switched) - legal, key=lambda m: (m.origin or 0, m.target, m.path, m.promotion))
    lions, board, dead = lion_codes(pos.tables), pos.board, pos.tables.dead

    def telling(m: Move) -> bool:
        return (any(board[s] in lions for s in (m.target, *m.path) if s != m.origin)
                or m.target in dead[board[m.origin or 0]])

    first = [m for m in pool if telling(m)]
    rest = [m for m in pool if not telling(m)]
    return first + rng.sample(rest, min(len(rest), count))


def compare(engine: HaChu, pos: Position, rng: random.Random, before: Position | None = None,
            move: Move | None = None, refusals: int = 6) -> int:
    """Set ``pos`` up in HaChu (as ``before`` and ``move`` when given), check that HaChu takes every
    legal move of ours and refuses a sample of the moves the preset refuses; the refusals checked."""
    if before is not None and move is not None:
        turned = before.turn == 1
        engine.setboard(hachu_board(before, turned))
        made = engine.play(hachu_move(before, move, turned))
        assert made is move.promotion, f"{before.fen()}: {hachu_move(before, move, turned)}"
    else:
        turned = pos.turn == 1
        engine.setboard(hachu_board(pos, turned))
    fen = pos.fen()
    refused = [hachu_move(pos, m, turned) for m in pos.legal_moves()
               if engine.accepts(hachu_move(pos, m, turned)) is not m.promotion]
    assert not refused, f"{fen}: HaChu refuses legal moves (or makes them otherwise) {refused[:10]}"
    passes = any(m.target == m.origin and not m.path for m in pos.legal_moves())
    sample = [m for m in refusal_sample(pos, rng, refusals) if not (passes and m.target == m.origin and not m.path)]
    taken = [text for m in sample if engine.accepts(text := hachu_move(pos, m, turned)) is m.promotion]
    assert not taken, f"{fen}: HaChu takes moves the preset refuses {taken[:10]}"
    return len(sample)


def test_the_engine_is_hachu_0_21():
    process = HaChu()
    try:
        assert process.command("protover 2").count('feature myname="HaChu 0.21" highlight=1') == 1
    finally:
        process.close()


def test_start_position(engine):
    pos = Position("chu", rules=HACHU_RULES)
    assert len(pos.legal_moves()) == 36
    assert compare(engine, pos, random.Random(SEED)) >= 6


def _weight(pos: Position, move: Move) -> int:
    board = pos.board
    lion_power = bool(pos.tables.specials[board[move.origin or 0]])
    captures = sum(1 for s in (*move.path, move.target) if s != move.origin and board[s])
    return 1 + 12 * captures + 4 * lion_power + 40 * (captures and lion_power) + 20 * move.promotion


def random_games(count: int, seed: int):
    """``(position before, move, position after)`` along seeded random games under the preset that
    favour captures, promotions and moves of the pieces with lion power, every 4th ply."""
    rng = random.Random(seed)
    seen = 0
    while True:
        pos = Position("chu", rules=HACHU_RULES)
        for ply in range(200):
            moves = pos.legal_moves()
            if not moves or pos.outcome() is not None:
                break
            move = rng.choices(moves, weights=[_weight(pos, m) for m in moves])[0]
            before = pos.copy()
            pos.push(move)
            if (ply % 5 == 4 and pos.outcome() is None and pos.legal_moves() and not royal_in_reach(before)
                    and not royal_in_reach(pos)):
                yield before, move, pos.copy()
                seen += 1
                if seen >= count:
                    return


@pytest.mark.parametrize("part", range(3))
def test_random_game_positions(part):
    rng = random.Random(SEED + part)
    refusals = lion_captures = promotions = 0
    for before, move, pos in random_games(30, SEED + 100 * part):
        process = HaChu()
        try:
            refusals += compare(process, pos, rng, before, move)
        finally:
            process.close()
        lion_captures += any(pos.board[s] in lion_codes(pos.tables) for m in pos.legal_moves()
                             for s in (m.target, *m.path) if s != m.origin)
        promotions += any(m.promotion for m in pos.legal_moves())
    assert refusals >= 80 and lion_captures >= 2 and promotions >= 3, (refusals, lion_captures, promotions)


CROWD = ["P", "P", "I", "G", "S", "C", "F", "T", "E", "O", "X", "M", "V", "R", "B", "H", "D", "A", "L", "Q",
         "+P", "+I", "+M", "+V", "+R", "+B", "+E", "+A", "+T", "+X", "+L", "+F", "+C", "+S", "+G"]


def lion_crowds(count: int, seed: int):
    """``(position before, move, position after)`` around Lions: two per side (one may be a promoted
    kirin), a Horned Falcon and a Soaring Eagle each and a crowd of other pieces in the middle of the
    board; the move takes a Lion with a piece that is not one when it can (a counter-strike state
    follows), else it is a capture, else any move."""
    rng = random.Random(seed)
    g = Position("chu").geometry
    made = 0
    while made < count:
        pieces: dict[str, str] = {}
        free = [g.name(sq) for sq in range(g.size) if 2 <= g.row(sq) <= 9 and 2 <= g.column(sq) <= 9]
        rng.shuffle(free)
        for side in (str.upper, str.lower):
            for code in ["K", "N", rng.choice(["N", "+O"]), "+H", "+D"] + rng.choices(CROWD, k=3):
                pieces[free.pop()] = side(code)
        before = Position.from_pieces("chu", pieces, turn=rng.randrange(2), rules=HACHU_RULES)
        if royal_in_reach(before):
            continue
        lions, board = lion_codes(before.tables), before.board
        moves = before.legal_moves()
        strikes = [m for m in moves if board[m.origin or 0] not in lions
                   and any(board[s] in lions for s in (m.target, *m.path) if s != m.origin)]
        captures = [m for m in moves if any(board[s] for s in (m.target, *m.path) if s != m.origin)]
        move = rng.choice(strikes or captures or moves)
        pos = before.copy()
        pos.push(move)
        if pos.outcome() is None and pos.legal_moves() and not royal_in_reach(pos):
            made += 1
            yield before, move, pos


def test_positions_around_lions():
    rng = random.Random(SEED)
    strikes = refusals = 0
    for before, move, pos in lion_crowds(20, SEED):
        process = HaChu()
        try:
            refusals += compare(process, pos, rng, before, move, refusals=5)
        finally:
            process.close()
        strikes += pos.lion_capture is not None
    assert strikes >= 8 and refusals >= 100, (strikes, refusals)


def test_counter_strike_is_forbidden_on_the_capture_square_too(engine):
    """A kirin takes a Lion and promotes to one: the Gold beside it may not retake it under HaChu (and
    the preset); lishogi allows that recapture, on the square where the Lion was taken."""
    pieces = {"8f": "O", "8d": "n", "8c": "g", "1l": "K", "12a": "k"}
    before = Position.from_pieces("chu", pieces, rules=HACHU_RULES)
    kirin = next(m for m in before.legal_moves() if m.promotion and before.geometry.name(m.target) == "8d")
    after = before.copy()
    after.push(kirin)
    retake = [m for m in after.legal_moves() if after.geometry.name(m.target) == "8d"]
    assert retake == []
    lishogi = Position.from_pieces("chu", pieces, rules=LISHOGI)
    lishogi.push(kirin)
    retake = [m for m in lishogi.legal_moves() if lishogi.geometry.name(m.target) == "8d"]
    assert len(retake) == 1
    engine.setboard(hachu_board(before, False))
    assert engine.play(hachu_move(before, kirin, False)) is True
    assert engine.accepts(hachu_move(after, retake[0], False)) is None
    compare(engine, after, random.Random(SEED), before, kirin)


def test_a_repeated_position_is_refused(engine):
    """From the start, the Go-Betweens step out and back: the fourth move would bring the start
    position back, and HaChu refuses it, as the preset does (lishogi allows it)."""
    pos = Position("chu", rules=HACHU_RULES)
    steps = ["9h9g", "9e9f", "9g9h"]
    for usi in steps:
        move = pos.parse_move(usi)
        assert engine.play(hachu_move(pos, move, False)) is False
        pos.push(move)
    free = Position("chu", rules=LISHOGI)
    for usi in steps:
        free.push_move(usi)
    back = free.parse_move("9f9e")
    assert back in free.legal_moves() and back not in pos.legal_moves()
    assert engine.accepts(hachu_move(pos, back, False)) is None
    assert engine.accepts(hachu_move(pos, pos.legal_moves()[0], False)) is False


def test_a_pass_may_not_answer_a_pass(engine):
    pieces = {"7f": "N", "6c": "n", "1l": "K", "12a": "k", "12l": "G"}
    pos = Position.from_pieces("chu", pieces, rules=HACHU_RULES)
    engine.setboard(hachu_board(pos, False))
    opening = pos.parse_move("12l12k")
    assert engine.play(hachu_move(pos, opening, False)) is False
    pos.push(opening)
    gote_pass = next(m for m in pos.legal_moves() if m.target == m.origin and not m.path)
    assert engine.play("@@@@") is False  # gote passes
    pos.push(gote_pass)
    assert not any(m.target == m.origin and not m.path for m in pos.legal_moves())
    assert engine.accepts("@@@@") is None
    assert engine.accepts(hachu_move(pos, pos.legal_moves()[0], False)) is False


def test_the_last_rank(engine):
    """A pawn that steps to the last rank inside the zone cannot promote and stays, dead; a lance that
    enters the zone on the last rank must promote (HaChu and the preset; lishogi: both may promote,
    neither must)."""
    pieces = {"3b": "P", "5f": "L", "1l": "K", "12a": "k", "12b": "p"}
    pos = Position.from_pieces("chu", pieces, rules=HACHU_RULES)
    moves = {pos.move_name(m, "usi") for m in pos.legal_moves() if pos.geometry.name(m.origin or 0) in ("3b", "5f")}
    assert {"3b3a", "5f5a+"} <= moves and not {"3b3a+", "5f5a"} & moves
    lishogi = Position.from_pieces("chu", pieces, rules=LISHOGI)
    assert {"3b3a", "3b3a+", "5f5a", "5f5a+"} <= {lishogi.move_name(m, "usi") for m in lishogi.legal_moves()}
    assert compare(engine, pos, random.Random(SEED)) >= 2


def test_lion_protection_is_judged_after_the_move(engine):
    """Sente's Lion takes the Go-Between on 7g and then gote's Lion on 7f, which only that Go-Between
    protected: HaChu and the preset judge protection after the move and allow it; lishogi, judging
    before it, does not."""
    pieces = {"7h": "N", "7g": "i", "7f": "n", "1l": "K", "12a": "k"}
    pos = Position.from_pieces("chu", pieces, rules=HACHU_RULES)
    double = next(m for m in pos.legal_moves() if m.path and pos.geometry.name(m.target) == "7f")
    assert double not in Position.from_pieces("chu", pieces, rules=LISHOGI).legal_moves()
    assert hachu_move(pos, double, False) == "f5f6,f6f7"
    compare(engine, pos, random.Random(SEED))
