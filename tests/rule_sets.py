"""The rule sets the shared tests run over, made from the variant registry (a plain module: the fixtures of
``conftest.py`` hand them out, and a test module that parametrizes over them imports them from here).

Every variant under its defaults, named by its id; and, for each rule choice whose options change the frame
of the game rather than a piece or a mechanism (options that set only ``Variant`` fields: the start position,
drops, the promotion scheme), each other option, named ``<variant id>-<option id>``. Each with the name of
Fairy-Stockfish's game where Fairy-Stockfish plays the rule set (:attr:`shogi_rules.compiled.variant.RuleSet.fsf_name`).
"""

from __future__ import annotations

from shogi_rules.compiled.variant import RuleSet, Variant, available_variants


def _frame_choices(variant: Variant):
    for c in variant.rule_choices:
        keys = {k for o in c.options for k in o.effects}
        if keys and not keys & {"pieces", "switches"}:
            yield c


def _rule_sets() -> dict[str, tuple[str, dict[str, str], str | None]]:
    out: dict[str, tuple[str, dict[str, str], str | None]] = {}
    for v in available_variants():
        out[v.id] = (v.id, {}, RuleSet.of(v.id).fsf_name)
        for c in _frame_choices(v):
            for o in c.options:
                if o.id != c.default:
                    out[f"{v.id}-{o.id}"] = (v.id, {c.id: o.id}, RuleSet.of(v.id, {c.id: o.id}).fsf_name)
    return out


RULE_SETS = _rule_sets()
"""name -> (variant id, rule choices, Fairy-Stockfish's name of the game or None)."""

FSF_CASES = tuple(name for name, (_, _, fsf) in RULE_SETS.items() if fsf)
"""The rule sets Fairy-Stockfish plays: the differential tests check the engine against it on each."""


def squares(name: str) -> int:
    """The number of squares of the rule set's board."""
    variant_id, choices, _ = RULE_SETS[name]
    v = RuleSet.of(variant_id, choices).variant  # an option may change the board (Heian shogi's)
    return v.files * v.ranks
