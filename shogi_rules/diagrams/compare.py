"""Rule choices side by side: one piece, or one position, under two options of a rule choice.

The squares where the two options disagree are coloured: blue for squares only under option A,
green for squares only under option B (and, for pieces, light purple for squares both options
reach in different ways). What is compared depends on the subject:

* a piece, given as ``(variant, code)`` or ``(variant, code, promoted)``: the squares its movement
  diagram marks as destinations (:func:`~shogi_rules.diagrams.movement.movement_marks`);
* a position (a :class:`~shogi_rules.engine.position.Position`, or a variant id for its start position)
  with ``square=``: the legal destinations of the piece on that square; with ``drop=``: the legal
  drop squares of that piece (for the side to move); with neither: the squares whose contents
  differ (a rule that changes the setup) or, when the boards agree, the targets of all legal moves
  of the side to move.

::

    draw_comparison("okisaki", "okisaki.setup", "zhwp", "fairy-stockfish")
    draw_comparison(Position("wa", fen=..., rules={"wa.drops": "modern"}), "wa.drops", "none", "modern", drop="SP")
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, TypeVar, Union

from matplotlib.figure import Figure

from ..model.errors import SquareError
from ..model.fen_tokens import write_board, write_hand
from ..engine.position import Position
from ..compiled.variant import RuleSet
from . import style
from .board import (board_extent, cell_inches, draw_board, drop_destinations, legal_destinations, square_index,
                    window_around)
from .movement import (CAPTION_POINTS, CELL_INCHES, destination_vectors, draw_legend, draw_moves, layout_legend,
                       legend_entries, movement_marks, piece_kind, window_radius)


STACK_ABOVE_CELLS = 18.0
"""Boards wider together than this many squares are drawn one above the other (at the book's column
width the smallest coordinates would otherwise fall under 10 pixels)."""


@dataclass
class Comparison:
    """What :func:`draw_comparison` draws: the two rule sets, the two subjects (positions or piece
    rows) and the compared squares (board squares, or ``(dx, dy)`` for a piece)."""

    mode: str                       # "piece" or "position"
    rule_id: str
    options: tuple[str, str]
    rules: tuple[RuleSet, RuleSet]
    subjects: tuple[Any, Any]
    """The two piece rows (``mode="piece"``) or the two positions."""
    squares: tuple[frozenset[Any], frozenset[Any]]
    focus: str
    changed: frozenset[Any] = field(default_factory=frozenset)
    """Squares in both sets that the two options reach differently (pieces), or whose contents
    differ (positions compared by contents, on boards of one size; ``squares`` holds each board's own)."""

    @property
    def only_a(self) -> frozenset[Any]:
        return self.squares[0] - self.squares[1]

    @property
    def only_b(self) -> frozenset[Any]:
        return self.squares[1] - self.squares[0]

    @property
    def both(self) -> frozenset[Any]:
        return self.squares[0] & self.squares[1]


Subject = Union[tuple[str, str], tuple[str, str, bool], Position, RuleSet, str]
"""What a comparison shows: ``(variant, code)`` or ``(variant, code, promoted)`` for a piece; a
position; or a rule set or variant id for its start position."""

T = TypeVar("T")


def _pair(make: Callable[[int], T]) -> tuple[T, T]:
    return make(0), make(1)


def _position_under(subject: Subject, rs: RuleSet) -> Position:
    if not isinstance(subject, Position):
        return Position(rs)
    t = subject.tables
    hand = f"[{write_hand(t, subject.hands)}]" if rs.variant.drops else ""
    side = "w" if subject.turn == 0 else "b"
    return Position(rs, fen=f"{write_board(t, subject.board)}{hand} {side} {subject.halfmove_clock} "
                            f"{subject.move_number}")


def _contents(pos: Position) -> dict[str, tuple[str, int] | None]:
    """What stands on each square of ``pos``, by the square's name, in the order of the squares: the piece's code
    and colour, or ``None``."""
    types, name = pos.tables.types, pos.geometry.name
    return {name(sq): (types[code >> 1].code, code & 1) if code else None for sq, code in enumerate(pos.board)}


def comparison_squares(subject: Subject, rule_id: str, option_a: str, option_b: str, *,
                       square: int | str | None = None, drop: int | str | None = None,
                       rules: Mapping[str, str] | None = None, promoted: bool = False) -> Comparison:
    """Compute the comparison that :func:`draw_comparison` draws (see the module docstring)."""
    code = ""
    if isinstance(subject, tuple):
        variant, code = subject[0], subject[1]
        promoted = promoted or (len(subject) == 3 and bool(subject[2]))
        base = RuleSet.of(variant, rules)
    elif isinstance(subject, Position):
        base = RuleSet.of(subject.rules, rules)
    else:
        base = RuleSet.of(subject, rules)
    options = (option_a, option_b)
    rs = _pair(lambda i: RuleSet.of(base, {rule_id: options[i]}))
    base.base.rule_choice(rule_id)       # an unknown rule id raises here

    if isinstance(subject, tuple):
        kinds = _pair(lambda i: piece_kind(rs[i].variant, code, promoted)[0])
        radius = max(window_radius(k) for k in kinds)
        marks = _pair(lambda i: movement_marks(kinds[i], radius))
        dests = _pair(lambda i: frozenset(destination_vectors(marks[i])))
        changed = frozenset(v for v in dests[0] & dests[1] if marks[0][v] != marks[1][v])
        return Comparison("piece", rule_id, (option_a, option_b), rs, kinds, dests, "moves", changed)

    positions = _pair(lambda i: _position_under(subject, rs[i]))
    sizes = {(p.geometry.files, p.geometry.ranks) for p in positions}
    if square is not None:
        if len(sizes) > 1:
            raise SquareError(f"{rule_id}={option_a} and {option_b} set up boards of two sizes: a square's moves are "
                              "compared on one board only")
        sq = square_index(positions[0], square)
        sets: tuple[frozenset[int], frozenset[int]] = _pair(lambda i: frozenset(legal_destinations(positions[i], sq)))
        focus = f"legal moves of the piece on {positions[0].geometry.name(sq)}"
        return Comparison("position", rule_id, (option_a, option_b), rs, positions, sets, focus)
    if drop is not None:
        dropped = drop
        sets = _pair(lambda i: frozenset(drop_destinations(positions[i], dropped) if positions[i].variant.drops else ()))
        return Comparison("position", rule_id, (option_a, option_b), rs, positions, sets, f"drops of {drop}")
    if len(sizes) > 1 or positions[0].board != positions[1].board:
        # squares compared by name, so that boards of two sizes (Heian shogi's) share those of the smaller one
        held = _pair(lambda i: _contents(positions[i]))
        differ = _pair(lambda i: frozenset(sq for sq, (name, piece) in enumerate(held[i].items())
                                           if held[1 - i].get(name) != piece))
        return Comparison("position", rule_id, (option_a, option_b), rs, positions, differ, "setup",
                          differ[0] if len(sizes) == 1 else frozenset())
    sets = _pair(lambda i: frozenset(m.target for m in positions[i].legal_moves()))
    return Comparison("position", rule_id, (option_a, option_b), rs, positions, sets, "legal moves")


def _diff_highlight(cmp: Comparison, side: int) -> dict[Any, str]:
    if cmp.focus == "setup":
        return {sq: "only-a" if side == 0 else "only-b" for sq in cmp.squares[side]}
    only = cmp.only_a if side == 0 else cmp.only_b
    out = {v: "only-a" if side == 0 else "only-b" for v in only}
    for v in cmp.changed:
        out[v] = "differs"
    for v in cmp.both - cmp.changed:
        if cmp.mode == "position":
            out[v] = "both"
    return out


def _legend_rows(cmp: Comparison) -> list[tuple[str, str, str]]:
    choice = cmp.rules[0].base.rule_choice(cmp.rule_id)
    summaries = [choice.option(o).summary for o in cmp.options]
    what = {"setup": "pieces placed differently", "moves": "squares reached"}.get(cmp.focus, cmp.focus)
    rows = [("", style.COLOURS["ink"], f"{cmp.rule_id}: {choice.question} Compared: {what}.")]
    for side, colour_key in ((0, "only-a"), (1, "only-b")):
        label = "differs" if cmp.focus == "setup" else "only"
        rows.append(("■", style.HIGHLIGHTS[colour_key],
                     f"{label} under '{cmp.options[side]}': {summaries[side]}"))
    if cmp.mode == "piece" and cmp.changed:
        rows.append(("■", style.HIGHLIGHTS["differs"], "reached under both options, in different ways"))
    if cmp.mode == "position" and cmp.focus != "setup" and cmp.both:
        rows.append(("■", style.HIGHLIGHTS["both"], "under both options"))
    return rows


def draw_comparison(subject: Subject, rule_id: str, option_a: str, option_b: str, *,
                    square: int | str | None = None, drop: int | str | None = None,
                    rules: Mapping[str, str] | None = None, promoted: bool = False,
                    stacked: bool | None = None) -> Figure:
    """Two drawings side by side (boards too wide for that one above the other; on boards larger than
    12 × 12 only a window around the squares that differ), ``subject`` under ``rule_id = option_a`` (left) and
    ``= option_b`` (right), with the squares that differ coloured (blue: only A, green: only B)
    and an English legend citing both options. See the module docstring for the subjects."""
    cmp = comparison_squares(subject, rule_id, option_a, option_b, square=square, drop=drop, rules=rules,
                             promoted=promoted)
    gap = 0.35
    window: tuple[int, int, int, int] | None = None
    if cmp.mode == "piece":
        radius = max(window_radius(k) for k in cmp.subjects)
        side_in = (2 * radius + 1) * CELL_INCHES
        widths = [side_in, side_in]
        panel_h = side_in
        cell = CELL_INCHES
    else:
        # On a large board only a window around the squares that differ (and the moving piece) is drawn.
        first = cmp.subjects[0]
        focus = set(cmp.only_a | cmp.only_b | cmp.changed)
        if square is not None:
            focus.add(square_index(first, square))
        if max(first.geometry.files, first.geometry.ranks) > 12 and focus:
            window = window_around(first, focus)
        cell = CELL_INCHES if window else cell_inches(first)
        titles = [f"{rule_id} = {o}" for o in cmp.options]
        extents = [board_extent(p, t, window) for p, t in zip(cmp.subjects, titles)]
        widths = [(e[1] - e[0]) * cell for e in extents]
        panel_h = max((e[3] - e[2]) * cell for e in extents)
    # Two whole boards side by side would shrink their coordinates below legibility once the page
    # scales the picture to its column: such boards go one above the other.
    if stacked is None:
        if cmp.mode == "piece":         # side by side if the labels stay legible at the page's width
            from .book import COLUMN_PX, MIN_TEXT_PX, smallest_text_px
            fig = draw_comparison(subject, rule_id, option_a, option_b, square=square, drop=drop, rules=rules,
                                  promoted=promoted, stacked=False)
            if smallest_text_px(fig, COLUMN_PX / fig.get_figwidth()) >= MIN_TEXT_PX:
                return fig
            stacked = True
        else:
            stacked = sum(widths) / cell > STACK_ABOVE_CELLS
    if stacked and cmp.mode == "piece":
        gap = 0.6                       # room for the lower diagram's title
    width = max(widths) + 0.2 if stacked else sum(widths) + gap + 0.4   # stacked drawings are centred: 0.1 in a side
    title_h = 0.75 if cmp.mode == "piece" else 0.45
    entries = _legend_rows(cmp)
    if cmp.mode == "piece":
        seen = set()
        for kind, marks in zip(cmp.subjects, (movement_marks(k, radius) for k in cmp.subjects)):
            for entry in legend_entries(kind, marks, cmp.rules[0].variant):
                if entry[2] not in seen:
                    seen.add(entry[2])
                    entries.append(entry)
    points = CAPTION_POINTS * max(1.0, width / 6.5)      # legible when the figure is shrunk to a page
    title_h *= points / CAPTION_POINTS
    wrapped, legend_h = layout_legend(entries, width - 0.3, points)
    boards_h = 2 * panel_h + gap if stacked else panel_h
    height = title_h + boards_h + 0.15 + legend_h
    fig = Figure(figsize=(width, height))
    x = 0.2
    for i in (0, 1):
        bottom = legend_h + 0.15 + ((1 - i) * (panel_h + gap) if stacked else 0.0)
        if stacked:
            x = (width - widths[i]) / 2
        ax = fig.add_axes((x / width, bottom / height, widths[i] / width, panel_h / height))
        if isinstance(subject, tuple):
            kind = cmp.subjects[i]
            red = piece_kind(cmp.rules[i].variant, subject[1], promoted or (len(subject) == 3 and bool(subject[2])))[1]
            draw_moves(ax, kind, radius=radius, promoted=red, highlight=_diff_highlight(cmp, i))
            below = i * (panel_h + gap) if stacked else 0.0
            fig.text((x + widths[i] / 2) / width, 1 - (title_h - 0.12 + below) / height, f"{rule_id} = {cmp.options[i]}",
                     ha="center", va="center", color=style.COLOURS["coordinates"],
                     fontproperties=style.font(points * 1.05))
        else:
            draw_board(ax, cmp.subjects[i], highlight=_diff_highlight(cmp, i), title=titles[i], window=window)
        x += widths[i] + gap
    if cmp.mode == "piece":
        a, b = cmp.subjects
        if a.kanji == b.kanji:
            name = f"{a.kanji}   {a.english}"
        else:
            name = f"{a.kanji} / {b.kanji}   {a.english} / {b.english}"
        fig.text(0.5, 1 - 0.22 * points / CAPTION_POINTS / height, name, ha="center", va="center",
                 fontproperties=style.font(points * 1.5))
    else:
        v = cmp.rules[0].variant
        fig.text(0.5, 1 - 0.22 * points / CAPTION_POINTS / height, f"{v.kanji}   {v.name}", ha="center", va="center",
                 fontproperties=style.font(points * 1.4))
    draw_legend(fig, wrapped, title_h + boards_h + 0.15, 0.2, points)
    v = cmp.rules[0].variant
    fig.set_label(f"{v.name}: {v.rule_choice(rule_id).question} Under the option {option_a} "
                  f"({'above' if stacked else 'left'}) and the option {option_b} ({'below' if stacked else 'right'}), "
                  "the squares that differ coloured")
    return fig
