"""Rule sets: a variant with one option chosen for each of its rule choices; and the variants by id.

>>> rs = RuleSet.of("wa", {"wa.drops": "modern"})
>>> rs.variant.drops, rs.choices["wa.drops"]
(True, 'modern')
>>> RuleSet.of("okisaki").choices
{'okisaki.setup': 'zhwp'}
"""

from __future__ import annotations

from functools import cached_property
from typing import Mapping

from ..model.errors import UnknownRuleError, UnknownVariantError, expect_type, quote
from ..model.rules import Preset
from .tables import Tables, compiled
from ..model.variant_data import Variant as Variant, apply_all_effects, with_royal_forms
from ..variants import VARIANTS

VARIANT_IDS = tuple(VARIANTS)
"""The ids of the variants, in the order the library presents them."""


def get_variant(variant_id: str) -> Variant:
    """The variant with id ``variant_id`` (one of :data:`VARIANT_IDS`)."""
    expect_type(variant_id, str, "a variant id")
    variant = VARIANTS.get(variant_id)
    if variant is None:
        raise UnknownVariantError(f"unknown variant {quote(variant_id)} (known: {', '.join(VARIANT_IDS)})")
    return variant


def preset_of(variant: Variant, preset_id: str) -> Preset:
    """The preset ``preset_id`` of ``variant`` (raises :class:`UnknownRuleError` naming the known ones)."""
    expect_type(preset_id, str, "a preset id")
    for p in variant.presets:
        if p.id == preset_id:
            return p
    known = ", ".join(p.id for p in variant.presets) or "none"
    raise UnknownRuleError(f"{variant.id} has no preset {quote(preset_id)} (presets: {known})")


def available_variants() -> list[Variant]:
    """The variants, in the order of :data:`VARIANT_IDS`."""
    return list(VARIANTS.values())


class RuleSet:
    """A variant plus one chosen option for each of its rule choices.

    The variant's data with the options' effects applied is :attr:`variant`; the move tables
    compiled from it are :attr:`tables` (built once, see :func:`shogi_rules.compiled.tables.compiled`).
    """

    def __init__(self, base: Variant, choices: Mapping[str, str] | None = None):
        chosen = {c.id: c.default for c in base.rule_choices}
        for rule_id, option_id in (choices or {}).items():
            base.rule_choice(rule_id).option(option_id)  # raises on an unknown id
            chosen[rule_id] = option_id
        variant = with_royal_forms(apply_all_effects(base, [c.option(chosen[c.id]).effects for c in base.rule_choices]))
        self.base = base
        self.variant = variant
        self.choices: dict[str, str] = chosen
        self._hash = hash((base.id, tuple(sorted(chosen.items()))))  # rule sets key the caches of a record check

    @classmethod
    def of(cls, variant: str | Variant | RuleSet, choices: Mapping[str, str] | None = None,
           preset: str | None = None) -> RuleSet:
        """The rule set of ``variant`` with ``choices``; with ``preset``, the preset's options first and
        ``choices`` applied on top of them.

        >>> RuleSet.of("tenjiku", preset="evans").choices["tenjiku.lion-hawk"]
        'tsa'
        """
        expect_type(variant, (str, Variant, RuleSet), "a variant")
        if choices is not None:
            expect_type(choices, Mapping, "the rule choices")
            for rule_id, option_id in choices.items():
                expect_type(rule_id, str, "a rule-choice id")
                expect_type(option_id, str, "an option id")
        if preset is not None:
            base = variant.base if isinstance(variant, RuleSet) else get_variant(variant) if isinstance(variant, str) \
                else variant
            choices = {**preset_of(base, preset).choices, **(choices or {})}
        if isinstance(variant, RuleSet):
            if not choices:
                return variant
            choices = {**variant.choices, **choices}
            variant = variant.base
        if isinstance(variant, str):
            variant = get_variant(variant)
        chosen = dict(choices or {})
        for rule_id, option_id in chosen.items():
            variant.rule_choice(rule_id).option(option_id)  # raises on an unknown id
        key = tuple(sorted((k, v) for k, v in chosen.items() if variant.rule_choice(k).default != v))
        return _cached(variant, key)

    @cached_property
    def tables(self) -> Tables:
        """The compiled tables; rule sets whose options change only mechanism switches share them."""
        return compiled(self.variant)

    @property
    def id(self) -> str:
        return self.variant.id

    @property
    def fsf_name(self) -> str | None:
        """Fairy-Stockfish's name of this rule set's game, where Fairy-Stockfish plays it: the variant's
        :attr:`~Variant.fsf_name` when the choices are those of its preset ``fairy-stockfish`` (the
        defaults where it has none) except, at most, choices that only move the start position (it
        plays any position given as a FEN); else ``None``.

        >>> RuleSet.of("okisaki").fsf_name, RuleSet.of("wa").fsf_name
        ('okisakishogi', None)
        """
        base = self.base
        if base.fsf_name is None:
            return None
        theirs = next((p.choices for p in base.presets if p.id == "fairy-stockfish"), {})
        for c in base.rule_choices:
            if self.choices[c.id] != theirs.get(c.id, c.default) and any(set(o.effects) - {"setup"} for o in c.options):
                return None
        return base.fsf_name

    def non_default(self) -> dict[str, str]:
        """The choices that differ from the variant's defaults."""
        return {c.id: self.choices[c.id] for c in self.base.rule_choices if self.choices[c.id] != c.default}

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v}" for k, v in self.non_default().items())
        return f"RuleSet({self.variant.id}{extra})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleSet) and other.base.id == self.base.id and other.choices == self.choices

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as the variant (its id, for a variant of the library) and the choices, never the
        compiled tables: unpickling (in another process too) gives the same rule set again."""
        base: str | Variant = self.base.id if VARIANTS.get(self.base.id) is self.base else self.base
        return (RuleSet.of, (base, self.non_default()))


_CACHE: dict[tuple[str, tuple[tuple[str, str], ...]], RuleSet] = {}


def _cached(variant: Variant, key: tuple[tuple[str, str], ...]) -> RuleSet:
    k = (variant.id, key)
    rs = _CACHE.get(k)
    if rs is None or rs.base is not variant:
        rs = _CACHE[k] = RuleSet(variant, dict(key))
    return rs
