"""A second move generator for the two Heian games, written for the tests from the sources' words.

No engine plays Heian shogi or Heian dai shogi, so the engine is checked against this one. It shares nothing
with the package's move generation: the pieces' moves are the lists of steps below, written from the 二中歴
as Japanese Wikipedia reads it and from Steve Evans' files (not from the Betza strings of the variant
modules), the setups are written out here square by square, and the board, promotion and check rules are
its own few lines. It knows only what the two games need: steps, slides and leaps, shogi's promotion by
zone with the forced promotion of a piece that could never move again, and the rule that a move may not
leave one's own king attacked. (Drops are not written: no capture can happen in the first two plies from
the start, which is as deep as the tests go.)

A square is ``(file, rank)`` as the notation names it: file 1 on sente's right, rank 1 (a) gote's back
rank. A move is ``(origin, target, promotes)``.
"""

from __future__ import annotations

from dataclasses import dataclass

Square = tuple[int, int]
Move = tuple[Square, Square, bool]

# Directions as (to the owner's right, forward).
F, B, L, R = (0, 1), (0, -1), (-1, 0), (1, 0)
FL, FR, BL, BR = (-1, 1), (1, 1), (-1, -1), (1, -1)
ORTHOGONAL = (F, B, L, R)
DIAGONAL = (FL, FR, BL, BR)
EIGHT = ORTHOGONAL + DIAGONAL
GOLD_STEPS = (F, B, L, R, FL, FR)


@dataclass(frozen=True)
class Moves:
    """A piece's moves: single steps, slides (any distance until blocked) and leaps (jump to the square)."""

    steps: tuple[tuple[int, int], ...] = ()
    slides: tuple[tuple[int, int], ...] = ()
    leaps: tuple[tuple[int, int], ...] = ()


GOLD = Moves(steps=GOLD_STEPS)

# --- the pieces, as the sources word them --------------------------------------------------------------

SMALL = {
    "K": Moves(steps=EIGHT),                        # 玉将八方得自在
    "G": GOLD,                                      # 金将不行下二目: not to the two squares diagonally behind
    "S": Moves(steps=(F, FL, FR, BL, BR)),          # 銀将不行左右下: not sideways nor straight back
    "N": Moves(leaps=((-1, 2), (1, 2))),            # 桂馬前角超一目: over one square to a forward corner
    "L": Moves(slides=(F,)),                        # 香車先方任意行
    "P": Moves(steps=(F,)),                         # 歩兵一方不他行
}
"""The small game: the 二中歴's eight lines. Every promoted piece is a gold (入敵三目皆成金)."""

LARGE_COMMON = {
    **SMALL,
    "FT": Moves(steps=DIAGONAL),                    # 猛虎 行四角一歩
    "FC": Moves(slides=(F, B)),                     # 奔車 行前後不云多少
    "GB": Moves(steps=(F, B)),                      # 注人 行前後
}

LARGE_READINGS = {
    "C": {"nichureki": Moves(steps=ORTHOGONAL),                 # 銅将不行四隅
          "evans": Moves(steps=(F, B, FL, FR))},                # Heian.dat: 1,1,0,0,1,1,0,0
    "I": {"nichureki": Moves(steps=(F, L, R, FL, FR)),          # 鐵将不行後三方
          "evans": Moves(steps=(F, FL, FR))},                   # Heian.dat: 1,0,0,0,1,1,0,0
    "SM": {"nichureki": Moves(steps=(F,), slides=(L, R)),       # 横行 行前一歩左右不云多少
           "evans": Moves(steps=(F, B), slides=(L, R))},        # Heian.dat: 1,1,64,64
    "FD": {"bishop": Moves(slides=DIAGONAL),                    # 飛龍 行四隅超越, the usual reading
           "jump": Moves(leaps=((-2, 2), (2, 2), (-2, -2), (2, -2)))},
    "+FD": {"gold": GOLD,
            "evans": Moves(steps=ORTHOGONAL, slides=DIAGONAL)},  # Heian.dat: 1,1,1,1,64,64,64,64
}

PROMOTES = {"S", "N", "L", "P", "C", "I", "FT", "FD", "FC", "SM", "GB"}
"""The pieces that promote (in both games those of them that the game has): all but the king and the gold."""


# --- the setups, written out -----------------------------------------------------------------------------

def _rows(*rows: str) -> list[list[str]]:
    return [row.split() for row in rows]


SMALL_BOARDS = {
    # files, ranks, sente's back rank from the file with the highest number, sente's pawn rank
    # counted from its side; gote's pieces turned about the centre of the board
    "9x8": (9, 8, "L N S G K G S N L", 2),
    "9x9": (9, 9, "L N S G K G S N L", 3),
    "8x8": (8, 8, "L N S G K S N L", 3),
    "takami": (9, 10, "L N S G K G S N L", 3),
}
LARGE_BOARDS = {"13x13": 13, "takami": 10}
LARGE_BACK = "L N I C S G K G S C I N L"
LARGE_SECOND = "FC FD . . FT . SM . FT . . FD FC"


@dataclass
class Game:
    """One rule set of a Heian game as this generator sees it."""

    files: int
    ranks: int
    zone: int
    pieces: dict[str, Moves]
    board: dict[Square, tuple[str, int, bool]]
    """square -> (code, side: 0 sente / 1 gote, promoted)"""

    def moves_of(self, code: str, promoted: bool) -> Moves:
        if promoted:
            return self.pieces.get("+" + code, GOLD)
        return self.pieces[code]


def _place(files: int, ranks: int, rows: list[tuple[int, list[str]]]) -> dict[Square, tuple[str, int, bool]]:
    """Sente's rows (rank counted from its side, codes from the highest file down) and gote's, turned."""
    board: dict[Square, tuple[str, int, bool]] = {}
    for depth, codes in rows:
        for i, code in enumerate(codes):
            if code == ".":
                continue
            file = files - i
            board[(file, ranks + 1 - depth)] = (code, 0, False)
            board[(files + 1 - file, depth)] = (code, 1, False)
    return board


def small_game(board: str, zone: int) -> Game:
    files, ranks, back, pawns = SMALL_BOARDS[board]
    rows = [(1, back.split()), (pawns, ["P"] * files)]
    return Game(files, ranks, zone, dict(SMALL), _place(files, ranks, rows))


def large_game(board: str, readings: dict[str, str]) -> Game:
    """``readings``: piece code -> reading (keys of :data:`LARGE_READINGS`)."""
    ranks = LARGE_BOARDS[board]
    pieces = dict(LARGE_COMMON)
    for code, options in LARGE_READINGS.items():
        pieces[code] = options[readings[code]]
    centre = ["."] * 13
    centre[6] = "GB"
    rows = [(1, LARGE_BACK.split()), (2, LARGE_SECOND.split()), (3, ["P"] * 13), (4, centre)]
    return Game(13, ranks, 3, pieces, _place(13, ranks, rows))


# --- moves --------------------------------------------------------------------------------------------------

def _turn(side: int, d: tuple[int, int]) -> tuple[int, int]:
    """A direction (right, forward) of ``side``'s piece as (file step, rank step)."""
    right, forward = d
    return (-right, -forward) if side == 0 else (right, forward)


def _on(game: Game, sq: Square) -> bool:
    return 1 <= sq[0] <= game.files and 1 <= sq[1] <= game.ranks


def destinations(game: Game, sq: Square) -> list[Square]:
    """The squares the piece on ``sq`` moves to: empty or holding an enemy."""
    code, side, promoted = game.board[sq]
    moves = game.moves_of(code, promoted)
    out: list[Square] = []

    def reach(t: Square) -> bool:
        """Add ``t`` if the piece may go there; true if it is empty (a slide goes on)."""
        if not _on(game, t):
            return False
        other = game.board.get(t)
        if other is None:
            out.append(t)
            return True
        if other[1] != side:
            out.append(t)
        return False

    for d in moves.steps + moves.leaps:
        df, dr = _turn(side, d)
        reach((sq[0] + df, sq[1] + dr))
    for d in moves.slides:
        df, dr = _turn(side, d)
        t = (sq[0] + df, sq[1] + dr)
        while reach(t):
            t = (t[0] + df, t[1] + dr)
    return out


def _in_zone(game: Game, side: int, sq: Square) -> bool:
    return sq[1] <= game.zone if side == 0 else sq[1] > game.ranks - game.zone


def stuck(game: Game, code: str, side: int, sq: Square) -> bool:
    """Whether an unpromoted ``code`` on ``sq`` could never move again (no move stays on the board)."""
    moves = game.pieces[code]
    for d in moves.steps + moves.leaps + moves.slides:
        df, dr = _turn(side, d)
        if _on(game, (sq[0] + df, sq[1] + dr)):
            return False
    return True


def pseudo_moves(game: Game, side: int) -> list[Move]:
    out: list[Move] = []
    for sq, (code, owner, promoted) in list(game.board.items()):
        if owner != side:
            continue
        for t in destinations(game, sq):
            can = (not promoted and code in PROMOTES and code in game.pieces
                   and (_in_zone(game, side, sq) or _in_zone(game, side, t)))
            if not (can and stuck(game, code, side, t)):
                out.append((sq, t, False))
            if can:
                out.append((sq, t, True))
    return out


def play(game: Game, move: Move) -> tuple[str, int, bool] | None:
    origin, target, promotes = move
    code, side, promoted = game.board.pop(origin)
    taken = game.board.get(target)
    game.board[target] = (code, side, promoted or promotes)
    return taken


def undo(game: Game, move: Move, taken: tuple[str, int, bool] | None, before: tuple[str, int, bool]) -> None:
    origin, target, _ = move
    game.board[origin] = before
    if taken is None:
        del game.board[target]
    else:
        game.board[target] = taken


def attacked(game: Game, sq: Square, by: int) -> bool:
    return any(sq in destinations(game, s) for s, (_, owner, _) in list(game.board.items()) if owner == by)


def legal_moves(game: Game, side: int) -> list[Move]:
    out = []
    for move in pseudo_moves(game, side):
        before = game.board[move[0]]
        taken = play(game, move)
        king = next(s for s, (c, o, _) in game.board.items() if c == "K" and o == side)
        if not attacked(game, king, 1 - side):
            out.append(move)
        undo(game, move, taken, before)
    return out


def divide(game: Game, side: int) -> dict[Move, int]:
    """Each legal move of ``side`` with the number of legal replies to it (perft 2, split by first move)."""
    out = {}
    for move in legal_moves(game, side):
        before = game.board[move[0]]
        taken = play(game, move)
        out[move] = len(legal_moves(game, 1 - side))
        undo(game, move, taken, before)
    return out
