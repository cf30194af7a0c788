"""The variant registry: one module per variant, each defining ``VARIANT``; listed here in the
order the library presents them."""

from ..variant_data import Variant
from . import daidai, makadaidai, okisaki, shogi, tenjiku, wa

VARIANTS: dict[str, Variant] = {v.id: v for v in (
    shogi.VARIANT, okisaki.VARIANT, wa.VARIANT, tenjiku.VARIANT, daidai.VARIANT, makadaidai.VARIANT)}
"""Every variant by id."""
