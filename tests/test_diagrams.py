"""The diagrams: positions, movement diagrams checked against the engine, comparisons, fonts."""

import dataclasses
import warnings

import matplotlib
import pytest

matplotlib.use("Agg")

from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from shogi_rules import Position  # noqa: E402
from shogi_rules.engine import movegen
from shogi_rules.diagrams import (comparison_squares, destination_vectors, draw_comparison,  # noqa: E402
                                  draw_piece_moves, draw_position, drop_destinations, engine_destinations,
                                  last_move_highlight, legal_destinations, lone_piece_position, missing_glyphs,
                                  movement_marks, position_png, position_svg, strict_glyphs, window_radius)
from shogi_rules.diagrams import style  # noqa: E402
from shogi_rules.diagrams.board import board_extent  # noqa: E402
from shogi_rules.diagrams.movement import centre_square, legend_entries  # noqa: E402
from shogi_rules.model.movement import Area, Igui, Jump, RangeJump, SkipSlide, Step  # noqa: E402
from shogi_rules.model.errors import SquareError  # noqa: E402
from shogi_rules.model.pieces import PieceKind  # noqa: E402
from shogi_rules.compiled.variant import RuleSet, available_variants, get_variant  # noqa: E402

SHOGI_FAMILY = ("shogi", "okisaki", "wa")
VARIANTS = [v.id for v in available_variants()]
EIGHT = ((0, 1), (0, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (-1, -1), (1, -1))


def render(fig: Figure) -> None:
    """Draw the figure on an Agg canvas (at a low resolution: the text is laid out all the same,
    glyph by glyph, so a missing glyph is reported)."""
    fig.set_dpi(40)
    FigureCanvasAgg(fig).draw()


def _types(variant_id):
    return RuleSet.of(variant_id).tables.types[1:]


def _plain(ptype) -> bool:
    return (all(isinstance(a, (Step, Jump)) for a in ptype.kind.atoms)
            and not (ptype.kind.burns or ptype.kind.immobilises))


def _cases(variant_ids, which):
    return [pytest.param(v, t.base.code, t.promoted, id=f"{v}-{t.code}")
            for v in variant_ids for t in _types(v) if which(t)]


def assert_diagram_matches_engine(variant, code, promoted, rules=None):
    """The squares the diagram marks as destinations, within its window and the board, are the
    engine's destinations within the window."""
    rs = RuleSet.of(variant, rules)
    tables = rs.tables
    ptype = next(t for t in tables.types[1:] if t.base.code == code and t.promoted == promoted)
    radius = window_radius(ptype.kind)
    g = tables.geometry
    centre = centre_square(g)
    c, r = g.column(centre), g.row(centre)

    def on_board(v):
        return 0 <= c + v[0] < g.files and 0 <= r - v[1] < g.ranks

    drawn = {v for v in destination_vectors(movement_marks(ptype.kind, radius)) if on_board(v)}
    engine = {v for v in engine_destinations(variant, code, promoted, rules=rules)
              if max(abs(v[0]), abs(v[1])) <= radius}
    assert drawn == engine, (f"{variant} {ptype.code}: drawn only {sorted(drawn - engine)}, "
                             f"engine only {sorted(engine - drawn)}")
    assert drawn, f"{variant} {ptype.code} has no move in its diagram"


# --- movement diagrams against the engine ------------------------------------------------------------
@pytest.mark.parametrize("variant,code,promoted", _cases(SHOGI_FAMILY, lambda t: True))
def test_every_piece_of_the_shogi_family_matches_the_engine(variant, code, promoted):
    assert_diagram_matches_engine(variant, code, promoted)


@pytest.mark.parametrize("variant,code,promoted",
                         _cases([v for v in VARIANTS if v not in SHOGI_FAMILY], _plain))
def test_plain_pieces_of_the_large_variants_match_the_engine(variant, code, promoted):
    assert_diagram_matches_engine(variant, code, promoted)


@pytest.mark.parametrize("variant,code,promoted",
                         _cases([v for v in VARIANTS if v not in SHOGI_FAMILY], lambda t: not _plain(t)))
def test_special_pieces_of_the_large_variants_match_the_engine(variant, code, promoted):
    """Lion power, area moves, range jumps, skip slides, hooks, the Emperor: the same check."""
    assert_diagram_matches_engine(variant, code, promoted)


RULE_OPTION_CASES = [
    ("tenjiku", "HT", "tenjiku.tetrarchs.move", "tsa"),
    ("tenjiku", "FiD", "tenjiku.fire-demon.slides", "tsa"),
    ("makadaidai", "Do", "makadaidai.donkey", "evans"),
]


@pytest.mark.parametrize("variant,code,rule,option", RULE_OPTION_CASES)
def test_pieces_under_other_rule_options_match_the_engine(variant, code, rule, option):
    get_variant(variant).rule_choice(rule).option(option)  # the case names a real option
    kinds = get_variant(variant).piece_by_code
    tables = RuleSet.of(variant, {rule: option}).tables
    ptype = next(t for t in tables.types[1:] if t.kind.code == code)
    assert kinds[code].code == ptype.kind.code
    assert_diagram_matches_engine(variant, ptype.base.code, ptype.promoted, rules={rule: option})


@pytest.mark.parametrize("variant,code,promoted",
                         _cases(SHOGI_FAMILY, _plain)[::3])
def test_the_lone_piece_check_agrees_with_the_fast_move_generator(variant, code, promoted):
    """engine_destinations runs without check rules (no king on the board), so the general move
    generator answers; the shogi family's fast generator gives the same squares."""
    pos, centre = lone_piece_position(variant, code, promoted)
    fast = {m.target for m in movegen.pseudo_legal_board_moves(pos) if m.origin == centre}
    general = {m.target for m in pos.legal_moves() if m.origin == centre}
    assert fast == general


def _synthetic_variant():
    """Shogi plus rows with every special atom and power, for what no available variant has yet."""
    base = get_variant("shogi")
    extra = (
        PieceKind("FiD", "火鬼", "火鬼", "kaki", "Fire Demon", "BsR", burns=True, extra=(Area(3),)),
        PieceKind("GGn", "大将", "大将", "taishō", "Great General", "", rank=3,
                  extra=tuple(RangeJump(v) for v in EIGHT)),
        PieceKind("HT", "四天王", "天", "shitennō", "Heavenly Tetrarchs", "", immobilises=True,
                  extra=tuple(SkipSlide(v, 1, None) for v in EIGHT if v[1])
                  + (SkipSlide((1, 0), 1, 3), SkipSlide((-1, 0), 1, 3), Igui(EIGHT[:4]))),
        PieceKind("NR", "夜騎", "夜騎", "yaki", "Nightrider", "", extra=(Step((1, 2), None), Step((-1, 2), None))),
    )
    return dataclasses.replace(base, id="shogi-with-specials", pieces=base.pieces + extra)


@pytest.mark.parametrize("code", ["FiD", "GGn", "HT", "NR"])
def test_special_atoms_match_the_engine_on_a_synthetic_variant(code):
    assert_diagram_matches_engine(_synthetic_variant(), code, False)


# --- the marks themselves -------------------------------------------------------------------------
def test_marks_of_simple_pieces():
    kinds = get_variant("shogi").piece_by_code
    assert movement_marks(kinds["N"]) == {(-1, 2): ("jump",), (1, 2): ("jump",)}
    assert movement_marks(kinds["G"])[(0, 1)] == ("step",)
    lance = movement_marks(kinds["L"])
    assert set(lance) == {(0, 1), (0, 2), (0, 3)} and all(m == ("slide",) for m in lance.values())
    assert window_radius(kinds["L"]) == 3
    she_devil = PieceKind("SD", "夜叉", "夜叉", "yasha", "She-Devil", "W5F2")
    assert window_radius(she_devil) == 5
    assert movement_marks(she_devil)[(0, -5)] == ("step",)


def test_marks_of_special_powers():
    v = _synthetic_variant()
    fire_demon = movement_marks(v.piece_by_code["FiD"])
    assert all("burn" in fire_demon[d] for d in EIGHT)
    assert "area" in fire_demon[(3, -3)] and "slide" in fire_demon[(4, 4)]
    tetrarchs = movement_marks(v.piece_by_code["HT"])
    assert tetrarchs[(1, 0)] == ("skipped", "igui", "immobilise")
    assert tetrarchs[(3, 0)] == ("step",) and (4, 0) not in tetrarchs
    assert (1, 0) not in destination_vectors(tetrarchs)
    general = movement_marks(v.piece_by_code["GGn"])
    assert general[(-3, 3)] == ("range-jump",)
    text = " ".join(e[2] for e in legend_entries(v.piece_by_code["GGn"], general, v))
    assert "rank is 3" in text and "lower rank" in text
    if "makadaidai" in VARIANTS:
        lion = movement_marks(get_variant("makadaidai").piece_by_code["Ln"])
        assert lion[(1, 1)] == ("lion-1",) and lion[(2, -1)] == ("lion-2",) and (3, 0) not in lion


# --- drawings -----------------------------------------------------------------------------------
def test_every_piece_diagram_of_the_shogi_family_draws():
    for vid in SHOGI_FAMILY:
        seen = set()
        for t in _types(vid):
            if t.kind.code in seen:
                continue
            seen.add(t.kind.code)
            fig = draw_piece_moves(vid, t.base.code, promoted=t.promoted)
            with strict_glyphs():
                render(fig)
            texts = " ".join(x.get_text() for x in fig.texts)
            assert t.kind.kanji in texts and t.kind.english in texts


def test_special_diagrams_draw_with_titles_and_legends():
    v = _synthetic_variant()
    for code in ("FiD", "GGn", "HT", "NR"):
        fig = draw_piece_moves(v, code)
        with strict_glyphs():
            render(fig)
        texts = " ".join(x.get_text() for x in fig.texts)
        assert v.piece_by_code[code].english in texts
    assert "burnt" in " ".join(x.get_text() for x in draw_piece_moves(v, "FiD").texts)


def test_promoted_piece_diagrams_are_red_and_name_the_base_piece():
    fig = draw_piece_moves("shogi", "R", promoted=True)
    title = next(x for x in fig.texts if "Dragon King" in x.get_text())
    assert matplotlib.colors.to_hex(title.get_color()) == style.COLOURS["promoted"]
    assert any("promoted Rook" in x.get_text() for x in fig.texts)
    assert draw_piece_moves("shogi", "+R").texts[0].get_text() == title.get_text()


def test_position_drawing():
    pos = Position("shogi")
    fig = draw_position(pos)
    ax = fig.axes[0]
    texts = [t for t in ax.texts]
    upside_down = [t for t in texts if t.get_rotation() == 180]
    assert len(upside_down) == 20                       # gote's pieces are turned
    assert {t.get_text() for t in texts} >= {"9", "1", "一", "九", "歩", "飛"}
    png = position_png(pos)
    assert png.startswith(b"\x89PNG")
    svg = position_svg(pos)
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg


def test_promoted_pieces_on_the_board_are_red_and_hands_are_listed():
    # sente's 2c pawn promoted on 2c (capturing gote's 2c pawn, now in sente's hand); gote took sente's 2g pawn
    pos = Position("shogi", fen="lnsgkgsnl/1r5b1/ppppppp+P1/8p/9/9/PPPPPP2P/1B5R1/LNSGKGSNL[Pp] w 0 1")
    texts = draw_position(pos).axes[0].texts
    tokin = [t for t in texts if t.get_text() == "と"]
    assert len(tokin) == 1 and matplotlib.colors.to_hex(tokin[0].get_color()) == style.COLOURS["promoted"]
    assert sum(t.get_text() == "歩" for t in texts) == 15 + 2     # 15 on the board, one in each hand


def test_board_size_scales_and_large_boards_fit_a_page():
    heights = {}
    for vid in VARIANTS:
        pos = Position(vid)
        width, height = draw_position(pos).get_size_inches()
        left, right, top, bottom = board_extent(pos)
        assert width / (right - left) >= 0.38           # a square never shrinks below 0.38 inch
        assert width <= 10.5 and height <= 10.5
        heights[pos.geometry.ranks] = height
    assert [heights[k] for k in sorted(heights)] == sorted(heights.values())


def test_highlights_arrows_and_marks():
    pos = Position("shogi")
    assert legal_destinations(pos, "7g") == {pos.geometry.parse("7f")}
    assert legal_destinations(pos, "2h") == {pos.geometry.parse(s) for s in ("1h", "3h", "4h", "5h", "6h", "7h")}
    pos.push_move("P-7f")
    pos.push_move("P-3d")
    pos.push_move("Bx2b+")
    hl = last_move_highlight(pos)
    g = pos.geometry
    assert hl == {g.parse("8h"): "from", g.parse("2b"): "capture"}
    fig = draw_position(pos, highlight="last-move", arrows=[pos.move_stack[-1]], marks={"5e": "●"},
                        title="after Bx2b+")
    with strict_glyphs():
        render(fig)
    ax = fig.axes[0]
    assert any(t.get_text() == "●" for t in ax.texts)
    assert any(t.get_text() == "after Bx2b+" for t in ax.texts)
    fig2, axes = Figure(figsize=(8, 4)), []
    axes = fig2.subplots(1, 2)
    assert draw_position(pos, ax=axes[1]) is fig2
    assert drop_destinations(Position("shogi", fen="4k4/9/9/9/9/9/9/9/4K4[G] w 0 1"), "G") and True


def test_wa_start_with_two_kanji_labels():
    fig = draw_position(Position("wa"))
    texts = {t.get_text() for t in fig.axes[0].texts}
    assert "鶴\n玉" in texts                               # two characters stacked
    left, right, top, bottom = board_extent(Position("wa"))
    assert right - left < 11 + 1.5                          # no hand panels without drops


# --- comparisons --------------------------------------------------------------------------------
def test_okisaki_setup_comparison():
    cmp = comparison_squares("okisaki", "okisaki.setup", "zhwp", "fairy-stockfish")
    g = cmp.subjects[0].geometry
    assert cmp.focus == "setup"
    assert {g.name(sq) for sq in cmp.changed} == {"5a", "6a"}
    fig = draw_comparison("okisaki", "okisaki.setup", "zhwp", "fairy-stockfish")
    with strict_glyphs():
        render(fig)
    assert len(fig.axes) == 2
    assert any("fairy-stockfish" in t.get_text() for t in fig.texts + fig.axes[1].texts)


@pytest.mark.parametrize("variant,choice,a,b", [("heian", "heian.board", "9x8", "takami"),
                                                 ("heian", "heian.board", "9x9", "8x8"),
                                                 ("heiandai", "heiandai.board", "13x13", "takami")])
def test_setups_on_boards_of_two_sizes_are_compared_square_by_name(variant, choice, a, b):
    """Heian shogi's boards differ in size: each board marks its squares that hold something else on the other board,
    by the square's name (a square the other board does not have, where a piece stands). This used to compare square
    numbers, which mean other squares on boards of other sizes, and failed where one board has more. A square's
    moves are not compared across two boards."""
    cmp = comparison_squares(variant, choice, a, b)
    held = []
    for pos in cmp.subjects:
        g = pos.geometry
        held.append({g.name(sq): (pos.tables.types[code >> 1].code, code & 1) if code else None
                     for sq, code in enumerate(pos.board)})
    for side, pos in enumerate(cmp.subjects):
        g = pos.geometry
        marked = {g.name(sq) for sq in cmp.squares[side]}
        assert marked == {n for n, piece in held[side].items() if held[1 - side].get(n) != piece}
        assert marked and len(marked) < g.size
    with pytest.raises(SquareError):
        comparison_squares(variant, choice, a, b, square="5e")
    with strict_glyphs():
        render(draw_comparison(variant, choice, a, b))


def test_wa_drops_comparison():
    fen = ("(lh)(cm)(so)(fc)1(ck)(vw)(fgs)(sc)(bdg)(oc)/1(ce)3(sw)3(ffa)1/"
           "(sp)(sp)(sp)(rr)(sp)(sp)(sp)(tfo)(sp)(sp)(sp)/11/11/11/11/11/"
           "(SP)(SP)(SP)(TFO)(SP)(SP)(SP)(RR)(SP)(SP)(SP)/1(FFA)3(SW)3(CE)1/"
           "(OC)(BDG)(SC)(FGS)(VW)(CK)(VST)(FC)(SO)(CM)(LH)[(VST)] w 0 1")
    pos = Position("wa", fen=fen, rules={"wa.drops": "modern"})
    cmp = comparison_squares(pos, "wa.drops", "none", "modern", drop="VSt")
    assert not cmp.only_a
    empty = {sq for sq, p in enumerate(pos.board) if not p}
    assert cmp.only_b == empty == drop_destinations(pos, "VSt")
    fig = draw_comparison(pos, "wa.drops", "none", "modern", drop="VSt")
    with strict_glyphs():
        render(fig)
    # a Sparrow Pawn in hand: nifu leaves only the files without a sente pawn (8 and 4)
    pawn = Position("wa", fen=fen.replace("[(VST)]", "[(SP)]"), rules={"wa.drops": "modern"})
    squares = comparison_squares(pawn, "wa.drops", "none", "modern", drop="SP").only_b
    assert squares and {pawn.geometry.file_of(sq) for sq in squares} == {8, 4}


def test_piece_comparison():
    cmp = comparison_squares(("tenjiku", "FiD"), "tenjiku.fire-demon.slides", "zhwp", "tsa")
    assert cmp.mode == "piece" and cmp.only_a and cmp.only_b
    assert all(v[1] == 0 for v in cmp.only_a) and all(v[0] == 0 for v in cmp.only_b)
    fig = draw_comparison(("tenjiku", "FiD"), "tenjiku.fire-demon.slides", "zhwp", "tsa")
    with strict_glyphs():
        render(fig)


# --- fonts and glyphs ---------------------------------------------------------------------------
def _absent_character() -> str:
    for ch in ("\U0002A6D6", "\U00020D47", "\U0003134A", "\U0002B81D"):
        if missing_glyphs(ch):
            return ch
    pytest.fail("every candidate character has a glyph in some font")


def test_strict_glyphs_raises_on_a_missing_glyph():
    ch = _absent_character()
    fig = Figure(figsize=(2, 1))
    fig.text(0.1, 0.5, "龍" + ch, fontproperties=style.font(12))
    with strict_glyphs(), pytest.raises(UserWarning, match="missing from font"):
        render(fig)
    with warnings.catch_warnings(record=True) as caught:   # without it: only a warning
        warnings.simplefilter("always")
        render(fig)
    assert any("missing from font" in str(w.message) for w in caught)


def test_strict_glyphs_accepts_covered_text():
    fig = Figure(figsize=(3, 1))
    fig.text(0.1, 0.5, "龍王 ☗☖ ●★ → 歩兵", fontproperties=style.font(12))
    with strict_glyphs():
        render(fig)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_label_and_name_of_every_variant_renders(variant):
    v = get_variant(variant)
    names = [v.kanji] + [p.kanji for p in v.pieces] + [p.label for p in v.pieces]
    assert not missing_glyphs("".join(names)), f"no font for {sorted(missing_glyphs(''.join(names)))}"
    fig = draw_position(Position(variant))
    fig.text(0.01, 0.01, " ".join(names), fontproperties=style.font(4))
    with strict_glyphs():
        render(fig)


def test_the_fallback_font_is_in_use():
    families = style.setup_fonts()
    assert families[0] == "IPAexGothic"
    report = style.font_report(["龍王", "车"])
    assert "龍" in report["IPAexGothic"]
    assert "车" not in report["IPAexGothic"] and "车" not in report["(none)"]


def test_lone_piece_boards_of_a_game_lishogi_plays():
    """The diagrams' board of a piece alone is a variant outside the registry: lishogi's notation, which
    describes Chu, does not claim it (the book's Chu chapter checks every diagram this way)."""
    from shogi_rules.diagrams import lone_piece_position

    pos, centre = lone_piece_position("chu", "Ln")
    g = pos.geometry
    c, r = g.column(centre), g.row(centre)
    near = {s for s in range(g.size) if 0 < max(abs(g.column(s) - c), abs(g.row(s) - r)) <= 2}
    assert {m.target for m in pos.legal_moves()} - {centre} == near
