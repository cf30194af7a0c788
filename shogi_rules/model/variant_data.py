"""Variants as data: everything that defines a variant, and how a rule option changes it.

A :class:`Variant` is a frozen record (board, piece rows, setup, promotion scheme, drops, game end,
rule choices, mechanism switches). A rule option (:class:`~shogi_rules.model.rules.RuleOption`) says what
it changes as ``effects``: new values of variant fields (``{"drops": True}``), new values of fields
of piece rows (``{"pieces": {"LH": {"betza": "..."}}}``) and mechanism switches
(``{"switches": FireDemonRules.set(meeting="mover-burns-after")}``). Every effect is checked when
the variant is defined, so a misspelt field, piece or value fails at import.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, Mapping, Sequence, cast

from .errors import UnknownRuleError, VariantDataError
from .fen_tokens import board_tokens
from .errors import FenError, PieceError, quote
from .pieces import PieceKind
from .rules import Preset, RuleChoice
from .switches import Setting, SwitchError, Switches, check_value

_CHECKED: dict[int, tuple[RuleChoice, ...]] = {}
"""The tuples of rule choices whose options' effects have been checked (by identity)."""

PromotionScheme = Literal["zone", "zone-entry", "zone-entry-or-capture", "zone-entry-hachu", "zone-with-delay", "zone-adams",
                          "zone-entry-2000", "capture"]
CapturePromotion = Literal["compulsory", "optional-unless-promoted"]


@dataclass(frozen=True)
class SampleRecord:
    """A game record offered with a variant (the explorer replays it): ``path`` from the root of the
    checkout, ``title`` as the reader sees it."""

    path: str
    title: str


@dataclass(frozen=True)
class Variant:
    """Everything that defines a variant, as data. One module ``shogi_rules/variants/<id>.py`` defines
    one, as ``VARIANT``; the registry (:mod:`shogi_rules.variants`) finds it there, and every list of
    games in the package, the tests and the book is made from these fields.

    The first seven fields are required; every other field is optional and its default is the
    usual value (shogi's). :meth:`derive` declares a variant as its differences from another.
    """

    id: str
    """The variant's id (``"okisaki"``): the name of its module, of its chapter and the prefix of its
    rule-choice ids."""
    name: str
    """Its English name, as the book writes it (``"Okisaki shogi"``)."""
    kanji: str
    """Its Japanese name (``"御妃将棋"``)."""
    files: int
    """Columns of the board (5 to 36)."""
    ranks: int
    """Rows of the board."""
    pieces: tuple[PieceKind, ...]
    """The piece table: one :class:`~shogi_rules.model.pieces.PieceKind` row per piece, promoted forms
    included; the order of the rows is the order of the tables and of every list of pieces."""
    setup: str
    """The start position's board in the FEN form of :mod:`shogi_rules.model.fen_tokens` (sente's pieces
    in upper case, rank 1 — gote's back rank — first)."""
    promotion: PromotionScheme = "zone"
    """The promotion scheme: ``"zone"`` (shogi: on entering, moving inside or leaving the far
    ``promotion_zone`` ranks; a piece must promote where it could never move again), ``"zone-entry"``
    (the Tenjiku article: only on the move that enters the zone, or a capture inside it; no forced
    promotion, a piece that can no longer move stays as a dead piece), ``"zone-adams"`` and
    ``"zone-entry-2000"`` (C. Adams' and the 2000 rules' Tenjiku readings,
    :mod:`shogi_rules.model.mechanisms.promotion`), ``"zone-with-delay"`` and ``"zone-entry-or-capture"``
    (Chu shogi's readings) or ``"capture"`` (Dai Dai, Maka Dai Dai: on capturing)."""
    promotion_zone: int = 3
    """Depth of the promotion zone in ranks."""
    last_rank_promoters: tuple[str, ...] | None = None
    """Under ``promotion="zone-entry-or-capture"``: the codes of the pieces that may promote on reaching a
    square where they could never move again (Chu shogi's last rank); ``None``: every such piece (lishogi's
    pawn and lance), ``("P",)``: the pawn alone (the Japan Chu Shogi Association, whose lance stays there a
    dead piece)."""
    drops: bool = True
    """Captured pieces go to the captor's hand and may be dropped."""
    check_rules: bool = True
    """A move may not leave one's own king attacked and checkmate ends the game (the shogi family);
    false where a royal is simply captured."""
    rule_choices: tuple[RuleChoice, ...] = ()
    """The disputed rules, each a :class:`~shogi_rules.model.rules.RuleChoice` with id ``<variant id>.<subject>``."""
    sources: tuple[str, ...] = ()
    """Keys of ``book/references.bib`` for the variant as a whole; the first is its primary source."""
    fsf_name: str | None = None
    """The variant's name in Fairy-Stockfish, where Fairy-Stockfish plays it: the rule set of the preset
    ``fairy-stockfish`` (the defaults where there is none) and the rule sets that differ from it only in
    the start position (see :attr:`shogi_rules.compiled.variant.RuleSet.fsf_name`). The test suite then checks the
    engine against Fairy-Stockfish on it."""
    fsf_hand_order: str = ""
    """The order (FEN codes) in which Fairy-Stockfish writes pieces in hand, so that a FEN is written
    exactly as it writes it: its internal piece types from the highest down, which only Fairy-Stockfish
    knows. Needed with ``fsf_name`` and drops; a test compares it with pyffish and names the right value."""
    usi: bool = False
    """Whether USI SFEN describes the variant (standard shogi only)."""
    lishogi_name: str | None = None
    """The variant's name on lishogi, where lishogi plays it: its SFEN and USI moves are then read and
    written (:mod:`shogi_rules.notation.lishogi`)."""
    kif_names: tuple[tuple[str, str], ...] = ()
    """The names lishogi's KIF gives the pieces, as (FEN code, name) pairs, where lishogi writes KIF
    records of the variant (:mod:`shogi_rules.notation.kif`: standard shogi's one-kanji style where
    ``usi`` is true, Chu shogi's full names otherwise); empty where no KIF is written."""
    stalemate_loses: bool = True
    """A side with no legal move loses (it would have to expose its king to capture)."""
    sennichite: bool = True
    """The fourth occurrence of a position is a draw, unless one side checked throughout (the shogi
    rule, 千日手). False where the sources give no such rule (the large variants)."""
    summary: str = ""
    """One line on the game for lists of games (the command's ``variants``, the README, the book)."""
    code_aliases: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Other abbreviations in use (Wikipedia's, play-by-e-mail's) → the TSA code the engine writes."""
    switches: Switches = Switches()
    """The mechanisms' switches (see :mod:`shogi_rules.model.switches`); rule options change them."""
    presets: tuple[Preset, ...] = ()
    """Whole rule sets by source (``--preset NAME``): see :class:`~shogi_rules.model.rules.Preset`. A preset
    with id ``fairy-stockfish`` is the rule set Fairy-Stockfish plays."""
    capture_promotion: CapturePromotion = "compulsory"
    """Under ``promotion="capture"``: ``"compulsory"``, or ``"optional-unless-promoted"`` (optional
    when the captured piece was unpromoted, compulsory when it was promoted)."""
    order: int = 0
    """Games are presented by board size (squares); among games on boards of one size, by ``order``
    (lower first), then by id."""
    chapter: str = ""
    """The book page of the variant's chapter (a Sphinx document name); empty: ``notebooks/<id>``
    (see :attr:`chapter_page`). Its section "The pieces" draws every piece."""
    rules_chapter: str = ""
    """The book page that holds the sections of the variant's rule choices (a Sphinx document name);
    empty: the variant's own chapter (see :attr:`rules_page`). Not inherited by :meth:`derive`: a derived
    game's choices are its own, and so is the page that discusses them."""
    benchmark_depth: int = 0
    """The perft depth at which ``python -m shogi_rules.tools.benchmark`` times the start position (``--quick``:
    one less); 0 leaves the variant out of the benchmark."""
    benchmark_choice: str | None = None
    """A rule choice (id) whose every option the benchmark times separately; ``None``: the defaults only."""
    records: tuple[SampleRecord, ...] = ()
    """Sample game records of the variant (the explorer offers them)."""
    derives_from: tuple[tuple[str, str], ...] = ()
    """The games this one was made from, as ``(game id, source)`` pairs, the source being the key in
    ``book/references.bib`` of the text that says so; the Comparing chapter draws the family tree from them
    (a test checks that each id is a game of the registry and each source is cited)."""

    def __post_init__(self) -> None:
        for name in ("promotion", "capture_promotion"):
            check_value(Variant, name, getattr(self, name))
        if _CHECKED.get(id(self.rule_choices)) is self.rule_choices:
            return  # a rule set's variant: its choices were checked when the variant was defined
        for choice in self.rule_choices:
            for option in choice.options:
                try:
                    check_effects(self, option.effects)
                except (SwitchError, PieceError) as exc:
                    raise SwitchError(f"{choice.id}={option.id}: {exc}") from None
        _CHECKED[id(self.rule_choices)] = self.rule_choices

    @cached_property
    def piece_by_code(self) -> Mapping[str, PieceKind]:
        """The piece rows by TSA code."""
        return {p.code: p for p in self.pieces}

    def piece(self, code: str) -> PieceKind:
        """The row with TSA code ``code`` (raises :class:`~shogi_rules.model.errors.PieceError`)."""
        kind = self.piece_by_code.get(code)
        if kind is None:
            raise PieceError(f"{self.id} has no piece {quote(code)}")
        return kind

    @cached_property
    def setup_counts(self) -> Mapping[str, int]:
        """How many of each row the setup holds (both sides together), by TSA code; the setup's
        spelling is checked on the way."""
        by_fen = {p.fen_code.upper(): p.code for p in self.pieces}
        found: Counter[str] = Counter()
        for rank in self.setup.split("/"):
            for token in board_tokens(rank):
                if not token.code:
                    continue
                if token.promoted:
                    raise FenError(f"{self.id}: the setup has a promoted piece")
                code = by_fen.get(token.code.upper())
                if code is None:
                    raise PieceError(f"{self.id}: the setup has an unknown piece {token.text!r}")
                found[code] += 1
        return dict(found)

    @cached_property
    def promoted_only(self) -> frozenset[str]:
        """Codes of rows that exist only as promoted pieces (promotion targets not in the setup)."""
        targets = {p.promotes_to for p in self.pieces if p.promotes_to}
        return frozenset(code for code in targets if code not in self.setup_counts)

    @cached_property
    def _choices_by_id(self) -> dict[str, RuleChoice]:
        return {c.id: c for c in self.rule_choices}

    def rule_choice(self, rule_id: str) -> RuleChoice:
        found = self._choices_by_id.get(rule_id) if isinstance(rule_id, str) else None
        if found is not None:
            return found
        ids = [c.id for c in self.rule_choices]
        known = ", ".join(ids[:3]) or "none"
        if len(ids) > 3:  # the message stays one short line: the command lists them all
            known += f", … ({len(ids)} in all: shogi-rules rules {self.id})"
        raise UnknownRuleError(f"{self.id} has no rule choice {quote(rule_id)} (known: {known})")

    @property
    def rules_page(self) -> str:
        """The book page of the variant's rule-choice sections: :attr:`rules_chapter`, or its chapter."""
        return self.rules_chapter or self.chapter_page

    @property
    def chapter_page(self) -> str:
        """The book page of the variant's chapter: :attr:`chapter`, or ``notebooks/<id>``."""
        return self.chapter or f"notebooks/{self.id}"

    def derive(self, *, id: str, name: str, kanji: str, add: tuple[PieceKind, ...] = (),
               replace: tuple[PieceKind, ...] = (), remove: tuple[str, ...] = (), after: str | None = None,
               cite: tuple[str, ...] | None = None, **changes: Any) -> Variant:
        """A new variant declared as its differences from this one, like Fairy-Stockfish's
        ``[child:parent]``: the rules (board, setup, promotion, drops, game end, switches, piece
        table) are inherited and ``changes`` replace any of them; what names or describes the parent
        itself (:data:`OWN_FIELDS`: summary, sources, Fairy-Stockfish's and lishogi's names, rule
        choices, presets, benchmark, records, chapter and rules chapter, order) is not inherited and takes its default
        unless given.

        The piece table is the parent's with the rows of ``replace`` put in place of the parent's
        rows of the same code, the rows whose codes ``remove`` names left out, and the rows of ``add``
        (new codes) placed after the row ``after`` names, else after the parent's last unpromoted
        row (unpromoted ones) or at the end (promoted ones). ``cite``: sources for the inherited rows instead of the parent's (the
        child's source describes them too). Every mistake — a field that does not exist, a row added
        twice or replacing nothing, a removed piece still in the setup or promoted to, a setup that
        does not fit the board — raises :class:`~shogi_rules.model.errors.VariantDataError` here, where the
        variant is defined.

        >>> from shogi_rules.variants.shogi import VARIANT as SHOGI
        >>> v = SHOGI.derive(id="nolance", name="No-lance shogi", kanji="-", remove=("L", "+L"),
        ...                  setup="1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/1NSGKGSN1")
        >>> [p.code for p in v.pieces if not p.code.startswith("+")], v.drops, v.fsf_name
        (['K', 'R', 'B', 'G', 'S', 'N', 'P'], True, None)
        """
        fields = {f.name for f in dataclasses.fields(Variant)}
        unknown = sorted(set(changes) - fields)
        if unknown:
            raise VariantDataError(f"{id}: a variant has no field {', '.join(map(repr, unknown))}")
        if "pieces" in changes and (add or replace or remove):
            raise VariantDataError(f"{id}: give either the whole piece table (pieces=) or its changes "
                                   "(add=, replace=, remove=), not both")
        if id == self.id:
            raise VariantDataError(f"{id}: a derived variant needs an id of its own")
        rows = {p.code: p for p in self.pieces}
        for label, codes in (("replace", [p.code for p in replace]), ("remove", list(remove)),
                             ("after", [] if after is None else [after])):
            missing = [c for c in codes if c not in rows]
            if missing:
                raise VariantDataError(f"{id}: {label}= names {', '.join(map(repr, missing))}, which "
                                       f"{self.id} has not")
        if after is not None and after in remove:
            raise VariantDataError(f"{id}: after={after!r} names a removed row")
        given = [p.code for p in add] + [p.code for p in replace] + list(remove)
        twice = sorted({c for c in given if given.count(c) > 1} | {p.code for p in add if p.code in rows})
        if twice:
            raise VariantDataError(f"{id}: {', '.join(map(repr, twice))} added, replaced or removed twice, "
                                   "or added though the parent has it (replace it instead)")
        if "pieces" in changes:
            table = tuple(changes.pop("pieces"))
        else:
            new = {p.code: p for p in replace}
            inherited = [new.get(p.code) or (dataclasses.replace(p, sources=cite) if cite is not None else p)
                         for p in self.pieces if p.code not in remove]
            last_plain = max((i for i, p in enumerate(inherited) if not p.code.startswith("+")), default=-1)
            if after is not None:
                last_plain = next(i for i, p in enumerate(inherited) if p.code == after)
            plain = [p for p in add if not p.code.startswith("+")]
            table = tuple(inherited[:last_plain + 1] + plain + inherited[last_plain + 1:]
                          + [p for p in add if p.code.startswith("+")])
        own = {f: _DEFAULTS[f] for f in OWN_FIELDS}
        child = dataclasses.replace(self, **{**own, **changes, "id": id, "name": name, "kanji": kanji,
                                             "pieces": table})
        child.check()
        return child

    def check(self) -> None:
        """Raise :class:`~shogi_rules.model.errors.VariantDataError` unless the piece table and the setup fit
        together: codes unique, every promotion and conversion names a row, the setup spells rows of
        the table and fills ``ranks`` × ``files`` squares."""
        codes = [p.code for p in self.pieces]
        doubled = sorted({c for c in codes if codes.count(c) > 1})
        if doubled:
            raise VariantDataError(f"{self.id}: two rows have the code {', '.join(map(repr, doubled))}")
        for p in self.pieces:
            for target in (p.promotes_to, p.converts_capturer_to):
                if target is not None and target not in self.piece_by_code:
                    raise VariantDataError(f"{self.id}: {p.code} turns into {target!r}, which has no row")
        ranks = self.setup.split("/")
        try:
            counts = self.setup_counts
            widths = [sum(t.empties or 1 for t in board_tokens(r)) for r in ranks]
        except (PieceError, FenError) as exc:
            raise VariantDataError(f"{self.id}: {exc}") from None
        if len(ranks) != self.ranks or any(w != self.files for w in widths):
            raise VariantDataError(f"{self.id}: the setup is not {self.files} files by {self.ranks} ranks")
        if not any(self.piece(c).royal for c in counts):
            raise VariantDataError(f"{self.id}: the setup has no royal piece")


OWN_FIELDS = ("summary", "sources", "fsf_name", "fsf_hand_order", "usi", "lishogi_name", "kif_names", "rule_choices", "presets",
              "order", "chapter", "rules_chapter", "benchmark_depth", "benchmark_choice", "records", "derives_from")
"""The fields that name or describe a variant itself: :meth:`Variant.derive` does not inherit them."""
_DEFAULTS: dict[str, Any] = {f.name: (f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default)
                             for f in dataclasses.fields(Variant)}

_PIECE_FIELDS = {f.name for f in dataclasses.fields(PieceKind)}
_VARIANT_FIELDS = {f.name for f in dataclasses.fields(Variant)} - {"switches", "pieces", "rule_choices", "presets", "id",
                                                                   "derives_from"}


def _settings(effects: Mapping[str, Any]) -> tuple[Setting, ...]:
    value = effects.get("switches", ())
    settings = (value,) if isinstance(value, Setting) else tuple(value)
    for s in settings:
        if not isinstance(s, Setting):
            raise SwitchError(f"switches are set with Mechanism.set(...), not {s!r}")
    return settings


def check_effects(variant: Variant, effects: Mapping[str, Any]) -> None:
    """Raise unless every effect names an existing field, piece or switch with a value it may take."""
    for key, value in effects.items():
        if key == "switches":
            for setting in _settings(effects):
                forms = cast(tuple[tuple[str, str], ...], dict(setting.values).get("royal_forms", ()))
                for plain, royal in forms:
                    if plain not in variant.piece_by_code or royal in variant.piece_by_code:
                        raise PieceError(f"royal form {royal!r} of {plain!r}: the variant needs a row {plain!r} "
                                         f"and no row {royal!r}")
        elif key == "pieces":
            for code, fields in value.items():
                if code not in variant.piece_by_code:
                    raise PieceError(f"rule effects name unknown piece {code!r}")
                unknown = {name.rstrip("+") for name in fields} - _PIECE_FIELDS
                if unknown:
                    raise SwitchError(f"piece rows have no field {sorted(unknown)}")
        elif key in _VARIANT_FIELDS:
            check_value(Variant, key, value)
        else:
            raise SwitchError(f"a rule option cannot set {key!r}")
    board = {k: effects[k] for k in ("files", "ranks", "setup") if k in effects}
    if board:  # an option that changes the board brings a setup that fits it (Heian shogi's board)
        try:
            dataclasses.replace(variant, rule_choices=(), **board).check()
        except VariantDataError as exc:
            raise SwitchError(str(exc)) from None


def apply_all_effects(variant: Variant, options: Sequence[Mapping[str, Any]]) -> Variant:
    """Apply the effects of several options (a rule set's, one per choice) at once: every replacement first,
    in the options' order (a later one wins), then every addition (piece fields named with a trailing
    ``+``, ``"extra+"``, add to the row's tuple instead of replacing it), so that two choices that touch
    one row combine whatever their order; one new row per changed piece and one new variant."""
    changes: dict[str, Any] = {}
    switches = variant.switches
    rows: dict[str, dict[str, Any]] = {}
    for effects in options:
        changes.update({k: v for k, v in effects.items() if k not in ("pieces", "switches")})
        for code, fields in effects.get("pieces", {}).items():
            rows.setdefault(code, {}).update({k: v for k, v in fields.items() if not k.endswith("+")})
    for effects in options:
        for code, fields in effects.get("pieces", {}).items():
            for k, v in fields.items():
                if k.endswith("+"):
                    row = rows.setdefault(code, {})
                    name = k[:-1]
                    row[name] = row.get(name, getattr(variant.piece_by_code[code], name)) + tuple(v)
    switches = switches.apply(*(setting for effects in options for setting in _settings(effects)))
    if switches != variant.switches:
        changes["switches"] = switches
    if any(rows.values()):
        changes["pieces"] = tuple(dataclasses.replace(p, **rows[p.code]) if rows.get(p.code) else p
                                  for p in variant.pieces)
    return dataclasses.replace(variant, **changes) if changes else variant


def with_royal_forms(variant: Variant) -> Variant:
    """The variant with a row for each royal form that ``switches.conversion.royal_forms`` names: a
    copy of the piece a capture conversion makes (as the rule set has that piece, after every other
    option), royal and under the pair's second code. A king, Emperor or prince that converts
    becomes that row, so it stays royal (Maka Dai Dai, ``makadaidai.converted-royal``)."""
    forms = variant.switches.conversion.royal_forms
    if not forms:
        return variant
    rows = tuple(dataclasses.replace(
        variant.piece(plain), code=royal, fen=royal, royal=True, promotes_to=None,
        english=f"{variant.piece(plain).english} (royal)",
        note=f"The {variant.piece(plain).english} that a royal piece becomes by a capture conversion: it "
             "moves as one and stays royal.") for plain, royal in forms)
    return dataclasses.replace(variant, pieces=variant.pieces + rows)
