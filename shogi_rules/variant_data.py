"""Variants as data: everything that defines a variant, and how a rule option changes it.

A :class:`Variant` is a frozen record (board, piece rows, setup, promotion scheme, drops, game end,
rule choices, mechanism switches). A rule option (:class:`~shogi_rules.rules.RuleOption`) says what
it changes as ``effects``: new values of variant fields (``{"drops": True}``), new values of fields
of piece rows (``{"pieces": {"LH": {"betza": "..."}}}``) and mechanism switches
(``{"switches": FireDemonRules.set(meeting="mover-burns-after")}``). Every effect is checked when
the variant is defined, so a misspelt field, piece or value fails at import.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, Mapping, cast

from .errors import UnknownRuleError
from .fen_tokens import board_tokens
from .errors import FenError, PieceError, quote
from .pieces import PieceKind
from .rules import Preset, RuleChoice
from .switches import Setting, SwitchError, Switches, check_value

_CHECKED: dict[int, tuple[RuleChoice, ...]] = {}
"""The tuples of rule choices whose options' effects have been checked (by identity)."""

PromotionScheme = Literal["zone", "zone-entry", "zone-entry-or-capture", "zone-entry-hachu", "zone-with-delay", "zone-adams",
                          "zone-entry-2000", "capture"]
CapturePromotion = Literal["compulsory", "optional-unless-promoted"]


@dataclass(frozen=True)
class Variant:
    """Everything that defines a variant, as data.

    ``setup`` is the board in the FEN form of :mod:`shogi_rules.notation.fen` (sente's pieces in
    upper case, rank 1 — gote's back rank — first). ``promotion`` names the promotion scheme:
    ``"zone"`` (shogi: on entering, moving inside or leaving the far ``promotion_zone`` ranks; a
    piece must promote where it could never move again), ``"zone-entry"`` (the Tenjiku article:
    only on the move that enters the zone, or a capture inside it; no forced promotion, a piece
    that can no longer move stays as a dead piece), ``"zone-adams"`` and ``"zone-entry-2000"`` (C.
    Adams' and the 2000 rules' Tenjiku readings, :mod:`shogi_rules.mechanisms.promotion`) or
    ``"capture"`` (Dai Dai, Maka Dai Dai: on capturing). ``check_rules`` is true where a move may not leave one's own king attacked and
    checkmate ends the game (the shogi family); otherwise a royal is simply captured.
    """

    id: str
    name: str
    kanji: str
    files: int
    ranks: int
    pieces: tuple[PieceKind, ...]
    setup: str
    promotion: PromotionScheme = "zone"
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
    switches: Switches = Switches()
    """The mechanisms' switches (see :mod:`shogi_rules.switches`); rule options change them."""
    presets: tuple[Preset, ...] = ()
    """Whole rule sets by source (``--preset NAME``): see :class:`~shogi_rules.rules.Preset`."""
    capture_promotion: CapturePromotion = "compulsory"
    """Under ``promotion="capture"``: ``"compulsory"``, or ``"optional-unless-promoted"`` (optional
    when the captured piece was unpromoted, compulsory when it was promoted)."""

    def __post_init__(self) -> None:
        for name in ("promotion", "capture_promotion"):
            check_value(Variant, name, getattr(self, name))
        if _CHECKED.get(id(self.rule_choices)) is self.rule_choices:
            return  # a rule set's variant: its choices were checked when the variant was defined
        for choice in self.rule_choices:
            for option in choice.options:
                try:
                    check_effects(self, option.effects)
                except (SwitchError, PieceError) as exc:
                    raise SwitchError(f"{choice.id}={option.id}: {exc}") from None
        _CHECKED[id(self.rule_choices)] = self.rule_choices

    @cached_property
    def piece_by_code(self) -> Mapping[str, PieceKind]:
        """The piece rows by TSA code."""
        return {p.code: p for p in self.pieces}

    def piece(self, code: str) -> PieceKind:
        """The row with TSA code ``code`` (raises :class:`~shogi_rules.errors.PieceError`)."""
        kind = self.piece_by_code.get(code)
        if kind is None:
            raise PieceError(f"{self.id} has no piece {quote(code)}")
        return kind

    @cached_property
    def setup_counts(self) -> Mapping[str, int]:
        """How many of each row the setup holds (both sides together), by TSA code; the setup's
        spelling is checked on the way."""
        by_fen = {p.fen_code.upper(): p.code for p in self.pieces}
        found: Counter[str] = Counter()
        for rank in self.setup.split("/"):
            for token in board_tokens(rank):
                if not token.code:
                    continue
                if token.promoted:
                    raise FenError(f"{self.id}: the setup has a promoted piece")
                code = by_fen.get(token.code.upper())
                if code is None:
                    raise PieceError(f"{self.id}: the setup has an unknown piece {token.text!r}")
                found[code] += 1
        return dict(found)

    @cached_property
    def promoted_only(self) -> frozenset[str]:
        """Codes of rows that exist only as promoted pieces (promotion targets not in the setup)."""
        targets = {p.promotes_to for p in self.pieces if p.promotes_to}
        return frozenset(code for code in targets if code not in self.setup_counts)

    def rule_choice(self, rule_id: str) -> RuleChoice:
        for c in self.rule_choices:
            if c.id == rule_id:
                return c
        known = ", ".join(c.id for c in self.rule_choices) or "none"
        raise UnknownRuleError(f"{self.id} has no rule choice {quote(rule_id)} (known: {known})")


_PIECE_FIELDS = {f.name for f in dataclasses.fields(PieceKind)}
_VARIANT_FIELDS = {f.name for f in dataclasses.fields(Variant)} - {"switches", "pieces", "rule_choices", "presets", "id"}


def _settings(effects: Mapping[str, Any]) -> tuple[Setting, ...]:
    value = effects.get("switches", ())
    settings = (value,) if isinstance(value, Setting) else tuple(value)
    for s in settings:
        if not isinstance(s, Setting):
            raise SwitchError(f"switches are set with Mechanism.set(...), not {s!r}")
    return settings


def check_effects(variant: Variant, effects: Mapping[str, Any]) -> None:
    """Raise unless every effect names an existing field, piece or switch with a value it may take."""
    for key, value in effects.items():
        if key == "switches":
            for setting in _settings(effects):
                forms = cast(tuple[tuple[str, str], ...], dict(setting.values).get("royal_forms", ()))
                for plain, royal in forms:
                    if plain not in variant.piece_by_code or royal in variant.piece_by_code:
                        raise PieceError(f"royal form {royal!r} of {plain!r}: the variant needs a row {plain!r} "
                                         f"and no row {royal!r}")
        elif key == "pieces":
            for code, fields in value.items():
                if code not in variant.piece_by_code:
                    raise PieceError(f"rule effects name unknown piece {code!r}")
                unknown = {name.rstrip("+") for name in fields} - _PIECE_FIELDS
                if unknown:
                    raise SwitchError(f"piece rows have no field {sorted(unknown)}")
        elif key in _VARIANT_FIELDS:
            check_value(Variant, key, value)
        else:
            raise SwitchError(f"a rule option cannot set {key!r}")


def apply_effects(variant: Variant, effects: Mapping[str, Any], appending: bool = False) -> Variant:
    """Apply an option's effects. Piece fields named with a trailing ``+`` (``"extra+"``) add to
    the row's tuple instead of replacing it; they are applied after every replacement
    (``appending=True``), so two choices that touch one row combine whatever their order."""
    changes: dict[str, Any] = {}
    if not appending:
        changes = {k: v for k, v in effects.items() if k not in ("pieces", "switches")}
        switches = variant.switches
        for setting in _settings(effects):
            switches = switches.apply(setting)
        if switches != variant.switches:
            changes["switches"] = switches
    piece_changes: Mapping[str, Mapping[str, Any]] = effects.get("pieces", {})
    if piece_changes:
        rows = []
        for p in variant.pieces:
            fields = dict(piece_changes.get(p.code, {}))
            if appending:
                fields = {k[:-1]: getattr(p, k[:-1]) + tuple(v) for k, v in fields.items() if k.endswith("+")}
            else:
                fields = {k: v for k, v in fields.items() if not k.endswith("+")}
            rows.append(dataclasses.replace(p, **fields) if fields else p)
        changes["pieces"] = tuple(rows)
    return dataclasses.replace(variant, **changes) if changes else variant


def with_royal_forms(variant: Variant) -> Variant:
    """The variant with a row for each royal form that ``switches.conversion.royal_forms`` names: a
    copy of the piece a capture conversion makes (as the rule set has that piece, after every other
    option), royal and under the pair's second code. A king, Emperor or prince that converts
    becomes that row, so it stays royal (Maka Dai Dai, ``makadaidai.converted-royal``)."""
    forms = variant.switches.conversion.royal_forms
    if not forms:
        return variant
    rows = tuple(dataclasses.replace(
        variant.piece(plain), code=royal, fen=royal, royal=True, promotes_to=None,
        english=f"{variant.piece(plain).english} (royal)",
        note=f"The {variant.piece(plain).english} that a royal piece becomes by a capture conversion: it "
             "moves as one and stays royal.") for plain, royal in forms)
    return dataclasses.replace(variant, pieces=variant.pieces + rows)
