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
from typing import TYPE_CHECKING, NamedTuple

from ..model.codes import color_of, piece_code, type_of
from ..model.errors import IllegalMoveError, MoveError, RecordError, quote
from ..model.geometry import GOTE, SENTE, fullwidth, kanji_number
from ..model.moves import Move
from . import lishogi
from .common import MoveNotation, one

if TYPE_CHECKING:
    from ..engine.position import Position

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

_HAND_LETTERS = {"飛": "R", "角": "B", "金": "G", "銀": "S", "桂": "N", "香": "L", "歩": "P", "玉": "K"}
"""The pieces a standard shogi KIF names in hand, by their SFEN letters."""

KIF_HEADER_LINE = "手数----指手---------消費時間--"
"""The line between a KIF record's header and its moves."""


def describes(pos: Position) -> bool:
    """Whether KIF as lishogi writes it describes the variant of ``pos`` (it names the variant's
    pieces: :attr:`~shogi_rules.model.variant_data.Variant.kif_names`)."""
    return bool(pos.variant.kif_names)


def _chu(pos: Position) -> bool:
    """Whether lishogi writes the variant's KIF in Chu shogi's style (full names, ``7八`` squares,
    two lines for a double move) rather than standard shogi's."""
    return not pos.variant.usi


def _names(pos: Position) -> dict[str, str]:
    if not describes(pos):
        raise MoveError(f"lishogi writes no KIF of {pos.variant.id}")
    return dict(pos.variant.kif_names)


def _letter(pos: Position, code: int) -> str:
    return pos.tables.types[type_of(code)].fen.upper()


def _square(pos: Position, sq: int) -> str:
    g = pos.geometry
    if _chu(pos):
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
    chu = _chu(pos)
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
    digits = re.match(r"[0-9]{1,2}", text)
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
    if not _chu(pos):
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
    if flat[0] in "☗☖▲△" and (flat[0] in "☗▲") != (pos.turn == SENTE):
        raise IllegalMoveError(f"{quote(text)}: it is {'sente' if pos.turn == SENTE else 'gote'}'s move, "
                               f"not {'sente' if flat[0] in '☗▲' else 'gote'}'s")
    move = _parse_chu(pos, flat, text) if _chu(pos) else _parse_shogi(pos, flat, text)
    squares = (move.origin, move.target, move.path)
    if "不成" in flat and not any(m.promotion and (m.origin, m.target, m.path) == squares for m in pos.legal_moves()):
        raise IllegalMoveError(f"{quote(text)}: 不成 (declines to promote) only where the piece could promote")
    return move


def _parse_shogi(pos: Position, flat: str, text: str) -> Move:
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
            raise MoveError(f"{quote(text)}: the first step ends on {g.name(first_to)}, "
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
                        "KIF as lishogi writes it (shogi ７六歩(77), Chu 7八銅将 （←8九）); shogi and Chu only",
                        describes)


# --- records ---------------------------------------------------------------------------------------

class Setup(NamedTuple):
    """A start position a record gives: ``{square: FEN code}`` (``"7g": "P"``, gote's in lower case,
    ``+`` for a promoted piece), the side to move first, the pieces in hand as FEN letters (``"GPpp"``),
    the arguments of ``Position.from_pieces``."""

    pieces: dict[str, str]
    turn: int
    hands: str


_RANK_NAMES = "abcdefghijkl"
EVEN = {f"{9 - c}{_RANK_NAMES[r]}": code for r, row in enumerate(
    ("lnsgkgsnl", ".r.....b.", "ppppppppp", ".........", ".........", ".........", "PPPPPPPPP", ".B.....R.",
     "LNSGKGSNL")) for c, code in enumerate(row) if code != "."}
"""Standard shogi's start, square by square."""

_LANCE, _RIGHT_LANCE, _BISHOP, _ROOK = ("1a",), ("9a",), ("2b",), ("8b",)
_TWO = _ROOK + _BISHOP
_FOUR = _TWO + _LANCE + _RIGHT_LANCE
_SIX = _FOUR + ("2a", "8a")
_EIGHT = _SIX + ("3a", "7a")
_TEN = _EIGHT + ("4a", "6a")
HANDICAPS: dict[str, tuple[tuple[str, ...], str]] = {
    "平手": ((), ""),
    "香落ち": (_LANCE, ""), "右香落ち": (_RIGHT_LANCE, ""), "角落ち": (_BISHOP, ""), "飛車落ち": (_ROOK, ""),
    "飛香落ち": (_ROOK + _LANCE, ""), "二枚落ち": (_TWO, ""), "四枚落ち": (_FOUR, ""), "六枚落ち": (_SIX, ""),
    "八枚落ち": (_EIGHT, ""), "十枚落ち": (_TEN, ""),
    "歩三兵": (_TEN + tuple(f"{f}c" for f in range(1, 10)), "ppp"),
    "裸玉": (_TEN + tuple(f"{f}c" for f in range(1, 10)), ""),
    "トンボ＋桂香": (("3a", "4a", "6a", "7a"), ""),
    "トンボ＋香": (("2a", "3a", "4a", "6a", "7a", "8a"), ""),
    "トンボ": (("1a", "2a", "3a", "4a", "6a", "7a", "8a", "9a"), ""),
    "香得": (_LANCE, "L"), "角得": (_BISHOP, "B"), "飛車得": (_ROOK, "R"), "飛香得": (_ROOK + _LANCE, "RL"),
    "二枚得": (_TWO, "RB"), "四枚得": (_FOUR, "RBLL"), "六枚得": (_SIX, "RBNNLL"), "八枚得": (_EIGHT, "RBSSNNLL"),
}
"""The standard-shogi handicaps a KIF header names (手合割), as lishogi knows them: the squares of gote's
pieces taken off the start, and the pieces in hand (``得``: sente holds what gote gave up). In a
handicap game gote (上手, the stronger player) moves first."""


def handicap_setup(name: str) -> Setup:
    """The start of the handicap ``name`` (``平手``: the even game, sente first)."""
    removed, hands = HANDICAPS[name]
    return Setup({sq: code for sq, code in EVEN.items() if sq not in removed}, GOTE if removed else SENTE, hands)


CHU_START = ("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/"
             "3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1")
"""lishogi's SFEN of Chu's start."""


@dataclass(frozen=True)
class KifRecord:
    """A KIF record read: the start position (``None``: the variant's start), the moves, each the text
    of one move (two lines for a Chu double move), and whether it is a record of Chu shogi."""

    start: Setup | None
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


def _board_setup(rows: list[str], hands: dict[int, str], turn: int, chu: bool) -> Setup:
    """The start drawn as a board diagram (the ``|`` lines), with the hands and the side to move."""
    names = {name: letter for letter, name in (BOARD_CHU if chu else BOARD_SHOGI).items()}
    if not chu:
        names.update({"王": "K", "竜": "+R", "成銀": "+S", "成桂": "+N", "成香": "+L"})
    size = 12 if chu else 9
    if len(rows) != size:
        raise RecordError(f"the KIF board has {len(rows)} ranks, not {size}")
    pieces: dict[str, str] = {}
    for r, row in enumerate(rows):
        body = row.split("|")[1] if row.count("|") >= 2 else ""
        tokens = re.findall(r"(v?)(・|成?.)", body.replace(" ", ""))
        if len(tokens) != size:
            raise RecordError(f"rank {r + 1} of the KIF board has {len(tokens)} squares, not {size}")
        for c, (gote, name) in enumerate(tokens):
            if name == "・":
                continue
            letter = names.get(name.translate(_SPELLINGS)) or names.get(name)
            if letter is None:
                raise RecordError(f"line '{row.strip()}' of the KIF board: unknown piece {quote(name)}")
            pieces[f"{size - c}{_RANK_NAMES[r]}"] = letter.lower() if gote else letter
    hand = ""
    if not chu:
        letters = _HAND_LETTERS
        for color in (SENTE, GOTE):
            for part in hands.get(color, "").replace("　", " ").split():
                if part == "なし":
                    continue
                letter = letters.get(part[0].translate(_SPELLINGS))
                count = _kanji_count(part[1:]) if part[1:] else 1
                if letter is None or count is None:
                    raise RecordError(f"cannot read {quote(part)} in a KIF hand")
                hand += (letter if color == SENTE else letter.lower()) * count
    return Setup(pieces, turn, hand)


def _kanji_count(text: str) -> int | None:
    """A count in a KIF hand: in digits (at most two, half- or full-width) or in kanji up to 十九; else ``None``."""
    if re.fullmatch(r"[0-9０-９]{1,2}", text):
        return int(text.translate(_FILES))
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
    start: Setup | None = None
    if board:
        start = _board_setup(board, hands, turn, chu)
    elif handicap and not chu:
        if handicap not in HANDICAPS:
            raise RecordError(f"unknown handicap 手合割：{handicap} (known: {', '.join(HANDICAPS)})")
        start = handicap_setup(handicap) if handicap != "平手" else None
    return KifRecord(start, moves, chu)


def _header(pos: Position) -> str:
    if _chu(pos):
        return "手合割：" if lishogi.write_sfen(pos) == CHU_START else position_header(pos)
    g = pos.geometry
    here = Setup({g.name(sq): _token(pos, code) for sq, code in enumerate(pos.board) if code}, pos.turn,
                 "".join(_token(pos, piece_code(t, c)) * n for c in (SENTE, GOTE) for t, n in enumerate(pos.hands[c]) if n))
    for name in HANDICAPS:
        if here == handicap_setup(name):
            return "手合割：" + name
    return position_header(pos)


def _token(pos: Position, code: int) -> str:
    """The FEN code of the piece ``code`` (lower case for gote's)."""
    letter = _letter(pos, code)
    return letter if color_of(code) == SENTE else letter.lower()


def position_header(pos: Position) -> str:
    """The header of a record that starts from ``pos``, as ``shogiops`` writes it (``makeKifPositionHeader``):
    gote's hand, the board (``v`` before a piece of gote), sente's hand (shogi only), and ``後手番`` when
    gote moves first."""
    chu = _chu(pos)
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
            parts.append(BOARD_SHOGI[letter] + (_count(n) if n > 1 else ""))
    return " ".join(parts) or "なし"


def _count(n: int) -> str:
    return kanji_number(n) if n <= 10 else ("十" if n < 20 else kanji_number(n // 10) + "十") + (
        kanji_number(n % 10) if n % 10 else "")


def write_kif(start: Position, moves: list[Move]) -> str:
    """The record of ``moves`` played from ``start``, as lishogi exports it (see the module's notes)."""
    _names(start)
    pos = start.copy()
    chu = _chu(pos)
    lines = [_header(pos), KIF_HEADER_LINE]
    last = None  # the first move of a record refers to no move before it (no 同)
    for n, move in enumerate(moves, pos.ply + 1):
        number = f"{n:4d}" + ("手目" if chu else "")
        for line in _write(pos, move, last).split("\n"):
            lines.append(number + (line if line.startswith(_DOUBLE) else "   " + line))
        pos.push(move)
        last = move.target
    return "\n".join(lines) + "\n"


__all__ = ["CHU_NAMES", "HANDICAPS", "KIF_HEADER_LINE", "KifRecord", "NOTATION", "Setup", "handicap_setup", "SHOGI_NAMES", "looks_like_kif",
           "parse_kif_move", "position_header", "read_kif", "write_kif", "write_kif_move"]
