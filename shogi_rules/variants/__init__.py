"""The variant registry: every module of this package defines one variant as ``VARIANT``, and its
module's name is the variant's id. Adding a game is adding a module here; nothing else lists the games.

The registry imports every module it finds, checks each variant (:meth:`Variant.check`) and presents
them by board size (squares), then by :attr:`Variant.order`, then by id.
"""

import importlib
import pkgutil

from ..model.errors import VariantDataError
from ..model.variant_data import Variant


def discover() -> dict[str, Variant]:
    """Every variant of the modules of this package, by id, in the order the library presents them."""
    found: list[Variant] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        variant = getattr(importlib.import_module(f"{__name__}.{info.name}"), "VARIANT", None)
        if not isinstance(variant, Variant):
            raise VariantDataError(f"shogi_rules/variants/{info.name}.py defines no VARIANT = Variant(...)")
        if variant.id != info.name:
            raise VariantDataError(f"shogi_rules/variants/{info.name}.py defines the variant {variant.id!r}: "
                                   f"a variant's module is named after its id")
        variant.check()
        found.append(variant)
    found.sort(key=lambda v: (v.files * v.ranks, v.order, v.id))
    return {v.id: v for v in found}


VARIANTS: dict[str, Variant] = discover()
"""Every variant by id."""
