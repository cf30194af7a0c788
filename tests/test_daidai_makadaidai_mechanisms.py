"""Dai Dai and Maka Dai Dai: the mechanisms in hand-built positions, each test named after its rule.

The expected moves are worked out here from the rules' wording, square by square, not taken from
the engine: the articles (000: Dai Dai, 001: Maka Dai Dai, zh.wikipedia), whose main text is each
variant's default reading, and the rules catalogue §1–§2 for the other readings (Evans / TSA).

* The Emperor 自在天王 (Maka Dai Dai's promoted king), zhwp: it flies to any square no enemy piece
  attacks, so it captures only unprotected pieces (royal or not); while both sides have an Emperor
  it goes only where its own side protects. Evans: any empty square, or an unprotected enemy.
* Capture conversions (Maka Dai Dai, article): the capturer of 提婆 Deva / 教王 Teaching King becomes
  a Teaching King, of 无明 Dark Spirit / 法性 Buddhist Spirit a Buddhist Spirit, promoted or not,
  promotable or not; king, Emperor, drunk elephant and prince may also keep their identity or
  promote as usual.
* Capture promotion: compulsory in Dai Dai (21 kinds promote, the pawn not); in Maka Dai Dai
  optional after capturing an unpromoted piece, compulsory after a promoted one (or always, under
  ``makadaidai.promotion=compulsory``).
* Maka Dai Dai's two royals: the king (or Emperor) and the prince must both be captured.
* Hook moves (鉤行, 摩羯, 天狗): a slide, at most one 90° turn on an empty square, one capture.
* Lion power: the Lion (two free king steps), the Lion Dog (three steps along one line), the Great
  Elephant and the Furious Fiend.
* Dead pieces, Western notation, and the sample records in ``tests/data``.

Positions are written in the project's FEN form from ``{square: token}`` dictionaries; tokens are
FEN codes (upper case sente, lower case gote; ``+K`` is the Emperor, ``+(DE)`` the prince, ``+(DV)``
the Teaching King, ``+(DSp)`` the Buddhist Spirit, ``+(LD)`` Dai Dai's Great Elephant, ``+(LN)`` the
Furious Fiend). Rule sets are cached by :meth:`RuleSet.of`, so each is compiled once.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import RANKS, SIDE, all_squares, box, line, moves_from

from shogi_rules import Position
from shogi_rules.apps.cli import main
from shogi_rules.model.moves import Move
from shogi_rules.compiled.variant import RuleSet

DD, MK = "daidai", "makadaidai"
ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SAMPLE = {DD: DATA / "daidai_sample_game.txt", MK: DATA / "makadaidai_sample_game.txt"}


# --- helpers (with the square names and moves_from of tests/helpers.py) -------------------------------
def position(variant: str, pieces: dict[str, str], turn: str = "w", **choices: str) -> Position:
    """A board holding ``pieces`` (``{"10j": "+K", "1a": "k"}``), ``turn`` to move ("w": sente)."""
    rules = {f"{variant}.{k.replace('_', '-')}": v for k, v in choices.items()}
    return Position.from_pieces(variant, pieces, SIDE[turn], rules=rules)


def targets(pos: Position, square: str) -> set[str]:
    """Where the moves of the piece on ``square`` end (its own square too, for a pass or igui)."""
    return {pos.geometry.name(m.target) for m in moves_from(pos, square)}


def leg(pos: Position, m: Move) -> tuple[str, tuple[str, ...]]:
    """``(target, squares on the way)`` by name."""
    g = pos.geometry
    return g.name(m.target), tuple(g.name(s) for s in m.path)


def captures(pos: Position, m: Move) -> list[int]:
    """The squares whose pieces ``m`` takes (on the way, then the target)."""
    out = [s for s in m.path if pos.board[s]]
    if m.target != m.origin and pos.board[m.target]:
        out.append(m.target)
    return out


def result_kind(pos: Position, m: Move) -> str:
    """The row code of the piece standing on the target once ``m`` is played."""
    pos.push(m)
    try:
        return pos.piece_at(m.target)[0].kind.code
    finally:
        pos.pop()


KING_LINES = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]


# ==================================================================================================
# The Emperor (Maka Dai Dai)
# ==================================================================================================
def test_emperor_flies_to_every_square_the_enemy_does_not_attack():
    # Article: 自在天王可以随意飞到棋盘上任何一个未被敌方棋子攻击的格子. Gote: a king in the corner, an
    # unprotected rook. Attacked: the rook's rank and file, the king's three neighbours.
    pos = position(MK, {"10j": "+K", "1a": "k", "15c": "r"})
    attacked = ({f"{f}c" for f in range(1, 20) if f != 15} | {f"15{r}" for r in RANKS if r != "c"}
                | {"2a", "2b", "1b"})
    assert targets(pos, "10j") == all_squares(MK) - {"10j"} - attacked
    # ... which includes capturing the unprotected rook and the unprotected king.
    assert {"15c", "1a"} <= targets(pos, "10j")


PROTECTED = {"10j": "+K", "1a": "k", "2b": "s", "5e": "g", "5d": "p", "15c": "r"}
# Gote's king is protected by its silver (and the silver by the king), the gold by the pawn in front
# of it (a gote pawn steps towards rank s) and the pawn by the gold; the rook by nothing.


def test_emperor_never_captures_a_protected_piece_under_the_article():
    pos = position(MK, PROTECTED)
    got = targets(pos, "10j")
    assert "15c" in got                              # unprotected: taken
    assert not {"1a", "2b", "5e", "5d"} & got        # protected king, silver, gold, pawn: never
    assert not {"15d", "14c", "3c", "5f"} & got      # attacked empty squares: never


def test_emperor_under_evans_goes_to_any_empty_square_and_captures_only_the_unprotected():
    # Evans: "may move in one turn to almost any square ... it may not capture an enemy piece that is
    # protected by another piece".
    pos = position(MK, PROTECTED, emperor="evans")
    empty = all_squares(MK) - set(PROTECTED)
    assert targets(pos, "10j") == empty | {"15c"}


def test_with_two_emperors_an_emperor_goes_only_where_its_own_side_protects():
    # Article: 双方都有自在天王时，自在天王只能移动到有己方棋子保护的格子. Sente's only protector is the rook
    # on 19s (its rank and file).
    pieces = {"10j": "+K", "10b": "+k", "19s": "R"}
    protected = {f"{f}s" for f in range(1, 19)} | {f"19{r}" for r in RANKS if r != "s"}
    assert targets(position(MK, pieces), "10j") == protected
    # Evans has no such rule: anywhere (the lone gote Emperor is unprotected, so it may be taken).
    assert targets(position(MK, pieces, emperor="evans"), "10j") == all_squares(MK) - {"10j", "19s"}


def test_an_emperor_protected_by_its_own_side_may_take_the_other_emperor():
    # The rook on 10s protects 10b once the Emperor has left 10j; gote's Emperor has no protector.
    pos = position(MK, {"10j": "+K", "10b": "+k", "10s": "R"})
    assert "10b" in targets(pos, "10j")
    assert targets(pos, "10j") == ({f"10{r}" for r in "bcdefghiklmnopqr"} | {f"{f}s" for f in range(1, 20) if f != 10})


def test_a_slider_blocked_by_the_emperor_attacks_the_squares_behind_it():
    # Gote's rook on 10c is stopped by the Emperor on 10j, but the squares behind (10k ... 10s) are
    # attacked once the Emperor leaves: it may not go there.
    pos = position(MK, {"10j": "+K", "10c": "r", "1a": "k"})
    got = targets(pos, "10j")
    assert not {f"10{r}" for r in "defghiklmnopqrs"} & got
    assert {"9k", "11k", "10c"} <= got                # beside the file; the rook itself is unprotected


def test_the_emperor_keeps_out_of_a_lions_reach_jumps_included():
    # Gote's Lion on 5e attacks every square within two steps. Three gote pawns on 4d, 5d and 6d (they
    # step away from rank c) stand between it and 3c ... 7c: those it reaches only by jumping, and
    # they are attacked all the same. (The Lion itself is protected by the pawn on 5d.)
    pos = position(MK, {"10j": "+K", "5e": "(ln)", "4d": "p", "5d": "p", "6d": "p", "1a": "k"})
    got = targets(pos, "10j")
    assert not (box(MK, "5e", 2) - {"5e"}) & got
    assert {"5b", "8e", "2e", "5h", "8c", "2g"} <= got   # just outside the Lion's reach


def test_the_emperor_keeps_off_a_lion_dogs_lines():
    # Gote's Lion Dog attacks up to three squares along each of its eight lines, jumping (5h behind
    # its own pawn), and nothing off those lines.
    pos = position(MK, {"10j": "+K", "5e": "(ld)", "5f": "p", "1a": "k"})
    got = targets(pos, "10j")
    lines = {sq for df, dr in KING_LINES for sq in line(MK, "5e", df, dr, 3)}
    assert len(lines) == 24 and not lines & got
    off_lines = box(MK, "5e", 3) - lines - {"5e", "5g"}
    assert off_lines <= got                          # e.g. 7h, 4g: not on a line


@pytest.mark.parametrize("token", ["(ln)", "(ld)", "+(dv)", "+(dsp)"])
def test_the_emperor_captures_an_unprotected_piece_with_lion_power(token):
    # A pass (or an igui) is not an attack on the piece's own square. Nothing protects the gote Lion,
    # Lion Dog, Teaching King or Buddhist Spirit on 5e (its pawn on 5f steps away from it), so the
    # Emperor may take it (zhwp: 自在天王可以吃掉任何敌方无受保护棋子).
    pos = position(MK, {"10j": "+K", "5e": token, "5f": "p", "1a": "k"})
    assert "5e" in targets(pos, "10j")


def test_hook_mover_attacks_around_a_corner():
    # Gote's Hook Mover on 19s: its file is blocked by a sente pawn on 19r (which it attacks), so it
    # slides along rank s and turns up every file 18 ... 1: it attacks all of those files, and the
    # whole of rank s. Left free: file 19 above the pawn, and the Hook Mover itself (unprotected).
    pos = position(MK, {"10j": "+K", "19s": "(hm)", "19r": "P", "1a": "k"})
    assert targets(pos, "10j") == {f"19{r}" for r in "abcdefghijklmnopq"} | {"19s"}


def test_hook_mover_attacks_through_the_square_the_emperor_leaves():
    # Gote's Hook Mover on 19a (its rank blocked by its own pawn on 18a) slides down file 19 through the
    # Emperor's square once the Emperor has left, and turns on any square of that file: every rank
    # but a is attacked. Rank a (which it could reach only with two turns) and the unprotected Hook
    # Mover remain.
    pos = position(MK, {"19j": "+K", "19a": "(hm)", "18a": "p"})
    assert targets(pos, "19j") == {f"{f}a" for f in range(1, 18)} | {"19a"}


# ==================================================================================================
# Capture conversions (Maka Dai Dai)
# ==================================================================================================
CAPTURERS = {  # sente piece on 10j, and what kind of piece it is
    "G": "promotable, unpromoted (Gold → Free Gold)",
    "(DH)": "never promotes (Dragon Horse)",
    "+P": "promoted (a tokin: Gold)",
    "(LN)": "Lion (several capturing moves)",
    "(HM)": "Hook Mover",
    "(LD)": "Lion Dog",
}
CONVERTERS = {"(dv)": "TK", "+(dv)": "TK", "(dsp)": "BSp", "+(dsp)": "BSp"}


@pytest.mark.parametrize("victim", CONVERTERS)
@pytest.mark.parametrize("capturer", CAPTURERS)
def test_capturing_a_deva_or_dark_spirit_converts_any_capturer(capturer, victim):
    # Article: 凡吃掉提婆或教王的棋子，转变成为教王 / 凡吃掉无明或法性的棋子，转变成为法性, 而不按其原来的
    # 方式升级, for promoted and unpromotable pieces alike: one move per capture, and it converts.
    pos = position(MK, {"10j": capturer, "10i": victim, "1a": "k"})
    victim_sq = pos.geometry.parse("10i")
    taking = [m for m in moves_from(pos, "10j") if victim_sq in captures(pos, m)]
    assert taking
    by_leg: dict = {}
    for m in taking:
        by_leg.setdefault((m.target, m.path), []).append(m)
        assert not m.promotion and not m.keep
        assert result_kind(pos, m) == CONVERTERS[victim]
    assert all(len(v) == 1 for v in by_leg.values())


ROYAL_CHOICES = {
    # capturer: (its own kind, its promotion or None)
    "K": ("K", "E"),
    "+K": ("E", None),
    "(DE)": ("DE", "Pr"),
    "+(DE)": ("Pr", None),
}


@pytest.mark.parametrize("victim", CONVERTERS)
@pytest.mark.parametrize("capturer", ROYAL_CHOICES)
def test_king_emperor_drunk_elephant_and_prince_may_convert_keep_or_promote(capturer, victim):
    # Article: 玉将、自在天王、醉象和王子若吃掉无明、法性、提婆和教王，可以不转变而保留原来的身份或以其原本
    # 的方式升级: convert, keep, or (where the piece promotes) promote as usual.
    pos = position(MK, {"10j": capturer, "10i": victim, "1a": "k"})
    own, promoted = ROYAL_CHOICES[capturer]
    to = pos.geometry.parse("10i")
    got = {(m.promotion, m.keep, result_kind(pos, m)) for m in moves_from(pos, "10j") if m.target == to}
    want = {(False, False, CONVERTERS[victim]), (False, True, own)}
    if promoted:
        want.add((True, True, promoted))
    assert got == want


@pytest.mark.parametrize("capturer,want", [
    ("G", {(True, "FGo"), (False, "G")}),     # an ordinary optional capture promotion
    ("(DH)", {(False, "DH")}),                # never promotes
    ("K", {(True, "E"), (False, "K")}),       # the king promotes to the Emperor, or not
    ("+P", {(False, "G")}),                   # already promoted
])
def test_without_conversions_a_capture_of_a_deva_is_an_ordinary_capture(capturer, want):
    pos = position(MK, {"10j": capturer, "10i": "(dv)", "1a": "k"}, conversion="off")
    to = pos.geometry.parse("10i")
    got = {(m.promotion, result_kind(pos, m)) for m in moves_from(pos, "10j") if m.target == to}
    assert got == want
    assert not any(m.keep for m in pos.legal_moves())


@pytest.mark.parametrize("capturer,victim", [("G", "(dv)"), ("K", "+(dsp)"), ("(LN)", "(dv)")])
def test_conversions_are_undone_by_pop(capturer, victim):
    pos = position(MK, {"10j": capturer, "10i": victim, "9h": "p", "1a": "k"})
    before, hash_before = pos.fen(), pos.hash
    for m in pos.legal_moves():
        pos.push(m)
        pos.pop()
        assert pos.fen() == before and pos.hash == hash_before, pos.move_name(m)


# ==================================================================================================
# Capture promotion
# ==================================================================================================
def _surrounded(variant: str, token: str) -> Position:
    """Sente's piece on the centre, every square within two steps held by a gote pawn."""
    centre = "9i" if variant == DD else "10j"
    pieces = {sq: "p" for sq in box(variant, centre, 2) - {centre}}
    pieces[centre] = token
    return position(variant, pieces)


def test_dai_dai_capture_promotion_is_compulsory_for_the_21_and_never_for_the_others():
    # Article: 吃子強制升級; 大部分棋子均無升級，包括步兵，有升級的棋子僅有21種.
    tables = RuleSet.of(DD).tables
    promoting = []
    for t in tables.types[1:]:
        pos = _surrounded(DD, ("+" + tables.types[t.demotion].fen if t.promoted else t.fen).upper())
        moves = pos.legal_moves()
        assert moves, t.code
        origin = moves[0].origin
        legs: dict = {}
        for m in moves:
            legs.setdefault((m.target, m.path), set()).add(m.promotion)
        can = bool(t.kind.promotes_to) and not t.promoted
        for (to, path), options in legs.items():
            took = captures(pos, Move(origin, to, False, None, path))
            assert options == ({True} if can and took else {False}), (t.code, pos.geometry.name(to))
        if can:
            promoting.append(t.kind.code)
            m = next(m for m in moves if captures(pos, m))
            assert result_kind(pos, m) == t.kind.promotes_to
    assert len(promoting) == 21
    assert "P" not in promoting and "R" not in promoting and "B" not in promoting


def test_maka_dai_dai_promotion_is_optional_after_capturing_an_unpromoted_piece():
    # Article: 可以升级的棋子吃了未升级的棋子后可以选择升级或不升级.
    pos = position(MK, {"10j": "G", "10i": "p"})
    assert {(m.promotion, result_kind(pos, m)) for m in moves_from(pos, "10j") if leg(pos, m)[0] == "10i"} \
        == {(True, "FGo"), (False, "G")}
    # a move that captures nothing never promotes
    assert all(not m.promotion for m in moves_from(pos, "10j") if leg(pos, m)[0] != "10i")


def test_maka_dai_dai_promotion_is_compulsory_after_capturing_a_promoted_piece():
    # Article: 可以升级的棋子吃了已升级的棋子后必须强制升级.
    pos = position(MK, {"10j": "G", "10i": "+p"})
    assert {m.promotion for m in moves_from(pos, "10j") if leg(pos, m)[0] == "10i"} == {True}
    # A Lion taking an unpromoted pawn and then a promoted one must promote; the pawn alone need not.
    pos = position(MK, {"10j": "(LN)", "10i": "p", "10h": "+p"})
    double = [m for m in moves_from(pos, "10j") if leg(pos, m) == ("10h", ("10i",))]
    assert {m.promotion for m in double} == {True}
    single = [m for m in moves_from(pos, "10j") if leg(pos, m) == ("10i", ())]
    assert {m.promotion for m in single} == {True, False}


def test_maka_dai_dai_compulsory_promotion_option():
    # The other view the article reports: a promotable piece promotes whenever it captures.
    pos = position(MK, {"10j": "G", "10i": "p"}, promotion="compulsory")
    assert {m.promotion for m in moves_from(pos, "10j") if leg(pos, m)[0] == "10i"} == {True}


@pytest.mark.parametrize("variant,token", [(MK, "+P"), (MK, "+(GB)"), (MK, "+K"), (DD, "+(LN)"), (DD, "+(EB)")])
def test_a_promoted_piece_never_promotes_again(variant, token):
    pos = _surrounded(variant, token)
    assert pos.legal_moves() and not any(m.promotion for m in pos.legal_moves())


# ==================================================================================================
# Royal pieces (Maka Dai Dai: king or Emperor, and prince)
# ==================================================================================================
def test_capturing_the_king_while_the_prince_lives_does_not_end_the_game():
    # Article: 若玉将(或自在天王)被吃但尚有王子，仍不算战败; 玉将(或自在天王)、王子皆被吃者战败.
    pos = position(MK, {"10s": "K", "1s": "+(DE)", "10r": "r", "1a": "k", "19a": "R"}, turn="b")
    pos.push_move("Rx10s=")
    assert pos.outcome() is None
    pos.push_move("R-19b")
    pos.push_move("Rx1s+")                       # the prince is promoted: the rook must promote
    out = pos.outcome()
    assert out is not None and out.winner == 1 and out.reason == "royal-captured"


@pytest.mark.parametrize("second,over", [(None, True), ("(DE)", True), ("+(DE)", False)])
def test_the_emperor_counts_as_a_king(second, over):
    # A side whose Emperor is taken has lost unless a prince remains (an unpromoted drunk elephant is
    # not royal).
    pieces = {"10j": "+K", "10k": "r", "1a": "k"}
    if second:
        pieces["1s"] = second
    pos = position(MK, pieces, turn="b")
    pos.push_move("Rx10j+")                      # the Emperor is a promoted piece: promotion is compulsory
    out = pos.outcome()
    assert (out is not None) == over
    if over:
        assert out.winner == 1 and out.reason == "royal-captured"


def test_dai_dai_has_one_royal():
    # Article: 首先殺死敵方的玉將的一方獲勝 … 並沒有如醉象的棋子可以升級充當第二個玉將.
    pos = position(DD, {"9q": "K", "9p": "r", "1a": "k", "1q": "(NK)"}, turn="b")
    pos.push_move("Rx9q")
    out = pos.outcome()
    assert out is not None and out.winner == 1 and out.reason == "royal-captured"


def test_a_side_that_can_take_the_last_enemy_royal_is_not_checkmated():
    # Gote to move: every king move lets the Emperor (or the rook) take gote's king, but gote's rook
    # takes sente's Emperor, sente's only royal, and that wins the game on the spot. The position is
    # therefore not a checkmate of gote.
    pos = position(MK, {"10j": "+K", "10k": "r", "1a": "k", "19a": "R"}, turn="b")
    win = pos.parse_move("Rx10j+")
    pos.push(win)
    assert pos.outcome().winner == 1
    pos.pop()
    assert pos.outcome() is None


# ==================================================================================================
# Hook moves
# ==================================================================================================
def test_hook_mover_turns_once_on_an_empty_square_only():
    # 鉤行 on 19s: rank s blocked by its own pawn on 18s; up file 19 it meets a gote pawn on 19m, which
    # it may take but not turn on. It turns on 19r ... 19n and slides along those ranks.
    pos = position(MK, {"19s": "(HM)", "18s": "P", "19m": "p"})
    want = {f"19{r}" for r in "mnopqr"} | {f"{f}{r}" for f in range(1, 19) for r in "nopqr"}
    assert targets(pos, "19s") == want
    # 18m (needing a turn on 19m) and 18a (needing two turns) are out of reach.
    assert not {"18m", "18l", "18a", "1a"} & targets(pos, "19s")


def test_a_turned_hook_move_records_its_empty_corner():
    # With rank s blocked, every square off file 19 is reached by turning on file 19, on its rank.
    pos = position(MK, {"19s": "(HM)", "18s": "P"})
    moves = moves_from(pos, "19s")
    assert len(moves) == 18 + 18 * 18       # up file 19, and files 18 ... 1 on ranks a ... r
    for m in moves:
        name, path = leg(pos, m)
        assert path == (() if name.startswith("19") else (f"19{name[-1]}",)), name


@pytest.mark.parametrize("variant,piece,origin,friend,want", [
    # 摩羯 on the corner 19s, its diagonal blocked by its own pawn on 16p: it slides to 18r and 17q and
    # turns there; everything else would need a second turn or a turn on the pawn.
    (MK, "(CA)", "19s", "16p", {"18r", "17q", "19q", "17s", "19o", "18p", "16r", "15s"}),
    # 天狗 (Dai Dai, the article's reading: the diagonal hook move only), the same on a 17×17 board.
    (DD, "(LGN)", "17q", "14n", {"16p", "15o", "17o", "15q", "17m", "16n", "14p", "13q"}),
])
def test_diagonal_hook_movers_turn_at_most_once(variant, piece, origin, friend, want):
    pos = position(variant, {origin: piece, friend: "P"})
    assert targets(pos, origin) == want


def test_a_diagonal_hook_mover_reaches_every_square_of_its_colour_with_one_turn():
    # From the centre two diagonals meet any square of the same colour on the board.
    pos = position(MK, {"10j": "(CA)"})
    g = pos.geometry
    want = {g.name(s) for s in range(g.size) if (g.column(s) + g.row(s)) % 2 == 0} - {"10j"}
    assert len(want) == 180 and targets(pos, "10j") == want


@pytest.mark.parametrize("variant,piece", [(MK, "(HM)"), (MK, "(CA)"), (DD, "(HM)"), (DD, "(LGN)")])
def test_a_hook_move_stops_at_its_capture_and_never_captures_twice(variant, piece):
    rng = random.Random(f"hooks:{variant}:{piece}")
    centre = "9i" if variant == DD else "10j"
    pieces = {sq: rng.choice("pP") for sq in sorted(all_squares(variant) - {centre}) if rng.random() < 0.12}
    pieces[centre] = piece
    pos = position(variant, pieces)
    moves = moves_from(pos, centre)
    assert any(m.path for m in moves) and any(captures(pos, m) for m in moves)
    for m in moves:
        assert len(m.path) <= 1
        assert all(not pos.board[s] for s in m.path)          # turns only on empty squares
        assert len(captures(pos, m)) <= 1                      # one capture at most, at the end


def test_a_hook_mover_cannot_turn_on_the_piece_it_captures():
    # 鉤行 on 10j, gote pawns on 10e and 14j: each may be taken, but the slide ends there; the squares
    # beyond on the same line (10d, 15j) would need a turn on the pawn or two turns.
    pos = position(MK, {"10j": "(HM)", "10e": "p", "14j": "p"})
    got = targets(pos, "10j")
    assert {"10e", "14j", "9e", "14i", "14k"} <= got
    assert not {"10d", "10a", "15j", "19j"} & got


# ==================================================================================================
# Lion power
# ==================================================================================================
NEIGHBOURS_DD = {sq: "P" for sq in box(DD, "9i", 1) - {"9i"}}
EVANS_DD = {"lion_dog": "evans", "great_elephant": "evans", "furious_fiend": "evans"}


def _moves_set(pos: Position, square: str) -> set[tuple[str, tuple[str, ...]]]:
    return {leg(pos, m) for m in moves_from(pos, square)}


def test_lion_dog_three_steps_along_a_line_with_lion_power():
    # Article (狛犬): up to three steps along one line, jumping, capturing on the way and going on, igui
    # (居食) next to it, passing (待步); two steps out capturing and back to the first square.
    pos = position(DD, {"9i": "(LD)", "9h": "p", "9g": "p", "9f": "p"})
    forward = {
        ("9h", ()),                                      # one step, capturing
        ("9g", ()), ("9g", ("9h",)),                     # two steps: jump the first, or take both
        ("9i", ("9h",)),                                 # igui on the first square
        ("9h", ("9g",)),                                 # out two, taking, and back to the first
        ("9f", ()), ("9f", ("9h",)), ("9f", ("9g",)), ("9f", ("9h", "9g")),   # three steps
    }
    others = {(sq, ()) for df, dr in KING_LINES if (df, dr) != (0, -1) for sq in line(DD, "9i", df, dr, 3)}
    assert _moves_set(pos, "9i") == forward | others | {("9i", ())}


def test_lion_dog_jumps_friends_but_never_lands_on_them():
    pos = position(DD, {"9i": "(LD)", "9h": "P", "9g": "P"})
    assert {t for t, _ in _moves_set(pos, "9i") if t[0] == "9" and t[1] < "i"} == {"9f"}


def test_lion_dog_as_a_plain_three_square_piece_under_evans():
    # Evans: a plain ranging piece of up to three squares: no jump, no igui, no pass, one capture.
    # (The rule set also reads the Great Elephant and Furious Fiend as Evans does; they are not here.)
    pos = position(DD, {"9i": "(LD)", "9h": "p", "9g": "p", "9f": "p"}, **EVANS_DD)
    others = {(sq, ()) for df, dr in KING_LINES if (df, dr) != (0, -1) for sq in line(DD, "9i", df, dr, 3)}
    assert _moves_set(pos, "9i") == others | {("9h", ())}


@pytest.mark.parametrize("choices,want", [
    # Article: 大象亦可直向或朝斜後以狛犬的方式移動一至三步，但在斜前方向並沒有狛犬的能力.
    ({}, {"9g", "9f", "9k", "9l", "7i", "6i", "11i", "12i", "7k", "6l", "11k", "12l"}),
    # Evans: plain ranges (3 and 5): walled in by its own pieces.
    (EVANS_DD, set()),
])
def test_great_elephant_has_lion_dog_power_on_its_orthogonals_and_back_diagonals(choices, want):
    assert targets(position(DD, {"9i": "+(LD)", **NEIGHBOURS_DD}, **choices), "9i") == want


@pytest.mark.parametrize("choices,lion_dog", [({}, True), (EVANS_DD, False)])
def test_furious_fiend_has_the_lion_and_the_lion_dog_power(choices, lion_dog):
    # Article: 奮迅兼容了獅子和狛犬的能力: the Lion's two-step jumps and the Lion Dog's third square on
    # each line. Evans: the Lion's power or a plain three-square move (blocked here).
    got = targets(position(DD, {"9i": "+(LN)", **NEIGHBOURS_DD}, **choices), "9i")
    ring2 = box(DD, "9i", 2) - box(DD, "9i", 1)
    third = {line(DD, "9i", df, dr, 3)[-1] for df, dr in KING_LINES}
    assert got == (ring2 | third if lion_dog else ring2)


@pytest.mark.parametrize("variant,enemies", [
    (DD, ("9h",)),
    (DD, ("9h", "8g", "10i", "11k")),
    (MK, ("10i", "10h", "9j", "12l", "11i")),
])
def test_the_lions_full_power(variant, enemies):
    # Article (獅子): one or two king steps, turning and jumping freely; the first step may capture and
    # the second go anywhere next to that square: a second capture, the origin (igui) or an empty
    # square; a step out and back to an empty neighbour is a pass.
    origin = "9i" if variant == DD else "10j"
    pos = position(variant, {origin: "(LN)", **{e: "p" for e in enemies}})
    want = {(sq, ()) for sq in box(variant, origin, 2) - {origin}}
    for e in enemies:
        if e in box(variant, origin, 1):
            want |= {(sq, (e,)) for sq in box(variant, e, 1) - {e}}
    want.add((origin, ()))
    assert _moves_set(pos, origin) == want


# ==================================================================================================
# Dead pieces (Dai Dai)
# ==================================================================================================
@pytest.mark.parametrize("piece,start", [("P", "9b"), ("L", "9e")])
def test_a_pawn_or_lance_on_the_last_rank_is_dead_but_stays(piece, start):
    # Evans: "A piece that reaches the last rank of the board and does not have the power to retreat is
    # left in play on the last rank until captured." Neither promotes (no promotion by moving, and
    # neither has a promotion in Dai Dai).
    pos = position(DD, {start: piece, "1q": "k"})
    to_last = [m for m in moves_from(pos, start) if leg(pos, m)[0] == "9a"]
    assert len(to_last) == 1 and not to_last[0].promotion
    pos.push(to_last[0])
    pos.push_move("K-1p")
    assert pos.piece_at(pos.geometry.parse("9a"))[0].code == piece
    assert moves_from(pos, "9a") == []


def test_a_maka_dai_dai_pawn_may_decline_promotion_and_stay_dead_on_the_last_rank():
    pos = position(MK, {"10b": "P", "10a": "r", "1s": "k"})
    got = {(m.promotion, result_kind(pos, m)) for m in moves_from(pos, "10b")}
    assert got == {(True, "G"), (False, "P")}
    pos.push(next(m for m in moves_from(pos, "10b") if not m.promotion))
    pos.push_move("K-1r")
    assert moves_from(pos, "10a") == []


# ==================================================================================================
# Western notation
# ==================================================================================================
BUSY_KINDS = {
    DD: ["Ln", "LD", "+Ln", "+LD", "HM", "LGn", "+PS", "+OK", "+WB", "+EB", "K", "NK", "G", "P"],
    MK: ["Ln", "LD", "+Ln", "+DSp", "+DV", "HM", "Ca", "DV", "DSp", "K", "DE", "+DE", "G", "P", "+P"],
}


BUSY_CORE = {
    # Placed over the random pieces so that every kind of move is there: double captures and igui by
    # sente's Lion, hook turns, a Lion Dog's line, and (Maka Dai Dai) a king taking a Deva.
    DD: {"9i": "(LN)", "9h": "p", "8g": "p", "4e": "(LD)", "4d": "p", "4c": "p", "15o": "(HM)", "15n": "1"},
    MK: {"10j": "(LN)", "10i": "p", "9h": "p", "4e": "(LD)", "4d": "p", "4c": "p", "16p": "K", "16o": "(dv)",
         "3p": "(CA)", "2o": "1"},
}


def busy_position(variant: str, seed: int, density: float = 0.15) -> Position:
    """A crowded position, sente to move: seeded random pieces, half of them of the kinds with special
    moves, and the :data:`BUSY_CORE` pieces ("1": an empty square)."""
    tables = RuleSet.of(variant).tables
    rng = random.Random(f"busy:{variant}:{seed}")
    special = [tables.types[tables.by_code[c]] for c in BUSY_KINDS[variant]]
    any_kind = [t for t in tables.types[1:] if not tables.emperor[2 * t.id]]
    pieces = {}
    for sq in sorted(all_squares(variant)):
        if rng.random() < density:
            t = rng.choice(special) if rng.random() < 0.5 else rng.choice(any_kind)
            token = ("+" + tables.types[t.demotion].fen) if t.promoted else t.fen
            pieces[sq] = token.upper() if rng.random() < 0.5 else token.lower()
    pieces.update(BUSY_CORE[variant])
    return position(variant, {sq: tok for sq, tok in pieces.items() if tok != "1"})


def frozen_moves(pos: Position) -> list[Move]:
    """The legal moves of ``pos``, and ``pos`` made to answer every later ``legal_moves()`` with them.

    Writing and reading a move generates the legal moves several times over (to disambiguate, to
    see whether the mover had a choice); the position does not change meanwhile, so the list is
    computed once. (Nothing here burns, so no move is made while naming.)"""
    moves = pos.legal_moves()
    pos.legal_moves = lambda: moves
    return moves


def _kinds_of(pos: Position, m: Move, name: str) -> set[str]:
    kinds = set()
    t = pos.piece_at(m.origin)[0]
    if m.target == m.origin:
        kinds.add("igui" if captures(pos, m) else "pass")
    elif len(captures(pos, m)) == 2:
        kinds.add("double capture")
    if m.path and t.kind.code in ("HM", "Ca", "LGn") and not pos.board[m.path[0]]:
        kinds.add("hook turn")
    if "^" in name:
        kinds.add("conversion")
    if m.keep:
        kinds.add("keep")
    if m.promotion:
        kinds.add("promotion")
    return kinds


WANTED = {
    DD: {"igui", "pass", "double capture", "hook turn", "promotion"},
    MK: {"igui", "pass", "double capture", "hook turn", "promotion", "conversion", "keep"},
}


@pytest.mark.parametrize("variant", [DD, MK])
def test_western_names_of_every_move_of_busy_positions_read_back(variant):
    # Also the coordinate form (Fairy-Stockfish style, '=' marking a declined conversion).
    seen = set()
    for pos in (busy_position(variant, 0), busy_position(variant, 1), Position(variant)):
        names = set()
        for m in frozen_moves(pos):
            name = pos.move_name(m, "western")
            assert pos.parse_move(name, "western") == m, name
            assert pos.parse_move(pos.move_name(m, "fsf"), "fsf") == m, name
            names.add(name)
            seen |= _kinds_of(pos, m, name)
        assert len(names) == len(pos.legal_moves())          # no two moves share a name
    assert WANTED[variant] <= seen


def test_western_names_of_royal_conversions_read_back():
    # Convert (^TK), keep (=) and promote as usual (+) are three moves with three names.
    pos = position(MK, {"10j": "K", "10i": "(dv)", "9i": "(dsp)", "1a": "k"})
    names = {}
    for m in moves_from(pos, "10j"):
        name = pos.move_name(m, "western")
        assert pos.parse_move(name, "western") == m, name
        names[name] = m
    assert {"Kx10i^TK", "Kx10i=", "Kx10i+", "Kx9i^BSp", "Kx9i=", "Kx9i+"} <= set(names)


# ==================================================================================================
# Records: replay and check-record
# ==================================================================================================
@pytest.fixture(scope="module", autouse=True)
def check_record_jobs():
    """``shogi-rules check-record --json`` of both sample records, started in the background at once:
    it compiles the rule set of every option of every rule choice (about 30 for Maka Dai Dai), which
    takes a while, so it runs while the other tests do."""
    jobs = {v: subprocess.Popen([sys.executable, "-m", "shogi_rules.apps.cli", "check-record", v, str(SAMPLE[v]), "--json"],
                                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for v in (DD, MK)}
    yield jobs
    for job in jobs.values():
        if job.poll() is None:
            job.kill()
        job.communicate()


@pytest.mark.parametrize("variant", [DD, MK])
def test_the_sample_record_replays(variant, capsys):
    code = main(["replay", variant, str(SAMPLE[variant])])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "10 plies; game not over" in out


RECORD_CHOICES = {
    # choice that matters: (option under which the record is illegal, the ply that fails)
    DD: {"daidai.lion-dog": ("evans", 7)},
    MK: {"makadaidai.lion-dog": ("evans", 1), "makadaidai.promotion": ("compulsory", 7)},
}


@pytest.mark.parametrize("variant", [DD, MK])
def test_check_record_lists_the_choices_that_matter(variant, check_record_jobs):
    out, err = check_record_jobs[variant].communicate(timeout=600)
    assert check_record_jobs[variant].returncode == 0, err
    answer = json.loads(out)
    results = answer["rules"]
    matter = RECORD_CHOICES[variant]
    # each preset's verdict is that of the branch (set of rule sets) that holds it
    def branch(options):
        return next(e for e in results if all(options[c] in opts for c, opts in e["rules"].items()))

    presets = {e["preset"]: e["legal"] for e in answer["presets"]}
    assert list(presets) == [p.id for p in RuleSet.of(variant).base.presets]
    for preset in presets:
        assert presets[preset] == branch(RuleSet.of(variant, preset=preset).choices)["legal"], preset
    assert presets["zhwp"] and not all(presets.values())
    assert {c for e in results for c in e["rules"]} == set(matter)  # only these choices split the rule sets
    legal = [e for e in results if e["legal"]]
    assert [e["rules"] for e in legal] == [{c: ["zhwp"] for c in matter}]
    assert answer["accepted"]["each"] == {**answer["accepted"]["each"], **{c: ["zhwp"] for c in matter}}
    for choice, (option, ply) in matter.items():
        entry = branch({**RuleSet.of(variant).choices, **{c: ("zhwp" if c != choice else option) for c in matter}})
        assert not entry["legal"] and entry["first_illegal_ply"] == ply


def test_a_king_that_converts_is_no_longer_royal():
    """The article describes conversion as the captured piece turned round to serve the capturer's
    side: a king that converts on taking a Deva becomes an ordinary Teaching King, and a side whose
    only royal it was has lost (makadaidai.conversion's note). Keeping its identity keeps the king."""
    pos = Position.from_pieces("makadaidai", {"10j": "K", "10i": "(dv)", "1a": "k"})
    convert = next(m for m in pos.legal_moves() if m.origin == pos.geometry.parse("10j")
                   and m.target == pos.geometry.parse("10i") and not m.keep)
    pos.push(convert)
    assert pos.piece_at(pos.geometry.parse("10i"))[0].kind.code == "TK"
    assert str(pos.outcome()) == "gote wins (royal-captured)"
    pos.pop()
    pos.push(pos.parse_move("10j10i=", "usi"))
    assert pos.piece_at(pos.geometry.parse("10i"))[0].kind.code == "K" and pos.outcome() is None


def test_under_stays_royal_a_converted_king_is_a_royal_teaching_king():
    """makadaidai.converted-royal=stays-royal: the king that takes a Deva becomes a royal Teaching King
    (row RTK): the game goes on, the piece moves as a Teaching King, and taking it wins. The same
    capture under the article's reading loses at once (the test above)."""
    pos = position(MK, {"10j": "K", "10i": "(dv)", "10e": "r", "1a": "k"}, converted_royal="stays-royal")
    pos.push(pos.parse_move("Kx10i^TK", "western"))
    piece, color = pos.piece_at(pos.geometry.parse("10i"))
    assert (piece.kind.code, piece.kind.royal, color) == ("RTK", True, 0)
    assert pos.outcome() is None                             # the game goes on; gote's rook attacks it
    pos.push(pos.parse_move("Rx10i", "western"))
    assert str(pos.outcome()) == "gote wins (royal-captured)"
    pos.pop()
    article = position(MK, {"10j": "K", "10i": "(dv)", "10e": "r", "1a": "k"})
    article.push(article.parse_move("Kx10i^TK", "western"))
    assert str(article.outcome()) == "gote wins (royal-captured)"  # no royal left at once
    for reading in ("zhwp", "evans"):  # it moves exactly as the rule set's Teaching King
        royal = position(MK, {"10i": "(RTK)", "1a": "k"}, converted_royal="stays-royal", teaching_king=reading)
        ordinary = position(MK, {"10i": "+(DV)", "1a": "k"}, teaching_king=reading)
        assert targets(royal, "10i") == targets(ordinary, "10i")
    assert targets(royal, "10i") != targets(position(MK, {"10i": "(RTK)", "1a": "k"}, converted_royal="stays-royal"), "10i")
    assert pos.fen().split()[0].count("(RTK)") == 1          # its own FEN code
    assert Position(pos.variant.id, fen=pos.fen(), rules={"makadaidai.converted-royal": "stays-royal"}).fen() == pos.fen()
    pos.pop()
    assert pos.piece_at(pos.geometry.parse("10j"))[0].kind.code == "K"


def test_under_mover_the_mover_picks_the_conversion_of_a_double_capture():
    """makadaidai.double-conversion=mover: a Lion that takes a Dark Spirit and then a Deva has two
    moves, one for each piece it may become, each with a name of its own in every notation."""
    pos = position(MK, {"10j": "LN", "10i": "(dsp)", "10h": "(dv)", "1s": "K", "1a": "k"}, double_conversion="mover")
    g = pos.geometry
    double = [m for m in moves_from(pos, "10j") if m.path == (g.parse("10i"),) and m.target == g.parse("10h")]
    assert sorted(m.conversion for m in double) == ["BSp", "TK"]
    for notation in ("western", "usi", "fsf", "japanese"):
        names = {pos.move_name(m, notation) for m in double}
        assert len(names) == 2, (notation, names)
        if notation != "japanese":
            assert [pos.parse_move(pos.move_name(m, notation), notation) for m in double] == double
    assert {pos.move_name(m, "western") for m in double} == {"Lnx10ix10h^TK", "Lnx10ix10h^BSp"}
    assert {pos.move_name(m, "usi") for m in double} == {"10j10i10h^TK", "10j10i10h^BSp"}
    for m in double:
        pos.push(m)
        assert pos.piece_at(g.parse("10h"))[0].kind.code == m.conversion
        pos.pop()
    last = position(MK, {"10j": "LN", "10i": "(dsp)", "10h": "(dv)", "1s": "K", "1a": "k"})
    assert [m.conversion for m in moves_from(last, "10j") if m.path == (g.parse("10i"),) and m.target == g.parse("10h")] == [None]
