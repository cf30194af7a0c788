"""shogi-rules: the executable, cited rule book of the large historical shogi variants.

>>> from shogi_rules import Position
>>> Position("shogi").perft(2)
900
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .model.errors import (AmbiguousMoveError, BurnsError, FenError, IllegalMoveError, MoveError, MovementError,
                           PieceError, RecordError, ShogiRulesError, SquareError, UnknownRuleError, UnknownVariantError,
                           VariantDataError)

if TYPE_CHECKING:
    from .compiled.variant import VARIANT_IDS, RuleSet, Variant, available_variants, get_variant
    from .engine.position import Position
    from .model.geometry import GOTE, SENTE, Geometry
    from .model.moves import Move
    from .model.switches import SwitchError

# The engine is loaded when first used (PEP 562), so that importing the package, or its command line
# entry point, is quick.
_LAZY = {"GOTE": "model.geometry", "SENTE": "model.geometry", "Geometry": "model.geometry", "Move": "model.moves",
         "Position": "engine.position", "SwitchError": "model.switches", "VARIANT_IDS": "compiled.variant",
         "RuleSet": "compiled.variant", "Variant": "compiled.variant", "available_variants": "compiled.variant",
         "get_variant": "compiled.variant"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "AmbiguousMoveError", "BurnsError", "FenError", "GOTE", "Geometry", "IllegalMoveError", "Move", "MoveError",
    "MovementError", "PieceError", "Position", "RecordError", "RuleSet", "SENTE", "ShogiRulesError", "SquareError",
    "SwitchError", "UnknownRuleError", "UnknownVariantError", "VARIANT_IDS", "Variant", "VariantDataError",
    "available_variants", "get_variant",
]
