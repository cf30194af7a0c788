"""Chu shogi (中将棋), the 12×12 game from which Tenjiku, Dai Dai and Maka Dai Dai grew, and the one
large variant still played every day.

12×12 board, 46 pieces a side of 21 kinds; nine more kinds appear only by promotion. No drops: a
captured piece is out of the game. No check rule: a side loses when it has lost its king and, if it
has one, its prince (太子, the promoted drunk elephant), so both are ``royal``.

Sources. lishogi: its rules library ({cite}`shogiops`), which decides every point it implements, and its
server ({cite}`scalashogi`), which decides the games played there; the server's reading is the default of
every rule choice (a position pasted from lishogi gets lishogi's moves), and where the library reads a rule
otherwise (the bare king, repetition) its reading is the option ``shogiops`` and the preset of that name; the Japan
Chu Shogi Association ({cite}`csr-chu`), H. G. Muller ({cite}`hgm-chu`, {cite}`hgm-lion-protection`) and
his engine HaChu ({cite}`hachu`),
George Hodges' Middle Shogi Manual ({cite}`hodges-msm`) and the English and Japanese Wikipedia
articles ({cite}`enwp-chu`, {cite}`jawp-chu`) for the other readings. The piece moves are the same
in all of them; they are also the moves of the pieces of the same names in Tenjiku.

``code`` is the TSA abbreviation that Western notation writes (Hodges, as for Tenjiku), but for the
Kirin's ``Kr``, lishogi's spelling (the TSA's Tenjiku tables write ``Ky``); ``fen`` is
lishogi's one-letter SFEN code, so that the board part of a lishogi SFEN is a board of this
project's FEN form. Kanji are the Japanese forms (龍王, 竪行, 獅子); labels the one-kanji
abbreviations of Japanese Chu records.

Promotion (``promotion="zone-entry-or-capture"``, zone: the far four ranks): optional, on a move
that enters the zone, on a capture that starts or ends in it, and for a pawn or lance on reaching the
last rank; a piece that declined must leave the zone and re-enter, or capture, to get another
chance. A pawn or lance left on the last rank unpromoted stays there as a dead piece.

The Lion (獅子) and the promoted kirin move as the Tenjiku lion (two king steps, jumping, igui,
double capture, the pass); the Horned Falcon (角鷹) has that power straight forward, the Soaring
Eagle (飛鷲) on the two forward diagonals. The Lion-trading rules, the game end and repetition are
rule choices (:data:`RULE_CHOICES`); their mechanisms are :mod:`shogi_rules.model.mechanisms.lion_trading`
and :mod:`shogi_rules.model.mechanisms.bare_king`.
"""

from ..model.movement import Lion
from ..model.pieces import PieceKind as P
from ..model.rules import Example, Preset, RuleChoice, RuleOption
from ..model.switches import BareKingRules, LionTradingRules, RepetitionRules, Switches
from ..model.variant_data import SampleRecord, Variant

SRC = ("shogiops", "hodges-msm", "enwp-chu", "jawp-chu")
LISHOGI = ("shogiops", "lishogi-chu")

PIECES = (
    P("K", "玉将", "玉", "gyokushō", "King", "K", royal=True, fen="K", sources=SRC,
      note="One step in any direction. Gote's king is 王将 by tradition."),
    P("DE", "酔象", "象", "suizō", "Drunk Elephant", "FsfW", promotes_to="CP", fen="E", sources=SRC,
      note="One step in any direction but straight back; promotes to the prince, a second royal piece."),
    P("CP", "太子", "太", "taishi", "Crown Prince", "K", royal=True, sources=SRC,
      note="Promoted drunk elephant: moves as the king and is royal: a side loses when its king and "
           "prince have both been captured."),
    P("G", "金将", "金", "kinshō", "Gold General", "WfF", promotes_to="R", fen="G", sources=SRC),
    P("S", "銀将", "銀", "ginshō", "Silver General", "FfW", promotes_to="VM", fen="S", sources=SRC),
    P("C", "銅将", "銅", "dōshō", "Copper General", "vWfF", promotes_to="SM", fen="C", sources=SRC),
    P("FL", "猛豹", "豹", "mōhyō", "Ferocious Leopard", "FvW", promotes_to="B", fen="F", sources=SRC),
    P("BT", "盲虎", "虎", "mōko", "Blind Tiger", "FsbW", promotes_to="FS", fen="T", sources=SRC),
    P("Kr", "麒麟", "麒", "kirin", "Kirin", "FD", promotes_to="Ln", fen="O", sources=SRC,
      note="One step diagonally, or a jump to the second square orthogonally; promotes to a lion. "
           "Coded Kr, as lishogi's Western notation writes it, so that a game copied from lishogi reads; "
           "the TSA's tables for Tenjiku and the larger games write Ky."),
    P("Ph", "鳳凰", "鳳", "hōō", "Phoenix", "WA", promotes_to="FK", fen="X", sources=SRC,
      note="One step orthogonally, or a jump to the second square diagonally; promotes to a free king."),
    P("P", "歩兵", "歩", "fuhyō", "Pawn", "fW", promotes_to="+P", fen="P", sources=SRC),
    P("+P", "と金", "と", "tokin", "Tokin", "WfF", sources=SRC, note="Promoted pawn; moves as the gold general."),
    P("GB", "仲人", "仲", "chūnin", "Go-Between", "vW", promotes_to="DE", fen="I", sources=SRC,
      note="One step straight forward or back; promotes to a drunk elephant (which does not promote again)."),
    P("L", "香車", "香", "kyōsha", "Lance", "fR", promotes_to="WH", fen="L", sources=SRC),
    P("RC", "反車", "反", "hensha", "Reverse Chariot", "vR", promotes_to="W", fen="A", sources=SRC),
    P("SM", "横行", "横", "ōgyō", "Side Mover", "sRvW", promotes_to="FBo", fen="M", sources=SRC),
    P("VM", "竪行", "竪", "shugyō", "Vertical Mover", "vRsW", promotes_to="FO", fen="V", sources=SRC),
    P("B", "角行", "角", "kakugyō", "Bishop", "B", promotes_to="DH", fen="B", sources=SRC),
    P("R", "飛車", "飛", "hisha", "Rook", "R", promotes_to="DK", fen="R", sources=SRC),
    P("DH", "龍馬", "馬", "ryūma", "Dragon Horse", "BW", promotes_to="HF", fen="H", sources=SRC),
    P("DK", "龍王", "龍", "ryūō", "Dragon King", "RF", promotes_to="SE", fen="D", sources=SRC),
    P("FK", "奔王", "奔", "hon'ō", "Free King", "Q", fen="Q", sources=SRC,
      note="Any distance in the eight directions (the queen); does not promote."),
    P("Ln", "獅子", "獅", "shishi", "Lion", "", fen="N", sources=SRC, extra=(Lion(),),
      note="Two king steps in one turn: jumps to any square within two, captures on the first step and "
           "goes on (a double capture), captures an adjacent piece without moving (igui, 居喰い) or steps "
           "out and back (a pass, じっと). Does not promote. The Lion-trading rules: chu.lion-trading, "
           "chu.counter-strike."),
    # promoted forms
    P("WH", "白駒", "駒", "hakku", "White Horse", "vRfB", sources=SRC,
      note="Promoted lance: any distance vertically or diagonally forward."),
    P("W", "鯨鯢", "鯨", "keigei", "Whale", "vRbB", sources=SRC,
      note="Promoted reverse chariot: any distance vertically or diagonally back."),
    P("FS", "飛鹿", "鹿", "hiroku", "Flying Stag", "vRFsW", sources=SRC,
      note="Promoted blind tiger: any distance vertically, one step in the other directions."),
    P("FBo", "奔猪", "猪", "honcho", "Free Boar", "BsR", sources=SRC,
      note="Promoted side mover: any distance diagonally or sideways."),
    P("FO", "飛牛", "牛", "higyū", "Flying Ox", "BvR", sources=SRC,
      note="Promoted vertical mover: any distance diagonally or vertically."),
    P("HF", "角鷹", "鷹", "kakuō", "Horned Falcon", "BsRbR", sources=SRC,
      extra=(Lion(vectors=((0, 1),), steps=2),),
      note="Promoted dragon horse: any distance sideways, diagonally or straight back; the lion's power "
           "straight forward (a step, a jump to the second square, igui, capture and on, a pass)."),
    P("SE", "飛鷲", "鷲", "hijū", "Soaring Eagle", "RbB", sources=SRC,
      extra=(Lion(vectors=((-1, 1), (1, 1)), steps=2),),
      note="Promoted dragon king: any distance orthogonally or diagonally back; the lion's power on the two "
           "forward diagonals."),
)

# lishogi's start position (its SFEN's board), rank a (gote's back rank) first.
SETUP_BOARD = ("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/"
               "12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL")

LION_TRADING = RuleChoice(
    id="chu.lion-trading",
    question="When may a Lion capture an enemy Lion that is not next to it?",
    options=(
        RuleOption("lishogi", "Only when that Lion is unprotected: no enemy piece could recapture on its square once "
                   "the capturing Lion has left its own (so a slider behind the capturer protects: hidden "
                   "protection). On a double move the second step may take a protected Lion that is not next "
                   "to the origin only if the first step took something other than a Pawn or Go-Between; "
                   "protection is judged before the move, so a Pawn taken on the first step still counts as a "
                   "protector (lishogi; the Japan Chu Shogi Association).",
                   LISHOGI + ("csr-chu", "jawp-chu", "toybox-chu", "hgm-lion-protection"),
                   {"switches": LionTradingRules.set(protection="protection-before")}),
        RuleOption("muller", "As lishogi, but protection is judged after the move: a Lion is protected when it could "
                   "be recaptured, so a Pawn or Go-Between taken on the first step of a double capture no longer "
                   "protects the Lion taken on the second (H. G. Muller's reading of the second-step rule, "
                   "which his engine HaChu follows).",
                   ("hgm-lion-protection", "hgm-chu", "hachu"), {"switches": LionTradingRules.set(protection="protection-after")}),
        RuleOption("none", "No restriction: a Lion takes a Lion as it takes anything else (the Lion's move as the "
                   "piece tables describe it; Tenjiku, Dai Dai and Maka Dai Dai have no such rule).",
                   ("enwp-chu", "zhwp-tenjiku"), {"switches": LionTradingRules.set(protection="none")}),
    ),
    default="lishogi",
    example=Example({"12l": "K", "1a": "k", "6h": "N", "6g": "i", "6f": "n"}, select="6h"),
    note="A Lion may always take an adjacent Lion. The rule covers the promoted kirin too; the Horned Falcon "
         "and Soaring Eagle are not Lions for it.",
)

COUNTER_STRIKE = RuleChoice(
    id="chu.counter-strike",
    question="After a Lion has been taken by a piece that is not a Lion, may the other side take a Lion at once?",
    options=(
        RuleOption("lishogi", "Not with a piece that is not a Lion, except on the square where the Lion was just "
                   "taken (a kirin that took it and promoted there); a Lion may, under chu.lion-trading "
                   "(lishogi; 先獅子 in the Japanese rules).",
                   LISHOGI + ("jawp-chu", "toybox-chu", "enwp-chu"),
                   {"switches": LionTradingRules.set(counter_strike="forbidden")}),
        RuleOption("hachu", "Not with a piece that is not a Lion, anywhere: on the square where the Lion was just "
                   "taken too, so a kirin that took a Lion and promoted there may not be retaken by a non-Lion; a "
                   "Lion may, under chu.lion-trading (HaChu with its 'Okazaki rule' option off, its default).",
                   ("hachu",), {"switches": LionTradingRules.set(counter_strike="forbidden-anywhere")}),
        RuleOption("jcsa", "As lishogi, but an unprotected Lion may be taken (the Okazaki rule, which the Japan Chu "
                   "Shogi Association adopted, as H. G. Muller reports).", ("hgm-chu", "csr-chu"),
                   {"switches": LionTradingRules.set(counter_strike="unless-unprotected")}),
        RuleOption("none", "Yes: no counter-strike rule (the Lion's move as the piece tables describe it).",
                   ("enwp-chu", "zhwp-tenjiku"), {"switches": LionTradingRules.set(counter_strike="none")}),
    ),
    default="lishogi",
    example=Example({"12l": "K", "1a": "k", "6e": "O", "6c": "n", "6b": "g", "3f": "N", "9f": "+O", "9g": "G",
                     "3e": "g", "9e": "g"}, select="3e", moves=("Krx6c+",)),
    note="The square where the Lion was taken is part of the position: lishogi's SFEN writes it as its third "
         "field, this project's FEN in the en-passant field. Under every option that bans the counter-strike, the ban "
         "covers a Lion taken on the first step of a Horned Falcon's or Soaring Eagle's double move (igui, or "
         "passing on) as well as one on its destination; lishogi's server and shogiops decide it alike (the first "
         "step is an ordinary destination for them, filtered as any other).",
)

GAME_END = RuleChoice(
    id="chu.game-end",
    question="How does the game end, besides the loss of every royal piece?",
    options=(
        RuleOption("lishogi", "A side whose only piece left is its king (dead pawns and lances on the last rank not "
                   "counted) loses to a side with at least one more piece other than a pawn or go-between, "
                   "king and prince included, unless that bare king attacks a royal piece, or could take the only "
                   "such piece next to it; two bare kings draw; a side with no move loses, unless it has just "
                   "bared the other (lishogi's server, which decides the games played there, generalising the Japan "
                   "Chu Shogi Association's rule that king and one piece beat a bare king).",
                   ("scalashogi", "lishogi-chu", "csr-chu"), {"switches": BareKingRules.set(rule="lishogi")}),
        RuleOption("shogiops", "As lishogi, but only a side with exactly one royal piece bares the other, so king and "
                   "prince do not win against a bare king, and a side with no move has lost even when it has "
                   "bared the other (lishogi's rules library shogiops: its isBareKing asks for a single royal "
                   "square, and its outcome asks for moves first).",
                   ("shogiops",), {"switches": BareKingRules.set(rule="shogiops")}),
        RuleOption("jcsa", "When the only pieces left are the two kings and one more piece, not a pawn or go-between, "
                   "the side with that piece wins at once (pawns and lances dead on the last rank not counted); "
                   "a king with two or more pieces against a bare king plays on, and two bare kings are not a "
                   "result: the players may agree a draw, 持将棋 (the Japan Chu Shogi Association's 2007 rules, "
                   "二.4 to 二.6).", ("csr-chu",), {"switches": BareKingRules.set(rule="jcsa")}),
        RuleOption("royals", "Only by losing the king and prince (or by having no move): no bare-king rule (the "
                   "Middle Shogi Manual and English Wikipedia's first statement of the objective).",
                   ("hodges-msm", "enwp-chu"), {"switches": BareKingRules.set(rule="none")}),
    ),
    default="lishogi",
    example=Example({"12l": "K", "1a": "k", "6h": "G", "6g": "s", "9k": "+E"}, select="1a", moves=("Gx6g",)),
    note="The Association's rules end a game by resignation too (二.3) and a game neither side can win by agreement "
         "(持将棋, 二.6, replayed with colours reversed): decisions of the players, which a rules engine does not "
         "make. Its text speaks of kings; the engine counts a prince as a king. lishogi's server and shogiops "
         "decide alike on promotion, the Lion rules and the counter-strike; on the bare king they part as the "
         "options lishogi and shogiops say.",
)

REPETITION = RuleChoice(
    id="chu.repetition",
    question="What happens when a position repeats, and what does that mean for the Lion's pass?",
    options=(
        RuleOption("lishogi", "The fourth occurrence of a position ends the game in a draw, as sennichite in shogi, "
                   "unless exactly one side attacked with every move since the first (a check, or a move after "
                   "which the moved piece could take an enemy piece): that side loses. A pass may answer a pass "
                   "(lishogi's server, which decides the games played there).", ("lishogi-chu", "scalashogi"),
                   {"sennichite": True, "switches": RepetitionRules.set(rule="none", attacks="any-piece")}),
        RuleOption("shogiops", "No rule: a position may repeat any number of times and the game goes on (lishogi's "
                   "rules library shogiops, whose positions keep no history and whose outcome has no repetition).",
                   ("shogiops",), {"sennichite": False, "switches": RepetitionRules.set(rule="none")}),
        RuleOption("no-repeat", "A move may not recreate a position that has occurred before with the same side to "
                   "move, unless the mover is in check; so a pass can never answer a pass (English Wikipedia, after "
                   "the historical mating problems).", ("enwp-chu",),
                   {"sennichite": False, "switches": RepetitionRules.set(rule="no-repeat-position-unless-in-check",
                                                                       attacks="checks")}),
        RuleOption("hachu", "A move may not recreate a position that has occurred before with the same side to move, "
                   "in check or not; so a pass can never answer a pass (HaChu with its 'Allow repeats' option off, "
                   "its default).", ("hachu",),
                   {"sennichite": False, "switches": RepetitionRules.set(rule="no-repeat-position", attacks="checks")}),
    ),
    default="lishogi",
    example=Example({"12l": "K", "1a": "k", "1c": "p", "6h": "G"}, select="2a",
                    moves=("K-11l", "K-2a", "K-12l", "K-1a") * 2 + ("K-11l", "K-2a", "K-12l")),
    note="Not modelled: the Japan Chu Shogi Association's rule (the attacking side must deviate, repetition "
         "otherwise a draw). lishogi's server counts the attacking moves since the first occurrence; the engine "
         "asks the same of every move of the side since the first of the four occurrences.",
)

PROMOTION = RuleChoice(
    id="chu.promotion",
    question="Which moves may promote a piece, once it has declined to promote?",
    options=(
        RuleOption("lishogi", "A move that enters the zone, a capture that starts or ends in it, or a pawn or lance "
                   "reaching the last rank; a piece that declined must capture, or leave the zone and re-enter, to "
                   "promote (lishogi's server and shogiops alike; the Japan Chu Shogi Association's rule but for the "
                   "lance, see jcsa).", LISHOGI + ("scalashogi", "hgm-chu"),
                   {"promotion": "zone-entry-or-capture"}),
        RuleOption("wikipedia", "Any move that starts or ends in the zone, as in shogi, except a quiet move of the "
                   "piece that declined on its owner's previous move: the right returns after one turn (English "
                   "Wikipedia, as H. G. Muller summarises it).", ("enwp-chu", "hgm-chu"),
                   {"promotion": "zone-with-delay"}),
        RuleOption("jcsa", "As lishogi, except on the last rank: a pawn that reaches it unpromoted may still promote "
                   "there, but a lance may not and stays there a dead piece, and a go-between never promotes "
                   "without entering the zone or capturing (the Japan Chu Shogi Association: the 2004 supplement "
                   "keeps the Edo-period rescue of the pawn and withdraws the go-between's, which came from "
                   "Okazaki's rule book; the 2007 rules, section 四, name the pawn and lance left there dead "
                   "pieces).", ("csr-chu", "csr-chu-2004"),
                   {"promotion": "zone-entry-or-capture", "last_rank_promoters": ("P",)}),
        RuleOption("hachu", "A move that enters the zone, or a capture that starts or ends in it; a pawn or lance that "
                   "such a move takes to the last rank must promote, and one that reaches the last rank by a quiet "
                   "move inside the zone cannot and stays there, a dead piece (HaChu with its 'Promote on entry' "
                   "option on, its default).", ("hachu",), {"promotion": "zone-entry-hachu"}),
    ),
    default="lishogi",
    example=Example({"12l": "K", "1a": "k", "1c": "p", "6e": "S", "3b": "P", "9b": "L"}, select="6d",
                    moves=("S-6d=", "K-2a", "K-11l", "K-1a")),
    note="The Middle Shogi Manual's reading (the right is regained by moving the piece, and lost again by a "
         "deferral) needs a memory of every piece's right that a position does not hold; it is not modelled, "
         "nor is HaChu's memory of a pawn that declined to promote (it may then promote only on reaching the last "
         "rank). Promotion is forced only under hachu, on the last rank.",
)

RULE_CHOICES = (PROMOTION, LION_TRADING, COUNTER_STRIKE, GAME_END, REPETITION)

PRESETS = (
    Preset("lishogi", "lishogi's server, which decides the games played there", ("scalashogi", "lishogi-chu"),
           {c.id: c.default for c in RULE_CHOICES},
           checked="shogiops for its moves, and for its bare king the server's rule, transcribed from its source "
                   "and run on shogiops' board (its repetition rule is read from its source)"),
    Preset("shogiops", "shogiops, lishogi's rules library (its boards in the browser)", ("shogiops",),
           {**{c.id: c.default for c in RULE_CHOICES}, "chu.game-end": "shogiops", "chu.repetition": "shogiops"},
           checked="the library itself: moves and positions on random games, and the end of the game on bare-king, "
                   "stalemate and repeated positions"),
    Preset("jcsa", "The Japan Chu Shogi Association (its 2007 rules and 2004 supplement)",
           ("csr-chu", "csr-chu-2004", "hgm-chu"),
           {"chu.promotion": "jcsa", "chu.lion-trading": "lishogi", "chu.counter-strike": "jcsa",
            "chu.game-end": "jcsa"},
           {"chu.repetition": "the association's own rule (the attacking side must deviate) is not modelled; "
                              "the preset keeps lishogi's fourfold repetition"}),
    Preset("enwp", "English Wikipedia", ("enwp-chu",),
           {"chu.promotion": "wikipedia", "chu.game-end": "royals", "chu.repetition": "no-repeat",
            "chu.counter-strike": "lishogi"},
           {"chu.lion-trading": "the article states the protected-Lion rule without saying when protection is "
                                "judged; the preset keeps lishogi's reading (before the move)"}),
    Preset("hachu", "HaChu, H. G. Muller's engine, with its default options", ("hachu",),
           {"chu.promotion": "hachu", "chu.lion-trading": "muller", "chu.counter-strike": "hachu",
            "chu.game-end": "royals", "chu.repetition": "hachu"},
           checked="the engine itself, move by move on random games"),
)

VARIANT = Variant(
    id="chu",
    name="Chu shogi",
    kanji="中将棋",
    files=12,
    ranks=12,
    pieces=PIECES,
    setup=SETUP_BOARD,
    promotion="zone-entry-or-capture",
    promotion_zone=4,
    drops=False,
    check_rules=False,
    sennichite=True,
    lishogi_name="chushogi",
    kif_names=(  # lishogi's KIF: full names, a promoted piece named as the piece it moves as, except the
        # promoted gold (金飛車) and leopard (小角)
        ("K", "玉将"), ("E", "醉象"), ("+E", "太子"), ("G", "金将"), ("+G", "金飛車"), ("S", "銀将"), ("+S", "竪行"),
        ("C", "銅将"), ("+C", "横行"), ("F", "猛豹"), ("+F", "小角"), ("T", "盲虎"), ("+T", "飛鹿"), ("O", "麒麟"),
        ("+O", "獅子"), ("X", "鳳凰"), ("+X", "奔王"), ("P", "歩兵"), ("+P", "金将"), ("I", "仲人"), ("+I", "醉象"),
        ("L", "香車"), ("+L", "白駒"), ("A", "反車"), ("+A", "鯨鯢"), ("M", "横行"), ("+M", "奔猪"), ("V", "竪行"),
        ("+V", "飛牛"), ("B", "角行"), ("+B", "龍馬"), ("R", "飛車"), ("+R", "龍王"), ("H", "龍馬"), ("+H", "角鷹"),
        ("D", "龍王"), ("+D", "飛鷲"), ("Q", "奔王"), ("N", "獅子"),
    ),
    benchmark_depth=3,
    records=(SampleRecord("tests/data/chu_sample_game.txt", "Sample game (chu): a Lion trade in the opening"),),
    rule_choices=RULE_CHOICES,
    presets=PRESETS,
    derives_from=(("dai", "enwp-chu"),),  # the article: developed as a derivative of Dai shogi
    sources=("shogiops", "scalashogi", "lishogi-chu", "csr-chu", "hgm-chu", "hgm-lion-protection", "hodges-msm", "enwp-chu",
             "jawp-chu", "toybox-chu"),
    summary="12×12, 46 pieces a side; the Lion and its trading rules; no drops; capture king and prince.",
    switches=Switches(lion_trading=LionTradingRules(protection="protection-before", counter_strike="forbidden"),
                      bare_king=BareKingRules(rule="lishogi"),
                      repetition=RepetitionRules(rule="none", attacks="any-piece")),
)
