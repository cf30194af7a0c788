"""Chu shogi's ``hachu`` preset against HaChu itself (H. G. Muller's engine, Debian package ``hachu``).

The engine is driven over the Chess Engine Communication Protocol (CECP, ``xboard``/``protover 2``,
``variant chu``, ``force``), started afresh for every position of the samples (HaChu keeps its hash
table across ``setboard``, and every position it sets up gets the same hash key, so a fresh process
is the only clean state; a hand-made case shares one process, in the same order every run). HaChu
lists no legal moves, so the tests ask move by move: every legal move of ours must
be accepted (then ``undo``), and a sample of moves that our rules refuse (moves of the same pieces
under permissive rules, promotions switched on or off) must be answered ``Illegal move``. HaChu runs
with its default options ("Promote on entry" on, "Okazaki rule" off, "Allow repeats" off), which the
preset reads.

How the positions and moves are written for HaChu 0.21 (the Debian package):

* ``setboard`` takes the board part of our FEN as it is (the same letters, ``+`` before a promoted
  piece, gote's back rank first), but a colour field makes it stop with "Unknown piece ' '": the side
  to move after ``setboard`` is always sente (HaChu's White). A position with gote to move is set up
  turned 180° with the colours swapped (the same game seen from the other side), and every square of
  its moves is turned too.
* A position is set up one move early, in the frame in which that move's mover is sente, and the
  move is then played, so that HaChu knows whether it took a Lion (the counter-strike state, which a
  board cannot hold).
* Squares are Fairy-Stockfish coordinates (files a-l from sente's left, ranks 1-12 from sente's side).
* A move that captures on its first step (a Lion's or a Horned Falcon's or Soaring Eagle's double
  move, igui) is written leg by leg: ``e5f6,f6g7``; igui ``e5f6,f6e5``. A move whose first step is
  to an empty square is the plain ``from``-``to`` move (HaChu refuses the two-leg form of a jump).
  A pass is ``@@@@``, which HaChu matches with whichever pass it has (a pass leaves the board as it
  is, whichever piece makes it).
* A promotion ends in ``+``; a move without it is a non-promotion, except that HaChu takes a
  non-promotion for which only the promotion is legal (a lance entering the zone on the last rank) as
  that promotion: which of the two it made is read from its debug line ``# makemove``.

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
import re
import shutil
import subprocess

import pytest

from shogi_rules import Move, Position, get_variant
from shogi_rules.model.mechanisms.lion_trading import lion_codes

HACHU = shutil.which("hachu", path="/usr/games:/usr/bin:/usr/local/games:/usr/local/bin")
VARIANT = get_variant("chu")
HACHU_RULES = dict(next(p for p in VARIANT.presets if p.id == "hachu").choices)
LISHOGI = {c.id: "lishogi" for c in VARIANT.rule_choices}
LOOSE = {**HACHU_RULES, "chu.lion-trading": "none", "chu.counter-strike": "none", "chu.promotion": "wikipedia"}
"""Rules that allow more: every move of theirs that the preset refuses is a candidate for a refusal."""
SEED = 20261202


class HaChu:
    """One HaChu process in force mode, answering ``ping`` so that each reply can be read in full.
    HaChu 0.21 crashes (a segmentation fault) after some dozens of ``undo`` in one run, the sooner the
    more pieces stand on the board (each ``undo`` sets the position up again, and the place HaChu
    remembers for a side's kirin in its piece list, never reset when the side has none, drifts past the
    list's end), so the driver starts it afresh every :attr:`UNDOS` undos and sets the position up again
    (the ``setboard`` and the moves kept)."""

    UNDOS = 8

    def __init__(self) -> None:
        assert HACHU, "the hachu engine is needed (Debian package hachu)"
        self.kept: list[str] = []
        self._start()

    def _start(self) -> None:
        self.proc = subprocess.Popen([HACHU], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.pings = self.undos = 0
        self.command("xboard\nprotover 2\nmemory 1\nvariant chu\nforce")
        for text in self.kept:
            assert self.command(text) == [], text

    def setboard(self, board: str) -> None:
        assert self.command("setboard " + board) == []
        self.kept = ["setboard " + board]

    def command(self, text: str) -> list[str]:
        """Send ``text``, then a ping; the engine's lines before the pong, its debug lines (``#``) left out."""
        return [line for line in self.talk(text) if not line.startswith("#")]

    def talk(self, text: str) -> list[str]:
        """Send ``text``, then a ping; every line before the pong."""
        assert self.proc.stdin and self.proc.stdout
        self.pings += 1
        self.proc.stdin.write(f"{text}\nping {self.pings}\n")
        self.proc.stdin.flush()
        lines = []
        while (line := self.proc.stdout.readline()) != f"pong {self.pings}\n":
            assert line, "hachu stopped"
            lines.append(line.rstrip("\n"))
        return lines

    def play(self, move: str) -> bool | None:
        """``usermove``: ``None`` when HaChu answers ``Illegal move``, else whether the move it made (and
        keeps) promotes. HaChu reads a non-promotion for which only the promotion is legal as the
        promotion, so the promotion it made is read from its debug line ``# makemove CODE ...`` (bit 23
        of its move code)."""
        lines = self.talk(f"usermove {move}")
        answer = [line for line in lines if not line.startswith("#")]
        assert all(line.startswith("Illegal move") for line in answer), answer
        if answer:
            return None
        made = [line.split()[2] for line in lines if line.startswith("# makemove ")]
        assert len(made) == 1, lines
        self.kept.append(f"usermove {move}")
        return bool(int(made[0], 16) >> 23 & 1)

    def accepts(self, move: str) -> bool | None:
        """:meth:`play`, the move taken back if it was made."""
        promoted = self.play(move)
        if promoted is not None:
            self.command("undo")
            self.kept.pop()
            self.undos += 1
            if self.undos == self.UNDOS:
                self.close()
                self._start()
        return promoted

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.write("quit\n")
        self.proc.stdin.close()
        assert self.proc.wait(timeout=10) == 0


@pytest.fixture
def engine():
    process = HaChu()
    yield process
    process.close()


def _rows(pos: Position) -> list[list[str | None]]:
    rows = []
    for text in pos.fen().split()[0].split("/"):
        row: list[str | None] = []
        for token in re.findall(r"\d+|\+?[A-Za-z]", text):
            row += [None] * int(token) if token.isdigit() else [token]
        rows.append(row)
    return rows


def hachu_board(pos: Position, turned: bool) -> str:
    """The board for ``setboard``: ours, or turned 180° with the colours swapped."""
    rows = _rows(pos)
    if turned:
        rows = [[t.swapcase() if t else None for t in reversed(r)] for r in reversed(rows)]
    out = []
    for row in rows:
        text, empty = "", 0
        for token in row:
            if token is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + token
            empty = 0
        out.append(text + (str(empty) if empty else ""))
    return "/".join(out)


def hachu_move(pos: Position, move: Move, turned: bool) -> str:
    """``move`` of ``pos`` as HaChu reads it (see the module's notes)."""
    g = pos.geometry
    assert move.origin is not None

    def name(sq: int) -> str:
        return g.fsf_name(g.mirror(sq) if turned else sq)

    caught = [s for s in move.path if pos.board[s]]
    if caught:
        return f"{name(move.origin)}{name(caught[0])},{name(caught[0])}{name(move.target)}"
    if move.target == move.origin:
        return "@@@@"
    return name(move.origin) + name(move.target) + ("+" if move.promotion else "")


def royal_in_reach(pos: Position) -> bool:
    """Whether the side to move can take a royal piece of the opponent (HaChu may list no moves then)."""
    them = pos.turn ^ 1
    royals = {sq for sq, c in enumerate(pos.board) if c and c & 1 == them and pos.tables.royal[c]}
    return any(m.target in royals or royals.intersection(m.path) for m in pos.legal_moves())


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
