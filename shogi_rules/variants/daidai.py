"""Dai Dai shogi (大大将棋), the Muromachi-era 17×17 game with promotion by capture.

Each side has 96 pieces of 64 kinds (68 moves with the four pieces that only appear by promotion:
山母, 仙鶴, 大象, 奮迅). Each side's array is lopsided left to right, but the whole position is the
same after a half turn of the board; two Howling Dogs stand in front of each pawn line. There are
no drops. The board has no promotion zone: a piece promotes when it captures, and must (only 21
kinds can; pawns, rooks, bishops and most others never promote). The first player to capture the
other's king wins; there is no second royal and no Chu-style restriction on trading Lions. A piece
that reaches the far rank and has no move left stays there until it is captured.

Sources: the Chinese Wikipedia article ({cite}`zhwp-daidai`), whose main text is the default of every
rule choice; Steve Evans' data and rules, which follow The Shogi Association ({cite}`evans-shogivar`,
{cite}`tsa-hodges`); H.G. Muller's HaChu piece table for Dai Dai ({cite}`hachu`) and comments
({cite}`hgm-pages`); the Japanese Wikipedia piece articles ({cite}`jawp`), whose main text follows
Umebayashi and Okano ({cite}`umebayashi-okano`) and whose footnotes quote the Edo books
({cite}`shogi-zushiki`, {cite}`sho-shogi-zushiki`, {cite}`rokushu-zushiki`). The readings were
compared in the chapter on sources and readings.

Notes on the article and on doubtful readings:

* The article's set-up table lists piece names only and loses its empty cells; the files of the nine
  pieces of each side's third rank and of the Howling Dogs are those of every published diagram
  (see ``tests/data/article_setups.py``).
* The article spells some names two ways: 鐵將 (set-up) / 鉄將 (move table), 竪行 / 豎行, 馬麟 / 馬驎,
  鳳凰 / 鳯凰. Rows use the set-up's spelling. The article writes the Howling Dog 奇犬; other sources
  write 𠵇犬.
* The article's move diagrams survive as flattened text. Where they can be read they agree with its
  text except for three pieces: the Blind Monkey 盲猿 (the diagram shows sideways steps and no
  backward step), the Flying Horse 馬麟 (the diagram shows one orthogonal step and two squares
  forward-diagonally, Evans' move; the text's move would equal the Old Kite 古鵄's) and the Standard
  Bearer 前旗 (the diagram adds two squares sideways, which the text does not name).
* The article gives the Long-nosed Goblin 天狗 only its diagonal hook move, in text and diagram alike;
  Evans and HaChu add a one-square orthogonal step.
* The Lion Dog 狛犬 has three-step linear lion power in the article (and for HaChu and Muller); Evans
  makes it a plain three-square ranging piece. The Great Elephant 大象 and Furious Fiend 奮迅 follow
  from it.
* Which pieces promote: the article's 21 agree with Evans. (A blog says
  that 象戯図式 gives no promotion to 狛犬, 毒蛇, 飛龍 and 貓刃; not checked, so not a rule choice.)
* 行鳥 is called 行馬 in 象棋六種之図式 (a name only).

Rule choices (ids ``daidai.*``): one per disputed piece, options ``zhwp`` (the article's text, the
default) and, as the sources give, ``zhwp-diagram``, ``evans``, ``shogi-zushiki``,
``shogi-zushiki-diagram``, ``rokushu``. Every option overrides piece rows only; this variant sets no
mechanism switches. The disputes, article first:

* 盲猿 ``blind-monkey``: diagonals + straight back 1 | diagonals + sideways 1 (article's diagram, Evans).
* 近王 ``neighbouring-king``: king move | all but straight back (Evans, 六種).
* 前旗 ``standard-bearer``: forward lines any, back lines 2 | + sideways 2 (article's diagram, Evans) |
  sideways 2, back lines 1 (象戯図式) | diagonals any, orthogonals 5 (六種).
* 東夷 ``eastern-barbarian``: vertical 2 + right 1 | vertical 2 + left 1 (象戯図式's diagram) |
  vertical 2, sideways and forward-diagonal 1 (Evans, 六種).
* 南蠻 ``southern-barbarian``: back-diagonal 2 + left 1 | back-diagonal 2, sideways and
  forward-diagonal 1 (JAWP, Evans) | sideways 2, vertical and forward-diagonal 1 (六種).
* 西戎 ``western-barbarian``: sideways 2, vertical 1 | + forward-diagonal 1 (Evans).
* 馬麟 ``flying-horse``: orthogonal 2, forward-diagonal 1 | orthogonal 1, forward-diagonal 2
  (article's diagram, Evans).
* 奔鬼 ``free-demon`` / 奔獏 ``free-dream-eater``: forward diagonals any | all diagonals any (Evans).
* 左車 ``left-chariot`` / 右車 ``right-chariot``: the article's lines and sideways step | the mirrored
  lines and a backward step (Evans).
* 左將 ``left-general`` / 右將 ``right-general``: all but one side | also not straight back
  (象戯図式's diagram) | king move (六種).
* 狛犬 ``lion-dog``: linear lion, three steps | plain three-square move (Evans).
* 大象 ``great-elephant``: slides + linear lion | plain ranges 3 and 5 (Evans).
* 奮迅 ``furious-fiend``: Lion + Lion Dog | Lion or plain three-square move (Evans).
* 天狗 ``long-nosed-goblin``: diagonal hook | + orthogonal step (Evans).
* 白象 ``white-elephant``: article | no straight-back move (象戯図式's diagram) | 2 in every direction (六種).
* 山母 ``mountain-witch``: diagonals and back any, forward 1 | vertical and back-diagonals any (六種).
"""

from typing import Any

from ..model.directions import BACKWARD_DIAGONAL, DIAGONAL, EIGHT, ORTHOGONAL
from ..model.movement import Atom, Hook, Lion
from ..model.pieces import PieceKind as P
from ..model.rules import Example, Preset, RuleChoice, RuleOption, options_named
from ..model.variant_data import SampleRecord, Variant

ZHWP = ("zhwp-daidai",)
SE = ("zhwp-daidai", "evans-shogivar")
SEH = ("zhwp-daidai", "evans-shogivar", "hachu")


LION = Lion()
LION_DOG = Lion(vectors=EIGHT, steps=3)
GREAT_ELEPHANT_LION_DOG = Lion(vectors=ORTHOGONAL + BACKWARD_DIAGONAL, steps=3)

PIECES = (
    # --- pieces that never promote ----------------------------------------------------------------
    P("K", "玉将", "玉将", "gyokushō", "King", "K", royal=True, sources=SEH,
      note="One step in any direction. Gote's king is called 王將. Capturing it wins."),
    P("LG", "左将", "左将", "sashō", "Left General", "FvWrW", sources=SEH,
      note="One step in any direction but straight left (daidai.left-general)."),
    P("RG", "右将", "右将", "ushō", "Right General", "FvWlW", sources=SEH,
      note="One step in any direction but straight right (daidai.right-general)."),
    P("G", "金将", "金将", "kinshō", "Gold General", "WfF", sources=SEH),
    P("S", "銀将", "銀将", "ginshō", "Silver General", "FfW", sources=SEH),
    P("C", "銅将", "銅将", "dōshō", "Copper General", "vWfF", sources=SEH),
    P("I", "鉄将", "鉄将", "tesshō", "Iron General", "fWfF", sources=SEH,
      note="The article's move table writes 鉄將."),
    P("St", "石将", "石将", "sekishō", "Stone General", "fF", fen="SG", sources=SEH,
      note="FEN code SG: St and the Savage Tiger's ST would be the same code in FEN, which ignores case."),
    P("Wo", "木将", "木将", "mokushō", "Wood General", "fF2", sources=SEH),
    P("EW", "悪狼", "悪狼", "akurō", "Evil Wolf", "fsWfF", sources=SEH),
    P("FL", "猛豹", "猛豹", "mōhyō", "Ferocious Leopard", "FvW", sources=SEH),
    P("AB", "嗔猪", "嗔猪", "shincho", "Angry Boar", "W", sources=SEH),
    P("VBe", "猛熊", "猛熊", "mōyū", "Violent Bear", "fF2sW", sources=SEH),
    P("ST", "猛虎", "猛虎", "mōko", "Savage Tiger", "vW2fF", sources=SEH),
    P("VO", "猛牛", "猛牛", "mōgyū", "Violent Ox", "W2", sources=SEH),
    P("D", "鳩槃", "鳩槃", "kyūhan", "Dove", "W2F5", sources=SEH,
      note="Up to five squares diagonally, up to two orthogonally; also 變狸's promotion."),
    P("SD", "夜叉", "夜叉", "yasha", "She-Devil", "W5F2", sources=SEH,
      note="Up to five squares orthogonally, up to two diagonally; also 變狐's promotion."),
    P("P", "歩兵", "歩兵", "fuhyō", "Pawn", "fW", sources=SEH,
      note="Never promotes; a pawn on the last rank stays there until captured."),
    P("HD", "奇犬", "奇犬", "kiken", "Howling Dog", "fRbW", sources=SEH,
      note="The article writes 奇犬; Evans and the Japanese sources write 𠵇犬."),
    P("L", "香車", "香車", "kyōsha", "Lance", "fR", sources=SEH),
    P("RC", "反車", "反車", "hensha", "Reverse Chariot", "vR", sources=SEH),
    P("SM", "横行", "横行", "ōgyō", "Side Mover", "sRvW", sources=SEH),
    P("VM", "竪行", "竪行", "shugyō", "Vertical Mover", "vRsW", sources=SEH,
      note="The article's move table writes 豎行."),
    P("GD", "大龍", "大龍", "dairyū", "Great Dragon", "vW2sRF3", sources=SEH,
      note="Also the Kirin's promotion."),
    P("GBd", "金翅", "金翅", "kinshi", "Golden Bird", "vRsW2F3", sources=SEH,
      note="Also the Phoenix's promotion."),
    P("BD", "青龍", "青龍", "seiryū", "Blue Dragon", "vW2sRfrBflF", sources=SEH,
      note="Any distance sideways and forward-right, up to two vertically, one step forward-left."),
    P("WT", "白虎", "白虎", "byakko", "White Tiger", "vRflBsW2frF", sources=SEH,
      note="Any distance vertically and forward-left, up to two sideways, one step forward-right."),
    P("WE", "白象", "白象", "hakuzō", "White Elephant", "W2fF2bB", sources=SEH,
      note="Also the Southern Barbarian's promotion (daidai.white-elephant)."),
    P("FEl", "香象", "香象", "kōzō", "Fragrant Elephant", "W2bF2fB", sources=SEH,
      note="Also the Northern Barbarian's promotion."),
    P("SBr", "前旗", "前旗", "zenki", "Standard Bearer", "fRfBbW2bF2", sources=ZHWP,
      note="The article's text; its diagram also shows two squares sideways (daidai.standard-bearer). "
           "Also the Neighbouring King's promotion."),
    P("LCh", "左車", "左車", "sasha", "Left Chariot", "fRfrBblBlW", sources=ZHWP,
      note="Any distance forward, forward-right and backward-left, one step left, as the article says "
           "(daidai.left-chariot)."),
    P("RCh", "右車", "右車", "usha", "Right Chariot", "fRflBbrBrW", sources=ZHWP,
      note="Any distance forward, forward-left and backward-right, one step right, as the article says "
           "(daidai.right-chariot)."),
    P("B", "角行", "角行", "kakugyō", "Bishop", "B", sources=SEH),
    P("R", "飛車", "飛車", "hisha", "Rook", "R", sources=SEH),
    P("FCh", "走車", "走車", "sōsha", "Racing Chariot", "RbF", sources=SEH,
      note="Evans calls it the Side Chariot."),
    P("SMo", "方行", "方行", "hōgyō", "Square Mover", "RfF", sources=SEH,
      note="Also the Prancing Stag's promotion."),
    P("DH", "龍馬", "龍馬", "ryūma", "Dragon Horse", "BW", sources=SEH,
      note="Also the Cat Sword's promotion."),
    P("DK", "龍王", "龍王", "ryūō", "Dragon King", "RF", sources=SEH,
      note="Also the Flying Dragon's promotion."),
    P("FDe", "奔鬼", "奔鬼", "honki", "Free Demon", "sRfBvW5", sources=("zhwp-daidai", "hachu", "jawp"),
      note="Forward diagonals only, as the article says (daidai.free-demon). Also the Rushing Bird's promotion."),
    P("FTp", "奔獏", "奔獏", "hombaku", "Free Dream-eater", "vRfBsW5", sources=("zhwp-daidai", "hachu"),
      note="Evans' Free Tapir. Forward diagonals only, as the article says (daidai.free-dream-eater). "
           "Also the Water Buffalo's promotion."),
    P("FK", "奔王", "奔王", "hon'ō", "Free King", "Q", sources=SEH,
      note="Also the Flying Horse's promotion."),
    P("LGn", "天狗", "天狗", "tengu", "Long-nosed Goblin", "", extra=(Hook(DIAGONAL),), sources=ZHWP,
      note="Diagonal hook move: any distance diagonally, with one optional 90° turn on an empty square, "
           "no second capture. The article gives no orthogonal step (daidai.long-nosed-goblin). "
           "Also the Old Kite's promotion."),
    P("HM", "鉤行", "鉤行", "kōgyō", "Hook Mover", "", extra=(Hook(ORTHOGONAL),), sources=SEH,
      note="Orthogonal hook move: any distance orthogonally, with one optional 90° turn on an empty square, "
           "no second capture. Also the Poisonous Snake's promotion."),
    # --- the 21 pieces that promote on capturing ------------------------------------------------
    P("BM", "盲猿", "盲猿", "mōen", "Blind Monkey", "FbW", promotes_to="MW", sources=ZHWP,
      note="The article's text: diagonally or straight back one step; its diagram shows sideways steps instead "
           "of the backward one (daidai.blind-monkey)."),
    P("OR", "老鼠", "老鼠", "rōso", "Old Rat", "fF2bW2", promotes_to="WS", sources=SEH),
    P("LD", "狛犬", "狛犬", "komainu", "Lion Dog", "", promotes_to="GE", extra=(LION_DOG,),
      sources=("zhwp-daidai", "hachu", "hgm-pages"),
      note="Lion power along each of the eight lines, up to three steps: it may jump, capture on the way "
           "and go on, capture without moving (igui) or pass (daidai.lion-dog). Also the Western "
           "Barbarian's promotion."),
    P("Ln", "獅子", "獅子", "shishi", "Lion", "", promotes_to="FF", extra=(LION,), sources=SEH,
      note="The Chu shogi Lion, without Chu's rules on trading Lions. Also the Eastern Barbarian's promotion."),
    P("EBa", "変狸", "変狸", "henri", "Enchanted Badger", "fsW2", promotes_to="D", sources=SEH),
    P("EF", "変狐", "変狐", "henko", "Enchanted Fox", "fF2bW2", promotes_to="SD", sources=SEH,
      note="Moves like the Old Rat."),
    P("Ky", "麒麟", "麒麟", "kirin", "Kirin", "FD", promotes_to="GD", sources=SEH,
      note="One step diagonally, or a jump to the second square orthogonally."),
    P("Ph", "鳳凰", "鳳凰", "hōō", "Phoenix", "WA", promotes_to="GBd", sources=SEH,
      note="One step orthogonally, or a jump to the second square diagonally. The article's promotion table "
           "writes 鳯凰."),
    P("WB", "西戎", "西戎", "seijū", "Western Barbarian", "sW2vW", promotes_to="LD", sources=ZHWP,
      note="Up to two squares sideways, one step vertically (daidai.western-barbarian)."),
    P("EB", "東夷", "東夷", "tōi", "Eastern Barbarian", "vW2rW", promotes_to="Ln",
      sources=("zhwp-daidai", "jawp", "shogi-zushiki"),
      note="Up to two squares vertically, one step right (daidai.eastern-barbarian)."),
    P("SB", "南蛮", "南蛮", "nanban", "Southern Barbarian", "bF2lW", promotes_to="WE",
      sources=("zhwp-daidai", "jawp", "shogi-zushiki", "sho-shogi-zushiki"),
      note="Up to two squares backward-diagonally, one step left (daidai.southern-barbarian)."),
    P("NB", "北狄", "北狄", "hokuteki", "Northern Barbarian", "fF2sWbF", promotes_to="FEl", sources=SEH),
    P("NK", "近王", "近王", "kinnō", "Neighbouring King", "K", promotes_to="SBr",
      sources=("zhwp-daidai", "jawp", "hachu"),
      note="Moves like the king but is not royal (daidai.neighbouring-king)."),
    P("CSw", "猫刃", "猫刃", "myōjin", "Cat Sword", "F", promotes_to="DH", sources=SEH),
    P("FD", "飛龍", "飛龍", "hiryū", "Flying Dragon", "F2", promotes_to="DK", sources=SEH),
    P("WBf", "水牛", "水牛", "suigyū", "Water Buffalo", "BsRvW2", promotes_to="FTp", sources=SEH),
    P("RB", "行鳥", "行鳥", "gyōchō", "Rushing Bird", "fsRB", promotes_to="FDe", sources=SEH,
      note="象棋六種之図式 names it 行馬."),
    P("PSt", "踊鹿", "踊鹿", "yōroku", "Prancing Stag", "FfWsW2", promotes_to="SMo", sources=SEH),
    P("FH", "馬麟", "馬麟", "barin", "Flying Horse", "W2fF", promotes_to="FK", sources=ZHWP,
      note="The article's text (up to two orthogonally, one step forward-diagonally; the text writes 馬驎); "
           "its diagram shows one step orthogonally and up to two forward-diagonally (daidai.flying-horse)."),
    P("OK", "古鵄", "古鵄", "koshi", "Old Kite", "W2fF", promotes_to="LGn", sources=SEH),
    P("PS", "毒蛇", "毒蛇", "dokuja", "Poisonous Snake", "sWfDbA", promotes_to="HM", sources=SEH,
      note="One step sideways, or a jump to the second square straight forward or diagonally backward."),
    # --- promoted forms only ---------------------------------------------------------------------
    P("MW", "山母", "山母", "sanbo", "Mountain Witch", "BbRfW", sources=SEH,
      note="Promoted Blind Monkey (daidai.mountain-witch)."),
    P("WS", "仙鶴", "仙鶴", "senkaku", "Wizard Stork", "BfRbW", sources=SEH,
      note="Promoted Old Rat."),
    P("GE", "大象", "大象", "taizō", "Great Elephant", "RbBfF2", extra=(GREAT_ELEPHANT_LION_DOG,), sources=ZHWP,
      note="Promoted Lion Dog: any distance orthogonally and backward-diagonally, up to two forward-"
           "diagonally, and the Lion Dog's power (three steps) along the orthogonal and backward-diagonal "
           "lines (daidai.great-elephant)."),
    P("FF", "奮迅", "奮迅", "funjin", "Furious Fiend", "", extra=(LION, LION_DOG), sources=ZHWP,
      note="Promoted Lion: the powers of the Lion and of the Lion Dog together (daidai.furious-fiend)."),
)

SETUP_BOARD = (
    "l(hm)dr(smo)(dk)(ftp)(rg)k(lg)(fk)(fde)(dh)(fch)(sd)(lgn)l/"
    "(rc)(ps)(ld)(bm)(fd)(rb)(ky)g(nk)g(ph)(csw)(pst)(or)(ln)(ok)(rc)/"
    "1b1(eba)1(fh)1s(gd)s1(wbf)1(ef)1(vm)1/"
    "(wt)(we)(sb)(eb)(wo)(sg)ic(gbd)ci(sg)(wo)(wb)(nb)(fel)(bd)/"
    "(rch)(sm)(vo)(ab)(ew)(vbe)(fl)(st)(sbr)(st)(fl)(vbe)(ew)(ab)(vo)(sm)(lch)/"
    "ppppppppppppppppp/"
    "5(hd)5(hd)5/"
    "17/17/17/"
    "5(HD)5(HD)5/"
    "PPPPPPPPPPPPPPPPP/"
    "(LCH)(SM)(VO)(AB)(EW)(VBE)(FL)(ST)(SBR)(ST)(FL)(VBE)(EW)(AB)(VO)(SM)(RCH)/"
    "(BD)(FEL)(NB)(WB)(WO)(SG)IC(GBD)CI(SG)(WO)(EB)(SB)(WE)(WT)/"
    "1(VM)1(EF)1(WBF)1S(GD)S1(FH)1(EBA)1B1/"
    "(RC)(OK)(LN)(OR)(PST)(CSW)(PH)G(NK)G(KY)(RB)(FD)(BM)(LD)(PS)(RC)/"
    "L(LGN)(SD)(FCH)(DH)(FDE)(FK)(LG)K(RG)(FTP)(DK)(SMO)RD(HM)L"
)

JAWP_MAIN = ("jawp", "umebayashi-okano")
JAWP_SZ = ("jawp", "shogi-zushiki")
JAWP_ROKUSHU = ("jawp", "rokushu-zushiki")


def _move(code: str, betza: str, extra: tuple[Atom, ...] = ()) -> dict[str, Any]:
    return {"pieces": {code: {"betza": betza, "extra": extra}}}


def _choice(rule_id: str, question: str, options: tuple[RuleOption, ...], note: str = "",
            example: Example | None = None) -> RuleChoice:
    return RuleChoice(rule_id, question, options, default="zhwp", note=note, example=example)


RULE_CHOICES = (
    _choice("daidai.blind-monkey", "Does the Blind Monkey 盲猿 step straight back, or sideways?", (
        RuleOption("zhwp", "One step diagonally or straight back (the article's text).", ZHWP, _move("BM", "FbW")),
        RuleOption("zhwp-diagram", "One step diagonally or sideways, not straight back (the article's own diagram; "
                   "Evans and HaChu agree).", SEH, _move("BM", "FsW")),
    )),
    _choice("daidai.neighbouring-king", "Does the Neighbouring King 近王 step straight back?", (
        RuleOption("zhwp", "Yes: one step in any of the eight directions (the article; JAWP's main text; HaChu).",
                   ("zhwp-daidai", "jawp", "umebayashi-okano", "hachu"), _move("NK", "K")),
        RuleOption("evans", "No: one step in any direction but straight back (Evans; 象棋六種之図式 as quoted by JAWP).",
                   ("evans-shogivar", "jawp", "rokushu-zushiki"), _move("NK", "FfsW")),
    )),
    _choice("daidai.standard-bearer", "How does the Standard Bearer 前旗 move besides forward and forward-diagonally?", (
        RuleOption("zhwp", "Any distance forward and forward-diagonally; up to two squares straight back and "
                   "backward-diagonally; no sideways move (the article's text).", ZHWP,
                   _move("SBr", "fRfBbW2bF2")),
        RuleOption("zhwp-diagram", "As the article's text, plus up to two squares sideways (the article's diagram; "
                   "Evans and HaChu).", SEH, _move("SBr", "fRfBbW2bF2sW2")),
        RuleOption("shogi-zushiki", "Any distance forward and forward-diagonally, up to two sideways, one step "
                   "straight back and backward-diagonally (象戯図式's diagram as quoted by JAWP).", JAWP_SZ,
                   _move("SBr", "fRfBsW2bWbF")),
        RuleOption("rokushu", "Any distance diagonally, up to five squares orthogonally (象棋六種之図式 as quoted "
                   "by JAWP).", JAWP_ROKUSHU, _move("SBr", "BW5")),
    )),
    _choice("daidai.eastern-barbarian", "How does the Eastern Barbarian 東夷 move?", (
        RuleOption("zhwp", "Up to two squares vertically, one step right (the article; JAWP's main text, which "
                   "follows 象戯図式's text).", ("zhwp-daidai", "jawp", "shogi-zushiki"), _move("EB", "vW2rW")),
        RuleOption("shogi-zushiki-diagram", "Up to two squares vertically, one step left (象戯図式's diagram as "
                   "quoted by JAWP).", JAWP_SZ, _move("EB", "vW2lW")),
        RuleOption("evans", "Up to two squares vertically, one step sideways or forward-diagonally (Evans, HaChu; "
                   "象棋六種之図式 as quoted by JAWP).", ("evans-shogivar", "hachu", "jawp", "rokushu-zushiki"),
                   _move("EB", "vW2sWfF")),
    )),
    _choice("daidai.southern-barbarian", "How does the Southern Barbarian 南蛮 move?", (
        RuleOption("zhwp", "Up to two squares backward-diagonally, one step left (the article; 象戯図式 and "
                   "諸象戯図式 as quoted by JAWP).", ("zhwp-daidai", "jawp", "shogi-zushiki", "sho-shogi-zushiki"),
                   _move("SB", "bF2lW")),
        RuleOption("evans", "Up to two squares backward-diagonally, one step sideways or forward-diagonally "
                   "(JAWP's main text; Evans; HaChu).", JAWP_MAIN + ("evans-shogivar", "hachu"),
                   _move("SB", "bF2sWfF")),
        RuleOption("rokushu", "Up to two squares sideways, one step vertically or forward-diagonally "
                   "(象棋六種之図式 as quoted by JAWP).", JAWP_ROKUSHU, _move("SB", "sW2vWfF")),
    )),
    _choice("daidai.western-barbarian", "Does the Western Barbarian 西戎 also step forward-diagonally?", (
        RuleOption("zhwp", "No: up to two squares sideways, one step vertically (the article).", ZHWP,
                   _move("WB", "sW2vW")),
        RuleOption("evans", "Yes: up to two squares sideways, one step vertically or forward-diagonally "
                   "(Evans, HaChu).", ("evans-shogivar", "hachu"), _move("WB", "sW2vWfF")),
    )),
    _choice("daidai.flying-horse", "How far does the Flying Horse 馬麟 go orthogonally and forward-diagonally?", (
        RuleOption("zhwp", "Up to two squares orthogonally, one step forward-diagonally (the article's text).", ZHWP,
                   _move("FH", "W2fF")),
        RuleOption("zhwp-diagram", "One step orthogonally, up to two squares forward-diagonally (the article's own "
                   "diagram; Evans and HaChu).", SEH, _move("FH", "WfF2")),
    ), note="The article's text gives the Flying Horse exactly the Old Kite's move."),
    _choice("daidai.free-demon", "Does the Free Demon 奔鬼 slide backward-diagonally too?", (
        RuleOption("zhwp", "No: any distance sideways and forward-diagonally, up to five squares vertically "
                   "(the article; JAWP's main text; HaChu).", ("zhwp-daidai", "jawp", "umebayashi-okano", "hachu"),
                   _move("FDe", "sRfBvW5")),
        RuleOption("evans", "Yes: any distance sideways and along all four diagonals, up to five squares "
                   "vertically (Evans).", ("evans-shogivar",), _move("FDe", "sRBvW5")),
    )),
    _choice("daidai.free-dream-eater", "Does the Free Dream-eater 奔獏 slide backward-diagonally too?", (
        RuleOption("zhwp", "No: any distance vertically and forward-diagonally, up to five squares sideways "
                   "(the article; HaChu).", ("zhwp-daidai", "hachu"), _move("FTp", "vRfBsW5")),
        RuleOption("evans", "Yes: any distance vertically and along all four diagonals, up to five squares "
                   "sideways (Evans' Free Tapir).", ("evans-shogivar",), _move("FTp", "vRBsW5")),
    )),
    _choice("daidai.left-chariot", "Which lines does the Left Chariot 左車 slide along?", (
        RuleOption("zhwp", "Forward, forward-right and backward-left any distance, one step left (the article).",
                   ZHWP, _move("LCh", "fRfrBblBlW")),
        RuleOption("evans", "Forward, forward-left and backward-right any distance, one step straight back "
                   "(Evans, HaChu).", ("evans-shogivar", "hachu"), _move("LCh", "fRflBbrBbW")),
    )),
    _choice("daidai.right-chariot", "Which lines does the Right Chariot 右車 slide along?", (
        RuleOption("zhwp", "Forward, forward-left and backward-right any distance, one step right (the article).",
                   ZHWP, _move("RCh", "fRflBbrBrW")),
        RuleOption("evans", "Forward, forward-right and backward-left any distance, one step straight back "
                   "(Evans, HaChu).", ("evans-shogivar", "hachu"), _move("RCh", "fRfrBblBbW")),
    )),
    _choice("daidai.left-general", "Where does the Left General 左将 step?", (
        RuleOption("zhwp", "Everywhere but straight left (the article; JAWP's main text; Evans; HaChu).",
                   ("zhwp-daidai", "jawp", "umebayashi-okano", "evans-shogivar", "hachu"), _move("LG", "FvWrW")),
        RuleOption("shogi-zushiki-diagram", "Everywhere but straight left and straight back (象戯図式's diagram "
                   "as quoted by JAWP).", JAWP_SZ, _move("LG", "FfWrW")),
        RuleOption("rokushu", "Everywhere, like the king (象棋六種之図式 as quoted by JAWP).", JAWP_ROKUSHU,
                   _move("LG", "K")),
    )),
    _choice("daidai.right-general", "Where does the Right General 右将 step?", (
        RuleOption("zhwp", "Everywhere but straight right (the article; JAWP's main text; Evans; HaChu).",
                   ("zhwp-daidai", "jawp", "umebayashi-okano", "evans-shogivar", "hachu"), _move("RG", "FvWlW")),
        RuleOption("shogi-zushiki-diagram", "Everywhere but straight right and straight back (象戯図式's diagram "
                   "as quoted by JAWP).", JAWP_SZ, _move("RG", "FfWlW")),
        RuleOption("rokushu", "Everywhere, like the king (象棋六種之図式 as quoted by JAWP).", JAWP_ROKUSHU,
                   _move("RG", "K")),
    )),
    _choice("daidai.lion-dog", "Is the Lion Dog 狛犬 a linear lion or a plain three-square ranging piece?", (
        RuleOption("zhwp", "Linear lion: up to three steps along one of the eight lines, jumping, capturing on "
                   "the way, igui and passing allowed (the article; HaChu; H.G. Muller).",
                   ("zhwp-daidai", "hachu", "hgm-pages"), _move("LD", "", (LION_DOG,))),
        RuleOption("evans", "Plain: up to three squares in any of the eight directions, through empty squares "
                   "(Evans).", ("evans-shogivar",), _move("LD", "Q3")),
    )),
    _choice("daidai.great-elephant", "How does the Great Elephant 大象 (promoted Lion Dog) move?", (
        RuleOption("zhwp", "Any distance orthogonally and backward-diagonally, up to two forward-diagonally, and "
                   "the Lion Dog's three-step power on the orthogonal and backward-diagonal lines (the article).",
                   ZHWP, _move("GE", "RbBfF2", (GREAT_ELEPHANT_LION_DOG,))),
        RuleOption("evans", "Up to three squares vertically and forward-diagonally, up to five sideways and "
                   "backward-diagonally, no lion power (Evans, HaChu).", ("evans-shogivar", "hachu"),
                   _move("GE", "vW3fF3sW5bF5")),
    )),
    _choice("daidai.furious-fiend", "Does the Furious Fiend 奮迅 (promoted Lion) have the Lion Dog's power?", (
        RuleOption("zhwp", "Yes: the Lion's power and the Lion Dog's three-step linear power (the article).", ZHWP,
                   _move("FF", "", (LION, LION_DOG))),
        RuleOption("evans", "No: the Lion's power, or a plain move of up to three squares in any direction "
                   "(Evans).", ("evans-shogivar",), _move("FF", "Q3", (LION,))),
    ), example=Example({"17q": "K", "1a": "k", "9i": "+(LN)", "9h": "p", "9g": "p", "9f": "p"}, select="9i")),
    _choice("daidai.long-nosed-goblin", "Does the Long-nosed Goblin 天狗 also step one square orthogonally?", (
        RuleOption("zhwp", "No: only the diagonal hook move (the article's text and diagram).", ZHWP,
                   _move("LGn", "", (Hook(DIAGONAL),))),
        RuleOption("evans", "Yes: the diagonal hook move and one step orthogonally (Evans, HaChu).",
                   ("evans-shogivar", "hachu"), _move("LGn", "W", (Hook(DIAGONAL),))),
    )),
    _choice("daidai.white-elephant", "How does the White Elephant 白象 move?", (
        RuleOption("zhwp", "Up to two squares orthogonally and forward-diagonally, any distance backward-"
                   "diagonally (the article; Evans; HaChu; 象戯図式's text as quoted by JAWP).",
                   SEH + ("jawp", "shogi-zushiki"), _move("WE", "W2fF2bB")),
        RuleOption("shogi-zushiki-diagram", "As the article, but no move straight back (象戯図式's diagram as quoted "
                   "by JAWP).", JAWP_SZ, _move("WE", "fsW2fF2bB")),
        RuleOption("rokushu", "Up to two squares in each of the eight directions (象棋六種之図式 as quoted by JAWP).",
                   JAWP_ROKUSHU, _move("WE", "K2")),
    )),
    _choice("daidai.mountain-witch", "How does the Mountain Witch 山母 (promoted Blind Monkey) move?", (
        RuleOption("zhwp", "Any distance diagonally and straight back, one step straight forward (the article; "
                   "Evans; HaChu).", SEH, _move("MW", "BbRfW")),
        RuleOption("rokushu", "Any distance vertically and backward-diagonally (the Dai Dai section of "
                   "象棋六種之図式 as quoted by JAWP).", JAWP_ROKUSHU, _move("MW", "vRbB")),
    )),
)

_ARTICLE_ELSEWHERE = {"*": "where the source has no reading of its own, the article's (it agrees, or the "
                           "article reports no disagreement)"}
PRESETS = (
    Preset("zhwp", "The Chinese Wikipedia article", ("zhwp-daidai",), {c.id: c.default for c in RULE_CHOICES}),
    Preset("evans", "Steve Evans' Shogi Variants (TSA)", ("evans-shogivar",), options_named(RULE_CHOICES, "evans"),
           _ARTICLE_ELSEWHERE, checked="its data files, piece by piece"),
    Preset("rokushu", "象棋六種之図式, as the article's footnotes report it", ("rokushu-zushiki",),
           options_named(RULE_CHOICES, "rokushu"), _ARTICLE_ELSEWHERE),
    Preset("shogi-zushiki", "象戯図式, as the article's footnotes report it", ("shogi-zushiki",),
           options_named(RULE_CHOICES, "shogi-zushiki", "shogi-zushiki-diagram"), _ARTICLE_ELSEWHERE),
)

VARIANT = Variant(
    id="daidai",
    name="Dai Dai shogi",
    kanji="大大将棋",
    files=17,
    ranks=17,
    pieces=PIECES,
    setup=SETUP_BOARD,
    promotion="capture",
    promotion_zone=0,
    drops=False,
    check_rules=False,
    sennichite=False,
    capture_promotion="compulsory",
    rule_choices=RULE_CHOICES,
    presets=PRESETS,
    derives_from=(("dai", "zhwp-daidai"),),  # the article: enlarged from Dai shogi (從與大將棋擴充)
    sources=("zhwp-daidai", "evans-shogivar", "tsa-hodges", "hachu", "hgm-pages", "jawp", "umebayashi-okano",
             "shogi-zushiki", "sho-shogi-zushiki", "rokushu-zushiki", "enwp"),
    rules_chapter="notebooks/rules-daidai",
    summary="17×17, 96 pieces a side of 64 kinds; promotion by capture (21 kinds), no drops; capture the king.",
    benchmark_depth=3,
    records=(SampleRecord("tests/data/daidai_sample_game.txt", "Sample game (daidai)"),),
)
