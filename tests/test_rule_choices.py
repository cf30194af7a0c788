"""Rule choices: well-formed and cited for every implemented variant, and each one proven to matter.

The structural checks run over ``available_variants()``, so a new variant's choices are checked as
soon as it is importable. The behavioural proofs are per choice: :data:`PROOFS` maps a choice id to a
function that, given an option id, plays out a position and returns what can be observed there
(a set of legal moves, a result). A choice is proven when its options give different observations.
Every choice of the variants in :data:`PROVEN_VARIANTS` must have a proof; the large variants
(Tenjiku, Dai Dai, Maka Dai Dai) are added in parallel and will join that list with their proofs.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Callable, Hashable

import pytest

from shogi_rules import VARIANT_IDS, Position, RuleSet, UnknownRuleError, available_variants, get_variant
from shogi_rules.notation.records import presets_accepting, read_record

BIB = Path(__file__).resolve().parent.parent / "book" / "references.bib"
PROVEN_VARIANTS = ("shogi", "okisaki", "wa")

ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$")
OPTION_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def bib_keys() -> set[str]:
    text = BIB.read_text(encoding="utf-8")
    return set(re.findall(r"^\s*@\w+\s*\{\s*([^,\s]+)\s*,", text, flags=re.MULTILINE))


ALL_CHOICES = [(v.id, c) for v in available_variants() for c in v.rule_choices]
CHOICE_IDS = [c.id for _, c in ALL_CHOICES]


def test_the_bibliography_parses():
    keys = bib_keys()
    assert {"zhwp-okisaki", "zhwp-wa", "fairy-stockfish", "evans-shogivar", "jsa-rules"} <= keys
    assert "no-such-source" not in keys


# --- structure: every choice of every implemented variant ----------------------------------------
@pytest.mark.parametrize("variant_id,choice", ALL_CHOICES, ids=CHOICE_IDS)
def test_choice_id_is_prefixed_by_its_variant(variant_id, choice):
    assert choice.id.startswith(variant_id + ".")
    assert ID_RE.match(choice.id), choice.id


@pytest.mark.parametrize("variant_id,choice", ALL_CHOICES, ids=CHOICE_IDS)
def test_choice_asks_a_question(variant_id, choice):
    assert isinstance(choice.question, str) and len(choice.question.strip()) > 10
    assert "?" in choice.question  # phrased as a question (a note such as "(footnote 19)" may follow)


@pytest.mark.parametrize("variant_id,choice", ALL_CHOICES, ids=CHOICE_IDS)
def test_choice_has_two_options_and_a_default_among_them(variant_id, choice):
    ids = [o.id for o in choice.options]
    assert len(ids) >= 2 and len(set(ids)) == len(ids)
    assert choice.default in ids
    for o in choice.options:
        assert OPTION_RE.match(o.id), o.id
        assert isinstance(o.summary, str) and o.summary.strip()


@pytest.mark.parametrize("variant_id,choice", ALL_CHOICES, ids=CHOICE_IDS)
def test_every_option_cites_known_sources(variant_id, choice):
    keys = bib_keys()
    for o in choice.options:
        assert len(o.sources) >= 1, f"{choice.id}={o.id} cites nothing"
        unknown = [s for s in o.sources if s not in keys]
        assert not unknown, f"{choice.id}={o.id} cites keys missing from references.bib: {unknown}"


@pytest.mark.parametrize("variant_id,choice", ALL_CHOICES, ids=CHOICE_IDS)
def test_every_option_changes_the_rules(variant_id, choice):
    """Each option can be chosen, and no two options give the same resolved variant."""
    resolved = {}
    for o in choice.options:
        rs = RuleSet.of(variant_id, {choice.id: o.id})
        assert rs.choices[choice.id] == o.id
        resolved[o.id] = rs.variant
    for a, b in itertools.combinations(resolved, 2):
        assert resolved[a] != resolved[b], f"{choice.id}: options {a} and {b} change nothing between them"


@pytest.mark.parametrize("variant", available_variants(), ids=lambda v: v.id)
def test_choice_ids_are_unique_within_a_variant(variant):
    ids = [c.id for c in variant.rule_choices]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("variant", available_variants(), ids=lambda v: v.id)
def test_defaults_apply_when_nothing_is_chosen(variant):
    rs = RuleSet.of(variant.id)
    assert rs.choices == {c.id: c.default for c in variant.rule_choices}
    assert rs.non_default() == {}


def test_unknown_choice_or_option_is_refused():
    with pytest.raises(UnknownRuleError):
        RuleSet.of("okisaki", {"okisaki.no-such-rule": "zhwp"})
    with pytest.raises(UnknownRuleError):
        RuleSet.of("okisaki", {"okisaki.setup": "no-such-option"})
    with pytest.raises(UnknownRuleError):
        Position("shogi", rules={"wa.drops": "modern"})  # a choice of another variant


def test_the_article_reading_is_the_default():
    assert get_variant("okisaki").rule_choice("okisaki.setup").default == "zhwp"
    assert get_variant("wa").rule_choice("wa.drops").default == "none"  # the article: 原先版本無打入
    assert get_variant("wa").rule_choice("wa.treacherous-fox").default == "zhwp"  # the article's readable diagram


# --- behaviour: each choice proven by a position where its options differ --------------------------
def _western(pos: Position) -> frozenset[str]:
    return frozenset(pos.move_name(m) for m in pos.legal_moves())


def okisaki_setup(option: str) -> Hashable:
    """Gote's answers to sente's first move: its king starts on 5a (the article) or 6a (Fairy-Stockfish)."""
    pos = Position("okisaki", rules={"okisaki.setup": option})
    pos.push_move("P-5g")
    return _western(pos)


def wa_drops(option: str) -> Hashable:
    """After a capture, sente's moves: drops of the captured Sparrow Pawn only with drops."""
    fen = "5(ck)5/11/8(sp)2/11/11/8(RR)2/11/11/11/11/5(CK)5 w - - 0 1"
    pos = Position("wa", fen=fen, rules={"wa.drops": option})
    pos.push_move("RRx3c=")
    pos.push_move("CK-6b")
    return _western(pos)


def wa_piece(code: str, choice: str):
    """The squares the piece ``code`` on 6f (sente, the kings far away) may go to: the readings differ."""
    def proof(option: str) -> Hashable:
        pos = Position.from_pieces("wa", {"6f": code, "10k": "CK", "10a": "ck"}, rules={choice: option})
        origin = pos.geometry.parse("6f")
        return frozenset(pos.geometry.name(m.target) for m in pos.legal_moves() if m.origin == origin)
    return proof


PROOFS: dict[str, Callable[[str], Hashable]] = {
    "okisaki.setup": okisaki_setup,
    "wa.drops": wa_drops,
    "wa.running-rabbit": wa_piece("RR", "wa.running-rabbit"),
    "wa.treacherous-fox": wa_piece("TFO", "wa.treacherous-fox"),
}


def test_wa_readings_of_the_rabbit_and_the_fox_in_detail():
    rabbit, fox = PROOFS["wa.running-rabbit"], PROOFS["wa.treacherous-fox"]
    # Evans: the rabbit slides straight forward and steps diagonally; CSR: slides diagonally forward
    assert rabbit("evans") == {"6a", "6b", "6c", "6d", "6e", "5e", "7e", "5g", "6g", "7g"}
    assert rabbit("csr") == {"6e", "5e", "4d", "3c", "2b", "1a", "7e", "8d", "9c", "10b", "11a", "5g", "6g", "7g"}
    # the article's fox: one or two squares on six lines; CSR's: one square vertically, two on the back diagonals
    assert fox("zhwp") == {"6e", "6d", "6g", "6h", "5e", "4d", "7e", "8d", "5g", "4h", "7g", "8h"}
    assert fox("csr") == {"6e", "6g", "5g", "4h", "7g", "8h"}


def test_every_choice_of_the_proven_variants_has_a_proof():
    missing = [c.id for vid in PROVEN_VARIANTS for c in get_variant(vid).rule_choices if c.id not in PROOFS]
    assert not missing, f"rule choices without a behavioural proof: {missing}"


def test_every_proof_belongs_to_an_existing_choice():
    known = {c.id for vid in PROVEN_VARIANTS for c in get_variant(vid).rule_choices}
    assert set(PROOFS) <= known


@pytest.mark.parametrize("choice_id", sorted(PROOFS))
def test_options_of_a_choice_give_different_play(choice_id):
    variant = get_variant(choice_id.split(".")[0])
    choice = variant.rule_choice(choice_id)
    seen = {o.id: PROOFS[choice_id](o.id) for o in choice.options}
    for a, b in itertools.combinations(seen, 2):
        assert seen[a] != seen[b], f"{choice_id}: options {a} and {b} play the same in the proof position"


def test_okisaki_setup_proof_in_detail():
    zhwp, fsf = okisaki_setup("zhwp"), okisaki_setup("fairy-stockfish")
    # zhwp: king 5a, queen 6a; Fairy-Stockfish: king 6a, queen 5a
    assert {"K-4b", "K-5b", "K-6b", "Q-7b"} <= zhwp and "K-7b" not in zhwp
    assert {"K-5b", "K-6b", "K-7b", "Q-4b"} <= fsf and "K-4b" not in fsf
    assert len(zhwp) == len(fsf)  # the same number of moves, by different pieces


def test_wa_drops_proof_in_detail():
    none, modern = wa_drops("none"), wa_drops("modern")
    drops = {m for m in modern if "*" in m}
    assert not any("*" in m for m in none)
    assert drops and all(m.startswith("SP*") for m in drops)
    assert modern - drops == none  # the board moves are the same; only the drops are added


# --- presets: whole rule sets by source ----------------------------------------------------------------


@pytest.mark.parametrize("vid", [v for v in VARIANT_IDS if get_variant(v).rule_choices])
def test_every_preset_settles_every_choice_and_cites_known_sources(vid):
    """A preset names valid options, cites bibliography entries, and for each choice either sets it
    or says why it keeps the default (``silent``; ``"*"`` for all the others)."""
    v = get_variant(vid)
    ids = [p.id for p in v.presets]
    # the first preset is the source the defaults follow (the Chinese Wikipedia article, lishogi for Chu, the
    # Japanese one for Dai): the rule set of no choices
    assert ids and len(set(ids)) == len(ids)
    assert RuleSet.of(vid, preset=ids[0]) == RuleSet.of(vid)
    for p in v.presets:
        assert set(p.sources) <= bib_keys(), (p.id, set(p.sources) - bib_keys())
        for choice_id, option_id in p.choices.items():
            v.rule_choice(choice_id).option(option_id)
        for c in v.rule_choices:
            assert c.id in p.choices or c.id in p.silent or "*" in p.silent, (p.id, c.id)
        rs = RuleSet.of(vid, preset=p.id)
        assert all(rs.choices[k] == o for k, o in p.choices.items())


def test_preset_then_rules_on_top_in_the_library():
    pos = Position("tenjiku", preset="adams", rules={"tenjiku.bare-king": "none"})
    assert pos.rules.choices["tenjiku.bare-king"] == "none" and pos.rules.choices["tenjiku.repetition"] == "adams"
    assert Position.from_pieces("tenjiku", {"8h": "K", "8a": "k"}, preset="tsa").rules == RuleSet.of("tenjiku",
                                                                                                    preset="tsa")
    with pytest.raises(UnknownRuleError, match="modern-2000"):
        RuleSet.of("tenjiku", preset="modern")


def test_presets_that_accept_the_tenjiku_game_of_the_article():
    """The article's 38-move game takes generals by jumping (ply 10) and promotes on leaving the zone
    (ply 30): TSA as the footnotes report it and Werner's program accept it, no other preset does."""
    text = (Path(__file__).parent / "data" / "tenjiku_article_game.txt").read_text(encoding="utf-8")
    verdict = {e["preset"]: (e["legal"], e["first_illegal_ply"]) for e in presets_accepting("tenjiku", read_record(text))}
    assert verdict == {"zhwp": (False, 10), "tsa": (True, None), "evans": (False, 10), "adams": (False, 10),
                       "modern-2000": (False, 30), "werner": (True, None), "hachu": (False, 10)}


# --- the engines and sites with a preset -------------------------------------------------------------------
def test_every_engine_is_cited_has_a_preset_and_is_checked_where_the_suite_runs_it():
    """Each engine cites bibliography entries and has a preset of its id in some game; a preset that says the
    suite checks it names a test module that exists and sets that preset up."""
    from shogi_rules.model.engines import ENGINES, engine_of

    tests = {"lishogi": "test_chu_shogiops.py", "shogiops": "test_chu_shogiops.py"}
    for e in ENGINES:
        assert e.sources and set(e.sources) <= bib_keys(), e.id
        assert engine_of(e.id) is e
        presets = [p for v in available_variants() for p in v.presets if p.id == e.id]
        assert presets, f"{e.id}: no game has a preset of this id"
        if e.id in tests:
            text = (Path(__file__).parent / tests[e.id]).read_text(encoding="utf-8")
            assert all(p.checked for p in presets) and f'preset="{e.id}"' in text, e.id


def test_the_engine_readings_table_shows_each_engines_preset():
    """lishogi's server and its library shogiops are two columns of Chu shogi's table, parting on the game's end."""
    from shogi_rules.diagrams.book import engine_readings_table

    table = engine_readings_table()
    assert "| rule choice | lishogi's server | shogiops (lishogi's library) | HaChu |" in table
    assert "| {ref}`chu.game-end <chu.game-end>` | `lishogi` | `shogiops` | `royals` |" in table
    assert "| {ref}`chu.repetition <chu.repetition>` | `lishogi` | `shogiops` | `hachu` |" in table
    assert "| {ref}`chu.promotion <chu.promotion>` | `lishogi` | `lishogi` | `hachu` |" in table
    assert "**Wa shogi**" not in table  # Wa has no engine preset
