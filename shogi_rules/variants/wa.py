"""Wa shogi (和将棋), the 17th-century 11×11 game of birds and beasts.

Sources: the Chinese Wikipedia article ({cite}`zhwp-wa`), whose readable move diagrams agree with
Steve Evans' tables ({cite}`evans-shogivar`) and H.G. Muller's HaChu ({cite}`hachu`); the moves
below are Evans'. The Japan Chu Shogi Association's column ({cite}`csr-wa`)
reads the Running Rabbit and the Treacherous Fox otherwise: two rule choices. Kanji are written as
the article's setup writes them.
"""

from ..model.pieces import PieceKind as P
from ..model.rules import Example, Preset, RuleChoice, RuleOption
from ..model.variant_data import Variant

SRC = ("zhwp-wa", "evans-shogivar")

PIECES = (
    P("CK", "鶴玉", "鶴玉", "tsurugyoku", "Crane King", "K", royal=True, sources=SRC),
    P("CE", "雲鷲", "雲鷲", "unjū", "Cloud Eagle", "vRfB3sWbF", sources=SRC),
    P("FFa", "飛鷹", "飛鷹", "hiyō", "Flying Falcon", "BfW", promotes_to="TF", sources=SRC),
    P("SW", "燕羽", "燕羽", "en'u", "Swallow's Wings", "vWsR", promotes_to="GS", sources=SRC),
    P("TFo", "隠狐", "隠狐", "onko", "Treacherous Fox", "vWvDFA", sources=SRC,
      note="One step, or a jump to the second square, forwards, backwards and diagonally; "
           "the article's setup also writes 隠狐."),
    P("RR", "走兎", "走兎", "sōto", "Running Rabbit", "fRbWF", promotes_to="TFo", sources=SRC,
      note="The article's table writes 走兔."),
    P("VW", "猛狼", "猛狼", "mōrō", "Violent Wolf", "WfF", promotes_to="BE", sources=SRC),
    P("VSt", "猛鹿", "猛鹿", "mōroku", "Violent Stag", "FfW", promotes_to="RB", sources=SRC),
    P("FGs", "鳫飛", "鳫飛", "ganhi", "Flying Goose", "vWfF", promotes_to="SW", sources=SRC),
    P("FC", "鶏飛", "鶏飛", "keihi", "Flying Cock", "sWfF", promotes_to="RF", sources=SRC),
    P("SC", "烏行", "烏行", "ukō", "Strutting Crow", "fWbF", promotes_to="FFa", sources=SRC),
    P("SO", "鴟行", "鴟行", "shigyō", "Swooping Owl", "fWbF", promotes_to="CE", sources=SRC),
    P("BDg", "盲犬", "盲犬", "mōken", "Blind Dog", "sbWfF", promotes_to="VW", sources=SRC),
    P("CM", "登猿", "登猿", "tōen", "Climbing Monkey", "vWfF", promotes_to="VSt", sources=SRC),
    P("LH", "風馬", "風馬", "fūma", "Liberated Horse", "fRbW2", promotes_to="HH", sources=SRC),
    P("OC", "牛車", "牛車", "gissha", "Oxcart", "fR", promotes_to="PO", sources=SRC),
    P("SP", "萑歩", "萑歩", "kanfu", "Sparrow Pawn", "fW", promotes_to="GB", pawn=True, sources=SRC,
      note="The article's promotion text writes 蕉步."),
    # promoted forms
    P("TF", "勁鷹", "勁鷹", "keiyō", "Tenacious Falcon", "vRBsW", sources=SRC),
    P("GS", "燕行", "燕行", "engyō", "Gliding Swallow", "R", sources=SRC),
    P("BE", "熊眼", "熊眼", "yūgan", "Bear's Eyes", "K", sources=SRC),
    P("RB", "行猪", "行猪", "gyōcho", "Roaming Boar", "FfsW", sources=SRC),
    P("RF", "延鷹", "延鷹", "en'yō", "Raiding Falcon", "vRsWfF", sources=SRC),
    P("HH", "天馬", "天馬", "temma", "Heavenly Horse", "ffNbbN", sources=SRC,
      note="Jumps two squares forwards or backwards and one sideways (the knight's jump, both ways)."),
    P("PO", "歬牛", "歬牛", "sengyū", "Plodding Ox", "K", sources=SRC),
    P("GB", "金鳥", "金鳥", "kinchō", "Golden Bird", "WfF", sources=SRC),
)

SETUP_BOARD = ("(lh)(cm)(so)(fc)(vst)(ck)(vw)(fgs)(sc)(bdg)(oc)/"
               "1(ce)3(sw)3(ffa)1/"
               "(sp)(sp)(sp)(rr)(sp)(sp)(sp)(tfo)(sp)(sp)(sp)/"
               "3(sp)3(sp)3/11/11/11/"
               "3(SP)3(SP)3/"
               "(SP)(SP)(SP)(TFO)(SP)(SP)(SP)(RR)(SP)(SP)(SP)/"
               "1(FFA)3(SW)3(CE)1/"
               "(OC)(BDG)(SC)(FGS)(VW)(CK)(VST)(FC)(SO)(CM)(LH)")

DROPS = RuleChoice(
    id="wa.drops",
    question="Are captured pieces dropped back into play?",
    options=(
        RuleOption("none", "No: the historical game had no drops (the article's main statement; HaChu plays it so).",
                   ("zhwp-wa", "hachu"), {"drops": False}),
        RuleOption("modern", "Yes, as in shogi: pieces are dropped unpromoted; no Sparrow Pawn or Oxcart on the "
                   "last rank, no two unpromoted Sparrow Pawns on a file, no mate by a Sparrow Pawn drop "
                   "(the article's modern rule; Evans offers both; English Wikipedia calls it standard among modern players).",
                   ("zhwp-wa", "evans-shogivar", "enwp"), {"drops": True}),
    ),
    default="none",
    example=Example({"6k": "(CK)", "6a": "(ck)", "6f": "(SP)", "6e": "(sp)"}, select="6k", moves=("SPx6e", "CK-7a")),
)

RUNNING_RABBIT = RuleChoice(
    id="wa.running-rabbit",
    question="How does the Running Rabbit (走兎) move?",
    options=(
        RuleOption("evans", "Any distance straight forward; one square diagonally or straight back (Evans, HaChu, "
                   "English Wikipedia; the article's diagram of this piece is not readable, its promotion to the "
                   "Treacherous Fox is).", ("evans-shogivar", "hachu", "enwp"), {"pieces": {"RR": {"betza": "fRbWF"}}}),
        RuleOption("csr", "Any distance diagonally forward; one square straight forward or to any of the three "
                   "squares behind (the Japan Chu Shogi Association's column).", ("csr-wa",),
                   {"pieces": {"RR": {"betza": "fBvWbF"}}}),
    ),
    default="evans",
)

TREACHEROUS_FOX = RuleChoice(
    id="wa.treacherous-fox",
    question="How does the Treacherous Fox (隠狐) move?",
    options=(
        RuleOption("zhwp", "One square, or a jump to the second square, straight forward or back and along the four "
                   "diagonals (the article's diagram; Evans, HaChu).", ("zhwp-wa", "evans-shogivar", "hachu"),
                   {"pieces": {"TFo": {"betza": "vWvDFA"}}}),
        RuleOption("csr", "One square straight forward or back; one or two squares along the backward diagonals, "
                   "passing through a piece on the first (the Japan Chu Shogi Association's column).", ("csr-wa",),
                   {"pieces": {"TFo": {"betza": "vWbFbA"}}}),
    ),
    default="zhwp",
)

VARIANT = Variant(
    id="wa",
    name="Wa shogi",
    kanji="和将棋",
    files=11,
    ranks=11,
    pieces=PIECES,
    setup=SETUP_BOARD,
    promotion="zone",
    promotion_zone=3,
    drops=False,
    rule_choices=(DROPS, RUNNING_RABBIT, TREACHEROUS_FOX),
    presets=(Preset("zhwp", "The Chinese Wikipedia article", ("zhwp-wa",),
                    {c.id: c.default for c in (DROPS, RUNNING_RABBIT, TREACHEROUS_FOX)}),
             Preset("csr", "The Japan Chu Shogi Association's column", ("csr-wa",),
                    {"wa.running-rabbit": "csr", "wa.treacherous-fox": "csr"},
                    {"wa.drops": "the column describes the pieces only: the article's old game, without drops"})),
    sources=("zhwp-wa", "evans-shogivar", "hachu", "enwp", "csr-wa"),
    rules_chapter="notebooks/rules-shogi-family",
    summary="11×11, 27 pieces a side named after birds and beasts; drops only in modern play.",
    benchmark_depth=3,
    benchmark_choice="wa.drops",
)
