"""The applications: the ``shogi-rules`` command (:mod:`shogi_rules.apps.cli`) and the functions
the book's live boards call in the browser (:mod:`shogi_rules.apps.browser`).
"""
