"""Tools for working on the package, not part of what the live boards load: the benchmark
(``python -m shogi_rules.tools.benchmark``).
"""
