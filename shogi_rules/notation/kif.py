"""KIF, the Japanese game record (柿木形式), for standard shogi and Chu shogi, as lishogi writes it.

A move is written as lishogi's rules library ``shogiops`` writes it (``makeKifMoveOrDrop``):

* shogi: the target in full-width digits and a kanji rank (``７六``), or ``同　`` when it is the
  target of the previous move; the piece's one-kanji name (two for 成香, 成桂, 成銀); ``成`` when it
  promotes; the origin in ASCII digits in brackets: ``７六歩(77)``, ``同　角成(88)``. A drop:
  ``５五角打`` (a drop never says ``同``). A move that could promote and does not writes nothing
  (``不成`` is read).
* Chu shogi: the target in ASCII digits and a kanji rank (``7八``, ``12十二``), or ``仝``; the
  piece's full name (``銅将``, ``獅子``; a promoted piece by the name of the piece it moves as, a
  promoted gold ``金飛車``); ``成``; then `` （←`` the origin ``）``. A double move of a piece with
  lion power takes two lines, ``一歩目`` (the first step) and ``二歩目`` (the second, from the first
  step's square), with ``（居食い）`` when the piece takes without moving (igui) and ``(じっと)`` for a
  pass: ``一歩目 7七獅子 （←7八）`` / ``二歩目 7八獅子（居食い） （←7七）``.

A record (:func:`write_kif`) is the header ``shogiops`` writes (``makeKifHeader``: ``手合割：平手`` for
shogi's start, ``手合割：`` for Chu's, else the board drawn with the hands and the side to move), the
line ``手数----指手---------消費時間--`` and one line a move, numbered as lishogi's export numbers them
(four columns, ``手目`` after the number in Chu, three spaces before a one-line move).

:func:`read_kif` reads such records and those of other KIF writers: comments (``*``, ``#``),
header lines (``先手：…``), times after a move (``( 0:01/00:00:01)``), the words that end a game
(``投了``, ``詰み``, …), one-kanji or full piece names, ``王``/``玉``, ``竜``/``龍``, ``同``/``仝``.

>>> from shogi_rules import Position
>>> pos = Position("shogi")
>>> move = pos.parse_move("7g7f")
>>> write_kif_move(pos, move)
'７六歩(77)'
>>> parse_kif_move(pos, "７六歩(77)") == move
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..codes import color_of, type_of
from ..errors import IllegalMoveError, MoveError, RecordError, quote
from ..geometry import GOTE, SENTE, fullwidth, kanji_number
from ..moves import Move
from . import lishogi
from .common import MoveNotation, one

if TYPE_CHECKING:
    from ..position import Position

SHOGI_NAMES = {"K": "玉", "R": "飛", "+R": "龍", "B": "角", "+B": "馬", "G": "金", "S": "銀", "+S": "成銀",
               "N": "桂", "+N": "成桂", "L": "香", "+L": "成香", "P": "歩", "+P": "と"}
"""The name lishogi writes for each shogi piece, by its SFEN letter."""

CHU_NAMES = {"K": "玉将", "E": "醉象", "+E": "太子", "G": "金将", "+G": "金飛車", "S": "銀将", "+S": "竪行",
             "C": "銅将", "+C": "横行", "F": "猛豹", "+F": "小角", "T": "盲虎", "+T": "飛鹿", "O": "麒麟",
             "+O": "獅子", "X": "鳳凰", "+X": "奔王", "P": "歩兵", "+P": "金将", "I": "仲人", "+I": "醉象",
             "L": "香車", "+L": "白駒", "A": "反車", "+A": "鯨鯢", "M": "横行", "+M": "奔猪", "V": "竪行",
             "+V": "飛牛", "B": "角行", "+B": "龍馬", "R": "飛車", "+R": "龍王", "H": "龍馬", "+H": "角鷹",
             "D": "龍王", "+D": "飛鷲", "Q": "奔王", "N": "獅子"}
"""The full name lishogi writes for each Chu piece, by its SFEN letter: a promoted piece is named as the
piece it moves as, except the promoted gold (金飛車) and leopard (小角)."""

_SPELLINGS = str.maketrans({"王": "玉", "竜": "龍", "酔": "醉", "仝": "同", "師": "獅"})
_SHOGI_ALIASES = {"全": "成銀", "圭": "成桂", "杏": "成香", "今": "成桂", "成歩": "と"}
_RANKS = {kanji_number(n): n for n in range(1, 17)}
_FILES = str.maketrans("０１２３４５６７８９", "0123456789")
_SQUARE = r"(?:[0-9０-９]{1,2}(?:十[一二三四五六]|[一二三四五六七八九十]))"
_SHOGI_MOVE = re.compile(rf"^[☗☖▲△]?\s*(?P<to>{_SQUARE}|同)\s*(?P<piece>成[銀桂香]|[^\s(（成不打]{{1,2}}?)"
                         rf"(?P<how>不成|成|打)?\s*(?:\((?P<origin>[1-9][1-9])\))?$")
_CHU_STEP = re.compile(rf"^(?P<to>{_SQUARE}|同)\s*(?P<piece>\S+?)(?P<how>不成|成)?\s*(?P<mark>（居食い）|（居喰い）|\(じっと\)|（じっと）)?"
                       rf"\s*[（(]←?(?P<origin>{_SQUARE})[）)]$")
_GAME_ENDS = ("投了", "中断", "詰み", "千日手", "持将棋", "切れ負け", "反則勝ち", "反則負け", "入玉勝ち", "不詰",
              "まで")
_MOVE_LINE = re.compile(r"^\s*([0-9]+)(?:手目)?\s*(.*?)\s*$")
_TIME = re.compile(r"\s*\(\s*\d+:\d+(?:/\d*:?\d*:?\d*)?\s*\)\s*\+?$")
_DOUBLE = ("一歩目", "二歩目")

KIF_HEADER_LINE = "手数----指手---------消費時間--"
"""The line between a KIF record's header and its moves."""


def describes(pos: Position) -> bool:
    """Whether KIF as lishogi writes it describes the variant of ``pos`` (standard shogi, Chu shogi)."""
    return pos.variant.id in ("shogi", "chu")


def _names(pos: Position) -> dict[str, str]:
    if not describes(pos):
        raise MoveError(f"KIF describes standard shogi and Chu shogi, not {pos.variant.id}")
    return CHU_NAMES if pos.variant.id == "chu" else SHOGI_NAMES


def _letter(pos: Position, code: int) -> str:
    return pos.tables.types[type_of(code)].fen.upper()


def _square(pos: Position, sq: int) -> str:
    g = pos.geometry
    if pos.variant.id == "chu":
        return f"{g.file_of(sq)}{kanji_number(g.rank_of(sq))}"
    return fullwidth(g.file_of(sq)) + kanji_number(g.rank_of(sq))


def _last_target(pos: Position) -> int | None:
    return pos.history[-1].move.target if pos.history else None


def write_kif_move(pos: Position, move: Move) -> str:
    """``move`` (legal in ``pos``) as ``shogiops`` writes it; a Chu double move takes two lines."""
    return _write(pos, move, _last_target(pos))


def _write(pos: Position, move: Move, last: int | None) -> str:
    """``move`` in KIF, ``last`` the target of the move before it in the record (or ``None``)."""
    names = _names(pos)
    if move.origin is None:
        return _square(pos, move.target) + names[pos.tables.types[move.drop or 0].fen.upper()] + "打"
    chu = pos.variant.id == "chu"
    same = last == move.target
    to = ("仝" if chu else "同　") if same else _square(pos, move.target)
    name = names[_letter(pos, pos.board[move.origin])]
    promotes = "成" if move.promotion else ""
    if not chu:
        g = pos.geometry
        return f"{to}{name}{promotes}({g.file_of(move.origin)}{g.rank_of(move.origin)})"
    squares = re.findall(r"\d{1,2}[a-l]", lishogi.write_usi(pos, move))
    if len(squares) == 2:
        return f"{to}{name}{promotes} （←{_square(pos, move.origin)}）"
    mid = pos.geometry.parse(squares[1])
    mark = ""
    if move.target == move.origin:
        mark = "（居食い）" if pos.board[mid] else "(じっと)"
    first = f"一歩目 {to if same else _square(pos, mid)}{name} （←{_square(pos, move.origin)}）"
    return f"{first}\n二歩目 {to}{name}{mark} （←{_square(pos, mid)}）"


def _read_square(pos: Position, text: str, what: str) -> int:
    if text in ("同", "仝"):
        last = _last_target(pos)
        if last is None:
            raise MoveError(f"{quote(what)}: '同' at the first move, when no move came before")
        return last
    text = text.translate(_FILES)
    digits = re.match(r"\d+", text)
    rank = _RANKS.get(text[digits.end():]) if digits else None
    g = pos.geometry
    if not digits or rank is None or not 1 <= int(digits.group()) <= g.files or rank > g.ranks:
        raise MoveError(f"{quote(what)}: no square {quote(text)} on this board")
    return g.square(int(digits.group()), rank)


def _check_name(pos: Position, code: int, written: str, text: str) -> None:
    """Refuse ``text`` when it names a piece other than ``code``."""
    names = _names(pos)
    letter = _letter(pos, code)
    written = written.translate(_SPELLINGS)
    if pos.variant.id == "shogi":
        written = _SHOGI_ALIASES.get(written, written)
    kind = pos.tables.types[type_of(code)].kind
    accepted = {names[letter], kind.kanji.translate(_SPELLINGS), kind.label.translate(_SPELLINGS)}
    if letter.startswith("+"):
        accepted.add("成" + pos.tables.types[type_of(code)].base.label.translate(_SPELLINGS))
    if written not in accepted:
        raise IllegalMoveError(f"{quote(text)}: the piece there is {names[letter]}, not {written}")


def parse_kif_move(pos: Position, text: str) -> Move:
    """Read a KIF move of ``pos`` (one line, or the two lines of a Chu double move)."""
    if not isinstance(text, str) or not text.strip():
        raise MoveError(f"not a KIF move: {quote(text)}")
    _names(pos)
    text = text.strip()
    flat = " ".join(text.replace("　", " ").split())
    if pos.variant.id == "chu":
        return _parse_chu(pos, flat, text)
    m = _SHOGI_MOVE.match(flat.replace("同 ", "同"))
    if not m:
        raise MoveError(f"not a KIF move: {quote(text)}")
    target = _read_square(pos, m["to"], text)
    how = m["how"] or ""
    if how != "打" and m["origin"] is None:
        raise MoveError(f"{quote(text)}: a KIF move needs its origin in brackets, as '７六歩(77)', a drop 打")
    if how == "打":
        drops = [mv for mv in pos.legal_moves() if mv.origin is None and mv.target == target
                 and _names(pos)[pos.tables.types[mv.drop or 0].fen.upper()] == _SHOGI_ALIASES.get(
                     m["piece"].translate(_SPELLINGS), m["piece"].translate(_SPELLINGS))]
        return one(pos, text, drops)
    origin = pos.geometry.square(int(m["origin"][0]), int(m["origin"][1]))
    if not pos.board[origin] or color_of(pos.board[origin]) != pos.turn:
        raise IllegalMoveError(f"{quote(text)}: no piece of the side to move on {m['origin']}")
    _check_name(pos, pos.board[origin], m["piece"], text)
    return one(pos, text, [mv for mv in pos.legal_moves() if mv.origin == origin and mv.target == target
                           and mv.promotion == (how == "成")])


def _step(pos: Position, text: str, whole: str, mover: int | None = None) -> tuple[int, int, str, str]:
    """One step of a Chu move: origin, target, 成/不成, the target as written. ``mover``: the origin of
    the whole move, when this is its second step."""
    m = _CHU_STEP.match(text)
    if not m:
        raise MoveError(f"not a KIF move of Chu shogi: {quote(whole)}")
    origin = _read_square(pos, m["origin"], whole)
    piece = pos.board[origin if mover is None else mover]
    if mover is None and (not piece or color_of(piece) != pos.turn):
        raise IllegalMoveError(f"{quote(whole)}: no piece of the side to move on {m['origin']}")
    _check_name(pos, piece, m["piece"], whole)
    return origin, _read_square(pos, m["to"], whole), m["how"] or "", m["to"]


def _parse_chu(pos: Position, flat: str, text: str) -> Move:
    g = pos.geometry
    flat = re.sub(r"^[☗☖▲△]", "", flat).replace("仝", "同")
    if flat.startswith(_DOUBLE[0]):
        second_at = flat.find(_DOUBLE[1])
        if second_at < 0:
            raise MoveError(f"{quote(text)}: a first step (一歩目) without its second (二歩目)")
        origin, first_to, _, written = _step(pos, flat[len(_DOUBLE[0]):second_at].strip(), text)
        mid, target, how, _ = _step(pos, flat[second_at + len(_DOUBLE[1]):].strip(), text, origin)
        # shogiops writes the first step '仝' when the second ends on the last target: the second step's
        # origin says where the first ended
        if written != "同" and first_to != mid:
            raise MoveError(f"{quote(text)}: the first step ends on {first_to and g.name(first_to)}, "
                            f"the second starts from {g.name(mid)}")
        usi = g.name(origin) + g.name(mid) + g.name(target) + ("+" if how == "成" else "")
    else:
        if flat.startswith(_DOUBLE[1]):
            raise MoveError(f"{quote(text)}: a second step (二歩目) without its first (一歩目)")
        origin, target, how, _ = _step(pos, flat, text)
        usi = g.name(origin) + g.name(target) + ("+" if how == "成" else "")
    try:
        return lishogi.parse_usi(pos, usi)
    except IllegalMoveError:
        raise IllegalMoveError(f"{quote(text)} is not a legal move here") from None


NOTATION = MoveNotation("kif", write_kif_move, parse_kif_move,
                        "KIF as lishogi writes it (shogi ７六歩(77), Chu 7八銅将 （←8九）); shogi and Chu only")


# --- records ---------------------------------------------------------------------------------------

HANDICAPS = {
    "平手": "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "香落ち": "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "右香落ち": "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "角落ち": "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "飛車落ち": "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "飛香落ち": "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "二枚落ち": "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "四枚落ち": "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "六枚落ち": "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "八枚落ち": "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "十枚落ち": "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
}
"""The standard-shogi handicaps a KIF header names (手合割), as USI SFEN."""

CHU_START = ("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/"
             "3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1")
"""lishogi's SFEN of Chu's start."""


@dataclass(frozen=True)
class KifRecord:
    """A KIF record read: the start position (an SFEN, lishogi's for Chu; ``None``: the variant's
    start) and the moves, each the text of one move (two lines for a Chu double move)."""

    sfen: str | None
    moves: list[str]
    chu: bool


def looks_like_kif(text: str) -> bool:
    """Whether ``text`` has the form of a KIF record (its move-list line, a 手合割 line, or a numbered
    line with a KIF move)."""
    return (bool(re.search(r"^\s*(?:手数----|手合割[：:])", text, re.M))
            or bool(re.search(r"^\s*\d+(?:手目)?\s*(?:一歩目\s*)?\S*[一二三四五六七八九十同仝]\S*?[(（]", text, re.M)))


def _well_formed(body: str) -> bool:
    """Whether ``body`` has the form of a KIF move (of shogi, or one or two steps of Chu)."""
    flat = re.sub(r"^[☗☖▲△]", "", " ".join(body.replace("　", " ").split())).replace("仝", "同")
    if _SHOGI_MOVE.match(flat.replace("同 ", "同")):
        return True
    steps = re.split(r"\s*二歩目\s*", flat.removeprefix(_DOUBLE[0]).strip()) if flat.startswith(_DOUBLE[0]) else [flat]
    return all(_CHU_STEP.match(step.strip()) for step in steps)


def _board_sfen(rows: list[str], hands: dict[int, str], turn: int, chu: bool) -> str:
    names = {name: letter for letter, name in (BOARD_CHU if chu else BOARD_SHOGI).items()}
    if not chu:
        names.update({"王": "K", "竜": "+R", "成銀": "+S", "成桂": "+N", "成香": "+L"})
    size = 12 if chu else 9
    out = []
    for n, row in enumerate(rows, 1):
        body = row.split("|")[1] if row.count("|") >= 2 else ""
        tokens = re.findall(r"(v?)(・|成?.)", body.replace(" ", ""))
        cells: list[str] = []
        for gote, name in tokens:
            if name == "・":
                cells.append("")
                continue
            letter = names.get(name.translate(_SPELLINGS)) or names.get(name)
            if letter is None:
                raise RecordError(f"line '{row.strip()}' of the KIF board: unknown piece {quote(name)}")
            cells.append(letter.lower() if gote else letter)
        if len(cells) != size:
            raise RecordError(f"rank {n} of the KIF board has {len(cells)} squares, not {size}")
        text, empty = "", 0
        for c in cells:
            if not c:
                empty += 1
                continue
            text += (str(empty) if empty else "") + c
            empty = 0
        out.append(text + (str(empty) if empty else ""))
    if len(out) != size:
        raise RecordError(f"the KIF board has {len(out)} ranks, not {size}")
    hand = ""
    if not chu:
        letters = {v: k for k, v in SHOGI_NAMES.items() if not k.startswith("+")}
        for color, upper in ((SENTE, True), (GOTE, False)):
            for part in hands.get(color, "").replace("　", " ").split():
                if part == "なし":
                    continue
                letter = letters.get(part[0].translate(_SPELLINGS))
                count = _kanji_count(part[1:]) if part[1:] else 1
                if letter is None or count is None:
                    raise RecordError(f"cannot read {quote(part)} in a KIF hand")
                hand += (str(count) if count > 1 else "") + (letter if upper else letter.lower())
    return f"{'/'.join(out)} {'b' if turn == SENTE else 'w'} {hand or '-'} 1"


def _kanji_count(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if text in _RANKS:
        return _RANKS[text]
    m = re.fullmatch(r"十([一二三四五六七八九]?)", text)
    return 10 + (_RANKS[m.group(1)] if m.group(1) else 0) if m else None


def read_kif(text: str) -> KifRecord:
    """Read a KIF record: its start position and its moves (see the module's notes)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    moves: list[str] = []
    board: list[str] = []
    hands: dict[int, str] = {}
    handicap: str | None = None
    turn = SENTE
    pending: tuple[int, str] | None = None  # a Chu first step (一歩目), waiting for its second
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line[0] in "#*&" or line.startswith(KIF_HEADER_LINE[:4]):
            continue
        if line.startswith("変化："):
            break  # a variation: the main line has ended
        if line.startswith("|"):
            board.append(line)
            continue
        key, colon, value = line.replace(":", "：", 1).partition("：")
        if colon and not _MOVE_LINE.match(line):
            if key == "手合割":
                handicap = value.strip()
            elif key in ("先手の持駒", "下手の持駒"):
                hands[SENTE] = value.strip()
            elif key in ("後手の持駒", "上手の持駒"):
                hands[GOTE] = value.strip()
            continue
        if line.startswith("+") or re.fullmatch(r"[１２３４５６７８９０ 　]+", line):
            continue  # the frame and the file numbers of a board diagram
        if line in ("後手番", "上手番"):
            turn = GOTE
            continue
        m = _MOVE_LINE.match(line)
        if not m:
            raise RecordError(f"line {number} of the KIF record is neither a header nor a move: {quote(line)}")
        body = re.sub(r"\s*\+$", "", _TIME.sub("", m.group(2))).strip()  # '+': a variation follows
        if any(body.startswith(word) for word in _GAME_ENDS):
            break
        if body.startswith(_DOUBLE[0]):
            pending = (number, body)
            continue
        if body.startswith(_DOUBLE[1]):
            if pending is None:
                raise RecordError(f"line {number} of the KIF record: a second step (二歩目) without its first")
            body = pending[1] + "\n" + body
            pending = None
        elif pending is not None:
            raise RecordError(f"line {pending[0]} of the KIF record: a first step (一歩目) without its second")
        if not _well_formed(body):
            raise RecordError(f"line {number} of the KIF record is not a KIF move: {quote(m.group(2))}")
        moves.append(body)
    if pending is not None:
        raise RecordError(f"line {pending[0]} of the KIF record: a first step (一歩目) without its second")
    chu = len(board) == 12 or any(re.search(r"[（(]←", mv) for mv in moves) or handicap == ""
    sfen: str | None = None
    if board:
        sfen = _board_sfen(board, hands, turn, chu)
    elif handicap and not chu:
        if handicap not in HANDICAPS:
            raise RecordError(f"unknown handicap 手合割：{handicap} (known: {', '.join(HANDICAPS)})")
        sfen = HANDICAPS[handicap] if handicap != "平手" else None
    return KifRecord(sfen, moves, chu)


def _header(pos: Position) -> str:
    chu = pos.variant.id == "chu"
    sfen = lishogi.write_sfen(pos) if chu else pos.sfen()
    if sfen == (CHU_START if chu else HANDICAPS["平手"]):
        return "手合割：" + ("" if chu else "平手")
    for name, handicap in HANDICAPS.items():
        if sfen == handicap:
            return "手合割：" + name
    return position_header(pos)


def position_header(pos: Position) -> str:
    """The header of a record that starts from ``pos``, as ``shogiops`` writes it (``makeKifPositionHeader``):
    gote's hand, the board (``v`` before a piece of gote), sente's hand (shogi only), and ``後手番`` when
    gote moves first."""
    chu = pos.variant.id == "chu"
    g = pos.geometry
    files = (" １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １" if chu else "  ９ ８ ７ ６ ５ ４ ３ ２ １")
    width = 3 if chu else 2
    frame = "+" + "-" * (g.files * (width + 1)) + "+"
    rows = []
    for r in range(1, g.ranks + 1):
        cells = ""
        for f in range(g.files, 0, -1):
            code = pos.board[g.square(f, r)]
            if not code:
                cells += " " * (width - 1) + "・"
                continue
            letter = _letter(pos, code)
            name = (BOARD_CHU if chu else BOARD_SHOGI)[letter]
            cells += (("v" if color_of(code) == GOTE else "") + name).rjust(width)
        rows.append(f"|{cells}|{kanji_number(r)}")
    lines = [] if chu else ["後手の持駒：" + _hand(pos, GOTE)]
    lines += [files, frame, *rows, frame]
    if not chu:
        lines.append("先手の持駒：" + _hand(pos, SENTE))
    if pos.turn == GOTE:
        lines.append("後手番")
    return "\n".join(lines)


BOARD_SHOGI = {"K": "玉", "R": "飛", "+R": "龍", "B": "角", "+B": "馬", "G": "金", "S": "銀", "+S": "全",
               "N": "桂", "+N": "圭", "L": "香", "+L": "杏", "P": "歩", "+P": "と"}
"""The names a KIF board diagram draws for the shogi pieces (``v`` before a piece of gote)."""

BOARD_CHU = {"K": "玉", "E": "象", "+E": "太", "G": "金", "+G": "成飛", "S": "銀", "+S": "成竪", "C": "銅",
             "+C": "成横", "F": "豹", "+F": "成角", "T": "虎", "+T": "鹿", "O": "麒", "+O": "成獅", "X": "鳳",
             "+X": "成奔", "P": "歩", "+P": "成歩", "I": "仲", "+I": "成象", "L": "香", "+L": "駒", "A": "反",
             "+A": "鯨", "M": "横", "+M": "猪", "V": "竪", "+V": "牛", "B": "角", "+B": "成馬", "R": "飛",
             "+R": "成龍", "H": "馬", "+H": "鷹", "D": "龍", "+D": "鷲", "Q": "奔", "N": "獅"}
"""The names a Chu KIF board diagram draws, as lishogi does (成 and the kanji of the piece it moves as for
some promoted pieces)."""


def _hand(pos: Position, color: int) -> str:
    parts = []
    for letter in "RBGSNLP":
        n = pos.hands[color][pos.tables.type_by_fen(letter)]
        if n:
            parts.append(SHOGI_NAMES[letter] + (_count(n) if n > 1 else ""))
    return " ".join(parts) or "なし"


def _count(n: int) -> str:
    return kanji_number(n) if n <= 10 else ("十" if n < 20 else kanji_number(n // 10) + "十") + (
        kanji_number(n % 10) if n % 10 else "")


def write_kif(start: Position, moves: list[Move]) -> str:
    """The record of ``moves`` played from ``start``, as lishogi exports it (see the module's notes)."""
    _names(start)
    pos = start.copy()
    chu = pos.variant.id == "chu"
    lines = [_header(pos), KIF_HEADER_LINE]
    last = None  # the first move of a record refers to no move before it (no 同)
    for n, move in enumerate(moves, pos.ply + 1):
        number = f"{n:4d}" + ("手目" if chu else "")
        for line in _write(pos, move, last).split("\n"):
            lines.append(number + (line if line.startswith(_DOUBLE) else "   " + line))
        pos.push(move)
        last = move.target
    return "\n".join(lines) + "\n"


__all__ = ["CHU_NAMES", "HANDICAPS", "KIF_HEADER_LINE", "KifRecord", "NOTATION", "SHOGI_NAMES", "looks_like_kif",
           "parse_kif_move", "position_header", "read_kif", "write_kif", "write_kif_move"]
