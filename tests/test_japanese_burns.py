"""The Japanese move names write the Fire Demon's burns, as the Western ``x!`` list and ``*`` do."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shogi_rules import Position
from shogi_rules.diagrams.book import place
from shogi_rules.notation.records import read_record, replay

ROOT = Path(__file__).resolve().parent.parent
MEETING = {"8i": "FD", "8e": "fd", "7f": "p", "9f": "g", "16p": "K", "1a": "k"}


def western_burns(pos: Position, western: str) -> tuple[list[str], bool]:
    """The squares after ``x!`` of a Fire Demon's move (not an igui capture) and its trailing ``*``."""
    burns = re.search(r"x!([0-9a-p,]+)", western)
    squares = burns.group(1).split(",") if burns else []
    return squares, western.endswith("*")


def japanese_burns(pos: Position, japanese: str) -> tuple[list[str], bool]:
    written = re.search(r"焼([^自]*)", japanese)
    kanji = written.group(1).split("・") if written and written.group(1) else []
    by_kanji = {pos.geometry.kanji(s): pos.geometry.name(s) for s in range(pos.geometry.size)}
    return [by_kanji[k] for k in kanji], japanese.endswith("自焼")


@pytest.mark.parametrize("option, burnt, itself", [
    ("zhwp", [], True),
    ("tsa-per-zhwp", ["8e", "7f", "9f"], True),
    ("adams", ["7f", "9f"], True),
])
def test_a_fire_demon_meeting_is_written_with_its_burns(option, burnt, itself):
    pos = place("tenjiku", MEETING, rules={"tenjiku.fire-demon.meeting": option})
    move = next(m for m in pos.legal_moves()
                if pos.geometry.name(m.origin) == "8i" and pos.geometry.name(m.target) == "8f")
    western, japanese = pos.move_name(move), pos.move_name(move, "japanese")
    assert western_burns(pos, western) == (burnt, itself)
    assert japanese_burns(pos, japanese) == (burnt, itself), japanese
    assert japanese.startswith("☗８六火(8,9)")
    if option == "adams":
        assert japanese == "☗８六火(8,9)焼７六・９六自焼"   # FiD-8fx!7f,9f*


def test_every_move_of_the_articles_game_writes_the_burns_the_western_name_lists():
    record = (ROOT / "tests/data/tenjiku_article_game.txt").read_text(encoding="utf-8")
    rules = {"tenjiku.range-jump.capture": "modern-2000", "tenjiku.promotion": "tsa"}
    game = replay("tenjiku", read_record(record), rules)
    assert game.legal, game.reason
    pos = Position("tenjiku", rules=rules)
    burning = 0
    for move in game.moves:
        western, japanese = pos.move_name(move), pos.move_name(move, "japanese")
        assert japanese_burns(pos, japanese) == western_burns(pos, western), (western, japanese)
        # the name still says which move it is: no other legal move is written the same
        assert [pos.move_name(m, "japanese") for m in pos.legal_moves()].count(japanese) == 1
        burning += "焼" in japanese
        pos.push(move)
    assert burning == 3                      # moves 15, 18 and 22 of the record burn

