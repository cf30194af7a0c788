"""Rule switches: typed, checked when a variant is defined, and piece rows that hold the defaults.

A rule option changes a variant through its ``effects``; the variant module's own rows and switches
must be what each choice's default option gives, so a reader of a variant file sees the default
reading, and a misspelt switch, value, piece or field fails at import, not during play.
"""

from __future__ import annotations

import dataclasses
import typing

import pytest

from shogi_rules import available_variants
from shogi_rules.model.pieces import PieceKind
from shogi_rules.model.rules import RuleChoice, RuleOption
from shogi_rules.model.switches import (ConversionRules, EmperorRules, FireDemonRules, Mechanism, RangeJumpRules, SwitchError, Switches,
                                  TetrarchsRules)
from shogi_rules.model.variant_data import Variant, apply_all_effects

VARIANTS = available_variants()
CHOICES = [(v, c) for v in VARIANTS for c in v.rule_choices]


def test_every_switch_is_typed_with_one_default():
    for field in dataclasses.fields(Switches):
        mechanism = field.default
        assert isinstance(mechanism, Mechanism), field.name
        hints = typing.get_type_hints(type(mechanism))
        for f in dataclasses.fields(mechanism):
            assert f.default is not dataclasses.MISSING, (field.name, f.name)
            hint = hints[f.name]
            assert typing.get_origin(hint) is typing.Literal or hint in (bool, tuple[str, ...], tuple[tuple[str, str], ...]), \
                (field.name, f.name)
            if typing.get_origin(hint) is typing.Literal:
                assert f.default in typing.get_args(hint)


@pytest.mark.parametrize("bad", [
    lambda: FireDemonRules.set(meeting="mover-burns-later"),
    lambda: FireDemonRules.set(meting="mover-burns"),
    lambda: RangeJumpRules.set(when=True),
    lambda: TetrarchsRules(clash="sometimes"),
    lambda: EmperorRules.set(two_emperors="unrestricted", destinations="nowhere"),
])
def test_a_misspelt_switch_or_value_is_refused_when_written(bad):
    with pytest.raises(SwitchError):
        bad()


def _toy(effects):
    king = PieceKind("K", "玉将", "玉", "gyokushō", "King", "K", royal=True)
    choice = RuleChoice("toy.rule", "?", (RuleOption("a", "a", ("x",), {}), RuleOption("b", "b", ("x",), effects)), "a")
    return Variant(id="toy", name="Toy", kanji="玩", files=3, ranks=3, pieces=(king,), setup="1k1/3/1K1",
                   rule_choices=(choice,))


@pytest.mark.parametrize("effects", [
    {"promotion": "zone-exit"},                       # no such scheme
    {"drop": True},                                   # no such variant field
    {"pieces": {"Q": {"betza": "Q"}}},                # no such piece
    {"pieces": {"K": {"bet": "Q"}}},                  # no such piece field
    {"switches": {"fire-demon.meeting": "mover-burns"}},  # switches are set with Mechanism.set
    {"flags": {"repetition": "none"}},                # the old untyped form
    {"switches": ConversionRules.set(royal_forms=(("TK", "RTK"),))},  # a royal form of a piece the variant lacks
    {"switches": ConversionRules.set(royal_forms=(("K", "K"),))},     # a royal form under a code already taken
])
def test_an_option_with_a_bad_effect_fails_when_its_variant_is_defined(effects):
    with pytest.raises(ValueError):
        _toy(effects)


def test_a_good_toy_variant_is_accepted():
    assert _toy({"switches": FireDemonRules.set(meeting="mover-burns-after"), "drops": False}).id == "toy"


@pytest.mark.parametrize("variant,choice", CHOICES, ids=[c.id for _, c in CHOICES])
def test_the_rows_and_switches_are_what_the_default_option_gives(variant, choice):
    """Applying a choice's default option alone to the variant as written changes nothing: the rows
    and switches of the variant module hold the default reading."""
    effects = choice.option(choice.default).effects
    resolved = apply_all_effects(variant, [effects])
    assert resolved.pieces == variant.pieces, [p.code for p, q in zip(resolved.pieces, variant.pieces) if p != q]
    assert resolved == variant
