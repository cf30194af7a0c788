"""Sho shogi (小将棋), shogi as it was played before drops: the modern game's board and pieces, and a
drunk elephant in front of each king that promotes to a crown prince, a second royal piece.

Declared as its differences from standard shogi: the drunk elephant (酔象) and the crown prince (太子),
no drops. How the play is reconstructed is not handed down (the Japanese article says so), and the
sources part on two points, each a rule choice: whether captured pieces come back into play (the
historical game: no; Asakura shogi, the Fukui revival, drops everything but the king and the
elephant), and how the game is won once a side has a king and a prince (shogi's check rule for a
side's last royal piece, or the capture of both, with or without a bare-king rule). The pieces move
alike in every source, and every source promotes the drunk elephant to the prince.

Sources: the Japanese and English Wikipedia articles ({cite}`jawp-sho`, {cite}`enwp-sho`) and the
Japanese article on the piece ({cite}`jawp-suizo`); Steve Evans' rule and data files
({cite}`evans-sho`); Fairy-Stockfish's ``shoshogi`` ({cite}`fairy-stockfish`); HaChu's Sho
({cite}`hachu`); the Fukui federation's Asakura shogi ({cite}`fukui-asakura`).
"""

from ..model.pieces import PieceKind as P
from ..model.rules import Example, Preset, RuleChoice, RuleOption
from ..model.switches import BareKingRules
from .shogi import VARIANT as SHOGI

SRC = ("jawp-sho", "enwp-sho", "evans-sho")

SETUP = "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL"

DROPS = RuleChoice(
    id="sho.drops",
    question="Do captured pieces come back into play?",
    options=(
        RuleOption("none", "No: a captured piece leaves the game, as in Chu shogi (both Wikipedias, Steve Evans, "
                   "Fairy-Stockfish and HaChu; the drop rule is taken to have come with the elephant's removal).",
                   ("jawp-sho", "enwp-sho", "evans-sho", "fairy-stockfish", "hachu"), {"drops": False}),
        RuleOption("asakura", "As in shogi, except that a captured king, drunk elephant or prince leaves the game "
                   "(Asakura shogi, the Fukui Prefecture Shogi Federation's revival, as the Japanese article "
                   "describes it).", ("jawp-sho", "fukui-asakura"),
                   {"drops": True, "pieces": {"DE": {"droppable": False}}}),
    ),
    default="none",
    example=Example({"5i": "K", "5e": "B", "5a": "k", "3c": "e", "7c": "p"}, select="5e"),
    note="The Japanese article also mentions Asakura games in which only one of the king and the elephant is kept "
         "out of the hands; no source says which, and it is not modelled.",
)

GAME_END = RuleChoice(
    id="sho.game-end",
    question="How is the game won, and what changes once a side has a king and a prince?",
    options=(
        RuleOption("mate", "As in shogi: a side may not leave its only royal piece attacked and loses when it is "
                   "mated (or has no move); while it has a king and a prince neither is protected, so one of them "
                   "can be taken and the other must then be mated (the Japanese articles: shogi's rules, the game "
                   "going on while the prince stands; Fairy-Stockfish; the Fukui federation).",
                   ("jawp-sho", "jawp-suizo", "fairy-stockfish", "fukui-asakura"),
                   {"check_rules": True, "switches": BareKingRules.set(rule="none")}),
        RuleOption("enwp", "No check rule: a side wins by capturing the king and the prince, or every other piece "
                   "of the opponent, whose bare king or prince then loses at once (English Wikipedia).",
                   ("enwp-sho",), {"check_rules": False, "switches": BareKingRules.set(rule="immediate")}),
        RuleOption("evans", "No check rule: a side wins by capturing the king and the prince, or by baring the "
                   "opponent's king, unless that bare king bares the other in its reply, which draws (Steve Evans, "
                   "after Chu and Dai shogi).", ("evans-sho",),
                   {"check_rules": False, "switches": BareKingRules.set(rule="adams")}),
        RuleOption("royals", "No check rule, no bare king: only the capture of the king and the prince wins "
                   "(HaChu, which plays Sho as it plays Chu).", ("hachu",),
                   {"check_rules": False, "switches": BareKingRules.set(rule="none")}),
    ),
    default="mate",
    example=Example({"9i": "K", "4c": "G", "5a": "k"}, select="5a", moves=("G-4b",)),
    note="Under every option a side that has no move loses, and the fourth repetition of a position ends the game "
         "as in shogi.",
)

RULE_CHOICES = (DROPS, GAME_END)

VARIANT = SHOGI.derive(
    id="sho",
    name="Sho shogi",
    kanji="小将棋",
    setup=SETUP,
    drops=False,
    cite=SRC,
    after="K",
    add=(
        P("DE", "酔象", "象", "suizō", "Drunk Elephant", "FsfW", promotes_to="CP", fen="E", sources=SRC,
          note="One step in any direction but straight back; promotes to the crown prince. The Japanese article "
               "writes 醉象."),
        P("CP", "太子", "太", "taishi", "Crown Prince", "K", royal=True, sources=SRC,
          note="The promoted drunk elephant: moves as the king and is royal, a second king."),
    ),
    rule_choices=RULE_CHOICES,
    presets=(
        Preset("jawp", "The Japanese Wikipedia articles", ("jawp-sho", "jawp-suizo"),
               {c.id: c.default for c in RULE_CHOICES}),
        Preset("enwp", "English Wikipedia", ("enwp-sho",), {"sho.drops": "none", "sho.game-end": "enwp"}),
        Preset("evans", "Steve Evans' Shogi Variants (Sho.rul, Sho.dat)", ("evans-sho",),
               {"sho.drops": "none", "sho.game-end": "evans"}, checked="its data files, piece by piece"),
        Preset("hachu", "HaChu, H. G. Muller's engine", ("hachu",), {"sho.drops": "none", "sho.game-end": "royals"}),
        Preset("fairy-stockfish", "Fairy-Stockfish's shoshogi", ("fairy-stockfish",),
               {"sho.drops": "none", "sho.game-end": "mate"},
               checked="the engine itself (pyffish), move by move on random games"),
        Preset("asakura", "Asakura shogi, the Fukui federation's revival", ("fukui-asakura", "jawp-sho"),
               {"sho.drops": "asakura", "sho.game-end": "mate"}),
    ),
    derives_from=(("heian", "enwp-shogi-history"), ("dai", "enwp-shogi-history")),  # Heian shogi with the rook, bishop and drunk elephant of Dai shogi
    sources=("jawp-sho", "enwp-sho", "jawp-suizo", "evans-sho", "fairy-stockfish", "hachu", "fukui-asakura", "enwp-shogi-history"),
    rules_chapter="notebooks/rules-shogi-family",
    fsf_name="shoshogi",
    benchmark_depth=3,
    benchmark_choice="sho.game-end",
    summary="9×9, 21 pieces a side: shogi with a drunk elephant that promotes to a second king; no drops.",
)
