"""Heian shogi (平安将棋), the small game of the 二中歴: the oldest shogi whose rules were written down.

The 二中歴 ({cite}`nichureki`), a Kamakura-period encyclopedia made from two books of the early 12th
century, gives the game in eight lines: the king, gold, silver, knight, lance and pawn move as they do in
shogi today; a piece that enters three ranks into the enemy's side becomes a gold (入敵三目皆成金); and
敵玉一将則為勝, "when the enemy king is a single general, that is a win". It gives no board, no setup
and says nothing of captured pieces, so the board, the promotion zone, drops and the meaning of the last
line are rule choices. Declared as shogi's differences: no rook or bishop, and every promoted piece a
gold.

Sources: English Wikipedia ({cite}`enwp-heian`) with the 二中歴's lines; Steve Evans' ``Heiansho.dat``
({cite}`evans-shogivar`); the Takami laboratory's board ({cite}`takami-heian`); Japanese Wikipedia on
drops ({cite}`jawp-shogi`).
"""

from ..model.pieces import PieceKind as P
from ..model.rules import Example, Preset, RuleChoice, RuleOption
from ..model.switches import BareKingRules, Switches
from .shogi import VARIANT as SHOGI

SRC = ("nichureki", "enwp-heian")
EVANS = ("evans-shogivar",)

BOARD_9X8 = "lnsgkgsnl/ppppppppp/9/9/9/9/PPPPPPPPP/LNSGKGSNL"
BOARD_9X9 = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL"
BOARD_8X8 = "lnskgsnl/8/pppppppp/8/8/PPPPPPPP/8/LNSGKSNL"
BOARD_9X10 = "lnsgkgsnl/9/ppppppppp/9/9/9/9/PPPPPPPPP/9/LNSGKGSNL"

BOARD = RuleChoice(
    id="heian.board",
    question="On what board, and how set up, is the game played?",
    options=(
        RuleOption("9x8", "Nine files by eight ranks, each side's king, golds, silvers, knights and lances on its "
                   "first rank and its nine pawns on the second (Steve Evans' Heiansho.dat; English Wikipedia "
                   "gives 9 × 8 or 8 × 8, and pawns perhaps on the second rank).", EVANS + ("enwp-heian",),
                   {"files": 9, "ranks": 8, "setup": BOARD_9X8}),
        RuleOption("9x9", "Shogi's board and setup without the rook and bishop: pawns on the third rank "
                   "(English Wikipedia's setup \"as in modern shogi\", on the board of today).", ("enwp-heian",),
                   {"files": 9, "ranks": 9, "setup": BOARD_9X9}),
        RuleOption("8x8", "Eight files by eight ranks with one gold fewer, pawns on the third rank (English "
                   "Wikipedia's other board); each king stands just right of the centre as its owner sees "
                   "the board, so that the setup turns into itself.", ("enwp-heian",),
                   {"files": 8, "ranks": 8, "setup": BOARD_8X8}),
        RuleOption("takami", "Nine files by ten ranks, pawns on the third rank, four empty ranks between the two "
                   "rows of pawns as in the large chess games of Asia and Europe (the Takami laboratory).",
                   ("takami-heian",), {"files": 9, "ranks": 10, "setup": BOARD_9X10}),
    ),
    default="9x8",
    note="The 二中歴 gives no board for the small game (it gives thirteen files for the large one). Every "
         "option keeps the 二中歴's pieces: one king, two each of the gold (one on 8 × 8), silver, knight "
         "and lance, and a pawn on every file.",
)

ZONE = RuleChoice(
    id="heian.promotion-zone",
    question="How deep is the zone where a piece promotes?",
    options=(
        RuleOption("three", "Three ranks: 入敵三目皆成金, a piece that enters three ranks into the enemy's side "
                   "becomes a gold (the 二中歴, English Wikipedia).", SRC, {"promotion_zone": 3}),
        RuleOption("two", "Two ranks, the enemy's two ranks of pieces on Evans' 9 × 8 board (Steve Evans' "
                   "Heiansho.dat).", EVANS, {"promotion_zone": 2}),
    ),
    default="three",
    example=Example({"5h": "K", "1a": "k", "5d": "S"}, select="5d"),
    note="Promotion follows shogi's rule in every reading: on a move that starts or ends in the zone, at the "
         "player's choice, forced only where the piece could never move again.",
)

DROPS = RuleChoice(
    id="heian.drops",
    question="Are captured pieces dropped back into play?",
    options=(
        RuleOption("none", "No: a captured piece leaves the game, as in every other early game (English "
                   "Wikipedia: it can safely be assumed; Evans' program).", ("enwp-heian",) + EVANS,
                   {"drops": False}),
        RuleOption("shogi", "Yes, as in shogi, with its pawn rules (the theory that drops go back to the small "
                   "game of the Heian period, among those Japanese Wikipedia lists).", ("jawp-shogi",),
                   {"drops": True}),
    ),
    default="none",
    example=Example({"5h": "K", "5a": "k", "5c": "p", "5d": "P"}, select="5d"),
)

BARE_KING = RuleChoice(
    id="heian.bare-king",
    question="Does a side reduced to its bare king lose?",
    options=(
        RuleOption("immediate", "Yes, at once: 敵玉一将則為勝 read as \"when the enemy king stands alone, that is "
                   "a win\" (English Wikipedia's second reading, and its objective: take the king or all the "
                   "other pieces).", SRC, {"switches": BareKingRules.set(rule="immediate")}),
        RuleOption("evans", "Yes, unless its reply bares the other king too, which is a draw (Steve Evans' "
                   "rules for the Heian games).", EVANS, {"switches": BareKingRules.set(rule="adams")}),
        RuleOption("none", "No: the line means checkmate, and only checkmate wins (English Wikipedia's first "
                   "reading).", ("enwp-heian",), {"switches": BareKingRules.set(rule="none")}),
    ),
    default="immediate",
    example=Example({"5h": "K", "5a": "k", "5c": "p", "5d": "G"}, select="5a", moves=("Gx5c",)),
)

CHOICES = (BOARD, ZONE, DROPS, BARE_KING)
GOLD = "WfF"

VARIANT = SHOGI.derive(
    id="heian",
    name="Heian shogi",
    kanji="平安将棋",
    files=9,
    ranks=8,
    setup=BOARD_9X8,
    cite=SRC,
    drops=False,
    remove=("R", "B", "+R", "+B"),
    replace=(
        P("K", "玉将", "玉", "gyokushō", "King", "K", royal=True, sources=SRC,
          note="玉将八方得自在: free to step in all eight directions."),
        P("+S", "金将", "金", "kinshō", "Promoted Silver", GOLD, sources=SRC,
          note="入敵三目皆成金: every piece that promotes becomes a gold."),
        P("+N", "金将", "金", "kinshō", "Promoted Knight", GOLD, sources=SRC),
        P("+L", "金将", "金", "kinshō", "Promoted Lance", GOLD, sources=SRC),
        P("+P", "金将", "金", "kinshō", "Promoted Pawn", GOLD, sources=SRC,
          note="Evans calls it the tokin (と金), as in shogi."),
    ),
    switches=Switches(bare_king=BareKingRules(rule="immediate")),
    rule_choices=CHOICES,
    presets=(
        Preset("nichureki", "The 二中歴 as English Wikipedia reads it", SRC, {c.id: c.default for c in CHOICES},
               {"heian.board": "the text gives no board: English Wikipedia's 9 × 8, with Evans' setup"}),
        Preset("evans", "Steve Evans' Heiansho.dat", EVANS,
               {"heian.board": "9x8", "heian.promotion-zone": "two", "heian.drops": "none",
                "heian.bare-king": "evans"},
               {"heian.bare-king": "Heiansho.dat comes without a rule file: the bare-king rule of his Heian.rul"},
               checked="its data files, piece by piece"),
        Preset("takami", "The Takami laboratory's board", ("takami-heian",),
               {"heian.board": "takami"},
               {"heian.promotion-zone": "the posts give the board only: the 二中歴's three ranks",
                "heian.drops": "the 二中歴's game, without drops",
                "heian.bare-king": "the 二中歴's line, read as a bare-king rule"}),
    ),
    sources=("nichureki", "enwp-heian", "evans-shogivar", "takami-heian", "jawp-shogi"),
    summary="The 二中歴's small game (about 1120): shogi without rook and bishop, no drops; the board is disputed.",
)
