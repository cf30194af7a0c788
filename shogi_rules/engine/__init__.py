"""The engine: the position (:mod:`shogi_rules.engine.position`), move generation
(:mod:`shogi_rules.engine.movegen`) and game end (:mod:`shogi_rules.engine.outcome`); the last two
read a position through the protocol of :mod:`shogi_rules.engine.board`, below them.
"""
