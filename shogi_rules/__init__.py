"""shogi-rules: the executable, cited rule book of the large historical shogi variants.

>>> from shogi_rules import Position
>>> Position("shogi").perft(2)
900
"""

from .errors import (AmbiguousMoveError, FenError, IllegalMoveError, MoveError, PieceError, ShogiRulesError,
                     SquareError, UnknownRuleError, UnknownVariantError)
from .geometry import GOTE, SENTE, Geometry
from .moves import Move
from .position import Position
from .variant import VARIANT_IDS, RuleSet, Variant, available_variants, get_variant

__all__ = [
    "AmbiguousMoveError", "FenError", "GOTE", "Geometry", "IllegalMoveError", "Move", "MoveError", "PieceError",
    "Position", "RuleSet", "SENTE", "ShogiRulesError", "SquareError", "UnknownRuleError", "UnknownVariantError",
    "VARIANT_IDS", "Variant", "available_variants", "get_variant",
]
