"""The exceptions raised by shogi_rules.

Every error the library raises on a bad value is a :class:`ShogiRulesError`, itself a
:class:`ValueError`, so callers can catch one type (as with python-chess); an argument of the wrong
type raises :class:`TypeError`. Messages quote the offending input shortened by :func:`quote`, so an
error about a 100 KB string is still one short line.

>>> quote("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
>>> quote("7f")
"'7f'"

:func:`echo` shows input the way a message repeats it bare (a move of a record after its ply
number): as it is when it is short and printable, else quoted, shortened and escaped, so that no
control character (an ANSI escape, NUL, a carriage return) reaches the terminal:

>>> echo("P-7f"), echo("P-7f" + chr(27) + "[2J")
('P-7f', "'P-7f\\\\x1b[2J'")
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .moves import Move

QUOTE_LIMIT = 60
"""Inputs quoted in error messages are cut to about this many characters."""


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(text)``, cut to about ``limit`` characters (with the full length said) when longer."""
    if isinstance(text, str) and len(text) > limit - 2:
        shown = repr(text[:limit - 3])
        return f"{shown[:-1]}…{shown[-1]} ({len(text):,} characters)"
    shown = repr(text)
    return shown if len(shown) <= limit else shown[:limit - 1] + "…"


def echo(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as it is when it is at most ``limit`` characters, all printable, and does not start or
    end with a quote; otherwise :func:`quote` of it (escaped, cut to about ``limit`` characters)."""
    if len(text) <= limit and text.isprintable() and text and text[0] not in "'\"" and text[-1] not in "'\"":
        return text
    return quote(text, limit)


def expect_type(value: object, types: type | tuple[type, ...], what: str) -> None:
    """Raise :class:`TypeError` unless ``value`` is an instance of ``types`` (``bool`` is no ``int``)."""
    wanted = types if isinstance(types, tuple) else (types,)
    if not isinstance(value, wanted) or (isinstance(value, bool) and bool not in wanted):
        names = [t.__name__ for t in wanted]
        listed = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
        raise TypeError(f"{what} must be {listed}, not {type(value).__name__}")


class ShogiRulesError(ValueError):
    """Base class of every error raised on bad input."""


class UnknownVariantError(ShogiRulesError):
    """A variant id that the library does not know."""


class UnknownRuleError(ShogiRulesError):
    """A rule-choice id, or an option id, that the variant does not know."""


class SquareError(ShogiRulesError):
    """A square name that does not exist on the board."""


class PieceError(ShogiRulesError):
    """A piece code that the variant does not know."""


class FenError(ShogiRulesError):
    """A malformed or impossible position string (FEN or SFEN)."""


class MoveError(ShogiRulesError):
    """A move string that cannot be parsed."""


class IllegalMoveError(MoveError):
    """A well-formed move that is not legal in the position."""


class BurnsError(IllegalMoveError):
    """A legal move whose burns a record lists otherwise than the engine finds them (Western notation's ``x!…`` and
    ``*``); ``move`` is that move."""

    def __init__(self, message: str, move: Move) -> None:
        super().__init__(message)
        self.move = move

    def __reduce__(self) -> tuple[type[BurnsError], tuple[str, Move]]:
        return BurnsError, (str(self), self.move)  # (pickled with its move)


class AmbiguousMoveError(MoveError):
    """A move string that matches several legal moves."""


class RecordError(ShogiRulesError):
    """A game record that cannot be read."""


class MovementError(ShogiRulesError):
    """A movement description (Betza notation) that cannot be read."""


class VariantDataError(ShogiRulesError):
    """A variant definition whose data contradicts itself (a promotion to an unknown piece, …)."""
