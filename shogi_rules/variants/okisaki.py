"""Okisaki shogi (御妃将棋), Masayuki Nakayachi's modern 10×10 shogi with a queen.

Declared as its differences from standard shogi: a bigger board, a queen beside the king, a knight
that jumps as the chess knight does and a lance that also runs backwards (the reverse chariot).

Source: the Chinese Wikipedia article ({cite}`zhwp-okisaki`); Fairy-Stockfish's ``okisakishogi``
({cite}`fairy-stockfish`); English Wikipedia ({cite}`enwp`).
"""

from ..model.pieces import PieceKind as P
from ..model.rules import Preset, RuleChoice, RuleOption
from .shogi import VARIANT as SHOGI

SRC = ("zhwp-okisaki",)

ZHWP_SETUP = "lnsgqkgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL"
FSF_SETUP = "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL"

SETUP = RuleChoice(
    id="okisaki.setup",
    question="Where do gote's king and queen stand at the start?",
    options=(
        RuleOption("zhwp", "As in the article's diagram: both kings on file 5, both queens on file 6 "
                   "(the kings face each other).", ("zhwp-okisaki",), {"setup": ZHWP_SETUP}),
        RuleOption("fairy-stockfish", "Point-symmetric: gote's king on file 6 and queen on file 5, so each "
                   "queen stands on its owner's left of the king.", ("fairy-stockfish", "enwp"),
                   {"setup": FSF_SETUP}),
    ),
    default="zhwp",
)

VARIANT = SHOGI.derive(
    id="okisaki",
    name="Okisaki shogi",
    kanji="御妃将棋",
    files=10,
    ranks=10,
    setup=ZHWP_SETUP,
    cite=SRC,
    after="K",
    add=(P("Q", "妃将", "妃", "hishō", "Queen", "Q", sources=SRC),),
    replace=(
        P("K", "玉将", "玉", "gyokushō", "King", "K", royal=True, sources=SRC,
          note="The article writes 玉將 for sente and 王將 for gote."),
        P("N", "跳馬", "跳", "chōma", "Knight", "N", promotes_to="+N", sources=SRC,
          note="The chess knight's eight jumps; never forced to promote, droppable anywhere."),
        P("L", "反車", "反", "hensha", "Reverse Chariot", "vR", promotes_to="+L", sources=SRC,
          note="English Wikipedia calls it a lance that also moves backwards. Coded L because it takes the "
               "lance's place and promotion, as Fairy-Stockfish writes it; the large games write RC."),
        P("+N", "成跳", "今", "narichō", "Promoted Knight", "WfF", sources=SRC),
        P("+L", "成反", "仝", "narihen", "Promoted Reverse Chariot", "WfF", sources=SRC),
    ),
    rule_choices=(SETUP,),
    presets=(Preset("zhwp", "The Chinese Wikipedia article", ("zhwp-okisaki",), {c.id: c.default for c in (SETUP,)}),
             Preset("fairy-stockfish", "Fairy-Stockfish's okisakishogi", ("fairy-stockfish",),
                    {"okisaki.setup": "fairy-stockfish"},  # its only choice
                    checked="the engine itself (pyffish), move by move on random games")),
    derives_from=(("shogi", "zhwp-okisaki"),),  # the article: a modern variant of shogi, by Masayuki Nakayachi
    sources=("zhwp-okisaki", "enwp", "fairy-stockfish"),
    rules_chapter="notebooks/rules-shogi-family",
    fsf_name="okisakishogi",
    fsf_hand_order="LGPSQRBN",
    benchmark_depth=4,
    benchmark_choice="okisaki.setup",
    summary="10×10, 22 pieces a side with a queen, drops as in shogi.",
)
