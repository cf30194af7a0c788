"""Dai shogi: perft from the start, the setup's counts, and what each rule choice changes, position by position.

No program but HaChu plays the game (``test_dai_hachu.py``), and Evans' data file fixes the pieces and the setup
(``test_dai_evans.py``); the figures here are regression values that the other two files underwrite: at depth 1
the 71 moves are HaChu's list, and no first move reaches the other army (seven empty ranks lie between the
Go-Betweens' ranks and the far pawns), so perft(2) is 71².
"""

from __future__ import annotations

import pytest

from shogi_rules import Position, get_variant

VARIANT = get_variant("dai")
START = [71, 5_041]


@pytest.mark.parametrize("preset", [None] + [p.id for p in VARIANT.presets])
def test_perft_from_the_start(preset):
    pos = Position("dai", preset=preset)
    assert [pos.perft(d) for d in (1, 2)] == START


def test_the_setup():
    counts = VARIANT.setup_counts
    assert sum(counts.values()) == 130 and len(counts) == 29
    assert {c for c, n in counts.items() if n == 2} == {"K", "DE", "FK", "Ln", "Kr", "Ph"}  # one a side
    assert counts["P"] == 30 and counts["GB"] == 4


def names(pos: Position, square: str) -> set[str]:
    origin = pos.geometry.parse(square)
    return {pos.move_name(m, "usi") for m in pos.legal_moves() if m.origin == origin}


ZONE = {"15o": "K", "1a": "k", "6d": "S", "2b": "P"}


def test_promotion_readings():
    """A silver inside the zone, a pawn one step from the last rank: chu lets only the pawn promote (or not),
    tsa lets the silver promote and forces the pawn, hachu leaves the pawn unable to promote."""
    rules = {o.id: Position.from_pieces("dai", ZONE, rules={"dai.promotion": o.id})
             for o in VARIANT.rule_choice("dai.promotion").options}
    assert names(rules["chu"], "6d") == {"6d6c", "6d5c", "6d7c", "6d5e", "6d7e"}
    assert names(rules["chu"], "2b") == {"2b2a", "2b2a+"}
    assert names(rules["tsa"], "6d") == {m + s for m in names(rules["chu"], "6d") for s in ("", "+")}
    assert names(rules["tsa"], "2b") == {"2b2a+"}
    assert names(rules["hachu"], "2b") == {"2b2a"}
    entering = Position.from_pieces("dai", {"15o": "K", "1a": "k", "6f": "S"})
    assert names(entering, "6f") >= {"6f6e", "6f6e+"}  # entering the zone: every reading may promote


def test_minase_leaves_three_promotions():
    rules = Position("dai", rules={"dai.promoting-pieces": "minase"}).rules.variant
    assert {p.code: p.promotes_to for p in rules.pieces if p.promotes_to} == {"DE": "CP", "Ph": "FK", "Kr": "Ln"}
    gold = Position.from_pieces("dai", {"15o": "K", "1a": "k", "5f": "G"}, rules={"dai.promoting-pieces": "minase"})
    assert "5f5e+" not in names(gold, "5f") and "5f5e" in names(gold, "5f")


def test_lion_trading():
    """A Lion may take the protected Lion two squares away only without Chu's rules; a non-Lion may not take a
    Lion right after a Lion was taken by a non-Lion under them."""
    pieces = {"15o": "K", "1a": "k", "8j": "N", "8i": "i", "8h": "n"}
    chu = Position.from_pieces("dai", pieces, rules={"dai.lion-trading": "chu"})
    free = Position.from_pieces("dai", pieces, rules={"dai.lion-trading": "none"})
    assert "8j8h" not in names(chu, "8j") and "8j8h" in names(free, "8j")
    before = {"15o": "K", "1a": "k", "8j": "B", "7i": "n", "5c": "g", "4d": "N", "10k": "G", "10j": "n"}
    for option, allowed in (("chu", False), ("none", True)):
        pos = Position.from_pieces("dai", before, rules={"dai.lion-trading": option}, turn=1)
        pos.push(pos.parse_move("5c4d"))  # gote's gold takes sente's Lion
        assert ("10k10j" in names(pos, "10k")) is allowed, option  # sente's gold takes gote's Lion at once


def test_angry_boar_and_evil_wolf():
    boar = {"15o": "K", "1a": "k", "8h": "(AB)"}
    wolf = {"15o": "K", "1a": "k", "8h": "Y"}
    assert names(Position.from_pieces("dai", boar), "8h") == {"8h8g", "8h8i", "8h7h", "8h9h"}
    assert names(Position.from_pieces("dai", boar, rules={"dai.angry-boar": "rokushu"}), "8h") == \
        {"8h8g", "8h7h", "8h9h"}
    assert names(Position.from_pieces("dai", wolf), "8h") == {"8h8g", "8h7g", "8h9g", "8h7h", "8h9h"}
    assert names(Position.from_pieces("dai", wolf, rules={"dai.evil-wolf": "zushiki"}), "8h") == \
        {"8h8g", "8h7g", "8h9g", "8h7i", "8h9i"}


def test_violent_ox_and_flying_dragon_do_not_jump():
    pos = Position.from_pieces("dai", {"15o": "K", "1a": "k", "8h": "(VO)", "8g": "P", "10h": "(FD)", "9g": "P"})
    assert names(pos, "8h") == {"8h8i", "8h8j", "8h7h", "8h6h", "8h9h"}
    assert names(pos, "10h") == {"10h11g", "10h12f", "10h9i", "10h8j", "10h11i", "10h12j"}


def test_bare_king():
    pieces = {"15o": "K", "1a": "k", "8h": "G", "8g": "s"}
    for option, result in (("royals", "None"), ("bare-king", "sente wins (bare-king)")):
        pos = Position.from_pieces("dai", pieces, rules={"dai.game-end": option})
        pos.push(pos.parse_move("8h8g"))
        pos.push(pos.parse_move("1a2a"))  # gote's king, bare, moves without baring sente
        assert str(pos.outcome()) == result, option
