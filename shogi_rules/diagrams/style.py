"""Fonts, colours and the legend shared by every drawing.

**Fonts.** Kanji are set in IPAexGothic, the Japanese font that the ``matplotlib-fontja`` package
ships and registers with matplotlib. IPAexGothic covers the Japanese character set, which is not
enough for the whole project: the articles of Maka Dai Dai and Tenjiku are written in simplified
Chinese (车, 龙, 马, 狮 …) and Dai Dai's phoenix is 鳯凰, and none of these is in IPAexGothic. Fonts
that cover them are taken, in this order, wherever they are installed (:data:`FALLBACK_FONTS`):

1. Noto Sans SC (Regular), shipped on PyPI by ``pylopdf-fonts-zh-cn`` (SIL Open Font License):
   the whole of the CJK Unified Ideographs block, so every simplified and traditional character of
   the articles;
2. Noto Sans CJK, where the system has it (Debian's ``fonts-noto-cjk``), which also has many
   characters of the CJK extension blocks (such as 𠵇 of the Howling Dog, 𠵇犬).

matplotlib picks, glyph by glyph, the first font of the list that has it.

**Missing glyphs.** matplotlib draws an empty box for a character that no font has and only warns
(``UserWarning: Glyph … missing from font(s) …``). :func:`strict_glyphs` turns that warning into
an error, so that a book or notebook build fails instead of printing boxes; :func:`missing_glyphs`
answers the same question without drawing.

**Colours and marks.** :data:`COLOURS` and :data:`HIGHLIGHTS` name every colour used, and
:data:`LEGEND` explains every mark of a movement diagram in English.
"""

from __future__ import annotations

import contextlib
import importlib
import warnings
from functools import lru_cache
from typing import Iterable, Iterator

from matplotlib import font_manager
from matplotlib.font_manager import FontProperties

PRIMARY_FONT = "IPAexGothic"
"""The family registered by ``matplotlib-fontja``."""

FALLBACK_FONTS: tuple[tuple[str, str | None, str | None], ...] = (
    ("Noto Sans SC", "pylopdf_fonts_zh_cn", "sans_path"),
    ("Noto Sans CJK JP", None, None),
)
"""``(family, module, function)``: fallback families, and the Python package (with the function
returning the font file's path) that ships each one; ``None`` for a font taken from the system."""

LATIN_FALLBACK = "DejaVu Sans"
"""matplotlib's own font, last in the list: arrows and symbols that no CJK font has."""

MISSING_GLYPH_MESSAGE = r"Glyph .* missing from font"
"""The start of matplotlib's warning about a character that no font of the list has."""


# --- fonts ---------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def setup_fonts() -> tuple[str, ...]:
    """Register the fonts and return the family list used for every text (first choice first).

    Importing ``matplotlib_fontja`` registers IPAexGothic (and makes it matplotlib's default
    family); fallback fonts shipped by Python packages are registered when the package is installed.
    """
    import matplotlib_fontja  # noqa: F401  (registers IPAexGothic)

    families = [PRIMARY_FONT]
    known = {f.name for f in font_manager.fontManager.ttflist}
    for family, module, function in FALLBACK_FONTS:
        if module is not None and function is not None and family not in known:
            try:
                path = getattr(importlib.import_module(module), function)()
            except ImportError:
                continue
            font_manager.fontManager.addfont(str(path))
            known = {f.name for f in font_manager.fontManager.ttflist}
        if family in known:
            families.append(family)
    families.append(LATIN_FALLBACK)
    return tuple(families)


def font_families() -> list[str]:
    """The families of :func:`setup_fonts`, as a list for ``FontProperties(family=...)``."""
    return list(setup_fonts())


def font(size: float, *, weight: str = "normal") -> FontProperties:
    """Font properties of the given point size, with the CJK fallback list."""
    return FontProperties(family=font_families(), size=size, weight=weight)


@lru_cache(maxsize=None)
def _font_files() -> tuple[str, ...]:
    files = []
    for family in setup_fonts():
        path = font_manager.findfont(FontProperties(family=family), fallback_to_default=False)
        files.append(path)
    return tuple(files)


@lru_cache(maxsize=None)
def _covered(path: str) -> frozenset[int]:
    from fontTools.ttLib import TTFont

    with TTFont(path, fontNumber=0, lazy=True) as f:
        return frozenset(f.getBestCmap())


def missing_glyphs(text: str) -> set[str]:
    """The characters of ``text`` that no font of the family list can draw (spaces and line breaks
    aside)."""
    covered = [_covered(p) for p in _font_files()]
    return {ch for ch in text if not ch.isspace() and not any(ord(ch) in c for c in covered)}


def font_report(texts: Iterable[str]) -> dict[str, list[str]]:
    """For each font of the list, which of the characters in ``texts`` it draws (the first font
    that has a character draws it). A check of which fallback font a variant needs."""
    report: dict[str, list[str]] = {family: [] for family in setup_fonts()}
    report["(none)"] = []
    covered = [(family, _covered(path)) for family, path in zip(setup_fonts(), _font_files())]
    for ch in sorted({ch for t in texts for ch in t if not ch.isspace()}):
        for family, cmap in covered:
            if ord(ch) in cmap:
                report[family].append(ch)
                break
        else:
            report["(none)"].append(ch)
    return report


# --- strict glyphs -----------------------------------------------------------------------------
@contextlib.contextmanager
def strict_glyphs() -> Iterator[None]:
    """Inside the block, a character that no font can draw raises instead of drawing a box.

    matplotlib reports such a character with a ``UserWarning`` ("Glyph … missing from font(s) …")
    when the text is drawn (``fig.canvas.draw()``, ``savefig``); under this context manager the
    warning is an error::

        with strict_glyphs():
            fig.savefig("board.png")
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=MISSING_GLYPH_MESSAGE, category=UserWarning)
        yield


def enable_strict_glyphs() -> None:
    """Make missing glyphs errors for the rest of the session (the first cell of a notebook, or a
    book build's configuration): the same filter as :func:`strict_glyphs`, installed for good."""
    warnings.filterwarnings("error", message=MISSING_GLYPH_MESSAGE, category=UserWarning)


# --- colours -----------------------------------------------------------------------------------
COLOURS = {
    "board": "#f1d59b",          # the wooden board
    "board-edge": "#5b4120",
    "grid": "#6b5434",
    "piece": "#fdf3dc",          # the face of a piece
    "piece-edge": "#6f5330",
    "ink": "#1a1a1a",            # unpromoted pieces, text
    "promoted": "#c40000",       # promoted pieces are drawn in red
    "coordinates": "#3b3b3b",
    "window": "#ffffff",         # the squares of a movement diagram
    "window-grid": "#9a9a9a",
    "origin": "#e4e4e4",
    "arrow": "#1a1a1a",
    "range-jump": "#6a1b9a",
    "fly": "#00796b",
    "hook": "#7b4fbf",
    "igui": "#c40000",
    "burn": "#e25822",
    "immobilise": "#2f6db3",
    "move-arrow": "#1f5fbf",
}

SHADES = {
    "lion-1": "#ffdcae",         # the first square of a lion move (lighter)
    "lion-2": "#f5a54a",         # the second (darker)
    "lion-3": "#d97a1e",         # the third (the Lion Dog)
    "area": "#c6e6bd",
    "emperor": "#f4e59a",
    "hook-turn": "#e6dcf5",
}

HIGHLIGHTS = {
    "highlight": "#bfe0ff",
    "from": "#fff0a8",           # where the last move started
    "to": "#ffd15c",             # where it ended
    "path": "#ffe8a0",           # squares a multi-leg move touched down on
    "capture": "#ff9d9d",
    "burn": "#ff8a4d",
    "destination": "#a8d8ff",    # legal destinations of a piece
    "only-a": "#4f8fe6",         # comparisons: only under option A (blue)
    "only-b": "#2ca25f",         # only under option B (green: orange means burnt)
    "both": "#d8d8d8",           # under both options
    "differs": "#c9a0ff",
}

# The legend of the movement diagrams: mark → (symbol, explanation).
LEGEND = {
    "step": ("●", "a limited step: the piece may stop on any dotted square of a line, "
                  "provided every square before it on that line is empty"),
    "jump": ("★", "a jump: straight to the starred square, whatever stands on the squares between"),
    "slide": ("→", "a slide: any number of empty squares in the arrow's direction, "
                   "capturing the first enemy piece met"),
    "range-jump": ("⇨", "a range jump (hollow arrow): any distance along the line, flying over "
                        "any number of pieces of lower rank"),
    "fly": ("⇨", "a flight (hollow teal arrow): any distance along the line, over any pieces of either "
                 "side and any rank, none of which it takes; it may take an enemy piece where it lands"),
    "lion-1": ("▤", "lion power, lighter shade: the first square"),
    "lion-2": ("▤", "darker shade: a square reached with a second step, over or through the first "
                    "(capturing there or not)"),
    "lion-3": ("▤", "darkest shade: a square reached with a third step"),
    "area": ("▤", "shaded: an area move of up to {steps} king steps with free turns, every square "
                  "passed empty; it may capture on the square where it stops"),
    "skipped": ("◇", "a jumped square: the move flies over it, then goes on through empty squares"),
    "hook": ("⌐", "a hook move: slides along the purple arrows and may turn 90° once, on an empty "
                  "square, then slide on; the light purple squares are reached only by turning; "
                  "a capture ends the move"),
    "igui": ("×", "igui: captures an enemy piece on a crossed square without moving"),
    "emperor": ("▤", "the whole board: it may go to any square in one move, within its variant's "
                     "rules"),
    "burn": ("◯", "burning (flame ring): after it moves, every enemy piece next to it is burnt; "
                  "an enemy piece that ends its move next to it is burnt too"),
    "immobilise": ("▢", "immobilising (dashed square): enemy pieces next to it cannot move"),
}
