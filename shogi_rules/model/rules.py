"""Rule choices: every disputed rule is data, named, cited and switchable.

A :class:`RuleChoice` asks one question (``okisaki.setup``: where do gote's king and queen
stand?), offers :class:`RuleOption` answers, each citing its sources (keys of
``book/references.bib``), and names the default. An option says what it changes as ``effects``:
field values of the :class:`~shogi_rules.compiled.variant.Variant` (``{"drops": True}``) or, under the key
``"pieces"``, new values for fields of piece rows (``{"pieces": {"LH": {"betza": "..."}}}``). The
engine reads only the resulting data; it never asks which source a rule came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, Mapping, cast

from .errors import UnknownRuleError, VariantDataError, quote


class _Picklable:
    """Pickling for the frozen rows below, whose mappings may be read-only views (which ``pickle``
    cannot write): such a field is written as a plain dict and made a read-only view again when
    read back."""

    def __reduce__(self) -> tuple[object, ...]:
        values = [getattr(self, f.name) for f in fields(cast(Any, self))]
        views = tuple(i for i, v in enumerate(values) if isinstance(v, MappingProxyType))
        return (_rebuild, (type(self), tuple(dict(v) if i in views else v for i, v in enumerate(values)), views))


def _rebuild(cls: type, values: tuple[Any, ...], views: tuple[int, ...]) -> Any:
    return cls(*(MappingProxyType(v) if i in views else v for i, v in enumerate(values)))


@dataclass(frozen=True)
class RuleOption(_Picklable):
    id: str
    summary: str
    sources: tuple[str, ...]
    effects: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class Example:
    """A position that shows how a choice's options differ (the live board of the choice's section in
    the book): ``pieces`` as ``{square: FEN code}`` (both kings included: without a royal piece the game
    is over), the square whose piece the board selects at once, and moves to play first. A choice
    without one gets, if its options change pieces' movements, those pieces alone on an empty board,
    else the start position."""

    pieces: Mapping[str, str]
    select: str
    moves: tuple[str, ...] = ()


@dataclass(frozen=True)
class RuleChoice:
    """One disputed rule: the question, the options (each citing its sources), the default option and
    an optional note and :class:`Example` position."""

    id: str
    question: str
    options: tuple[RuleOption, ...]
    default: str
    note: str = ""
    example: Example | None = None

    def __post_init__(self) -> None:
        ids = [o.id for o in self.options]
        if len(set(ids)) != len(ids) or self.default not in ids:
            raise VariantDataError(f"rule choice {self.id}: bad options {ids} / default {self.default}")

    def option(self, option_id: str) -> RuleOption:
        for o in self.options:
            if o.id == option_id:
                return o
        raise UnknownRuleError(
            f"rule choice {self.id!r} has no option {quote(option_id)} (options: {', '.join(o.id for o in self.options)})")


@dataclass(frozen=True)
class Preset(_Picklable):
    """A whole rule set as one source gives it ("TSA's rules", "the 2000 rules"): the option it
    implies for every rule choice. ``choices`` names the choices it sets; a choice it leaves out
    keeps the variant's default. ``silent`` says, for each choice on which the source says
    nothing, which option the preset takes and why.
    """

    id: str
    name: str
    sources: tuple[str, ...]
    choices: Mapping[str, str]
    silent: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    summary: str = ""
    checked: str = ""
    """For the preset of an engine (:mod:`shogi_rules.model.engines`): what the test suite compares with
    that engine's own output for this game ("the engine itself, move by move on random games"); empty
    where the preset rests on the engine's documentation or source only, which ``sources`` cite."""


def options_named(choices: tuple[RuleChoice, ...], *option_ids: str) -> dict[str, str]:
    """``{choice: option}`` for every choice with an option of one of these ids (the first found):
    the choices a source that names its readings so settles."""
    out = {}
    for c in choices:
        for oid in option_ids:
            if any(o.id == oid for o in c.options):
                out[c.id] = oid
                break
    return out


def parse_rule_assignments(items: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Read ``ID=OPTION`` strings, as given on the command line."""
    out: dict[str, str] = {}
    for item in items:
        rule_id, sep, option = item.partition("=")
        if not sep or not rule_id or not option:
            raise UnknownRuleError(f"a rule is written ID=OPTION, not {quote(item)}")
        out[rule_id.strip()] = option.strip()
    return out
