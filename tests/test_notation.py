"""Notation: Western (TSA / Hodges), Fairy-Stockfish coordinates, USI, Japanese, FEN and SFEN.

Expected strings come from the notations' own definitions (Hodges' shogi notation as English books
write it, the USI protocol, KIF-style Japanese records) or from the independent implementations in
the test dependencies: Fairy-Stockfish (``pyffish``) and ``python-shogi``.
"""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import fen, scattered_positions

from shogi_rules import (GOTE, SENTE, AmbiguousMoveError, FenError, IllegalMoveError, Move, MoveError, PieceError,
                         Position, ShogiRulesError)

pyffish = pytest.importorskip("pyffish")

SHOGI_START_BOARD = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"
from shogi_rules.notation.fen import read_sfen, write_sfen
from shogi_rules import RuleSet, get_variant
from shogi_rules.compiled.variant import VARIANT_IDS
from shogi_rules.notation.moves import NOTATIONS, parse_move, write_move
MODERN = {"wa.drops": "modern"}
FSF_SETUP = {"okisaki.setup": "fairy-stockfish"}


def names(pos: Position, notation: str = "western") -> set[str]:
    return {pos.move_name(m, notation) for m in pos.legal_moves()}


def random_positions(variant: str, rules=None, games: int = 2, plies: int = 40, seed: int = 7):
    """Positions along a few seeded random games (each yielded before its move is made)."""
    rng = random.Random(seed)
    for _ in range(games):
        pos = Position(variant, rules=rules)
        for _ in range(plies):
            moves = pos.legal_moves()
            if not moves or pos.outcome() is not None:
                break
            yield pos
            pos.push(rng.choice(moves))


# --- Western (TSA / Hodges) ---------------------------------------------------------------------
def test_western_simple_move_is_piece_dash_square():
    pos = Position("shogi")
    move = pos.parse_move("P-7f")
    assert (pos.geometry.name(move.origin), pos.geometry.name(move.target)) == ("7g", "7f")
    assert pos.move_name(move) == "P-7f"
    assert {"P-7f", "P-2f", "K-5h", "R-3h", "L-1h", "S-7h"} <= names(pos)


def test_western_start_position_has_30_names_and_all_differ():
    pos = Position("shogi")
    listed = [pos.move_name(m) for m in pos.legal_moves()]
    assert len(listed) == 30 and len(set(listed)) == 30


def test_western_origin_only_when_two_pieces_of_a_kind_could_move_there():
    pos = Position("shogi")
    written = names(pos)
    # both golds reach 5h: the origin is written; only the left gold reaches 7h: it is not
    assert {"G6i-5h", "G4i-5h", "G-7h", "G-3h"} <= written
    assert "G-5h" not in written
    assert not any(n.startswith(("P7", "K5", "S7i", "R2h")) for n in written)


def test_western_origin_not_needed_when_the_other_piece_is_pinned():
    # Two golds could reach 5h, but the one on 4i is pinned to the king by the rook on 1i: only the
    # gold on 6h may go there, so no origin is written.
    pos = Position("shogi", fen=fen({"5i": "K", "6h": "G", "4i": "G", "1i": "r", "1a": "k"}))
    written = names(pos)
    assert "G-5h" in written and "G6h-5h" not in written


def test_western_capture_is_written_with_x():
    pos = Position("shogi")
    pos.push_all(["P-7f", "P-3d"])
    written = names(pos)
    assert {"Bx2b+", "Bx2b="} <= written
    assert "B-2b+" not in written


def test_western_promotion_marks_only_where_promotion_is_possible():
    pos = Position("shogi")
    pos.push_all(["P-7f", "P-3d"])
    written = names(pos)
    assert {"B-3c+", "B-3c=", "B-4d", "B-5e", "B-6f", "B-7g"} <= written
    assert not {"B-4d=", "B-4d+", "P-7e=", "P-7e+"} & written
    # a forced promotion is still marked '+', and has no '=' form
    pos = Position("shogi", fen=fen({"5i": "K", "5a": "k", "3b": "P"}))
    assert "P-3a+" in names(pos) and "P-3a=" not in names(pos)


def test_western_drop_is_piece_star_square():
    pos = Position("shogi", fen=fen({"5i": "K", "5a": "k"}, hand="P"))
    move = pos.parse_move("P*5e")
    assert move.origin is None and pos.geometry.name(move.target) == "5e"
    assert pos.move_name(move) == "P*5e"


def test_western_promoted_piece_is_plus_and_base_code():
    pos = Position("shogi", fen=fen({"5i": "K", "1a": "k", "5c": "+P", "7c": "+R"}))
    written = names(pos)
    assert {"+P-5b", "+P-4c", "+R-7a", "+R-6b"} <= written
    move = pos.parse_move("+P-5b")
    assert pos.geometry.name(move.origin) == "5c"


def test_western_promotion_unspecified_is_ambiguous():
    pos = Position("shogi")
    pos.push_all(["P-7f", "P-3d"])
    with pytest.raises(AmbiguousMoveError):
        pos.parse_move("Bx2b")
    assert pos.parse_move("Bx2b+").promotion and not pos.parse_move("Bx2b=").promotion


def test_western_errors():
    pos = Position("shogi")
    with pytest.raises(PieceError):
        pos.parse_move("Q-5e")
    with pytest.raises(IllegalMoveError):
        pos.parse_move("P-7e")
    with pytest.raises(IllegalMoveError):
        pos.parse_move("Px7f")  # nothing to capture there
    with pytest.raises(AmbiguousMoveError):
        pos.parse_move("G-5h")
    for text in ("", "   ", "P-", "-7f", "P-7", "hello", "P-7f-7e"):
        with pytest.raises(MoveError):
            pos.parse_move(text)
    with pytest.raises(MoveError):
        pos.parse_move("P-10f")  # off the board


def test_move_errors_are_one_family_of_value_errors():
    assert issubclass(IllegalMoveError, MoveError) and issubclass(AmbiguousMoveError, MoveError)
    for cls in (MoveError, PieceError, FenError):
        assert issubclass(cls, ShogiRulesError) and issubclass(cls, ValueError)


def test_western_wa_uses_evans_codes():
    pos = Position("wa")
    written = names(pos)
    assert {"SP-4g", "SP-8g", "CK-5j", "OC-11j", "LH-1j", "TFo-10g", "VSt-4j", "FGs-8j"} <= written
    pos = Position("wa", fen=fen({"6k": "CK", "6a": "ck", "5c": "SP", "5b": "oc"}, "wa", hand=None))
    assert {"SPx5b+", "SPx5b="} <= names(pos)  # the example of Evans' Wa rules: SPx5c=


@pytest.mark.parametrize("variant,rules,games,plies", [
    ("shogi", None, 3, 50),
    ("okisaki", None, 2, 40),
    ("wa", MODERN, 1, 40),
    ("wa", None, 1, 30),
])
def test_every_legal_move_reads_back_from_its_name(variant, rules, games, plies):
    notations = ("western", "fsf", "usi") if variant == "shogi" else ("western", "fsf")
    checked = 0
    for pos in random_positions(variant, rules, games, plies):
        for move in pos.legal_moves():
            for notation in notations:
                text = pos.move_name(move, notation)
                assert pos.parse_move(text, notation) == move, (pos.fen(), notation, text)
                assert pos.parse_move(text) == move, (pos.fen(), "auto", text)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_every_name_in_a_crowded_scattered_position_reads_back_as_its_move(variant):
    """Pieces of every kind (promoted ones too, those no setup holds, those set up only by a FEN) scattered at random
    under random rule sets, a third of the board or less filled: the FEN reads back to the same position and legal
    moves, and in every notation the package reads, each legal move's name reads back as that move and no two moves
    share a name. Found this way: under Dai shogi's
    ``promoting-pieces=minase`` the pawn does not promote, and Chu's tokin (code ``+P``) is a piece of its own,
    which a FEN may set up; its name ``+P-3l`` read as a promoted pawn, which is no piece there."""
    rng = random.Random(f"scattered names:{variant}")
    readable = [n for n, x in NOTATIONS.items() if x.parse is not None]
    checked = 0
    for _ in range(3):
        rules = RuleSet.of(variant, {c.id: rng.choice(c.options).id for c in get_variant(variant).rule_choices})
        pos = next(scattered_positions(rules, rng, 1, (3, 6)))
        again = Position(rules, fen=pos.fen())
        assert again.fen() == pos.fen() and set(again.legal_moves()) == set(pos.legal_moves()), pos.fen()
        for notation in readable:
            seen: dict[str, Move] = {}
            for move in pos.legal_moves():
                try:
                    text = write_move(pos, move, notation)
                except MoveError:  # a notation that does not cover the variant (USI and CSA are shogi's)
                    continue
                assert parse_move(pos, text, notation) == move, (pos.fen(), notation, text)
                assert text not in seen, (pos.fen(), notation, text, seen[text], move)
                seen[text] = move
                checked += 1
    assert checked > 100


def test_a_tokin_under_a_dai_reading_where_the_pawn_does_not_promote_is_named_and_read():
    """The case the test above found, set up by a FEN (which reads back: the FEN wrote the tokin as ``(+P)``, which
    it could not read): the tokin's moves are written ``+P-…`` and read back."""
    rules = {"dai.promoting-pieces": "minase"}
    pos = Position("dai", fen="7k7/15/15/15/15/15/15/15/15/15/12(+P)2/15/15/15/7K7 w - - 0 1", rules=rules)
    assert Position("dai", fen=pos.fen(), rules=rules).fen() == pos.fen()
    moves = pos.legal_moves_from([pos.geometry.parse("3k")])
    assert len(moves) == 6  # (a gold's moves)
    for move in moves:
        assert pos.move_name(move).startswith("+P-")
        assert pos.parse_move(pos.move_name(move)) == move


def test_names_of_different_moves_differ():
    for pos in random_positions("shogi", games=1, plies=60, seed=3):
        for notation in ("western", "fsf", "usi", "japanese"):
            listed = [pos.move_name(m, notation) for m in pos.legal_moves()]
            assert len(listed) == len(set(listed)), (pos.fen(), notation)


# --- Fairy-Stockfish coordinates -------------------------------------------------------------------
def test_fsf_coordinates_of_the_first_pawn_move():
    pos = Position("shogi")
    move = pos.parse_move("c3c4")
    assert move == pos.parse_move("P-7f")
    assert pos.move_name(move, "fsf") == "c3c4"


def test_fsf_drop_and_promotion():
    pos = Position("shogi", fen=fen({"5i": "K", "1a": "k", "7c": "P"}, hand="P"))
    drop = pos.parse_move("P@e5")
    assert drop.origin is None and pos.geometry.name(drop.target) == "5e"
    assert pos.move_name(drop, "fsf") == "P@e5"
    promote = pos.parse_move("c7c8+")
    assert promote.promotion and pos.geometry.name(promote.target) == "7b"
    assert not pos.parse_move("c7c8").promotion
    assert pos.move_name(promote, "fsf") == "c7c8+"


@pytest.mark.parametrize("variant,fsf_name,rules", [
    ("shogi", "shogi", None),
    ("okisaki", "okisakishogi", FSF_SETUP),
])
def test_fsf_move_lists_equal_fairy_stockfish(variant, fsf_name, rules):
    """Along seeded random games the legal moves, written in coordinates, are Fairy-Stockfish's.

    Fairy-Stockfish 0.0.90 accepts a few pawn drops that mate (see the crowded-middlegame test in
    test_shogi_family_rules.py, where python-shogi sides with this engine); these seeds meet none.
    """
    rng = random.Random(11)
    start = pyffish.start_fen(fsf_name)
    for _ in range(2):
        pos = Position(variant, rules=rules)
        history: list[str] = []
        for _ in range(60):
            mine = sorted(pos.move_name(m, "fsf") for m in pos.legal_moves())
            assert mine == sorted(pyffish.legal_moves(fsf_name, start, history)), pos.fen()
            if not mine:
                break
            move = rng.choice(pos.legal_moves())
            history.append(pos.move_name(move, "fsf"))
            pos.push(move)


# --- USI ----------------------------------------------------------------------------------------------
def test_usi_moves_drops_and_promotions():
    pos = Position("shogi")
    assert pos.move_name(pos.parse_move("P-7f"), "usi") == "7g7f"
    pos.push_move("7g7f", "usi")
    pos.push_move("3c3d", "usi")
    move = pos.parse_move("8h2b+", "usi")
    assert move.promotion and pos.move_name(move, "usi") == "8h2b+"
    assert pos.move_name(pos.parse_move("Bx2b="), "usi") == "8h2b"
    pos = Position("shogi", fen=fen({"5i": "K", "5a": "k"}, hand="P"))
    drop = pos.parse_move("P*5e", "usi")
    assert drop.origin is None and pos.move_name(drop, "usi") == "P*5e"


def test_usi_move_lists_equal_python_shogi():
    shogi = pytest.importorskip("shogi")
    rng = random.Random(5)
    for _ in range(2):
        pos, board = Position("shogi"), shogi.Board()
        for _ in range(80):
            assert names(pos, "usi") == {m.usi() for m in board.legal_moves}, board.sfen()
            if not pos.legal_moves():
                break
            move = rng.choice(pos.legal_moves())
            board.push(shogi.Move.from_usi(pos.move_name(move, "usi")))
            pos.push(move)


# --- Japanese --------------------------------------------------------------------------------------------
def test_japanese_move_with_origin():
    pos = Position("shogi")
    assert pos.move_name(pos.parse_move("P-7f"), "japanese") == "☗７六歩(77)"
    pos.push_move("P-7f")
    assert pos.move_name(pos.parse_move("P-3d"), "japanese") == "☖３四歩(33)"


def test_japanese_promotion_and_declining():
    pos = Position("shogi")
    pos.push_all(["P-7f", "P-3d"])
    assert pos.move_name(pos.parse_move("Bx2b+"), "japanese") == "☗２二角成(88)"
    assert pos.move_name(pos.parse_move("Bx2b="), "japanese") == "☗２二角不成(88)"
    assert pos.move_name(pos.parse_move("B-4d"), "japanese") == "☗４四角(88)"  # no promotion possible


def test_japanese_same_square_as_the_last_move():
    pos = Position("shogi")
    pos.push_all(["P-7f", "P-3d", "Bx2b+"])
    assert pos.move_name(pos.parse_move("Sx2b"), "japanese") == "☖同\u3000銀(31)"


def test_japanese_drop():
    pos = Position("shogi")
    pos.push_all(["P-7f", "P-3d", "Bx2b+", "Sx2b"])
    assert pos.move_name(pos.parse_move("B*4e"), "japanese") == "☗４五角打"


def test_japanese_promoted_piece_uses_its_own_name():
    pos = Position("shogi", fen=fen({"5i": "K", "1a": "k", "5c": "+P", "7c": "+R"}))
    assert pos.move_name(pos.parse_move("+P-5b"), "japanese") == "☗５二と(53)"
    assert pos.move_name(pos.parse_move("+R-7a"), "japanese") == "☗７一龍(73)"


# --- FEN and SFEN ----------------------------------------------------------------------------------
def test_shogi_start_fen_board_equals_fairy_stockfish():
    board = Position("shogi").fen().split("[")[0]
    assert board == pyffish.start_fen("shogi").split("[")[0] == SHOGI_START_BOARD


def test_okisaki_start_fen_board_equals_fairy_stockfish_under_its_setup():
    fsf_board = pyffish.start_fen("okisakishogi").split("[")[0]
    assert Position("okisaki", rules=FSF_SETUP).fen().split("[")[0] == fsf_board
    article_board = Position("okisaki").fen().split("[")[0]
    # the article's set-up differs only on gote's back rank, where king and queen change places
    assert article_board.split("/")[1:] == fsf_board.split("/")[1:]
    assert article_board.split("/")[0] == "lnsgqkgsnl" and fsf_board.split("/")[0] == "lnsgkqgsnl"


def test_fen_after_moves_equals_fairy_stockfish():
    start = pyffish.start_fen("shogi")
    pos = Position("shogi")
    moves = ["c3c4", "g7g6", "b2h8+", "g9h8", "B@e5"]
    for i, text in enumerate(moves):
        pos.push_move(text, "fsf")
        assert pos.fen() == pyffish.get_fen("shogi", start, moves[:i + 1])


def test_fen_halfmove_clock_after_a_promotion_equals_fairy_stockfish():
    """fen.py promises Fairy-Stockfish's FEN exactly; Fairy-Stockfish resets the clock on a promotion."""
    start = fen({"5i": "K", "1a": "k", "5d": "S", "9g": "P", "9c": "p"})
    pos = Position("shogi", fen=start)
    moves = ["a3a4", "a7a6", "e6e7+"]  # two quiet pawn moves, then a silver promotes without capturing
    for text in moves:
        pos.push_move(text, "fsf")
    assert pos.fen() == pyffish.get_fen("shogi", start, moves)


def test_shogi_start_sfen_is_the_standard_one():
    assert write_sfen(Position("shogi")) == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def test_sfen_reads_and_writes_hands_and_side():
    sfen = "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124"
    pos = read_sfen(sfen)
    assert pos.turn == GOTE
    assert pos.pieces_in_hand(SENTE) == {"S": 1}
    assert pos.pieces_in_hand(GOTE) == {"B": 1, "G": 1, "N": 1, "P": 3}
    assert write_sfen(pos) == sfen


def test_sfen_equals_python_shogi_along_games():
    shogi = pytest.importorskip("shogi")
    rng = random.Random(9)
    pos, board = Position("shogi"), shogi.Board()
    for _ in range(100):
        assert write_sfen(pos) == board.sfen()
        assert read_sfen(board.sfen()) == pos
        moves = pos.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        board.push(shogi.Move.from_usi(pos.move_name(move, "usi")))
        pos.push(move)


def test_sfen_is_only_for_standard_shogi():
    with pytest.raises(FenError):
        write_sfen(Position("okisaki"))


def test_wa_start_fen_spells_multi_letter_codes_in_parentheses():
    # the article's diagram, files 11 → 1, with Evans' codes
    expected = ("(lh)(cm)(so)(fc)(vst)(ck)(vw)(fgs)(sc)(bdg)(oc)/1(ce)3(sw)3(ffa)1/"
                "(sp)(sp)(sp)(rr)(sp)(sp)(sp)(tfo)(sp)(sp)(sp)/3(sp)3(sp)3/11/11/11/3(SP)3(SP)3/"
                "(SP)(SP)(SP)(TFO)(SP)(SP)(SP)(RR)(SP)(SP)(SP)/1(FFA)3(SW)3(CE)1/"
                "(OC)(BDG)(SC)(FGS)(VW)(CK)(VST)(FC)(SO)(CM)(LH)")
    assert Position("wa").fen() == expected + " w - - 0 1"
    assert Position("wa", rules=MODERN).fen() == expected + "[] w - - 0 1"


def test_wa_fen_with_promoted_pieces_and_hands_round_trips():
    text = fen({"6k": "CK", "6a": "ck", "5e": "+SP", "3c": "+lh", "8h": "VW"}, "wa", hand="(SP)(SP)(vw)(oc)", side="b")
    pos = Position("wa", fen=text, rules=MODERN)
    assert "+(SP)" in pos.fen() and "+(lh)" in pos.fen()
    assert pos.pieces_in_hand(SENTE) == {"SP": 2} and pos.pieces_in_hand(GOTE) == {"VW": 1, "OC": 1}
    assert pos.turn == GOTE
    assert Position("wa", fen=pos.fen(), rules=MODERN) == pos
    assert Position("wa", fen=pos.fen(), rules=MODERN).fen() == pos.fen()


@pytest.mark.parametrize("variant,rules", [("shogi", None), ("okisaki", None), ("wa", None), ("wa", MODERN)])
def test_fen_round_trips_along_games(variant, rules):
    for pos in random_positions(variant, rules, games=1, plies=80, seed=4):
        again = Position(variant, fen=pos.fen(), rules=rules)
        assert again == pos and again.fen() == pos.fen()


# --- FEN errors ----------------------------------------------------------------------------------------
def _error(text: str, variant: str = "shogi", rules=None) -> ShogiRulesError:
    with pytest.raises(ShogiRulesError) as info:
        Position(variant, fen=text, rules=rules)
    return info.value


def test_fen_with_the_wrong_number_of_ranks():
    err = _error("lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w 0 1")
    assert isinstance(err, FenError) and "9 ranks" in str(err) and "8" in str(err)


def test_fen_with_the_wrong_number_of_files():
    err = _error("lnsgkgsnl/1r5b1/pppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w 0 1")
    assert isinstance(err, FenError) and "rank 3" in str(err) and "8" in str(err)
    err = _error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B6R1/LNSGKGSNL[] w 0 1")
    assert isinstance(err, FenError) and "rank 8" in str(err)


def test_fen_with_an_unknown_piece():
    err = _error("lnsgkgsnl/1r5b1/ppppppppp/9/4Q4/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w 0 1")
    assert isinstance(err, PieceError) and "'Q'" in str(err)
    err = _error(fen({"6k": "CK", "6a": "ck", "5e": "XYZ"}, "wa", hand=None), "wa")
    assert isinstance(err, PieceError) and "XYZ" in str(err).upper()


def test_fen_with_plus_on_a_piece_that_does_not_promote():
    for piece in ("+G", "+K", "+g"):
        err = _error(fen({"5i": "K", "5a": "k", "5e": piece}) if piece != "+K" else
                     "4k4/9/9/9/9/9/9/9/4+K4[] w 0 1")
        assert isinstance(err, FenError) and piece.lstrip("+") in str(err)


def test_fen_with_two_kings_or_none():
    err = _error(fen({"5i": "K", "5e": "K", "5a": "k"}))
    assert isinstance(err, FenError) and "king" in str(err) and "2" in str(err)
    err = _error(fen({"5a": "k"}))
    assert isinstance(err, FenError) and "king" in str(err) and "0" in str(err)


def test_fen_with_the_side_not_to_move_in_check():
    # gote to move while sente's king stands in the rook's file: sente could not have left it so
    err = _error(fen({"5i": "K", "5a": "k", "5c": "r"}, side="b"))
    assert isinstance(err, FenError) and "check" in str(err)
    Position("shogi", fen=fen({"5i": "K", "5a": "k", "5c": "r"}, side="w"))  # the side to move may be


def test_fen_with_pieces_in_hand_for_a_rule_set_without_drops():
    err = _error(fen({"6k": "CK", "6a": "ck"}, "wa", hand="(SP)"), "wa")
    assert isinstance(err, FenError) and "hand" in str(err)
    Position("wa", fen=fen({"6k": "CK", "6a": "ck"}, "wa", hand="(SP)"), rules=MODERN)


def test_fen_with_a_king_or_a_promoted_piece_in_hand():
    assert isinstance(_error(fen({"5i": "K", "5a": "k"}, hand="K")), FenError)
    assert isinstance(_error(fen({"5i": "K", "5a": "k"}, hand="+P")), FenError)


def test_fen_that_is_not_a_fen():
    for text in ("", "hello world", "9/9/9 x 0 1"):
        assert isinstance(_error(text), FenError)


# --- every legal move has its own name, in every notation, in every variant -------------------------
NAME_CASES = [
    ("shogi", None, 1, 30), ("okisaki", None, 1, 30), ("wa", MODERN, 1, 30), ("tenjiku", None, 1, 16),
    ("daidai", None, 1, 12), ("makadaidai", None, 1, 10),
]


def assert_names_unique_and_read_back(pos: Position) -> int:
    readable = ("western", "fsf", "usi")
    moves = pos.legal_moves()
    for notation in ("western", "fsf", "usi", "japanese"):
        listed = [pos.move_name(m, notation) for m in moves]
        clash = {t for t in listed if listed.count(t) > 1}
        assert not clash, (pos.fen(), notation, sorted(clash))
        if notation in readable:
            for move, text in zip(moves, listed):
                assert pos.parse_move(text, notation) == move, (pos.fen(), notation, text)
    return len(moves)


@pytest.mark.parametrize("variant,rules,games,plies", NAME_CASES)
def test_every_legal_move_has_its_own_name_in_every_notation(variant, rules, games, plies):
    """Along seeded random games, the four notations give each legal move a name of its own, and
    the three that are read back (Western, coordinates, USI) read back to the same move."""
    checked = sum(assert_names_unique_and_read_back(pos)
                  for pos in random_positions(variant, rules, games, plies, seed=13))
    assert checked > 200


def test_a_king_that_takes_a_deva_has_three_names_in_usi():
    """Maka Dai Dai: a king that captures a Deva converts into a Teaching King (``10j10i``), keeps
    its identity (``10j10i=``) or keeps it and promotes to Emperor (``10j10i+``)."""
    pos = Position.from_pieces("makadaidai", {"10j": "K", "10i": "dv", "1a": "k"})
    usi = sorted(pos.move_name(m, "usi") for m in pos.legal_moves() if pos.geometry.name(m.target) == "10i")
    assert usi == ["10j10i", "10j10i+", "10j10i="]
    assert pos.parse_move("10j10i", "usi").keep is False and pos.parse_move("10j10i=", "usi").keep is True
    assert pos.parse_move("10j10i+", "usi").promotion is True
    assert_names_unique_and_read_back(pos)
    lion = Position.from_pieces("makadaidai", {"10j": "LN", "10i": "dv", "10h": "dsp", "1s": "K", "1a": "k"})
    assert_names_unique_and_read_back(lion)


@pytest.mark.parametrize("rules", [{"makadaidai.double-conversion": "mover"},
                                   {"makadaidai.double-conversion": "mover", "makadaidai.converted-royal": "stays-royal"}])
def test_a_mover_that_picks_its_conversion_has_a_name_for_each_pick(rules):
    """Maka Dai Dai under the mover's choice: a Lion and a king beside Devas, Dark Spirits and a
    Teaching King have a move for each piece a double capture may make them, each named apart."""
    pos = Position.from_pieces("makadaidai", {"10j": "LN", "10i": "dv", "10h": "dsp", "9i": "dsp", "11i": "+dv",
                                              "9j": "K", "8i": "dv", "1a": "k"}, rules=rules)
    picks = [m for m in pos.legal_moves() if m.conversion]
    assert {m.conversion for m in picks} == {"TK", "BSp"} and len(picks) >= 8
    assert assert_names_unique_and_read_back(pos) > 50


# --- names read back, whatever the case; every name belongs to a legal move -------------------------
def test_dai_dai_stone_general_and_savage_tiger_differ_only_in_case_and_read_back():
    """Dai Dai's Stone General ``St`` and Savage Tiger ``ST`` both reach 4g: each name is read as
    written; a spelling in neither case is refused as ambiguous."""
    pos = Position("daidai", fen="8k8/17/17/17/17/17/17/12(SG)1(ST)2/17/17/17/17/17/17/17/17/8K8 w - - 0 1")
    to_4g = [m for m in pos.legal_moves() if pos.geometry.name(m.target) == "4g"]
    written = sorted(pos.move_name(m) for m in to_4g)
    assert written == ["ST-4g", "St-4g"]
    for move in to_4g:
        assert pos.parse_move(pos.move_name(move)) == move
    with pytest.raises(PieceError, match="differ only in case"):
        pos.parse_move("st-4g")


def test_maka_dai_dai_blind_tiger_and_bat_are_told_apart_by_case():
    """Maka Dai Dai's Blind Tiger is ``BT``; ``Bt`` is the Bat (the promoted Old Rat, written ``+OR``)."""
    pos = Position.from_pieces("makadaidai", {"10j": "BT", "8j": "+OR", "1s": "K", "19a": "k"})
    bat = pos.parse_move("Bt-9k")
    tiger = pos.parse_move("BT-9k")
    assert pos.geometry.name(bat.origin) == "8j" and pos.geometry.name(tiger.origin) == "10j"
    assert pos.move_name(bat) == "+OR-9k" and pos.parse_move("+OR-9k") == bat


@pytest.mark.parametrize("move", [Move(40, 41), Move(0, 0), Move(76, 67, promotion=True)])
def test_a_move_that_is_not_legal_has_no_name_in_any_notation(move):
    pos = Position("shogi")
    for notation in ("western", "fsf", "usi", "japanese"):
        with pytest.raises(IllegalMoveError):
            pos.move_name(move, notation)


def test_japanese_tells_a_pass_that_promotes_from_one_that_does_not():
    """Tenjiku under Adams' rules: a Soaring Eagle in the zone passes, promoting or not."""
    pos = Position.from_pieces("tenjiku", {"5c": "SE", "16p": "K", "1a": "k"}, preset="adams")
    passes = [m for m in pos.legal_moves() if m.origin == m.target]
    assert sorted(pos.move_name(m, "japanese") for m in passes) == ["☗５三鷲じっと不成(5,3)", "☗５三鷲じっと成(5,3)"]


def test_naming_every_legal_move_reads_the_legal_moves_once_per_position(monkeypatch):
    """Western and Japanese names depend on the other legal moves (an origin where two pieces of a
    kind could move, '+'/'=' where the mover had a choice): they are looked up in indexes built once
    per position, so the legs of each move are written a bounded number of times, not once per pair."""
    from shogi_rules.notation import western

    pos = Position("tenjiku")
    for text in ("P-8k", "p-9f", "P-7k", "p-8f"):
        pos.push_move(text)
    calls = 0
    legs = western._legs

    def counted(*args):
        nonlocal calls
        calls += 1
        return legs(*args)

    monkeypatch.setattr(western, "_legs", counted)
    moves = pos.legal_moves()
    assert len({pos.move_name(m) for m in moves} | set()) == len(moves) > 100
    assert {pos.move_name(m, "japanese") for m in moves} and calls <= 3 * len(moves)


# --- position strings: what is written is read, what is read could be written ------------------------
def test_tenjiku_fen_keeps_which_tetrarchs_arrived_last():
    """Under ``tenjiku.tetrarchs.clash=zhwp`` the power of the Tetrarchs that arrived last does not act
    on the enemy Tetrarchs: the FEN's state field keeps the order, so its moves are the game's."""
    pos = Position("tenjiku", fen="8k7/16/16/16/7+(cs)8/16/16/7+(CS)8/16/16/16/16/16/16/16/8K6P b - - 0 1")
    pos.push_move("+ChS-9g")
    again = Position("tenjiku", fen=pos.fen())
    assert pos.fen().split()[3] == "h10"
    assert again.perft(1) == pos.perft(1) == 79
    assert again.parse_move("+ChS-10h") in again.legal_moves()
    with pytest.raises(FenError, match="arrival order means nothing"):
        Position("tenjiku", fen=pos.fen().replace(" h10 ", " a1 "))


def test_fen_keeps_a_promotion_deferred_by_declining():
    """Chu shogi as English Wikipedia has it (``zone-with-delay``): a Gold that entered the zone
    without promoting may not promote on its next quiet move; the FEN says so (``=`` and its square)."""
    pos = Position.from_pieces("chu", {"7e": "G", "1l": "K", "12a": "k"}, preset="enwp")
    pos.push_all(["7e7d", "12a11a"])
    assert not any(m.promotion for m in pos.legal_moves())
    fen = pos.fen()
    assert fen.split()[3] == "=f9"
    assert set(Position(pos.rules, fen=fen).legal_moves()) == set(pos.legal_moves())
    without = Position(pos.rules, fen=fen.replace(" =f9 ", " - "))
    assert any(m.promotion for m in without.legal_moves())     # the state is what forbids the promotion


def test_fen_keeps_a_fire_demon_promoted_on_the_last_move_under_delayed_burning():
    """Tenjiku with ``tenjiku.fire-demon.promotion-burn=delayed``: a Water Buffalo promotes to a Fire
    Demon next to two gote pieces, which burn at the end of gote's next move; read from the FEN
    (``*`` and the demon's square), the position burns them too."""
    rules = {"tenjiku.fire-demon.promotion-burn": "delayed"}
    pos = Position.from_pieces("tenjiku", {"8g": "WB", "7d": "p", "9d": "g", "1p": "K", "16a": "k"}, rules=rules)
    pos.push_move("WBf-8e+")
    again = Position(pos.rules, fen=pos.fen())
    assert pos.fen().split()[3] == "*i12"
    for p in (pos, again):
        p.push_move("k-15a")
    assert again.fen() == pos.fen() and not again.piece_at(pos.geometry.parse("7d"))


def test_lishogi_sfen_counts_are_read_as_written():
    from shogi_rules.notation import lishogi

    start = lishogi.write_sfen(Position("chu"))
    board = start.split()[0]
    with pytest.raises(FenError, match="digits"):
        lishogi.read_sfen(f"{board} b - {'9' * 5000}")
    with pytest.raises(FenError):
        lishogi.read_sfen(f"{board} b - 0")
    with pytest.raises(FenError):
        lishogi.read_sfen(f"{board} b - {lishogi.MAX_COUNT + 1}")
    with pytest.raises(FenError, match="from 1"):
        Position("chu", fen=Position("chu").fen()[:-2] + " 0")       # no move 0, so no SFEN count -1
    last = Position("chu", fen=Position("chu").fen().rsplit(" ", 1)[0] + " 999999999")
    assert lishogi.read_sfen(lishogi.write_sfen(last)) == last
    assert lishogi.write_sfen(lishogi.read_sfen(f"{board} w - {lishogi.MAX_COUNT}")).endswith(f" {lishogi.MAX_COUNT}")


def test_a_lion_capture_square_must_be_where_a_lion_could_just_have_been_taken():
    empty_8d = "6k5/12/12/12/12/12/12/12/12/12/12/5K6 w 8d 12"
    from shogi_rules.notation import lishogi
    with pytest.raises(FenError, match="8d"):
        lishogi.read_sfen(empty_8d)
    with pytest.raises(FenError, match="8d"):
        Position("chu", fen="6k5/12/12/12/12/12/12/12/12/12/12/5K6 b - e9 0 6")
    assert lishogi.read_sfen("6k5/12/12/4+O7/12/12/12/12/12/12/12/5K6 w 8d 12").lion_capture is not None


def test_from_pieces_refuses_a_hand_the_rule_set_cannot_hold():
    with pytest.raises(FenError, match="no pieces in hand"):
        Position.from_pieces("chu", {"6l": "K", "7a": "k"}, hands="P")
    with pytest.raises(FenError, match="no pieces in hand"):
        Position.from_pieces("wa", {"6k": "CK", "6a": "ck"}, hands="(SP)")
    assert Position.from_pieces("shogi", {"5i": "K", "5a": "k"}, hands="P").pieces_in_hand(SENTE) == {"P": 1}


def test_a_hand_longer_than_any_hand_is_refused_by_its_length():
    with pytest.raises(FenError, match="1,000,000 characters"):
        Position("shogi", fen=f"{SHOGI_START_BOARD}[{'P' * 1_000_000}] w 0 1")


# --- every rule set: every name read back and unique, every FEN read back to the same moves ---------
def _rule_sets():
    from shogi_rules import VARIANT_IDS, get_variant

    out = []
    for vid in VARIANT_IDS:
        out.append(pytest.param(vid, None, id=vid))
        out += [pytest.param(vid, p.id, id=f"{vid}-{p.id}") for p in get_variant(vid).presets]
    return out


def _positions(rules, seed: int):
    """Positions of a seeded random game under ``rules`` that prefers captures (so that the pieces
    meet within a few dozen plies): on the large boards every sixth ply of 60 (each position of
    Tenjiku has some 200 moves to name and read in three notations), else every ply of 40."""
    rng = random.Random(seed)
    pos = Position(rules)
    large = pos.geometry.size > 144
    for ply in range(60 if large else 40):
        moves = pos.legal_moves()
        if not moves or pos.outcome() is not None:
            return
        if not large or ply % 6 == 5:
            yield pos
        captures = [m for m in moves if m.origin is not None
                    and any(pos.board[s] for s in (*m.path, m.target) if s != m.origin)]
        pos.push(rng.choice(captures if captures and rng.random() < 0.6 else moves))


def _crowded(rules, seed: int):
    """Positions after up to four plies from a seeded crowded block: a king a side and some 30 pieces,
    half of them of the special types (lion power, burning, paralysis, range jumps, …), packed into
    the middle of the board so that they meet at once (boards the FEN reader refuses as impossible,
    such as a king in check on the wrong move, are skipped for the next seed)."""
    from shogi_rules import FenError

    rng = random.Random(seed)
    start = Position(rules)
    t, g = start.tables, start.geometry
    kinds = [k for k in t.types[1:] if not k.royal]
    special = [k for k in kinds if t.specials[2 * k.id] or k.kind.burns or k.kind.immobilises
               or k.kind.converts_capturer_to] or kinds
    king = next(k for k in t.types[1:] if k.royal and not k.promoted)
    rows = range(max(0, g.ranks // 2 - 4), min(g.ranks, g.ranks // 2 + 4))
    block = [g.name(r * g.files + c) for r in rows for c in range(max(0, g.files // 2 - 4), min(g.files, g.files // 2 + 4))]
    for _ in range(50):
        squares = rng.sample(block, 32)
        pieces = {squares[0]: king.fen.upper(), squares[1]: king.fen.lower()}
        used: dict[int, int] = {}
        for name in squares[2:]:
            kind = rng.choice(special if rng.random() < 0.5 else kinds)
            base = t.demotes[2 * kind.id]
            if start.variant.drops and used.get(base, 0) >= t.supply.get(base, 0):
                continue                                   # with drops no more of a piece than the sets hold
            used[base] = used.get(base, 0) + 1
            pieces[name] = kind.fen.lower() if rng.random() < 0.5 else kind.fen.upper()
        try:
            pos = Position.from_pieces(rules, pieces, turn=rng.choice([SENTE, GOTE]))
        except FenError:
            continue
        break
    else:
        raise AssertionError("no crowded position in 50 tries")
    for _ in range(4):
        moves = pos.legal_moves()
        if not moves or pos.outcome() is not None:
            return
        yield pos
        captures = [m for m in moves if m.origin is not None
                    and any(pos.board[s] for s in (*m.path, m.target) if s != m.origin)]
        pos.push(rng.choice(captures or moves))


def _fen_limit_explains(pos: Position, move: Move, schemes: tuple[str, ...] = ("zone-adams",)) -> bool:
    """Whether ``move``, legal in the position read from the FEN but not in the game, is one that the
    FEN's documented limit (no history) explains: a promotion that Adams' scheme forbids for a piece
    that declined its first chance (which depends on the piece's whole path; ``schemes``: the
    promotion schemes whose history the position string does not hold), or a move that would recreate
    a position played before under a rule against it."""
    rule = pos.variant.switches.repetition.rule
    if rule in ("no-repeat-position", "no-repeat-position-unless-in-check"):
        seen = set(pos.hash_history)
        pos.push(move)
        again = pos.hash in seen
        pos.pop()
        if again:
            return True
    return (pos.variant.promotion in schemes and move.promotion
            and move._replace(promotion=False) in pos.legal_moves())


@pytest.mark.parametrize("variant,preset", _rule_sets())
def test_every_name_reads_back_and_every_fen_keeps_the_legal_moves(variant, preset):
    """In every variant under its default rules and every preset, along a seeded random game and a few
    plies from a crowded block of pieces: every
    legal move has a name of its own in every notation the package writes (Fairy-Stockfish
    coordinates, USI, which for Chu shogi is lishogi's, Western and Japanese), every name that can
    be read is read back as that move, and the FEN (for Chu shogi lishogi's SFEN too) reads back to
    a position with the same legal moves, or more where the FEN's documented limit (no history)
    explains each one. A Western name is also read as a record replay reads it, among the moves of the
    piece it names (or the drops onto its square) only: it gives the same move, and the names of the
    position before give the same move or are refused in the same words."""
    from shogi_rules import RuleSet
    from shogi_rules.notation import lishogi, western
    from shogi_rules.notation.moves import NOTATIONS

    def read(text, narrow):
        try:
            return western.parse_western(pos, text, narrow)
        except MoveError as exc:
            return f"{type(exc).__name__}: {exc}"

    rules = RuleSet.of(variant, preset=preset)
    checked = 0
    seed = sum(map(ord, f"{variant}{preset}"))
    before: list[str] = []
    for pos in itertools.chain(_positions(rules, seed), _crowded(rules, seed)):
        moves = pos.legal_moves()
        for text in before:
            assert read(text, True) == read(text, False), (pos.fen(), text)
        for notation in NOTATIONS.values():
            if not notation.describes(pos):
                continue
            written = [notation.write(pos, m) for m in moves]
            assert len(set(written)) == len(written), (pos.fen(), notation.id)
            if notation.parse is not None:
                for move, text in zip(moves, written):
                    assert pos.parse_move(text, notation.id) == move, (pos.fen(), notation.id, text)
            if notation.id == "western":
                for move, text in zip(moves, written):
                    assert western.parse_western(pos, text, narrow=True) == move, (pos.fen(), text)
                before = written
        legal = set(moves)
        strings = [("fen", Position(rules, fen=pos.fen()), ("zone-adams",))]
        if lishogi.describes(rules.variant):    # lishogi's rules defer no promotion: its SFEN has no field for it
            strings.append(("sfen", lishogi.read_sfen(lishogi.write_sfen(pos), rules), ("zone-with-delay",)))
        for dialect, again, schemes in strings:
            extra = set(again.legal_moves()) - legal
            assert legal <= set(again.legal_moves()), (dialect, pos.fen())
            assert all(_fen_limit_explains(pos, m, schemes) for m in extra), (dialect, pos.fen(), sorted(extra)[:3])
        checked += len(moves)
    assert checked > 100


def test_read_position_takes_the_fen_or_the_variants_sfen_and_position_reads_only_the_fen():
    """``Position(variant, fen=...)`` reads the project's FEN and nothing else; the notations read the
    SFENs (USI's for shogi, lishogi's for Chu shogi), and ``read_position`` (the command's ``--fen``)
    takes whichever form it is given."""
    from shogi_rules import RuleSet
    from shogi_rules.notation import lishogi
    from shogi_rules.notation.fen import read_position, write_variant_sfen

    shogi = Position("shogi")
    shogi.push_all(["P-7f", "P-3d"])
    chu = Position("chu")
    chu.push_move("7i7h", "usi")
    for pos in (shogi, chu):
        sfen = write_variant_sfen(pos)
        assert read_position(pos.rules, sfen) == pos          # an SFEN has no halfmove clock
        assert read_position(pos.rules, pos.fen()) == pos
        with pytest.raises(FenError, match="not a FEN"):
            Position(pos.rules, fen=sfen)
    assert lishogi.read_sfen(write_variant_sfen(chu), RuleSet.of("chu")) == chu
    with pytest.raises(FenError, match="standard shogi only"):
        read_sfen(write_sfen(shogi), RuleSet.of("okisaki"))


# --- a reader takes only what a writer would write (hostile round four) ---------------------------
def test_a_western_drop_names_no_origin_no_promotion_and_only_the_burns_it_makes():
    pos = Position("shogi")
    pos.push_all(["P-7f", "P-3d", "Bx2b+", "Sx2b"])
    assert pos.parse_move("B*5e") == Move(None, pos.geometry.parse("5e"), drop=pos.tables.type_by_code("B"))
    for text in ("B*5e+", "B*5e=", "B*5e^X", "B9i*5e"):
        with pytest.raises(MoveError, match="drop|dropped"):
            pos.parse_move(text, "western")
    for text in ("B*5ex!5d", "B*5e*"):  # (a burn written where the engine burns nothing)
        with pytest.raises(IllegalMoveError, match="burns"):
            pos.parse_move(text, "western")


def test_a_western_move_lists_on_its_way_only_the_pieces_it_takes():
    pos = Position("shogi")
    for text in ("P-5e-7f", "P-1e-7f-7f", "P-7fx!7f", "P-7f-7f"):
        with pytest.raises(IllegalMoveError):
            pos.parse_move(text, "western")
    chu = Position.from_pieces("chu", {"6l": "K", "7a": "k", "7h": "N", "7g": "p"})
    taking = chu.parse_move("Lnx7g-7f")  # (a Lion takes on its first step and goes on)
    assert taking.path == (chu.geometry.parse("7g"),) and chu.move_name(taking) == "Lnx7g-7f"
    for text in ("Ln-7g-7f", "Lnx7g-7f-7f", "Ln-8g-7g-7f"):
        with pytest.raises(IllegalMoveError):
            chu.parse_move(text, "western")
    passing = chu.parse_move("Ln-8g-7h")  # (a pass: out to an empty square and back, the one form with '-' legs)
    assert passing.target == passing.origin


def test_a_kif_move_marked_for_the_other_side_or_declining_where_nothing_promotes_is_refused():
    pos = Position("shogi")
    assert pos.parse_move("▲７六歩(77)", "kif") == pos.parse_move("☗７六歩(77)", "kif") == pos.parse_move("P-7f")
    for text in ("☖７六歩(77)", "△７六歩(77)"):
        with pytest.raises(IllegalMoveError, match="sente's move, not gote's"):
            pos.parse_move(text, "kif")
    with pytest.raises(IllegalMoveError, match="不成"):
        pos.parse_move("７六歩不成(77)", "kif")
    chu = Position("chu")
    with pytest.raises(IllegalMoveError, match="sente's move"):
        chu.parse_move("☖" + chu.move_name(chu.legal_moves()[0], "kif"), "kif")
    deep = Position("shogi", fen="lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 0 3")
    declined = deep.parse_move("２二角不成(88)", "kif")      # (the Bishop could promote there: it declines)
    assert not declined.promotion and declined.target == deep.geometry.parse("2b")


def test_square_names_have_no_leading_zero_and_usi_drops_are_ascii():
    pos = Position("shogi")
    for text, notation in (("P-07f", "western"), ("7g07f", "usi"), ("c3c04", "fsf"), ("c03c4", "fsf")):
        with pytest.raises(MoveError):
            pos.parse_move(text, notation)
    pos.push_all(["P-7f", "P-3d", "Bx2b+", "Sx2b"])
    assert pos.parse_move("B*5e", "usi") == pos.parse_move("B*5e", "western")
    for text in ("B*５e", "B*05e", "B*5e+"):
        with pytest.raises(MoveError):
            pos.parse_move(text, "usi")


def test_a_fen_or_sfen_is_written_only_where_it_reads_back():
    at_limit = Position("shogi", fen=f"{SHOGI_START_BOARD}[] w - - 0 999999999")
    gote = Position("shogi", fen=f"{SHOGI_START_BOARD}[] b - - 0 999999999")
    for pos in (at_limit, gote):
        assert read_sfen(write_sfen(pos)) == pos and Position("shogi", fen=pos.fen()) == pos
    assert write_sfen(gote).endswith(" 1999999998")
    gote.push_move("P-3d")  # (past the last ply a move number stands for)
    with pytest.raises(FenError, match="move number 1,000,000,000"):
        gote.fen()
    with pytest.raises(FenError, match="beyond"):
        write_sfen(gote)
    clock = Position("shogi", fen=f"{SHOGI_START_BOARD}[] w - - 999999999 1")
    clock.push_move("P-7f")
    with pytest.raises(FenError, match="halfmove clock"):
        clock.fen()
    with pytest.raises(FenError):
        read_sfen(f"{SHOGI_START_BOARD} b - 1999999999")


def test_from_board_checks_what_a_fen_reader_checks():
    board = Position("shogi").board
    nobody = [[0] * len(Position("shogi").tables.types) for _ in range(2)]
    bad = [
        ((list(board), 2, 0), {}, "turn"),
        ((list(board), -1, 0), {}, "turn"),
        ((list(board), 0, -1), {}, "ply"),
        ((list(board), 0, 2 * 10**9), {}, "ply"),
        ((list(board[:-1]) + [999], 0, 0), {}, "no piece code"),
        ((list(board[:-1]) + [1], 0, 0), {}, "no piece code"),
        ((list(board), 0, 0), {"hands": []}, "two lists"),
        ((list(board), 0, 0), {"hands": [nobody[0][:-1], nobody[1]]}, "counts"),
        ((list(board), 0, 0), {"hands": [[0] * 9 + [-1] + [0] * 5, nobody[1]]}, "-1"),
        ((list(board), 0, 0), {"hands": [[0, 1] + [0] * 13, nobody[1]]}, "cannot hold 1 × K"),
    ]
    for args, kwargs, message in bad:
        with pytest.raises(FenError if message not in ("turn",) else ShogiRulesError, match=message):
            Position.from_board("shogi", *args, **kwargs)
    with pytest.raises(TypeError):
        Position.from_board("shogi", [float(c) for c in board], 0, 0)
    with pytest.raises(TypeError):
        Position.from_board("chu", list(Position("chu").board), 0, 0, lion_capture=3.0)
    chu_types = len(Position("chu").tables.types)
    with pytest.raises(FenError, match="no pieces in hand"):
        Position.from_board("chu", list(Position("chu").board), 0, 0, hands=[[0] * chu_types, [0, 0, 1] + [0] * (chu_types - 3)])
    same = Position.from_board("shogi", tuple(board), 1, 7, hands=nobody)
    assert same.fen() == f"{SHOGI_START_BOARD}[] b - - 0 4" and same.ply == 7
