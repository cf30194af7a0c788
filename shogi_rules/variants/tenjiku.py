"""Tenjiku shogi (天竺大将棋), the Edo-period 16×16 game of range jumpers and fire demons.

An enlargement of Dai shogi first recorded in the 象戯図式 (Shōgi zushiki). 16×16 board, 78 pieces
a side of 36 kinds. The article counts 43 kinds with the promoted ones; the rows here are 45 (36 plus
nine kinds that only appear by promotion), but tokin and crown prince move as gold and king, which
leaves 43 different moves, English Wikipedia's count. No drops; no check rule: the game is won by
capturing the king and, if the side has one, the crown prince (太子, the promoted drunk elephant),
so both are ``royal``. Promotion zone: the five far ranks. A piece
promotes at most once, on the move that enters the zone or on a capture inside it
(``promotion="zone-entry"``); pawns, iron generals, knights and lances that reach the last rank
unpromoted stay there as dead pieces.

Sources: the Chinese Wikipedia article ({cite}`zhwp-tenjiku`, the article, simplified characters), whose main text
follows 象戯図式 and 諸象戯図式 ({cite}`shogi-zushiki`, {cite}`sho-shogi-zushiki`) and is the default of
every rule choice; its nine footnotes give the rules of The Shogi Association ({cite}`tsa-hodges`),
which Steve Evans' program follows ({cite}`evans-shogivar`, codes and English names); Colin Adams
({cite}`adams-tenjiku`), the modern rules of 2000 played by e-mail ({cite}`tenjiku-2000`), H.G.
Muller ({cite}`hachu`, {cite}`hgm-pages`), E. Werner's engine ({cite}`werner-tenjiku`) and Japanese
Wikipedia ({cite}`jawp`; on the Free Eagle {cite}`jawp-free-eagle`) for the other readings.

Spelling: kanji as the article's piece headings write them (步兵, 醉象, 鳯凰, 玉将); its set-up table
writes 歩兵, 凤凰 and, for gote, 酔象. Labels are the article's one-character abbreviations (its
Japanese-style special characters 师 就 立 黄 升 用 for the six pieces that have them).
``code`` is the TSA/Evans abbreviation; :data:`ALIASES` gives the Wikipedia (the article) and PBeM/T-NET
codes, which notation readers accept too; FEN codes are the Wikipedia codes (``(FD)``, ``(CS)`` …).

Range jumpers (角将 飞将 副将 大将) jump along a line over any number of pieces of lower rank, of
either side (``rank``: king and prince 4, great general 3, vice general 2, rook and bishop general 1,
the rest 0); a piece of equal or higher rank stops them. Fire demons burn (``burns``); the article's
heavenly tetrarchs paralyse adjacent enemies (``immobilises``): a paralysed piece makes no move
(no step, slide, igui or pass); passive burning by a paralysed fire demon is not a move and goes on.

Switches (``Variant.switches``, typed in :mod:`shogi_rules.model.switches` and set by the rule choices;
what move generation and burning must do; the mechanisms that read them are in
:mod:`shogi_rules.model.mechanisms`):

``range_jump.when`` (rule choice ``tenjiku.range-jump.when``)
    ``"any-move"``: a :class:`~shogi_rules.model.movement.RangeJump` may pass over pieces of lower rank
    than the mover on any move, capturing or not. ``"capturing"``: a move that passes over one or
    more pieces must end by capturing an enemy piece on its landing square; a move that does not
    capture is an ordinary slide through empty squares.
``range_jump.capture`` (rule choice ``tenjiku.range-jump.capture``)
    What a move that has passed over at least one piece may capture on its landing square.
    ``"lower"``: only an enemy piece of strictly lower rank than the mover (rank of the kind it
    has now); an enemy of equal or higher rank ends such a line: it is neither jumped nor taken.
    ``"any"``: any enemy piece, whatever its rank, kings and princes included. Under both values a
    range jumper never passes over a piece (of either side) of equal or higher rank, and a move
    that passes over nothing captures any enemy piece, as a slide does.
``fire_demon.meeting`` (rule choice ``tenjiku.fire-demon.meeting``)
    A fire demon ends its move next to an enemy fire demon (one that this move has not captured).
    ``"mover-burns"``: the moving demon is burnt (removed) and burns nothing; an ordinary capture
    on its landing square stands; the stationary demon and every other enemy piece around it
    survive. ``"mover-burns-all-after"``: the moving demon burns every adjacent enemy piece, the
    enemy fire demon(s) included, and is then burnt itself. ``"mover-burns-after"``: it burns
    every adjacent enemy piece except enemy fire demons, and is then burnt itself.
``fire_demon.promotion_burn`` (rule choice ``tenjiku.fire-demon.promotion-burn``)
    ``"at-once"``: a piece that becomes a fire demon by promoting burns the enemies around its
    landing square at the end of that move, as a fire demon that has just moved. ``"next-turn"``:
    the promoting move burns nothing; from the opponent's next move on the new demon burns as any
    other (an enemy that ends a move next to it is burnt). ``"delayed"``: as ``"next-turn"``, and
    besides, at the end of the opponent's next move every enemy piece next to the new demon burns
    (if the demon is still there); those burns are part of that move.
``fire_demon.capture`` (rule choice ``tenjiku.fire-demon.capture``)
    ``"burns"``: a fire demon's move that captures (on its landing square) burns as any other.
    ``"tame"``: a fire demon's move that captures burns nothing. ``"very-tame"``: a fire demon's
    move never captures: it has no move to a square that holds an enemy piece (burning still acts).
``tetrarchs.clash`` (rule choice ``tenjiku.tetrarchs.clash``; matters only while ``HT`` has
``immobilises``)
    A heavenly tetrarchs or a fire demon ends its move next to an enemy heavenly tetrarchs, or a
    heavenly tetrarchs ends its move next to an enemy fire demon (two fire demons: see
    ``fire_demon.meeting``). ``"mover-inactive"`` (the article's guess): the mover's power does not
    act on that enemy piece, the stationary piece's power acts on the mover. So an arriving
    tetrarchs is paralysed by the enemy tetrarchs it joins and does not paralyse it (the exemption
    lasts while the two stand side by side: it depends on which of them arrived last); an arriving
    fire demon does not burn the enemy tetrarchs (it burns the other enemies around it) and is
    paralysed by it; a tetrarchs arriving next to an enemy fire demon is burnt. ``"both-active"``:
    no exception: an arriving fire demon burns the tetrarchs; two enemy tetrarchs side by side
    paralyse each other, whichever arrived last; a tetrarchs arriving next to a fire demon is
    burnt. ``"no-effect"``: the tetrarchs' paralysis does not act on enemy tetrarchs and fire
    demons at all; burning is as usual (an arriving fire demon burns the tetrarchs, a tetrarchs
    arriving next to a fire demon is burnt).
``tetrarchs.fire_demon`` (rule choice ``tenjiku.tetrarchs.clash.fire-demon``; matters only under
``tetrarchs.clash="mover-inactive"``)
    A fire demon ends its move next to an enemy heavenly tetrarchs (and next to no enemy fire
    demon). ``"others-burn"``: it burns every other enemy around it, not the tetrarchs.
    ``"none-burn"``: it burns nothing.
``bare_king.rule`` (rule choice ``tenjiku.bare-king``)
    ``"none"``: no bare-king rule. ``"adams"``: a side whose only piece left is one royal piece
    (king or crown prince) has lost once it has moved without baring the other side as well; both
    sides bare is a draw (see :func:`shogi_rules.model.mechanisms.bare_king.lone_king_verdict`).
``repetition.rule`` (rule choice ``tenjiku.repetition``)
    ``"none"``: no repetition rule. ``"no-repeat-position"``: a move is illegal if the position it
    produces (whole board and side to move) has already occurred in the game.

The range-jump disputes are split in two because the four accounts differ on two independent
points: the article lets range jumpers jump on any move but take only lower-ranked pieces when they
jump; TSA, as the article's footnotes report it, jumps only to capture and takes anything; Evans
(written from the TSA leaflets) jumps only to capture and takes only lower ranks (the article's
capture rule); the modern rule of 2000 (Werner, adopted by the PBeM players) keeps Evans' capture-only
jumping but lets generals take equal and higher ranks, never jumping them: the capture rule the
article's footnote gives for TSA. So ``tenjiku.range-jump.when`` and ``tenjiku.range-jump.capture``
have two options each, and every account is one combination of them. The article's own game record
(38 moves, tests/data/tenjiku_article_game.txt) takes equal and higher generals by jumping and
promotes on leaving the zone: it is legal under ``tenjiku.range-jump.capture=modern-2000`` with
``tenjiku.promotion=tsa``, not under the article's main text.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from ..model.directions import DIAGONAL, EIGHT, ORTHOGONAL, SIDEWAYS, VERTICAL
from ..model.movement import Area, Fly, Igui, Lion, RangeJump, SkipSlide
from ..model.pieces import PieceKind as P
from ..model.rules import Example, Preset, RuleChoice, RuleOption
from ..model.switches import BareKingRules, FireDemonRules, RangeJumpRules, RepetitionRules, TetrarchsRules
from ..model.variant_data import SampleRecord, Variant

ZHWP = ("zhwp-tenjiku",)
SRC = ("zhwp-tenjiku", "evans-shogivar")
EDO = ("zhwp-tenjiku", "shogi-zushiki", "sho-shogi-zushiki")
TSA = ("tsa-hodges", "evans-shogivar")


# Atoms of the special pieces, shared by the rows and the rule options.
FREE_EAGLE_ZHWP = (Lion(vectors=DIAGONAL, steps=2),)
# 猫刄再度歩 read as the Cat Sword's step (one square diagonally) taken twice, turning as it likes
FREE_EAGLE_CAT_SWORD = (Lion(vectors=DIAGONAL, steps=2, turns=True),)
# Japanese Wikipedia's article on the piece (奔鷲, its section on Tenjiku): the free king's slides, no jump
# diagonally ("斜めの場合は飛び越えては行けない"), and along the four orthogonals a flight over the pieces in
# the way ("縦横の場合は飛び越えて行ける"), none of which it takes ("飛び越した駒を取ることはできない"). The
# article sets no limit of number or rank: it adds that rank does not bind the eagle, so it can take the
# enemy king from the setup, over six pieces. So it ends on any square of an orthogonal line that is
# empty or holds an enemy piece (taken), whatever stands between: a Fly along each orthogonal.
FREE_EAGLE_JAWP = tuple(Fly(v) for v in ORTHOGONAL)
LION_HAWK_ZHWP = (Lion(),)
LION_HAWK_TSA = (Area(2),)
FIRE_DEMON_AREA = (Area(3),)
# The article's tetrarchs (the article's text): slides diagonally and vertically, or up to three king
# steps; on a slide it may jump the first square when a piece stands there and go on through empty
# squares ("若被周围的棋子阻碍可以跳过并续继移动，但第二步以上则不能跳过"). Its sideways moves are the
# area steps only: no source gives this reading a sideways jump.
TETRARCHS_ZHWP = (Area(3),) + tuple(SkipSlide(v, 1, None) for v in DIAGONAL + VERTICAL)
# The same with the jump sideways as well, to the second or third square (the sideways jump of
# H.G. Muller's and E. Werner's tetrarchs, added to the article's move).
TETRARCHS_EIGHT_WAY = TETRARCHS_ZHWP + tuple(SkipSlide(v, 1, 3) for v in SIDEWAYS)
# TSA (the article's footnote 8, Evans): diagonally any distance from the second square on, sideways to the
# second or third square, jumping the first square.
TETRARCHS_TSA = tuple(SkipSlide(v, 1, None) for v in DIAGONAL) + tuple(SkipSlide(v, 1, 3) for v in SIDEWAYS)
# H.G. Muller's page and E. Werner's program: skips the first square in all eight directions; slides
# on diagonally and vertically, at most to the third square sideways.
TETRARCHS_HGM = tuple(SkipSlide(v, 1, None) for v in DIAGONAL + VERTICAL) + tuple(SkipSlide(v, 1, 3) for v in SIDEWAYS)

PIECES = (
    # --- step movers (固定距离步行棋子) ---------------------------------------------------------
    P("K", "玉将", "玉", "gyokushō", "King", "K", royal=True, rank=4, sources=SRC,
      note="One step in any direction; does not promote. The article's heading writes 玉(王)将: gote's king "
           "is 王将 by tradition, the article's set-up writes 玉将 for both."),
    P("CP", "太子", "太", "taishi", "Crown Prince", "K", royal=True, rank=4, sources=SRC,
      note="Promoted drunk elephant; moves as the king and is a second royal piece: a side loses when "
           "its king and prince have both been captured."),
    P("DE", "酔象", "象", "suizō", "Drunk Elephant", "FsfW", promotes_to="CP", sources=SRC,
      note="One step in any direction but straight back. The article's set-up writes 酔象 for gote's."),
    P("G", "金将", "金", "kinshō", "Gold General", "WfF", promotes_to="R", sources=SRC),
    P("+P", "と", "と", "tokin", "Tokin", "WfF", sources=SRC,
      note="Promoted pawn; moves as the gold general."),
    P("S", "銀将", "銀", "ginshō", "Silver General", "FfW", promotes_to="VM", sources=SRC),
    P("C", "銅将", "銅", "dōshō", "Copper General", "vWfF", promotes_to="SM", sources=SRC),
    P("I", "鉄将", "鉄", "tesshō", "Iron General", "fWfF", promotes_to="VSo", sources=SRC,
      note="Becomes a dead piece if it reaches the last rank unpromoted."),
    P("FL", "猛豹", "豹", "mōhyō", "Ferocious Leopard", "FvW", promotes_to="B", sources=SRC),
    P("BT", "盲虎", "虎", "mōko", "Blind Tiger", "FsbW", promotes_to="FS", sources=SRC),
    P("P", "歩兵", "歩", "fuhyō", "Pawn", "fW", promotes_to="+P", sources=SRC,
      note="The article's set-up and abbreviation list write 歩兵 / 歩. Becomes a dead piece if it reaches "
           "the last rank unpromoted. Without drops the shogi pawn's drop restrictions do not arise."),
    P("Dg", "犬", "犬", "inu", "Dog", "fWbF", promotes_to="MGn", fen="D", sources=SRC,
      note="One step straight forward or diagonally back."),
    # --- jumpers (固定距离跳跃棋子) ----------------------------------------------------------------
    P("N", "桂馬", "桂", "keima", "Knight", "ffN", promotes_to="SSo", sources=SRC,
      note="Becomes a dead piece if it reaches the last rank unpromoted."),
    P("Ky", "麒麟", "麒", "kirin", "Kirin", "FD", promotes_to="Ln", fen="Kr", sources=SRC,
      note="One step diagonally, or a jump to the second square orthogonally."),
    P("Ph", "鳳凰", "鳳", "hōō", "Phoenix", "WA", promotes_to="FK", sources=SRC,
      note="One step orthogonally, or a jump to the second square diagonally. The article's set-up and "
           "abbreviation list write 凤凰."),
    # --- sliders (任意距离步行棋子) ----------------------------------------------------------------
    P("L", "香車", "香", "kyōsha", "Lance", "fR", promotes_to="WH", sources=SRC,
      note="Becomes a dead piece if it reaches the last rank unpromoted."),
    P("RC", "反車", "反", "hensha", "Reverse Chariot", "vR", promotes_to="W", sources=SRC),
    P("SSo", "横兵", "黄", "ōhei", "Side Soldier", "sRbWfW2", promotes_to="WBf", fen="SS", sources=SRC,
      note="Any distance sideways, one step back, up to two steps forward. Label: the article's "
           "Japanese-style 黄 (Chinese-style 休)."),
    P("VSo", "竪兵", "立", "shuhei", "Vertical Soldier", "fRbWsW2", promotes_to="ChS", fen="VS", sources=SRC,
      note="Any distance forward, one step back, up to two steps sideways. Label: the article's "
           "Japanese-style 立 (Chinese-style 値)."),
    P("SM", "横行", "横", "ōgyō", "Side Mover", "sRvW", promotes_to="FBo", sources=SRC),
    P("VM", "竪行", "竪", "shugyō", "Vertical Mover", "vRsW", promotes_to="FO", sources=SRC),
    P("B", "角行", "角", "kakugyō", "Bishop", "B", promotes_to="DH", sources=SRC),
    P("R", "飛車", "飛", "hisha", "Rook", "R", promotes_to="DK", sources=SRC),
    P("DH", "龍馬", "馬", "ryūma", "Dragon Horse", "BW", promotes_to="HF", sources=SRC),
    P("DK", "龍王", "龍", "ryūō", "Dragon King", "RF", promotes_to="SE", sources=SRC),
    P("ChS", "車兵", "車", "shahei", "Chariot Soldier", "BvRsW2", promotes_to="HT", fen="CS", sources=SRC),
    P("WBf", "水牛", "水", "suigyū", "Water Buffalo", "BsRvW2", promotes_to="FiD", fen="WB", sources=SRC),
    P("FK", "奔王", "奔", "hon'ō", "Free King", "Q", promotes_to="FEg", sources=SRC,
      note="Evans and English Wikipedia also call it the Queen."),
    P("MGn", "雑将", "雑", "zōshō", "Multi General", "fRbB", sources=SRC,
      note="Promoted dog: any distance straight forward or diagonally back."),
    P("FS", "飛鹿", "鹿", "hiroku", "Flying Stag", "vRFsW", sources=SRC,
      note="Promoted blind tiger: any distance vertically, one step diagonally or sideways."),
    P("WH", "白駒", "駒", "hakku", "White Horse", "vRfB", sources=SRC,
      note="Promoted lance: any distance vertically or diagonally forward."),
    P("W", "鯨鯢", "鯨", "keigei", "Whale", "vRbB", sources=SRC,
      note="Promoted reverse chariot: any distance vertically or diagonally back."),
    P("FBo", "奔猪", "猪", "honcho", "Free Boar", "BsR", sources=SRC,
      note="Promoted side mover: any distance diagonally or sideways."),
    P("FO", "飛牛", "牛", "higyū", "Flying Ox", "BvR", sources=SRC,
      note="Promoted vertical mover: any distance diagonally or vertically."),
    # --- range jumpers (任意距离跳跃棋子) ----------------------------------------------------------
    P("BGn", "角将", "用", "kakushō", "Bishop General", "", promotes_to="VGn", rank=1, fen="BG", sources=SRC,
      extra=tuple(RangeJump(v) for v in DIAGONAL),
      note="Range-jumps diagonally. Label: the article's Japanese-style 用 (Chinese-style 触)."),
    P("RGn", "飛将", "升", "hishō", "Rook General", "", promotes_to="GGn", rank=1, fen="RG", sources=SRC,
      extra=tuple(RangeJump(v) for v in ORTHOGONAL),
      note="Range-jumps orthogonally. Label: the article's Japanese-style 升 (Chinese-style 衢)."),
    P("VGn", "副将", "副", "fukushō", "Vice General", "", rank=2, fen="VG", sources=SRC,
      extra=tuple(RangeJump(v) for v in DIAGONAL) + (Area(3),),
      note="Range-jumps diagonally, or up to three king steps turning freely (no jumping, no igui, no "
           "pass, one capture ends it). Does not promote."),
    P("GGn", "大将", "大", "taishō", "Great General", "", rank=3, fen="GG", sources=SRC,
      extra=tuple(RangeJump(v) for v in EIGHT),
      note="Range-jumps in the eight directions. Does not promote."),
    # --- lion-power pieces (狮子式移动棋子) --------------------------------------------------------
    P("Ln", "獅子", "獅", "shishi", "Lion", "", promotes_to="LHk", sources=SRC, extra=(Lion(),),
      note="The lion: two king steps with all the lion's powers (jump, igui, pass, double capture); "
           "Tenjiku has no Chu-shogi rules on trading lions."),
    P("HF", "角鷹", "鷹", "kakuō", "Horned Falcon", "BsRbR", promotes_to="BGn", sources=SRC,
      extra=(Lion(vectors=((0, 1),), steps=2),),
      note="Any distance sideways, diagonally or straight back; lion power straight forward (two steps)."),
    P("SE", "飛鷲", "鷲", "hijū", "Soaring Eagle", "RbB", promotes_to="RGn", sources=SRC,
      extra=(Lion(vectors=((-1, 1), (1, 1)), steps=2),),
      note="Any distance orthogonally or diagonally back; lion power on the forward diagonals."),
    P("FEg", "奔鷲", "就", "honjū", "Free Eagle", "Q", fen="FE", sources=SRC, extra=FREE_EAGLE_ZHWP,
      note="The article: as the free king, plus lion power on the four diagonals (rule choice "
           "tenjiku.free-eagle). Does not promote. Label: the article's Japanese-style 就 (Chinese-style 殧)."),
    P("LHk", "獅鷹", "師", "shiō", "Lion Hawk", "B", fen="LH", sources=SRC, extra=LION_HAWK_ZHWP,
      note="The article: bishop plus lion (rule choice tenjiku.lion-hawk). Does not promote. Label: the "
           "article's Japanese-style 师 (Chinese-style 鶳)."),
    # --- special pieces (特殊棋子) ------------------------------------------------------------------
    P("FiD", "火鬼", "火", "kaki", "Fire Demon", "BsR", burns=True, fen="FD", sources=SRC,
      extra=FIRE_DEMON_AREA,
      note="The article: the water buffalo's slides (diagonally and sideways; rule choice "
           "tenjiku.fire-demon.slides) or up to three king steps; burns the enemies around it. Does "
           "not promote."),
    P("HT", "四天王", "天", "shitennō", "Heavenly Tetrarchs", "BvR", immobilises=True, sources=SRC,
      extra=TETRARCHS_ZHWP,
      note="Promoted chariot soldier. The article: slides diagonally and vertically or up to three king "
           "steps, may jump an adjacent piece in its way on its first step only (read here as a jump "
           "over the first square of a line, SkipSlide; whether the three-step move may also begin "
           "with such a jump the article leaves open, and the data says no); paralyses adjacent enemies. "
           "Rule choices tenjiku.tetrarchs.move, .power and .clash."),
)

# The TSA / Evans codes and, for each, its spelling in the article's (Wikipedia's) list and in the
# PBeM / tenjiku-shogi.net notation. The promoted-only kinds have no code of
# their own in the article's list (its Wikipedia column repeats the TSA code here); PBeM writes them
# as '+' and the unpromoted piece's code.
ALIASES = {
    "K": ("K", "K"), "CP": ("CP", "+DE"), "DE": ("DE", "DE"), "G": ("G", "G"), "+P": ("+P", "+P"),
    "S": ("S", "S"), "C": ("C", "C"), "I": ("I", "I"), "FL": ("FL", "FL"), "BT": ("BT", "BT"),
    "P": ("P", "P"), "Dg": ("D", "Dg"), "N": ("N", "N"), "Ky": ("Kr", "Ky"), "Ph": ("Ph", "Ph"),
    "L": ("L", "L"), "RC": ("RC", "RC"), "SSo": ("SS", "SS"), "VSo": ("VS", "VS"), "SM": ("SM", "SM"),
    "VM": ("VM", "VM"), "B": ("B", "B"), "R": ("R", "R"), "DH": ("DH", "DH"), "DK": ("DK", "DK"),
    "ChS": ("CS", "Ch"), "WBf": ("WB", "WB"), "FK": ("FK", "FK"), "MGn": ("MGn", "+Dg"),
    "FS": ("FS", "+BT"), "WH": ("WH", "+L"), "W": ("W", "+RC"), "FBo": ("FBo", "+SM"),
    "FO": ("FO", "+VM"), "BGn": ("BG", "BG"), "RGn": ("RG", "RG"), "VGn": ("VG", "VG"),
    "GGn": ("GG", "GG"), "Ln": ("Ln", "Ln"), "HF": ("HF", "HF"), "SE": ("SE", "SE"),
    "FEg": ("FE", "FE"), "LHk": ("LH", "LH"), "FiD": ("FD", "Fi"), "HT": ("HT", "+Ch"),
}

# Alias → TSA code, for notation readers (``Variant.code_aliases``); the '+X' forms are read as
# promoted pieces anyway and are left out.
CODE_ALIASES = {alias: code for code, names in ALIASES.items() for alias in names
                if alias != code and not alias.startswith("+")}

# The article's set-up (tests/data/tenjiku_article_setup.txt, extracted from the article), rank a first.
SETUP_BOARD = (
    "ln(fl)icsg(de)kgsci(fl)nl/"
    "(rc)1(cs)(cs)1(bt)(ph)(fk)(ln)(kr)(bt)1(cs)(cs)1(rc)/"
    "(ss)(vs)b(dh)(dk)(wb)(fd)(fe)(lh)(fd)(wb)(dk)(dh)b(vs)(ss)/"
    "(sm)(vm)r(hf)(se)(bg)(rg)(vg)(gg)(rg)(bg)(se)(hf)r(vm)(sm)/"
    "pppppppppppppppp/"
    "4d6d4/"
    "16/16/16/16/"
    "4D6D4/"
    "PPPPPPPPPPPPPPPP/"
    "(SM)(VM)R(HF)(SE)(BG)(RG)(GG)(VG)(RG)(BG)(SE)(HF)R(VM)(SM)/"
    "(SS)(VS)B(DH)(DK)(WB)(FD)(LH)(FE)(FD)(WB)(DK)(DH)B(VS)(SS)/"
    "(RC)1(CS)(CS)1(BT)(KR)(LN)(FK)(PH)(BT)1(CS)(CS)1(RC)/"
    "LN(FL)ICSGK(DE)GSCI(FL)NL"
)


def _opt(option_id: str, summary: str, sources: Iterable[str], effects: Mapping[str, Any]) -> RuleOption:
    return RuleOption(option_id, summary, tuple(sources), effects)


# --- the nine footnotes of the article ---------------------------------------------------------------

RANGE_JUMP_WHEN = RuleChoice(
    id="tenjiku.range-jump.when",
    question="When may the range jumpers (bishop, rook, vice and great general) jump over pieces?",
    options=(
        _opt("zhwp", "On any move, capturing or not (the article, after the Edo books).", EDO,
             {"switches": RangeJumpRules.set(when="any-move")}),
        _opt("tsa", "Only on a move that captures; otherwise they slide as bishop, rook or queen (TSA as the "
             "article's footnote 1 reports it, like a xiangqi cannon; Evans; the modern PBeM rules).",
             ("zhwp-tenjiku", "tsa-hodges", "evans-shogivar", "tenjiku-2000"),
             {"switches": RangeJumpRules.set(when="capturing")}),
    ),
    default="zhwp",
    example=Example({"16p": "K", "1a": "k", "8m": "RG", "8l": "P", "8k": "p", "8j": "G", "8i": "s", "8f": "bg",
                     "8c": "p"}, select="8m"),
    note="The article's footnote 1.",
)

RANGE_JUMP_CAPTURE = RuleChoice(
    id="tenjiku.range-jump.capture",
    question="May a range jumper that has jumped capture a piece of equal or higher rank?",
    options=(
        _opt("zhwp", "No: a jumping move captures only lower-ranked pieces; a move that jumps nothing captures "
             "anything (the article; Evans words the TSA rule the same way: 'may only jump over or capture lower "
             "ranked pieces').", ("zhwp-tenjiku", "evans-shogivar"),
             {"switches": RangeJumpRules.set(capture="lower")}),
        _opt("modern-2000", "Yes: a jumping move may capture any enemy piece, equal or higher generals and the "
             "king included, but still never jumps over them (E. Werner's rule of late 2000, adopted for PBeM "
             "play; the article's footnote 2 says TSA does not restrict such captures; the article's own game record "
             "plays by it: 10 RGx7m+ and 17 RGx10d+ take a rook general by jumping, 36 +SEx9m a great general).",
             ("tenjiku-2000", "werner-tenjiku", "zhwp-tenjiku", "tsa-hodges"),
             {"switches": RangeJumpRules.set(capture="any")}),
    ),
    default="zhwp",
    example=Example({"16p": "K", "1a": "k", "8m": "RG", "8l": "P", "8k": "p", "8j": "G", "8i": "s", "8f": "bg",
                     "8c": "p"}, select="8m"),
    note="The article's footnote 2. The sources disagree on what TSA says: Evans has 'lower ranks only', the article's "
         "footnote 'not restricted'. See the module docstring for how the four accounts combine with "
         "tenjiku.range-jump.when.",
)

FREE_EAGLE = RuleChoice(
    id="tenjiku.free-eagle",
    question="How does the Free Eagle (奔鷲, promoted free king) move?",
    options=(
        _opt("zhwp", "As the free king, plus the lion's power (two steps, jumping, igui, double capture) on the "
             "four diagonals: 'like the free king, and twice the cat sword's step' (the Edo books as the article's "
             "footnote 3 quotes them; H.G. Muller reads it the same way).", EDO + ("hgm-pages",),
             {"pieces": {"FEg": {"betza": "Q", "extra": FREE_EAGLE_ZHWP}}}),
        _opt("tsa", "As the free king, plus a jump to the second square orthogonally, as the kirin; no lion "
             "power (TSA, Evans, the modern rules; E. Werner's program as compiled).",
             TSA + ("tenjiku-2000", "werner-tenjiku"),
             {"pieces": {"FEg": {"betza": "QD", "extra": ()}}}),
        _opt("cat-sword-twice", "As the free king, plus two diagonal steps, the cat sword's move taken twice, "
             "turning between them if it likes (so also to the second square orthogonally), each step free to "
             "capture, with igui and passing: the Edo books' 猫刄再度歩 read literally (footnote 3).", EDO,
             {"pieces": {"FEg": {"betza": "Q", "extra": FREE_EAGLE_CAT_SWORD}}}),
        _opt("jawp", "As the free king, any distance in the eight directions, with no lion power; along the four "
             "orthogonals it may also fly over the pieces in its way, of either side, any number and any rank, "
             "taking none of them, and stop on any empty square of the line or take the enemy piece where it "
             "stops; diagonally it never jumps. Japanese Wikipedia's article on the piece, section 天竺大将棋: "
             "斜めの場合は飛び越えては行けないが、縦横の場合は飛び越えて行ける, 飛び越した駒を取ることはできない; "
             "the article sets no limit and adds that rank does not bind the eagle, so it can take the enemy king "
             "from the setup (sente's eagle on 8n over six pieces to 8a).", ("jawp-free-eagle",),
             {"pieces": {"FEg": {"betza": "Q", "extra": FREE_EAGLE_JAWP}}}),
    ),
    default="zhwp",
    example=Example({"16p": "K", "1a": "k", "8h": "FE", "8g": "p", "9g": "p", "7g": "P", "7i": "P", "9i": "P"},
                     select="8h"),
    note="The article's footnote 3. E. Werner's program has a compile-time switch for it (edo_style_FEg), off in its "
         "sources: it plays the TSA move. The reading `jawp` is the main text of Japanese Wikipedia's article on "
         "the piece.",
)

LION_HAWK = RuleChoice(
    id="tenjiku.lion-hawk",
    question="How does the Lion Hawk (獅鷹, promoted lion) move?",
    options=(
        _opt("zhwp", "As a bishop or as a lion (the article; C. Adams' reading, the default of the modern rules and "
             "of E. Werner's engine).", ("zhwp-tenjiku", "adams-tenjiku", "tenjiku-2000", "werner-tenjiku"),
             {"pieces": {"LHk": {"betza": "B", "extra": LION_HAWK_ZHWP}}}),
        _opt("tsa", "As a bishop, or up to two king steps turning freely, without the lion's powers (TSA per the "
             "article's footnote 4; Evans' default, which George Hodges held to be the historical move).", TSA,
             {"pieces": {"LHk": {"betza": "B", "extra": LION_HAWK_TSA}}}),
    ),
    default="zhwp",
    example=Example({"16p": "K", "1a": "k", "8h": "LH", "8g": "p", "9g": "P", "7g": "P"}, select="8h"),
    note="The article's footnote 4.",
)

FIRE_DEMON_SLIDES = RuleChoice(
    id="tenjiku.fire-demon.slides",
    question="In which directions does the Fire Demon (火鬼) slide?",
    options=(
        _opt("zhwp", "Diagonally and sideways, as the water buffalo it promotes from: 'like the water buffalo, "
             "and three king steps' (the Edo books, the article's footnote 5; E. Werner's program with its 'japanese_FiD' "
             "switch compiled in).", EDO + ("werner-tenjiku",),
             {"pieces": {"FiD": {"betza": "BsR"}}}),
        _opt("tsa", "Diagonally and vertically, as the flying ox (TSA per the article's footnote 5; Evans; HaChu and "
             "H.G. Muller's page; E. Werner's program as distributed).", TSA + ("hachu", "hgm-pages", "werner-tenjiku"),
             {"pieces": {"FiD": {"betza": "BvR"}}}),
    ),
    default="zhwp",
    note="The article's footnote 5. The three-step area move is the same in both.",
)

FIRE_DEMON_MEETING = RuleChoice(
    id="tenjiku.fire-demon.meeting",
    question="What happens when a Fire Demon moves next to an enemy Fire Demon?",
    options=(
        _opt("zhwp", "Only the moving demon dies; it burns none of the other side's pieces (the article; the TSA "
             "leaflet as R. Nordgren quotes it, 'only your FiD is burnt'; Evans: the moving piece is burnt; the "
             "PBeM rules of tenjiku-shogi.net, where it may still capture on its landing square).",
             ("zhwp-tenjiku", "tsa-hodges", "evans-shogivar", "tenjiku-2000"),
             {"switches": FireDemonRules.set(meeting="mover-burns")}),
        _opt("tsa-per-zhwp", "The moving demon burns the pieces around it, the enemy demon too, and dies. This reads "
             "footnote 6's account of TSA, 「己方的棋子亦会死」, as 'our pieces die as well': one way of several "
             "to read it (it may only mean that the mover, one of the other side's pieces, dies too). E. Werner's "
             "program gives the same rule to George Hodges (its 'hodges' switch: the demon's suicide move burns "
             "the enemies around it).", ZHWP + ("werner-tenjiku",),
             {"switches": FireDemonRules.set(meeting="mover-burns-all-after")}),
        _opt("adams", "The moving demon burns every adjacent enemy except the enemy fire demon(s), then burns "
             "itself (C. Adams; the 'common rules' of tenjiku-shogi.net).", ("adams-tenjiku", "tenjiku-2000"),
             {"switches": FireDemonRules.set(meeting="mover-burns-after")}),
    ),
    default="zhwp",
    example=Example({"8i": "FD", "8e": "fd", "7f": "p", "9f": "g", "16p": "K", "1a": "k"}, select="8i"),
    note="The article's footnote 6. The sources disagree even on what TSA says.",
)

FIRE_DEMON_PROMOTION_BURN = RuleChoice(
    id="tenjiku.fire-demon.promotion-burn",
    question="Does a Water Buffalo that promotes to Fire Demon burn on the promoting move?",
    options=(
        _opt("zhwp", "Yes, at once, as a fire demon that has just moved (the article's main text: 水牛升级成火鬼的该回合便"
             "具有燃烧的能力).", ZHWP,
             {"switches": FireDemonRules.set(promotion_burn="at-once")}),
        _opt("tsa", "No: the enemies around it when it promotes are never burnt by that promotion; from the next "
             "turn on it burns as any fire demon (a piece that arrives next to it, or the enemies around it "
             "once it moves). One reading of TSA's rule as footnote 7 reports it: it 'must wait a turn before "
             "it takes effect'.", ("zhwp-tenjiku", "tsa-hodges"),
             {"switches": FireDemonRules.set(promotion_burn="next-turn")}),
        _opt("delayed", "Later: the promoting move burns nothing, and at the end of the opponent's next move every "
             "enemy piece next to the new demon burns, if the demon still stands (the other reading of "
             "footnote 7's 'takes effect after one turn': the burn itself is put off by a turn).",
             ("zhwp-tenjiku", "tsa-hodges"),
             {"switches": FireDemonRules.set(promotion_burn="delayed")}),
    ),
    default="zhwp",
    example=Example({"4g": "WB", "4d": "p", "3d": "s", "16p": "K", "1a": "k"}, select="4g"),
    note="The article's footnote 7 (须等一回合才会生效) supports both 'tsa' and 'delayed'; the article's main text only 'zhwp'. "
         "The Zillions rule file has a third: the new demon burns on its owner's next turn, when the owner "
         "spends that move to activate it.",
)

FIRE_DEMON_CAPTURE = RuleChoice(
    id="tenjiku.fire-demon.capture",
    question="Does a Fire Demon that captures by moving still burn, and may it capture at all?",
    options=(
        _opt("zhwp", "It captures as its move allows and burns every enemy around the square where it stops (the "
             "zhwp: 火鬼移动后...所有周围的敌方棋子均自动被其烧掉; every rule text).", ZHWP + ("tsa-hodges",),
             {"switches": FireDemonRules.set(capture="burns")}),
        _opt("werner-tame", "A move that captures burns nothing; a move to an empty square burns as usual (E. "
             "Werner's program, its experimental 'tame' switch).", ("werner-tenjiku",),
             {"switches": FireDemonRules.set(capture="tame")}),
        _opt("werner-very-tame", "It never captures by moving (its slides and steps stop before any piece); it "
             "only burns (E. Werner's program, its experimental 'verytame' switch).", ("werner-tenjiku",),
             {"switches": FireDemonRules.set(capture="very-tame")}),
    ),
    default="zhwp",
    example=Example({"8i": "FD", "8g": "p", "7f": "g", "16p": "K", "1a": "k"}, select="8i"),
    note="Computer readings, offered because players of Werner's program meet them; no rule text has them.",
)

TETRARCHS_MOVE = RuleChoice(
    id="tenjiku.tetrarchs.move",
    question="How do the Heavenly Tetrarchs (四天王, promoted chariot soldier) move?",
    options=(
        _opt("zhwp", "Diagonally and vertically any distance, or up to three king steps; on a slide it may jump "
             "a piece on the first square and go on, never a piece further on: 'like the chariot soldier ... "
             "beyond, two or three squares by steps' (the Edo books, the article's footnote 8; the article's text gives the "
             "jump to the slides, which are diagonal and vertical). Sideways it has the steps only.", EDO,
             {"pieces": {"HT": {"betza": "BvR", "extra": TETRARCHS_ZHWP}}}),
        _opt("eight-way-jump", "The article's move, and sideways a jump over the first square to the second or "
             "third (the sideways jump H.G. Muller's page and E. Werner's program give their tetrarchs; the "
             "article's text does not give it).", ("zhwp-tenjiku", "hgm-pages", "werner-tenjiku"),
             {"pieces": {"HT": {"betza": "BvR", "extra": TETRARCHS_EIGHT_WAY}}}),
        _opt("tsa", "Diagonally any distance but at least two squares, or to the second or third square "
             "sideways, jumping the first square (TSA per the article's footnote 8; Evans).", TSA,
             {"pieces": {"HT": {"betza": "", "extra": TETRARCHS_TSA}}}),
        _opt("hgm", "Skipping the first square in all eight directions, then sliding on diagonally and "
             "vertically, to the third square at most sideways (H.G. Muller's page; E. Werner's program as "
             "compiled, its 'japanese_HT': 'jumps into all directions, triple-steps orthogonally and slides "
             "vertically').", ("hgm-pages", "werner-tenjiku"),
             {"pieces": {"HT": {"betza": "", "extra": TETRARCHS_HGM}}}),
        _opt("hachu", "As the chariot soldier it promotes from: diagonally and vertically any distance, one or "
             "two squares sideways (H.G. Muller's engine HaChu 0.21, whose table gives the tetrarchs the "
             "chariot soldier's row; a program's simplification, not a reading of any rule text).", ("hachu",),
             {"pieces": {"HT": {"betza": "BvRsW2", "extra": ()}}}),
    ),
    default="zhwp",
    example=Example({"16p": "K", "1a": "k", "8i": "+CS", "7h": "P", "7i": "P", "7j": "P"}, select="8i"),
    note="The article's footnote 8. Igui is part of the power (tenjiku.tetrarchs.power), not of these rows.",
)

TETRARCHS_POWER = RuleChoice(
    id="tenjiku.tetrarchs.power",
    question="What power do the Heavenly Tetrarchs have over adjacent enemies?",
    options=(
        _opt("zhwp", "They paralyse them: an enemy piece next to the tetrarchs cannot move ('near, in the eight "
             "directions, [enemies] do not move', the Edo books as the article reads them).", EDO,
             {"pieces": {"HT": {"immobilises": True}}}),
        _opt("tsa", "No paralysis; they may capture an adjacent enemy without moving (igui), as a lion does "
             "(TSA per the article's footnote 9; Evans; H.G. Muller).", TSA + ("hgm-pages",),
             {"pieces": {"HT": {"immobilises": False, "extra+": (Igui(),)}}}),
    ),
    default="zhwp",
    example=Example({"16p": "K", "1a": "k", "8h": "+CS", "8g": "g", "7i": "p", "8d": "s"}, select="8h"),
    note="The article's footnote 9.",
)

# --- further disputes -------------------------------------------------------------------------------

TETRARCHS_CLASH = RuleChoice(
    id="tenjiku.tetrarchs.clash",
    question="When a Heavenly Tetrarchs or Fire Demon moves next to an enemy Tetrarchs (or a Tetrarchs next to "
             "an enemy Fire Demon), does the mover's power act on it?",
    options=(
        _opt("zhwp", "No: as with two fire demons, the mover's power does not act on that piece, while the "
             "stationary piece's power acts on the mover (the article's guess; it says the sources are silent).",
             ZHWP, {"switches": TetrarchsRules.set(clash="mover-inactive")}),
        _opt("both-active", "Yes: no exception, both powers act (two tetrarchs side by side paralyse each other; "
             "a fire demon arriving next to a tetrarchs burns it). Not from a source: the article's rules "
             "applied without its guess.", ZHWP,
             {"switches": TetrarchsRules.set(clash="both-active")}),
        _opt("no-effect", "The tetrarchs' paralysis does not work on the other power pieces (enemy tetrarchs and "
             "fire demons); burning works as usual. Not from a source: the other plain way out of the case "
             "the article calls unclear.", ZHWP,
             {"switches": TetrarchsRules.set(clash="no-effect")}),
    ),
    default="zhwp",
    # sente's tetrarchs arrives next to gote's, then gote's next to another of sente's: under the article's
    # guess the first is paralysed and the second is not; with both powers active both are; with no effect neither
    example=Example({"8i": "+CS", "8e": "+cs", "3m": "+CS", "3e": "+cs", "16p": "K", "1a": "k"}, select="3m",
                    moves=("+ChS-8f", "+ChS-3l")),
    note="Only meaningful while the tetrarchs paralyse (tenjiku.tetrarchs.power=zhwp).",
)

PROMOTION = RuleChoice(
    id="tenjiku.promotion",
    question="When may a piece promote?",
    options=(
        _opt("zhwp", "Only at the end of the move that enters the five-rank zone, or of a capture inside it; a "
             "piece that declines must capture in the zone or leave and re-enter; a lion-mover that enters and "
             "leaves in one move cannot promote; no forced promotion: a pawn, iron general, knight or lance on "
             "the last rank stays as a dead piece (the article).", ZHWP,
             {"promotion": "zone-entry"}),
        _opt("tsa", "As in shogi: on a move that enters, moves within or leaves the zone; compulsory where the "
             "piece could not move again (pawn, lance, iron general on the last rank; knight on the last two) "
             "(TSA, Evans).", TSA,
             {"promotion": "zone"}),
        _opt("adams", "As TSA, but a piece that declined promotion at its first chance may not promote on its next "
             "move unless that move captures (C. Adams).", ("adams-tenjiku",),
             {"promotion": "zone-adams"}),
        _opt("modern-2000", "On ending a move inside the zone; a piece that declined must leave and re-enter, "
             "unless it captures into the zone; a lion mover that captures inside the zone on the way and steps "
             "out still promotes; a pawn, lance, iron general or knight must promote where it would have no "
             "further move (the modern rules of 2000, as the Zillions rule file states them).",
             ("tenjiku-2000", "zrf-tenjiku"),
             {"promotion": "zone-entry-2000"}),
    ),
    default="zhwp",
    example=Example({"6c": "DK", "6a": "s", "3b": "P", "16p": "K", "1a": "k"}, select="6c"),
    note="The article's own game record promotes on leaving the zone (30 SE-9g+), as TSA and Adams allow.",
)

REPETITION = RuleChoice(
    id="tenjiku.repetition",
    question="Is repeating a position forbidden?",
    options=(
        _opt("zhwp", "No repetition rule (the article says nothing; R. Nordgren reports none in TSA).",
             ("zhwp-tenjiku", "tsa-hodges"), {"switches": RepetitionRules.set(rule="none")}),
        _opt("adams", "A move may not recreate a whole-board position that has already occurred with the same "
             "side to move (C. Adams; adopted by the modern rules).", ("adams-tenjiku", "tenjiku-2000"),
             {"switches": RepetitionRules.set(rule="no-repeat-position")}),
    ),
    default="zhwp",
    example=Example({"8p": "G", "8a": "g", "1p": "P", "16p": "K", "16a": "k"}, select="8b",
                    moves=("G-8o", "G-8b", "G-8p")),
)

TETRARCHS_CLASH_FIRE_DEMON = RuleChoice(
    id="tenjiku.tetrarchs.clash.fire-demon",
    question="When the arriving fire demon's power does not act on an enemy Heavenly Tetrarchs next to it, does "
             "it still burn the other enemies around it?",
    options=(
        _opt("others-burn", "Yes: only the tetrarchs is spared; the other enemies around it burn (the article's "
             "guess read narrowly: the mover's power fails against the other power piece).", ZHWP,
             {"switches": TetrarchsRules.set(fire_demon="others-burn")}),
        _opt("none-burn", "No: it burns nothing, as a fire demon that arrives next to an enemy fire demon burns "
             "nothing in the article (the article's guess, 'as when fire demons meet', taken whole).", ZHWP,
             {"switches": TetrarchsRules.set(fire_demon="none-burn")}),
    ),
    default="others-burn",
    example=Example({"8i": "FD", "8f": "+cs", "7g": "p", "16p": "K", "1a": "k"}, select="8i"),
    note="Only meaningful under tenjiku.tetrarchs.power=zhwp and tenjiku.tetrarchs.clash=zhwp; the article says "
         "the sources are silent on the whole case.",
)

BARE_KING = RuleChoice(
    id="tenjiku.bare-king",
    question="Does a side reduced to a bare king lose?",
    options=(
        _opt("none", "No: the game is won only by capturing the king and the crown prince (the article, TSA and Evans "
             "give no other way to win).", ("zhwp-tenjiku", "evans-shogivar"),
             {"switches": BareKingRules.set(rule="none")}),
        _opt("adams", "Yes: a side left with a single piece, its king or crown prince, has lost, unless its next "
             "move bares the other side too, which is a draw (C. Adams, who codified it for the 1997 European "
             "championship; E. Werner's program). A king and prince together are not bare.",
             ("adams-shogi-l", "adams-tenjiku", "werner-tenjiku"),
             {"switches": BareKingRules.set(rule="adams")}),
    ),
    default="none",
    example=Example({"16p": "K", "1a": "k", "8h": "G", "8g": "p"}, select="8g", moves=("Gx8g", "K-2a")),
)

RULE_CHOICES = (RANGE_JUMP_WHEN, RANGE_JUMP_CAPTURE, FREE_EAGLE, LION_HAWK, FIRE_DEMON_SLIDES,
                FIRE_DEMON_MEETING, FIRE_DEMON_PROMOTION_BURN, FIRE_DEMON_CAPTURE, TETRARCHS_MOVE,
                TETRARCHS_POWER, TETRARCHS_CLASH, TETRARCHS_CLASH_FIRE_DEMON, PROMOTION, REPETITION, BARE_KING)

# --- whole rule sets by source -------------------------------------------------------------------------

_TSA_CHOICES = {
    "tenjiku.range-jump.when": "tsa", "tenjiku.range-jump.capture": "modern-2000", "tenjiku.free-eagle": "tsa",
    "tenjiku.lion-hawk": "tsa", "tenjiku.fire-demon.slides": "tsa", "tenjiku.fire-demon.meeting": "tsa-per-zhwp",
    "tenjiku.fire-demon.promotion-burn": "tsa", "tenjiku.tetrarchs.move": "tsa", "tenjiku.tetrarchs.power": "tsa",
    "tenjiku.promotion": "tsa",
}
# (the article's readings are named by the choices' defaults)
_EVANS_CHOICES = {**_TSA_CHOICES, "tenjiku.range-jump.capture": RANGE_JUMP_CAPTURE.default,
                  "tenjiku.fire-demon.meeting": FIRE_DEMON_MEETING.default}
_ADAMS_CHOICES = {**_EVANS_CHOICES, "tenjiku.lion-hawk": LION_HAWK.default, "tenjiku.fire-demon.meeting": "adams",
                  "tenjiku.promotion": "adams", "tenjiku.repetition": "adams", "tenjiku.bare-king": "adams"}
_MODERN_CHOICES = {**_ADAMS_CHOICES, "tenjiku.range-jump.capture": "modern-2000",
                   "tenjiku.fire-demon.meeting": FIRE_DEMON_MEETING.default, "tenjiku.promotion": "modern-2000",
                   "tenjiku.bare-king": "none"}
_NO_PARALYSIS = "irrelevant: its tetrarchs do not paralyse (tetrarchs.power=tsa), so the article's default stands"
_UNSAID = "the source says nothing of it: the article's default, which no rule text contradicts"

PRESETS = (
    Preset("zhwp", "The Chinese Wikipedia article", ("zhwp-tenjiku",), {c.id: c.default for c in RULE_CHOICES},
           summary="Every choice at its default: the article's main text, after the Edo books."),
    Preset("tsa", "TSA, as the article's footnotes report it", ("zhwp-tenjiku", "tsa-hodges"), _TSA_CHOICES,
           {"tenjiku.tetrarchs.clash": _NO_PARALYSIS, "tenjiku.tetrarchs.clash.fire-demon": _NO_PARALYSIS,
            "tenjiku.repetition": "none: R. Nordgren reports no repetition rule in TSA",
            "tenjiku.fire-demon.capture": _UNSAID, "tenjiku.bare-king": _UNSAID},
           "The nine footnotes' TSA readings; jump captures unrestricted (footnote 2)."),
    Preset("evans", "Steve Evans' Shogi Variants", ("evans-shogivar",), _EVANS_CHOICES,
           {"tenjiku.tetrarchs.clash": _NO_PARALYSIS, "tenjiku.tetrarchs.clash.fire-demon": _NO_PARALYSIS,
            "tenjiku.fire-demon.promotion-burn": "his rule text does not discuss it: TSA's, as footnote 7 "
                                                 "reports it",
            "tenjiku.repetition": _UNSAID, "tenjiku.fire-demon.capture": _UNSAID, "tenjiku.bare-king": _UNSAID},
           "TSA from its leaflets: jump captures of lower ranks only, the moving demon alone is burnt.",
           checked="its data files, piece by piece"),
    Preset("adams", "Colin Adams' rules", ("adams-tenjiku", "adams-shogi-l"), _ADAMS_CHOICES,
           {"tenjiku.tetrarchs.clash": _NO_PARALYSIS, "tenjiku.tetrarchs.clash.fire-demon": _NO_PARALYSIS,
            "tenjiku.range-jump.when": "TSA's, which Adams kept (his changes are the lion hawk, the demons' "
                                       "meeting, promotion, repetition and the bare king)",
            "tenjiku.range-jump.capture": "TSA's as Evans has it (lower ranks only), before Werner's change of 2000",
            "tenjiku.free-eagle": "TSA's, kept by Adams", "tenjiku.fire-demon.slides": "TSA's, kept by Adams",
            "tenjiku.fire-demon.promotion-burn": "TSA's, kept by Adams", "tenjiku.tetrarchs.move": "TSA's",
            "tenjiku.tetrarchs.power": "TSA's", "tenjiku.fire-demon.capture": _UNSAID},
           "TSA with Adams' changes: bishop-and-lion lion hawk, no repetition, bare king, his promotion rule."),
    Preset("modern-2000", "The modern rules of 2000 (play by e-mail)", ("tenjiku-2000", "zrf-tenjiku"),
           _MODERN_CHOICES,
           {"tenjiku.tetrarchs.clash": _NO_PARALYSIS, "tenjiku.tetrarchs.clash.fire-demon": _NO_PARALYSIS,
            "tenjiku.free-eagle": "TSA's, which the modern rules keep",
            "tenjiku.fire-demon.promotion-burn": "TSA's; the Zillions file's own reading (activation on the "
                                                 "owner's next move) is not offered",
            "tenjiku.bare-king": "none: not among the changes the modern rules list",
            "tenjiku.fire-demon.capture": _UNSAID},
           "Adams' rules with Werner's general rule (capture equal and higher ranks), the PBeM demons' meeting "
           "and the Zillions file's promotion rule."),
    Preset("werner", "E. Werner's Tenjiku program as distributed", ("werner-tenjiku",),
           {**_TSA_CHOICES, "tenjiku.lion-hawk": LION_HAWK.default, "tenjiku.fire-demon.meeting": FIRE_DEMON_MEETING.default,
            "tenjiku.tetrarchs.move": "hgm", "tenjiku.bare-king": "adams",
            "tenjiku.fire-demon.capture": FIRE_DEMON_CAPTURE.default},
           {"tenjiku.tetrarchs.clash": _NO_PARALYSIS, "tenjiku.tetrarchs.clash.fire-demon": _NO_PARALYSIS,
            "tenjiku.promotion": "its source does not state one in its switches: TSA's",
            "tenjiku.fire-demon.promotion-burn": "not a switch of the program: TSA's",
            "tenjiku.repetition": "not a switch of the program: the article's default",
            "tenjiku.range-jump.when": "TSA's: the program's generals jump only to capture"},
           "Its defaults: generals capture anything ('ew'), Adams' lion hawk, the TSA fire demon "
           "('fid', not 'hodges', 'tame' or 'verytame'), tetrarchs jumping in all directions (japanese_HT), "
           "free eagle as TSA (edo_style_FEg off), and the bare-king rule its source states (defs.h)."),
    Preset("hachu", "H.G. Muller's HaChu 0.21", ("hachu",),
           {"tenjiku.range-jump.when": "tsa", "tenjiku.range-jump.capture": RANGE_JUMP_CAPTURE.default,
            "tenjiku.free-eagle": "tsa",
            "tenjiku.fire-demon.slides": "tsa", "tenjiku.tetrarchs.move": "hachu",
            "tenjiku.tetrarchs.power": "tsa", "tenjiku.promotion": "tsa"},
           {"tenjiku.free-eagle": "HaChu's table gives it a free king's move only, which no option has: TSA's, "
                                  "the nearest",
            "tenjiku.lion-hawk": "HaChu's table has lion power on the diagonals only, which no option has: the "
                                 "article's bishop and lion, the nearest",
            "tenjiku.tetrarchs.power": "its table has no paralysis: TSA's",
            "tenjiku.tetrarchs.clash": _NO_PARALYSIS, "tenjiku.tetrarchs.clash.fire-demon": _NO_PARALYSIS,
            "tenjiku.fire-demon.meeting": _UNSAID, "tenjiku.fire-demon.promotion-burn": _UNSAID,
            "tenjiku.repetition": _UNSAID, "tenjiku.fire-demon.capture": _UNSAID, "tenjiku.bare-king": _UNSAID},
           "A chess engine's tables, not a rule text: flying-ox fire demon, chariot-soldier tetrarchs, "
           "ranked jump captures."),
)

VARIANT = Variant(
    id="tenjiku",
    name="Tenjiku shogi",
    kanji="天竺大将棋",
    files=16,
    ranks=16,
    pieces=PIECES,
    setup=SETUP_BOARD,
    promotion="zone-entry",
    promotion_zone=5,
    drops=False,
    check_rules=False,
    sennichite=False,
    rule_choices=RULE_CHOICES,
    presets=PRESETS,
    derives_from=(("dai", "zhwp-tenjiku"),),  # the article: enlarged from Dai shogi (扩充自大将棋)
    sources=("zhwp-tenjiku", "shogi-zushiki", "sho-shogi-zushiki", "tsa-hodges", "evans-shogivar",
             "adams-tenjiku", "tenjiku-2000", "hachu", "hgm-pages", "werner-tenjiku", "jawp", "jawp-free-eagle", "enwp"),
    rules_chapter="notebooks/rules-tenjiku",
    summary="16×16, 78 pieces a side; range jumpers, fire demons that burn, no drops; capture king and prince.",
    code_aliases=CODE_ALIASES,
    benchmark_depth=3,
    records=(SampleRecord("tests/data/tenjiku_article_game.txt", "The Tenjiku game of the Chinese Wikipedia article"),),
)
