"""KIF records, standard shogi and Chu shogi, against lishogi's shogiops (tests/shogiops/records.mjs).

Both ways, on seeded random games that favour captures, promotions, drops and the moves of pieces with
lion power:

* what we write is what shogiops writes: every move line (``makeKifMoveOrDrop``) and the header
  (``makeKifHeader``: at the start, after a handicap, and the board diagram of a position in mid-game);
* shogiops reads what we write: our whole record through ``parseKifHeader`` and
  ``parseKifMovesOrDrops`` gives the same moves; and every move text of ours, read alone at its
  position, gives the same move;
* we read what shogiops writes: its move texts, and a record made of its header and its move lines,
  replay to the same moves.

python-shogi's KIF reader reads our shogi records, and we read its writer's, as a second implementation.

Notes: forms shogiops writes and cannot read back itself (we write them as it does, and read them):

* a pass (じっと): shogiops writes ``(じっと)`` in ASCII brackets before the origin, and its
  Chu move pattern then finds no origin, so the move (and the rest of the record) is lost;
* a double move that ends where the previous move ended: shogiops writes the first step's square
  as ``仝`` too, though only the second step ends there, and reads the first step without the last
  target, so it cannot tell the first square. The second step's origin gives it; we read it from there;
* a promoted gold, ``金飛車``: three kanji, where shogiops' Chu move pattern takes a name of one or two;
* Chu's start header ``手合割：`` (an empty handicap): shogiops reads it as standard shogi's start.

So for Chu the whole-record check stops at the first such move and checks that it is one of them, and
the move-by-move check covers every move (with the start of the record read as Chu's).
"""

from __future__ import annotations

import re

import pytest
import shogi.KIF

from records_oracle import Shogiops, random_game, sfen, usi
from shogi_rules import Position
from shogi_rules.apps.cli import main
from shogi_rules.model.errors import IllegalMoveError, MoveError, RecordError
from shogi_rules.model.geometry import kanji_number
from shogi_rules.model.moves import Move
from shogi_rules.notation.kif import (HANDICAPS, KIF_HEADER_LINE, handicap_setup, parse_kif_move, position_header, read_kif, write_kif,
                                     write_kif_move)
from shogi_rules.notation.record_formats import read_game, write_record
from shogi_rules.notation.records import read_record, replay

SEED = 20261202
GAMES = {"shogi": 12, "chu": 12}
PLIES = {"shogi": 160, "chu": 220}
RULES = {"shogi": "standard", "chu": "chushogi"}


@pytest.fixture(scope="module")
def shogiops():
    oracle = Shogiops()
    yield oracle
    oracle.close()


def games(variant: str):
    for n in range(GAMES[variant]):
        yield random_game(variant, SEED + n, PLIES[variant])


def positions(start: Position, moves: list[Move]):
    pos = start.copy()
    for move in moves:
        yield pos, move
        pos.push(move)


def lion_kind(pos: Position, move: Move) -> str:
    """'pass', 'igui', 'double' or '' for a Chu move (a move that touches down on the way)."""
    if len(re.findall(r"\d{1,2}[a-l]", usi(pos, move))) < 3:
        return ""
    if move.target == move.origin:
        return "igui" if any(pos.board[s] for s in move.path) else "pass"
    return "double"


def from_diagram(pos: Position, moves: list[Move]) -> str:
    """The record of ``moves`` from ``pos`` with the start drawn as a board (which shogiops reads as Chu,
    where it reads Chu's start header as standard shogi's)."""
    return position_header(pos) + "\n" + KIF_HEADER_LINE + write_kif(pos, moves).split(KIF_HEADER_LINE)[1]


@pytest.mark.parametrize("variant", ["shogi", "chu"])
def test_our_moves_and_headers_are_shogiops(shogiops, variant):
    kinds: dict[str, int] = {}
    lines = 0
    for start, moves in games(variant):
        theirs = shogiops.ask(op="write-kif", rules=RULES[variant], sfen=sfen(start), usis=usi_list(start, moves))
        ours = [write_kif_move(pos, move) for pos, move in positions(start, moves)]
        assert ours == theirs["moves"]
        assert write_kif(start, moves).split("\n")[0] == theirs["header"]
        for pos, move in positions(start, moves):
            kind = lion_kind(pos, move) if variant == "chu" else ("drop" if move.origin is None else "")
            kinds[kind] = kinds.get(kind, 0) + 1
            if "同" in write_kif_move(pos, move) or "仝" in write_kif_move(pos, move):
                kinds["same"] = kinds.get("same", 0) + 1
            kinds["promotion"] = kinds.get("promotion", 0) + move.promotion
        lines += len(ours)
    assert lines >= 1000
    wanted = ["double", "igui", "pass"] if variant == "chu" else ["drop"]
    assert all(kinds.get(k, 0) >= 5 for k in wanted + ["same", "promotion"]), kinds


def usi_list(start: Position, moves: list[Move]) -> list[str]:
    return [usi(pos, move) for pos, move in positions(start, moves)]


@pytest.mark.parametrize("variant", ["shogi", "chu"])
def test_position_headers_are_shogiops(shogiops, variant):
    """The header of a record that starts in mid-game (the board drawn, the hands, the side to move)
    and, for shogi, after a handicap."""
    checked = 0
    for start, moves in games(variant):
        pos = start.copy()
        for move in moves[:40 + checked]:
            pos.push(move)
        theirs = shogiops.ask(op="write-kif", rules=RULES[variant], sfen=sfen(pos), usis=[])
        assert position_header(pos) == theirs["header"] == write_kif(pos, []).split("\n" + KIF_HEADER_LINE)[0]
        fen = read_game(variant, write_kif(pos, []))[1]
        assert fen is not None and Position(variant, fen=fen).board == pos.board
        assert Position(variant, fen=fen).turn == pos.turn and Position(variant, fen=fen).hands == pos.hands
        checked += 1
    if variant == "shogi":  # every handicap lishogi names, written and read by its name
        for name in HANDICAPS:
            start = handicap_setup(name)
            pos = Position.from_pieces("shogi", start.pieces, start.turn, start.hands)
            header = write_kif(pos, []).split("\n")[0]
            assert header == f"手合割：{name}" == shogiops.ask(op="write-kif", rules="standard", sfen=sfen(pos),
                                                             usis=[])["header"]
            back = shogiops.ask(op="read-kif", kif=header + "\n" + KIF_HEADER_LINE + "\n")
            assert back["sfen"].split()[:3] == sfen(pos).split()[:3]
            assert (read_game("shogi", header)[1] or Position("shogi").fen()) == pos.fen()


def test_shogiops_reads_our_shogi_records(shogiops):
    for start, moves in games("shogi"):
        back = shogiops.ask(op="read-kif", kif=write_kif(start, moves))
        assert back["rules"] == "standard" and back["sfen"] == sfen(start)
        assert back["usis"] == usi_list(start, moves)


def test_shogiops_reads_our_chu_records_up_to_a_form_it_cannot_read(shogiops):
    stops: dict[str, int] = {}
    read = 0
    for start, moves in games("chu"):
        back = shogiops.ask(op="read-kif", kif=from_diagram(start, moves))
        assert back["rules"] == "chushogi" and back["sfen"] == sfen(start)
        ours = usi_list(start, moves)
        n = len(back["usis"])
        assert back["usis"] == ours[:n]
        read += n
        if n < len(moves):
            pos = start.copy()
            for move in moves[:n]:
                pos.push(move)
            why = unreadable(pos, moves[n])
            assert why, f"shogiops stops at {write_kif_move(pos, moves[n])!r}, not a known unreadable form"
            stops[why] = stops.get(why, 0) + 1
    assert read >= 150 and stops, (read, stops)  # passes come early: the move-by-move test reads on
    assert shogiops.ask(op="read-kif", kif=write_kif(Position("chu"), []))["rules"] == "standard"


def unreadable(pos: Position, move: Move) -> str:
    """Which form shogiops writes and cannot read back ``move`` is in, if any (see the notes)."""
    text = write_kif_move(pos, move)
    if "(じっと)" in text:
        return "pass"
    if text.startswith("一歩目 仝"):
        return "first step written 仝"
    if "金飛車" in text:
        return "金飛車"
    return ""


@pytest.mark.parametrize("variant", ["shogi", "chu"])
def test_shogiops_reads_each_of_our_moves(shogiops, variant):
    """Each move read at its position, after the previous move (to which 同 and 仝 refer)."""
    unread = read = 0
    for start, moves in games(variant):
        pos = start.copy()
        before = None  # the position before the previous move
        for n, move in enumerate(moves):
            first = before if before is not None else pos
            pair = moves[n - 1:n + 1] if before is not None else [move]
            back = shogiops.ask(op="read-kif", kif=from_diagram(first, pair))["usis"]
            expect = usi_list(first, pair)
            assert back == expect[:len(back)]
            if len(back) < len(expect):
                assert unreadable(first, pair[0]) if len(back) == 0 and len(pair) == 2 else unreadable(pos, move)
                unread += len(back) == len(expect) - 1
            else:
                read += 1
            before = pos.copy()
            pos.push(move)
    assert read >= 1000
    if variant == "shogi":
        assert unread == 0


@pytest.mark.parametrize("variant", ["shogi", "chu"])
def test_we_read_shogiops_moves_and_records(shogiops, variant):
    for start, moves in games(variant):
        theirs = shogiops.ask(op="write-kif", rules=RULES[variant], sfen=sfen(start), usis=usi_list(start, moves))
        for (pos, move), text in zip(positions(start, moves), theirs["moves"]):
            assert parse_kif_move(pos, text) == move, text
        # a record of shogiops' header and move texts, numbered as lishogi's export numbers them
        lines = [theirs["header"], "手数----指手---------消費時間--"]
        for n, text in enumerate(theirs["moves"], 1):
            number = f"{n:4d}" + ("手目" if variant == "chu" else "")
            lines += [number + (t if t.startswith(("一歩目", "二歩目")) else "   " + t) for t in text.split("\n")]
        record, fen = read_game(variant, "\n".join(lines))
        r = replay(start.rules, record, fen=fen)
        assert r.legal and r.moves == moves, r.reason


def test_python_shogi_reads_ours_and_we_read_python_shogis():
    """python-shogi's KIF reader and writer, another implementation (its writer never says 同, puts one
    space after the move number, ends lines with CR LF and names promoted pieces by their one kanji)."""
    for start, moves in games("shogi"):
        [summary] = shogi.KIF.Parser.parse_str(write_kif(start, moves))
        assert summary["sfen"] == sfen(start) and summary["moves"] == usi_list(start, moves)
        theirs = shogi.KIF.Exporter.kif({"names": ["A", "B"], "sfen": sfen(start), "moves": usi_list(start, moves),
                                         "win": "b" if len(moves) % 2 else "w"})
        r = replay("shogi", read_record(theirs))
        assert r.legal and r.moves == moves, r.reason


def test_a_lishogi_export_with_players_times_comments_and_the_end():
    text = ("先手：Alice\n後手：Bob\n手合割：平手\n手数----指手---------消費時間--\n"
            "   1   ７六歩(77)   ( 0:03/00:00:03)\n* a comment\n   2   ３四歩(33)   ( 0:02/00:00:02)\n"
            "   3   ２二角成(88)   ( 0:01/00:00:04)\n   4   同　銀(31)   ( 0:01/00:00:03)\n"
            "   5   ４五角打   ( 0:05/00:00:09)\n   6   投了   ( 0:10/00:00:13)\nまで5手で先手の勝ち\n")
    moves = read_record(text)
    assert moves == ["７六歩(77)", "３四歩(33)", "２二角成(88)", "同　銀(31)", "４五角打"]
    r = replay("shogi", moves)
    assert r.legal and r.position.pieces_in_hand(1) == {"B": 1}


def test_a_handicap_and_a_board_start_the_game_where_the_record_says():
    moves, fen = read_game("shogi", "手合割：香落ち\n手数----指手---------消費時間--\n   1   ３四歩(33)\n")
    assert replay("shogi", moves, fen=fen).legal
    assert replay("shogi", moves).legal is False  # sente may not play gote's pawn at the even start
    pos = Position.from_pieces("shogi", {"5a": "k", "5c": "P", "5i": "K"}, hands="Gpp")
    text = write_kif(pos, [pos.parse_move("G*5b")])
    assert "先手の持駒：金" in text and "後手の持駒：歩二" in text and "５二金打" in text
    moves, fen = read_game("shogi", text)
    assert Position("shogi", fen=fen).fen() == pos.fen() and replay("shogi", moves, fen=fen).legal


def test_japanese_notation_of_shogi_is_read_as_kif():
    start, moves = random_game("shogi", SEED + 7, 60)
    for pos, _ in positions(start, moves):
        for move in pos.legal_moves():
            assert pos.parse_move(pos.move_name(move, "japanese")) == move


def test_a_variation_mark_and_the_variation_after_the_main_line_are_skipped():
    text = ("手合割：平手\n   1   ７六歩(77)   ( 0:01/00:00:01)+\n   2   ３四歩(33)\n\n変化：1手\n"
            "   1   ２六歩(27)\n")
    assert read_record(text) == ["７六歩(77)", "３四歩(33)"]


def test_not_promoting_and_other_writers_spellings_are_read():
    pos = Position.from_pieces("shogi", {"5a": "k", "8h": "B", "5i": "K"})
    plain = parse_kif_move(pos, "３三角(88)")
    assert parse_kif_move(pos, "☗３三角不成(88)") == plain and not plain.promotion
    assert parse_kif_move(pos, "３三角成(88)").promotion
    king = Position.from_pieces("shogi", {"5a": "k", "5i": "K"}, turn=1)
    assert parse_kif_move(king, "５二王(51)") == parse_kif_move(king, "５二玉(51)")


@pytest.mark.parametrize("text,error", [
    ("７六飛(77)", "the piece there is 歩, not 飛"),
    ("同　歩(77)", "'同' at the first move"),
    ("７六歩", "needs its origin"),
    ("７十歩(77)", "no square"),
    ("76 pawn", "not a KIF move"),
])
def test_bad_shogi_moves_are_refused(text, error):
    with pytest.raises(MoveError, match=error):
        parse_kif_move(Position("shogi"), text)


CHU_LION = Position.from_pieces("chu", {"7h": "N", "7g": "p", "6g": "P", "1l": "K", "12a": "k"},
                                rules={"chu.lion-trading": "lishogi"})


def test_chu_igui_pass_and_double_moves_are_read_and_written():
    pos = CHU_LION
    igui = parse_kif_move(pos, "一歩目 7七獅子 （←7八）\n二歩目 7八獅子（居食い） （←7七）")
    assert igui.origin == igui.target and write_kif_move(pos, igui).endswith("（居食い） （←7七）")
    jitto = parse_kif_move(pos, "一歩目 8八獅子 （←7八）\n二歩目 7八獅子(じっと) （←8八）")
    assert jitto.origin == jitto.target and not any(pos.board[s] for s in jitto.path)
    double = parse_kif_move(pos, "一歩目 7七獅子 （←7八）\n二歩目 7六獅子 （←7七）")
    assert pos.geometry.name(double.target) == "7f"
    single = parse_kif_move(pos, "7七獅子 （←7八）")
    assert single.target == pos.geometry.parse("7g") and single != double
    with pytest.raises(IllegalMoveError, match="the piece there is 獅子, not 銅将"):
        parse_kif_move(pos, "7七銅将 （←7八）")
    with pytest.raises(MoveError, match="the second starts from"):
        parse_kif_move(pos, "一歩目 7七獅子 （←7八）\n二歩目 7六獅子 （←8八）")


@pytest.mark.parametrize("text,error", [
    ("手合割：平手\n   1   ７六歩(77)\n   2   一歩目 ３四歩(33)\n", "line 3 .* first step"),
    ("手合割：平手\n   1   二歩目 7七獅子 （←7八）\n", "line 2 .* second step"),
    ("手合割：十一枚落ち\n   1   ７六歩(77)\n", "unknown handicap"),
    ("手合割：平手\nsomething else\n   1   ７六歩(77)\n", "line 2 of the KIF record is neither"),
    ("手合割：平手\n   1   ７六歩(77)\n   2   hello\n", "line 3 of the KIF record is not a KIF move: 'hello'"),
])
def test_bad_records_are_refused_naming_the_line(text, error):
    with pytest.raises(RecordError, match=error):
        read_kif(text)


def test_the_command_line_replays_and_converts_kif(tmp_path, capsys):
    start, moves = random_game("shogi", SEED, 60)
    game = tmp_path / "game.kif"
    game.write_text(write_kif(start, moves), encoding="utf-8")
    assert main(["replay", "shogi", str(game)]) == 0
    assert "60 plies" in capsys.readouterr().out
    assert main(["check-record", "shogi", str(game)]) == 0
    capsys.readouterr()
    for notation in ("csa", "usi", "western", "kif"):
        assert main(["convert", "shogi", str(game), "--to", notation]) == 0
        out = capsys.readouterr().out
        assert out == write_record(start, moves, notation)
        again = tmp_path / f"game.{notation}"
        again.write_text(out, encoding="utf-8")
        back, fen = read_game("shogi", out)
        assert replay("shogi", back, fen=fen).moves == moves
    chu_start, chu_moves = random_game("chu", SEED, 80)
    chu = tmp_path / "chu.kif"
    chu.write_text(write_kif(chu_start, chu_moves), encoding="utf-8")
    assert main(["replay", "chu", str(chu)]) == 0
    assert f"{len(chu_moves)} plies" in capsys.readouterr().out
    assert main(["convert", "chu", str(chu), "--to", "usi"]) == 0
    assert capsys.readouterr().out == write_record(chu_start, chu_moves, "usi")
    assert main(["check-record", "chu", str(chu)]) == 0
    assert "legal" in capsys.readouterr().out


def test_the_command_line_refuses_bad_records_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.kif"
    bad.write_text("手合割：平手\n   1   ７六歩(77)\n   2   ３四銀(33)\n", encoding="utf-8")
    assert main(["convert", "shogi", str(bad), "--to", "csa"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "ply 2" in err and "not 銀" in err
    assert main(["convert", "chu", str(bad), "--to", "kif"]) == 2
    assert "of standard shogi, not chu" in capsys.readouterr().err
    assert main(["convert", "tenjiku", str(bad), "--to", "kif"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    good = tmp_path / "good.kif"
    good.write_text("手合割：平手\n   1   ７六歩(77)\n", encoding="utf-8")
    assert main(["convert", "shogi", str(good), "--to", "csa", "--fen", Position("chu").fen()]) == 2
    assert capsys.readouterr().err.startswith("shogi-rules: error:")


@pytest.mark.parametrize("variant", ["shogi", "chu"])
def test_every_legal_move_has_a_kif_name_of_its_own_that_reads_back(variant):
    checked = 0
    for n in range(2):
        start, moves = random_game(variant, SEED + 100 + n, 80)
        for pos, _ in positions(start, moves):
            legal = pos.legal_moves()
            names = [pos.move_name(m, "kif") for m in legal]
            assert len(set(names)) == len(names), pos.fen()
            for move, text in zip(legal, names):
                assert pos.parse_move(text, "kif") == move == pos.parse_move(text), text
                checked += 1
    assert checked >= 3000


def test_lishogis_server_export_of_chu_is_read():
    """lishogi's game export (its server, not shogiops) writes Chu without a 手合割 line, the second step
    of a double move with its square (never 仝) and without the igui and pass marks, and times after
    the moves; it reads to the same game."""
    found = None
    for n in range(40):
        start, moves = random_game("chu", SEED + 200 + n, 160)
        kinds = {lion_kind(pos, move) for pos, move in positions(start, moves)}
        if {"igui", "pass", "double"} <= kinds:
            found = start, moves
            break
    assert found, "no seeded game with an igui, a pass and a double move"
    start, moves = found
    lines = ["開始日時：2026/12/02 05:00:00", "場所：https://lishogi.org/abcdefgh", "先手：Alice", "後手：Bob",
             KIF_HEADER_LINE]
    for n, (pos, move) in enumerate(positions(start, moves), 1):
        text = write_kif_move(pos, move)
        if "\n" in text:
            first, second = text.split("\n")
            second = re.sub(r"（居食い）|\(じっと\)", "", second)
            if "仝" in second:
                g = pos.geometry
                second = second.replace("仝", f"{g.file_of(move.target)}{kanji_number(g.rank_of(move.target))}")
            lines += [f"{n:4d}手目{first}", f"{n:4d}手目{second}   ( 0:01/00:00:{n % 60:02d})"]
        else:
            lines.append(f"{n:4d}手目   {text}   ( 0:01/00:00:{n % 60:02d})")
    lines.append(f"{len(moves) + 1:4d}手目   投了")
    record, fen = read_game("chu", "\n".join(lines) + "\n")
    assert fen is None
    r = replay(start.rules, record)
    assert r.legal and r.moves == moves, r.reason


@pytest.mark.parametrize("count", ["²", "9" * 5000, "99999999999", "١٢"])
def test_a_kif_hand_count_that_is_no_count_is_refused_in_one_line(count):
    """A count in a KIF hand is one or two digits (half- or full-width) or kanji: a superscript, an Arabic-Indic digit or
    thousands of digits made int() fail (a traceback) or a hand of 10^11 pieces be built before anything was checked."""
    template = open(__file__.rsplit("/", 1)[0] + "/data/kif_board_with_a_hand.kif", encoding="utf-8").read()
    assert read_kif(template).start is not None and "先手の持駒：桂\n" in template
    with pytest.raises(RecordError, match="KIF hand"):
        read_kif(template.replace("先手の持駒：桂\n", f"先手の持駒：桂{count}\n"))
    assert read_kif(template.replace("先手の持駒：桂\n", "先手の持駒：桂２\n")).start.hands == "NN"
