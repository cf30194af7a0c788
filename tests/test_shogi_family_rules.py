"""Scenario tests for the rules shared by the shogi family (shogi, Okisaki, Wa).

Each test builds a small position by hand, names the rule it proves and checks the engine against
what the rule says (the JSA rules for shogi; the Chinese Wikipedia articles for Okisaki and Wa). Positions are
written with :func:`fen`, which places pieces by square name (``{"5i": "K", "5a": "k"}``) so that
every position can be read at a glance; upper case is sente, lower case gote, ``+`` a promoted piece.
"""

from __future__ import annotations

import pytest
from helpers import all_squares, fen, rays

from shogi_rules import GOTE, SENTE, FenError, Position
from shogi_rules.engine import movegen


# --- helpers (with those of tests/helpers.py) -----------------------------------------------------
from shogi_rules.notation.fen import write_sfen
def position(pieces, variant="shogi", hand="", side="sente", rules=None) -> Position:
    """A board holding ``pieces``; the hand is left out where the rules have no drops (Wa by default)."""
    return Position.from_pieces(variant, pieces, SENTE if side == "sente" else GOTE, hand, rules)


def board_moves(pos: Position, origin: str) -> set[tuple[str, bool]]:
    """The board moves from ``origin`` as (target, promotes) pairs."""
    g = pos.geometry
    o = g.parse(origin)
    return {(g.name(m.target), m.promotion) for m in pos.legal_moves() if m.origin == o}


def targets(pos: Position, origin: str) -> set[str]:
    return {t for t, _ in board_moves(pos, origin)}


def drop_squares(pos: Position, code: str) -> set[str]:
    g = pos.geometry
    tid = pos.tables.type_by_code(code)
    return {g.name(m.target) for m in pos.legal_moves() if m.origin is None and m.drop == tid}


def all_drops(pos: Position) -> list:
    return [m for m in pos.legal_moves() if m.origin is None]


def empty_squares(pos: Position) -> set[str]:
    g = pos.geometry
    return {g.name(sq) for sq, code in enumerate(pos.board) if not code}


def code_at(pos: Position, square: str) -> tuple[str, int] | None:
    found = pos.piece_at(pos.geometry.parse(square))
    return None if found is None else (found[0].code, found[1])


def play(pos: Position, moves: list[str]) -> None:
    for text in moves:
        pos.push_move(text)


# --- promotion: where it is allowed --------------------------------------------------------------
def test_promotion_is_optional_on_entering_the_zone():
    pos = position({"5i": "K", "1a": "k", "5d": "S"})
    assert board_moves(pos, "5d") == {
        ("4c", True), ("4c", False), ("5c", True), ("5c", False), ("6c", True), ("6c", False),
        ("4e", False), ("6e", False)}


def test_promotion_is_optional_when_moving_inside_the_zone():
    pos = position({"5i": "K", "1a": "k", "2b": "R"})
    moves = board_moves(pos, "2b")
    assert {("2a", True), ("2a", False), ("3b", True), ("3b", False)} <= moves
    inside = {t for t, _ in moves if t[-1] in "abc"}
    assert all((t, True) in moves and (t, False) in moves for t in inside)


def test_promotion_is_optional_when_leaving_the_zone():
    pos = position({"5i": "K", "1a": "k", "5c": "S", "2c": "R"})
    assert {("4d", True), ("4d", False), ("6d", True), ("6d", False)} <= board_moves(pos, "5c")
    rook = board_moves(pos, "2c")
    for t in ("2d", "2e", "2f", "2g", "2h", "2i"):
        assert (t, True) in rook and (t, False) in rook


def test_no_promotion_outside_the_zone():
    pos = position({"5i": "K", "1a": "k", "5e": "S", "2d": "R"})
    assert board_moves(pos, "5e") == {("4d", False), ("5d", False), ("6d", False), ("4f", False), ("6f", False)}
    rook = board_moves(pos, "2d")
    assert (("2e", True) not in rook) and (("9d", True) not in rook) and ("2e", False) in rook
    assert ("2c", True) in rook  # entering from rank d


def test_gote_promotion_zone_is_sente_s_first_three_ranks():
    pos = position({"5i": "K", "1a": "k", "5f": "s", "5e": "s"}, side="gote")
    assert ("5g", True) in board_moves(pos, "5f") and ("5g", False) in board_moves(pos, "5f")
    assert board_moves(pos, "5e") == {("4f", False), ("6f", False), ("4d", False), ("6d", False)}


def test_gold_king_and_promoted_pieces_never_promote():
    pos = position({"5i": "K", "1a": "k", "5d": "G", "2c": "+R", "7d": "+P"})
    for origin in ("5d", "2c", "7d"):
        assert board_moves(pos, origin), origin
        assert all(not promo for _, promo in board_moves(pos, origin)), origin


def test_promotion_changes_the_piece_permanently():
    pos = position({"5i": "K", "1a": "k", "5d": "S"})
    pos.push_move("S-5c+")
    assert code_at(pos, "5c") == ("+S", SENTE)
    pos.push_move("K-2a")
    # the promoted silver moves like a gold: straight back and sideways, no longer diagonally back
    assert targets(pos, "5c") == {"4b", "5b", "6b", "4c", "6c", "5d"}


# --- promotion: where it is compulsory -----------------------------------------------------------
def test_shogi_pawn_must_promote_on_the_last_rank():
    pos = position({"5i": "K", "1a": "k", "3b": "P", "7c": "P"})
    assert board_moves(pos, "3b") == {("3a", True)}
    assert board_moves(pos, "7c") == {("7b", True), ("7b", False)}


def test_shogi_lance_must_promote_on_the_last_rank_only():
    pos = position({"5i": "K", "3a": "k", "1d": "L"})
    assert board_moves(pos, "1d") == {("1c", True), ("1c", False), ("1b", True), ("1b", False), ("1a", True)}


def test_shogi_knight_must_promote_on_the_last_two_ranks():
    pos = position({"5i": "K", "5a": "k", "2d": "N", "8e": "N", "7c": "N"})
    assert board_moves(pos, "2d") == {("1b", True), ("3b", True)}
    assert board_moves(pos, "8e") == {("9c", True), ("9c", False)}  # 7c holds sente's own knight
    assert board_moves(pos, "7c") == {("6a", True), ("8a", True)}


def test_gote_pawn_lance_knight_must_promote_on_sente_s_back_ranks():
    pos = position({"5i": "K", "5a": "k", "3h": "p", "1f": "l", "8f": "n"}, side="gote")
    assert board_moves(pos, "3h") == {("3i", True)}
    assert ("1i", False) not in board_moves(pos, "1f") and ("1i", True) in board_moves(pos, "1f")
    assert ("1h", False) in board_moves(pos, "1f")
    assert board_moves(pos, "8f") == {("7h", True), ("9h", True)}


def test_a_piece_may_not_stand_where_it_could_never_move_again():
    with pytest.raises(FenError):
        position({"5i": "K", "5a": "k", "3a": "P"})
    with pytest.raises(FenError):
        position({"5i": "K", "5a": "k", "3b": "N"})
    with pytest.raises(FenError):
        position({"5i": "K", "5a": "k", "3i": "l"})
    position({"5i": "K", "5a": "k", "3b": "P", "3c": "N", "3a": "+P"})  # all can still move


def test_okisaki_pawn_must_promote_on_the_last_rank():
    pos = position({"5j": "K", "5a": "k", "3b": "P", "8c": "P"}, "okisaki")
    assert board_moves(pos, "3b") == {("3a", True)}
    assert board_moves(pos, "8c") == {("8b", True), ("8b", False)}


def test_okisaki_knight_and_reverse_chariot_are_never_forced_to_promote():
    pos = position({"5j": "K", "5a": "k", "7c": "N", "2c": "L"}, "okisaki")
    knight = board_moves(pos, "7c")
    assert {("6a", True), ("6a", False), ("8a", True), ("8a", False), ("9b", False), ("5b", False)} <= knight
    chariot = board_moves(pos, "2c")
    assert {("2a", True), ("2a", False), ("2b", False)} <= chariot
    # and they may stand on the last rank, since they can still move from there
    position({"5j": "K", "5a": "k", "7a": "N", "1a": "L"}, "okisaki")


WA_PROMOTING = ("FFa", "SW", "RR", "VW", "VSt", "FGs", "FC", "SC", "SO", "BDg", "CM", "LH")


def test_wa_sparrow_pawn_and_oxcart_must_promote_on_the_last_rank():
    pos = position({"6k": "CK", "6f": "ck", "3b": "SP", "1c": "OC", "9c": "SP"}, "wa")
    assert board_moves(pos, "3b") == {("3a", True)}
    assert board_moves(pos, "1c") == {("1b", True), ("1b", False), ("1a", True)}
    assert board_moves(pos, "9c") == {("9b", True), ("9b", False)}


@pytest.mark.parametrize("code", WA_PROMOTING)
def test_wa_no_other_piece_is_forced_to_promote(code):
    pos = position({"11k": "CK", "1f": "ck", "6b": code.upper()}, "wa")
    moves = board_moves(pos, "6b")
    last_rank = {t for t, _ in moves if t.endswith("a")}
    assert last_rank, f"{code} should reach rank a from 6b"
    for t in last_rank:
        assert (t, False) in moves and (t, True) in moves, (code, t)


def test_wa_liberated_horse_on_the_last_rank_can_still_move_back():
    pos = position({"11k": "CK", "1f": "ck", "6a": "LH"}, "wa")  # accepted: not a dead piece
    assert {"6b", "6c"} <= targets(pos, "6a")
    with pytest.raises(FenError):
        position({"11k": "CK", "1f": "ck", "6a": "OC"}, "wa")
    with pytest.raises(FenError):
        position({"11k": "CK", "1f": "ck", "6a": "SP"}, "wa")


def test_wa_cloud_eagle_and_treacherous_fox_do_not_promote():
    pos = position({"11k": "CK", "1f": "ck", "6b": "CE", "8c": "TFO"}, "wa")
    for origin in ("6b", "8c"):
        assert board_moves(pos, origin)
        assert all(not promo for _, promo in board_moves(pos, origin))


# --- drops ----------------------------------------------------------------------------------------
def test_captured_piece_goes_to_hand_unpromoted():
    pos = position({"5i": "K", "9a": "k", "2h": "R", "2c": "+b", "6g": "+p", "7f": "B"})
    pos.push_move("Rx2c+")
    assert pos.pieces_in_hand(SENTE) == {"B": 1}
    pos.push_move("K-8a")
    pos.push_move("Bx6g")
    assert pos.pieces_in_hand(SENTE) == {"B": 1, "P": 1}
    assert pos.pieces_in_hand(GOTE) == {}


def test_gote_capturing_a_promoted_piece_gets_the_base_piece():
    pos = position({"5i": "K", "1a": "k", "3c": "+R", "3b": "s"}, side="gote")
    pos.push_move("Sx3c")
    assert pos.pieces_in_hand(GOTE) == {"R": 1}


def test_pieces_are_dropped_unpromoted_even_inside_the_zone():
    pos = position({"5i": "K", "1a": "k"}, hand="SB")
    assert not [m for m in all_drops(pos) if m.promotion]
    assert "5c" in drop_squares(pos, "S")
    pos.push_move("S*5c")
    assert code_at(pos, "5c") == ("S", SENTE)
    assert pos.pieces_in_hand(SENTE) == {"B": 1}
    pos.push_move("K-1b")
    # the dropped silver may promote on its next move inside the zone
    assert ("5b", True) in board_moves(pos, "5c")


def test_a_drop_goes_only_on_an_empty_square():
    pos = position({"5i": "K", "1a": "k", "5e": "p", "4e": "G"}, hand="G")
    dropped = drop_squares(pos, "G")
    assert dropped == empty_squares(pos)
    assert "5e" not in dropped and "4e" not in dropped


def test_nifu_no_second_unpromoted_pawn_on_a_file():
    pos = position({"5i": "K", "1a": "k", "5g": "P", "3d": "+P", "4c": "p"}, hand="P")
    dropped = drop_squares(pos, "P")
    assert not any(sq.startswith("5") for sq in dropped)
    assert {"3e", "3b"} <= dropped  # a promoted pawn does not count
    assert {"4d", "4b"} <= dropped  # nor does an enemy pawn
    assert {"9b", "9i"} <= dropped


def test_uchifuzume_a_pawn_drop_may_not_checkmate():
    pos = position({"5i": "K", "1a": "k", "2a": "n", "2c": "G"}, hand="P")
    assert "1b" not in drop_squares(pos, "P")
    assert "1c" in drop_squares(pos, "P")


def test_pawn_drop_that_checks_without_mating_is_legal():
    pos = position({"5i": "K", "1a": "k", "2a": "n", "3c": "G"}, hand="P")
    assert "1b" in drop_squares(pos, "P")
    pos.push_move("P*1b")
    assert pos.is_check()
    assert pos.outcome() is None
    assert [pos.move_name(m) for m in pos.legal_moves()] == ["Kx1b"]


def test_non_pawn_drop_that_checkmates_is_legal():
    pos = position({"5i": "K", "1a": "k", "2a": "n", "2c": "G"}, hand="G")
    assert "1b" in drop_squares(pos, "G")
    pos.push_move("G*1b")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner == SENTE and outcome.reason == "checkmate"


def test_pawn_move_that_checkmates_is_legal():
    # the same mate as the forbidden pawn drop, but made by moving a pawn on the board
    pos = position({"5i": "K", "1a": "k", "2a": "n", "2c": "G", "1c": "P"})
    assert ("1b", False) in board_moves(pos, "1c")
    pos.push_move("P-1b=")
    assert pos.outcome() is not None and pos.outcome().reason == "checkmate"


def test_the_search_for_a_reply_stops_at_the_first_legal_move():
    """After a checking pawn drop the uchifuzume test asks whether the side in check has any legal
    move: it tries the evasions on the board one by one and stops at the first that is legal."""
    pos = position({"5i": "K", "1a": "k", "2a": "n", "3c": "G", "9c": "p"}, hand="P")
    pos.push_move("P*1b")                       # check: gote's king takes or dies
    pushes = []
    push = pos.push
    pos.push = lambda m: (pushes.append(m), push(m))[1]
    assert movegen.has_legal_move(pos)
    assert 0 < len(pushes) < len(movegen.pseudo_legal_board_moves(pos))


def test_the_game_end_reads_the_cached_legal_moves(monkeypatch):
    pos = Position("shogi")
    pos.push_all(["P-7f", "P-3d"])
    pos.legal_moves()
    calls = []
    generate = movegen.pseudo_legal_board_moves
    monkeypatch.setattr(movegen, "pseudo_legal_board_moves", lambda p: (calls.append(p), generate(p))[1])
    assert pos.outcome() is None and pos.legal_moves() and not calls


def test_uchifuzume_a_capture_by_a_pinned_piece_does_not_count():
    # Gote's gold on 2b is the only piece that could take a pawn dropped on 1b (the silver on 2c
    # guards 1b against the king). With sente's bishop on 4d the gold is pinned to the king on 1a,
    # so the drop would mate and is illegal; without the bishop the gold takes and the drop is legal.
    pinned = position({"5i": "K", "1a": "k", "2a": "n", "2b": "g", "4d": "B", "2c": "S"}, hand="P")
    assert "1b" not in drop_squares(pinned, "P")
    assert "1c" in drop_squares(pinned, "P")
    free = position({"5i": "K", "1a": "k", "2a": "n", "2b": "g", "2c": "S"}, hand="P")
    assert "1b" in drop_squares(free, "P")
    free.push_move("P*1b")
    assert {free.move_name(m) for m in free.legal_moves()} == {"Gx1b"}


def test_uchifuzume_in_a_crowded_middlegame():
    # From a random game. P*1f checks gote's king on 1e; the king cannot take (the rook on 5f guards
    # 1f along rank f), 2f is the rook's too, and no other gote piece reaches 1f (the lance on 1d is
    # behind its own king). So the drop would mate and is illegal. python-shogi agrees; Fairy-Stockfish
    # 0.0.90 lists the drop as legal, which is why this position is pinned here.
    text = "5Gb2/p7s/3N+R2lp/g1pPp1Kpl/s1NGPp1lk/1p1pR4/N1P2g3/2l3+p1S/2BS1+n3[PPPPpp] w - - 0 96"
    pos = Position("shogi", fen=text)
    assert "1f" not in drop_squares(pos, "P")
    assert "2f" in drop_squares(pos, "P") or "3f" in drop_squares(pos, "P")
    shogi = pytest.importorskip("shogi")
    assert "P*1f" not in {m.usi() for m in shogi.Board(write_sfen(pos)).legal_moves}


def test_no_drop_where_the_piece_could_never_move():
    pos = position({"5i": "K", "5e": "k"}, hand="PLNS")
    assert drop_squares(pos, "P") == empty_squares(pos) - all_squares("shogi", "a")
    assert drop_squares(pos, "L") == empty_squares(pos) - all_squares("shogi", "a")
    assert drop_squares(pos, "N") == empty_squares(pos) - all_squares("shogi", "ab")
    assert drop_squares(pos, "S") == empty_squares(pos)


def test_gote_drop_restrictions_mirror_sente_s():
    pos = position({"5a": "k", "5e": "K"}, hand="pln", side="gote")
    assert drop_squares(pos, "P") == empty_squares(pos) - all_squares("shogi", "i")
    assert drop_squares(pos, "L") == empty_squares(pos) - all_squares("shogi", "i")
    assert drop_squares(pos, "N") == empty_squares(pos) - all_squares("shogi", "hi")


def test_okisaki_knight_and_reverse_chariot_may_be_dropped_anywhere_but_not_the_pawn_on_the_last_rank():
    pos = position({"5j": "K", "5e": "k"}, "okisaki", hand="NLP")
    assert drop_squares(pos, "N") == empty_squares(pos)
    assert drop_squares(pos, "L") == empty_squares(pos)
    assert drop_squares(pos, "P") == empty_squares(pos) - all_squares("okisaki", "a")


def test_okisaki_nifu_applies():
    pos = position({"5j": "K", "5a": "k", "5g": "P"}, "okisaki", hand="P")
    assert not any(sq[:-1] == "5" for sq in drop_squares(pos, "P"))
    assert "10c" in drop_squares(pos, "P")


def test_wa_without_drops_has_no_drops_and_captures_go_nowhere():
    pos = position({"6k": "CK", "6a": "ck", "3f": "RR", "3c": "sp"}, "wa")
    assert pos.variant.drops is False
    pos.push_move("RRx3c+")
    assert pos.pieces_in_hand(SENTE) == {} and all(n == 0 for n in pos.hands[SENTE])
    assert "[" not in pos.fen()
    pos.push_move("CK-5b")
    assert all_drops(pos) == []
    assert not any(m.origin is None for m in Position("wa").legal_moves())


def test_wa_without_drops_refuses_pieces_in_hand():
    with pytest.raises(FenError):
        Position("wa", fen=fen({"6k": "CK", "6a": "ck"}, "wa", hand="(SP)"))


MODERN = {"wa.drops": "modern"}


def test_wa_modern_drops_capture_to_hand_unpromoted():
    pos = position({"6k": "CK", "6a": "ck", "3f": "RR", "3c": "+sp"}, "wa", rules=MODERN)
    pos.push_move("RRx3c=")
    assert pos.pieces_in_hand(SENTE) == {"SP": 1}


def test_wa_modern_drops_sparrow_pawn_and_oxcart_not_on_the_last_rank():
    pos = position({"6k": "CK", "6e": "ck"}, "wa", hand="(SP)(OC)(LH)(SC)", rules=MODERN)
    assert drop_squares(pos, "SP") == empty_squares(pos) - all_squares("wa", "a")
    assert drop_squares(pos, "OC") == empty_squares(pos) - all_squares("wa", "a")
    assert drop_squares(pos, "LH") == empty_squares(pos)
    assert drop_squares(pos, "SC") == empty_squares(pos)


def test_wa_modern_drops_nifu_on_sparrow_pawns():
    pos = position({"6k": "CK", "6a": "ck", "4g": "SP", "8d": "+SP", "2c": "sp"}, "wa", hand="(SP)", rules=MODERN)
    dropped = drop_squares(pos, "SP")
    assert not any(sq[:-1] == "4" for sq in dropped)
    assert {"8e", "8b"} <= dropped and {"2d", "2b"} <= dropped


def test_wa_modern_drops_no_mate_by_a_sparrow_pawn_drop():
    mate = position({"6k": "CK", "1a": "ck", "2a": "oc", "2c": "VW"}, "wa", hand="(SP)(VW)", rules=MODERN)
    assert "1b" not in drop_squares(mate, "SP")
    assert "1b" in drop_squares(mate, "VW")  # another piece may mate by a drop
    check = position({"6k": "CK", "1a": "ck", "2a": "oc", "3c": "VW"}, "wa", hand="(SP)", rules=MODERN)
    assert "1b" in drop_squares(check, "SP")
    check.push_move("SP*1b")
    assert check.is_check() and check.outcome() is None


# --- the king's safety ---------------------------------------------------------------------------
def test_a_pinned_piece_may_only_move_along_the_pin():
    pos = position({"5i": "K", "5h": "G", "5a": "r", "1a": "k"})
    assert targets(pos, "5h") == {"5g"}
    free = position({"5i": "K", "5h": "G", "1a": "k"})
    assert targets(free, "5h") == {"4g", "5g", "6g", "4h", "6h"}


def test_the_king_may_not_move_into_check():
    pos = position({"5i": "K", "4a": "r", "7e": "b", "1a": "k"})
    # the rook holds file 4, the bishop holds the diagonal 6f-5g-4h-3i (and 6h is not on it)
    assert targets(pos, "5i") == {"6i", "6h", "5h"}


def test_the_king_in_check_may_not_retreat_along_the_checking_line():
    pos = position({"5e": "K", "5a": "r", "1a": "k"})
    assert pos.is_check()
    assert targets(pos, "5e") == {"4d", "4e", "4f", "6d", "6e", "6f"}
    assert {pos.geometry.name(m.origin) for m in pos.legal_moves()} == {"5e"}


def test_a_discovered_check_must_be_answered():
    pos = position({"5i": "K", "9g": "P", "5a": "r", "5c": "b", "1a": "k"}, side="gote")
    assert not pos.is_check()
    pos.push_move("B-7e")  # uncovers the rook on file 5
    assert pos.is_check()
    assert {pos.move_name(m) for m in pos.legal_moves()} == {"K-4i", "K-6i", "K-6h"}


def test_a_move_that_would_discover_check_on_one_s_own_king_is_illegal():
    pos = position({"5i": "K", "6h": "S", "8f": "b", "1a": "k"})
    # the silver stands between the king and the bishop on 8f: it may only step along the diagonal
    assert targets(pos, "6h") == {"7g"}
    unpinned = position({"5i": "K", "6h": "S", "1a": "k"})
    assert targets(unpinned, "6h") == {"5g", "6g", "7g", "7i"}


def test_in_check_only_moves_that_end_the_check_are_legal():
    # a knight's check cannot be blocked: capture the knight or move the king
    pos = position({"5i": "K", "4g": "n", "3h": "S", "9g": "P", "1a": "k"})
    assert pos.is_check()
    names = {pos.move_name(m) for m in pos.legal_moves()}
    assert names == {"K-4i", "K-6i", "K-4h", "K-5h", "K-6h", "Sx4g"}


def test_the_king_may_capture_an_unprotected_checking_piece():
    pos = position({"5i": "K", "5h": "g", "1a": "k"})
    assert pos.is_check()
    assert "5h" in targets(pos, "5i")


def test_the_king_may_not_capture_a_protected_checking_piece():
    pos = position({"5i": "K", "5h": "g", "5g": "p", "1a": "k", "9h": "R"})
    assert pos.is_check()
    assert "5h" not in targets(pos, "5i")
    assert {pos.move_name(m) for m in pos.legal_moves()} == {"Rx5h"}  # another piece may take it


# --- how the game ends -----------------------------------------------------------------------------
def test_checkmate_wins():
    pos = position({"5i": "K", "5a": "k", "5c": "P"}, hand="G")
    assert pos.outcome() is None
    pos.push_move("G*5b")
    assert pos.is_check() and pos.legal_moves() == []
    out = pos.outcome()
    assert out.reason == "checkmate" and out.winner == SENTE and out.result() == "1-0"


def test_checkmate_by_gote_wins_for_gote():
    pos = position({"5i": "K", "5a": "k", "5g": "p"}, hand="g", side="gote")
    pos.push_move("G*5h")
    out = pos.outcome()
    assert out.reason == "checkmate" and out.winner == GOTE and out.result() == "0-1"


def test_stalemate_the_side_without_a_move_loses():
    # gote's king on 1a is not attacked, but 1b and 2b (gold) and 2a (silver) are covered
    pos = position({"9i": "K", "1a": "k", "1c": "G", "3b": "S"}, side="gote")
    assert not pos.is_check()
    assert pos.legal_moves() == []
    out = pos.outcome()
    assert out.reason == "stalemate" and out.winner == SENTE


def test_a_side_with_a_piece_in_hand_is_not_stalemated():
    pos = position({"9i": "K", "1a": "k", "1c": "G", "3b": "S"}, hand="p", side="gote")
    assert pos.legal_moves() and pos.outcome() is None


def test_fourfold_repetition_is_a_draw():
    pos = Position("shogi")
    cycle = ["R-3h", "R-7b", "R-2h", "R-8b"]
    play(pos, cycle * 2 + cycle[:3])
    assert pos.outcome() is None  # the start position has occurred three times
    pos.push_move(cycle[3])
    out = pos.outcome()
    assert out.reason == "repetition" and out.winner is None and out.result() == "1/2-1/2"


def test_threefold_repetition_is_not_yet_the_end():
    pos = Position("shogi")
    play(pos, ["G-6h", "G-4b", "G-6i", "G-4a"] * 2)
    assert pos.outcome() is None


@pytest.mark.parametrize("checker", [SENTE, GOTE])
def test_perpetual_check_loses_for_the_checking_side(checker):
    if checker == SENTE:
        pos = position({"9g": "K", "1a": "k", "2i": "R"})
        cycle = ["R-1i", "K-2a", "R-2i", "K-1a"]
    else:
        pos = position({"9c": "k", "1i": "K", "2a": "r"}, side="gote")
        cycle = ["R-1a", "K-2i", "R-2a", "K-1i"]
    play(pos, cycle * 2 + cycle[:3])
    assert pos.outcome() is None
    pos.push_move(cycle[3])
    out = pos.outcome()
    assert out.reason == "perpetual-check" and out.winner == checker ^ 1


def test_repetition_with_checks_by_only_some_moves_is_a_draw():
    pos = position({"9g": "K", "1a": "k", "3i": "R"})
    cycle = ["R-1i", "K-2a", "R-3i", "K-1a"]  # the rook checks from 1i, not from 3i
    play(pos, cycle * 3)
    out = pos.outcome()
    assert out.reason == "repetition" and out.winner is None


def test_positions_that_differ_only_in_hand_are_not_repetitions():
    # The start position P0 (sente to move) occurs three times; then sente drops a pawn that gote
    # takes, and the pieces come back to the same squares: the board of P0 with sente to move, but
    # the pawn has changed hands. That is a new position, so it is not P0's fourth occurrence.
    pos = position({"9g": "K", "1a": "k", "3i": "R", "5a": "g"}, hand="P")
    cycle = ["R-4i", "K-2a", "R-3i", "K-1a"]  # no move here gives check
    play(pos, cycle * 2)
    play(pos, ["P*5b", "Gx5b", "R-4i", "G-5a", "R-5i", "K-2a", "R-3i", "K-1a"])
    assert pos.pieces_in_hand(SENTE) == {} and pos.pieces_in_hand(GOTE) == {"P": 1}
    assert pos.outcome() is None
    play(pos, cycle * 2)  # the new position has now occurred three times
    assert pos.outcome() is None
    # gote to move with the rook on 3i and the king on 2a: seen after "R-3i" in the transition and in
    # both cycles since, with the pawn in gote's hand each time; this is its fourth occurrence
    play(pos, cycle[:3])
    assert pos.outcome() is not None and pos.outcome().reason == "repetition"


# --- Okisaki pieces and set-ups ----------------------------------------------------------------------
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


def test_okisaki_queen_moves_like_a_chess_queen():
    pos = position({"10j": "K", "1a": "k", "6e": "Q"}, "okisaki")
    assert targets(pos, "6e") == rays("okisaki", "6e", ORTHOGONAL + DIAGONAL)
    assert board_moves(pos, "6e") == {(t, False) for t in rays("okisaki", "6e", ORTHOGONAL + DIAGONAL)}


def test_okisaki_queen_is_blocked_and_captures_like_a_slider():
    pos = position({"10j": "K", "1a": "k", "6e": "Q", "6c": "p", "4e": "P"}, "okisaki")
    t = targets(pos, "6e")
    assert "6c" in t and "6b" not in t  # captures the pawn, stops there
    assert "5e" in t and "4e" not in t and "3e" not in t  # own pawn blocks


def test_okisaki_knight_moves_like_a_chess_knight():
    pos = position({"10j": "K", "1a": "k", "5f": "N", "5e": "P", "4f": "P", "6f": "P", "5g": "P"}, "okisaki")
    assert targets(pos, "5f") == rays("okisaki", "5f", KNIGHT, steps=1)  # jumps over the pawns around it


def test_okisaki_reverse_chariot_slides_vertically_both_ways():
    pos = position({"10j": "K", "1a": "k", "5e": "L", "5h": "P", "5b": "p"}, "okisaki")
    assert targets(pos, "5e") == {"5d", "5c", "5b", "5f", "5g"}


def test_okisaki_article_setup_kings_face_each_other_on_file_5():
    pos = Position("okisaki")
    assert code_at(pos, "5j") == ("K", SENTE) and code_at(pos, "6j") == ("Q", SENTE)
    assert code_at(pos, "5a") == ("K", GOTE) and code_at(pos, "6a") == ("Q", GOTE)
    assert code_at(pos, "9b") == ("R", GOTE) and code_at(pos, "2b") == ("B", GOTE)
    assert code_at(pos, "9i") == ("B", SENTE) and code_at(pos, "2i") == ("R", SENTE)
    assert sum(1 for c in pos.board if c and c & 1 == SENTE) == 22
    assert sum(1 for c in pos.board if c and c & 1 == GOTE) == 22


def test_okisaki_fairy_stockfish_setup_puts_gote_s_king_on_file_6():
    pos = Position("okisaki", rules={"okisaki.setup": "fairy-stockfish"})
    assert code_at(pos, "6a") == ("K", GOTE) and code_at(pos, "5a") == ("Q", GOTE)
    assert code_at(pos, "5j") == ("K", SENTE) and code_at(pos, "6j") == ("Q", SENTE)
    # point symmetry: every piece has its opposite number on the square turned 180°
    g = pos.geometry
    for sq, code in enumerate(pos.board):
        mirror = pos.board[g.mirror(sq)]
        assert (code == 0 and mirror == 0) or (code and mirror and code >> 1 == mirror >> 1 and code & 1 != mirror & 1)


def test_okisaki_start_position_has_37_moves():
    # rules catalogue §6: Fairy-Stockfish's okisakishogi gives 37 at depth 1 from its set-up, and sente's
    # pieces stand the same in both set-ups
    assert len(Position("okisaki").legal_moves()) == 37
    assert len(Position("okisaki", rules={"okisaki.setup": "fairy-stockfish"}).legal_moves()) == 37
