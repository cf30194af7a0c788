"""Pieces as data: one row per piece of a variant, as a historian would check it against a source.

A :class:`PieceKind` names a piece (kanji exactly as the article writes it, romanised and English
names, the TSA abbreviation), gives its movement in Betza notation and says what it promotes to.
Promoted forms are rows too (the shogi Dragon King is a row, reached by promoting a Rook).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .movement import Atom, parse_betza


@dataclass(frozen=True)
class PieceKind:
    """One row of a variant's piece table.

    ``code`` is the TSA (Hodges / Evans) abbreviation used in Western notation; ``fen`` the code
    used in position strings (one letter, or several in parentheses in the FEN form documented in
    :mod:`shogi_rules.model.fen_tokens`). ``label`` is the one- or two-kanji label drawn on the piece.
    """

    code: str
    kanji: str
    label: str
    romaji: str
    english: str
    betza: str
    promotes_to: str | None = None
    royal: bool = False
    pawn: bool = False
    """Dropped under the shogi pawn's restrictions (nifu, no mate by a pawn drop)."""
    droppable: bool = True
    """Where drops are played, a captured piece of this kind (or promoted from it) goes to the captor's
    hand; false: it leaves the game (Asakura shogi's drunk elephant). A royal piece never goes to hand."""
    rank: int = 0
    """The range-jumping hierarchy: a range jumper only jumps pieces of lower rank (0: the rest)."""
    burns: bool = False
    """Burns every adjacent enemy after it moves, and enemies that end a move next to it (Fire Demon)."""
    immobilises: bool = False
    """Adjacent enemies cannot move (the article's Heavenly Tetrarchs)."""
    converts_capturer_to: str | None = None
    """The piece that captures this one becomes that piece (Maka Dai Dai Deva and Dark Spirit)."""
    fen: str | None = None
    sources: tuple[str, ...] = ()
    note: str = ""
    extra: tuple[Atom, ...] = ()
    """Movement atoms beyond Betza notation (lion power, hook moves, …), for the large variants."""

    @cached_property
    def atoms(self) -> tuple[Atom, ...]:
        return parse_betza(self.betza) + tuple(self.extra)

    @property
    def fen_code(self) -> str:
        return self.fen or self.code
