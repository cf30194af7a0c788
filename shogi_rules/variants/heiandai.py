"""Heian dai shogi (平安大将棋), the large game of the 二中歴, on thirteen files.

The 二中歴 ({cite}`nichureki`) calls it simply 大将棊 and says it is thirteen squares wide (十三間). It
places the pieces, each "at the head of" another (the side mover above the king, the fierce tigers above
the silvers, the flying dragons above the knights, the free chariots above the lances, the go-between
above the central pawn), names the silver twice and the knight not at all, and gives the moves of the new
pieces in a few words: the copper general does not go to the four corners, the iron general not to the
three squares behind, the side mover one step forward and any distance sideways, the fierce tiger one
step to the four corners, the flying dragon "beyond" to the four corners, the free chariot any distance
forward and back, the go-between forward and back. The pieces it shares with the small game move as
there (:mod:`shogi_rules.variants.heian`), the knight too.

Where the readings part: Japanese Wikipedia ({cite}`jawp-heiandai`) reads the text word for word; Steve
Evans' ``Heian.dat`` and ``Heian.rul`` ({cite}`evans-shogivar`) give the copper and iron generals their
later moves and the side mover a step back, and promote the flying dragon to a dragon horse; the Takami
laboratory ({cite}`takami-heian`) shortens the board to ten ranks.
"""

from ..model.pieces import PieceKind as P
from ..model.rules import Example, Preset, RuleChoice, RuleOption
from ..model.switches import BareKingRules, Switches
from ..model.variant_data import Variant

SRC = ("nichureki", "jawp-heiandai", "enwp-heiandai")
EVANS = ("evans-shogivar",)
GOLD = "WfF"

PIECES = (
    P("K", "玉将", "玉", "gyokushō", "King", "K", royal=True, sources=SRC,
      note="玉将各住一方中: each king in the middle of its side; the text also calls it 王."),
    P("G", "金将", "金", "kinshō", "Gold General", GOLD, sources=SRC),
    P("S", "銀将", "銀", "ginshō", "Silver General", "FfW", promotes_to="+S", sources=SRC),
    P("C", "銅将", "銅", "dōshō", "Copper General", "W", promotes_to="+C", sources=SRC,
      note="銅将不行四隅: it does not go to the four corners (heiandai.copper-general)."),
    P("I", "鉄将", "鉄", "tesshō", "Iron General", "fsWfF", promotes_to="+I", sources=SRC,
      note="鐵将不行後三方: it does not go to the three squares behind (heiandai.iron-general)."),
    P("N", "桂馬", "桂", "keima", "Knight", "ffN", promotes_to="+N", sources=SRC,
      note="The text leaves its move out; every reading gives it the small game's 桂馬前角超一目."),
    P("L", "香車", "香", "kyōsha", "Lance", "fR", promotes_to="+L", sources=SRC),
    P("P", "歩兵", "歩", "fuhyō", "Pawn", "fW", promotes_to="+P", pawn=True, sources=SRC),
    P("FT", "猛虎", "虎", "mōko", "Fierce Tiger", "F", promotes_to="+FT", sources=SRC,
      note="猛虎…行四角一歩: one step to the four corners."),
    P("FD", "飛龍", "龍", "hiryū", "Flying Dragon", "B", promotes_to="+FD", sources=SRC,
      note="飛龍…行四隅超越: the four diagonals, \"going beyond\" (heiandai.flying-dragon)."),
    P("FC", "奔車", "奔", "honsha", "Free Chariot", "vR", promotes_to="+FC", sources=SRC,
      note="奔車…行前後不云多少: forward and back, any distance."),
    P("SM", "横行", "横", "ōgyō", "Side Mover", "fWsR", promotes_to="+SM", sources=SRC,
      note="横行…行前一歩左右不云多少: one step forward, any distance to the sides (heiandai.side-mover)."),
    P("GB", "注人", "注", "chūnin", "Go-Between", "vW", promotes_to="+GB", sources=SRC,
      note="注人…行前後: one step forward or back."),
    # promoted forms: every one a gold, the flying dragon's disputed
    P("+S", "金将", "金", "kinshō", "Promoted Silver", GOLD, sources=SRC),
    P("+C", "金将", "金", "kinshō", "Promoted Copper", GOLD, sources=SRC),
    P("+I", "金将", "金", "kinshō", "Promoted Iron", GOLD, sources=SRC),
    P("+N", "金将", "金", "kinshō", "Promoted Knight", GOLD, sources=SRC),
    P("+L", "金将", "金", "kinshō", "Promoted Lance", GOLD, sources=SRC),
    P("+P", "金将", "金", "kinshō", "Promoted Pawn", GOLD, sources=SRC,
      note="Evans calls it the tokin (と金)."),
    P("+FT", "金将", "金", "kinshō", "Promoted Fierce Tiger", GOLD, sources=SRC),
    P("+FD", "金将", "金", "kinshō", "Promoted Flying Dragon", GOLD, sources=SRC,
      note="A gold in Japanese Wikipedia; Evans' promoted dragon (heiandai.flying-dragon-promotion)."),
    P("+FC", "金将", "金", "kinshō", "Promoted Free Chariot", GOLD, sources=SRC),
    P("+SM", "金将", "金", "kinshō", "Promoted Side Mover", GOLD, sources=SRC),
    P("+GB", "金将", "金", "kinshō", "Promoted Go-Between", GOLD, sources=SRC),
)

SETUP_13 = ("lnicsgkgscinl/(fc)(fd)2(ft)1(sm)1(ft)2(fd)(fc)/ppppppppppppp/6(gb)6/13/13/13/13/13/"
            "6(GB)6/PPPPPPPPPPPPP/(FC)(FD)2(FT)1(SM)1(FT)2(FD)(FC)/LNICSGKGSCINL")
SETUP_10 = ("lnicsgkgscinl/(fc)(fd)2(ft)1(sm)1(ft)2(fd)(fc)/ppppppppppppp/6(gb)6/13/13/"
            "6(GB)6/PPPPPPPPPPPPP/(FC)(FD)2(FT)1(SM)1(FT)2(FD)(FC)/LNICSGKGSCINL")

BOARD = RuleChoice(
    id="heiandai.board",
    question="How many ranks has the board?",
    options=(
        RuleOption("13x13", "Thirteen, a square board of the text's thirteen files (Japanese and English Wikipedia, "
                   "Steve Evans).", SRC[1:] + EVANS, {"ranks": 13, "setup": SETUP_13}),
        RuleOption("takami", "Ten: four empty ranks between the two rows of pawns, as in the large chess games of "
                   "Asia and Europe (the Takami laboratory).", ("takami-heian",),
                   {"ranks": 10, "setup": SETUP_10}),
    ),
    default="13x13",
    note="The text gives the width only (十三間).",
)

COPPER = RuleChoice(
    id="heiandai.copper-general",
    question="How does the Copper General (銅将) move?",
    options=(
        RuleOption("nichureki", "One step straight forward, back or sideways: 不行四隅, it does not go to the four "
                   "corners (the text, as Japanese Wikipedia reads it).", ("nichureki", "jawp-heiandai"),
                   {"pieces": {"C": {"betza": "W"}}}),
        RuleOption("evans", "One step straight forward or back, or diagonally forward: the copper general of the "
                   "later games (Steve Evans).", EVANS, {"pieces": {"C": {"betza": "vWfF"}}}),
    ),
    default="nichureki",
)

IRON = RuleChoice(
    id="heiandai.iron-general",
    question="How does the Iron General (鉄将) move?",
    options=(
        RuleOption("nichureki", "One step to any square but the three behind: forward, diagonally forward and "
                   "sideways (不行後三方; Japanese Wikipedia).", ("nichureki", "jawp-heiandai"),
                   {"pieces": {"I": {"betza": "fsWfF"}}}),
        RuleOption("evans", "One step forward or diagonally forward: the iron general of the later games (Steve "
                   "Evans); it must promote on the last rank.", EVANS, {"pieces": {"I": {"betza": "fWfF"}}}),
    ),
    default="nichureki",
)

SIDE_MOVER = RuleChoice(
    id="heiandai.side-mover",
    question="Does the Side Mover (横行) also step back?",
    options=(
        RuleOption("nichureki", "No: one step forward and any distance sideways (行前一歩; Japanese Wikipedia).",
                   ("nichureki", "jawp-heiandai"), {"pieces": {"SM": {"betza": "fWsR"}}}),
        RuleOption("evans", "Yes: one step forward or back and any distance sideways, the side mover of the later "
                   "games (Steve Evans).", EVANS, {"pieces": {"SM": {"betza": "vWsR"}}}),
    ),
    default="nichureki",
)

FLYING_DRAGON = RuleChoice(
    id="heiandai.flying-dragon",
    question="How does the Flying Dragon (飛龍) move, \"going beyond to the four corners\" (行四隅超越)?",
    options=(
        RuleOption("bishop", "Any distance along the four diagonals, as a bishop (the usual reading: Japanese "
                   "Wikipedia, Steve Evans).", ("jawp-heiandai", "jawp-hiryu") + EVANS,
                   {"pieces": {"FD": {"betza": "B"}}}),
        RuleOption("jump", "A jump over the first diagonal square to the second (the other reading Japanese "
                   "Wikipedia gives).", ("jawp-heiandai",), {"pieces": {"FD": {"betza": "A"}}}),
    ),
    default="bishop",
)

FLYING_DRAGON_PROMOTION = RuleChoice(
    id="heiandai.flying-dragon-promotion",
    question="What does the Flying Dragon promote to?",
    options=(
        RuleOption("gold", "A gold general, as every other piece (Japanese Wikipedia).",
                   ("jawp-heiandai", "jawp-hiryu"),
                   {"pieces": {"+FD": {"betza": GOLD, "kanji": "金将", "label": "金", "romaji": "kinshō"}}}),
        RuleOption("evans", "A promoted dragon that keeps its diagonal moves and adds one step straight in each "
                   "direction, as a dragon horse (Steve Evans).", EVANS,
                   {"pieces": {"+FD": {"betza": "BW", "kanji": "龍馬", "label": "馬", "romaji": "ryūma"}}}),
    ),
    default="gold",
)

BARE_KING = RuleChoice(
    id="heiandai.bare-king",
    question="Does a side reduced to its bare king lose?",
    options=(
        RuleOption("immediate", "Yes, at once: the objective is to take the king or every other piece (English "
                   "Wikipedia; the small game's 敵玉一将則為勝 read so).", ("enwp-heiandai", "nichureki"),
                   {"switches": BareKingRules.set(rule="immediate")}),
        RuleOption("evans", "Yes, unless its reply bares the other king too, which is a draw (Steve Evans' "
                   "Heian.rul).", EVANS, {"switches": BareKingRules.set(rule="adams")}),
        RuleOption("none", "No: only checkmate wins (the small game's last line read as checkmate).",
                   ("enwp-heian",), {"switches": BareKingRules.set(rule="none")}),
    ),
    default="immediate",
    example=Example({"7m": "K", "7a": "k", "7c": "p", "7d": "G"}, select="7a", moves=("Gx7c",)),
)

CHOICES = (BOARD, COPPER, IRON, SIDE_MOVER, FLYING_DRAGON, FLYING_DRAGON_PROMOTION, BARE_KING)

VARIANT = Variant(
    id="heiandai",
    name="Heian dai shogi",
    kanji="平安大将棋",
    files=13,
    ranks=13,
    pieces=PIECES,
    setup=SETUP_13,
    promotion="zone",
    promotion_zone=3,
    drops=False,
    switches=Switches(bare_king=BareKingRules(rule="immediate")),
    rule_choices=CHOICES,
    presets=(
        Preset("jawp", "Japanese Wikipedia's reading of the 二中歴", ("jawp-heiandai",),
               {c.id: c.default for c in CHOICES},
               {"heiandai.bare-king": "the article gives no game end: English Wikipedia's bare king"}),
        Preset("evans", "Steve Evans' Heian.dat and Heian.rul", EVANS,
               {"heiandai.board": "13x13", "heiandai.copper-general": "evans", "heiandai.iron-general": "evans",
                "heiandai.side-mover": "evans", "heiandai.flying-dragon": "bishop",
                "heiandai.flying-dragon-promotion": "evans", "heiandai.bare-king": "evans"},
               checked="its data files, piece by piece"),
        Preset("takami", "The Takami laboratory's board", ("takami-heian",), {"heiandai.board": "takami"},
               {"heiandai.copper-general": "the posts give the board only: the text's moves, as Japanese "
                                           "Wikipedia reads them",
                "heiandai.iron-general": "as the copper general", "heiandai.side-mover": "as the copper general",
                "heiandai.flying-dragon": "the usual reading", "heiandai.flying-dragon-promotion": "a gold, as "
                                                                                                  "every piece",
                "heiandai.bare-king": "English Wikipedia's bare king"}),
    ),
    sources=("nichureki", "jawp-heiandai", "enwp-heiandai", "evans-shogivar", "jawp-hiryu", "takami-heian"),
    summary="The 二中歴's large game: 13 files, 34 pieces a side, no drops; most moves read from a few words.",
)
