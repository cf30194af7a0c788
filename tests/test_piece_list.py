"""``shogi-rules pieces``: every piece row with its names, movement, promotion, rank and sources."""

from __future__ import annotations

import json
import re

import pytest

from shogi_rules.apps.cli import main
from shogi_rules.notation.piece_list import piece_rows
from shogi_rules.compiled.variant import VARIANT_IDS, get_variant


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_json_lists_every_row_with_its_promotion(capsys, vid):
    code, out, err = run(capsys, "pieces", vid, "--json")
    assert code == 0 and not err
    rows = json.loads(out)
    v = get_variant(vid)
    assert [r["code"] for r in rows] == [k.code for k in v.pieces]
    for r, k in zip(rows, v.pieces):
        assert (r["kanji"], r["english"], r["movement"]["betza"]) == (k.kanji, k.english, k.betza)
        assert r["movement"]["words"] and r["sources"] == list(k.sources)
        assert (r["promotes_to"] or {}).get("code") == k.promotes_to
        assert r["url"] == f"book/pieces/{vid}.html#piece-{vid}-{k.code.replace('+', 'promoted-')}"
        assert r["kana"] and r["romaji_ascii"][0].isascii()
    assert len({r["url"] for r in rows}) == len(rows)                 # one anchor a piece
    assert ("rank" in rows[0]) == (vid == "tenjiku")       # only Tenjiku ranks its pieces (range jumps)


def test_text_output_names_the_promotion_and_the_rank(capsys):
    code, out, _ = run(capsys, "pieces", "tenjiku")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2 * len(get_variant("tenjiku").pieces)
    lion = next(line for line in lines if line.startswith("Ln "))
    assert "獅子" in lion and "→ +Ln" not in lion and "→ LHk 獅鷹 Lion Hawk" in lion
    great = next(line for line in lines if line.startswith("GGn "))
    assert "rank 3" in great


def test_a_rule_choice_changes_the_movement():
    plain = {r["code"]: r for r in piece_rows("tenjiku")}
    tsa = {r["code"]: r for r in piece_rows("tenjiku", {"tenjiku.fire-demon.slides": "tsa"})}
    assert plain["FiD"]["movement"] != tsa["FiD"]["movement"]


def test_bad_variant_and_bad_rule_are_one_line_errors(capsys):
    with pytest.raises(SystemExit) as exc:
        run(capsys, "pieces", "nope")
    assert exc.value.code == 2 and len(capsys.readouterr().err.splitlines()) == 1
    code, out, err = run(capsys, "pieces", "tenjiku", "--rule", "tenjiku.nope=zhwp")
    assert code == 2 and not out and err.startswith("shogi-rules: error:") and len(err.splitlines()) == 1


def test_no_internal_jargon_in_what_a_user_reads(capsys):
    """The rule ids, option ids and all the CLI prints about rules and pieces use no internal jargon: the
    old working name of the Chinese Wikipedia articles (matched by a pattern that a renaming script leaves
    alone) appears nowhere."""
    jargon = re.compile(r"\bs[e]eds?\b|s[e]ed's", re.I)
    for vid in VARIANT_IDS:
        for command in ("rules", "pieces"):
            code, out, _ = run(capsys, command, vid, "--json")
            assert code == 0 and not jargon.search(out), (vid, command)


def test_kana_and_plain_romaji_of_the_pieces():
    from shogi_rules.model.errors import PieceError
    from shogi_rules.model.kana import ascii_forms, hiragana

    readings = {"shishi": "しし", "kyōsha": "きょうしゃ", "hon'ō": "ほんおう", "honnō": "ほんのう", "temma": "てんま",
                "hosshō": "ほっしょう", "byakko": "びゃっこ", "gissha": "ぎっしゃ", "en'u": "えんう", "hombaku": "ほんばく",
                "ryūō": "りゅうおう", "jizai tennō": "じざい てんのう", "tsurugyoku": "つるぎょく", "fuhyō": "ふひょう"}
    assert {r: hiragana(r) for r in readings} == readings
    assert ascii_forms("kyōō") == ("kyoo", "kyouou", "kyoooo") and ascii_forms("shishi") == ("shishi",)
    for vid in VARIANT_IDS:                                          # every piece's romaji is Hepburn
        for k in get_variant(vid).pieces:
            kana = hiragana(k.romaji)
            assert all("\u3041" <= ch <= "\u3096" or ch == " " for ch in kana), (vid, k.code, kana)
    with pytest.raises(PieceError, match="not Hepburn"):
        hiragana("lion")


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_every_piece_alone_on_a_board_moves_as_its_diagram_says(vid):
    """The position the book's "Try it" link opens: the piece in the middle, sente to move, and its moves
    there are the destinations its diagram draws (the engine's, for the piece alone on an empty board, up to
    three squares away, where no edge of the board is near either middle square)."""
    from shogi_rules.diagrams import engine_destinations
    from shogi_rules.notation.piece_list import alone_position

    v = get_variant(vid)
    for k in v.pieces:
        pos = alone_position(vid, k.code)
        g = pos.geometry
        middle = g.square((v.files + 1) // 2, (v.ranks + 1) // 2)
        assert pos.tables.types[pos.board[middle] >> 1].kind.code == k.code, k.code
        targets = {(g.column(m.target) - g.column(middle), g.row(middle) - g.row(m.target))
                   for m in pos.legal_moves() if m.origin == middle and m.target != middle}
        near = {t for t in targets if max(map(abs, t)) <= 3}            # within reach of the edge from both middles
        assert near and near == {t for t in engine_destinations(vid, k.code) if max(map(abs, t)) <= 3}, k.code


def test_a_kanji_has_one_romanisation_and_one_code_across_the_games_or_a_stated_reason():
    """The same piece is spelt alike in every game (one reading of 奔王, 嗔猪, …); where its code differs
    between games, the row with the other code says why in its note (it is shown on the piece's page)."""
    from collections import defaultdict

    readings: dict[str, set[str]] = defaultdict(set)
    codes: dict[str, dict[str, list[tuple[str, str]]]] = defaultdict(lambda: defaultdict(list))
    for vid in VARIANT_IDS:
        pieces = get_variant(vid).pieces
        unpromoted = {k.kanji for k in pieces if not k.code.startswith("+")}
        for k in pieces:
            readings[k.kanji].add(k.romaji)
            if k.code.startswith("+") and k.kanji in unpromoted:
                continue        # a promoted form that is that game's own piece (a silver become a gold: +S, 金将)
            codes[k.kanji][k.code].append((vid, k.note))
    assert {kanji: r for kanji, r in readings.items() if len(r) > 1} == {}
    for kanji, by_code in codes.items():
        if len(by_code) < 2:
            continue
        for code, rows in by_code.items():
            others = set(by_code) - {code}
            explained = any(f"Coded {code}" in note and all(o in note for o in others) for _, note in rows)
            majority = max(len(r) for r in by_code.values()) == len(rows) and len(by_code) == 2
            assert explained or majority, (kanji, code, sorted(by_code))


def test_the_piece_alone_is_a_game_not_yet_over_where_the_piece_can_move():
    """The piece pages' live boards and "Try it" links open on the piece alone: in the capture variants a bare
    king has lost, so each side keeps a pawn by its king there, and the piece in the middle has moves."""
    from shogi_rules import VARIANT_IDS, get_variant
    from shogi_rules.notation.piece_list import alone_position

    for vid in VARIANT_IDS:
        for kind in get_variant(vid).pieces:
            pos = alone_position(vid, kind.code)
            g = pos.geometry
            middle = g.square((g.files + 1) // 2, (g.ranks + 1) // 2)
            assert pos.outcome() is None, (vid, kind.code, pos.outcome())
            if kind.atoms or kind.extra:
                assert any(m.origin == middle for m in pos.legal_moves()), (vid, kind.code)
