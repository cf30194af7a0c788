"""Move plans (shogi_rules.compiled.plans): the ready-made moves are exactly the moves, in the same order,
that merging every atom's destinations one by one gives; the Lion's fast tables agree with its walk;
and rule sets that move a piece alike share that piece's tables."""

from __future__ import annotations

import random

import pytest

from shogi_rules import VARIANT_IDS, Position, get_variant
from shogi_rules.model.mechanisms.lion import lion_moves, lion_pairs
from shogi_rules.model.mechanisms.tetrarchs import frozen_squares
from shogi_rules.engine.movegen import _add_moves, general_board_moves, pseudo_legal_board_moves
from shogi_rules.model.movement import Lion
from shogi_rules.model.moves import Move
from shogi_rules.compiled.tables import TablesKey
from shogi_rules.compiled.variant import RuleSet

HISTORY_SCHEMES = ("zone-adams", "zone-with-delay")


def _rule_sets() -> list[tuple[str, dict[str, str]]]:
    """Every game under its defaults and under each of its presets, from the registry. Left out: a
    preset whose promotion scheme reads the game's history (Adams' Tenjiku rule on a piece that
    declined its first chance to promote, ``zone-adams``; Chu's promotion deferred by declining,
    ``zone-with-delay``): move generation applies those after the plans, and :func:`merged_moves`
    below merges the atoms' destinations and knows no history."""
    out: list[tuple[str, dict[str, str]]] = []
    for vid in VARIANT_IDS:
        out.append((vid, {}))
        for preset in get_variant(vid).presets:
            rs = RuleSet.of(vid, preset=preset.id)
            if rs.variant.promotion not in HISTORY_SCHEMES and dict(preset.choices) and (vid, dict(preset.choices)) not in out:
                out.append((vid, dict(preset.choices)))
    return out


RULE_SETS = _rule_sets()


def merged_moves(pos: Position) -> list[Move]:
    """Every piece's destinations merged atom by atom (Tables.destinations), then promotion and
    capture conversion destination by destination: the general path without plans."""
    t = pos.tables
    us = pos.turn
    frozen = frozen_squares(pos, us) if t.any_immobiliser else set()
    converting = t.any_converter and pos.variant.switches.conversion.active
    out: list[Move] = []
    for sq, code in enumerate(pos.board):
        if code and code & 1 == us and sq not in frozen:
            for to, path in t.destinations(pos, sq, code):
                _add_moves(out, pos, code, sq, to, path, converting)
    return out


def played_positions(variant: str, rules: dict[str, str], plies: int, seed: int = 8) -> list[Position]:
    """Positions of one seeded random game (captures preferred, so the board opens up)."""
    rng = random.Random(f"{variant}:{sorted(rules.items())}:{seed}")
    pos = Position(variant, rules=rules)
    out = []
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        captures = [m for m in moves if m.path or (m.origin is not None and pos.board[m.target])]
        pos.push(rng.choice(captures if captures and rng.random() < 0.6 else moves))
        out.append(pos.copy())
    return out


@pytest.mark.parametrize("variant,rules", RULE_SETS, ids=[f"{v}-{i}" for i, (v, _) in enumerate(RULE_SETS)])
def test_plans_give_the_merged_moves_in_order(variant, rules):
    checked = 0
    for pos in played_positions(variant, rules, 40):
        fast = general_board_moves(pos) if pos.tables.general else pseudo_legal_board_moves(pos)
        assert fast == merged_moves(pos), pos.fen()
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("variant,rules", [rs for rs in RULE_SETS if any(
    isinstance(atom, Lion) for kind in get_variant(rs[0]).pieces for atom in kind.atoms)])
def test_lion_tables_agree_with_the_walk(variant, rules):
    lions = 0
    for pos in played_positions(variant, rules, 40, seed=9):
        t = pos.tables
        for sq, code in enumerate(pos.board):
            for atom in t.specials[code] if code else ():
                if isinstance(atom, Lion):
                    walked = sorted(lion_moves(pos, sq, code, atom.vectors, atom.steps))
                    assert lion_pairs(pos, sq, code, atom.vectors, atom.steps) == walked
                    assert lion_pairs(pos, sq, code, atom.vectors, atom.steps) == walked  # from the memo
                    lions += 1
    assert lions > 50


def test_rule_sets_share_the_tables_of_pieces_they_move_alike():
    zhwp, tsa = RuleSet.of("tenjiku").tables, RuleSet.of("tenjiku", {"tenjiku.lion-hawk": "tsa"}).tables
    assert zhwp is not tsa
    great_general = 2 * zhwp.type_by_code("GGn")
    lion_hawk = 2 * zhwp.type_by_code("LHk")
    assert zhwp.plan_table(great_general) is tsa.plan_table(2 * tsa.type_by_code("GGn"))
    assert zhwp.plan_table(lion_hawk) is not tsa.plan_table(2 * tsa.type_by_code("LHk"))
    assert zhwp.z_board is tsa.z_board and zhwp.z_side == tsa.z_side
    assert Position("tenjiku").hash == Position(RuleSet.of("tenjiku", {"tenjiku.lion-hawk": "tsa"})).hash


def test_tables_keep_only_what_they_are_compiled_from():
    """Rule sets that share tables may differ in everything else, so the tables hold no variant:
    only the fields of the variant that they are compiled from."""
    plain, adams = RuleSet.of("tenjiku"), RuleSet.of("tenjiku", {"tenjiku.repetition": "adams"})
    assert plain.tables is adams.tables and plain.variant != adams.variant
    assert not hasattr(plain.tables, "variant")
    assert plain.tables.key == TablesKey.of(plain.variant) == TablesKey.of(adams.variant)
    assert plain.tables.key.drops is False and RuleSet.of("shogi").tables.key.drops is True
