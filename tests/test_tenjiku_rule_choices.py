"""Tenjiku shogi: a proof for every rule choice, and the perft figures of the start position.

For each rule choice of ``get_variant("tenjiku").rule_choices``, :data:`PROOFS` holds a small
position and what can be observed there (legal moves of one piece, the board after a move): the
observation under every option is written out, and no two options may give the same one. A rule
choice added to ``tenjiku.py`` without a proof here fails :func:`test_every_rule_choice_has_a_proof`.

The perft figures (printed with ``pytest -s``) are counted under the default rule set (the article's),
under TSA's as the article's footnotes describe it, and under Evans' reading of TSA.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Callable

import pytest
from helpers import SIDE, can_pass, frozen, igui, mover, non_default, targets

from shogi_rules import Position
from shogi_rules.model.geometry import GOTE, SENTE, Geometry
from shogi_rules.engine.movegen import divide
from shogi_rules.model.moves import Move
from shogi_rules.compiled.variant import get_variant

G = Geometry(16, 16)


# --- helpers (with those of tests/helpers.py, as in test_tenjiku_mechanisms.py) -----------------------

sq = G.parse
mv = mover(G)


def rules_of(choices: dict[str, str]) -> dict[str, str] | None:
    """The choices that differ from the defaults."""
    return non_default("tenjiku", choices)


def position(choice: str, option: str, pieces: dict[str, str], turn: str = "w") -> Position:
    return Position.from_pieces("tenjiku", pieces, SIDE[turn], rules=rules_of({choice: option}))


def board_after(pos: Position, move: Move) -> frozenset[tuple[str, str, int]]:
    assert move in pos.legal_moves()
    pos.push(move)
    out = frozenset((G.name(s), pos.tables.types[c >> 1].kind.code, c & 1) for s, c in enumerate(pos.board) if c)
    pos.pop()
    return out


# --- one proof per rule choice ----------------------------------------------------------------------

def range_jump_when(option):
    # a rook general behind its own pawn; a gote pawn further up the file
    pos = position("tenjiku.range-jump.when", option, {"8m": "RG", "8l": "P", "8e": "p"})
    return targets(pos, "8m") & {"8k", "8h", "8f", "8e"}


def range_jump_capture(option):
    # after jumping an own pawn the rook general meets gote's bishop general (equal rank) up the file and
    # gote's king along the rank; neither may be jumped
    pos = position("tenjiku.range-jump.capture", option, {"8m": "RG", "8l": "P", "8k": "bg", "3m": "P", "2m": "k"})
    return targets(pos, "8m") & {"8k", "8j", "2m", "1m"}


def free_eagle(option):
    # enemy pawns on 8g and 9g, own pieces on 7g, 7i, 9i, 8f and 9h around the eagle on 8h
    pos = position("tenjiku.free-eagle", option, {"8h": "FE", "8g": "p", "9g": "p", "7g": "P", "7i": "P", "9i": "P",
                                                  "8f": "P", "9h": "P"})
    return igui(pos, "8h"), targets(pos, "8h") & {"8f", "10f", "8e", "10h"}


def lion_hawk(option):
    pos = position("tenjiku.lion-hawk", option, {"8h": "LH", "8g": "p", "9g": "P", "7g": "P"})
    return igui(pos, "8h"), can_pass(pos, "8h"), targets(pos, "8h") & {"8f", "9f", "7f"}


def fire_demon_slides(option):
    pos = position("tenjiku.fire-demon.slides", option, {"8h": "FD"})
    return targets(pos, "8h") & {"8b", "8p", "1h", "16h"}


def fire_demon_meeting(option):
    # sente's demon lands on 8g, taking a pawn, next to gote's demon (8f) and two other gote pieces
    pos = position("tenjiku.fire-demon.meeting", option,
                   {"8j": "FD", "8g": "p", "8f": "fd", "9f": "p", "7h": "s", "7g": "P"})
    return board_after(pos, mv("8j", "8g"))


def fire_demon_promotion_burn(option):
    # the buffalo promotes on 8e next to three gote pieces; then gote moves a pawn far away
    pos = position("tenjiku.fire-demon.promotion-burn", option,
                   {"8g": "WB", "8d": "p", "7d": "p", "9e": "l", "1c": "p"})
    promoted = board_after(pos, mv("8g", "8e", promotion=True))
    pos.push(mv("8g", "8e", promotion=True))
    return promoted, board_after(pos, mv("1c", "1d"))


def fire_demon_capture(option):
    # the demon takes the pawn on 8f (three steps), next to two more gote pawns
    pos = position("tenjiku.fire-demon.capture", option, {"8h": "FD", "8f": "p", "7e": "p", "9e": "p"})
    capture = mv("8h", "8f")
    return board_after(pos, capture) if capture in pos.legal_moves() else None


def tetrarchs_move(option):
    pos = position("tenjiku.tetrarchs.move", option,
                   {"8h": "+CS", "8g": "P", "7h": "P", "9g": "P", "7g": "P", "7i": "P"})
    return targets(pos, "8h") & {"8i", "9h", "8f", "10f", "6h", "5h", "4h", "8j", "9i"}


def tetrarchs_power(option):
    sente = position("tenjiku.tetrarchs.power", option, {"8h": "+CS", "8g": "p"})
    gote = position("tenjiku.tetrarchs.power", option, {"8h": "+CS", "8g": "ln"}, turn="b")
    return igui(sente, "8h"), frozen(gote, "8g")


def tetrarchs_clash(option):
    # gote's tetrarchs step next to sente's; who is paralysed, on sente's turn and then on gote's?
    pos = position("tenjiku.tetrarchs.clash", option, {"8h": "+CS", "6f": "+cs", "1m": "P"}, turn="b")
    pos.push(mv("6f", "7g"))
    sente_frozen = frozen(pos, "8h")
    pos.push(mv("1m", "1l"))
    return sente_frozen, frozen(pos, "7g")


def tetrarchs_clash_fire_demon(option):
    # sente's demon arrives on 8g next to gote's tetrarchs (8f) and a gote pawn (9g)
    pos = position("tenjiku.tetrarchs.clash.fire-demon", option, {"8j": "FD", "8f": "+cs", "9g": "p"})
    return board_after(pos, mv("8j", "8g"))


def promotion(option):
    # a pawn inside the zone moving on; a dragon king leaving it; a pawn stepping to the last rank; a
    # pawn that enters the zone declining, then moving on after gote's reply
    pos = position("tenjiku.promotion", option, {"8e": "P", "6c": "DK", "4b": "P", "10f": "P", "1c": "p"})
    within = frozenset(m.promotion for m in pos.legal_moves() if m.origin == sq("8e"))
    leaving = frozenset(m.promotion for m in pos.legal_moves() if m[:2] == (sq("6c"), sq("6h")))
    last = frozenset(m.promotion for m in pos.legal_moves() if m.origin == sq("4b"))
    pos.push(mv("10f", "10e"))
    pos.push(mv("1c", "1d"))
    return within, leaving, last, frozenset(m.promotion for m in pos.legal_moves() if m.origin == sq("10e"))


def bare_king(option):
    # sente's king takes gote's last piece but the king; gote's king steps; is gote's bare king lost?
    pos = position("tenjiku.bare-king", option, {"8h": "K", "1p": "G", "8a": "k", "7g": "p"})
    pos.push(mv("8h", "7g"))
    pos.push(mv("8a", "8b"))
    found = pos.outcome()
    return None if found is None else str(found)


def repetition(option):
    pos = position("tenjiku.repetition", option, {"8h": "LN", "8c": "ln", "16p": "K", "1a": "k"})
    pos.push(Move(sq("8h"), sq("8h")))
    return can_pass(pos, "8c")


F = frozenset
PROOFS: dict[str, tuple[Callable, dict[str, object]]] = {
    # the article jumps on any move; TSA only to capture
    "tenjiku.range-jump.when": (range_jump_when, {
        "zhwp": F({"8k", "8h", "8f", "8e"}), "tsa": F({"8e"})}),
    # the article takes only lower ranks by jumping; the modern rule anything (never jumping it)
    "tenjiku.range-jump.capture": (range_jump_capture, {
        "zhwp": F(), "modern-2000": F({"8k", "2m"})}),
    # lion power on the diagonals (igui 9g, jump to 10f) or the kirin's orthogonal jump (to 8f)
    # 10f over the blocked diagonal; 10h past the own pawn on 9h (a diagonal step and a turn, or the
    # kirin's jump); 8e over two pieces on the file
    "tenjiku.free-eagle": (free_eagle, {
        "zhwp": (F({"9g"}), F({"10f"})), "tsa": (F(), F({"10h"})),
        "cat-sword-twice": (F({"9g"}), F({"10f", "10h"})), "jawp": (F(), F({"10h", "8e"}))}),
    # bishop and lion, or bishop and two free steps
    "tenjiku.lion-hawk": (lion_hawk, {
        "zhwp": (F({"8g"}), True, F({"8f", "9f", "7f"})), "tsa": (F(), False, F())}),
    # water buffalo slides (sideways) or flying ox slides (vertically)
    "tenjiku.fire-demon.slides": (fire_demon_slides, {
        "zhwp": F({"1h", "16h"}), "tsa": F({"8b", "8p"})}),
    "tenjiku.fire-demon.meeting": (fire_demon_meeting, {
        # only the mover dies; its capture on 8g stands
        "zhwp": F({("8f", "FiD", GOTE), ("9f", "P", GOTE), ("7h", "S", GOTE), ("7g", "P", SENTE)}),
        # it burns every enemy around it, the demon too, then dies
        "tsa-per-zhwp": F({("7g", "P", SENTE)}),
        # it burns every enemy around it but the demon, then dies
        "adams": F({("8f", "FiD", GOTE), ("7g", "P", SENTE)}),
    }),
    # burnt on the promoting move, never, or at the end of gote's reply
    "tenjiku.fire-demon.promotion-burn": (fire_demon_promotion_burn, {
        "zhwp": (F({("8e", "FiD", SENTE), ("1c", "P", GOTE)}), F({("8e", "FiD", SENTE), ("1d", "P", GOTE)})),
        "tsa": (F({("8e", "FiD", SENTE), ("8d", "P", GOTE), ("7d", "P", GOTE), ("9e", "L", GOTE), ("1c", "P", GOTE)}),
                F({("8e", "FiD", SENTE), ("8d", "P", GOTE), ("7d", "P", GOTE), ("9e", "L", GOTE), ("1d", "P", GOTE)})),
        "delayed": (F({("8e", "FiD", SENTE), ("8d", "P", GOTE), ("7d", "P", GOTE), ("9e", "L", GOTE), ("1c", "P", GOTE)}),
                    F({("8e", "FiD", SENTE), ("1d", "P", GOTE)})),
    }),
    # it takes and burns, takes without burning, or may not take at all
    "tenjiku.fire-demon.capture": (fire_demon_capture, {
        "zhwp": F({("8f", "FiD", SENTE)}),
        "werner-tame": F({("8f", "FiD", SENTE), ("7e", "P", GOTE), ("9e", "P", GOTE)}),
        "werner-very-tame": None,
    }),
    "tenjiku.tetrarchs.move": (tetrarchs_move, {
        # a jump over 7h (the wall on the right) only where a sideways jump exists
        "zhwp": F({"8i", "9h", "8f", "10f", "8j", "9i"}),
        "eight-way-jump": F({"8i", "9h", "8f", "10f", "8j", "9i", "6h", "5h"}),
        "tsa": F({"10f", "6h", "5h"}),
        "hgm": F({"8f", "10f", "6h", "5h", "8j"}),
        "hachu": F({"8i", "9h", "8j", "9i"}),
    }),
    # paralysis without igui, or igui without paralysis
    "tenjiku.tetrarchs.power": (tetrarchs_power, {
        "zhwp": (F(), True), "tsa": (F({"8g"}), False)}),
    "tenjiku.tetrarchs.clash": (tetrarchs_clash, {
        "zhwp": (False, True), "both-active": (True, True), "no-effect": (False, False)}),
    # the pawn is spared (only the tetrarchs is exempt) or nothing burns
    "tenjiku.tetrarchs.clash.fire-demon": (tetrarchs_clash_fire_demon, {
        "others-burn": F({("8f", "HT", GOTE), ("8g", "FiD", SENTE)}),
        "none-burn": F({("8f", "HT", GOTE), ("8g", "FiD", SENTE), ("9g", "P", GOTE)}),
    }),
    # within the zone, leaving it, onto the last rank, and the move after declining on entry
    "tenjiku.promotion": (promotion, {
        "zhwp": (F({False}), F({False}), F({False}), F({False})),
        "tsa": (F({True, False}), F({True, False}), F({True}), F({True, False})),
        "adams": (F({True, False}), F({True, False}), F({True}), F({False})),
        "modern-2000": (F({False}), F({False}), F({True}), F({False}))}),
    "tenjiku.repetition": (repetition, {"zhwp": True, "adams": False}),
    "tenjiku.bare-king": (bare_king, {"none": None, "adams": "sente wins (bare-king)"}),
}


def _choices():
    return get_variant("tenjiku").rule_choices


def test_every_rule_choice_has_a_proof():
    assert {c.id for c in _choices()} == set(PROOFS)
    for choice in _choices():
        assert {o.id for o in choice.options} == set(PROOFS[choice.id][1]), choice.id


@pytest.mark.parametrize("choice,option", [(c.id, o.id) for c in get_variant("tenjiku").rule_choices
                                           for o in c.options])
def test_rule_option_observation(choice, option):
    build, expected = PROOFS[choice]
    assert build(option) == expected[option]


@pytest.mark.parametrize("choice", sorted(PROOFS))
def test_options_of_a_rule_choice_are_told_apart(choice):
    expected = PROOFS[choice][1]
    for a, b in itertools.combinations(expected, 2):
        assert expected[a] != expected[b], (a, b)


# --- perft from the start ----------------------------------------------------------------------------

TSA = {
    "tenjiku.range-jump.when": "tsa",
    "tenjiku.range-jump.capture": "modern-2000",      # footnote 2: TSA does not restrict jump captures
    "tenjiku.free-eagle": "tsa",
    "tenjiku.lion-hawk": "tsa",
    "tenjiku.fire-demon.slides": "tsa",
    "tenjiku.fire-demon.meeting": "tsa-per-zhwp",     # footnote 6
    "tenjiku.fire-demon.promotion-burn": "tsa",
    "tenjiku.tetrarchs.move": "tsa",
    "tenjiku.tetrarchs.power": "tsa",
    "tenjiku.promotion": "tsa",
}
# Evans' program, written from the TSA leaflets: jump captures of lower ranks only, the moving demon burns
EVANS = {**TSA, "tenjiku.range-jump.capture": "zhwp", "tenjiku.fire-demon.meeting": "zhwp"}
RULE_SETS = {"zhwp": {}, "tsa": TSA, "evans": EVANS}
PERFT = {"zhwp": (132, 17216), "tsa": (74, 5523), "evans": (70, 4948)}

# perft(1) counted by hand from the set-up, piece by piece (sente's side, files 16 → 1):
#   rank k: dogs on 12k and 5k;  rank l: sixteen pawns;
#   rank m: SM VM R HF SE BG RG GG VG RG BG SE HF R VM SM;
#   rank n: SS VS B DH DK WB FD LH FE FD WB DK DH B VS SS;
#   rank o: RC . CS CS . BT Kr Ln FK Ph BT . CS CS . RC   (15o, 12o, 5o and 2o are empty);
#   rank p: L N FL I C S G K DE G S C I FL N L.
# Ranks f–j are empty but for gote's dogs on 12f and 5f; gote's pieces stand on ranks a–f as sente's,
# turned round. Only the holes of rank o, the empty middle and the range jumpers give moves.
COMMON = {
    "P": 14,      # one step each; the pawns of files 12 and 5 are blocked by their dogs
    "Dg": 2,      # each dog one step forward (its backward diagonals hold pawns)
    "HF": 2,      # 13m and 4m: lion power straight forward, over the pawn to 13k / 4k
    "SE": 4,      # 12m and 5m: lion power on the forward diagonals, over the pawns to 14k, 10k / 7k, 3k
    "VSo": 2,     # 15n → 15o and 2n → 2o, one step back into the hole
    "B": 2,       # 14n → 15o, 3n → 2o (diagonally back into the hole; the next square holds a lance)
    "DH": 2,      # 13n → 12o, 4n → 5o
    "DK": 2,      # 12n → 12o, 5n → 5o (straight back, the next square holds a copper general)
    "WBf": 2,     # 11n → 12o, 6n → 5o
    "ChS": 4,     # 14o → 15o, 13o → 12o, 4o → 5o, 3o → 2o (one step sideways)
    "BT": 2,      # 11o → 12o, 6o → 5o
    "Ky": 1,      # 10o → 12o, a jump two squares sideways (its other jumps land on its own pieces)
    "FL": 2,      # 14p → 15o, 3p → 2o
    "I": 2,       # 13p → 12o, 4p → 5o
    "C": 2,       # 12p → 12o, 5p → 5o
    "S": 2,       # 11p → 12o, 6p → 5o
    # nothing else moves: SM, VM, R, SS, RC, L, N, G, K, DE, FK, Ph, Ln, LH, FE, FD are walled in (the
    # lion and lion hawk could only jump to squares their own pieces hold; no empty neighbour, no pass;
    # under TSA's moves the free eagle's orthogonal jumps, the lion hawk's two steps and the fire demon's
    # vertical slides find no empty square either)
}                 # 47 moves
HAND_COUNT = {
    # The article: range jumpers jump any lower piece on any move, and may promote on a capture in the zone.
    "zhwp": {**COMMON,
             # 11m: over 12l to 13k, 14j, 15i, 16h; over 10l to 9k … 4f, then x3e, x2d, x1c (capturing in
             # the zone: each with and without promotion): 4 + 6 + 3×2 = 16; 6m likewise: 16
             "BGn": 32,
             # 10m: over 10l to 10k … 10f, then x10e (promotion or not); gote's rook general on 10d has
             # its rank and stops it: 6 + 2 = 8; 7m likewise: 8
             "RGn": 16,
             # 9m: forward over 9l to 9k … 9f, x9e, x9d (vice general, lower), x9c, x9b, x9a (it does not
             # promote): 6 + 5; forward-left to 11k … 16f: 6; forward-right to 7k … 2f, x1e: 7
             "GGn": 24,
             # 8m: forward-left to 10k … 15f, x16e: 7; forward-right to 6k … 1f: 6; no area move (walled in)
             "VGn": 13},                                                           # 132
    # TSA: a move that jumps must capture, and may take anything; promotion shogi-style
    "tsa": {**COMMON,
            "BGn": 12,    # x3e, x2d, x1c from 11m and x14e, x15d, x16c from 6m, each promoting or not
            "RGn": 8,     # x10e, x10d (the rook general) from 10m, x7e, x7d from 7m, promoting or not
            "GGn": 6,     # x9e, x9d, x9c, x9b, x9a and x1e
            "VGn": 1},    # x16e                                                      # 74
    # Evans: jumps only to capture, and only lower ranks
    "evans": {**COMMON, "BGn": 12, "RGn": 4, "GGn": 6, "VGn": 1},                      # 70
}


def _by_piece(pos: Position) -> Counter:
    return Counter(pos.tables.types[pos.board[m.origin] >> 1].code for m in pos.legal_moves())


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_perft_one_counted_by_hand(name):
    pos = Position("tenjiku", rules=rules_of(RULE_SETS[name]))
    assert dict(_by_piece(pos)) == HAND_COUNT[name]
    assert sum(HAND_COUNT[name].values()) == PERFT[name][0]


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_perft_from_the_start(name):
    pos = Position("tenjiku", rules=rules_of(RULE_SETS[name]))
    start = pos.fen()
    one = pos.perft(1)
    split = divide(pos, 2)
    two = pos.perft(2)
    assert pos.fen() == start
    assert one == len(split) == len(pos.legal_moves())
    assert two == sum(n for _, n in split)
    # the set-up is symmetric under a half turn: gote, moving first, has the same counts
    mirrored = Position("tenjiku", fen=start.replace(" w ", " b "), rules=rules_of(RULE_SETS[name]))
    assert (mirrored.perft(1), mirrored.perft(2)) == (one, two)
    print(f"\ntenjiku perft from the start [{name}]: depth 1 = {one}, depth 2 = {two}")
    assert (one, two) == PERFT[name]


# The perft table of the verification chapter: presets and free-eagle readings not counted above.
PRESET_PERFT = {"adams": (70, 4957), "modern-2000": (74, 5536), "werner": (74, 5536), "hachu": (70, 4957)}
FREE_EAGLE_PERFT = {"cat-sword-twice": (132, 17218), "jawp": (143, 20247)}


@pytest.mark.parametrize("preset", sorted(PRESET_PERFT))
def test_perft_from_the_start_under_a_preset(preset):
    pos = Position("tenjiku", preset=preset)
    assert (pos.perft(1), pos.perft(2)) == PRESET_PERFT[preset]


@pytest.mark.parametrize("reading", sorted(FREE_EAGLE_PERFT))
def test_perft_from_the_start_under_a_free_eagle_reading(reading):
    pos = Position("tenjiku", rules={"tenjiku.free-eagle": reading})
    assert (pos.perft(1), pos.perft(2)) == FREE_EAGLE_PERFT[reading]


class _CountedHistory(list):
    """A hash history that counts how often it is read through."""

    reads = 0

    def __iter__(self):
        _CountedHistory.reads += 1
        return super().__iter__()


def test_adams_repetition_reads_the_history_once_per_generation():
    """The positions seen so far are gathered once for all the moves tried, so a long game does not
    make each move's test cost the whole history."""
    pos = position("tenjiku.repetition", "adams", {"8h": "LN", "8c": "ln", "16p": "K", "1a": "k"})
    for _ in range(3):
        for origin, target in (("8h", "8g"), ("8c", "8d"), ("8g", "8h"), ("8d", "8c")):
            pos.push(Move(sq(origin), sq(target)))
    pos.pop()
    pos.hash_history = _CountedHistory(pos.hash_history)
    _CountedHistory.reads = 0
    moves = pos.legal_moves()
    assert len(moves) > 10 and _CountedHistory.reads == 1
    assert Move(sq("8d"), sq("8c")) not in moves          # the position it would recreate was seen
