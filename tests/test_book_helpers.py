"""The notebooks' shared helpers (``shogi_rules.diagrams.book``): legible figures, article spellings,
test positions and move lists."""

from __future__ import annotations

import io
import math
import re

import pytest
from matplotlib.figure import Figure

from shogi_rules import Position, get_variant
from shogi_rules.diagrams import draw_comparison, draw_position
from shogi_rules.diagrams.book import (COLUMN_PX, MIN_TEXT_PX, IllegibleFigureError, check_legible,
                                       draw_before_after, draw_boards, draw_piece_grid, japanese, legible_dpi,
                                       moves_from, names, piece_table_lines, place, promoted_forms,
                                       promotion_squares, smallest_text_px)
from shogi_rules.compiled.variant import VARIANT_IDS, RuleSet


def test_small_text_is_refused_and_large_text_passes():
    fig = Figure(figsize=(4, 2))
    fig.text(0.5, 0.5, "tiny", fontsize=6)
    with pytest.raises(IllegibleFigureError, match="px at the displayed size"):
        check_legible(fig, dpi=80)
    check_legible(fig, dpi=150)                                     # 6 pt at 150 dpi: 12.5 px
    wide = Figure(figsize=(30, 2))                                  # shrunk to the column by the page
    wide.text(0.5, 0.5, "wide", fontsize=12)
    assert smallest_text_px(wide, dpi=100) == pytest.approx(12 * 100 / 72 * COLUMN_PX / 3000)
    with pytest.raises(IllegibleFigureError):
        check_legible(wide, dpi=legible_dpi(wide))


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_every_start_position_is_legible_on_the_page(vid):
    fig = draw_position(Position(vid))
    assert smallest_text_px(fig, legible_dpi(fig)) >= MIN_TEXT_PX


def test_wa_piece_grid_goes_to_fewer_columns_than_shogi():
    for vid, cols in (("shogi", 4), ("wa", 2)):
        types = [t for t in RuleSet.of(vid).tables.types[1:] if not t.promoted]
        fig = draw_piece_grid(types, cols)
        assert smallest_text_px(fig, COLUMN_PX / fig.get_figwidth()) >= MIN_TEXT_PX, vid


def test_boards_too_wide_side_by_side_are_stacked():
    a, b = Position("tenjiku"), Position("tenjiku", rules={"tenjiku.promotion": "tsa"})
    fig = draw_boards([a, b], ["a", "b"])
    assert fig.get_figheight() > fig.get_figwidth()                 # one above the other
    assert smallest_text_px(fig, legible_dpi(fig)) >= MIN_TEXT_PX
    small = draw_boards([Position("shogi")] * 2, [None, None], per_row=2)
    assert small.get_figwidth() > small.get_figheight()


def test_comparisons_of_large_boards_are_legible():
    g = Position("tenjiku").geometry
    fig = draw_comparison(Position("tenjiku"), "tenjiku.range-jump.when", "zhwp", "tsa", square="8n")
    assert smallest_text_px(fig, legible_dpi(fig)) >= MIN_TEXT_PX and g.files == 16


def test_article_spellings_read_as_japanese_names():
    assert japanese("狮鹰") == "獅鷹" and japanese("奔鹫") == "奔鷲" and japanese("金刚") == "金剛"
    assert japanese("鐵將") == "鉄将" and japanese("靏玉") == "鶴玉" and japanese("飛車") == "飛車"
    kanji = {k.kanji for vid in VARIANT_IDS for k in get_variant(vid).pieces}
    assert all(japanese(k) == k for k in kanji)                     # the engine writes no article spelling


def test_place_and_move_lists():
    pos = place("shogi", {"5i": "K", "1a": "k", "5d": "S"}, hand="P")
    assert moves_from(pos, "5d") == sorted(["S-4c+", "S-4c=", "S-5c+", "S-5c=", "S-6c+", "S-6c=", "S-4e", "S-6e"])
    assert "P*5e" in names(pos)
    gote = place("shogi", {"5i": "K", "1a": "k"}, side="b")
    assert names(gote) == ["K-1b", "K-2a", "K-2b"]


def test_piece_table_has_one_row_a_piece():
    rs = RuleSet.of("okisaki")
    lines = piece_table_lines(rs, rs.tables.types[1:])
    assert len(lines) == 2 + len(rs.tables.types) - 1 and "| `Q` | 妃将 | Queen (hishō) |" in lines[3]


def test_piece_finder_links_every_piece_to_its_own_section():
    from shogi_rules.diagrams.book import piece_finder_html
    from shogi_rules.notation.piece_list import piece_anchor

    html = piece_finder_html()
    rows = re.findall(r'<tr data-variant="(\w+)" data-also="[^"]*"><td><a href="\.\./book/pieces/(\w+)\.html#([^"]+)">',
                      html)
    assert rows == [(v, v, piece_anchor(v, k.code)) for v in VARIANT_IDS for k in get_variant(v).pieces]
    assert "獅鷹" in html and "奔鷲" in html and "金剛" in html and "狮" not in html
    lion = next(row for row in html.splitlines() if 'href="../book/pieces/tenjiku.html#piece-tenjiku-Ln"' in row)
    assert "しし" in lion                                              # the reading, which the box finds
    lance = next(row for row in html.splitlines() if "#piece-shogi-L\"" in row)
    assert 'data-also="kyosha kyousha kyoosha"' in lance               # kyōsha typed without macrons


def test_a_window_around_the_effect_is_drawn_large_enough_to_read():
    from shogi_rules.diagrams.board import window_around

    pos = Position("tenjiku")
    assert window_around(pos, ["8h", "9i"]) == (4, 10, 4, 10)        # 7 × 7 around them
    assert window_around(pos, ["16a"]) == (0, 6, 0, 6)                 # pushed inside the board at a corner
    c0, c1, r0, r1 = window_around(pos, ["1a", "16p"])
    assert (c0, c1, r0, r1) == (0, 15, 0, 15)                          # never larger than the board
    fig = draw_position(pos, window=(4, 10, 4, 10), arrows=[("8m", "8h")])
    shown = {t.get_text() for t in fig.axes[0].texts}
    assert {"12", "6", "五", "十一"} <= shown and "13" not in shown and "一" not in shown
    assert smallest_text_px(fig, legible_dpi(fig)) >= MIN_TEXT_PX


def test_comparisons_on_large_boards_show_a_window_side_by_side():
    pos = place("tenjiku", {"8m": "RG", "8l": "P", "8k": "p", "8j": "G", "8i": "s", "8f": "bg", "8c": "p"})
    fig = draw_comparison(pos, "tenjiku.range-jump.when", "zhwp", "tsa", square="8m")
    boards = [ax for ax in fig.axes]
    assert len(boards) == 2 and boards[0].get_position().x1 < boards[1].get_position().x0   # side by side
    files = {t.get_text() for t in boards[0].texts if t.get_text().isdigit()}
    assert files == {str(f) for f in range(5, 12)}                     # files 11 … 5 only
    assert smallest_text_px(fig, legible_dpi(fig)) >= MIN_TEXT_PX


def test_move_lists_in_another_notation_and_the_squares_a_piece_may_promote_on():
    pos = place("chu", {"6e": "G", "4c": "S", "5b": "p", "7h": "N", "1l": "K", "12a": "k"})
    assert moves_from(pos, "4c", "usi") == ["4c3b", "4c3d", "4c4b", "4c5b", "4c5b+", "4c5d"]
    assert "7h7g7h" not in moves_from(pos, "7h", "usi") and "Ln-8g-7h" in moves_from(pos, "7h")
    assert promotion_squares(pos, "6e") == ["5d", "6d", "7d"]     # entering the zone
    assert promotion_squares(pos, "4c") == ["5b"]                 # inside it: only by capturing
    assert promotion_squares(pos, "7h") == []                     # the Lion never promotes


def test_before_and_after_a_move_on_a_large_board_are_windows_side_by_side():
    pos = place("chu", {"7h": "N", "7g": "p", "6g": "p", "1l": "K", "12a": "k"})
    fig = draw_before_after(pos, "7h7g6g", "both pawns gone")
    left, right = fig.axes
    assert left.get_position().x1 < right.get_position().x0
    titles = [t.get_text() for ax in fig.axes for t in ax.texts if "7g" in t.get_text() or "gone" in t.get_text()]
    assert titles == ["before 7h7g6g (Lnx7gx6g)", "after: both pawns gone"]
    assert {t.get_text() for t in left.texts if t.get_text().isdigit()} == {str(f) for f in range(4, 11)}   # 7 files
    assert smallest_text_px(fig, legible_dpi(fig)) >= MIN_TEXT_PX
    whole = draw_before_after(pos, pos.parse_move("7h7g6g"), "both pawns gone", whole=True)
    assert {t.get_text() for t in whole.axes[0].texts if t.get_text().isdigit()} == {str(f) for f in range(1, 13)}
    assert pos.fen() == place("chu", {"7h": "N", "7g": "p", "6g": "p", "1l": "K", "12a": "k"}).fen()   # untouched


def test_promoted_forms_and_their_table():
    chu = RuleSet.of("chu")
    forms = promoted_forms(chu)
    assert sorted(t.kind.code for t in forms) == sorted(["CP", "+P", "WH", "W", "FS", "FBo", "FO", "HF", "SE"])
    lines = piece_table_lines(chu, forms)
    assert lines[0] == "| code | kanji | English | Betza | movement | promoted from |"
    falcon = next(line for line in lines if line.startswith("| `+DH`"))
    assert "| 角鷹 | Horned Falcon (kakuō) | `BsRbR + Lion` |" in falcon and falcon.endswith("| 龍馬 Dragon Horse |")
    array = piece_table_lines(chu, [t for t in chu.tables.types[1:] if not t.promoted])
    assert array[0].endswith("| movement | promotes to |") and len(array) == 2 + 21
    assert "| `Ln` | 獅子 | Lion (shishi) | `Lion` |" in next(x for x in array if x.startswith("| `Ln`"))


def test_every_promotion_scheme_is_said_in_words():
    """The Comparing table names promotion schemes in words: every scheme a variant may declare has them, and
    no game's cell shows a scheme id."""
    import typing

    from shogi_rules.diagrams.book import PROMOTION_WORDS, promotion_words
    from shogi_rules.model.variant_data import PromotionScheme

    assert set(typing.get_args(PromotionScheme)) <= set(PROMOTION_WORDS)
    for vid in VARIANT_IDS:
        v = get_variant(vid)
        said = promotion_words(v)
        assert said.split(" (")[0] == PROMOTION_WORDS[v.promotion] and " " in said, (vid, said)
    assert all("-" not in words and " " in words for words in PROMOTION_WORDS.values())
    assert promotion_words(get_variant("shogi")) == "in the zone (3 ranks)"
    assert promotion_words(get_variant("daidai")) == "by capturing (compulsory)"


def test_lists_and_directions_in_words():
    from shogi_rules.diagrams.book import direction_words, squares_text

    assert squares_text([]) == "none" and squares_text(["8g"]) == "8g"
    assert squares_text(["8g", "8h", "8i"]) == "8g, 8h and 8i"
    assert direction_words([(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]) == "all eight directions"
    assert direction_words([(0, 5), (-3, -3)]) == "forward and back-left"


def test_the_family_is_read_from_the_registry():
    """Each link of the family tree names two games of the registry and a source of the newer game; the
    generations follow the links; the shared pieces are counted from the piece tables (same kanji)."""
    from shogi_rules.diagrams.book import check_legible, legible_dpi
    from shogi_rules.diagrams.family import (draw_family_tree, draw_shared_pieces, family_links, generations,
                                             shared_kanji)

    links = family_links()
    assert ("shogi", "okisaki", "zhwp-okisaki") in links and ("daidai", "makadaidai", "zhwp-makadaidai") in links
    gen = generations()
    assert set(gen) == set(VARIANT_IDS)
    for parent, child, source in links:
        assert parent in VARIANT_IDS and child in VARIANT_IDS
        assert source in get_variant(child).sources, (child, source)
        assert gen[child] > gen[parent]
    shogi_kanji = {p.kanji for p in get_variant("shogi").pieces}
    assert set(shared_kanji("shogi", "okisaki")) == shogi_kanji & {p.kanji for p in get_variant("okisaki").pieces}
    assert "飛車" in shared_kanji("shogi", "okisaki") and "妃将" not in shared_kanji("shogi", "okisaki")
    for fig in (draw_family_tree(), draw_shared_pieces()):
        check_legible(fig, legible_dpi(fig))


def test_the_family_refuses_a_cycle(monkeypatch):
    import dataclasses

    from shogi_rules.compiled import variant as registry
    from shogi_rules.diagrams.family import generations

    shogi = get_variant("shogi")
    looped = dataclasses.replace(shogi, derives_from=(("okisaki", "zhwp-okisaki"),))
    real = registry.get_variant
    monkeypatch.setattr(registry, "get_variant", lambda vid: looped if vid == "shogi" else real(vid))
    with pytest.raises(ValueError, match="cycle"):
        generations()


def test_a_corner_records_the_smallest_text_inside_it_legible_at_its_own_size():
    from shogi_rules.diagrams.book import PIXELS_PER_PX, corner_png, png_smallest_text

    pos = place("tenjiku", {"4f": "FD", "4b": "fd", "16p": "K", "1a": "k"})
    png = corner_png(pos, 7, 7)
    small = png_smallest_text(png)
    # the coordinates of a 16-file board are 0.30 of a square of 0.40 in (8.64 pt), the smallest text of the
    # cut; 80 dpi would draw them 9.6 px high, so the resolution is raised to 10 px (167 pixels an inch)
    points = 0.30 * 0.40 * 72
    assert small == pytest.approx(points * math.ceil(PIXELS_PER_PX * MIN_TEXT_PX * 72 / points) / 72, abs=0.01)
    assert small / PIXELS_PER_PX >= MIN_TEXT_PX
    assert png_smallest_text(corner_png(pos, 7, 7, dpi=200)) == pytest.approx(points * 400 / 72, abs=0.01)


def test_panels_record_their_boards_labels_and_go_on_rows_to_stay_legible_in_the_column():
    from PIL import Image

    from shogi_rules.diagrams.book import PIXELS_PER_PX, corner_png, panels_png, png_smallest_text

    pos = place("tenjiku", {"4f": "FD", "4b": "fd", "16p": "K", "1a": "k"})
    corners = [corner_png(pos, 7, 7) for _ in range(4)]
    inner = min(map(png_smallest_text, corners))
    png, css_width = panels_png([(c, f"board {i}") for i, c in enumerate(corners)])
    small = png_smallest_text(png)
    assert small == pytest.approx(inner, abs=0.01)               # the boards' labels, smaller than the titles
    with Image.open(io.BytesIO(png)) as img:
        width, height = img.size
    assert css_width == width // PIXELS_PER_PX
    assert small * min(css_width, COLUMN_PX) / width >= MIN_TEXT_PX   # legible in the column at 1280 px
    assert height > width / 2                                     # not four in one row: they would shrink
    one_row, _ = panels_png([(c, "b") for c in corners[:2]])    # two fit side by side
    with Image.open(io.BytesIO(one_row)) as img:
        assert img.width > 2 * Image.open(io.BytesIO(corners[0])).width
    titled, _ = panels_png([(corners[0], "a title that is longer than its board is wide")])  # the title is not cut
    with Image.open(io.BytesIO(titled)) as img, Image.open(io.BytesIO(corners[0])) as board:
        assert img.width > board.width + 100


def test_a_picture_too_wide_to_be_legible_alone_is_refused():
    from shogi_rules.diagrams.book import corner_png, panels_png

    from shogi_rules.diagrams.board import figure_png

    fig = Figure(figsize=(12, 1))
    fig.text(0.5, 0.5, "8 points at 160 dpi: 8.9 px at half the width, shrunk further by the column", fontsize=8)
    with pytest.raises(IllegibleFigureError, match="cannot be shown legibly"):
        panels_png([(figure_png(fig, dpi=160), "a strip")])


def test_the_web_books_figure_rewrite_leaves_a_rewritten_picture_as_it_is(tmp_path):
    """A build into an output folder that holds an earlier build rewrites the pages it did not write again:
    each picture must keep one alt text, one full width and one class, not gain a second."""
    import importlib.util
    from pathlib import Path

    from shogi_rules.diagrams.board import figure_png

    spec = importlib.util.spec_from_file_location(
        "figures_ext", Path(__file__).resolve().parents[1] / "book" / "_ext" / "figures.py")
    figures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(figures)
    fig = Figure(figsize=(4, 2))
    fig.text(0.5, 0.5, "a label", fontsize=12)
    (tmp_path / "pic.png").write_bytes(figure_png(fig, dpi=160, description="A picture of a label"))
    page = tmp_path / "page.html"
    once = figures.rewrite_img('<img alt="pic.png" src="pic.png" />', page)
    assert 'data-full-width="320"' in once and 'alt="A picture of a label"' in once and "--legible-width" in once
    assert figures.rewrite_img(once, page) == once
