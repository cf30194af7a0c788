"""Dai shogi (大将棋), the 15×15 game of the Kamakura and Muromachi periods from which Chu shogi was cut down.

15×15 board, 65 pieces a side of 29 kinds: Chu shogi's 21 kinds and eight older ones (the Iron and Stone
Generals, the Knight, the Angry Boar, the Cat Sword, the Evil Wolf, the Violent Ox and the Flying Dragon);
the nine kinds that appear only by promotion are Chu's. No drops; no check rule: a side loses when it has lost
its king and, if it has one, its crown prince, so both are ``royal``. The game is declared as Chu shogi's
differences (:meth:`~shogi_rules.model.variant_data.Variant.derive`): every piece of Chu moves and promotes as in
Chu; the promotion zone is the five far ranks.

Sources. Steve Evans' rule and data files (``Dai.rul``, ``Dai.dat``; {cite}`evans-shogivar`), written from The
Shogi Association's leaflets, for the codes, the English names, the setup and the moves; H. G.
Muller's engine HaChu ({cite}`hachu`), which plays the game (``variant dai``) with the same pieces and setup; the
Japanese and English Wikipedia articles ({cite}`jawp-dai`, {cite}`enwp-dai`) and the Japanese articles on single
pieces ({cite}`jawp-angry-boar`, {cite}`jawp-evil-wolf`), which quote the Edo-period books (象戯図式, 諸象戯図式,
象棋六種之図式) and 水無瀬兼成's 象棊纂圖部類抄 (1592) where they disagree.

Every source agrees on the setup and on the moves of Chu's pieces. The disputes (:data:`RULE_CHOICES`): which
moves may promote (Chu's rule with a five-rank zone, which both Wikipedias expect, or shogi's, which Evans and
most programs use, or HaChu's); which pieces promote (the modern tables, or only the three pieces 水無瀬兼成
names); whether Chu's Lion-trading rules apply (the Japanese article, whose reading is every choice's default,
expects Chu's rules to apply; Evans says they do not); the
moves of the Angry Boar and the Evil Wolf, where the Edo books differ; the bare king; repetition.

FEN codes: Chu shogi's letters (lishogi's) for Chu's pieces, so a Chu piece reads alike in both games; for the
older pieces ``J`` (Iron General), ``U`` (Stone General, HaChu's letter), ``Y`` (Evil Wolf) and, in parentheses,
``(Kn)``, ``(AB)``, ``(CSw)``, ``(FD)`` and ``(VO)``. ``code`` is the TSA abbreviation (Evans'); Evans writes
the kirin ``Ky`` where Chu's ``Kr`` is kept (:data:`ALIASES`).

The Takami laboratory of Osaka Electro-Communication University reconstructs the large games from 水無瀬兼成's
book, on the principle that a piece of one name moves alike in Dai, Dai Dai and Maka Dai Dai (as the Chiyoosan blog
reports it, {cite}`chiyoosan-takami-dai`). The book's own list of Dai's promotions is the ``minase`` option of
``dai.promoting-pieces``; the laboratory's moves for Dai's pieces were not found in a form this project could read,
so no option stands for a difference in them.
"""

import dataclasses

from ..model.pieces import PieceKind as P
from ..model.rules import Example, Preset, RuleChoice, RuleOption
from ..model.switches import BareKingRules, LionTradingRules, RepetitionRules, Switches
from .chu import VARIANT as CHU

EVANS = ("evans-shogivar",)
SRC = ("evans-shogivar", "hachu", "jawp-dai", "enwp-dai")
JAWP = ("jawp-dai",)

OLD = (
    P("I", "鉄将", "鉄", "tesshō", "Iron General", "fWfF", promotes_to="G", fen="J", sources=SRC,
      note="One step forward or diagonally forward; the Japanese article writes 鐵将. Must promote on the last rank "
           "where the promotion rule forces it; otherwise it stays there, unable to move."),
    P("St", "石将", "石", "sekishō", "Stone General", "fF", promotes_to="G", fen="U", sources=SRC,
      note="One step diagonally forward."),
    P("N", "桂馬", "桂", "keima", "Knight", "ffN", promotes_to="G", fen="Kn", sources=SRC,
      note="The shogi knight's jump: two squares forward and one sideways, over anything between."),
    P("AB", "嗔猪", "嗔", "shincho", "Angry Boar", "W", promotes_to="G", sources=SRC + ("jawp-angry-boar",),
      note="One step orthogonally (象戯図式, 諸象戯図式); 象棋六種之図式 takes the step back away (dai.angry-boar)."),
    P("CSw", "猫刄", "猫", "myōjin", "Cat Sword", "F", promotes_to="G", sources=SRC,
      note="One step diagonally; the Japanese article writes 猫刄."),
    P("EW", "悪狼", "狼", "akurō", "Evil Wolf", "fsWfF", promotes_to="G", fen="Y", sources=SRC + ("jawp-evil-wolf",),
      note="One step forward, sideways or diagonally forward (dai.evil-wolf)."),
    P("VO", "猛牛", "牛", "mōgyū", "Violent Ox", "W2", promotes_to="G", sources=SRC,
      note="One or two squares orthogonally; it cannot jump: the first square must be empty to reach the second "
           "(Evans' rules; HaChu)."),
    P("FD", "飛龍", "龍", "hiryū", "Flying Dragon", "F2", promotes_to="G", sources=SRC,
      note="One or two squares diagonally, without jumping (Evans' rules; HaChu)."),
)
"""The eight kinds that Dai shogi has and Chu shogi has not; every one promotes to a gold general."""

# Labels: the Japanese article's one-kanji forms for Dai (竜 for the dragon king, 龍 for the flying dragon, 丑 for
# the flying ox, 牛 for the violent ox), so that no two pieces share one.
RELABELLED = tuple(dataclasses.replace(CHU.piece(code), label=label, sources=SRC) for code, label in (("DK", "竜"), ("FO", "丑")))

# Rank a (gote's back rank) first; Evans' Dai.dat and HaChu's daiArray agree square for square.
SETUP_BOARD = ("l(kn)ujcsgkgscju(kn)l/a1(csw)1f1tet1f1(csw)1a/1(vo)1(ab)1yxnoy1(ab)1(vo)1/r(fd)mvbhdqdhbvm(fd)r/"
               "ppppppppppppppp/4i5i4/15/15/15/4I5I4/PPPPPPPPPPPPPPP/R(FD)MVBHDQDHBVM(FD)R/"
               "1(VO)1(AB)1YONXY1(AB)1(VO)1/A1(CSW)1F1TET1F1(CSW)1A/L(KN)UJCSGKGSCJU(KN)L")

ALIASES = {"Ky": "Kr", "CS": "CSw", "SG": "St", "KN": "Kr"}
"""Other codes → the code the engine writes: Evans' ``Ky`` for the kirin, HaChu's ``CS``, ``SG`` and ``KN``."""

PROMOTION = RuleChoice(
    id="dai.promotion",
    question="Which moves may promote a piece?",
    options=(
        RuleOption("chu", "As in Chu shogi with a zone of five ranks: a move that enters the zone, a capture that "
                   "starts or ends in it, or a move to a square where the piece could never move again; never "
                   "forced (the Japanese article, which expects Chu's rules of the Japan Chu Shogi Association; the "
                   "English article's 'enters the zone, or a capture partly in it').",
                   ("jawp-dai", "enwp-dai", "csr-chu"), {"promotion": "zone-entry-or-capture"}),
        RuleOption("tsa", "As in shogi: a move that enters, moves within or leaves the zone; compulsory where the "
                   "piece could not move again (a pawn, lance, iron or stone general on the last rank, a knight on "
                   "the last two) (Evans, after The Shogi Association; the programs the Japanese article "
                   "mentions).", ("evans-shogivar", "jawp-dai"), {"promotion": "zone"}),
        RuleOption("hachu", "As chu, but a pawn, lance, iron or stone general or knight that such a move takes to a "
                   "square where it could never move again must promote, and a move inside the zone that is not a "
                   "capture cannot promote (HaChu with its 'Promote on entry' option on, its default).",
                   ("hachu",), {"promotion": "zone-entry-hachu"}),
    ),
    default="chu",
    example=Example({"15o": "K", "1a": "k", "6d": "S", "2b": "P"}, select="6d"),
    note="The promotion zone is the far five ranks in every source.",
)

_MINASE_NONE = {code: {"promotes_to": None} for code in
                ("G", "S", "C", "FL", "BT", "P", "GB", "L", "RC", "SM", "VM", "B", "R", "DH", "DK",
                 "I", "St", "N", "AB", "CSw", "EW", "VO", "FD")}

PROMOTING_PIECES = RuleChoice(
    id="dai.promoting-pieces",
    question="Which pieces promote, and to what?",
    options=(
        RuleOption("modern", "Chu shogi's pieces as in Chu (gold general to rook, silver to vertical mover, pawn to "
                   "tokin, …), the eight older pieces to gold generals (Evans, HaChu, both Wikipedias' tables).",
                   SRC, {}),
        RuleOption("minase", "Only three: the drunk elephant to crown prince, the phoenix to free king, the kirin to "
                   "lion ('大象戯成馬 以上三枚', 水無瀬兼成's 象棊纂圖部類抄 of 1592 as the Japanese article quotes "
                   "it); every other piece keeps its move all game.",
                   ("jawp-dai", "shogi-burui-sho"), {"pieces": _MINASE_NONE}),
    ),
    default="modern",
    example=Example({"15o": "K", "1a": "k", "5f": "G", "9f": "X"}, select="5f"),
    note="The Japanese article notes that the promotions may have changed since the game was made.",
)

LION_TRADING = RuleChoice(
    id="dai.lion-trading",
    question="Do Chu shogi's Lion-trading rules apply?",
    options=(
        RuleOption("chu", "Yes, as lishogi plays them in Chu: a Lion may not take a protected Lion that is not next to "
                   "it, and after a Lion was taken by a piece that is not a Lion, no piece but a Lion may take a Lion "
                   "on the next move, except on that square (the Japanese article: the other rules are thought to "
                   "follow Chu's).", ("jawp-dai", "shogiops"),
                   {"switches": LionTradingRules.set(protection="protection-before", counter_strike="forbidden")}),
        RuleOption("none", "No: a Lion takes a Lion as it takes anything else ('In Dai Shogi there are no "
                   "restrictions on the capture of Lions', Evans; HaChu applies them in Chu only).",
                   ("evans-shogivar", "hachu"),
                   {"switches": LionTradingRules.set(protection="none", counter_strike="none")}),
    ),
    default="chu",
    example=Example({"15o": "K", "1a": "k", "8j": "N", "8i": "i", "8h": "n"}, select="8j"),
    note="The Lion is weaker on the larger board (Evans), which is the reason he gives for the missing rules.",
)

ANGRY_BOAR = RuleChoice(
    id="dai.angry-boar",
    question="How does the Angry Boar (嗔猪) move?",
    options=(
        RuleOption("edo", "One step orthogonally, back included (象戯図式, 諸象戯図式; Evans, HaChu).",
                   ("jawp-angry-boar", "evans-shogivar", "hachu"), {}),
        RuleOption("rokushu", "One step forward or sideways, not back (象棋六種之図式's section on Dai shogi, as the "
                   "Japanese article on the piece reports it).", ("jawp-angry-boar", "rokushu-zushiki"),
                   {"pieces": {"AB": {"betza": "fsW"}}}),
    ),
    default="edo",
    example=Example({"15o": "K", "1a": "k", "8h": "AB"}, select="8h"),
)

EVIL_WOLF = RuleChoice(
    id="dai.evil-wolf",
    question="How does the Evil Wolf (悪狼) move?",
    options=(
        RuleOption("modern", "One step forward, sideways or diagonally forward (the Japanese article's table; Evans, "
                   "HaChu).", ("jawp-evil-wolf", "evans-shogivar", "hachu"), {}),
        RuleOption("zushiki", "One step diagonally or straight forward, the silver general's move (象戯図式 and the "
                   "1696 printing of 諸象戯図式, as the Japanese article on the piece reports them).",
                   ("jawp-evil-wolf", "shogi-zushiki", "sho-shogi-zushiki"), {"pieces": {"EW": {"betza": "FfW"}}}),
    ),
    default="modern",
    example=Example({"15o": "K", "1a": "k", "8h": "Y"}, select="8h"),
)

GAME_END = RuleChoice(
    id="dai.game-end",
    question="How does the game end, besides the loss of every royal piece?",
    options=(
        RuleOption("royals", "Only by losing the king and prince (or having no move): no bare-king rule (Evans, "
                   "HaChu).", ("evans-shogivar", "hachu"), {"switches": BareKingRules.set(rule="none")}),
        RuleOption("bare-king", "Also by being left with a bare king or prince: the English article lets a side win "
                   "by taking every other piece; the engine reads it as Adams' rule (a side left with one royal piece "
                   "loses, unless its next move bares the other side too, a draw).", ("enwp-dai",),
                   {"switches": BareKingRules.set(rule="adams")}),
    ),
    default="royals",
    example=Example({"15o": "K", "1a": "k", "8h": "G", "8g": "s"}, select="8g", moves=("Gx8g", "K-2a")),
)

REPETITION = RuleChoice(
    id="dai.repetition",
    question="Is repeating a position forbidden?",
    options=(
        RuleOption("none", "No: no source of the game gives a repetition rule (Evans).", EVANS,
                   {"switches": RepetitionRules.set(rule="none")}),
        RuleOption("hachu", "A move may not recreate a position that has occurred before with the same side to move "
                   "(HaChu with its 'Allow repeats' option off, its default, in every game it plays).", ("hachu",),
                   {"switches": RepetitionRules.set(rule="no-repeat-position", attacks="checks")}),
    ),
    default="none",
    example=Example({"15o": "K", "15a": "k", "1c": "p", "8h": "G"}, select="14a", moves=("K-14o", "K-14a", "K-15o")),
)

RULE_CHOICES = (PROMOTION, PROMOTING_PIECES, LION_TRADING, ANGRY_BOAR, EVIL_WOLF, GAME_END, REPETITION)

_EVANS = {"dai.promotion": "tsa", "dai.promoting-pieces": "modern", "dai.lion-trading": "none",
          "dai.angry-boar": "edo", "dai.evil-wolf": "modern", "dai.game-end": "royals", "dai.repetition": "none"}

PRESETS = (
    Preset("jawp", "The Japanese Wikipedia article", JAWP, {c.id: c.default for c in RULE_CHOICES},
           summary="Every choice at its default: Chu shogi's rules with a five-rank zone, the Lion-trading rules "
                   "included."),
    Preset("evans", "Steve Evans' Shogi Variants, after The Shogi Association", EVANS, _EVANS,
           summary="Shogi's promotion rule with a five-rank zone; no Lion-trading rules; the TSA pieces.",
           checked="its data files, piece by piece"),
    Preset("hachu", "HaChu, H. G. Muller's engine, with its default options", ("hachu",),
           {**_EVANS, "dai.promotion": "hachu", "dai.repetition": "hachu"},
           summary="Promotion on entering the zone or capturing in it; no repeated positions; no Lion-trading rules.",
           checked="the engine itself, move by move on random games"),
    Preset("enwp", "The English Wikipedia article", ("enwp-dai",),
           {**_EVANS, "dai.promotion": "chu", "dai.game-end": "bare-king"},
           {"dai.lion-trading": "the article does not say; the preset keeps Evans' reading (no rules)"},
           summary="Chu's promotion rule; a bare king loses."),
)

VARIANT = CHU.derive(
    id="dai",
    name="Dai shogi",
    kanji="大将棋",
    files=15,
    ranks=15,
    setup=SETUP_BOARD,
    promotion_zone=5,
    add=OLD,
    replace=RELABELLED,
    cite=SRC,
    sennichite=False,
    switches=Switches(lion_trading=LionTradingRules(protection="protection-before", counter_strike="forbidden")),
    code_aliases=ALIASES,
    rule_choices=RULE_CHOICES,
    presets=PRESETS,
    derives_from=(("heiandai", "enwp-dai"),),  # the article: derived from Heian-era shogi, enlarged
    sources=("evans-shogivar", "jawp-dai", "enwp-dai", "hachu", "jawp-angry-boar", "jawp-evil-wolf",
             "shogi-burui-sho", "chiyoosan-takami-dai"),
    summary="15×15, 65 pieces a side: Chu's pieces and eight older ones; promotion in a five-rank zone; no drops.",
)
