"""Pictures of the rules, drawn with matplotlib from the engine's data (never by hand).

* :mod:`.board` — positions: :func:`draw_position`, :func:`position_png`, :func:`position_svg`;
* :mod:`.movement` — piece movement diagrams in the articles' legend: :func:`draw_piece_moves`,
  :func:`movement_marks`, and :func:`engine_destinations`, the engine's own answer they are
  checked against;
* :mod:`.compare` — one piece or position under two options of a rule choice, side by side:
  :func:`draw_comparison`;
* :mod:`.family` — the family tree of the games and the pieces they share: :func:`~.family.draw_family_tree`;
* :mod:`.style` — fonts (IPAexGothic with CJK fallbacks), colours, the legend, and
  :func:`strict_glyphs`, which makes a character that no font can draw an error.
"""

from .board import (draw_position, drop_destinations, last_move_highlight, legal_destinations, move_highlight,
                    position_png, position_svg)
from .compare import comparison_squares, draw_comparison
from .movement import (destination_vectors, draw_piece_moves, engine_destinations, lone_piece_position, movement_marks,
                       piece_kind, window_radius)
from .style import enable_strict_glyphs, missing_glyphs, setup_fonts, strict_glyphs

__all__ = [
    "comparison_squares", "destination_vectors", "draw_comparison", "draw_piece_moves", "draw_position",
    "drop_destinations", "enable_strict_glyphs", "engine_destinations", "last_move_highlight", "legal_destinations",
    "lone_piece_position", "missing_glyphs", "move_highlight", "movement_marks", "piece_kind", "position_png",
    "position_svg", "setup_fonts", "strict_glyphs", "window_radius",
]
