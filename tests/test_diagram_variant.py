"""A variant derived for drawing a piece is no game of the registry, and nothing asks the registry for it."""

from __future__ import annotations


def test_a_variant_derived_for_a_diagram_is_drawn():
    """The movement diagrams draw a piece on a board of a variant derived for the purpose (``shogi~diagram``),
    which is no game of the registry: lishogi's notation does not describe it, and the position is made."""
    from shogi_rules.diagrams.movement import lone_piece_position
    from shogi_rules.notation import lishogi

    pos, centre = lone_piece_position("shogi", "R", False)
    assert pos.variant.id == "shogi~diagram" and not lishogi.describes(pos.variant)
    assert pos.board[centre]
