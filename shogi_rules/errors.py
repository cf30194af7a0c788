"""The exceptions raised by shogi_rules.

Every error the library raises on bad input is a :class:`ShogiRulesError`, itself a
:class:`ValueError`, so callers can catch one type (as with python-chess).
"""


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


class AmbiguousMoveError(MoveError):
    """A move string that matches several legal moves."""


class RecordError(ShogiRulesError):
    """A game record that cannot be read."""
