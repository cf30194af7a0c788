"""Sho shogi: the second royal piece against Fairy-Stockfish, and what each rule choice does.

Fairy-Stockfish's ``shoshogi`` makes the king and the promoted drunk elephant one piece type, lost when
the last of them is gone, and protects that last one as a royal piece (its "extinction pseudo-royal"
rule): a side with a single royal piece may not leave it attacked, a side with two may leave either
attacked. A drunk elephant that promotes does not lift the king's protection on the move it promotes
(Fairy-Stockfish judges a shogi promotion by the royals before it). The option ``sho.game-end=mate``
reads the rule so; the positions below, built around the second royal piece, are compared with pyffish
move by move and to perft(3). The random positions of the differential and perft tests seldom reach
them.
"""

from __future__ import annotations

import pytest

from shogi_rules import Position
from shogi_rules.model.geometry import GOTE
from shogi_rules.tools.benchmark import fsf_legal_moves

pyffish = pytest.importorskip("pyffish")

FSF = "shoshogi"


def fsf_perft(fen: str, depth: int) -> int:
    moves = fsf_legal_moves(FSF, fen)
    if depth == 1:
        return len(moves)
    return sum(fsf_perft(pyffish.get_fen(FSF, fen, [m]), depth - 1) for m in moves)


SECOND_ROYAL = {
    # sente's prince stands on a file gote's rook holds: with the king beside it, it may stay there
    "a prince left attacked": ({"9i": "K", "5e": "+E", "5a": "r", "1a": "k", "1c": "p"}, 0),
    # sente's king is in check; its elephant may promote, but not so that the king stays in check
    "promotion in check": ({"5i": "K", "4c": "E", "5a": "r", "1a": "k", "9a": "l"}, 0),
    # gote can take sente's king; the prince then stands alone and is protected
    "the king can be taken": ({"5i": "K", "5h": "r", "3e": "+E", "1a": "k"}, GOTE),
    # gote's king and prince side by side, sente's dragon and horse near: each side may give up one
    "both sides with two": ({"9i": "K", "8h": "+E", "5e": "+R", "4f": "+B", "1a": "k", "2b": "+e", "1i": "L"}, 0),
    # the last royal piece, a prince, in a mating net
    "a lone prince": ({"9i": "K", "2c": "G", "3a": "+B", "1a": "+e", "1c": "p"}, 0),
}


@pytest.mark.parametrize("name", sorted(SECOND_ROYAL))
def test_second_royal_agrees_with_fairy_stockfish(name):
    pieces, turn = SECOND_ROYAL[name]
    pos = Position.from_pieces("sho", pieces, turn=turn)
    fen = pos.fen()
    ours = sorted(pos.move_name(m, "fsf") for m in pos.legal_moves())
    assert ours == sorted(pyffish.legal_moves(FSF, fen, [])), fen
    assert pos.perft(3) == fsf_perft(fen, 3), fen


def test_the_promoting_elephant_leaves_the_king_protected():
    pos = Position.from_pieces("sho", SECOND_ROYAL["promotion in check"][0])
    elephant = {pos.move_name(m, "western") for m in pos.legal_moves() if pos.geometry.name(m.origin or 0) == "4c"}
    # only the moves that block the rook, promoting or not: a promotion to a prince elsewhere is refused
    assert elephant == {f"DE-5{r}{s}" for r in "bcd" for s in "+="}


def test_a_lone_prince_is_mated():
    pos = Position.from_pieces("sho", {"9i": "K", "2c": "G", "3a": "+B", "1a": "+e", "1c": "p"})
    pos.push(pos.parse_move("G-2b"))
    assert pos.legal_moves() == [] and pos.is_check()
    assert str(pos.outcome()) == "sente wins (checkmate)"
    assert pyffish.game_result(FSF, pos.fen(), []) == -pyffish.VALUE_MATE


def test_taking_the_king_leaves_the_prince_royal():
    pos = Position.from_pieces("sho", SECOND_ROYAL["the king can be taken"][0], turn=GOTE)
    pos.push(pos.parse_move("Rx5i="))
    assert pos.outcome() is None
    prince = pos.geometry.parse("3e")
    assert all(pos.is_attacked(m.target, GOTE) is False for m in pos.legal_moves() if m.origin == prince)



def test_a_pinned_elephant_promoting_on_the_checker_does_not_answer_a_pawn_drop_mate():
    """Asakura shogi: the pawn dropped on 5h mates (uchifuzume, so the drop is refused). Gote's only
    capture of it is its drunk elephant's, pinned by the rook on 9g; taking and promoting would make a
    king and a prince, and the check test must still follow the king of before the move (square -1,
    no king, was once read as the board's last square, 1i, which nothing attacks)."""
    fen = "K8/9/9/9/9/3lpl3/R2ekl3/9/4G4[P] w - - 0 1"
    pos = Position("sho", rules={"sho.drops": "asakura"}, fen=fen)
    assert "P*5h" not in _names(pos) and "P*6h" in _names(pos)
    # without the pin the elephant answers the check, promoting or not, and the drop is allowed
    free = Position("sho", rules={"sho.drops": "asakura"}, fen=fen.replace("R2ekl3", "3ekl2R"))
    assert "P*5h" in _names(free)
    free.push(free.parse_move("P*5h"))
    assert {n for n in _names(free) if n.startswith("DE")} >= {"DEx5h+", "DEx5h="}

# --- the rule choices ----------------------------------------------------------------------------------
def _names(pos: Position) -> set[str]:
    return {pos.move_name(m, "western") for m in pos.legal_moves()}


def test_drops_asakura_keeps_the_elephant_and_the_king_out_of_the_hands():
    pieces = {"5i": "K", "5e": "R", "1a": "k", "5c": "e", "5b": "p"}
    historical = Position.from_pieces("sho", pieces)
    asakura = Position.from_pieces("sho", pieces, rules={"sho.drops": "asakura"})
    for pos in (historical, asakura):
        pos.push(pos.parse_move("Rx5c="))  # the elephant is taken: it does not go to the hand
        pos.push(pos.parse_move("K-2a"))
    assert asakura.fen().split()[0].endswith("[]") and "[" not in historical.fen()
    for pos in (historical, asakura):
        pos.push(pos.parse_move("Rx5b="))  # the pawn is taken: under asakura it goes to the hand
        pos.push(pos.parse_move("K-1a"))
    assert asakura.fen().split()[0].endswith("[P]") and "[" not in historical.fen()
    assert {n for n in _names(asakura) if "*" in n} and not {n for n in _names(historical) if "*" in n}
    # a king taken while its side has a prince leaves the game too
    two = Position.from_pieces("sho", {"5i": "K", "5h": "r", "3e": "+E", "1a": "k"}, turn=GOTE,
                               rules={"sho.drops": "asakura"})
    two.push(two.parse_move("Rx5i="))
    assert two.fen().split()[0].endswith("[]")


def test_game_end_readings():
    # gote's rook can take sente's king; sente's prince is then its only piece
    pieces = {"9i": "K", "9h": "r", "5e": "+E", "1a": "k", "1c": "p"}

    def after_capture(option: str) -> Position:
        pos = Position.from_pieces("sho", pieces, turn=GOTE, rules={"sho.game-end": option})
        pos.push(pos.parse_move("Rx9i="))
        return pos

    assert after_capture("mate").outcome() is None  # the prince plays on, now protected
    assert after_capture("royals").outcome() is None
    assert str(after_capture("enwp").outcome()) == "gote wins (bare-king)"  # a bare prince loses at once
    evans = after_capture("evans")
    assert evans.outcome() is None  # Evans: the bare prince may still bare gote in its reply
    evans.push(evans.parse_move("+DE-4d"))
    assert str(evans.outcome()) == "gote wins (bare-king)"
    # under the capture readings a royal piece may be left attacked, and taking both king and prince wins
    royals = Position.from_pieces("sho", {"5i": "K", "5e": "+E", "5a": "r", "1a": "k", "1c": "p"},
                                  rules={"sho.game-end": "royals"})
    assert "K-5h" in _names(royals) and "K-5h" not in _names(Position.from_pieces(
        "sho", {"5i": "K", "5a": "r", "1a": "k", "1c": "p"}))
    royals.push(royals.parse_move("+DE-5d"))
    royals.push(royals.parse_move("Rx5d"))
    assert royals.outcome() is None  # the king is left
    royals.push(royals.parse_move("K-4i"))
    royals.push(royals.parse_move("R-4d"))
    royals.push(royals.parse_move("K-4h"))
    royals.push(royals.parse_move("Rx4h="))
    assert str(royals.outcome()) == "gote wins (royal-captured)"


def test_evans_bare_king_may_draw_by_baring_back():
    pos = Position.from_pieces("sho", {"9i": "K", "4c": "G", "5a": "k"}, rules={"sho.game-end": "evans"})
    pos.push(pos.parse_move("G-4b"))
    assert pos.outcome() is None
    pos.push(pos.parse_move("Kx4b"))
    assert str(pos.outcome()) == "draw (bare-kings)"
