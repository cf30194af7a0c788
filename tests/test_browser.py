"""shogi_rules.browser, the functions the book's live boards call, tested in CPython (the browser runs the
same file under Pyodide: tests/test_explorer.py)."""

from __future__ import annotations

import json

import pytest

from shogi_rules import Position
from shogi_rules.browser import Line, call, describe_move
from shogi_rules.records import read_record

from test_explorer import RANGE, TENJIKU_GAME


def sq(pos: Position, name: str) -> str:
    return pos.geometry.fsf_name(pos.geometry.parse(name))


def test_a_line_keeps_the_moves_ahead_until_another_move_is_played():
    line = Line("shogi")
    assert line.extend(["P-7f", "P-3d", "P-2f"]) == {"played": 3, "error": None}
    line.goto(1)
    assert line.state()["ply"] == 1 and len(line.state()["line"]) == 3
    line.push(line.position.parse_move("P-3d"))             # the same move: the line stays
    assert len(line.moves) == 3 and line.ply == 2
    line.push(line.position.parse_move("P-6f"))             # another: the rest is cut
    assert [n["western"] for n in line.names] == ["P-7f", "P-3d", "P-6f"]
    assert [n["usi"] for n in line.names] == ["7g7f", "3c3d", "6g6f"]
    assert line.names[0]["japanese"].startswith("☗７六歩")


def test_a_record_stops_at_its_first_illegal_move_and_says_why():
    line = Line("tenjiku")                                   # the defaults: the article's main text
    result = line.extend(read_record(TENJIKU_GAME.read_text("utf-8")))
    assert result["played"] == 9 and result["error"].startswith("move 10 (RGx7m+)")


def test_moves_say_what_they_do():
    eagle = Position.from_pieces("tenjiku", {"16p": "K", "1a": "k", "8h": "FE", "8g": "p", "9g": "p", "7g": "P", "7i": "P", "9i": "P"})
    moves = [describe_move(eagle, m) for m in eagle.legal_moves() if m.origin == eagle.geometry.parse("8h")]
    assert any(m["igui"] and m["captures"] == [sq(eagle, "9g")] for m in moves)
    assert any(m["to"] == sq(eagle, "10f") and m["jumps"] == [sq(eagle, "9g")] for m in moves)
    rook = Position.from_pieces("tenjiku", RANGE)
    jumps = {m["to"]: m["jumps"] for m in (describe_move(rook, x) for x in rook.legal_moves())
             if m["from"] == sq(rook, "8m")}
    assert jumps[sq(rook, "8h")] == sorted([sq(rook, s) for s in ("8i", "8j", "8k", "8l")], key=lambda s: -int(s[1:]))
    demon = Position.from_pieces("tenjiku", {"8i": "FD", "8e": "fd", "7f": "p", "9f": "g", "16p": "K", "1a": "k"})
    to_8f = [describe_move(demon, m) for m in demon.legal_moves() if m.target == demon.geometry.parse("8f")]
    assert to_8f and all(m["burnsItself"] for m in to_8f)    # the default: the demon moving next to the other dies
    lion = Position.from_pieces("makadaidai", {"10j": "LN", "10i": "dsp", "10h": "dv", "1s": "K", "1a": "k"},
                                rules={"makadaidai.double-conversion": "mover"})
    picks = [describe_move(lion, m) for m in lion.legal_moves() if m.path and m.target == lion.geometry.parse("10h")]
    assert sorted(m["becomes"] for m in picks) == ["Buddhist Spirit", "Teaching King"]  # the mover's two choices
    king = [describe_move(lion, m) for m in lion.legal_moves() if m.origin == lion.geometry.parse("1s")]
    assert king and all(m["becomes"] is None for m in king)                          # no capture, no conversion


@pytest.mark.parametrize("name, arguments, message", [
    ("nothing", {}, "unknown function 'nothing'"),
    ("perft", {"variant": "shogi"}, "missing argument 'depth'"),
    ("perft", {"variant": "shogi", "depth": -1}, "the depth is a whole number ≥ 0"),
    ("legalMoves", {"variant": "chess"}, "chess"),
    ("legalMoves", {"variant": "shogi", "notation": "kif"}, "unknown notation 'kif'"),
    ("legalMoves", {"variant": "wa", "rules": {"wa.drops": "always"}}, "has no option 'always'"),
    ("play", {"variant": "shogi", "moves": ["P-5e"]}, "move 1 (P-5e)"),
    ("goto", {"board": "nowhere", "ply": 0}, "no board 'nowhere'"),
])
def test_bad_calls_answer_with_an_error_message(name, arguments, message):
    answer = json.loads(call(name, json.dumps(arguments)))
    assert list(answer) == ["error"] and message in answer["error"]
