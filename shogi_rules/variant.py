"""Variants as data, and rule sets: a variant with one option chosen for each of its rule choices.

>>> rs = RuleSet.of("wa", {"wa.drops": "modern"})
>>> rs.variant.drops, rs.choices["wa.drops"]
(True, 'modern')
>>> RuleSet.of("okisaki").choices
{'okisaki.setup': 'seed'}
"""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass
from functools import cached_property
from typing import Mapping

from .errors import UnknownRuleError, UnknownVariantError
from .pieces import PieceKind
from .rules import Preset, RuleChoice

VARIANT_IDS = ("shogi", "okisaki", "wa", "tenjiku", "daidai", "makadaidai")


@dataclass(frozen=True)
class Variant:
    """Everything that defines a variant, as data.

    ``setup`` is the board in the FEN form of :mod:`shogi_rules.notation.fen` (sente's pieces in
    upper case, rank 1 — gote's back rank — first). ``promotion`` names the promotion scheme:
    ``"zone"`` (shogi: on entering, moving inside or leaving the far ``promotion_zone`` ranks; a
    piece must promote where it could never move again), ``"zone-entry"`` (the Tenjiku seed: only
    on the move that enters the zone, or a capture inside it; no forced promotion, a piece that can
    no longer move stays as a dead piece) or ``"capture"`` (Dai Dai, Maka Dai Dai: on capturing).
    ``check_rules`` is true where a move may not leave one's own king attacked and checkmate ends the
    game (the shogi family); otherwise a royal is simply captured.
    """

    id: str
    name: str
    kanji: str
    files: int
    ranks: int
    pieces: tuple[PieceKind, ...]
    setup: str
    promotion: str = "zone"
    promotion_zone: int = 3
    drops: bool = True
    check_rules: bool = True
    rule_choices: tuple[RuleChoice, ...] = ()
    sources: tuple[str, ...] = ()
    fsf_name: str | None = None
    """The variant's name in Fairy-Stockfish, where Fairy-Stockfish knows it."""
    fsf_hand_order: str = ""
    """The order in which Fairy-Stockfish writes pieces in hand (FEN codes), to write its FEN exactly."""
    usi: bool = False
    """Whether USI SFEN describes the variant (standard shogi only)."""
    stalemate_loses: bool = True
    """A side with no legal move loses (it would have to expose its king to capture)."""
    sennichite: bool = True
    """The fourth occurrence of a position is a draw, unless one side checked throughout (the shogi
    rule, 千日手). False where the sources give no such rule (the large variants)."""
    summary: str = ""
    code_aliases: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Other abbreviations in use (Wikipedia's, play-by-e-mail's) → the TSA code the engine writes."""
    flags: Mapping[str, object] = dataclasses.field(default_factory=dict)
    """Switches of mechanisms that rule choices set (``{"fire-demon.meeting": "mover-burns"}``)."""
    presets: tuple[Preset, ...] = ()
    """Whole rule sets by source (``--preset NAME``): see :class:`~shogi_rules.rules.Preset`."""
    capture_promotion: str = "compulsory"
    """Under ``promotion="capture"``: ``"compulsory"``, or ``"optional-unless-promoted"`` (optional
    when the captured piece was unpromoted, compulsory when it was promoted)."""

    @cached_property
    def piece_by_code(self) -> Mapping[str, PieceKind]:
        return {p.code: p for p in self.pieces}

    def rule_choice(self, rule_id: str) -> RuleChoice:
        for c in self.rule_choices:
            if c.id == rule_id:
                return c
        known = ", ".join(c.id for c in self.rule_choices) or "none"
        raise UnknownRuleError(f"{self.id} has no rule choice {rule_id!r} (known: {known})")


def preset_of(variant: Variant, preset_id: str) -> Preset:
    """The preset ``preset_id`` of ``variant`` (raises :class:`UnknownRuleError` naming the known ones)."""
    for p in variant.presets:
        if p.id == preset_id:
            return p
    known = ", ".join(p.id for p in variant.presets) or "none"
    raise UnknownRuleError(f"{variant.id} has no preset {preset_id!r} (presets: {known})")


def get_variant(variant_id: str) -> Variant:
    """The variant with id ``variant_id`` (one of :data:`VARIANT_IDS`)."""
    if variant_id not in VARIANT_IDS:
        raise UnknownVariantError(f"unknown variant {variant_id!r} (known: {', '.join(VARIANT_IDS)})")
    try:
        module = importlib.import_module(f".variants.{variant_id}", __package__)
    except ModuleNotFoundError as exc:
        raise UnknownVariantError(f"variant {variant_id!r} is not implemented yet") from exc
    return module.VARIANT


def available_variants() -> list[Variant]:
    """The variants that are implemented, in the order of :data:`VARIANT_IDS`."""
    out = []
    for vid in VARIANT_IDS:
        try:
            out.append(get_variant(vid))
        except UnknownVariantError:
            pass
    return out


def _apply(variant: Variant, effects: Mapping[str, object], appending: bool = False) -> Variant:
    """Apply an option's effects. Piece fields named with a trailing ``+`` (``"extra+"``) add to
    the row's tuple instead of replacing it; they are applied after every replacement
    (``appending=True``), so two choices that touch one row combine whatever their order."""
    changes = {}
    if not appending:
        changes = {k: v for k, v in effects.items() if k not in ("pieces", "flags")}
        if "flags" in effects:
            changes["flags"] = {**variant.flags, **effects["flags"]}
    piece_changes = effects.get("pieces", {})
    unknown = set(piece_changes) - {p.code for p in variant.pieces}
    if unknown:
        raise ValueError(f"rule effects name unknown pieces {sorted(unknown)}")
    if piece_changes:
        rows = []
        for p in variant.pieces:
            fields = piece_changes.get(p.code, {})
            if appending:
                fields = {k[:-1]: getattr(p, k[:-1]) + tuple(v) for k, v in fields.items() if k.endswith("+")}
            else:
                fields = {k: v for k, v in fields.items() if not k.endswith("+")}
            rows.append(dataclasses.replace(p, **fields) if fields else p)
        changes["pieces"] = tuple(rows)
    return dataclasses.replace(variant, **changes) if changes else variant


class RuleSet:
    """A variant plus one chosen option for each of its rule choices.

    The variant's data with the options' effects applied is :attr:`variant`; the move tables
    compiled from it are built once per rule set (:attr:`tables`).
    """

    def __init__(self, base: Variant, choices: Mapping[str, str] | None = None):
        chosen = {c.id: c.default for c in base.rule_choices}
        for rule_id, option_id in (choices or {}).items():
            base.rule_choice(rule_id).option(option_id)  # raises on an unknown id
            chosen[rule_id] = option_id
        variant = base
        for appending in (False, True):
            for c in base.rule_choices:
                variant = _apply(variant, c.option(chosen[c.id]).effects, appending)
        self.base = base
        self.variant = variant
        self.choices: dict[str, str] = chosen

    @classmethod
    def of(cls, variant: str | Variant | RuleSet, choices: Mapping[str, str] | None = None,
           preset: str | None = None) -> RuleSet:
        """The rule set of ``variant`` with ``choices``; with ``preset``, the preset's options first and
        ``choices`` applied on top of them.

        >>> RuleSet.of("tenjiku", preset="evans").choices["tenjiku.lion-hawk"]
        'tsa'
        """
        if preset is not None:
            base = variant.base if isinstance(variant, RuleSet) else get_variant(variant) if isinstance(variant, str) else variant
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
    def tables(self):
        """The compiled tables; rule sets whose options change only mechanism flags share them."""
        from .tables import Tables
        v = self.variant
        key = (v.id, v.pieces, v.setup, v.files, v.ranks, v.promotion, v.promotion_zone, v.drops,
               v.check_rules, v.fsf_hand_order)
        tables = _TABLES.get(key)
        if tables is None:
            tables = _TABLES[key] = Tables(v)
        return tables

    @property
    def id(self) -> str:
        return self.variant.id

    def non_default(self) -> dict[str, str]:
        """The choices that differ from the variant's defaults."""
        return {c.id: self.choices[c.id] for c in self.base.rule_choices if self.choices[c.id] != c.default}

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v}" for k, v in self.non_default().items())
        return f"RuleSet({self.variant.id}{extra})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleSet) and other.base.id == self.base.id and other.choices == self.choices

    def __hash__(self) -> int:
        return hash((self.base.id, tuple(sorted(self.choices.items()))))


_CACHE: dict[tuple[str, tuple[tuple[str, str], ...]], RuleSet] = {}
_TABLES: dict[tuple, object] = {}


def _cached(variant: Variant, key: tuple[tuple[str, str], ...]) -> RuleSet:
    k = (variant.id, key)
    rs = _CACHE.get(k)
    if rs is None or rs.base is not variant:
        rs = _CACHE[k] = RuleSet(variant, dict(key))
    return rs
