"""Maka Dai Dai shogi (摩訶大大将棋), the Edo-period 19×19 game grown out of Dai Dai shogi.

Source: the Chinese Wikipedia article ({cite}`zhwp-makadaidai`, the article, written in simplified characters),
whose main text is the default of every rule choice; Steve Evans' rule texts and piece tables
({cite}`evans-shogivar`, TSA-derived) for the codes, English names and the other readings; the
three Edo books quoted in the article's 19 footnotes ({cite}`rokushu-zushiki`, {cite}`shogi-zushiki`,
{cite}`sho-shogi-zushiki`); H.G. Muller's HaChu ({cite}`hachu`) and pages ({cite}`hgm-pages`).

The game: 96 pieces a side of 50 kinds, the two go-betweens (仲人) standing in front of the pawns; no
drops; no check rule (a royal piece is simply captured). A piece promotes by capturing, wherever it
stands (``promotion="capture"``, no zone): optionally when the captured piece was unpromoted,
compulsorily when it was promoted (``capture_promotion="optional-unless-promoted"``). Most of the
one-step pieces promote to a "free" (奔) piece that slides where it used to step; the king promotes
to the Emperor (自在天王). The drunk elephant's promotion, the prince (王子), is a second royal
piece: a side has lost when its king (or Emperor) and its prince have all been captured.

Kanji are copied as the article writes them (simplified: 香车, 无明, 龙王 …); the king is 玉将 for both
sides in the article's diagram; the phoenix is 凤凰 in the set-up and 鳯凰 in the move section.

Switches (``Variant.switches``, see :mod:`shogi_rules.model.switches`; set by the rule choices below; what move
generation must do):

``conversion.active`` (rule choice ``makadaidai.conversion``)
    ``True``: a piece that captures a piece whose row has ``converts_capturer_to`` (the Dark Spirit
    无明 and Buddhist Spirit 法性 → ``BSp``; the Deva 提婆 and Teaching King 教王 → ``TK``) turns
    into that piece at the end of the move, instead of promoting in the usual way, whether it was
    promoted or not and whether or not it could promote. The pieces listed in
    ``conversion.exempt`` are the exception: their owner chooses between converting,
    keeping the piece as it is, and (where the piece can promote) promoting as usual; so such a
    capture yields up to three moves. ``False``: ``converts_capturer_to`` is ignored; the capture
    promotes (or not) like any other capture.
``conversion.exempt``
    A tuple of row codes (the kind the capturing piece has at the time of the capture):
    ``("K", "E", "DE", "Pr")`` — king, Emperor, drunk elephant, prince.
``conversion.order`` (rule choice ``makadaidai.double-conversion``)
    A move that captures two or more converting pieces (a lion's double capture): ``"last"``: the
    last of them decides what the capturer becomes; ``"first"``: the first does; ``"mover"``: where
    they disagree, each piece they offer is a move of its own (``Move.conversion``).
``conversion.royal_forms`` (rule choice ``makadaidai.converted-royal``)
    Empty: a royal capturer that converts becomes an ordinary piece. ``(("TK", "RTK"), ("BSp",
    "RBSp"))``: it becomes the royal row named beside the piece (the rule set adds those rows as
    royal copies of the Teaching King and Buddhist Spirit, :func:`~shogi_rules.model.variant_data.with_royal_forms`).
``emperor.destinations`` (rule choice ``makadaidai.emperor``)
    The squares the Emperor (the :class:`~shogi_rules.model.movement.Emperor` atom) may go to, in one
    move from anywhere, whatever stands between. ``"unattacked"``: any square that no enemy
    piece attacks (the square empty, or holding an enemy piece that no other enemy piece
    protects); so it never captures a protected piece, royal or not. ``"unprotected-capture"``:
    any empty square, attacked or not, or a square holding an enemy piece that no other enemy
    piece protects.
``emperor.two_emperors``
    ``"own-protected-only"``: while both sides have an Emperor on the board, an Emperor may only
    go to a square that a piece of its own side protects (it would be taken there otherwise).
    ``"unrestricted"``: no such rule.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from ..model.directions import DIAGONAL, EIGHT, ORTHOGONAL
from ..model.movement import Emperor, Hook, Lion
from ..model.pieces import PieceKind as P
from ..model.rules import Example, Preset, RuleChoice, RuleOption, options_named
from ..model.switches import ConversionRules, EmperorRules, Switches
from ..model.variant_data import SampleRecord, Variant

SRC = ("zhwp-makadaidai", "evans-shogivar")
ZHWP = ("zhwp-makadaidai",)


LION = Lion()
LION_DOG = Lion(vectors=EIGHT, steps=3)

PIECES = (
    # --- pieces that do not promote ---------------------------------------------------------
    P("DH", "龍馬", "龍馬", "ryūma", "Dragon Horse", "BW", sources=SRC,
      note="Any distance diagonally, one square orthogonally."),
    P("DK", "龍王", "龍王", "ryūō", "Dragon King", "RF", sources=SRC,
      note="Any distance orthogonally, one square diagonally."),
    P("FK", "奔王", "奔王", "hon'ō", "Free King", "Q", sources=SRC,
      note="Any distance in the eight directions."),
    # --- pieces that promote to the gold general ------------------------------------------------
    P("P", "歩兵", "歩兵", "fuhyō", "Pawn", "fW", promotes_to="G", sources=SRC,
      note="Evans calls the promoted pawn 'Tokin'; it moves as a gold general."),
    P("N", "桂馬", "桂馬", "keima", "Knight", "ffN", promotes_to="G", sources=SRC,
      note="The shogi knight's jump: two forward and one sideways, over anything in between."),
    P("Do", "驢馬", "驢馬", "roba", "Donkey", "WvD", promotes_to="G", sources=SRC,
      note="The article: one square orthogonally, or a jump to the second square straight forwards or "
           "backwards. Evans and HaChu have no vertical step (rule choice makadaidai.donkey)."),
    P("FD", "飛龍", "飛龍", "hiryū", "Flying Dragon", "F2", promotes_to="G", sources=SRC),
    P("VO", "猛牛", "猛牛", "mōgyū", "Violent Ox", "W2", promotes_to="G", sources=SRC),
    P("Wr", "力士", "力士", "rikishi", "Wrestler", "F3sW", promotes_to="G", sources=SRC,
      note="Footnote 1 of the article: 象棋六種之図式 adds the vertical step (rule choice makadaidai.wrestler)."),
    P("GG", "金剛", "金剛", "kongō", "Guardian of the Gods", "W3fF", promotes_to="G", sources=SRC,
      note="Footnote 2: 象棋六種之図式 lets it step to all four diagonals (makadaidai.guardian-of-the-gods)."),
    P("BDe", "羅刹", "羅刹", "rasetsu", "Buddhist Devil", "fF3sbW", promotes_to="G", sources=SRC),
    P("SD", "夜叉", "夜叉", "yasha", "She-Devil", "W5F2", promotes_to="G", sources=SRC,
      note="Footnote 3: 象棋六種之図式 gives only the diagonal move (makadaidai.she-devil)."),
    P("LD", "狛犬", "狛犬", "komainu", "Lion Dog", "", promotes_to="G", sources=SRC + ("hachu", "hgm-pages"),
      extra=(LION_DOG,),
      note="Up to three squares along each of the eight lines with the lion's powers on that line "
           "(jumping, capturing on the way, igui, passing). Evans makes it a plain three-square "
           "slider (rule choice makadaidai.lion-dog)."),
    P("L", "香車", "香車", "kyōsha", "Lance", "fR", promotes_to="G", sources=SRC),
    P("RC", "反車", "反車", "hensha", "Reverse Chariot", "vR", promotes_to="G", sources=SRC),
    P("SF", "横飛", "横飛", "ōhi", "Side Flier", "sRF", promotes_to="G", sources=SRC,
      note="Footnote 4: 象棋六種之図式 steps only to the forward diagonals (makadaidai.side-flier)."),
    P("SM", "横行", "横行", "ōgyō", "Side Mover", "sRvW", promotes_to="G", sources=SRC),
    P("VM", "竪行", "竪行", "shugyō", "Vertical Mover", "vRsW", promotes_to="G", sources=SRC),
    P("RCh", "右車", "右車", "usha", "Right Chariot", "fRfrBblBbW", promotes_to="G", sources=SRC,
      note="Footnote 5 gives the 象棋六種之図式 move (makadaidai.right-chariot)."),
    P("LCh", "左車", "左車", "sasha", "Left Chariot", "fRflBbrBbW", promotes_to="G", sources=SRC,
      note="Footnote 6 gives the 象棋六種之図式 move (makadaidai.left-chariot)."),
    P("B", "角行", "角行", "kakugyō", "Bishop", "B", promotes_to="G", sources=SRC),
    P("R", "飛車", "飛車", "hisha", "Rook", "R", promotes_to="G", sources=SRC),
    P("Ca", "摩羯", "摩羯", "makatsu", "Capricorn", "", promotes_to="G", sources=SRC,
      extra=(Hook(DIAGONAL),),
      note="Any distance diagonally, turning once by 90° on an empty square on the way; it never "
           "captures twice."),
    P("HM", "鉤行", "鉤行", "kōgyō", "Hook Mover", "", promotes_to="G", sources=SRC,
      extra=(Hook(ORTHOGONAL),),
      note="Any distance orthogonally, turning once by 90° on an empty square on the way; it never "
           "captures twice."),
    # --- pieces whose promotion extends their steps to any distance ----------------------------
    P("G", "金将", "金将", "kinshō", "Gold General", "WfF", promotes_to="FGo", sources=SRC),
    P("S", "銀将", "銀将", "ginshō", "Silver General", "FfW", promotes_to="FSi", sources=SRC),
    P("C", "銅将", "銅将", "dōshō", "Copper General", "vWfF", promotes_to="FCo", sources=SRC),
    P("I", "鉄将", "鉄将", "tesshō", "Iron General", "fWfF", promotes_to="FIr", sources=SRC),
    P("T", "瓦将", "瓦将", "gashō", "Tile General", "fFbW", promotes_to="FTi", sources=SRC),
    P("St", "石将", "石将", "sekishō", "Stone General", "fF", promotes_to="FSt", sources=SRC),
    P("Ea", "土将", "土将", "doshō", "Earth General", "vW", promotes_to="FEa", sources=SRC),
    P("GB", "仲人", "仲人", "chūnin", "Go-Between", "vW", promotes_to="FG", sources=SRC),
    P("BT", "盲虎", "盲虎", "mōko", "Blind Tiger", "FsbW", promotes_to="FT", sources=SRC),
    P("FL", "猛豹", "猛豹", "mōhyō", "Ferocious Leopard", "FvW", promotes_to="FLp", sources=SRC),
    P("CS", "蟠蛇", "蟠蛇", "banja", "Coiled Serpent", "vWbF", promotes_to="FSe", sources=SRC,
      note="Footnote 7: 象棋六種之図式 has no backward step (makadaidai.coiled-serpent)."),
    P("CC", "淮鶏", "淮鶏", "waikei", "Chinese Cock", "sbWfF", promotes_to="WS", sources=SRC,
      note="Footnote 8: 象棋六種之図式 steps diagonally or straight back (makadaidai.chinese-cock)."),
    P("CSw", "猫刃", "猫刃", "myōjin", "Cat Sword", "F", promotes_to="FC", sources=SRC),
    # --- pieces that gain a new move or power by promotion ------------------------------------
    P("OM", "古猿", "古猿", "koen", "Old Monkey", "FbW", promotes_to="MW", sources=SRC,
      note="Footnote 10: 象棋六種之図式 makes it a silver general (makadaidai.old-monkey)."),
    P("RD", "臥龍", "臥龍", "garyū", "Reclining Dragon", "WbF", promotes_to="FDr", sources=SRC,
      note="Footnote 12: 象棋六種之図式 makes it a silver general (makadaidai.reclining-dragon)."),
    P("OR", "老鼠", "老鼠", "rōso", "Old Rat", "fF2bW2", promotes_to="Bt", sources=SRC),
    P("AB", "嗔猪", "嗔猪", "shincho", "Angry Boar", "W", promotes_to="FBo", sources=SRC),
    P("BB", "盲熊", "盲熊", "mōyū", "Blind Bear", "FbR", promotes_to="FBe", sources=SRC,
      note="Footnote 15: 象棋六種之図式 gives it the king's move (makadaidai.blind-bear)."),
    P("EW", "悪狼", "悪狼", "akurō", "Evil Wolf", "fsWfF", promotes_to="FW", sources=SRC),
    P("Ky", "麒麟", "麒麟", "kirin", "Kirin", "FD", promotes_to="GD", sources=SRC,
      note="One square diagonally, or a jump to the second square orthogonally."),
    P("Ph", "鳳凰", "鳳凰", "hōō", "Phoenix", "WA", promotes_to="GBd", sources=SRC,
      note="One square orthogonally, or a jump to the second square diagonally. The article's set-up "
           "writes 凤凰, its move section 鳯凰 (and once 鳯鳯, a slip); traditional 鳳凰."),
    P("Ln", "獅子", "獅子", "shishi", "Lion", "", promotes_to="FF", sources=SRC, extra=(LION,),
      note="The lion of chu shogi: two king steps a turn, jumping, igui, double capture, passing; "
           "no restriction on trading lions."),
    P("DSp", "無明", "無明", "mumyō", "Dark Spirit", "fFrWblF", promotes_to="BSp", converts_capturer_to="BSp",
      sources=SRC,
      note="One square forward-diagonally, to the right, or back-left. Its capturer becomes a Buddhist "
           "Spirit (flag capture-conversion). Footnote 18 gives two other readings (makadaidai.dark-spirit)."),
    P("DV", "提婆", "提婆", "daiba", "Deva", "fFlWbrF", promotes_to="TK", converts_capturer_to="TK",
      sources=SRC,
      note="One square forward-diagonally, to the left, or back-right. Its capturer becomes a Teaching "
           "King (flag capture-conversion). Footnote 19 gives two other readings (makadaidai.deva)."),
    P("DE", "酔象", "酔象", "suizō", "Drunk Elephant", "FfsW", promotes_to="Pr", sources=SRC),
    P("K", "玉将", "玉将", "gyokushō", "King", "K", promotes_to="E", royal=True, sources=SRC,
      note="The article names it 玉将 (the other side's 王将) and writes 玉将 for both sides in its diagram. "
           "Unlike most shogi kings it promotes, to the Emperor."),
    # --- promoted forms ---------------------------------------------------------------------
    P("FGo", "奔金", "奔金", "honkin", "Free Gold", "RfB", sources=SRC),
    P("FSi", "奔銀", "奔銀", "hongin", "Free Silver", "BfR", sources=SRC),
    P("FCo", "奔銅", "奔銅", "hondō", "Free Copper", "vRfB", sources=SRC),
    P("FIr", "奔鉄", "奔鉄", "hontetsu", "Free Iron", "fRfB", sources=SRC),
    P("FTi", "奔瓦", "奔瓦", "honga", "Free Tile", "fBbR", sources=SRC),
    P("FSt", "奔石", "奔石", "honseki", "Free Stone", "fB", sources=SRC),
    P("FEa", "奔土", "奔土", "hondo", "Free Earth", "vR", sources=SRC),
    P("FG", "奔人", "奔人", "honnin", "Free Goer", "vR", sources=SRC),
    P("FT", "奔虎", "奔虎", "honko", "Free Tiger", "BsbR", sources=SRC),
    P("FLp", "奔豹", "奔豹", "honpyō", "Free Leopard", "BvR", sources=SRC),
    P("FSe", "奔蛇", "奔蛇", "honja", "Free Serpent", "vRbB", sources=SRC),
    P("WS", "仙鶴", "仙鶴", "senkaku", "Wizard Stork", "sbRfB",
      sources=SRC + ("shogi-zushiki", "sho-shogi-zushiki", "rokushu-zushiki"),
      note="Footnote 9: all three Edo books extend the Chinese Cock's steps; most modern sources (Evans, "
           "HaChu) give the Dai Dai piece of that name instead (makadaidai.wizard-stork)."),
    P("FC", "奔猫", "奔猫", "honmyō", "Free Cat", "B", sources=SRC),
    P("MW", "山母", "山母", "sanbo", "Mountain Witch", "BbRfW", sources=SRC,
      note="Footnote 11: 象棋六種之図式 makes it a bishop (makadaidai.mountain-witch)."),
    P("FDr", "奔龍", "奔龍", "honryū", "Free Dragon", "fRfBbWbF", sources=SRC,
      note="Footnote 13 gives two other readings (makadaidai.free-dragon)."),
    P("Bt", "蝙蝠", "蝙蝠", "kōmori", "Bat", "fRbB", fen="Bat", sources=SRC,
      note="FEN code 'Bat', since Evans' 'Bt' equals the Blind Tiger's 'BT' but for case."),
    P("FBo", "奔猪", "奔猪", "honcho", "Free Boar", "BsR", sources=SRC,
      note="Footnote 14: 象棋六種之図式 slides forwards and forward-diagonally only (makadaidai.free-boar)."),
    P("FBe", "奔熊", "奔熊", "hon'yū", "Free Bear", "BsRfA", sources=SRC,
      note="Slides diagonally and sideways, and jumps to the second square forward-diagonally; beyond "
           "that square the diagonal slide is an ordinary one. Footnote 16 (makadaidai.free-bear)."),
    P("FW", "奔狼", "奔狼", "honrō", "Free Wolf", "BvRsW5", sources=SRC,
      note="Footnote 17 gives three other readings (makadaidai.free-wolf); it quotes 諸象戯図式 for the "
           "sideways one to five squares only."),
    P("GD", "大龍", "大龍", "dairyū", "Great Dragon", "vW2F3sR", sources=SRC),
    P("GBd", "金翅", "金翅", "kinshi", "Golden Bird", "sW2F3vR", sources=SRC),
    P("FF", "奮迅", "奮迅", "funjin", "Furious Fiend", "", sources=SRC, extra=(LION, LION_DOG),
      note="The lion's and the lion dog's powers together. Evans: the lion's power or a plain "
           "three-square move (rule choice makadaidai.lion-dog)."),
    P("BSp", "法性", "法性", "hosshō", "Buddhist Spirit", "Q", converts_capturer_to="BSp", sources=SRC,
      extra=(LION,), note="Free king and lion together. Its capturer becomes a Buddhist Spirit."),
    P("TK", "教王", "教王", "kyōō", "Teaching King", "Q", converts_capturer_to="TK", sources=SRC + ("hachu",),
      extra=(LION_DOG,),
      note="Free king and lion dog together. Its capturer becomes a Teaching King. Other readings: "
           "rule choice makadaidai.teaching-king."),
    P("Pr", "王子", "王子", "ōji", "Prince", "K", royal=True, sources=SRC,
      note="Moves as the king and is a second royal piece."),
    P("E", "自在天王", "天王", "jizai tennō", "Emperor", "", royal=True, sources=SRC, extra=(Emperor(),),
      note="Flies to any square under the rules of the switches emperor.destinations and "
           "emperor.two-emperors (rule choice makadaidai.emperor). Label: a short form chosen here."),
)

# The article's set-up (tests/data/makadaidai_article_setup.txt, extracted from the article), rank a first.
SETUP_BOARD = (
    "l(ea)(st)ti c s g(dsp)k(dv)g s c i t(st)(ea)l/"
    "(rc)1(csw)1(om)1(rd)(fl)(bt)(de)(bt)(fl)(cs)1(cc)1(csw)1(rc)/"
    "1(or)1(ab)1(bb)1(ew)(ph)(ln)(ky)(ew)1(bb)1(ab)1(or)1/"
    "(do)1n1(vo)1(fd)(sd)(gg)(ld)(wr)(bde)(fd)1(vo)1n1(do)/"
    "r(rch)(sm)(sf)(vm)b(dh)(dk)(hm)(fk)(ca)(dk)(dh)b(vm)(sf)(sm)(lch)r/"
    "ppppppppppppppppppp/"
    "5(gb)7(gb)5/"
    "19/19/19/19/19/"
    "5(GB)7(GB)5/"
    "PPPPPPPPPPPPPPPPPPP/"
    "R(LCH)(SM)(SF)(VM)B(DH)(DK)(CA)(FK)(HM)(DK)(DH)B(VM)(SF)(SM)(RCH)R/"
    "(DO)1N1(VO)1(FD)(BDE)(WR)(LD)(GG)(SD)(FD)1(VO)1N1(DO)/"
    "1(OR)1(AB)1(BB)1(EW)(KY)(LN)(PH)(EW)1(BB)1(AB)1(OR)1/"
    "(RC)1(CSW)1(CC)1(CS)(FL)(BT)(DE)(BT)(FL)(RD)1(OM)1(CSW)1(RC)/"
    "L(EA)(ST)TICSG(DV)K(DSP)GSCIT(ST)(EA)L"
).replace(" ", "")


def _opt(option_id: str, summary: str, sources: Iterable[str], effects: Mapping[str, Any]) -> RuleOption:
    return RuleOption(option_id, summary, tuple(sources), effects)


def _movement(rule_id: str, question: str, article_summary: str, article_sources: Iterable[str], code: str,
              article_row: Mapping[str, Any], others: list[tuple[str, str, Iterable[str], Mapping[str, Any]]],
              note: str = "", example: Example | None = None) -> RuleChoice:
    """A movement dispute about one piece row: the article's reading first, then the others."""
    options = [_opt("zhwp", article_summary, article_sources, {"pieces": {code: article_row}})]
    options += [_opt(oid, summary, sources, {"pieces": {code: row}}) for oid, summary, sources, row in others]
    return RuleChoice(rule_id, question, tuple(options), "zhwp", note, example)


R6 = ("zhwp-makadaidai", "rokushu-zushiki")
RZ = ("zhwp-makadaidai", "shogi-zushiki")
MAIN = ("zhwp-makadaidai", "evans-shogivar", "hachu")

FOOTNOTES = (
    _movement("makadaidai.wrestler", "How does the Wrestler (力士) move? (the article's footnote 1)",
              "Up to three squares diagonally, or one square sideways.", MAIN,
              "Wr", {"betza": "F3sW"},
              [("rokushu-zushiki", "Up to three squares diagonally, or one square orthogonally.", R6,
                {"betza": "F3W"})]),
    _movement("makadaidai.guardian-of-the-gods", "How does the Guardian of the Gods (金剛) move? (footnote 2)",
              "Up to three squares orthogonally, or one square forward-diagonally.", MAIN,
              "GG", {"betza": "W3fF"},
              [("rokushu-zushiki", "Up to three squares orthogonally, or one square diagonally.", R6,
                {"betza": "W3F"})]),
    _movement("makadaidai.she-devil", "How does the She-Devil (夜叉) move? (footnote 3)",
              "Up to five squares orthogonally, or up to two squares diagonally.", MAIN,
              "SD", {"betza": "W5F2"},
              [("rokushu-zushiki", "Up to two squares diagonally only.", R6, {"betza": "F2"})]),
    _movement("makadaidai.side-flier", "How does the Side Flier (横飛) move? (footnote 4)",
              "Any distance sideways, or one square diagonally.", ("zhwp-makadaidai", "evans-shogivar"),
              "SF", {"betza": "sRF"},
              [("rokushu-zushiki", "Any distance sideways, or one square forward-diagonally.", R6,
                {"betza": "sRfF"})],
              note="HaChu 0.21's table slides to one side only, apparently a slip; not offered."),
    _movement("makadaidai.right-chariot", "How does the Right Chariot (右車) move? (footnote 5)",
              "Any distance forwards, forward-right or back-left, or one square straight back.", MAIN,
              "RCh", {"betza": "fRfrBblBbW"},
              [("rokushu-zushiki", "Any distance forward-left or back-right, or one square to the right.", R6,
                {"betza": "flBbrBrW"})]),
    _movement("makadaidai.left-chariot", "How does the Left Chariot (左車) move? (footnote 6)",
              "Any distance forwards, forward-left or back-right, or one square straight back.", MAIN,
              "LCh", {"betza": "fRflBbrBbW"},
              [("rokushu-zushiki", "Any distance forward-right or back-left, or one square to the left.", R6,
                {"betza": "frBblBlW"})]),
    _movement("makadaidai.coiled-serpent", "How does the Coiled Serpent (蟠蛇) move? (footnote 7)",
              "One square forwards, backwards or back-diagonally.", MAIN,
              "CS", {"betza": "vWbF"},
              [("rokushu-zushiki", "One square forwards or back-diagonally (no straight back step).", R6,
                {"betza": "fWbF"})],
              note="The footnote is about the unpromoted piece only; the Free Serpent keeps the article's move."),
    _movement("makadaidai.chinese-cock", "How does the Chinese Cock (淮鶏) move? (footnote 8)",
              "One square sideways, forward-diagonally or straight back.", MAIN,
              "CC", {"betza": "sbWfF"},
              [("rokushu-zushiki", "One square diagonally or straight back.", R6, {"betza": "FbW"})],
              note="The footnote is about the unpromoted piece only; the Wizard Stork has its own choice."),
    _movement("makadaidai.wizard-stork", "How does the Wizard Stork (仙鶴, promoted Chinese Cock) move? (footnote 9)",
              "The Chinese Cock's steps extended: any distance sideways, forward-diagonally or straight back "
              "(象戯図式, 諸象戯図式 and 象棋六種之図式, as the article reports).",
              ("zhwp-makadaidai", "shogi-zushiki", "sho-shogi-zushiki", "rokushu-zushiki"),
              "WS", {"betza": "sbRfB"},
              [("modern", "The Dai Dai Wizard Stork, as most modern sources have it: any distance diagonally "
                "or straight forwards, one square straight back.",
                ("zhwp-makadaidai", "evans-shogivar", "hachu"), {"betza": "BfRbW"})]),
    _movement("makadaidai.old-monkey", "How does the Old Monkey (古猿) move? (footnote 10)",
              "One square diagonally or straight back.", ("zhwp-makadaidai", "evans-shogivar", "jawp"),
              "OM", {"betza": "FbW"},
              [("rokushu-zushiki", "One square diagonally or straight forwards (a silver general).", R6,
                {"betza": "FfW"})]),
    _movement("makadaidai.mountain-witch", "How does the Mountain Witch (山母, promoted Old Monkey) move? (footnote 11)",
              "Any distance diagonally or straight back, or one square straight forwards.",
              ("zhwp-makadaidai", "evans-shogivar"),
              "MW", {"betza": "BbRfW"},
              [("rokushu-zushiki", "Any distance diagonally (a bishop).", R6, {"betza": "B"})]),
    _movement("makadaidai.reclining-dragon", "How does the Reclining Dragon (臥龍) move? (footnote 12)",
              "One square orthogonally or back-diagonally.", MAIN,
              "RD", {"betza": "WbF"},
              [("rokushu-zushiki", "One square diagonally or straight forwards (a silver general).", R6,
                {"betza": "FfW"})]),
    _movement("makadaidai.free-dragon", "How does the Free Dragon (奔龍, promoted Reclining Dragon) move? (footnote 13)",
              "Any distance forwards or forward-diagonally, or one square straight back or back-diagonally.",
              ("zhwp-makadaidai", "evans-shogivar"),
              "FDr", {"betza": "fRfBbWbF"},
              [("rokushu-zushiki", "Any distance sideways or straight forwards, or one square straight back "
                "or back-diagonally.", R6, {"betza": "fsRbWbF"}),
               ("other-sources", "Any distance orthogonally or back-diagonally (the reading footnote 13 reports "
                "from unnamed other material, 亦有资料; H.G. Muller's HaChu 0.21 plays it so).",
                ("zhwp-makadaidai", "hachu"), {"betza": "RbB"})]),
    _movement("makadaidai.free-boar", "How does the Free Boar (奔猪, promoted Angry Boar) move? (footnote 14)",
              "Any distance diagonally or sideways.", ("zhwp-makadaidai", "evans-shogivar"),
              "FBo", {"betza": "BsR"},
              [("rokushu-zushiki", "Any distance straight forwards or forward-diagonally.", R6,
                {"betza": "fRfB"})]),
    _movement("makadaidai.blind-bear", "How does the Blind Bear (盲熊) move? (footnote 15)",
              "One square diagonally, or any distance straight back.", MAIN,
              "BB", {"betza": "FbR"},
              [("rokushu-zushiki", "One square in any direction (the king's move).", R6, {"betza": "K"})]),
    _movement("makadaidai.free-bear", "How does the Free Bear (奔熊, promoted Blind Bear) move? (footnote 16)",
              "Any distance diagonally or sideways, and a jump to the second square forward-diagonally.",
              ("zhwp-makadaidai", "evans-shogivar"),
              "FBe", {"betza": "BsRfA"},
              [("rokushu-zushiki", "Any distance diagonally or sideways, without the jump.", R6,
                {"betza": "BsR"})],
              example=Example({"19s": "K", "1a": "k", "10j": "+(BB)", "9i": "p", "11i": "P"}, select="10j")),
    _movement("makadaidai.free-wolf", "How does the Free Wolf (奔狼, promoted Evil Wolf) move? (footnote 17)",
              "Any distance diagonally or vertically, or one to five squares sideways (footnote 17 quotes "
              "諸象戯図式 for the sideways one to five squares only; what that book gives in the other "
              "directions the article does not say).", ("zhwp-makadaidai", "evans-shogivar"),
              "FW", {"betza": "BvRsW5"},
              [("rokushu-zushiki", "Any distance sideways, forward-diagonally or straight back.", R6,
                {"betza": "sRfBbR"}),
               ("other-sources", "Any distance sideways, orthogonally or forward-diagonally (the footnote's "
                "'other sources', read literally: 直向 is all four orthogonal directions).",
                ("zhwp-makadaidai",), {"betza": "RfB"}),
               ("hachu", "Any distance forwards, forward-diagonally or sideways, never backwards (HaChu; the "
                "Japanese Wikipedia article on the Evil Wolf).", ("hachu", "jawp"), {"betza": "fsRfB"})]),
    _movement("makadaidai.dark-spirit", "How does the Dark Spirit (無明) move? (footnote 18)",
              "One square forward-diagonally, to the right, or back-left.", MAIN,
              "DSp", {"betza": "fFrWblF"},
              [("shogi-zushiki", "One square forward-diagonally, to the right, or back-right.", RZ,
                {"betza": "fFrWbrF"}),
               ("rokushu-zushiki", "One square orthogonally, or forward-right or back-right.", R6,
                {"betza": "WrF"})]),
    _movement("makadaidai.deva", "How does the Deva (提婆) move? (footnote 19)",
              "One square forward-diagonally, to the left, or back-right.", MAIN,
              "DV", {"betza": "fFlWbrF"},
              [("shogi-zushiki", "One square forward-diagonally, to the left, or back-left.", RZ,
                {"betza": "fFlWblF"}),
               ("rokushu-zushiki", "One square orthogonally, or forward-left or back-left.", R6,
                {"betza": "WlF"})]),
)

PROMOTION = RuleChoice(
    id="makadaidai.promotion",
    question="When a piece that can promote captures, must it promote?",
    options=(
        _opt("zhwp", "Only when the captured piece was a promoted one; after capturing an unpromoted piece "
             "promotion is optional (the article's main text; H.G. Muller thinks mandatory promotion unlikely).",
             ("zhwp-makadaidai", "hgm-pages"), {"capture_promotion": "optional-unless-promoted"}),
        _opt("compulsory", "Always: every capture by a piece that can promote promotes it (the other view the "
             "article reports; Evans' rules).", ("zhwp-makadaidai", "evans-shogivar"),
             {"capture_promotion": "compulsory"}),
    ),
    default="zhwp",
    example=Example({"10a": "k", "10s": "K", "14k": "G", "14j": "p", "10k": "G", "10j": "+p"}, select="14k"),
)

ROYAL_EXEMPTION = ("K", "E", "DE", "Pr")
"""The pieces that may decline a capture conversion (stay as they are, or promote as usual)."""

CONVERSION = RuleChoice(
    id="makadaidai.conversion",
    question="Does capturing the Dark Spirit, Buddhist Spirit, Deva or Teaching King change the capturer?",
    options=(
        _opt("zhwp", "Yes: the capturer of 無明 or 法性 becomes a Buddhist Spirit, the capturer of 提婆 or 教王 a "
             "Teaching King, promoted or not, promotable or not; a king, Emperor, drunk elephant or prince may "
             "instead stay as it is or promote as usual.", ZHWP,
             {"switches": ConversionRules.set(active=True, exempt=ROYAL_EXEMPTION)}),
        _opt("off", "No: these are captured like any other piece (the TSA-derived rules have no such rule; "
             "H.G. Muller did not find it in the TSA description).", ("evans-shogivar", "hgm-pages"),
             {"switches": ConversionRules.set(active=False)}),
    ),
    default="zhwp",
    example=Example({"10a": "k", "14k": "G", "14j": "(dv)", "8k": "K", "8j": "(dv)"}, select="14k"),
    note="Whether a king, Emperor or prince that converts stays royal is the rule choice "
         "makadaidai.converted-royal.",
)

DOUBLE_CONVERSION = RuleChoice(
    id="makadaidai.double-conversion",
    question="When one move captures two converting pieces (a lion taking a Dark Spirit and a Deva), which "
             "conversion applies?",
    options=(
        _opt("zhwp", "The last: the article's rule ('whoever takes 无明 or 法性 becomes 法性', 'whoever takes 提婆 or 教王 "
             "becomes 教王') applied to each capture in turn, the later conversion replacing the earlier.", ZHWP,
             {"switches": ConversionRules.set(order="last")}),
        _opt("first", "The first: once converted the piece stays so for the rest of the move. Not from a source: "
             "the other plain answer to a case the sources do not discuss.", ZHWP,
             {"switches": ConversionRules.set(order="first")}),
        _opt("mover", "The mover's choice: where the captures would turn the piece into different pieces, the "
             "mover says which it becomes, and the move's name says it (Lnx9ix8h^TK or ^BSp). Not from a source: "
             "the answer that lets neither capture's order decide.", ZHWP,
             {"switches": ConversionRules.set(order="mover")}),
    ),
    default="zhwp",
    example=Example({"10s": "K", "10a": "k", "10k": "(LN)", "10j": "(dsp)", "10i": "(dv)"}, select="10k"),
    note="Only meaningful under makadaidai.conversion=zhwp. None of the sources discusses a move that captures "
         "two converting pieces.",
)

CONVERTED_ROYAL = RuleChoice(
    id="makadaidai.converted-royal",
    question="A king, Emperor or prince that converts on capturing a Deva, Dark Spirit, Teaching King or "
             "Buddhist Spirit: does the piece it becomes stay royal?",
    options=(
        _opt("zhwp", "No: it becomes an ordinary Teaching King or Buddhist Spirit, and a side whose last royal "
             "piece converts has lost. The article describes the conversion as taking the captured piece, turning "
             "it round and putting it in the capturer's place, so the royal piece itself leaves the board; it "
             "lets these royals decline the conversion instead.", ZHWP, {}),
        _opt("stays-royal", "Yes: it becomes a royal Teaching King or Buddhist Spirit (rows RTK and RBSp), "
             "which moves as the piece does and must be captured like any royal. No source says so: it reads the "
             "conversion as a change of move only. H.G. Muller's comment on the English Wikipedia article's "
             "talk page raises the case of a royal capturer without settling it.",
             ("enwp-talk-makadaidai",),
             {"switches": ConversionRules.set(royal_forms=(("TK", "RTK"), ("BSp", "RBSp")))}),
    ),
    default="zhwp",
    example=Example({"10k": "K", "10j": "(dv)", "10a": "k"}, select="10k"),
    note="Only meaningful under makadaidai.conversion=zhwp. No source discusses a royal Teaching King or "
         "Buddhist Spirit; the article's description of the conversion is the only text that bears on it.",
)

EMPEROR = RuleChoice(
    id="makadaidai.emperor",
    question="Where may the Emperor (自在天王, promoted king) go?",
    options=(
        _opt("zhwp", "To any square the enemy does not attack, capturing any unprotected enemy piece, never a "
             "protected king, prince or Emperor; while both sides have an Emperor, only to squares its own side "
             "protects.", ZHWP,
             {"switches": EmperorRules.set(destinations="unattacked", two_emperors="own-protected-only")}),
        _opt("evans", "To almost any square of the board; the only restriction is that it may not capture an "
             "enemy piece protected by another piece.", ("evans-shogivar",),
             {"switches": EmperorRules.set(destinations="unprotected-capture", two_emperors="unrestricted")}),
    ),
    default="zhwp",
    example=Example({"10p": "+K", "12q": "G", "10a": "k", "11a": "g", "4d": "r", "15e": "g", "15d": "s", "8h": "n",
                     "3p": "b"}, select="10p"),
)

TEACHING_KING = RuleChoice(
    id="makadaidai.teaching-king",
    question="How does the Teaching King (教王, promoted Deva) move?",
    options=(
        _opt("zhwp", "As a free king and as a lion dog (three squares along a line with the lion's powers).",
             ("zhwp-makadaidai", "hachu"), {"pieces": {"TK": {"betza": "Q", "extra": (LION_DOG,)}}}),
        _opt("evans", "As a free king only: Evans reads 'free king and lion dog' with a lion dog that is a plain "
             "three-square mover, which adds nothing.", ("evans-shogivar",),
             {"pieces": {"TK": {"betza": "Q", "extra": ()}}}),
        _opt("evans-alternative", "As a free king, or up to three steps with the lion's full powers (the "
             "alternative Evans mentions without adopting it).", ("evans-shogivar",),
             {"pieces": {"TK": {"betza": "Q", "extra": (Lion(steps=3),)}}}),
    ),
    default="zhwp",
)

LION_DOG_CHOICE = RuleChoice(
    id="makadaidai.lion-dog",
    question="Has the Lion Dog (狛犬) lion powers along its lines, and so the Furious Fiend (奮迅)?",
    options=(
        _opt("zhwp", "Yes: up to three squares along each line, jumping, capturing on the way, igui, passing; "
             "the Furious Fiend has the lion's and the lion dog's powers.",
             ("zhwp-makadaidai", "hachu", "hgm-pages"),
             {"pieces": {"LD": {"betza": "", "extra": (LION_DOG,)},
                         "FF": {"betza": "", "extra": (LION, LION_DOG)}}}),
        _opt("evans", "No: the lion dog slides up to three squares in the eight directions; the Furious Fiend "
             "moves as a lion or as such a three-square slider.", ("evans-shogivar",),
             {"pieces": {"LD": {"betza": "K3", "extra": ()},
                         "FF": {"betza": "K3", "extra": (LION,)}}}),
    ),
    default="zhwp",
    note="The Teaching King has its own rule choice (makadaidai.teaching-king).",
)

DONKEY = RuleChoice(
    id="makadaidai.donkey",
    question="How does the Donkey (驢馬) move?",
    options=(
        _opt("zhwp", "One square orthogonally, or a jump to the second square straight forwards or backwards.",
             ZHWP, {"pieces": {"Do": {"betza": "WvD"}}}),
        _opt("evans", "A jump to the second square straight forwards or backwards, or one square sideways "
             "(no vertical step).", ("evans-shogivar", "hachu"), {"pieces": {"Do": {"betza": "vDsW"}}}),
    ),
    default="zhwp",
)

RULE_CHOICES = FOOTNOTES + (PROMOTION, CONVERSION, DOUBLE_CONVERSION, CONVERTED_ROYAL, EMPEROR, TEACHING_KING, LION_DOG_CHOICE, DONKEY)

_ARTICLE_ELSEWHERE = {"*": "where the source has no reading of its own, the article's (it agrees, or the "
                           "article reports no disagreement)"}
PRESETS = (
    Preset("zhwp", "The Chinese Wikipedia article", ("zhwp-makadaidai",), {c.id: c.default for c in RULE_CHOICES}),
    Preset("evans", "Steve Evans' Shogi Variants (TSA)", ("evans-shogivar",),
           {**options_named(RULE_CHOICES, "evans"), "makadaidai.promotion": "compulsory",
            "makadaidai.conversion": "off", "makadaidai.wizard-stork": "modern"},
           {**_ARTICLE_ELSEWHERE, "makadaidai.double-conversion": "irrelevant without conversion",
            "makadaidai.converted-royal": "irrelevant without conversion"},
           checked="its data files, piece by piece"),
    Preset("rokushu-zushiki", "象棋六種之図式, as the article's footnotes report it", ("rokushu-zushiki",),
           options_named(RULE_CHOICES, "rokushu-zushiki"), _ARTICLE_ELSEWHERE),
    Preset("hachu", "H.G. Muller's HaChu 0.21 tables", ("hachu",),
           {"makadaidai.donkey": "evans", "makadaidai.free-dragon": "other-sources", "makadaidai.free-wolf": "hachu",
            "makadaidai.wizard-stork": "modern"},
           {"*": "HaChu's tables for the other pieces agree with the article, or were not checked; its rules of "
                 "play (promotion, conversion, Emperor) are the article's defaults"}),
)

VARIANT = Variant(
    id="makadaidai",
    name="Maka Dai Dai shogi",
    kanji="摩訶大大将棋",
    files=19,
    ranks=19,
    pieces=PIECES,
    setup=SETUP_BOARD,
    promotion="capture",
    promotion_zone=0,
    drops=False,
    check_rules=False,
    sennichite=False,
    rule_choices=RULE_CHOICES,
    presets=PRESETS,
    derives_from=(("daidai", "zhwp-makadaidai"),),  # the article: enlarged from Dai Dai shogi (从大大将棋扩充)
    sources=("zhwp-makadaidai", "evans-shogivar", "rokushu-zushiki", "shogi-zushiki", "sho-shogi-zushiki",
             "hachu", "hgm-pages", "jawp"),
    rules_chapter="notebooks/rules-makadaidai",
    summary="19×19, 96 pieces a side of 50 kinds; promotion by capture; the king promotes to the Emperor.",
    switches=Switches(conversion=ConversionRules(exempt=ROYAL_EXEMPTION)),
    capture_promotion="optional-unless-promoted",
    benchmark_depth=3,
    records=(SampleRecord("tests/data/makadaidai_sample_game.txt", "Sample game (makadaidai)"),),
)
