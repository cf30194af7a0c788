"""The data model: what a game is made of, below everything else.

Errors, square geometry, piece codes and directions, :class:`~shogi_rules.model.moves.Move`, FEN
tokens, rule choices and the mechanisms' switches, the movement atoms, piece rows
(:class:`~shogi_rules.model.pieces.PieceKind`) and :class:`~shogi_rules.model.variant_data.Variant`;
and :mod:`shogi_rules.model.mechanisms`, the powers of the large variants as functions on a board,
which the movement atoms call and which read a board through protocols of their own.
"""
