"""Chu shogi: the setup, promotion, the Lion, the Lion-trading rules, the game end, repetition and the
notations, each proved on a small hand-built position; one distinguishing position per rule choice.

Positions are ``{square: token}`` with lishogi's one-letter codes (``chu.py``, ``fen=``): upper case
sente, lower case gote, ``+`` promoted (``"+O"`` a promoted kirin, that is a Lion; ``"+H"`` a Horned
Falcon, ``"+D"`` a Soaring Eagle). Sente moves towards rank a; its promotion zone is ranks a–d.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from collections import Counter
from typing import Callable, Hashable

import pytest

from shogi_rules import FenError, IllegalMoveError, Position, RuleSet, get_variant
from shogi_rules.model.geometry import GOTE, SENTE
from shogi_rules.model.moves import Move
from shogi_rules.notation.lishogi import parse_usi, read_sfen, spellings, write_sfen

CHU = get_variant("chu")
G = Position("chu").geometry
sq = G.parse


def position(pieces: dict[str, str], turn: int = SENTE, rules: dict[str, str] | None = None,
             lion: str | None = None) -> Position:
    pos = Position.from_pieces("chu", pieces, turn, rules=rules)
    if lion is not None:
        pos = Position("chu", fen=pos.fen().replace(" - - ", f" - {G.fsf_name(sq(lion))} "), rules=rules)
    return pos


def usis(pos: Position, origin: str | None = None) -> set[str]:
    return {u for m in pos.legal_moves() if origin is None or m.origin == sq(origin) for u in spellings(pos, m)}


def lion_move(origin: str, *squares: str) -> str:
    return origin + "".join(squares)


# --- the setup -------------------------------------------------------------------------------------
def test_setup_has_46_pieces_a_side_of_21_kinds():
    pos = Position("chu")
    per_side = Counter(c & 1 for c in pos.board if c)
    assert per_side == {SENTE: 46, GOTE: 46}
    kinds = {pos.tables.types[c >> 1].code for c in pos.board if c}
    assert len(kinds) == 21
    assert pos.piece_at(sq("7l"))[0].code == "K" and pos.piece_at(sq("6a"))[0].code == "K"
    assert pos.piece_at(sq("7j"))[0].code == "Ln" and pos.piece_at(sq("6c"))[0].code == "Ln"
    # 30 with the nine that appear only by promotion (the prince, the tokin, seven more)
    assert len({p.kind.code for p in pos.tables.types[1:]}) == 21 + 9


def test_no_drops_and_no_check_rule():
    assert not CHU.drops and not CHU.check_rules
    assert {p.code for p in CHU.pieces if p.royal} == {"K", "CP"}


# --- promotion -------------------------------------------------------------------------------------
def promotions(pos: Position, origin: str) -> dict[str, set[bool]]:
    out: dict[str, set[bool]] = {}
    for m in pos.legal_moves():
        if m.origin == sq(origin):
            out.setdefault(G.name(m.target), set()).add(m.promotion)
    return out


def test_promotion_on_entering_the_zone_is_optional():
    pos = position({"6e": "G", "1l": "K", "12a": "k"})
    assert promotions(pos, "6e")["6d"] == {True, False}
    assert promotions(pos, "6e")["6f"] == {False}


def test_no_promotion_on_a_quiet_move_inside_the_zone_but_on_a_capture():
    pos = position({"6c": "G", "5b": "p", "1l": "K", "12a": "k"})
    got = promotions(pos, "6c")
    assert got["6b"] == {False}          # moving within the zone
    assert got["6d"] == {False}          # leaving it without a capture
    assert got["5b"] == {True, False}    # a capture in the zone


def test_a_capture_that_leaves_the_zone_may_promote():
    pos = position({"6d": "S", "7e": "p", "1l": "K", "12a": "k"})
    assert promotions(pos, "6d")["6c"] == {False}
    assert promotions(pos, "6d")["7e"] == {True, False}


def test_a_pawn_reaching_the_last_rank_may_promote_and_may_stay_a_dead_piece():
    pos = position({"6b": "P", "1l": "K", "12c": "k"})
    assert promotions(pos, "6b")["6a"] == {True, False}
    pos.push(Move(sq("6b"), sq("6a")))
    pos.push_move("12c12d", "usi")
    assert not [m for m in pos.legal_moves() if m.origin == sq("6a")]   # dead, and allowed


def promotion_after_declining(option: str) -> Hashable:
    """A gold enters the zone without promoting; on its next move (quiet, inside the zone) may it
    promote? And after one more turn (another piece moved)?"""
    pos = position({"6e": "G", "1l": "K", "12a": "k"}, rules={"chu.promotion": option})
    out = []
    for text in ("6e6d", "12a12b"):
        pos.push_move(text, "usi")
    out.append(frozenset(m.target for m in pos.legal_moves() if m.origin == sq("6d") and m.promotion))
    for text in ("1l1k", "12b12a"):
        pos.push_move(text, "usi")
    out.append(frozenset(m.target for m in pos.legal_moves() if m.origin == sq("6d") and m.promotion))
    return tuple(out)


def test_a_piece_that_declined_regains_the_right_only_under_the_wikipedia_reading():
    assert promotion_after_declining("lishogi") == (frozenset(), frozenset())
    right_away, a_turn_later = promotion_after_declining("wikipedia")
    assert right_away == frozenset() and {G.name(s) for s in a_turn_later} == {"5c", "6c", "7c", "5d", "7d", "6e"}


def last_rank(option: str) -> Hashable:
    """Sente's moves to the last rank of a pawn on 3b and a lance on 9c (quiet moves inside the zone) and
    of a lance on 5f (entering the zone on the last rank), as USI."""
    pos = position({"3b": "P", "5f": "L", "9c": "L", "1l": "K", "12a": "k"}, rules={"chu.promotion": option})
    return frozenset(u for u in usis(pos) if u[:2] in ("3b", "5f", "9c") and u[2:4] in ("3a", "5a", "9a"))


def promotion_play(option: str) -> Hashable:
    return promotion_after_declining(option), last_rank(option)


def test_hachus_last_rank_forces_a_promotion_and_leaves_a_pawn_dead():
    assert last_rank("lishogi") == {"3b3a", "3b3a+", "5f5a", "5f5a+", "9c9a", "9c9a+"}
    assert last_rank("hachu") == {"3b3a", "5f5a+", "9c9a"}   # the pawn cannot promote, the entering lance must
    assert promotion_after_declining("hachu") == (frozenset(), frozenset())


def test_jcsa_rescues_the_pawn_on_the_last_rank_but_not_the_lance_nor_the_go_between():
    """The Association's 2004 supplement: a pawn that reaches the last rank unpromoted may still promote there;
    a lance that does stays a dead piece (lishogi lets it promote); a go-between, which can step back, never
    promotes on a quiet move inside the zone, under either reading."""
    assert last_rank("jcsa") == {"3b3a", "3b3a+", "5f5a", "5f5a+", "9c9a"}
    assert promotion_after_declining("jcsa") == promotion_after_declining("lishogi")
    for option in ("lishogi", "jcsa"):
        pos = position({"7b": "I", "1l": "K", "12a": "k"}, rules={"chu.promotion": option})
        assert {u for u in usis(pos) if u.startswith("7b")} == {"7b7a", "7b7c"}
    dead = position({"9c": "L", "1l": "K", "12a": "k"}, rules={"chu.promotion": "jcsa"})
    dead.push_move("9c9a", "usi")
    dead.push_move("12a12b", "usi")
    assert not [m for m in dead.legal_moves() if m.origin == sq("9a")]    # it stays there, dead


def test_jcsa_preset_follows_the_associations_clauses():
    rules = RuleSet.of("chu", preset="jcsa").choices
    assert (rules["chu.promotion"], rules["chu.counter-strike"], rules["chu.game-end"]) == ("jcsa", "jcsa", "jcsa")
    lishogi = RuleSet.of("chu", preset="lishogi").choices
    assert {c for c in rules if rules[c] != lishogi[c]} == {"chu.promotion", "chu.counter-strike", "chu.game-end"}


# --- the Lion and the lion-power pieces --------------------------------------------------------------
def test_lion_moves_igui_double_capture_and_pass():
    pos = position({"7h": "N", "7g": "p", "6g": "p", "1l": "K", "12a": "k"})
    got = usis(pos, "7h")
    assert len({u[-2:] for u in got if len(u) == 4}) == 24            # any square within two
    assert "7h7g7h" in got                                            # igui
    assert "7h7g6g" in got and "7h7g7f" in got                        # double capture / capture and on
    assert "7h8h7h" in got                                            # a pass through an empty neighbour
    assert "7h7g7h" in {parse_usi(pos, "7h7g7h") and "7h7g7h"}


def test_horned_falcon_and_soaring_eagle_have_lion_power_on_their_lines_only():
    pos = position({"7h": "+H", "7g": "p", "1l": "K", "12a": "k"})
    got = usis(pos, "7h")
    assert {"7h7g", "7h7f", "7h7g7h", "7h7g7f"} <= got and not any(u.startswith("7h8g") and len(u) > 4 for u in got)
    pos = position({"7h": "+D", "6g": "p", "1l": "K", "12a": "k"})
    got = usis(pos, "7h")
    assert {"7h6g", "7h5f", "7h6g7h", "7h6g5f", "7h8g7h", "7h8g9f"} <= got
    assert "7h7g7h" not in got


# --- the Lion-trading rules ------------------------------------------------------------------------
def test_a_lion_may_not_take_a_protected_lion_from_afar_but_may_take_an_adjacent_one():
    base = {"7h": "N", "7f": "n", "1l": "K", "12a": "k"}
    assert "7h7f" in usis(position(base))
    protected = {**base, "7e": "g"}                  # gote's gold protects 7f
    assert "7h7f" not in usis(position(protected)) and "7h7g7f" not in usis(position(protected))
    assert "7h7f" in usis(position(protected, rules={"chu.lion-trading": "none"}))
    adjacent = {"7h": "N", "7g": "n", "7f": "g", "1l": "K", "12a": "k"}
    assert "7h7g" in usis(position(adjacent))


def test_hidden_protection_through_the_capturers_square_counts():
    pieces = {"7h": "N", "7f": "n", "7k": "r", "1l": "K", "12a": "k"}   # gote's rook behind the Lion
    assert "7h7f" not in usis(position(pieces))
    assert "7h7f" in usis(position({**pieces, "7j": "P"}))               # blocked: no protection


def test_second_step_after_a_valuable_capture_may_take_a_protected_lion():
    pieces = {"7h": "N", "7g": "g", "7f": "n", "7e": "s", "1l": "K", "12a": "k"}
    assert "7h7g7f" in usis(position(pieces))              # took a gold first
    pawn = {**pieces, "7g": "p"}
    assert "7h7g7f" not in usis(position(pawn))             # took only a pawn first


def lion_behind_pawn(option: str) -> Hashable:
    """Sente's Lion on 6e takes the pawn on 6f, which protects gote's Lion on 6g, then the Lion:
    lishogi counts the doomed pawn as a protector, H. G. Muller does not, 'none' has no rule."""
    pos = position({"6e": "N", "6f": "p", "6g": "n", "1l": "K", "12a": "k"}, rules={"chu.lion-trading": option})
    return frozenset(u for u in usis(pos, "6e") if u.endswith("6g"))


def test_protection_before_or_after_the_move():
    assert lion_behind_pawn("lishogi") == frozenset()
    assert lion_behind_pawn("muller") == {"6e6f6g"}
    assert lion_behind_pawn("none") == {"6e6g", "6e6f6g", "6e5f6g", "6e7f6g"}


def test_a_lion_taken_by_a_non_lion_is_remembered():
    pos = position({"7h": "R", "7c": "n", "6l": "K", "12a": "k"})
    pos.push_move("7h7c", "usi")
    assert pos.lion_capture == sq("7c")
    assert write_sfen(pos).split()[2] == "7c"
    pos.pop()
    assert pos.lion_capture is None
    pos = position({"7h": "N", "7g": "n", "6l": "K", "12a": "k"})
    pos.push_move("7h7g", "usi")                             # Lion takes Lion: no counter-strike rule
    assert pos.lion_capture is None


def counter_strike(option: str) -> Hashable:
    """Gote's Lion was just taken on 7c; gote's bishop on 1e could take sente's Lion on 3g (unprotected),
    its rook on 12g sente's Lion on 10g (protected by the rook on 10l), its rook on 7a sente's promoted
    kirin on 7c (the capture square)."""
    pos = position({"7c": "+O", "3g": "N", "10g": "N", "10l": "R", "7a": "r", "1e": "b", "12g": "r", "6l": "K",
                    "12a": "k"}, turn=GOTE, rules={"chu.counter-strike": option}, lion="7c")
    return frozenset(u for u in usis(pos) if re.fullmatch(r"\d+[a-l](3g|10g|7c)", u))


def test_counter_strike_rule_and_its_exceptions():
    assert counter_strike("lishogi") == {"7a7c"}                 # only on the capture square
    assert counter_strike("jcsa") == {"7a7c", "1e3g"}            # an unprotected Lion may be taken
    assert counter_strike("none") == {"7a7c", "1e3g", "12g10g"}
    assert counter_strike("hachu") == set()                      # not on the capture square either
    protected = position({"7c": "+O", "3g": "N", "3l": "R", "1e": "b", "6l": "K", "12a": "k"}, turn=GOTE,
                         rules={"chu.counter-strike": "jcsa"}, lion="7c")
    assert "1e3g" not in usis(protected)                        # the Okazaki rule protects a protected Lion


def test_the_counter_strike_ban_covers_igui_and_passing_through():
    """A Horned Falcon facing a Lion the move after a Lion fell: the ban forbids taking it on the first step of
    a double move (igui, or going on to the second square) as it forbids taking it on the destination, under
    lishogi's reading and the Okazaki rule alike (the Lion on 7g is protected by the gold behind it); only
    'none' allows the three captures."""
    def takes(option: str) -> set[str]:
        pos = position({"7h": "+H", "7g": "n", "8f": "g", "3c": "+o", "6l": "K", "12a": "k"},
                       rules={"chu.counter-strike": option}, lion="3c")
        return {u for u in usis(pos, "7h") if "7g" in u[2:6]}
    assert takes("lishogi") == takes("jcsa") == set()
    assert takes("none") == {"7h7g", "7h7g7h", "7h7g7f"}


def test_the_lion_capture_square_is_part_of_the_position():
    """It changes the legal moves, so it belongs to equality, to the transposition key and to the
    Zobrist hash that the repetition rules compare."""
    pieces = {"7c": "+O", "3g": "N", "10g": "N", "10l": "R", "7a": "r", "1e": "b", "12g": "r", "6l": "K", "12a": "k"}
    remembered, forgotten = position(pieces, turn=GOTE, lion="7c"), position(pieces, turn=GOTE)
    assert usis(remembered) != usis(forgotten)
    assert remembered != forgotten and remembered.transposition_key() != forgotten.transposition_key()
    assert remembered.hash != forgotten.hash and remembered.hash == remembered._compute_hash()
    pos = position({"7h": "R", "7c": "n", "6l": "K", "12a": "k"})
    pos.push_move("7h7c", "usi")                             # the square is remembered, and hashed
    assert pos.hash == pos._compute_hash() == Position("chu", fen=pos.fen()).hash
    pos.push_move("12a12b", "usi")                           # and forgotten a move later
    assert pos.lion_capture is None and pos.hash == pos._compute_hash()
    pos.pop()
    assert pos.lion_capture == sq("7c") and pos.hash == pos._compute_hash()


# --- the game end ----------------------------------------------------------------------------------
def test_bare_king_loses_and_two_bare_kings_draw():
    bare = position({"1l": "K", "12a": "k", "12c": "g"})
    assert bare.outcome() is not None and bare.outcome().winner == GOTE and bare.outcome().reason == "bare-king"
    pawns_only = position({"1l": "K", "12a": "k", "12c": "p", "11c": "i"})
    assert pawns_only.outcome() is None                     # pawns and go-betweens do not count
    dead = position({"1l": "K", "12a": "k", "5a": "P"})     # a dead pawn is not counted
    assert dead.outcome().winner is None and dead.outcome().reason == "bare-kings"
    assert position({"1l": "K", "12a": "k", "12c": "g"}, rules={"chu.game-end": "royals"}).outcome() is None


def test_losing_king_and_prince_loses():
    pos = position({"1l": "K", "12a": "k", "12b": "+E", "5e": "G", "6e": "R", "11b": "g"}, turn=SENTE)
    assert pos.outcome() is None
    no_royal = position({"1l": "K", "5e": "g", "6e": "G"})
    assert no_royal.outcome().reason == "royal-captured" and no_royal.outcome().winner == SENTE


def bare_king(option: str) -> Hashable:
    """The outcome with king and gold, with king, gold and silver, and with king, prince and gold, against a
    bare king."""
    return tuple(str(position({"1l": "K", "12a": "k", **more}, rules={"chu.game-end": option}).outcome())
                 for more in ({"12c": "g"}, {"12c": "g", "11c": "s"}, {"12c": "g", "11a": "+e"}))


def test_lishogis_server_bares_with_king_and_prince_shogiops_only_with_one_royal():
    """lishogi's server asks the winning side for one royal piece or more, shogiops for exactly one."""
    def outcome(pieces: dict[str, str], option: str) -> str | None:
        found = position({"1l": "K", "12a": "k", **pieces}, rules={"chu.game-end": option}).outcome()
        return None if found is None else str(found)
    for pieces in ({"12c": "g", "11a": "+e"}, {"11a": "+e"}, {"11a": "+e", "12c": "g", "11c": "s"}):
        assert outcome(pieces, "lishogi") == "gote wins (bare-king)" and outcome(pieces, "shogiops") is None
    for pieces in ({"12c": "g"}, {"12c": "g", "11c": "s"}, {"5a": "P"}):  # one royal: the two agree
        assert outcome(pieces, "lishogi") == outcome(pieces, "shogiops") is not None
    assert outcome({"2k": "+e"}, "lishogi") is None         # the prince next to the bare king: it could take it


def test_a_side_without_a_move_that_bares_the_other_wins_only_on_lishogis_server():
    """Sente's king, walled in by its own pawns and a lance, has no move, and gote's king is bare against king
    and lance: the server asks for the bare king first, shogiops for a move first."""
    pieces = {"12a": "K", "11a": "P", "12b": "P", "11b": "P", "12c": "L", "1l": "k"}
    found = {o: str(position(pieces, rules={"chu.game-end": o}).outcome()) for o in ("lishogi", "shogiops")}
    assert found == {"lishogi": "sente wins (bare-king)", "shogiops": "gote wins (stalemate)"}
    assert not position(pieces).legal_moves()


def test_jcsa_bare_king_is_king_and_one_piece_and_nothing_else():
    """The 2007 rules, 二.4 and 二.5: two kings and one piece, not a pawn or go-between, win for that piece's
    side, with no exception for a bare king next to it; dead pawns and lances are not counted; more pieces,
    or two bare kings, play on (a draw only by the players' agreement)."""
    def outcome(pieces: dict[str, str], option: str = "jcsa") -> str | None:
        found = position({"1l": "K", "12a": "k", **pieces}, rules={"chu.game-end": option}).outcome()
        return None if found is None else str(found)
    assert outcome({"12c": "g"}) == "gote wins (bare-king)"
    assert outcome({"12c": "+p"}) == "gote wins (bare-king)"            # a tokin counts, a pawn does not
    assert outcome({"12c": "p"}) is None and outcome({"12c": "i"}) is None
    assert outcome({"12c": "g", "5a": "L"}) == "gote wins (bare-king)"  # sente's lance is dead on its last rank
    assert outcome({"12c": "g", "11c": "s"}) is None                   # lishogi: gote wins
    assert outcome({"2k": "g"}) == "gote wins (bare-king)"
    assert outcome({"2k": "g"}, "lishogi") is None                     # lishogi: the bare king may take it
    assert outcome({}) is None and outcome({}, "lishogi") == "draw (bare-kings)"


# --- repetition and the pass ------------------------------------------------------------------------
def pass_after_pass(option: str) -> Hashable:
    """After sente's Lion passes, may gote's Lion pass back (recreating the position)?"""
    pos = position({"7h": "N", "7c": "n", "1l": "K", "12a": "k"}, rules={"chu.repetition": option})
    pos.push(parse_usi(pos, "7h7i7h"))
    return any(m.origin == m.target == sq("7c") and not m.path for m in pos.legal_moves())


def repeat_in_check(option: str) -> Hashable:
    """Gote's king stands in check from sente's rook; gote's gold steps out and back while sente's
    does: may gote's fourth move recreate the first position?"""
    pos = position({"11l": "R", "1j": "G", "6l": "K", "11a": "k", "12c": "g"}, rules={"chu.repetition": option})
    for text in ("1j1i", "12c12d", "1i1j"):
        pos.push_move(text, "usi")
    return any(m.origin == sq("12d") and m.target == sq("12c") for m in pos.legal_moves())


def fourth_occurrence(option: str) -> Hashable:
    """The kings step out and back four times: the outcome at the fourth occurrence of the start, or the ply
    whose move a ban on repeating refuses."""
    pos = position({"12l": "K", "1a": "k", "1c": "p", "6h": "G"}, rules={"chu.repetition": option})
    for ply, text in enumerate(["12l11l", "1a2a", "11l12l", "2a1a"] * 3, 1):
        try:
            pos.push(parse_usi(pos, text))
        except IllegalMoveError:
            return f"refused at ply {ply}"
    return str(pos.outcome())


def repetition_play(option: str) -> Hashable:
    return pass_after_pass(option), repeat_in_check(option), fourth_occurrence(option)


def test_shogiops_has_no_repetition_rule():
    assert fourth_occurrence("lishogi") == "draw (repetition)"
    assert fourth_occurrence("shogiops") == "None"
    assert fourth_occurrence("no-repeat") == fourth_occurrence("hachu") == "refused at ply 4"
    assert pass_after_pass("shogiops") is True
    pos = position({"5h": "R", "1h": "g", "6l": "K", "12a": "k"}, rules={"chu.repetition": "shogiops"})
    for _ in range(6):                          # no perpetual attack either
        for text in ("5h4h", "12a12b", "4h5h", "12b12a"):
            pos.push_move(text, "usi")
    assert pos.outcome() is None


def test_the_shogiops_preset_is_lishogis_but_for_the_bare_king_and_repetition():
    server, library = (RuleSet.of("chu", preset=p).choices for p in ("lishogi", "shogiops"))
    assert {c: (server[c], library[c]) for c in server if server[c] != library[c]} == {
        "chu.game-end": ("lishogi", "shogiops"), "chu.repetition": ("lishogi", "shogiops")}


def test_a_pass_may_answer_a_pass_only_without_the_no_repeat_rule():
    assert pass_after_pass("lishogi") is True
    assert pass_after_pass("no-repeat") is False
    assert pass_after_pass("hachu") is False


def test_hachus_no_repeat_rule_holds_in_check_too():
    assert repeat_in_check("no-repeat") is True and repeat_in_check("lishogi") is True
    assert repeat_in_check("hachu") is False


def test_fourfold_repetition_is_a_draw_under_lishogis_reading():
    pos = position({"7h": "N", "7c": "n", "1l": "K", "12a": "k", "12c": "g", "1j": "G"})
    for _ in range(4):
        for text in ("7h7i7h", "7c7d7c"):
            pos.push(parse_usi(pos, text))
    assert pos.outcome() is not None and pos.outcome().reason == "repetition"


def test_a_side_that_attacks_throughout_a_fourfold_repetition_loses_under_lishogis_reading():
    pos = position({"5h": "R", "1h": "g", "6l": "K", "12a": "k"})
    for _ in range(4):
        for text in ("5h4h", "12a12b", "4h5h", "12b12a"):
            pos.push_move(text, "usi")
    assert str(pos.outcome()) == "gote wins (perpetual-attack)"
    both = position({"5h": "R", "1h": "g", "6l": "K", "12a": "k", "12c": "r", "12h": "G"})
    for _ in range(4):                          # gote's rook attacks the gold on 12h from 12c and 12d alike
        for text in ("5h4h", "12c12d", "4h5h", "12d12c"):
            both.push_move(text, "usi")
    assert str(both.outcome()) == "draw (repetition)"


# --- notation ----------------------------------------------------------------------------------------
def test_lishogi_sfen_round_trip_with_the_lion_square():
    text = "6k5/12/12/4+O7/12/12/12/12/12/12/12/5K6 w 8d 12"
    pos = read_sfen(text)
    assert pos.turn == GOTE and pos.lion_capture == sq("8d") and pos.ply == 11
    assert write_sfen(pos) == text
    assert Position("chu", fen=pos.fen()).lion_capture == sq("8d")     # our FEN keeps it too
    with pytest.raises(FenError):
        read_sfen("6k5/12/12/12 b - 1")


def test_usi_spellings_and_the_cli_prints_lishogis_usi():
    pos = position({"7h": "N", "7g": "p", "1l": "K", "12a": "k"})
    igui = parse_usi(pos, "7h7g7h")
    assert igui.origin == igui.target == sq("7h") and igui.path == (sq("7g"),)
    jump = parse_usi(pos, "7h8g9f")                   # a jump written through an empty square
    assert jump == parse_usi(pos, "7h9f") and spellings(pos, jump)[0] == "7h9f"
    with pytest.raises(IllegalMoveError):
        parse_usi(pos, "7h7g5e")                       # not a lion step from 7g
    sfen = write_sfen(pos)
    out = subprocess.run([sys.executable, "-m", "shogi_rules.apps.cli", "moves", "chu", "--fen", sfen, "--notation", "usi"],
                         capture_output=True, text=True, check=True).stdout.split()
    assert "7h7g7h" in out and "7h7g6f" in out and len(out) == len(pos.legal_moves())


def test_western_and_japanese_names_of_lion_moves():
    pos = position({"7h": "N", "7g": "p", "1l": "K", "12a": "k"})
    assert pos.move_name(parse_usi(pos, "7h7g7h")) == "Lnx!7g"
    assert pos.move_name(parse_usi(pos, "7h7g7f")) == "Lnx7g-7f"
    assert pos.move_name(parse_usi(pos, "7h7g7h"), "japanese") == "☗７七獅居喰い(7,8)"
    assert pos.parse_move("Lnx7g-7f") == parse_usi(pos, "7h7g7f")


# --- every rule choice changes play ------------------------------------------------------------------
PROOFS: dict[str, Callable[[str], Hashable]] = {
    "chu.promotion": promotion_play,
    "chu.lion-trading": lion_behind_pawn,
    "chu.counter-strike": counter_strike,
    "chu.game-end": bare_king,
    "chu.repetition": repetition_play,
}


def test_every_choice_has_a_proof():
    assert set(PROOFS) == {c.id for c in CHU.rule_choices}


@pytest.mark.parametrize("choice_id", sorted(PROOFS))
def test_options_of_a_choice_give_different_play(choice_id):
    seen = {o.id: PROOFS[choice_id](o.id) for o in CHU.rule_choice(choice_id).options}
    for a, b in itertools.combinations(seen, 2):
        assert seen[a] != seen[b], f"{choice_id}: options {a} and {b} play the same in the proof position"


def test_lishogi_is_the_default_and_an_option_of_every_choice():
    for c in CHU.rule_choices:
        assert c.default == "lishogi" and "lishogi" in {o.id for o in c.options}
    assert RuleSet.of("chu").non_default() == {}


def test_make_and_unmake_restore_the_position_and_the_lion_square():
    """Seeded random play that favours captures: every pop restores board, FEN (with the lion square)
    and lishogi SFEN; the lion square is set exactly after a non-Lion took a Lion."""
    import random

    from shogi_rules.model.mechanisms.lion_trading import lion_codes

    rng = random.Random(11)
    seen_square = 0
    for _game in range(6):
        pos = Position("chu")
        trail = []
        for _ply in range(120):
            moves = pos.legal_moves()
            if not moves:
                break
            caps = [m for m in moves if any(s != m.origin and pos.board[s] for s in (*m.path, m.target))]
            move = rng.choice(caps if caps and rng.random() < 0.7 else moves)
            lions = lion_codes(pos.tables)
            took_lion = [s for s in (*move.path, move.target) if s != move.origin and pos.board[s] in lions]
            by_lion = pos.board[move.origin] in lions
            trail.append((pos.fen(), write_sfen(pos), list(pos.board)))
            pos.push(move)
            expected = took_lion[-1] if took_lion and not by_lion else None
            assert pos.lion_capture == expected
            seen_square += expected is not None
        while trail:
            fen, sfen, board = trail.pop()
            pos.pop()
            assert (pos.fen(), write_sfen(pos), pos.board) == (fen, sfen, board)
    assert seen_square >= 1


def test_lishogi_perft_refuses_a_bad_depth():
    from shogi_rules import ShogiRulesError
    from shogi_rules.notation import lishogi
    with pytest.raises(ShogiRulesError, match="perft depth"):
        lishogi.perft(Position("chu"), -1)
