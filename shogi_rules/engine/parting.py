"""Where rule sets part: whether a ply played under one rule set could be played otherwise under the same
rule set with another option of one rule choice, told from the board without playing it.

A record check (:func:`~shogi_rules.notation.records.check_record`) plays each ply under one rule set
and must know which of its neighbours (the same rule set with another option of one choice) would do
something else with the move: refuse it, make another move, leave another position, or find the game
already over. Playing the ply under every neighbour costs a replay per option at every ply. Most of the
time a choice cannot matter there, and this module says so cheaply and conservatively:

* :func:`difference` classifies what the options of a choice differ in: the piece kinds whose own moves or
  powers differ (a piece row's movement, its burning or paralysing, a mechanism's switch and the pieces
  that read it), the promotion rules, the repetition rules, the bare-king rules, the Lion-trading rules,
  capture conversion, the royal forms of converted pieces, delayed burning, the check rule, drops; anything else
  (the board, the setup, which pieces are royal) is "everywhere". It keeps the tables of each option, and those of
  each option of every other choice, whose union (:attr:`Difference.bound`) bounds what a piece can reach or do
  under any rule set asked with it, compiled on the board and setup of the rule set asked about (the other choices
  that change everything, such as Heian shogi's board, taken as that rule set takes them): the rule sets asked
  together take other options of other choices too, and a choice may change what a piece does only where another
  choice's option takes it there (a rule of what a Fire Demon may capture, where a rule of its slides lets it go).
* :func:`may_part` answers, for one ply (:class:`Ply`) legal under the first rule set and showing there
  that the game goes on, ``None`` (every option plays it alike: a proof), or what must still be asked
  (:class:`Parting`): the move read again under the option, an attack test restricted to a few pieces,
  or the whole ply played.
* :func:`entangled` says whether two choices, each asked alone, may still play a ply otherwise together (then
  every combination of their options is asked).
* :func:`carried_losses` says, where a mate test under one rule set has named for each move the piece
  that would then take, which moves lose under another option as well, so that a mate test there plays
  only the others.
* :func:`moving_differently` names the pieces of the side to move whose moves a choice's options may change, so
  that a mate can be asked by parts of the choices that touch apart pieces (``check-record``).

The arguments, kind by kind: a piece kind whose moves differ matters when it makes the move, when the
move turns a piece into it, when one that burns or paralyses stands on or next to the move's squares, when
one of the opponent's that paralyses stands next to another piece of the mover's type (free to make the same
move under one option and not under another, it changes which pieces the text names),
when one of the mover's that paralyses stands next to an enemy after the move (that enemy may attack
under another option), and when one of the opponent's could take a royal piece of the mover after the
move (its reach under any option, :meth:`~shogi_rules.compiled.tables.Tables.reach_mask`: then the
attack is tested; in a game with check the ply is played). An Emperor, which goes where no enemy protects, moves
otherwise where such a piece might protect its target, and takes otherwise where one might protect the royal piece.
Promotion rules matter on a move that starts, passes or ends in a promotion zone (or, where capture promotion
differs, on a capture) by a piece that can promote under some option: it is read again under the option, since it
may be named or promote otherwise, while what the opponent can take after it stays the same, except where an opponent's piece that
promotes into a burning piece could burn a royal.
Where the kind that differs only stands next to the move with a power that burns, or is what the move
turns the mover into, the move is the same and only the position it leaves is compared. A ban on
repeating matters only where the move recreates a position seen before or the position has occurred twice,
in a game without drops (without drops a move that takes or burns a royal piece leaves fewer pieces than
any earlier position had, so it never recreates one). Bare-king rules matter only when a side has no piece
left but royal ones and dead pawns or lances. The Lion-trading rules matter on a move that takes a Lion
(each of them forbids some captures of a Lion, and the square a counter-strike rule keeps is that of a Lion taken),
and where the opponent could take a royal piece and a Lion in one move; where they are on, a
choice that changes how pieces move may change what protects a Lion, so a move that takes one is read again, and
where a piece that may take two in one move could take a royal piece and a Lion, the ply is played. Capture
conversion matters on a move that takes a piece that converts. Drops matter only where a hand holds a piece, or
the move captures or drops one (until then both options have the same positions and legal moves). A check rule
switched on and off matters where the move leaves a royal piece attacked, or drops a pawn; and the move is read
again where another piece of the mover's type could reach its target (free to make the same move under one
option only, it would make the text name two). Where the options
differ only in the switches of burning and paralysis (:attr:`Difference.burning`), each switch is asked where
it can act, not on every move of a piece that burns or paralyses (:func:`_burning_part`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass
from functools import cached_property
from itertools import compress
from typing import TYPE_CHECKING, Any

from ..compiled.tables import Tables
from ..compiled.variant import RuleSet
from ..model.mechanisms import Board, bare_king
from ..model.mechanisms.emperor import attacked_squares
from ..model.mechanisms.lion_trading import lion_codes
from ..model.movement import Emperor, Lion, RangeJump
from ..model.moves import Move
from ..model.variant_data import Variant
from ..model.codes import pieces_of
from .movegen import royal_capture

if TYPE_CHECKING:
    from .board import GameBoard

_DISPLAY = frozenset({"kanji", "label", "romaji", "english", "sources", "note"})
"""Fields of a piece row that do not change play."""
_OWN = frozenset({"betza", "extra", "promotes_to", "burns", "immobilises"})
"""Fields of a piece row that change how that piece moves or acts (a power over its neighbours included)."""
_DROPPING = frozenset({"droppable"})
"""Fields of a piece row that change only what may be dropped (:attr:`Difference.drops`)."""
_VARIANT_DISPLAY = frozenset({
    "id", "name", "kanji", "rule_choices", "sources", "fsf_name", "fsf_hand_order", "usi", "lishogi_name",
    "kif_names", "summary", "code_aliases", "presets", "order", "chapter", "rules_chapter", "benchmark_depth",
    "benchmark_choice", "records", "derives_from"})
"""Fields of a variant that do not change play (its names, sources and book pages)."""
_FIELD_FLAGS = {"promotion": ("promotion",), "promotion_zone": ("promotion",), "last_rank_promoters": ("promotion",),
                "capture_promotion": ("promotion", "capture_promotion"), "sennichite": ("repetition",),
                "check_rules": ("check_rules",), "drops": ("drops",)}
"""The fields of a variant whose differences :class:`Difference` names, and the flags they set."""
_SWITCH_FLAGS = {"fire_demon": ("delayed_burn",), "tetrarchs": ("delayed_burn",), "repetition": ("repetition",),
                 "bare_king": ("bare_king",), "lion_trading": ("lions",)}
"""The mechanisms' switches whose differences set flags of :class:`Difference`, and those flags."""


@dataclass(frozen=True)
class Difference:
    """What the options of a rule choice differ in, as far as playing a ply goes; ``tables`` are the
    compiled tables of the variant with each option (the others at their defaults); their union with ``others``
    (:attr:`bound`) is taken where a piece's reach, burning or zone under another option is asked."""

    tables: tuple[Tables, ...] = ()
    others: tuple[Tables, ...] = ()
    """The tables of each option of every other choice (the others at their defaults, as with :attr:`tables`): a
    rule set of the options asked may take any of those, and what a piece reaches under it is bounded by the union
    of :attr:`bound`, not of :attr:`tables` alone (where the Fire Demon may go, which a choice of its slides sets, is
    what a choice of what it may capture reads)."""
    kinds: frozenset[str] = frozenset()
    """Piece kinds (codes) whose own moves or powers differ."""
    promotion: bool = False
    capture_promotion: bool = False
    repetition: bool = False
    bare_king: bool = False
    lions: bool = False
    conversion: bool = False
    delayed_burn: bool = False
    drops: bool = False
    """One option lets captured pieces be dropped, another does not (or they differ in which may be dropped): they
    part only where a hand holds a piece, or the move captures or drops one (with empty hands and no capture both
    have the same legal moves, and the same positions)."""
    check_rules: bool = False
    """One option protects the king (a move may not leave it attacked), another does not (Sho shogi's
    ``sho.game-end``): they part where the move leaves a royal piece of the mover attacked, and where another piece
    of the mover's type that reaches its target might make the same move under one of them only."""
    burning: frozenset[str] = frozenset()
    """Where the options differ in nothing but the switches of burning and paralysis
    (:class:`~shogi_rules.model.switches.FireDemonRules`, :class:`~shogi_rules.model.switches.TetrarchsRules`):
    those that differ, as ``"fire_demon.meeting"``, ``"tetrarchs.clash"``, … (:func:`may_part` then asks
    what each of them reads, not every move of a piece that burns or paralyses)."""
    emperors: frozenset[str] = frozenset()
    """Kinds that go where no enemy protects (the Emperor) and whose own rows are alike: where a piece of
    :attr:`kinds` stands on the board, they may move otherwise too (:meth:`Known.differing`)."""
    royal_forms: frozenset[str] = frozenset()
    """The rows a royal piece that converts becomes under one option and not under another (Maka Dai Dai's
    ``makadaidai.converted-royal``: the royal Teaching King, by code): the options number the pieces otherwise, but
    play a ply alike except where a royal piece converts on it, or a royal form stands on the board
    (:func:`_royal_forms_part`)."""
    everywhere: bool = False
    """Something the other fields do not cover: every ply may part."""
    captures_only: bool = False
    """The options differ in nothing but what a move of the pieces of :attr:`kinds` may take where it ends on an
    enemy piece (Tenjiku's ``range_jump.capture``): their moves onto empty squares are the same under each, so that
    a text naming a move onto an empty square that takes nothing is read alike (the opponent's replies may
    still differ)."""

    @property
    def bound(self) -> tuple[Tables, ...]:
        """:attr:`tables` and :attr:`others`: where a piece may go, burn or promote under some rule set that takes an
        option of the choice, it may under one of these."""
        return (*self.tables, *self.others)


_DIFFERENCES: dict[tuple[int, str, tuple[tuple[str, str], ...]], tuple[Variant, Difference]] = {}


def difference(rules: RuleSet, choice: str) -> Difference:
    """What the options of ``choice`` differ in, for the rule sets that take the options of ``rules`` for every other
    choice that changes the game everywhere (:attr:`Difference.everywhere`: the board, the setup): the tables
    of the options are compiled with those, so that they number the squares and pieces as a position under
    ``rules`` does (Heian shogi's boards differ in size). Kept: a record check asks at every ply. Where a piece
    row's field that one of its options sets is also set by another choice, the union of option tables would not
    bound the rows of every combination: then every ply may part."""
    found = _BY_RULES.get((rules, choice))
    if found is None:
        variant = rules.base
        _, sweeping, defaults = _sweeping(variant)
        fixed = tuple((c, rules.choices[c]) for c in sweeping if c != choice and rules.choices[c] != defaults[c])
        found = _BY_RULES[rules, choice] = _bounded(variant, choice, fixed, sweeping)
    return found


_BY_RULES: dict[tuple[RuleSet, str], Difference] = {}


def steady_codes(rules: RuleSet) -> frozenset[int] | None:
    """The piece codes (of ``rules``' tables) of the kinds that no rule choice of the game changes (:func:`difference`:
    none of a choice's :attr:`~Difference.kinds`, nor a royal form one of them makes or unmakes): such a piece reaches
    the same squares from where it stands, and so protects them as the Emperor's rule counts protection
    (:func:`~shogi_rules.model.mechanisms.emperor.attacked_squares`), under every rule set of the game. ``None`` where
    some choice changes the game everywhere (its pieces are not told apart). Kept."""
    found = _STEADY.get(rules)
    if found is None:
        diffs = [difference(rules, c.id) for c in rules.base.rule_choices]
        if any(d.everywhere for d in diffs):
            found = _STEADY[rules] = (None,)
        else:
            t = rules.tables
            changed = frozenset().union(*(d.kinds | d.royal_forms for d in diffs))
            found = _STEADY[rules] = (frozenset(code for code in range(2, len(t.emperor))
                                                if t.types[code >> 1].kind.code not in changed),)
    return found[0]


_STEADY: dict[RuleSet, tuple[frozenset[int] | None]] = {}


def _bounded(variant: Variant, choice: str, fixed: tuple[tuple[str, str], ...],
             sweeping: tuple[str, ...]) -> Difference:
    """:func:`_kept`, with :attr:`Difference.others`: the tables of each option of every other choice but those that
    change the game everywhere (``sweeping``: a set of rule sets that plays alike takes one option of each), the
    choices of ``fixed`` as there (kept)."""
    key = (id(variant), choice, fixed)
    found = _BOUNDED.get(key)
    if found is None or found[0] is not variant:
        diff = _kept(variant, choice, fixed)
        if not diff.everywhere:
            own = set(diff.tables)
            others = dict.fromkeys(RuleSet.of(variant, {**dict(fixed), c.id: o.id}).tables for c in variant.rule_choices
                                   if c.id != choice and c.id not in sweeping for o in c.options)
            diff = dataclasses.replace(diff, others=tuple(t for t in others if t not in own))
        found = _BOUNDED[key] = (variant, diff)
    return found[1]


_BOUNDED: dict[tuple[int, str, tuple[tuple[str, str], ...]], tuple[Variant, Difference]] = {}


def _kept(variant: Variant, choice: str, fixed: tuple[tuple[str, str], ...]) -> Difference:
    """:func:`_difference`, kept."""
    key = (id(variant), choice, fixed)  # a variant is not hashable; it is kept alive beside its answer
    found = _DIFFERENCES.get(key)
    if found is None or found[0] is not variant:
        found = _DIFFERENCES[key] = (variant, _difference(variant, choice, dict(fixed)))
    return found[1]


_SWEEPING: dict[int, tuple[Variant, tuple[str, ...], dict[str, str]]] = {}


def _sweeping(variant: Variant) -> tuple[Variant, tuple[str, ...], dict[str, str]]:
    """``variant``, the rule choices whose options differ in something that may change every ply
    (:attr:`Difference.everywhere`, against the variant's defaults) or number the pieces otherwise (Dai shogi's
    ``dai.promoting-pieces`` adds and removes promoted forms: the tables of the other choices' options are compiled
    with the option a rule set takes, so that :func:`known_codes` can join them by code), and every choice's default
    (kept)."""
    found = _SWEEPING.get(id(variant))
    if found is None or found[0] is not variant:
        layout = [pt.code for pt in RuleSet.of(variant).tables.piece_types]

        def sweeps(choice: str) -> bool:
            kept = _kept(variant, choice, ())
            return kept.everywhere or any([pt.code for pt in t.piece_types] != layout for t in kept.tables)

        found = _SWEEPING[id(variant)] = (variant, tuple(c.id for c in variant.rule_choices if sweeps(c.id)),
                                          {c.id: c.default for c in variant.rule_choices})
    return found


def _difference(variant: Variant, choice: str, fixed: dict[str, str]) -> Difference:
    """What the options of ``choice`` differ in, the other choices at their defaults except those of ``fixed``."""
    default = RuleSet.of(variant, fixed)
    options = [RuleSet.of(variant, {**fixed, choice: o.id}) for o in variant.rule_choice(choice).options]
    tables = tuple(rs.tables for rs in options)
    rows = _row_fields(variant, choice)
    if any(rows & _row_fields(variant, c.id) for c in variant.rule_choices if c.id != choice):
        return Difference(tables, everywhere=True)
    everyone = [RuleSet.of(variant, {**fixed, c.id: o.id}).tables for c in variant.rule_choices for o in c.options]
    found = [_classify(default.variant, rs.variant, everyone) for rs in options]
    flags: dict[str, Any] = {f.name: any(getattr(d, f.name) for d in found)
                             for f in dataclasses.fields(Difference) if f.type == "bool"}
    kinds = frozenset().union(*(f.kinds for f in found))
    flags["royal_forms"] = frozenset().union(*(f.royal_forms for f in found))
    # an Emperor goes where no enemy protects: where a piece that moves otherwise stands, so may it
    emperors = frozenset().union(*(_kinds_with(t, Emperor) for t in everyone)) - kinds if kinds else frozenset()
    variants = [rs.variant for rs in options]
    flags["captures_only"] = _switches_only(default.variant, variants, ("range_jump",)) == _CAPTURES_ONLY
    found_diff = dataclasses.replace(Difference(tables=tables, kinds=kinds, emperors=emperors,
                                                burning=_switches_only(default.variant, variants, _BURNING)), **flags)
    if found_diff.royal_forms and dataclasses.replace(found_diff, tables=(), royal_forms=frozenset()) != Difference():
        return Difference(tables, everywhere=True)  # (royal forms beside anything else: the tables number otherwise)
    return found_diff


_BURNING = ("fire_demon", "tetrarchs")
"""The mechanisms' switches of burning and paralysis, whose fields :attr:`Difference.burning` names."""

_CAPTURES_ONLY = frozenset({"range_jump.capture"})
"""The fields of the mechanisms' switches that change only what a move ending on an enemy piece may take
(:attr:`Difference.captures_only`)."""


def _switches_only(default: Variant, options: list[Variant], mechanisms: tuple[str, ...]) -> frozenset[str]:
    """The fields of the switches of ``mechanisms`` (``"fire_demon.capture"``, …) in which ``options`` differ from
    ``default``, where they differ in nothing else (else none)."""
    out: set[str] = set()
    base = default.switches
    for v in options:
        ours = v.switches
        if dataclasses.replace(v, switches=dataclasses.replace(ours, **{m: getattr(base, m) for m in mechanisms})) \
                != default:
            return frozenset()
        for m in mechanisms:
            x, y = getattr(base, m), getattr(ours, m)
            out.update(f"{m}.{f.name}" for f in dataclasses.fields(x) if getattr(x, f.name) != getattr(y, f.name))
    return frozenset(out)


def _row_fields(variant: Variant, choice: str) -> set[tuple[str, str]]:
    """The (piece, field) pairs the options of ``choice`` replace."""
    out: set[tuple[str, str]] = set()
    for o in variant.rule_choice(choice).options:
        for code, fields in o.effects.get("pieces", {}).items():
            out.update((code, f) for f in fields if not f.endswith("+"))
    return out


def _classify(va: Variant, vb: Variant, everyone: list[Tables]) -> Difference:
    everywhere = Difference(everywhere=True)
    kinds: set[str] = set()
    flags: dict[str, Any] = {}
    # the rows of royal forms that one of them has and the other not (where both have them, they are compared as rows)
    forms = {royal for _, royal in set(va.switches.conversion.royal_forms) ^ set(vb.switches.conversion.royal_forms)}
    for f in dataclasses.fields(va):
        x, y = getattr(va, f.name), getattr(vb, f.name)
        if x == y or f.name in _VARIANT_DISPLAY:
            continue
        if f.name == "pieces":
            if forms:  # asked apart (royal_forms)
                x, y = [p for p in x if p.code not in forms], [p for p in y if p.code not in forms]
            if [p.code for p in x] != [p.code for p in y]:
                return everywhere
            for p, q in zip(x, y):
                fields = {g.name for g in dataclasses.fields(p) if getattr(p, g.name) != getattr(q, g.name)}
                if fields - _DISPLAY - _OWN - _DROPPING:
                    return everywhere
                if fields & _DROPPING:
                    flags["drops"] = True
                if fields - _DISPLAY - _DROPPING:
                    kinds.add(p.code)
        elif f.name == "switches":
            for g in dataclasses.fields(x):
                if getattr(x, g.name) == getattr(y, g.name):
                    continue
                if g.name == "conversion":
                    a, b = getattr(x, g.name), getattr(y, g.name)
                    if a.royal_forms != b.royal_forms:
                        flags["royal_forms"] = frozenset(forms)  # other rows, other numbers (asked apart)
                    if dataclasses.replace(a, royal_forms=()) != dataclasses.replace(b, royal_forms=()):
                        flags["conversion"] = True
                elif g.name in _SWITCH_KINDS or g.name in _SWITCH_FLAGS:
                    kinds.update(*(_SWITCH_KINDS[g.name](t) for t in everyone if g.name in _SWITCH_KINDS))
                    flags.update(dict.fromkeys(_SWITCH_FLAGS.get(g.name, ()), True))
                else:  # a mechanism added later
                    return everywhere
        elif f.name in _FIELD_FLAGS:
            flags.update(dict.fromkeys(_FIELD_FLAGS[f.name], True))
        else:  # the board, the setup, drops, stalemate, or a field added later
            return everywhere
    return dataclasses.replace(Difference(kinds=frozenset(kinds)), **flags)


def _kinds_with(t: Tables, atom: type) -> frozenset[str]:
    """The kinds of the pieces of ``t`` whose moves have an atom of the class ``atom`` (kept)."""
    key = (id(t), atom)
    found = _KINDS_WITH.get(key)
    if found is None or found[0] is not t:
        found = _KINDS_WITH[key] = (t, frozenset(pt.kind.code for pt in t.piece_types
                                                 if any(isinstance(a, atom) for a in pt.kind.atoms)))
    return found[1]


_KINDS_WITH: dict[tuple[int, type], tuple[Tables, frozenset[str]]] = {}


_SWITCH_KINDS: dict[str, Callable[[Tables], frozenset[str]]] = {
    "range_jump": lambda t: _kinds_with(t, RangeJump), "emperor": lambda t: _kinds_with(t, Emperor),
    "fire_demon": lambda t: _power_kinds(t), "tetrarchs": lambda t: _power_kinds(t)}
"""The mechanisms' switches that change how some pieces move or act, and those pieces (under one rule set's
tables)."""


def _power_kinds(t: Tables) -> frozenset[str]:
    """The kinds that burn or paralyse, and those that promote into one."""
    out = set()
    for code in range(2, len(t.burns)):
        promoted = t.promotes[code]
        if t.burns[code] or t.immobilises[code] or (promoted and (t.burns[promoted] or t.immobilises[promoted])):
            out.add(t.types[code >> 1].kind.code)
    return frozenset(out)


@dataclass(frozen=True)
class Parting:
    """What must still be asked of the other rule set before saying that it plays the ply alike:
    ``reread``, the move read again under it (legal? the same move? the same position after it?);
    ``after``, only the position after it compared; ``threats``, the squares of the opponent's pieces (after
    the move) whose attack on the mover's royal pieces must be tested under it; ``play``, the whole ply
    played under it."""

    reread: bool = False
    threats: frozenset[int] = frozenset()
    play: bool = False
    after: bool = False
    """The same move made under it must leave the same position (what it burns or turns into may differ;
    that the text names this move and that it is legal is not in doubt). Implied by ``reread``."""
    bare: bool = False
    """Whether its bare-king rule ends the game before the move must be asked (a side may be bare, and the rules
    of the choice read only the board and who moves: none asks whether a royal piece could be taken). A bare-king
    rule changes no legal move and no position; where it does not end the game there, the rest is asked as if the
    choice were the same."""


PLAY = Parting(play=True)


def joined(a: Parting, b: Parting) -> Parting:
    """What must be asked of a rule set that takes the options of two choices, where ``a`` and ``b`` must be asked of
    each alone."""
    return Parting(reread=a.reread or b.reread, threats=a.threats | b.threats, play=a.play or b.play,
                   after=(a.after or b.after) and not (a.reread or b.reread), bare=a.bare or b.bare)


def entangled(a: Parting, b: Parting) -> bool:
    """Whether the options of two choices, each found to play a ply alike alone (``a`` and ``b``: what had to be asked
    of each), may play it otherwise together. They may where one was played whole (nothing is known of what it
    changes), where both change how the move is read or what it leaves (a Free Eagle that reaches the target
    under one choice's option and is freed by the other's: two pieces named), and where both change what one of
    the opponent's pieces may take (one's option frees it, the other's gives it the reach). Else each changes
    something the other does not touch: the move is read by one, or by neither, and the position it leaves is
    the same, so that it loses together exactly where it loses under one of them alone."""
    if a.play or b.play:
        return True
    if (a.reread or a.after) and (b.reread or b.after):
        return True
    return not a.threats.isdisjoint(b.threats)


class Ply:
    """One ply, legal under the position's own rule set, as :func:`may_part` looks at it: built once and
    asked about every neighbouring rule set. Where the pieces stand before and after it (copies of the
    boards, read only when asked), the mover's royal pieces after it, how often the positions have
    occurred. ``pos`` is left as it was."""

    def __init__(self, pos: GameBoard, move: Move, seen: Mapping[int, int], exposure: bool = False,
                 by_code: dict[int, list[int]] | None = None, witness: bool = False,
                 steady: frozenset[int] | None = None):
        t = self.tables = pos.tables
        self.variant = pos.variant
        self.steady = steady
        """The piece codes of the kinds that move alike under every rule set of the game (:func:`steady_codes`;
        ``None`` where not known): what they protect, they protect under every option (:attr:`guarded`)."""
        self.witness = witness
        """A move that shows that the game goes on, not the record's: in a game with check, where the opponent's
        pieces might attack a royal piece otherwise after it, what they might take is asked (:class:`Parting`'s
        ``threats``), not the whole ply played (the reason a record's move would be refused is not wanted of it)."""
        board = self.board_before = list(pos.board)
        self.us = us = pos.turn
        self.move = move
        self.check_rules = pos.variant.check_rules
        self.drops = pos.variant.drops
        taken = (move.target, *move.path)
        self.squares = taken if move.origin is None else (move.origin, *taken)
        self.mover = board[move.origin] if move.origin is not None else 2 * (move.drop or 0) + us
        self.taken = tuple(board[s] for s in taken if board[s] and board[s] & 1 != us)
        self.holding = any(any(hand) for hand in pos.hands)
        """Whether a side holds a piece in hand before the move."""
        self.asks_attacks = _bare_king_asks_attacks(pos.variant.id)
        """Whether a bare-king rule of some rule set of the game asks whether a royal piece could be taken
        (:func:`~shogi_rules.model.mechanisms.bare_king.verdict`)."""
        self.lion_rules = pos.lion_rules
        """Whether the Lion-trading rules are on: whether a Lion may be taken then reads what protects it."""
        last = pos.last_move
        self.last_promoted = board[last.target] if last is not None and last.promotion else 0
        pos.push(move)
        try:
            after = pos.board
            # the piece that arrived on the target (one burnt on arrival leaves the square empty)
            self.made = after[move.target] or (t.promotes[self.mover] if move.promotion else self.mover)
            self.board_after = list(after)
            self._changed = tuple(dict.fromkeys(sq for sq, _ in pos.history[-1].changes))
            self.hash_after = pos.hash
            self.repeats = seen.get(pos.hash, 0) >= 1 or seen.get(_before(pos), 0) >= 2
            # under check rules, a legal move leaves a lone king unattacked (movegen's _king_safe): nothing to test
            self.exposed = None if not exposure else False if self.check_rules and pos.kings[us] >= 0 else \
                royal_capture(pos, us)
            """Whether the opponent could take a royal piece of the mover after the move (asked with
            ``exposure`` only: an attack test, where the move's own rules do not rule it out)."""
        finally:
            pos.pop()
        self.neighbours = t.geometry.neighbours
        self.partings: dict[int, Parting | None] = {}
        """:func:`may_part`'s answers for this ply, by choice."""
        if by_code is not None:  # the squares of each piece code before the move, as a ply that ended here had them
            self.every_before = by_code
            self._present_before: set[int] | dict[int, list[int]] = by_code
        else:
            self._present_before = set(self.board_before)
        self._present_after = set(self.board_after)
        self._holds: dict[frozenset[int], bool] = {}
        self.open_masks: dict[tuple[int, int], int] = {}
        """:meth:`_UnionReach.after`'s masks on the board after the move, by the reach a piece shares and square."""

    def holds(self, codes: frozenset[int]) -> bool:
        """Whether a piece of some of ``codes`` stands on the board before the move."""
        found = self._holds.get(codes)
        if found is None:
            present = self._present_before
            found = self._holds[codes] = any(code in present for code in codes)
        return found

    def before(self, code: int) -> list[int]:
        """The squares of the pieces ``code`` before the move."""
        return self.every_before[code] if code in self._present_before else []

    def after(self, code: int) -> list[int]:
        """The squares of the pieces ``code`` after the move."""
        return self.every_after[code] if code in self._present_after else []

    @cached_property
    def every_before(self) -> dict[int, list[int]]:
        """The squares of each piece code before the move (the board read once, when first asked)."""
        return _by_code(self.board_before)

    @cached_property
    def every_after(self) -> dict[int, list[int]]:
        """The squares of each piece code after the move (the board read once, when first asked; where those before
        it are known, only the squares the move changed are read)."""
        if "every_before" not in self.__dict__:
            return _by_code(self.board_after)
        out = dict(self.every_before)
        before, after = self.board_before, self.board_after
        for sq in self._changed:
            old, new = before[sq], after[sq]
            if old == new:
                continue
            if old:
                rest = [s for s in out[old] if s != sq]
                if rest:
                    out[old] = rest
                else:
                    del out[old]
            if new:
                out[new] = sorted((*out.get(new, ()), sq))
        return out

    @cached_property
    def royals(self) -> int:
        """The squares of the mover's royal pieces after the move (bit ``s`` for square ``s``)."""
        out = 0
        for code in self.tables.royal_codes[self.us]:
            for sq in self.after(code):
                out |= 1 << sq
        return out

    @cached_property
    def guarded(self) -> int:
        """Of :attr:`royals`, those that a piece of the mover's protects after the move under every rule set of the
        game: one of :attr:`steady`, not an Emperor (those are not counted), as
        :func:`~shogi_rules.model.mechanisms.emperor.attacked_squares` counts protection (with the opponent's Emperor
        on its square: taken off, it could only open a line). An Emperor takes only what nothing protects, under
        either rule of where it may go, so no Emperor may take these under any option."""
        if self.steady is None or not self.royals:
            return 0
        t = self.tables
        unsteady = frozenset(range(2, len(t.emperor))) - self.steady
        protected = attacked_squares(Board(t, self.variant, self.board_after), self.us, leaving_out=unsteady)
        return sum(1 << sq for sq in protected if self.royals >> sq & 1)

    @cached_property
    def royal_squares(self) -> set[int]:
        """:attr:`royals` as a set of squares (which pieces are royal is the same under every option that numbers the
        pieces alike: a choice that changes it changes everything)."""
        out = set()
        rest = self.royals
        while rest:
            low = rest & -rest
            out.add(low.bit_length() - 1)
            rest ^= low
        return out

    @cached_property
    def royal_near(self) -> set[int]:
        """The squares next to the mover's royal pieces after the move."""
        neighbours = self.neighbours
        return {n for sq in self.royal_squares for n in neighbours[sq]}

    @cached_property
    def royal_near_twice(self) -> set[int]:
        """The squares two king steps or less from the mover's royal pieces after the move (a royal square's own
        neighbours')."""
        neighbours = self.neighbours
        out = set(self.royal_near)
        for n in self.royal_near:
            out.update(neighbours[n])
        return out

    @cached_property
    def may_be_bare(self) -> bool:
        """Whether a bare-king rule might find the game over before the move: a side has fewer than two pieces on
        the board that every rule counts (its royal pieces included; an unpromoted pawn or lance on a first or last
        rank not counted). Every rule's verdict needs a side with one such piece only
        (:func:`~shogi_rules.model.mechanisms.bare_king.is_bare`, ``_bared``) or fewer than four in all (two bare
        kings; a king and one piece against a bare king); with two a side, each says the game goes on, whatever
        else stands where (read from the squares of each piece code, not square by square; first from which codes
        stand on the board, as two codes of a side that count on any square are two pieces)."""
        t = self.tables
        anywhere = _COUNTED.get(t)
        if anywhere is None:
            anywhere = _COUNTED[t] = [code > 1 and (t.types[code >> 1].promoted or
                                                    t.types[code >> 1].kind.code not in ("P", "L"))
                                      for code in range(len(t.burns))]
        sides = [0, 0]
        for code in self._present_before:
            if code and anywhere[code]:
                sides[code & 1] += 1
                if sides[0] > 1 and sides[1] > 1:
                    return False
        g = t.geometry
        edge = _EDGES.get((g.files, g.ranks))
        if edge is None:
            edge = _EDGES[g.files, g.ranks] = frozenset(sq for sq in range(g.size) if g.row(sq) in (0, g.ranks - 1))
        types = t.types
        counted = [0, 0]
        for code, squares in self.every_before.items():
            kind = types[code >> 1]
            counted[code & 1] += len(squares) if kind.promoted or kind.kind.code not in ("P", "L") else \
                sum(sq not in edge for sq in squares)
            if counted[0] > 1 and counted[1] > 1:
                return False
        return True

    def near_move(self, codes: frozenset[int]) -> bool:
        """Whether a piece of ``codes`` stands on or next to a square of the move, before it."""
        return near(self, self.move, codes)


def near(ply: Ply, move: Move, codes: frozenset[int]) -> bool:
    """Whether a piece of ``codes`` stands on or next to a square of ``move`` in the position before ``ply``."""
    taken = (move.target, *move.path)
    squares = taken if move.origin is None else (move.origin, *taken)
    for code in codes:
        for sq in ply.before(code):
            if sq in squares or any(n in squares for n in ply.neighbours[sq]):
                return True
    return False


_EDGES: dict[tuple[int, int], frozenset[int]] = {}
"""Per board size, the squares of the first and last ranks."""

_COUNTED: dict[Tables, list[bool]] = {}
"""Per tables, for each piece code, whether every bare-king rule counts the piece on any square (not an unpromoted
pawn or lance, which a rule may not count on a first or last rank)."""


def _by_code(board: list[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for sq in compress(range(len(board)), board):  # the occupied squares, found without a loop in Python
        out.setdefault(board[sq], []).append(sq)
    return out


def may_part(ply: Ply, diff: Difference) -> Parting | None:
    """``None`` where every option of the choice that ``diff`` describes plays ``ply`` as the position's
    own rule set does, which plays it legally, and under which the move also shows that the game goes on
    (it does not lose); else what must still be asked of the option (:class:`Parting`). The answer is the
    same for every option of the choice: it is kept with the ply."""
    key = id(diff)  # the differences are kept (difference): an id stands for one while the ply lives
    known = ply.partings.get(key, _UNKNOWN)
    if known is _UNKNOWN:
        known = ply.partings[key] = _may_part(ply, diff)
    return known


_UNKNOWN = Parting()


def _may_part(ply: Ply, diff: Difference) -> Parting | None:
    if diff.everywhere:
        return PLAY
    if diff.royal_forms:
        return _royal_forms_part(ply, diff)
    if diff.drops and (ply.move.drop is not None or ply.taken or ply.holding):
        return PLAY  # a hand holds a piece (droppable under one option only), or the move fills or empties one
    if diff.check_rules and (ply.exposed is not False or (ply.move.drop is not None and ply.tables.pawn[ply.mover])):
        return PLAY  # the move leaves a royal piece attacked (or it might, or it is a pawn drop that might mate)
    t = ply.tables
    every, reach = _every(t, diff)
    us = ply.us
    move = ply.move
    reread = False
    if diff.promotion and move.origin is not None:
        # the move may promote otherwise, or be named otherwise: read again (what the opponent could then
        # take does not change, except by a promotion into a burning piece: asked below)
        reread = any(x.zone[us][s] for s in ply.squares for x in every) or (diff.capture_promotion and bool(ply.taken))
    bare = diff.bare_king and ply.may_be_bare
    if bare and ply.asks_attacks:
        return PLAY  # (a rule that asks whether a royal piece could be taken reads how every piece moves)
    if diff.repetition and (ply.repeats or ply.drops):
        return PLAY
    lions: frozenset[int] = frozenset()
    double: frozenset[int] | None = None  # the pieces that may take two in one move, where known (else any may)
    if diff.lions:
        lions = lions_of(every)
        if any(code in lions for code in ply.taken):  # (every rule of the options is about taking a Lion)
            return PLAY
        if not t.any_burner:  # (asked below of what may take a royal piece and a Lion in one move)
            double = _double_takers(every)
    known = known_codes(t, diff)
    if known is None:
        return PLAY
    if ply.asks_attacks and known.kinds and ply.may_be_bare and moves_royals(t, known):
        # a bare-king rule that asks whether a bare royal piece could take the other's reads that piece's moves (and
        # an Emperor's, what protects): whether the game goes on may then differ
        return PLAY
    if reread and not any(x.promotes[ply.mover] for x in every):
        # a piece that cannot promote under any option: the pieces the text may name move alike under every option
        # (any other piece of its kind is of its type; a promoted piece promotes no further)
        reread = False
    if diff.check_rules and move.origin is not None and any(
            x.reach_mask(ply.mover, sq) >> move.target & 1 for sq in ply.before(ply.mover) if sq != move.origin
            for x in every):
        # another piece of the mover's type that reaches the target may make the same move where a royal piece may be
        # left attacked, and not where it may not (a pinned piece, or a move that does not meet a check): the text
        # may name two
        reread = True
    if ply.lion_rules and not diff.lions and (known.kinds or diff.burning):
        # whether a Lion may be taken reads what protects it (lion_trading.protected): how the pieces of the side that
        # would lose it move and act, which these options change
        if diff.burning:
            return PLAY
        lions = lions_of(every)  # (and asked below of what may take a royal piece and a Lion in one move)
        if any(code in lions for code in ply.taken):
            reread = True
        if not t.any_burner:
            double = _double_takers(every)
    if diff.conversion and any(code in known.converters for code in ply.taken):
        return PLAY
    if _delays_burns(diff) and ply.last_promoted in known.burners:
        return PLAY
    if diff.burning:
        return _burning_part(ply, diff.burning, known, reach, reread)
    kinds = known.kinds
    # an Emperor goes where no enemy protects: it moves otherwise only where a piece whose moves differ might protect
    # its target (its own side's too, where two Emperors meet), and takes otherwise only where one might protect the
    # royal piece it would take; what it leaves is the same
    emperors = known.emperors if known.emperors and ply.holds(known.emperors) and ply.holds(kinds) else frozenset()
    if ply.mover in emperors and _protects(ply, kinds, every, 1 << move.target, after=False):
        reread = True
    threats: set[int] = set()
    after = False
    if kinds:
        if diff.captures_only and not ply.taken and not ply.board_before[move.target]:
            pass  # (a move onto an empty square, where the options differ only in what a move may take: read alike)
        elif ply.mover in kinds:
            reread = True  # it makes the move
        elif move.origin is not None and ply.made in kinds:
            after = True  # the move makes one (a promotion): the mover moves alike
        if ply.check_rules and move.drop is not None and t.pawn[ply.mover]:
            return PLAY  # a pawn drop's mate is judged by the opponent's replies
        if known.powers and not reread and ply.near_move(known.powers):
            # it burns the mover, or is taken or burnt by it: the move is the same, what it leaves may not be;
            # one that paralyses may change which pieces the text could name
            if known.paralysers:
                reread = True
            else:
                after = True
        if known.paralysers and not reread and move.origin is not None:
            # another piece of the mover's type next to an enemy that paralyses under some option may be free to make
            # the same move under one option and not under another: the text could then name it as well
            board = ply.board_before
            reread = any(board[n] in known.paralysers and board[n] & 1 != us
                         for sq in ply.before(ply.mover) if sq != move.origin for n in ply.neighbours[sq])
        for code in known.paralysers:  # the enemies one of ours paralyses under one option may attack under another
            if code & 1 == us:
                for sq in ply.after(code):
                    threats.update(n for n in ply.neighbours[sq]
                                   if ply.board_after[n] and ply.board_after[n] & 1 != us)
    asked = kinds | known.burn_promoters if diff.promotion else kinds
    royals = ply.royals if asked or lions else 0  # (where nothing could take otherwise, the board is not read)
    if royals:
        if emperors and _protects(ply, kinds, every, royals, after=True):
            asked = asked | emperors
        for code in asked:  # the opponent's pieces that might take a royal piece otherwise
            if code & 1 == us:
                continue
            for sq in ply.after(code):
                if reach(code, sq) & royals and reach.after(ply, code, sq) & royals:
                    # (an Emperor takes only what nothing protects: not a royal piece one of the mover's protects
                    # alike under every option, Ply.guarded)
                    if not (all(x.emperor[code] for x in every) and
                            not reach(code, sq) & royals & ~ply.guarded):
                        threats.add(sq)
        if lions:
            lions_mask = 0
            for code in lions:
                if code & 1 == us:
                    for sq in ply.after(code):
                        lions_mask |= 1 << sq
            if lions_mask:
                for code, squares in ply.every_after.items():
                    if code & 1 != us and (double is None or code in double):
                        for sq in squares:
                            mask = reach(code, sq)
                            if mask & royals and mask & lions_mask:
                                return PLAY
    if threats and ply.check_rules and not ply.witness:
        return PLAY  # the move might leave the king in check: played, to give the reason
    if not reread and not after and not threats and not bare:
        return None
    return Parting(reread=reread, threats=frozenset(threats), after=after and not reread, bare=bare)


class _UnionReach:
    """Where a piece could take under any of some tables: the union of their reach masks
    (:meth:`~shogi_rules.compiled.tables.Tables.reach_mask`), kept per piece and square when first asked."""

    __slots__ = ("tables", "masks", "shapes")

    def __init__(self, tables: tuple[Tables, ...]):
        self.tables = tables
        self.masks: dict[int, int] = {}
        self.shapes: dict[int, tuple[Tables, ...]] = {}

    def __call__(self, code: int, sq: int) -> int:
        key = code << 16 | sq
        mask = self.masks.get(key)
        if mask is None:
            mask = 0
            for x in self.tables:
                mask |= x.reach_mask(code, sq)
            self.masks[key] = mask
        return mask

    def after(self, ply: Ply, code: int, sq: int) -> int:
        """Where the piece could take or burn under any of the tables on the board after ``ply``
        (:meth:`~shogi_rules.compiled.tables.Tables.open_reach_mask`: its rays end at the first piece), kept with the
        ply by the piece's reach as the tables share it."""
        shapes = self.shapes.get(code)
        if shapes is None:  # (one of the tables for each way the piece moves and burns under them)
            shapes = self.shapes[code] = tuple({id(x.reach_masks[code]): x for x in self.tables}.values())
        kept = ply.open_masks
        board = ply.board_after
        mask = 0
        for x in shapes:
            key = (id(x.reach_masks[code]), sq)
            found = kept.get(key)
            if found is None:
                found = kept[key] = x.open_reach_mask(code, sq, board)
            mask |= found
        return mask


def _every(t: Tables, diff: Difference) -> tuple[tuple[Tables, ...], _UnionReach]:
    """The tables of the position's rule set and of each option of ``diff``, and their joined reach (kept)."""
    key = (t, id(diff))
    found = _EVERY.get(key)
    if found is None or found[0] is not diff:
        every = (t, *diff.bound)
        found = _EVERY[key] = (diff, every, _UnionReach(every))
    return found[1], found[2]


_EVERY: dict[tuple[Tables, int], tuple[Difference, tuple[Tables, ...], _UnionReach]] = {}


def _royal_forms_part(ply: Ply, diff: Difference) -> Parting | None:
    """Where the options differ in the rows a converted royal piece becomes, and in nothing else
    (:attr:`Difference.royal_forms`; with anything else, :func:`difference` has them differ everywhere: the options
    number the pieces otherwise, so their tables are not joined by code): the whole ply played where a royal piece (or
    one promoting into one) takes a piece that converts its capturer, and where a royal form stands on the board (it
    exists under one option only). Elsewhere they play the ply alike: the same legal moves (a royal form is the only
    row one option has), the same position after it, and the same answers to it (what the opponent may take does not
    depend on what its royal pieces would become)."""
    t = ply.tables
    forms = _FORMS.get((t, diff.royal_forms))
    if forms is None:
        forms = _FORMS[t, diff.royal_forms] = frozenset(2 * t.by_code[c] + s for c in diff.royal_forms if c in t.by_code
                                                        for s in (0, 1))
    if forms and ply.holds(forms):
        return PLAY
    if ply.move.origin is not None and (t.royal[ply.mover] or t.royal[t.promotes[ply.mover]]) and \
            any(t.converts[code] for code in ply.taken):
        return PLAY
    return None


_FORMS: dict[tuple[Tables, frozenset[str]], frozenset[int]] = {}
"""Per tables and rows of royal forms, their codes (none where the tables have no such rows)."""


def moves_royals(t: Tables, known: Known) -> bool:
    """Whether the options may change how a royal piece of either side moves (``known`` as :func:`known_codes` has it
    under ``t``): a royal piece of a kind that differs, or an Emperor, which goes where no enemy protects."""
    return any(code in known.kinds or code in known.emperors for c in (0, 1) for code in t.royal_codes[c])


def _bare_king_asks_attacks(variant_id: str) -> bool:
    """Whether a bare-king rule of some option of the game asks whether a royal piece could be taken (lishogi's and
    shogiops' Chu readings: a bare king that can take the other royal piece at once is not bared); kept."""
    found = _ASKS_ATTACKS.get(variant_id)
    if found is None:
        base = RuleSet.of(variant_id)
        found = _ASKS_ATTACKS[variant_id] = any(
            RuleSet.of(base, {c.id: o.id}).variant.switches.bare_king.rule in bare_king.ATTACK_RULES
            for c in base.base.rule_choices for o in c.options)
    return found


_ASKS_ATTACKS: dict[str, bool] = {}


def lions_of(every: tuple[Tables, ...]) -> frozenset[int]:
    """The codes of the Lions under any of the tables ``every``, numbered alike
    (:func:`~shogi_rules.model.mechanisms.lion_trading.lion_codes`)."""
    return frozenset().union(*(lion_codes(x) for x in every))


def _double_takers(every: tuple[Tables, ...]) -> frozenset[int]:
    """The codes of the pieces that have a Lion's power (on some lines, at least) under one of the tables ``every``
    (numbered alike): in a game without burning, the only ones that may take two pieces in one move (kept)."""
    found = _DOUBLE.get(every)
    if found is None:
        kinds = set().union(*(_kinds_with(x, Lion) for x in every))
        found = _DOUBLE[every] = frozenset(2 * pt.id + c for pt in every[0].piece_types if pt.kind.code in kinds
                                           for c in (0, 1))
    return found


_DOUBLE: dict[tuple[Tables, ...], frozenset[int]] = {}


def _delays_burns(diff: Difference) -> bool:
    """Whether the options may differ in what a piece promoted on the last move burns at the end of this one
    (:func:`~shogi_rules.model.mechanisms.fire_demon.delayed_burns` reads the promotion-burn switch alone): where only
    the switches of burning and paralysis differ, only where that switch does."""
    return diff.delayed_burn and (not diff.burning or "fire_demon.promotion_burn" in diff.burning)


def _protects(ply: Ply, codes: frozenset[int], every: tuple[Tables, ...], squares: int, after: bool) -> bool:
    """Whether a piece of ``codes`` (before the move, or ``after`` it) might take on one of ``squares`` (a mask) under
    one of the tables ``every`` (:meth:`~shogi_rules.compiled.tables.Tables.reach_mask`, a superset)."""
    for code in codes:
        for sq in (ply.after(code) if after else ply.before(code)):
            if any(x.reach_mask(code, sq) & squares for x in every):
                return True
    return False


def _losses_known(pos: GameBoard, diff: Difference) -> Known | None:
    """The piece codes the options of ``diff`` touch (:func:`known_codes`), where :func:`carried_losses` and
    :func:`moving_differently` can tell from them what a move's loss depends on: ``None`` where the options differ in
    something else (see there), or one of the mover's royal pieces is of a kind that differs."""
    if diff.everywhere or diff.royal_forms or diff.drops or diff.lions or diff.conversion or diff.check_rules \
            or (diff.repetition and pos.variant.drops):
        return None
    t = pos.tables
    known = known_codes(t, diff)
    if known is None:
        return None
    board = pos.board
    last = pos.last_move
    if _delays_burns(diff) and last is not None and last.promotion and board[last.target] in known.burners:
        return None
    if any(board[sq] in known.differing(on(board)) for sq, _ in pieces_of(board, t.royal_codes[pos.turn])):
        return None
    return known


def _near_powers(pos: GameBoard, known: Known) -> tuple[set[int], set[int]]:
    """The squares on or next to a piece whose kind differs and has a power, and those next to such a piece of the
    side to move's that paralyses."""
    neighbours = pos.tables.geometry.neighbours
    us = pos.turn
    near_powers: set[int] = set()
    frozen: set[int] = set()
    for sq, code in pieces_of(pos.board, list(known.powers)):
        near_powers.add(sq)
        near_powers.update(neighbours[sq])
        if code in known.paralysers and code & 1 == us:
            frozen.update(neighbours[sq])
    return near_powers, frozen


def moving_differently(pos: GameBoard, diff: Difference, seen: Container[int], moved: frozenset[int] = frozenset(),
                       reach: tuple[Tables, ...] = (), own: bool = False) -> frozenset[int] | None:
    """The squares of the pieces of the side to move whose legal moves, or what those moves leave, may differ among
    the options of ``diff`` (``seen``: the hashes of the game's positions), as far as :func:`carried_losses` can tell
    a move's loss from the board; ``None`` where it cannot. Every other piece of the side moves alike under every
    option, and each such move leaves the same position. A piece is counted:

    * where it is of a kind that differs or may promote into one, or stands on or next to a piece whose kind differs
      and has a power (it may be frozen, or burnt, otherwise);
    * where only switches of burning and paralysis differ (as :func:`may_part` reads them), instead: where it burns
      or may promote into a piece that does, and a switch reads what holds where it might arrive (an enemy demon on
      the board for ``meeting``, an enemy that paralyses for ``clash`` and ``tetrarchs.fire_demon``; a promotion for
      ``promotion_burn``; a capture for ``capture``); for ``clash``, also where it burns or paralyses and stands next
      to an enemy that paralyses (it may be free to move under one option and not another);
    * a choice of promotion: where it may promote, and it stands in a promotion zone of some option, or one of its
      legal moves reaches one or passes through one; or (``moved``: the squares of pieces that other options may
      move otherwise) the reach of its moves under its tables or ``reach`` does;
    * a ban on repetition: where it could move to an empty square and leave a position seen before.

    ``own``: only the pieces whose own moves may differ (of a kind that differs, or frozen or freed otherwise: a
    Fire Demon that may capture or not, a piece that clashes with an enemy's paralysis); not what the moves leave,
    nor what promotes or repeats."""
    known = _losses_known(pos, diff)
    if known is None:
        return None
    t = pos.tables
    board = pos.board
    us = pos.turn
    neighbours = t.geometry.neighbours
    every = (t, *diff.bound)
    mine = [(sq, code) for sq, code in enumerate(board) if code and code & 1 == us]
    found: set[int] = set()
    if not diff.burning:  # (where only the switches differ, the kinds they concern are asked as below)
        near_powers, _ = _near_powers(pos, known)
        kinds = known.differing(on(board))
        found.update(sq for sq, code in mine
                     if code in kinds or (not own and t.promotes[code] in kinds) or sq in near_powers)
    else:
        fields = diff.burning
        enemies = {code for code in board if code and code & 1 != us}
        demons = known.burners | known.burn_promoters
        reads = "fire_demon.capture" in fields or ("fire_demon.meeting" in fields and bool(enemies & known.burners)) \
            or (bool(fields & {"tetrarchs.clash", "tetrarchs.fire_demon"}) and bool(enemies & known.immobilisers))
        for sq, code in mine:
            if "tetrarchs.clash" in fields and code in known.burners | known.immobilisers and \
                    any(board[n] in known.immobilisers and board[n] & 1 != us for n in neighbours[sq]):
                found.add(sq)  # (frozen under one option, free under another)
            elif own:
                if "fire_demon.capture" in fields and code in known.burners:
                    found.add(sq)
            elif (reads and code in demons) or ("fire_demon.promotion_burn" in fields and code in known.burn_promoters):
                found.add(sq)
    if pos.lion_rules and (known.kinds or diff.burning):
        # whether a Lion may be taken reads what protects it, which the options may change (see may_part): every Lion of
        # the side to move where the opponent has one, and every piece just after a Lion was taken by a piece that is
        # not one (a counter-strike rule may read what protects the Lion to take)
        lions = lions_of(every)
        if any(code in lions and code & 1 != us for code in board):
            found.update(sq for sq, code in mine if code in lions or pos.lion_capture is not None)
    if own:
        return frozenset(found)
    if diff.promotion or diff.capture_promotion:
        zone = [any(x.zone[us][s] for x in every) for s in range(len(board))]
        mask = sum(1 << s for s, z in enumerate(zone) if z)
        touching = {m.origin for m in pos.legal_moves()
                    if m.origin is not None and (zone[m.target] or any(zone[s] for s in m.path))}
        for sq, code in mine:
            if not any(x.promotes[code] for x in every):
                continue
            if diff.capture_promotion or zone[sq] or sq in touching or \
                    (sq in moved and any(x.reach_mask(code, sq) & mask for x in (*every, *reach))):
                found.add(sq)
    if diff.repetition:  # (a game without drops: a capture, a burn or a promotion leaves a position never seen)
        turned = pos.hash ^ t.z_side
        if turned in seen or pos.lion_capture is not None:
            return frozenset(sq for sq, _ in mine)
        empty = [e for e, code in enumerate(board) if not code]
        for sq, code in mine:
            moved_hash = turned ^ t.z_board[code][sq]
            if any(moved_hash ^ t.z_board[code][e] in seen for e in empty):
                found.add(sq)
    return frozenset(found)


def carried_losses(pos: GameBoard, proof: Mapping[Move, int], diff: Difference) -> Callable[[Move], bool] | None:
    """Where every legal move of the side to move loses under the position's own rule set (a mate, in a
    capture variant), and ``proof`` names for each the square of the opponent's piece that could then take
    (:func:`~shogi_rules.engine.outcome.losing_taker`): a test that says, without playing it, that a move
    (legal under another option of the choice ``diff`` describes) loses there as well. ``None`` where the
    options differ in something other than some pieces' moves and powers, promotion, a ban on repeating in a
    game without drops, a bare-king rule (asked before a mate) or delayed burning (unless the last move
    made a burning piece).

    A move carries its loss when it is in ``proof`` and plays alike (as :func:`may_part` sees a ply: not made
    by a piece of a kind that differs, not turning into one, unless the kind differs in how it moves only
    (:attr:`Known.movers`: the move, legal under both, leaves the same position), not on or next to one with a
    power), the piece
    that takes is of no such kind and stands next to no paralysing one of the mover's, and none of the
    mover's royal pieces is of such a kind (an option might shelter it). The capture then stays as it was:
    the position after the move is the same, and so are the taker's moves; a promotion rule may change
    whether the taker promotes, not what it reaches. Where the options differ only in the switches of burning
    and paralysis (:attr:`Difference.burning`), a move plays alike unless the piece it leaves on its target
    burns and one of those switches reads what holds there (:func:`_burn_read`); the taker must be a piece that
    neither burns nor promotes into one that does, where a switch reads what it would do: whether a demon may capture
    by moving, whether a piece promoting into one burns at once (only those that promote), whether two demons meet
    (where the mover has a demon), whether a demon burns next to a piece that paralyses (where the mover has one); and
    under the Tetrarchs' clash, where it burns or paralyses, it must stand next to none of the mover's pieces that
    paralyse after the move (which would freeze it under one option and not another)."""
    known = _losses_known(pos, diff)
    if known is None:
        return None
    t = pos.tables
    board = pos.board
    us = pos.turn
    kinds = known.differing(on(board))
    neighbours = t.geometry.neighbours
    promotes = t.promotes
    if diff.burning:  # a move plays alike unless a piece that burns arrives where a switch reads (_burning_part)
        fields = diff.burning
        demons = known.burners | known.burn_promoters
        ours = {code for code in board if code and code & 1 == us}
        demon_of_ours = not known.burners.isdisjoint(ours)
        paralyser_of_ours = not known.immobilisers.isdisjoint(ours)
        # a taker that burns may take otherwise: whether it may capture (and burn) by moving; one that would promote
        # into a demon, whether it burns on that move; where the mover has a demon, whether it meets it, and where the
        # mover has a piece that paralyses, whether it burns next to it; and one that burns or paralyses, under the
        # Tetrarchs' clash, where one of the mover's that paralyses stands next to it after the move
        def reads(made: int) -> frozenset[int]:
            if "fire_demon.capture" in fields or \
                    ("fire_demon.meeting" in fields and (demon_of_ours or made in known.burners)) or \
                    ("tetrarchs.fire_demon" in fields and (paralyser_of_ours or made in known.immobilisers)):
                return demons
            return known.burn_promoters if "fire_demon.promotion_burn" in fields else frozenset()

        clashing = (demons | known.immobilisers) if "tetrarchs.clash" in fields else frozenset()

        def carried_by_others(move: Move) -> bool:
            taker = proof.get(move)
            if taker is None or move.conversion is not None or move.keep:
                return False
            mover = board[move.origin] if move.origin is not None else 2 * (move.drop or 0) + us
            made = promotes[mover] if move.promotion else mover
            if made in known.burners and _burn_read(fields, known, neighbours, board, move, mover, us):
                return False
            if taker < 0:
                return True
            code = board[taker]
            if code in reads(made):
                return False
            return code not in clashing or not (
                (made in known.immobilisers and move.target in neighbours[taker]) or
                any(board[n] in known.immobilisers and board[n] & 1 == us for n in neighbours[taker]))

        return carried_by_others
    near_powers, frozen = _near_powers(pos, known)

    movers = known.movers

    def carried(move: Move) -> bool:
        taker = proof.get(move)
        if taker is None or move.conversion is not None or move.keep:
            return False
        origin = move.origin
        mover = board[origin] if origin is not None else 2 * (move.drop or 0) + us
        made = promotes[mover] if move.promotion else mover
        if (mover in kinds and mover not in movers) or (made in kinds and made not in movers):
            return False  # (a piece that only moves otherwise: its move, legal under both, leaves the same position)
        if near_powers and (origin in near_powers or move.target in near_powers or
                            (move.path and not near_powers.isdisjoint(move.path))):
            return False
        return taker < 0 or (board[taker] not in kinds and taker not in frozen)

    return carried


def _burning_part(ply: Ply, fields: frozenset[str], known: Known, reach: _UnionReach,
                  reread: bool) -> Parting | None:
    """:func:`may_part` where the options differ only in the switches of burning and paralysis (``fields``),
    each asked where it can act (:mod:`~shogi_rules.model.mechanisms.fire_demon`,
    :mod:`~shogi_rules.model.mechanisms.tetrarchs`):

    * the legal moves: whether a Fire Demon may capture by moving (``capture``) changes the moves of a piece
      that burns, so the move is read again where one makes it; the clash of paralysis (``clash``) changes
      which pieces may move where one of the mover's that burns or paralyses stands next to an enemy that
      paralyses;
    * what the move does: the switches change what a move burns only where the piece it leaves on its target
      burns and has an enemy next to it, and then only a switch that reads what holds there: an enemy demon next
      to it (``meeting``), a piece that did not burn before the move (``promotion_burn``), a capture
      (``capture``), an enemy that paralyses next to it (``clash``, ``tetrarchs.fire_demon``); the move is then
      made again and the positions compared;
    * what the opponent may then take: a piece of the opponent's that burns, or promotes into one that does,
      could burn a royal piece otherwise by capturing next to it (``capture``), by promoting next to it
      (``promotion_burn``), by arriving next to it and to one of the mover's pieces that burn (``meeting``) or
      that paralyse (``clash``, ``tetrarchs.fire_demon``); and one that burns or paralyses, standing next to
      one of the mover's that paralyses, may be free to move under one option and not under another
      (``clash``). Those whose reach holds a royal piece are asked (an attack test)."""
    us = ply.us
    move = ply.move
    board, after = ply.board_before, ply.board_after
    neighbours = ply.neighbours
    burners, promoters, paralysers = known.burners, known.burn_promoters, known.immobilisers
    if "fire_demon.capture" in fields and ply.mover in burners:
        reread = True
    if "tetrarchs.clash" in fields and not reread:
        reread = any(board[n] in paralysers and board[n] & 1 != us
                     for code in burners | paralysers if code & 1 == us for sq in ply.before(code)
                     for n in neighbours[sq])
    # what the piece left on the target burns (fire_demon.burns_after_move) differs only where a switch of these reads
    # something that holds: an enemy demon next to it (meeting), a piece that did not burn before the move
    # (promotion_burn), a capture (capture), a paralysing enemy next to it (the Tetrarchs' clash)
    changed = ply.made in burners and _burn_read(fields, known, neighbours, board, move, ply.mover, us)
    threats: set[int] = set()
    royals = ply.royals
    if royals:
        near_royal = ply.royal_near_twice

        def ours_near(codes: frozenset[int]) -> bool:
            return any(sq in near_royal for code in codes if code & 1 == us for sq in ply.after(code))

        asked: set[int] = set()
        if "fire_demon.capture" in fields or ("fire_demon.meeting" in fields and ours_near(burners)):
            asked |= burners | promoters
        if "fire_demon.promotion_burn" in fields:
            asked |= promoters
        if fields & {"tetrarchs.clash", "tetrarchs.fire_demon"} and ours_near(paralysers):
            asked |= burners | promoters
        for code in asked:
            if code & 1 != us:
                for sq in ply.after(code):
                    if reach(code, sq) & royals and reach.after(ply, code, sq) & royals:
                        threats.add(sq)
        if "tetrarchs.clash" in fields:
            for code in paralysers:
                if code & 1 == us:
                    for sq in ply.after(code):
                        for n in neighbours[sq]:
                            p = after[n]
                            if (p in burners or p in paralysers) and p & 1 != us and reach(p, n) & royals \
                                    and reach.after(ply, p, n) & royals:
                                threats.add(n)
    if threats and ply.check_rules and not ply.witness:
        return PLAY
    if not reread and not changed and not threats:
        return None
    return Parting(reread=reread, threats=frozenset(threats), after=changed and not reread)


def _burn_read(fields: frozenset[str], known: Known, neighbours: tuple[tuple[int, ...], ...], board: list[int],
               move: Move, mover: int, us: int) -> bool:
    """Whether one of the switches ``fields`` reads what holds where ``move`` (of the side ``us``, made by the piece
    ``mover`` on ``board`` before it) leaves a piece that burns: an enemy next to the target and, for the meeting of
    demons, an enemy demon next to it; for burning on promotion, a mover that did not burn before; for a Fire Demon's
    capture, a piece taken; for the Tetrarchs' clash and its Fire Demon rule, an enemy that paralyses next to it.
    Elsewhere the piece burns alike under every option
    (:func:`~shogi_rules.model.mechanisms.fire_demon.burns_after_move`)."""
    enemies = [board[n] for n in neighbours[move.target] if board[n] and board[n] & 1 != us]
    return bool(enemies) and (
        ("fire_demon.meeting" in fields and any(code in known.burners for code in enemies))
        or ("fire_demon.promotion_burn" in fields and mover not in known.burners)
        or ("fire_demon.capture" in fields and any(board[s] and board[s] & 1 != us for s in (move.target, *move.path)))
        or (bool(fields & {"tetrarchs.clash", "tetrarchs.fire_demon"}) and any(code in known.immobilisers
                                                                              for code in enemies)))


@dataclass(frozen=True)
class Known:
    """Piece codes a choice's options touch, as the tables of a rule set number them."""

    kinds: frozenset[int]
    """Those of :attr:`Difference.kinds`."""
    powers: frozenset[int]
    """Those of them that burn or paralyse under some option (where only piece rows differ: those whose burning or
    paralysing differs between options)."""
    paralysers: frozenset[int]
    """Those of :attr:`powers` that paralyse under some option."""
    burners: frozenset[int]
    """Every code that burns under some option."""
    burn_promoters: frozenset[int]
    """Every code that promotes into one that burns, under some option."""
    converters: frozenset[int]
    """Every code that converts its capturer, under some option."""
    immobilisers: frozenset[int] = frozenset()
    """Every code that paralyses, under some option."""
    paralysis_differs: bool = False
    """Whether some code paralyses under one option and not under another."""
    emperors: frozenset[int] = frozenset()
    """Those of :attr:`Difference.emperors`."""
    movers: frozenset[int] = frozenset()
    """Those of :attr:`kinds` whose rows differ in how they move only: under every option they burn, paralyse,
    promote and convert alike (none where a switch of burning and paralysis differs, which changes what some moves
    do). A move such a piece makes, legal under two options, leaves the same position under both."""

    def differing(self, present: Callable[[frozenset[int]], bool]) -> frozenset[int]:
        """The codes of :attr:`kinds`, and those of :attr:`emperors` where one stands on the board with a piece of
        :attr:`kinds` (``present``: whether a piece of some of the codes stands there): the pieces whose moves may
        differ."""
        if self.emperors and present(self.emperors) and present(self.kinds):
            return self.kinds | self.emperors
        return self.kinds


def on(board: list[int]) -> Callable[[frozenset[int]], bool]:
    """Whether a piece of some of the codes stands on ``board`` (for :meth:`Known.differing`)."""
    return lambda codes: not codes.isdisjoint(board)


_KNOWN: dict[tuple[Tables, int], tuple[Difference, Known | None]] = {}


def known_codes(t: Tables, diff: Difference) -> Known | None:
    """``None`` where the options' tables number the pieces otherwise than ``t`` (another choice adds or
    removes promoted forms, as Dai shogi's ``dai.promoting-pieces`` does): no union by code then."""
    key = (t, id(diff))
    cached = _KNOWN.get(key)
    if cached is None or cached[0] is not diff:
        every = (t, *diff.bound)
        layout = [pt.code for pt in t.piece_types]
        if any([pt.code for pt in x.piece_types] != layout for x in diff.bound):
            _KNOWN[key] = (diff, None)
            return None
        kinds = frozenset(2 * pt.id + c for pt in t.piece_types if pt.kind.code in diff.kinds for c in (0, 1))
        codes = range(2, len(t.burns))
        # (the codes where a per-code row holds under some table: read row by row, not code by code)
        burners = _under_some(every, "burns")
        paralysers = _under_some(every, "immobilises")
        powered = burners | paralysers
        # the options are compared with one another, not with t: t's rule set may take another option of a choice
        # that sets other fields (the Tetrarchs' power), in which every option of this one agrees
        ref = diff.tables[0] if diff.tables else t
        if not diff.delayed_burn:  # only piece rows differ: a kind whose burning and paralysing are alike under every
            # option acts alike (what a move burns or frees is told by those alone, and by the switches)
            powered = frozenset(c for c in powered
                                if any(x.burns[c] != ref.burns[c] or x.immobilises[c] != ref.immobilises[c]
                                       for x in diff.tables))
        cached = _KNOWN[key] = (diff, Known(
            kinds=kinds, powers=kinds & powered, paralysers=kinds & paralysers & powered, burners=burners,
            burn_promoters=frozenset(c for x in every for c, into in zip(codes, x.promotes[2:]) if into in burners),
            converters=_under_some(every, "converts"),
            immobilisers=paralysers,
            paralysis_differs=any(x.immobilises[2:] != ref.immobilises[2:] for x in diff.tables),
            emperors=frozenset(2 * pt.id + c for pt in t.piece_types if pt.kind.code in diff.emperors for c in (0, 1)),
            movers=frozenset() if diff.delayed_burn or diff.conversion else frozenset(
                c for c in kinds if all(x.burns[c] == ref.burns[c] and x.immobilises[c] == ref.immobilises[c]
                                        and x.promotes[c] == ref.promotes[c] and x.converts[c] == ref.converts[c]
                                        for x in diff.tables))))
    return cached[1]


def _under_some(every: tuple[Tables, ...], row: str) -> frozenset[int]:
    """The piece codes (from 2: 0 and 1 are no piece) whose entry in the per-code list ``row`` of the tables is set
    (true, or not 0) in some of ``every``."""
    found: set[int] = set()
    for x in every:
        values = getattr(x, row)
        found.update(compress(range(2, len(values)), values[2:]))
    return frozenset(found)


def _before(pos: GameBoard) -> int:
    history = pos.hash_history
    return history[-2] if len(history) >= 2 else -1


__all__ = ["Difference", "Known", "PLAY", "Parting", "Ply", "carried_losses", "difference", "entangled", "joined",
           "known_codes", "lions_of", "may_part", "moves_royals", "moving_differently", "near", "on"]
