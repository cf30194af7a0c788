"""Standard shogi (本将棋), the baseline on which every shared mechanism is proven.

Sources: the Japan Shogi Association's rules ({cite}`jsa-rules`); Fairy-Stockfish's ``shogi``
({cite}`fairy-stockfish`) is the differential oracle.
"""

from ..model.pieces import PieceKind as P
from ..model.variant_data import Variant

SRC = ("jsa-rules",)

PIECES = (
    P("K", "玉将", "玉", "gyokushō", "King", "K", royal=True, sources=SRC,
      note="Gote's king is traditionally written 王将."),
    P("R", "飛車", "飛", "hisha", "Rook", "R", promotes_to="+R", sources=SRC),
    P("B", "角行", "角", "kakugyō", "Bishop", "B", promotes_to="+B", sources=SRC),
    P("G", "金将", "金", "kinshō", "Gold General", "WfF", sources=SRC),
    P("S", "銀将", "銀", "ginshō", "Silver General", "FfW", promotes_to="+S", sources=SRC),
    P("N", "桂馬", "桂", "keima", "Knight", "ffN", promotes_to="+N", sources=SRC),
    P("L", "香車", "香", "kyōsha", "Lance", "fR", promotes_to="+L", sources=SRC),
    P("P", "歩兵", "歩", "fuhyō", "Pawn", "fW", promotes_to="+P", pawn=True, sources=SRC),
    # promoted forms
    P("+R", "龍王", "龍", "ryūō", "Dragon King", "RF", sources=SRC,
      note="Coded +R, the promoted rook, as shogi's Western notation writes it; the large games, where "
           "it starts on the board, write DK."),
    P("+B", "龍馬", "馬", "ryūma", "Dragon Horse", "BW", sources=SRC,
      note="Coded +B, the promoted bishop, as shogi's Western notation writes it; the large games, where "
           "it starts on the board, write DH."),
    P("+S", "成銀", "全", "narigin", "Promoted Silver", "WfF", sources=SRC),
    P("+N", "成桂", "圭", "narikei", "Promoted Knight", "WfF", sources=SRC),
    P("+L", "成香", "杏", "narikyō", "Promoted Lance", "WfF", sources=SRC),
    P("+P", "と金", "と", "tokin", "Promoted Pawn", "WfF", sources=SRC),
)

VARIANT = Variant(
    id="shogi",
    name="Shogi",
    kanji="本将棋",
    files=9,
    ranks=9,
    pieces=PIECES,
    setup="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
    promotion="zone",
    promotion_zone=3,
    drops=True,
    derives_from=(("sho", "enwp-sho"),),  # the article: Sho shogi is the immediate predecessor of the modern game
    sources=SRC + ("enwp-sho",),
    fsf_name="shogi",
    fsf_hand_order="GNLPSRB",
    usi=True,
    kif_names=(  # lishogi's KIF: one kanji, a promoted minor piece as 成 and the piece's kanji
        ("K", "玉"), ("R", "飛"), ("+R", "龍"), ("B", "角"), ("+B", "馬"), ("G", "金"), ("S", "銀"), ("+S", "成銀"),
        ("N", "桂"), ("+N", "成桂"), ("L", "香"), ("+L", "成香"), ("P", "歩"), ("+P", "と"),
    ),
    order=-1,
    rules_chapter="notebooks/rules-shogi-family",
    benchmark_depth=4,
    summary="9×9, 20 pieces a side, drops; the baseline for every shared mechanism.",
)
