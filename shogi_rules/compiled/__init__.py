"""The compiled tables: a rule set (a variant with its options applied,
:class:`~shogi_rules.compiled.variant.RuleSet`), its numbered piece types and per-square move,
attack and hash tables (:mod:`shogi_rules.compiled.tables`) and move plans
(:mod:`shogi_rules.compiled.plans`), built from the data model and the variants.
"""
