"""Rule switches: what a rule choice may set in the engine's mechanisms, as typed values.

Each mechanism that a rule choice can change has one frozen structure here; every field is a
``Literal`` of its allowed values (or a ``bool`` / tuple of piece codes) with one default, the
reading of the Chinese Wikipedia articles. A rule option changes fields through a :class:`Setting`
(``FireDemonRules.set(meeting="mover-burns-after")``), which is checked when it is made, that is
when the variant module is imported: a misspelt field or value is an error at once, never a silent
``else`` branch at play time.

>>> FireDemonRules().meeting
'mover-burns'
>>> Switches().apply(FireDemonRules.set(meeting="mover-burns-after")).fire_demon.meeting
'mover-burns-after'
>>> FireDemonRules.set(meeting="mover-burns-later")
Traceback (most recent call last):
...
shogi_rules.model.switches.SwitchError: FireDemonRules.meeting cannot be 'mover-burns-later' (allowed: 'mover-burns', 'mover-burns-all-after', 'mover-burns-after')
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, cast

from .errors import ShogiRulesError


class SwitchError(ShogiRulesError):
    """A rule switch, or a value of one, that does not exist."""


@cache
def _hints(cls: type) -> dict[str, object]:
    return typing.get_type_hints(cls)


def check_value(cls: type, name: str, value: object) -> None:
    """Raise :class:`SwitchError` unless ``value`` may stand in field ``name`` of the dataclass ``cls``
    (fields typed ``Literal[...]``, ``bool``, ``int``, ``str`` or ``tuple[str, ...]`` are checked;
    other types are taken as they are)."""
    hints = _hints(cls)
    if name not in hints or name not in {f.name for f in dataclasses.fields(cls)}:
        known = ", ".join(f.name for f in dataclasses.fields(cls))
        raise SwitchError(f"{cls.__name__} has no field {name!r} (fields: {known})")
    hint = hints[name]
    if typing.get_origin(hint) is Literal:
        allowed = typing.get_args(hint)
        if value not in allowed:
            raise SwitchError(f"{cls.__name__}.{name} cannot be {value!r} "
                              f"(allowed: {', '.join(repr(a) for a in allowed)})")
    elif hint in (bool, int, str) and type(value) is not hint:
        raise SwitchError(f"{cls.__name__}.{name} is a {getattr(hint, '__name__', hint)}, not {value!r}")
    elif hint == tuple[str, ...] and not (isinstance(value, tuple) and all(isinstance(v, str) for v in value)):
        raise SwitchError(f"{cls.__name__}.{name} is a tuple of strings, not {value!r}")


def check_fields(obj: object) -> None:
    """Check every field of a dataclass instance with :func:`check_value`."""
    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        check_value(type(obj), f.name, getattr(obj, f.name))


@dataclass(frozen=True)
class Setting:
    """New values for some fields of one mechanism's switches, as a rule option gives them."""

    mechanism: type[Mechanism]
    values: tuple[tuple[str, object], ...]

    def named(self) -> list[tuple[str, object]]:
        """``("fire_demon.meeting", value)`` pairs: each switch by its path in :class:`Switches`."""
        field = next(f.name for f in dataclasses.fields(Switches) if f.type in (self.mechanism.__name__, self.mechanism))
        return [(f"{field}.{name}", value) for name, value in self.values]


class Mechanism:
    """Base of the switch structures: validation on creation, and :meth:`set` for rule options."""

    def __post_init__(self) -> None:
        check_fields(self)

    @classmethod
    def set(cls, **values: object) -> Setting:
        """A :class:`Setting` of these fields, checked now."""
        for name, value in values.items():
            check_value(cls, name, value)
        return Setting(cls, tuple(values.items()))


RangeJumpWhen = Literal["any-move", "capturing"]
RangeJumpCapture = Literal["lower", "any"]


@dataclass(frozen=True)
class RangeJumpRules(Mechanism):
    """Tenjiku's range jumpers (see :mod:`shogi_rules.model.mechanisms.range_jump`)."""

    when: RangeJumpWhen = "any-move"
    """``"any-move"``: they may jump on any move; ``"capturing"``: only on a move that captures."""
    capture: RangeJumpCapture = "lower"
    """What a move that has jumped may capture: ``"lower"`` ranks only, or ``"any"`` enemy."""


FireDemonMeeting = Literal["mover-burns", "mover-burns-all-after", "mover-burns-after"]
FireDemonPromotionBurn = Literal["at-once", "next-turn", "delayed"]
FireDemonCapture = Literal["burns", "tame", "very-tame"]


@dataclass(frozen=True)
class FireDemonRules(Mechanism):
    """Burning (see :mod:`shogi_rules.model.mechanisms.fire_demon`)."""

    meeting: FireDemonMeeting = "mover-burns"
    """A Fire Demon that ends its move next to an enemy Fire Demon."""
    promotion_burn: FireDemonPromotionBurn = "at-once"
    """Whether a piece that promotes to a Fire Demon burns on that move (``"at-once"``), never for
    that promotion (``"next-turn"``), or at the end of the opponent's next move (``"delayed"``)."""
    capture: FireDemonCapture = "burns"
    """A Fire Demon that captures by moving burns too (``"burns"``), burns nothing on such a move
    (``"tame"``), or may not capture by moving at all (``"very-tame"``): E. Werner's switches."""


TetrarchsClash = Literal["mover-inactive", "both-active", "no-effect"]
TetrarchsClashFireDemon = Literal["others-burn", "none-burn"]


@dataclass(frozen=True)
class TetrarchsRules(Mechanism):
    """Paralysis (see :mod:`shogi_rules.model.mechanisms.tetrarchs`)."""

    clash: TetrarchsClash = "mover-inactive"
    """A Tetrarchs or Fire Demon meeting an enemy Tetrarchs (or a Tetrarchs an enemy Fire Demon)."""
    fire_demon: TetrarchsClashFireDemon = "others-burn"
    """Under ``clash="mover-inactive"``: a Fire Demon arriving next to an enemy Tetrarchs burns the
    other enemies around it, or nothing."""


EmperorDestinations = Literal["unattacked", "unprotected-capture"]
EmperorTwoEmperors = Literal["own-protected-only", "unrestricted"]


@dataclass(frozen=True)
class EmperorRules(Mechanism):
    """The Maka Dai Dai Emperor (see :mod:`shogi_rules.model.mechanisms.emperor`)."""

    destinations: EmperorDestinations = "unattacked"
    two_emperors: EmperorTwoEmperors = "own-protected-only"


@dataclass(frozen=True)
class ConversionRules(Mechanism):
    """Capture conversion: capturing a piece whose row has ``converts_capturer_to`` changes the capturer."""

    active: bool = True
    exempt: tuple[str, ...] = ()
    """Codes of pieces that may decline the conversion (Maka Dai Dai's royals)."""
    order: Literal["last", "first", "mover"] = "last"
    """A move that captures two converting pieces: the last capture decides, or the first, or the
    mover chooses among the pieces its captures would turn it into."""
    royal_forms: tuple[tuple[str, str], ...] = ()
    """Pairs (``TK``, code of a royal Teaching King row): a royal capturer that converts becomes the
    royal form of the piece, so it stays royal. Empty: a converted royal is an ordinary piece."""


BareKingRule = Literal["none", "adams", "immediate", "lishogi", "shogiops", "jcsa"]


@dataclass(frozen=True)
class BareKingRules(Mechanism):
    """How a game ends beyond capturing the royals (see :mod:`shogi_rules.model.mechanisms.bare_king`)."""

    rule: BareKingRule = "none"
    """``"adams"`` (Tenjiku, C. Adams): a side reduced to a single royal piece loses, unless its reply
    bares the other; ``"immediate"`` (the Heian games' 二中歴 line 敵玉一将則為勝 read as a bare-king rule, and
    Sho shogi as English Wikipedia states it): a side reduced to a single royal piece loses at once (both at
    once: a draw); ``"lishogi"`` (Chu shogi, lishogi's server): a side left with one royal piece against a
    royal and more loses at once, even if it has no move, and two lone royals draw; ``"shogiops"`` (Chu
    shogi, lishogi's rules library): the same, but only against exactly one royal, and a side with no move
    has lost first; ``"jcsa"`` (Chu shogi, the Japan Chu Shogi
    Association's text): two royals and one more piece, not a pawn or go-between, are a win for that piece's
    side, and nothing else is."""


RepetitionRule = Literal["none", "no-repeat-position", "no-repeat-position-unless-in-check"]
RepetitionAttacks = Literal["checks", "any-piece"]


@dataclass(frozen=True)
class RepetitionRules(Mechanism):
    """A ban on repeating a position, beyond the shogi family's sennichite (``Variant.sennichite``)."""

    rule: RepetitionRule = "none"
    """``"no-repeat-position"``: a move may not recreate a position already seen (Adams' Tenjiku rule);
    ``"no-repeat-position-unless-in-check"``: the same, except for a side whose royal piece is
    attacked (English Wikipedia's Chu shogi rule)."""
    attacks: RepetitionAttacks = "checks"
    """Under sennichite, which moves count as attacks (a side that attacked throughout a fourfold
    repetition loses): ``"checks"``, or ``"any-piece"`` (lishogi's Chu shogi: a check, or a move
    after which the moved piece could take an enemy piece; both sides attacking is a draw)."""


LionTrading = Literal["none", "protection-before", "protection-after"]
CounterStrike = Literal["none", "forbidden", "forbidden-anywhere", "unless-unprotected"]


@dataclass(frozen=True)
class LionTradingRules(Mechanism):
    """Chu shogi's Lion-trading rules (see :mod:`shogi_rules.model.mechanisms.lion_trading`)."""

    protection: LionTrading = "none"
    """A Lion taking a protected Lion that is not next to it: ``"none"`` (no rule), or forbidden with
    protection judged before the move (``"protection-before"``, lishogi) or after it (H. G. Muller)."""
    counter_strike: CounterStrike = "none"
    """The move after a Lion was taken by a non-Lion: may a non-Lion take a Lion? ``"forbidden"``
    except on the capture square (lishogi), ``"forbidden-anywhere"`` with no such exception (HaChu),
    ``"unless-unprotected"`` (the Okazaki rule), ``"none"``."""

    @property
    def active(self) -> bool:
        return self.protection != "none" or self.counter_strike != "none"


@dataclass(frozen=True)
class Switches:
    """Every mechanism's switches; a variant holds one (``Variant.switches``)."""

    range_jump: RangeJumpRules = RangeJumpRules()
    fire_demon: FireDemonRules = FireDemonRules()
    tetrarchs: TetrarchsRules = TetrarchsRules()
    emperor: EmperorRules = EmperorRules()
    conversion: ConversionRules = ConversionRules()
    repetition: RepetitionRules = RepetitionRules()
    lion_trading: LionTradingRules = LionTradingRules()
    bare_king: BareKingRules = BareKingRules()

    def apply(self, *settings: Setting) -> Switches:
        """These switches with ``settings`` applied in turn (where two set one field, the later wins): each
        mechanism they change is made once, with every value its settings give."""
        values: dict[type[Mechanism], dict[str, object]] = {}
        for setting in settings:
            values.setdefault(setting.mechanism, {}).update(setting.values)
        if not values:
            return self
        changes: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            current: Any = getattr(self, f.name)
            found = values.pop(type(current), None)
            if found is not None:
                changes[f.name] = dataclasses.replace(cast(Any, current), **found)
        if values:  # pragma: no cover - every Mechanism is here
            raise SwitchError(f"no mechanism {next(iter(values)).__name__}")
        return dataclasses.replace(self, **changes)


__all__ = ["BareKingRules", "ConversionRules", "LionTradingRules", "EmperorRules", "FireDemonRules", "Mechanism", "RangeJumpRules", "RepetitionRules",
           "Setting", "SwitchError", "Switches", "TetrarchsRules", "check_fields", "check_value"]
