"""shogi-rules: the executable, cited rule book of the large historical shogi variants.

>>> from shogi_rules import Position
>>> Position("shogi").perft(2)
900
"""

from .errors import (AmbiguousMoveError, FenError, IllegalMoveError, MoveError, MovementError, PieceError,
                     RecordError, ShogiRulesError, SquareError, UnknownRuleError, UnknownVariantError,
                     VariantDataError)
from .geometry import GOTE, SENTE, Geometry
from .moves import Move
from .notation import moves as _notations  # installs the move notations the position names moves with
from .position import Position
from .switches import SwitchError
from .variant import VARIANT_IDS, RuleSet, Variant, available_variants, get_variant

__all__ = [
    "AmbiguousMoveError", "FenError", "GOTE", "Geometry", "IllegalMoveError", "Move", "MoveError", "MovementError",
    "PieceError", "Position", "RecordError", "RuleSet", "SENTE", "ShogiRulesError", "SquareError", "SwitchError", "UnknownRuleError",
    "UnknownVariantError", "VARIANT_IDS", "Variant", "VariantDataError", "available_variants", "get_variant",
]
