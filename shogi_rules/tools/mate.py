"""Mating problems of the capture variants, such as the Edo-period Chu shogi problems (詰物): whether a
position is mate, and a search for the shortest forced mate.

Mate is meant in the capture variants' sense, and allows a side without a royal piece of its own (the
attacking side of a problem usually has none): the side to move is *mated* when it has no legal move, or
when each of its legal moves leaves one of its royal pieces where the opponent could take it. With a
king and a prince that is the loss of one of them, not yet of the game.

The search follows the convention of the problems (詰将棋): every move of the attacking side is a
*check* (after it, one of the defender's royal pieces could be taken), and the defender plays on
against every line. :func:`shortest_mate` tries mates of 1, 3, 5, … plies in turn, so the first it
finds is the shortest; a failure up to its limit proves that no mate of that length or shorter exists.
It is pure Python and exhaustive, with a table of the positions already searched: in the Edo-period Chu
problems five plies take from a second to over a minute, seven from a second (where few moves check) to far longer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.movegen import general_board_moves, royal_squares
from ..engine.outcome import royal_threatened, royals_left
from ..model.codes import opponent
from ..model.errors import ShogiRulesError, expect_type
from ..model.moves import Move

if TYPE_CHECKING:
    from ..engine.position import Position

MAX_PLIES = 9
"""The longest mate :func:`shortest_mate` searches for (in plies)."""


def royal_capturable(pos: Position, color: int) -> bool:
    """Whether ``color``'s opponent, were it to move now, could take one of ``color``'s royal pieces: the
    answer of :func:`~shogi_rules.engine.outcome.royal_threatened`, found faster in the variants of the
    general move generator without burning pieces. There it asks the opponent's moves before the filters
    of :func:`~shogi_rules.engine.movegen.legal_moves`, neither copying the position nor keeping the
    moves: no filter can take away every way to a royal piece (the Lion-trading rules only forbid taking a
    Lion, and a piece that may not take a Lion on its way to the king may jump over it; a move that takes
    a royal piece repeats no position)."""
    t = pos.tables
    if t.any_burner or not t.general:
        return royal_threatened(pos, color)
    royals = royal_squares(pos, color)
    return any(m.target in royals or royals.intersection(m.path) for m in general_board_moves(pos, opponent(color)))


def gives_check(pos: Position, move: Move) -> bool:
    """Whether ``move``, a legal move of the side to move, leaves a royal piece of the opponent where the
    mover could take it next."""
    them = opponent(pos.turn)
    pos.push(move)
    try:
        return royal_capturable(pos, them)
    finally:
        pos.pop()


def escapes(pos: Position) -> list[Move]:
    """The legal moves of the side to move that neither leave one of its royal pieces to be taken nor
    (where the opponent has royal pieces) fail to take the opponent's last one: the moves a mated side
    lacks."""
    us = pos.turn
    them = opponent(us)
    theirs = royals_left(pos, them)
    out = []
    for m in pos.legal_moves():
        pos.push(m)
        if (theirs and royals_left(pos, them) == 0) or not royal_capturable(pos, us):
            out.append(m)
        pos.pop()
    return out


def is_mate(pos: Position) -> bool:
    """Whether the side to move is mated: it has no legal move, or every legal move leaves one of its
    royal pieces to be taken (a move that takes the opponent's last royal piece is no such move)."""
    return not escapes(pos)


class _Search:
    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.attacker = pos.turn
        self.attacker_royal = royals_left(pos, self.attacker) > 0
        self.known: dict[tuple[object, int], list[Move] | None] = {}
        self.nodes = 0

    def attack(self, plies: int) -> list[Move] | None:
        """A mate of at most ``plies`` plies (odd) with the attacker to move, or ``None``."""
        pos = self.pos
        if self.attacker_royal and royals_left(pos, self.attacker) == 0:
            return None
        key = (pos.transposition_key(), plies)
        if key in self.known:
            return self.known[key]
        self.nodes += 1
        found = None
        defender = opponent(self.attacker)
        for m in pos.legal_moves():
            pos.push(m)
            line = self.defend(plies - 1) if royal_capturable(pos, defender) else None
            pos.pop()
            if line is not None:
                found = [m, *line]
                break
        self.known[key] = found
        return found

    def defend(self, plies: int) -> list[Move] | None:
        """With the defender to move: the longest line by which the attacker mates within ``plies``
        plies (even), ``[]`` when the defender is mated now, ``None`` when it escapes."""
        replies = escapes(self.pos)
        if not replies:
            return []
        if plies == 0:
            return None
        best: list[Move] | None = None
        for r in replies:
            self.pos.push(r)
            line = self.attack(plies - 1)
            self.pos.pop()
            if line is None:
                return None
            if best is None or len(line) + 1 > len(best):
                best = [r, *line]
        return best


def shortest_mate(pos: Position, max_plies: int = MAX_PLIES) -> list[Move] | None:
    """The shortest forced mate by the side to move in at most ``max_plies`` plies, every one of its
    moves a check, as a main line (the defender choosing the longest defence); ``None`` when there is
    none that short. The position is left as it was."""
    expect_type(max_plies, int, "a number of plies")
    if not 1 <= max_plies <= MAX_PLIES:
        raise ShogiRulesError(f"a mate search looks 1 to {MAX_PLIES} plies ahead, not {max_plies}")
    search = _Search(pos)
    for plies in range(1, max_plies + 1, 2):
        line = search.attack(plies)
        if line is not None:
            return line
    return None
