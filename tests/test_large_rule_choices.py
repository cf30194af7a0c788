"""Every rule choice of Dai Dai and Maka Dai Dai proven to matter, and perft of both start positions.

A proof (:data:`PROOFS`) maps a choice id to a builder: given the rule choices to play under, it
sets up a position and returns what can be observed there (the moves of a piece, or what a capture
turns the capturer into). A choice is proven when each pair of its options gives different
observations.

Piece readings are proven with the piece alone on an empty board (sente to move, the centre
square), with sente pawns next to it where only a blocked piece shows the difference (a jump, lion
power). Compiling a 17×17 or 19×19 rule set takes most of a second, so these proofs share "layered"
rule sets, as ``tests/test_daidai_pieces.py`` does: the n-th layer picks the n-th non-default option
of every piece choice. That is sound because each piece row is touched by one choice only and the
blocking pawns by none (checked below), so a lone piece moves in a layer exactly as under its own
choice alone. The mechanism choices of Maka Dai Dai (promotion, conversion, Emperor) are proven in
real positions under rule sets that change that choice alone.

Perft: the start positions at depths 1 and 2 (``-s`` prints the figures). No published figure
exists (rules catalogue §6); the depth-2 figures are explained move by move below instead.
"""

from __future__ import annotations

import itertools
from typing import Callable, Hashable

import pytest
from helpers import moves_from, step

from shogi_rules import Position
from shogi_rules.engine.movegen import divide
from shogi_rules.compiled.variant import RuleSet, get_variant

VARIANTS = ("daidai", "makadaidai")
CENTRE = {"daidai": "9i", "makadaidai": "10j"}


# --- rule sets ---------------------------------------------------------------------------------------
def is_piece_choice(choice) -> bool:
    return all(set(o.effects) == {"pieces"} for o in choice.options)


def layer(variant: str, n: int) -> dict[str, str]:
    """The n-th non-default option of every piece choice that has one."""
    out = {}
    for c in get_variant(variant).rule_choices:
        rest = [o.id for o in c.options if o.id != c.default]
        if is_piece_choice(c) and len(rest) >= n:
            out[c.id] = rest[n - 1]
    return out


def rules_for(choice_id: str, option_id: str) -> RuleSet:
    """A rule set in which ``choice_id`` has ``option_id`` (and which behaves, for the proof's
    position, as if nothing else had changed)."""
    variant = choice_id.split(".")[0]
    choice = get_variant(variant).rule_choice(choice_id)
    if option_id == choice.default:
        return RuleSet.of(variant)
    if not is_piece_choice(choice):
        return RuleSet.of(variant, {choice_id: option_id})
    n = [o.id for o in choice.options if o.id != choice.default].index(option_id) + 1
    rules = layer(variant, n)
    assert rules[choice_id] == option_id
    return RuleSet.of(variant, rules)


# --- positions --------------------------------------------------------------------------------------
def _square(centre: str, dx: int, dy: int) -> str:
    """The square ``(dx, dy)`` from ``centre`` as sente sees it (dy > 0 forward, dx > 0 right)."""
    return step(centre, -dx, -dy)


Observation = Hashable
Builder = Callable[[RuleSet], Observation]

AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
FRONT = ((0, 1),)
FORWARD_DIAGONALS = ((-1, 1), (1, 1))


def lone(token: str, friends: tuple[tuple[int, int], ...] = ()) -> Builder:
    """Sente's ``token`` on the centre of an empty board, sente pawns at ``friends`` (offsets from
    the piece as sente sees them); observed: its moves as ``(target, path)`` square names."""

    def build(rules: RuleSet) -> Observation:
        variant = rules.variant.id
        centre = CENTRE[variant]
        pieces = {_square(centre, dx, dy): "P" for dx, dy in friends}
        pieces[centre] = token
        pos = Position.from_pieces(rules, pieces)
        g = pos.geometry
        return frozenset((g.name(m.target), tuple(g.name(s) for s in m.path)) for m in moves_from(pos, centre))

    build.token = token  # for the check that the proof looks at the piece its choice is about
    return build


def capture_outcomes(pieces: dict[str, str], mover: str, victim: str) -> Builder:
    """Every way ``mover`` can take the piece on ``victim``: (promotes, keeps, the squares it passes,
    what it becomes)."""

    def build(rules: RuleSet) -> Observation:
        pos = Position.from_pieces(rules, pieces)
        to = pos.geometry.parse(victim)
        out = set()
        for m in moves_from(pos, mover):
            if m.target == to:
                pos.push(m)
                out.add((m.promotion, m.keep, tuple(pos.geometry.name(s) for s in m.path), pos.piece_at(to)[0].kind.code))
                pos.pop()
        assert out
        return frozenset(out)

    return build


def destinations(pieces: dict[str, str], mover: str) -> Builder:
    def build(rules: RuleSet) -> Observation:
        pos = Position.from_pieces(rules, pieces)
        return frozenset(pos.geometry.name(m.target) for m in moves_from(pos, mover))

    return build


# --- the proofs --------------------------------------------------------------------------------------
PROOFS: dict[str, Builder] = {
    # Dai Dai: every choice is a reading of one piece's move.
    "daidai.blind-monkey": lone("(BM)"),
    "daidai.neighbouring-king": lone("(NK)"),
    "daidai.standard-bearer": lone("(SBR)"),
    "daidai.eastern-barbarian": lone("(EB)"),
    "daidai.southern-barbarian": lone("(SB)"),
    "daidai.western-barbarian": lone("(WB)"),
    "daidai.flying-horse": lone("(FH)"),
    "daidai.free-demon": lone("(FDE)"),
    "daidai.free-dream-eater": lone("(FTP)"),
    "daidai.left-chariot": lone("(LCH)"),
    "daidai.right-chariot": lone("(RCH)"),
    "daidai.left-general": lone("(LG)"),
    "daidai.right-general": lone("(RG)"),
    "daidai.lion-dog": lone("(LD)", FRONT),            # jumps its own pawn, or is stopped by it
    "daidai.great-elephant": lone("+(LD)", AROUND),    # lion-dog jumps out of a ring of pawns, or none
    "daidai.furious-fiend": lone("+(LN)", AROUND),     # the third square of each line, or not
    "daidai.long-nosed-goblin": lone("(LGN)"),
    "daidai.white-elephant": lone("(WE)"),
    "daidai.mountain-witch": lone("+(BM)"),
    # Maka Dai Dai: the footnoted readings, one piece each.
    "makadaidai.wrestler": lone("(WR)"),
    "makadaidai.guardian-of-the-gods": lone("(GG)"),
    "makadaidai.she-devil": lone("(SD)"),
    "makadaidai.side-flier": lone("(SF)"),
    "makadaidai.right-chariot": lone("(RCH)"),
    "makadaidai.left-chariot": lone("(LCH)"),
    "makadaidai.coiled-serpent": lone("(CS)"),
    "makadaidai.chinese-cock": lone("(CC)"),
    "makadaidai.wizard-stork": lone("+(CC)"),
    "makadaidai.old-monkey": lone("(OM)"),
    "makadaidai.mountain-witch": lone("+(OM)"),
    "makadaidai.reclining-dragon": lone("(RD)"),
    "makadaidai.free-dragon": lone("+(RD)"),
    "makadaidai.free-boar": lone("+(AB)"),
    "makadaidai.blind-bear": lone("(BB)"),
    "makadaidai.free-bear": lone("+(BB)", FORWARD_DIAGONALS),   # the jump over the blocked diagonal
    "makadaidai.free-wolf": lone("+(EW)"),
    "makadaidai.dark-spirit": lone("(DSP)"),
    "makadaidai.deva": lone("(DV)"),
    "makadaidai.teaching-king": lone("+(DV)", FRONT),
    "makadaidai.lion-dog": lone("(LD)", FRONT),
    "makadaidai.donkey": lone("(DO)"),
    # Maka Dai Dai's mechanisms, in real positions.
    # A Gold takes a Deva: it becomes a Teaching King (the article), or promotes to a Free Gold or not (off).
    "makadaidai.conversion": capture_outcomes({"10j": "G", "10i": "(dv)", "1a": "k"}, "10j", "10i"),
    # A Lion takes a Dark Spirit (10i) and then a Deva (10h): the last capture decides (a Teaching King,
    # zhwp) or the first (a Buddhist Spirit), or the mover picks either; jumping the Dark Spirit takes the
    # Deva alone (a Teaching King).
    "makadaidai.double-conversion": capture_outcomes(
        {"10j": "LN", "10i": "(dsp)", "10h": "(dv)", "1s": "K", "1a": "k"}, "10j", "10h"),
    # The king takes a Deva: it converts, keeps itself or promotes to the Emperor; converted, it is an
    # ordinary Teaching King (the article) or a royal one (stays-royal).
    "makadaidai.converted-royal": capture_outcomes({"10j": "K", "10i": "(dv)", "1a": "k"}, "10j", "10i"),
    # A Gold takes a pawn: it may decline promotion (the article), or must promote (compulsory).
    "makadaidai.promotion": capture_outcomes({"10j": "G", "10i": "p", "1a": "k"}, "10j", "10i"),
    # The Emperor beside an unprotected rook's lines: the article keeps it off the attacked squares,
    # Evans lets it go to any empty square.
    "makadaidai.emperor": destinations({"10j": "+K", "15c": "r", "1a": "k", "5e": "g", "5d": "p"}, "10j"),
}

ALL_CHOICES = [c.id for v in VARIANTS for c in get_variant(v).rule_choices]


def test_every_choice_of_dai_dai_and_maka_dai_dai_has_a_proof():
    assert set(PROOFS) == set(ALL_CHOICES)


@pytest.mark.parametrize("variant", VARIANTS)
def test_layered_rule_sets_isolate_each_piece_choice(variant):
    # Each piece row is changed by one choice at most, the blocking pawn by none, and the mechanism
    # choices change no piece row: so in a layer, a lone piece moves as under its own choice alone.
    owner: dict[str, str] = {}
    for c in get_variant(variant).rule_choices:
        for o in c.options:
            for code in o.effects.get("pieces", {}):
                assert is_piece_choice(c), c.id
                assert owner.setdefault(code, c.id) == c.id, (code, c.id)
    assert "P" not in owner
    # ... and each lone-piece proof places a piece its own choice is about.
    tables = RuleSet.of(variant).tables
    for c in get_variant(variant).rule_choices:
        token = getattr(PROOFS[c.id], "token", None)
        if token is not None:
            base = tables.types[tables.type_by_fen(token.lstrip("+"))]
            kind = tables.types[base.promotion].kind.code if token.startswith("+") else base.kind.code
            assert owner.get(kind) == c.id, (c.id, token)


@pytest.mark.parametrize("choice_id", ALL_CHOICES)
def test_options_of_a_choice_give_different_play(choice_id):
    variant = choice_id.split(".")[0]
    choice = get_variant(variant).rule_choice(choice_id)
    seen = {o.id: PROOFS[choice_id](rules_for(choice_id, o.id)) for o in choice.options}
    for a, b in itertools.combinations(seen, 2):
        assert seen[a] != seen[b], f"{choice_id}: options {a} and {b} look the same here"


def test_the_mechanism_proofs_in_detail():
    conv = PROOFS["makadaidai.conversion"]
    assert conv(rules_for("makadaidai.conversion", "zhwp")) == {(False, False, (), "TK")}
    assert conv(rules_for("makadaidai.conversion", "off")) == {(True, False, (), "FGo"), (False, False, (), "G")}
    double = PROOFS["makadaidai.double-conversion"]
    jump = (False, False, (), "TK")          # over the Dark Spirit: the Deva alone
    assert double(rules_for("makadaidai.double-conversion", "zhwp")) == {(False, False, ("10i",), "TK"), jump}
    assert double(rules_for("makadaidai.double-conversion", "first")) == {(False, False, ("10i",), "BSp"), jump}
    assert double(rules_for("makadaidai.double-conversion", "mover")) == {
        (False, False, ("10i",), "BSp"), (False, False, ("10i",), "TK"), jump}
    royal = PROOFS["makadaidai.converted-royal"]
    kept = {(False, True, (), "K"), (True, True, (), "E")}  # the king may decline, or promote as usual
    assert royal(rules_for("makadaidai.converted-royal", "zhwp")) == kept | {(False, False, (), "TK")}
    assert royal(rules_for("makadaidai.converted-royal", "stays-royal")) == kept | {(False, False, (), "RTK")}
    promo = PROOFS["makadaidai.promotion"]
    assert promo(rules_for("makadaidai.promotion", "zhwp")) == {(True, False, (), "FGo"), (False, False, (), "G")}
    assert promo(rules_for("makadaidai.promotion", "compulsory")) == {(True, False, (), "FGo")}
    emperor = PROOFS["makadaidai.emperor"]
    zhwp, evans = (emperor(rules_for("makadaidai.emperor", o)) for o in ("zhwp", "evans"))
    assert zhwp < evans and "15d" in evans - zhwp       # an empty square on the rook's file
    assert "15c" in zhwp and not {"5e", "5d"} & evans   # the unprotected rook; never the protected pair


# --- perft ---------------------------------------------------------------------------------------------
# Depth 2 explained: Dai Dai's gote Howling Dog on 12g (and 6g) has four moves, 12h, 12i, 12j and the
# capture on 12k; sente's dog moving up its file to 12j, 12i or 12h leaves it three, two or one, and
# taking it (the pawn on 12f then gains the recapture) costs gote three. Every other first move of
# either game leaves the other side's moves as they were (the armies are five ranks apart, Maka Dai
# Dai's go-betweens included).
EXPECTED_DIVIDE = {
    "daidai": (59, {"HD-12j": 58, "HD-12i": 57, "HD-12h": 56, "HDx12g": 56,
                    "HD-6j": 58, "HD-6i": 57, "HD-6h": 56, "HDx6g": 56}),
    "makadaidai": (80, {}),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_perft_from_the_start(variant):
    pos = Position(variant)
    p1, p2 = pos.perft(1), pos.perft(2)
    split = divide(pos, 2)
    assert sum(n for _, n in split) == p2
    assert len(split) == p1
    replies, special = EXPECTED_DIVIDE[variant]
    got = {pos.move_name(m, "western"): n for m, n in split}
    assert {name: n for name, n in got.items() if n != replies} == special
    assert p1 == replies                      # the start position is point-symmetric
    assert p2 == {"daidai": 3_463, "makadaidai": 6_400}[variant]  # the figures of the README and the book
    print(f"\n{variant} perft from the start: depth 1 = {p1}, depth 2 = {p2}")
