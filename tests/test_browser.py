"""shogi_rules.apps.browser, the functions the book's live boards call, tested in CPython (the browser runs the
same file under Pyodide: tests/test_explorer.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from shogi_rules import VARIANT_IDS, Position, get_variant
from shogi_rules.engine import movegen
from shogi_rules.apps.browser import _LINES, MAX_LINES, Line, call, describe_move
from shogi_rules.notation.records import read_record

from helpers import played_names
from test_explorer import RANGE, TENJIKU_GAME

DATA = Path(__file__).resolve().parent / "data"
CLICK_LIMIT = 8 * 1024
"""Bytes: the most an answer to a click (a move, a step through the line, a selection) may hold."""
SAMPLE_RECORDS = {"tenjiku": TENJIKU_GAME, "chu": DATA / "chu_sample_game.txt", "daidai": DATA / "daidai_sample_game.txt",
                  "makadaidai": DATA / "makadaidai_sample_game.txt"}


def sq(pos: Position, name: str) -> str:
    return pos.geometry.fsf_name(pos.geometry.parse(name))


def ask(name: str, **arguments) -> dict:
    answer = json.loads(call(name, json.dumps(arguments)))
    assert "ok" in answer, answer
    return answer["ok"]


class Page:
    """A board as the page keeps it: each answer of the engine put together with what it sent before,
    the way explorer.js does (Line.view sends only what changed)."""

    def __init__(self, board: str, **arguments):
        self.board = board
        self.sizes: dict[str, int] = {}
        self.take("open", self.send("open", variant=arguments.pop("variant"), **arguments))

    def send(self, name: str, **arguments) -> dict:
        text = call(name, json.dumps({"board": self.board, **arguments}))
        answer = json.loads(text)
        assert "ok" in answer, answer
        self.sizes[name] = max(self.sizes.get(name, 0), len(text.encode("utf-8")))
        return answer["ok"]

    def take(self, name: str, answer: dict) -> None:
        if "columns" in answer:
            self.pieces: dict[int, list] = {}
            self.shape = answer
            self.line: list[dict] = []
        self.pieces.update({int(t): info for t, info in answer["pieces"].items()})
        if "line" in answer:
            self.line = self.line[:answer["line"]["from"]] + answer["line"]["names"]
        self.view = answer

    def move(self, name: str) -> None:
        self.take("move", self.send("move", move=name, version=self.view["version"]))

    def goto(self, ply: int) -> None:
        self.take("goto", self.send("goto", ply=ply))

    def select(self, square: str | None = None, drop: str | None = None) -> list[dict]:
        return self.send("select", version=self.view["version"], square=square, drop=drop)["moves"]

    def squares(self) -> list[str]:
        files, columns, rows = self.shape["files"], self.shape["columns"], self.shape["rows"]
        return [columns[i % files][0] + rows[i // files][0] for i in range(len(self.view["board"]))]

    def check(self, line: Line) -> None:
        """What the page has put together is what the engine's line holds."""
        pos = line.position
        assert self.line == line.names and self.view["ply"] == line.ply and self.view["fen"] == pos.fen()
        for code in [c for c in pos.board if c] + [2 * t for hand in pos.hands for t, n in enumerate(hand) if n]:
            ptype = pos.tables.types[code >> 1]
            assert self.pieces[code >> 1] == [ptype.code, ptype.kind.label, ptype.kind.english, ptype.kind.kanji,
                                              ptype.promoted]
        assert self.view["board"] == pos.board
        assert self.view["legal"] == (0 if pos.outcome() else len(pos.legal_moves()))


def test_a_line_keeps_the_moves_ahead_until_another_move_is_played():
    line = Line("shogi")
    assert line.extend(["P-7f", "P-3d", "P-2f"]) == {"played": 3, "error": None}
    line.goto(1)
    assert line.ply == 1 and len(line.names) == 3
    assert len(line.position.history) == 1 and len(line.ahead) == 2  # the moves played are not kept twice
    assert played_names(line.position, "usi") == ["7g7f"]
    assert line.push(line.position.parse_move("P-3d")) is False  # the same move: the line stays
    assert len(line.moves) == 3 and line.ply == 2
    assert line.push(line.position.parse_move("P-6f")) is True   # another: the rest is cut
    assert [n["western"] for n in line.names] == ["P-7f", "P-3d", "P-6f"] and not line.ahead
    assert [n["usi"] for n in line.names] == ["7g7f", "3c3d", "6g6f"]
    assert line.names[0]["japanese"].startswith("☗７六歩")


def test_a_record_stops_at_its_first_illegal_move_and_says_why():
    line = Line("tenjiku")                                   # the defaults: the article's main text
    result = line.extend(read_record(TENJIKU_GAME.read_text("utf-8")))
    assert result["played"] == 9 and result["error"].startswith("move 10 (RGx7m+)")


def test_the_position_box_offers_the_games_sfen_and_reads_it_back():
    """Chu's boards give lishogi's SFEN beside the project's FEN, shogi's USI's; a board opened on that
    SFEN is the same position. Games with no SFEN of their own send none."""
    from shogi_rules.notation import lishogi
    from shogi_rules.notation.fen import write_sfen

    for variant, name, write in (("chu", "lishogi's SFEN", lishogi.write_sfen), ("shogi", "USI's SFEN", write_sfen)):
        line, rng = Line(variant), random.Random(3)
        for _ in range(6):
            pos = line.position
            assert line.extend([pos.move_name(rng.choice(pos.legal_moves()), "usi")])["error"] is None
        view = line.view(0, full=True)
        assert view["sfen"] == {"name": name, "text": write(line.position)}
        again = ask("open", board=f"sfen-{variant}", variant=variant, fen=view["sfen"]["text"])
        fen = line.position.fen().split()
        # an SFEN holds no half-move clock: everything else is the same position
        assert again["fen"].split()[:4] + again["fen"].split()[5:] == fen[:4] + fen[5:]
        assert again["sfen"] == view["sfen"]
    assert "sfen" not in Line("tenjiku").view(0, full=True)


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


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_the_page_puts_together_what_the_engine_means(variant):
    """Answers carry only what changed, yet the page, putting them together, has the engine's line, pieces,
    square names and counts, through moves, steps back and a move that cuts the line."""
    page, rng = Page(f"together-{variant}", variant=variant), random.Random(variant)
    line = _LINES[page.board]
    g = line.position.geometry
    assert page.squares() == [g.fsf_name(s) for s in range(g.size)]
    files, columns, rows = page.shape["files"], page.shape["columns"], page.shape["rows"]
    assert [columns[s % files][1] + rows[s // files][1] for s in range(g.size)] == [g.name(s) for s in range(g.size)]
    for _ in range(6):
        page.move(line.position.move_name(rng.choice(line.position.legal_moves()), "fsf"))
        page.check(line)
    page.goto(2)
    page.check(line)
    assert len(page.line) == 6 and "line" not in page.view  # a step through the line sends none of it
    page.move(page.line[2]["fsf"])                          # the line's own next move: the line stays
    assert "line" not in page.view and len(page.line) == 6
    other = next(m for m in line.position.legal_moves() if line.position.move_name(m, "fsf") != page.line[3]["fsf"])
    page.move(line.position.move_name(other, "fsf"))        # another move cuts the rest
    page.check(line)
    assert len(page.line) == 4 and page.view["line"] == {"from": 3, "names": line.names[3:]}
    record = "\n".join(n["western"] for n in line.names[:2])  # a record loaded into the board: all anew
    page.take("record", page.send("record", text=record))
    page.check(line)
    page.goto(2)
    page.check(line)


def crowded_positions(variant: str) -> list[Position]:
    """Positions of seeded random games and of the variant's sample record (to where it stops)."""
    out = []
    rng = random.Random(f"crowded:{variant}")
    pos = Position(variant)
    for _ in range(40):
        moves = pos.legal_moves()
        if not moves or pos.outcome():
            break
        pos.push(rng.choice(moves))
        out.append(pos.copy())
    if variant in SAMPLE_RECORDS:
        line = Line(variant)
        line.extend(read_record(SAMPLE_RECORDS[variant].read_text("utf-8")))
        while line.ply:
            out.append(line.position.copy())
            line.goto(line.ply - 1)
    return out


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_a_click_is_answered_with_a_few_kilobytes(variant):
    """From the start and from crowded positions, the answer to a move, to a step through the line and to
    the selection of any piece is at most 8 KB (today's Tenjiku start position sent 54 KB); the view
    holds no move, and grows with the board, not with the moves."""
    positions = [Position(variant)] + crowded_positions(variant)
    for i, pos in enumerate(positions):
        moves = played_names(pos, "fsf")
        page = Page(f"size-{variant}", variant=variant, moves=moves[:-1])
        if moves:
            page.move(moves[-1])                            # the click that led here
            page.goto(len(moves) - 1)
            page.goto(len(moves))
        legal = [] if pos.outcome() else pos.legal_moves()
        g = pos.geometry
        for origin in {m.origin for m in legal if m.origin is not None}:
            assert page.select(square=g.fsf_name(origin))
        for drop in {pos.tables.types[m.drop or 0].code for m in legal if m.origin is None}:
            assert page.select(drop=drop)
        assert not {"moves", "legalMoves"} & set(page.view) and isinstance(page.view["legal"], int)
        # the part that grows with the board: a few bytes a square
        board = len(json.dumps(page.view["board"], separators=(",", ":")))
        assert board <= 4 * g.size
        assert max(page.sizes.get(n, 0) for n in ("move", "goto", "select")) <= CLICK_LIMIT, (i, page.sizes)
    assert page.sizes["open"] <= CLICK_LIMIT + len(json.dumps(page.line, ensure_ascii=False).encode())


class Generations:
    """Counts the move generations by the position and side they were made for: every generation of a side's
    moves over the whole board (``movegen.general_board_moves`` and ``movegen.pseudo_legal_board_moves``
    without ``only``; the legal moves of a position are one of them). The attack tests generate the moves of
    a few pieces (``only``), which are not counted."""

    def __init__(self, monkeypatch):
        self.made: list[tuple] = []
        general, pseudo = movegen.general_board_moves, movegen.pseudo_legal_board_moves

        def general_counted(pos, color=None, only=None):
            if only is None:
                self.made.append(self.key(pos, pos.turn if color is None else color))
            return general(pos, color, only)

        def pseudo_counted(pos, only=None):
            if only is None:
                self.made.append(self.key(pos))
            return pseudo(pos, only)

        monkeypatch.setattr(movegen, "general_board_moves", general_counted)
        monkeypatch.setattr(movegen, "pseudo_legal_board_moves", pseudo_counted)

    @staticmethod
    def key(pos: Position, side: int | None = None) -> tuple:
        return pos.hash, pos.turn if side is None else side, len(pos.history), tuple(pos.board)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_a_click_generates_the_moves_of_the_position_shown_once(variant, monkeypatch):
    """A move or a step generates the moves of the position it shows once at most (the outcome, check, the
    count and the selections share them; a step back to a position the board has just shown finds them kept),
    and nothing else: in the capture variants the checks for a threatened royal and for checkmate are attack
    tests, which generate the moves of the pieces that could reach a royal piece, never the opponent's replies;
    a selection generates none."""
    page, rng = Page(f"count-{variant}", variant=variant), random.Random(f"count:{variant}")
    line = _LINES[page.board]
    counts = Generations(monkeypatch)
    for ply in range(8):
        pos = line.position
        counts.made.clear()
        for origin in {m.origin for m in pos.legal_moves() if m.origin is not None}:
            page.select(square=pos.geometry.fsf_name(origin))
        assert counts.made == []
        if ply % 3 == 2:                                      # a step back, and one forward again
            page.goto(line.ply - 1)
            counts.made.clear()
            page.goto(line.ply + 1)
        else:
            page.move(pos.move_name(rng.choice(pos.legal_moves()), "fsf"))
        shown = Generations.key(line.position)
        assert counts.made.count(shown) <= 1, (ply, len(counts.made))  # none when the position keeps them
        assert set(counts.made) <= {shown}, (ply, len(counts.made))


def test_moves_are_sent_by_name_on_the_board_they_were_chosen_on():
    page = Page("names", variant="makadaidai", rules={"makadaidai.double-conversion": "mover"},
                fen=Position.from_pieces("makadaidai", {"10j": "LN", "10i": "dsp", "10h": "dv", "1s": "K", "1a": "k"},
                                         rules={"makadaidai.double-conversion": "mover"}).fen())
    g = _LINES["names"].position.geometry
    picks = [m for m in page.select(square=sq(_LINES["names"].position, "10j")) if m.get("path") and m["to"] == g.fsf_name(g.parse("10h"))]
    assert sorted(m["becomes"] for m in picks) == ["Buddhist Spirit", "Teaching King"] and len({m["name"] for m in picks}) == 2
    before = page.view
    chosen = next(m for m in picks if m["becomes"] == "Teaching King")
    stale = json.loads(call("move", json.dumps({"board": "names", "move": chosen["name"], "version": before["version"] - 1})))
    assert "has changed since" in stale["error"] and _LINES["names"].ply == 0  # refused, nothing played
    stale = json.loads(call("select", json.dumps({"board": "names", "square": chosen["to"], "version": before["version"] + 1})))
    assert "has changed since" in stale["error"]
    page.move(chosen["name"])
    pos = _LINES["names"].position
    ptype, _ = pos.piece_at(g.parse("10h"))
    assert ptype.kind.english == "Teaching King" and page.line[0]["fsf"] == chosen["name"]


def test_the_boards_kept_are_bounded():
    _LINES.clear()
    for i in range(MAX_LINES):
        ask("open", board=f"b{i}", variant="shogi")
    ask("goto", board="b0", ply=0)                            # used last now: kept
    for i in range(MAX_LINES, MAX_LINES + 5):
        ask("open", board=f"b{i}", variant="shogi")
    assert len(_LINES) == MAX_LINES and "b0" in _LINES
    assert json.loads(call("goto", json.dumps({"board": "b1", "ply": 0}))) == {"error": "no board 'b1'"}


@pytest.mark.parametrize("name, arguments, message", [
    ("nothing", {}, "unknown function 'nothing'"),
    ("perft", {"variant": "shogi"}, "missing argument 'depth'"),
    ("perft", {"variant": "shogi", "depth": -1}, "the depth is a whole number ≥ 0"),
    ("legalMoves", {"variant": "chess"}, "chess"),
    ("legalMoves", {"variant": "shogi", "notation": "pgn"}, "unknown notation 'pgn'"),
    ("legalMoves", {"variant": "wa", "rules": {"wa.drops": "always"}}, "has no option 'always'"),
    ("play", {"variant": "shogi", "moves": ["P-5e"]}, "move 1 (P-5e)"),
    ("goto", {"board": "nowhere", "ply": 0}, "no board 'nowhere'"),
    ("move", {"board": "bad", "move": "c3c4"}, "missing argument 'version'"),
    ("move", {"board": "bad", "move": "P-7f", "version": 0}, "P-7f"),       # a name in coordinates only
    ("move", {"board": "bad", "move": "c3c5", "version": 0}, "c3c5"),
    ("select", {"board": "bad", "version": 0}, "select a square or a piece to drop"),
    ("select", {"board": "bad", "version": 0, "square": "z9"}, "z9"),
])
def test_bad_calls_answer_with_an_error_message(name, arguments, message):
    ask("open", board="bad", variant="shogi")
    answer = json.loads(call(name, json.dumps(arguments)))
    assert list(answer) == ["error"] and message in answer["error"]
