"""CSA records of standard shogi, against lishogi's shogiops (tests/shogiops/records.mjs) and python-shogi.

On seeded random games that favour captures, promotions and drops:

* every move we write is shogiops' ``makeCsaMoveOrDrop`` with the side's sign (as lishogi's export
  adds it), and our start position lines are shogiops' ``makeCsaHeader`` (at the start and in
  mid-game, with pieces in hand and gote to move);
* shogiops (``parseCsaHeader``, ``parseCsaMovesOrDrops``) and python-shogi (``CSA.Parser``) read our
  records back to the same moves and start. python-shogi (1.1.1) only for the games from the start: for a
  piece held twice or more in a ``P+``/``P-`` line its SFEN writer puts the count without the piece
  (``2`` for ``2P``), so it cannot read a start position with such a hand;
* we read a record made of shogiops' header and moves back to the same moves.
"""

from __future__ import annotations

import pytest
import shogi.CSA

from records_oracle import Shogiops, random_game, sfen, usi
from shogi_rules import Position
from shogi_rules.apps.cli import main
from shogi_rules.model.errors import IllegalMoveError, MoveError, RecordError
from shogi_rules.model.moves import Move
from shogi_rules.notation.kif import EVEN, Setup
from shogi_rules.notation.csa import parse_csa_move, read_csa, write_csa, write_csa_move
from shogi_rules.notation.record_formats import read_game
from shogi_rules.notation.records import read_record, replay

SEED = 20261203
GAMES = 12


@pytest.fixture(scope="module")
def shogiops():
    oracle = Shogiops()
    yield oracle
    oracle.close()


def games():
    for n in range(GAMES):
        yield random_game("shogi", SEED + n, 180)


def mid_game(start: Position, moves: list[Move], ply: int) -> tuple[Position, list[Move]]:
    pos = start.copy()
    for move in moves[:ply]:
        pos.push(move)
    return pos, moves[ply:]


def usis(start: Position, moves: list[Move]) -> list[str]:
    pos, out = start.copy(), []
    for move in moves:
        out.append(usi(pos, move))
        pos.push(move)
    return out


def test_we_write_what_shogiops_writes(shogiops):
    written = promotions = drops = 0
    for n, (start, moves) in enumerate(games()):
        first, rest = mid_game(start, moves, 41 + n) if n % 2 else (start, moves)
        theirs = shogiops.ask(op="write-csa", sfen=sfen(first), usis=usis(first, rest))
        ours = write_csa(first, rest).splitlines()
        assert ours[0] == "V2.2"
        header = theirs["header"].splitlines()
        assert ours[1:1 + len(header)] == header
        assert ours[1 + len(header):] == theirs["moves"]
        pos = first.copy()
        for move in rest:
            assert write_csa_move(pos, move) in theirs["moves"]
            promotions += move.promotion
            drops += move.origin is None
            pos.push(move)
        written += len(rest)
    assert written >= 1000 and promotions >= 20 and drops >= 20, (written, promotions, drops)


def test_shogiops_and_python_shogi_read_ours(shogiops):
    checked = 0
    for n, (start, moves) in enumerate(games()):
        first, rest = mid_game(start, moves, 30 + n) if n % 2 else (start, moves)
        text = write_csa(first, rest)
        back = shogiops.ask(op="read-csa", csa=text)
        assert back["sfen"].split()[:3] == sfen(first).split()[:3]
        assert back["usis"] == usis(first, rest)
        if first is start:  # python-shogi 1.1.1 drops the letter of a piece held twice or more in a P+/P- line
            [summary] = shogi.CSA.Parser.parse_str(text)
            assert summary["sfen"].split()[:3] == sfen(first).split()[:3]
            assert summary["moves"] == usis(first, rest)
            checked += 1
    assert checked >= GAMES // 2


def test_we_read_what_shogiops_writes(shogiops):
    for n, (start, moves) in enumerate(games()):
        first, rest = mid_game(start, moves, 25 + n) if n % 2 else (start, moves)
        theirs = shogiops.ask(op="write-csa", sfen=sfen(first), usis=usis(first, rest))
        text = "\n".join([theirs["header"], *theirs["moves"], "%TORYO"])
        pos = first.copy()
        for move, line in zip(rest, theirs["moves"]):
            assert parse_csa_move(pos, line) == move
            pos.push(move)
        record, fen = read_game("shogi", text)
        r = replay("shogi", record, fen=fen)
        assert r.legal and r.moves == rest, r.reason


def test_a_handicap_hands_comments_times_and_commas():
    text = ("V2.2\nN+Sente\nN-Gote\n$EVENT:test\nPI82HI22KA\n-\n'a comment\n-3334FU,T3\n+7776FU\nT5\n"
            "-4132KI\n%TORYO\n+7968GI\n")
    record = read_csa(text)
    assert record.start == Setup({sq: code for sq, code in EVEN.items() if sq not in ("8b", "2b")}, 1, "")
    assert record.moves == ["-3334FU", "+7776FU", "-4132KI"]  # the game ends at %TORYO
    moves, fen = read_game("shogi", text)
    r = replay("shogi", moves, fen=fen)
    assert r.legal and r.plies == 3 and replay("shogi", moves).legal is False
    assert read_record(text) == moves
    hands = read_csa("PI\nP+00KI00FU00FU\nP-00HI\n+\n+0055KI\n")
    assert hands.start == Setup(EVEN, 0, "GPPr")


def test_a_whole_board_is_read():
    pos = Position.from_pieces("shogi", {"5a": "k", "5c": "P", "5i": "K"}, turn=1, hands="Gpp")
    text = write_csa(pos, [])
    assert "P+00KI" in text and "P-00FU00FU" in text and text.rstrip().endswith("-")
    assert read_csa(text).start == Setup({"5a": "k", "5c": "P", "5i": "K"}, 1, "Gpp")
    assert read_game("shogi", text)[1] == pos.fen()


@pytest.mark.parametrize("text,error", [
    ("+7776HI", "the piece on 77 is FU, which cannot become HI"),
    ("-3334FU", "it is sente's move, not gote's"),
    ("+7775FU", "not a legal move"),
    ("+0055KA", "not a legal move"),
    ("7g7f", "not a CSA move"),
    ("+7706FU", "no square"),
])
def test_bad_moves_are_refused(text, error):
    with pytest.raises(MoveError, match=error):
        parse_csa_move(Position("shogi"), text)


def test_chu_has_no_csa():
    with pytest.raises(MoveError, match="standard shogi only"):
        write_csa_move(Position("chu"), Position("chu").legal_moves()[0])
    with pytest.raises(MoveError, match="standard shogi only"):
        parse_csa_move(Position("chu"), "+7776FU")
    with pytest.raises(IllegalMoveError, match="no piece of the side to move on 55"):
        parse_csa_move(Position("shogi"), "+5554FU")


@pytest.mark.parametrize("text,error", [
    ("PI\n+\n+7776FU\nXYZ\n", "line 4 of the CSA record: cannot read 'XYZ'"),
    ("P1-KY\n+\n+7776FU\n", "line 1 of the CSA record: not a rank"),
    ("PI99XY\n+\n+7776FU\n", "cannot read '99XY' in the PI line"),
    ("PI\nP+00AL\n+\n+7776FU\n", "cannot read '00AL'"),
    ("PI\nP+09KI\n+\n+7776FU\n", "cannot read '09KI'"),
    ("PI\nP-00OU\n+\n", "OU cannot be held in hand"),
])
def test_bad_records_are_refused(text, error):
    with pytest.raises(RecordError, match=error):
        read_csa(text)


def test_the_command_line_reads_and_writes_csa(tmp_path, capsys):
    start, moves = random_game("shogi", SEED, 50)
    game = tmp_path / "game.csa"
    game.write_text(write_csa(start, moves) + "%TORYO\n", encoding="utf-8")
    assert main(["replay", "shogi", str(game)]) == 0
    assert "50 plies" in capsys.readouterr().out
    assert main(["convert", "shogi", str(game), "--to", "csa"]) == 0
    assert capsys.readouterr().out == write_csa(start, moves)
    assert main(["convert", "chu", str(game), "--to", "kif"]) == 2
    assert "CSA record, which describes standard shogi, not chu" in capsys.readouterr().err


def test_every_legal_move_has_a_csa_name_of_its_own_that_reads_back():
    checked = 0
    for start, moves in list(games())[:2]:
        pos = start.copy()
        for played in moves[:80]:
            legal = pos.legal_moves()
            names = [pos.move_name(m, "csa") for m in legal]
            assert len(set(names)) == len(names), pos.fen()
            for move, text in zip(legal, names):
                assert pos.parse_move(text, "csa") == move == pos.parse_move(text), text
                checked += 1
            pos.push(played)
    assert checked >= 3000
