"""The Edo-period Chu shogi mating problems (詰物) of ``tests/data/chu_problems.toml``: every published
solution replays legally under the rules the problem is kept under and ends in mate, every attacking move
of it is a check and no defence in it leaves the king to be taken; and the mate search of
:mod:`shogi_rules.tools.mate` agrees with the short ones.

Mate (:func:`shogi_rules.tools.mate.is_mate`): the side to move has no legal move, or every legal move it
has leaves one of its royal pieces where the other side could take it.
"""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest

from helpers import BIB, DATA
from shogi_rules import Position, RuleSet, ShogiRulesError, get_variant
from shogi_rules.engine.outcome import royal_threatened, royals_left
from shogi_rules.model.geometry import GOTE, SENTE
from shogi_rules.notation.lishogi import parse_usi
from shogi_rules.tools.mate import escapes, gives_check, is_mate, royal_capturable, shortest_mate

PROBLEMS = tomllib.loads(Path(DATA, "chu_problems.toml").read_text(encoding="utf-8"))["problem"]
BY_ID = {p["id"]: p for p in PROBLEMS}
PRESETS = [p.id for p in get_variant("chu").presets]


def start(problem: dict, preset: str | None = None) -> Position:
    return Position(RuleSet.of("chu", preset=preset or problem["rules"]), fen=problem["fen"])


def replay(problem: dict, preset: str | None = None, plies: int | None = None) -> Position:
    """The problem's position after ``plies`` moves of its solution (all of them by default); a move the
    rules refuse raises ``IllegalMoveError``."""
    pos = start(problem, preset)
    for usi in problem["solution"][:plies]:
        pos.push(parse_usi(pos, usi))
    return pos


def test_at_least_twenty_problems_each_with_its_sources():
    bib = set(re.findall(r"^@\w+\{([^,\s]+),", Path(BIB).read_text(encoding="utf-8"), re.M))
    assert len(PROBLEMS) >= 20 and len(BY_ID) == len(PROBLEMS)
    for p in PROBLEMS:
        assert set(p["cite"]) <= bib, p["id"]
        assert {"kinuburui", "csr-chu-tsume", "jh85-chushogi"} <= set(p["cite"]), p["id"]
        assert p["id"] == f"kinuburui-{p['number']}" and p["collection"] == "中将棊絹篩"
        assert p["page"] == f"http://chushogi-renmei.com/DHTML/tumeshogi/kinu{p['number']:02d}.html"
        assert p["transcription"].endswith(f"/tests/tsume/kinu{p['number']:02d}.json")
        assert ("tsukurimono-1663" in p["cite"]) == ("tsukurimono" in p)
        assert p["rules"] in PRESETS


@pytest.mark.parametrize("pid", BY_ID)
def test_the_solution_has_the_length_the_index_states_and_sente_attacks_without_a_king(pid):
    p = BY_ID[pid]
    assert len(p["solution"]) == p["stated_plies"] and p["stated_plies"] % 2 == 1
    pos = start(p)
    assert pos.turn == SENTE and royals_left(pos, SENTE) == 0 and royals_left(pos, GOTE) == 1


@pytest.mark.parametrize("pid", BY_ID)
def test_the_published_solution_replays_legally_and_ends_in_mate(pid):
    p = BY_ID[pid]
    final = replay(p)
    assert final.turn == GOTE and is_mate(final)
    before = replay(p, plies=len(p["solution"]) - 2)     # the defender's last move still escaped
    assert not is_mate(before)


@pytest.mark.parametrize("pid", BY_ID)
def test_every_attacking_move_checks_and_no_defence_leaves_the_king_to_be_taken(pid):
    p = BY_ID[pid]
    pos = start(p)
    for n, usi in enumerate(p["solution"], 1):
        move = parse_usi(pos, usi)
        if pos.turn == SENTE:
            assert gives_check(pos, move), (n, usi)
        else:
            assert move in escapes(pos), (n, usi)
        pos.push(move)


def test_the_quick_royal_test_agrees_with_the_outcome_module_along_every_solution():
    """``royal_capturable`` skips the copy that ``royal_threatened`` makes when asked about the side to move."""
    asked = 0
    for p in PROBLEMS:
        pos = start(p)
        for usi in p["solution"]:
            for color in (SENTE, GOTE):
                assert royal_capturable(pos, color) == royal_threatened(pos, color), (p["id"], usi, color)
                asked += royal_capturable(pos, color)
            pos.push(parse_usi(pos, usi))
    assert asked == sum(len(p["solution"]) // 2 for p in PROBLEMS)     # the king is in check after each attack


@pytest.mark.parametrize("preset", PRESETS)
def test_the_quick_royal_test_agrees_with_the_outcome_module_in_random_games(preset):
    """Seeded random games that prefer captures, so that Lions meet Lions and kings are attacked."""
    rng = random.Random(21)
    attacked = 0
    for _ in range(6):
        pos = Position(RuleSet.of("chu", preset=preset))
        for _ in range(150):
            for color in (SENTE, GOTE):
                quick = royal_capturable(pos, color)
                assert quick == royal_threatened(pos, color), (pos.fen(), color)
                attacked += quick
            moves = pos.legal_moves()
            if not moves or pos.outcome() is not None:
                break
            captures = [m for m in moves if pos.board[m.target] or any(pos.board[s] for s in m.path)]
            pos.push(rng.choice(captures if captures and rng.random() < 0.7 else moves))
    assert attacked >= 5


@pytest.mark.parametrize("preset", PRESETS)
def test_every_solution_holds_under_every_reading_of_the_rules(preset):
    for p in PROBLEMS:
        assert is_mate(replay(p, preset)), (p["id"], preset)


def test_the_mate_of_a_line_that_stops_short_is_refused():
    """A line the Association's page leaves unfinished ('the original stops here'): no mate yet. No. 6 (not
    kept) stops at the eleventh move, where the king can still step to 7d."""
    pos = Position(RuleSet.of("chu", preset="jcsa"),
                   fen="12/3t2+M2t2/4f1k1f3/4p3p3/3p2m2p2/4P+p2P3/2R6N2/7+p2b1/11+D/1Q3+b6/4R7/7R4 w - - 0 1")
    for usi in "3g5e 6e5e 8k6k 7j6k 1i6i 5h6i 10g6g 7f6g 11j6e 5e6e 5l5c+".split():
        pos.push(parse_usi(pos, usi))
    assert not is_mate(pos)
    assert [pos.move_name(m) for m in escapes(pos)] == ["K-7d"]


@pytest.mark.parametrize("pid", [p["id"] for p in PROBLEMS if p["stated_plies"] <= 7])
def test_no_mate_is_shorter_than_the_short_solutions(pid):
    p = BY_ID[pid]
    pos = start(p)
    fen = pos.fen()
    assert shortest_mate(pos, p["stated_plies"] - 2) is None
    assert pos.fen() == fen


def test_no_1_is_a_forced_mate_from_its_third_move():
    line = shortest_mate(replay(BY_ID["kinuburui-1"], plies=2), 5)
    assert line is not None and len(line) == 5


def test_no_32_is_a_shortest_forced_mate_of_nine_plies():
    p = BY_ID["kinuburui-32"]
    pos = start(p)
    assert shortest_mate(pos, 7) is None
    line = shortest_mate(pos, 9)
    assert line is not None and len(line) == 9 == p["stated_plies"]
    assert line[0] == parse_usi(pos, p["solution"][0])


def test_no_16_has_a_mate_in_five_where_the_book_takes_thirteen():
    """A shorter mate than the published one (a cook, 早詰): the Lion takes the gold on 4f and mates in five."""
    pos = start(BY_ID["kinuburui-16"])
    assert BY_ID["kinuburui-16"]["stated_plies"] == 13 and shortest_mate(pos, 3) is None
    line = shortest_mate(pos, 5)
    assert line is not None and pos.move_name(line[0]) == "Lnx4f"
    played = pos.copy()
    for m in line:
        played.push(m)
    assert len(line) == 5 and is_mate(played)


@pytest.mark.parametrize("pid, ply, defence", [("kinuburui-8", 4, "+DKx!5c"), ("kinuburui-48", 4, "K-11a")])
def test_a_defence_the_published_line_passes_over_escapes_its_mate(pid, ply, defence):
    """The published solutions are main lines, not proofs: here the defender has a move, other than the one
    printed, after which the attacker has no mate in the plies the solution has left (for no. 8 the Soaring
    Eagle's igui, capturing the Lion without moving)."""
    p = BY_ID[pid]
    pos = replay(p, plies=ply - 1)
    move = pos.parse_move(defence)
    assert move in escapes(pos) and move != parse_usi(pos, p["solution"][ply - 1])
    pos.push(move)
    assert shortest_mate(pos, p["stated_plies"] - ply) is None


def test_the_search_finds_the_last_move_and_the_mate_in_three():
    p = BY_ID["kinuburui-1"]
    last = replay(p, plies=6)
    assert shortest_mate(last, 1) == [parse_usi(last, p["solution"][6])]
    three = replay(p, plies=4)
    line = shortest_mate(three, 3)
    assert line is not None and len(line) == 3 and is_mate(_played(three, line))


def _played(pos: Position, line: list) -> Position:
    pos = pos.copy()
    for m in line:
        pos.push(m)
    return pos


@pytest.mark.parametrize("plies", [0, -1, 10, 11])
def test_the_search_refuses_a_length_it_does_not_search(plies):
    with pytest.raises(ShogiRulesError, match="1 to 9 plies"):
        shortest_mate(Position("chu"), plies)


def test_the_search_refuses_a_length_that_is_not_a_number():
    with pytest.raises(TypeError, match="a number of plies must be int"):
        shortest_mate(Position("chu"), "5")  # type: ignore[arg-type]


def test_a_king_and_prince_lose_a_royal_piece_as_a_mate():
    """With two royal pieces, losing one of them is what the definition counts."""
    pos = Position.from_pieces("chu", {"6a": "k", "8a": "+e", "6c": "+D", "7c": "+D", "12l": "K"}, GOTE)
    assert royals_left(pos, GOTE) == 2 and is_mate(pos)
    assert not is_mate(Position.from_pieces("chu", {"6a": "k", "8a": "+e", "12l": "K"}, GOTE))
