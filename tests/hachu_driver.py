"""A driver of HaChu (H. G. Muller's engine, Debian package ``hachu``) over the Chess Engine Communication Protocol,
for the games it plays that the engine has: Chu shogi (``variant chu``) and Dai shogi (``variant dai``). A plain module
(``from hachu_driver import ...``), shared by ``test_chu_hachu.py`` and ``test_dai_hachu.py``.

How positions and moves are written for HaChu 0.21 (the Debian package):

* ``setboard`` takes the board part of a FEN with HaChu's own letters, upper case for sente (HaChu's White), ``+``
  before a promoted piece, gote's back rank first. In Chu they are this project's letters (lishogi's); in Dai HaChu
  has more pieces than letters and marks some with ``'`` or ``!`` (``A'`` is the Angry Boar, ``L!`` the Lion):
  :data:`LETTERS` translates. A colour field makes ``setboard`` stop with "Unknown piece ' '": the side to move
  after it is always sente. A position with gote to move is set up turned 180° with the colours swapped (the same
  game seen from the other side), and every square of its moves is turned too.
* Squares are Fairy-Stockfish coordinates (files a-o from sente's left, ranks 1-15 from sente's side).
* A move that captures on its first step (a Lion's or a Horned Falcon's or Soaring Eagle's double move, igui) is
  written leg by leg: ``e5f6,f6g7``; igui ``e5f6,f6e5``. A move whose first step is to an empty square is the plain
  ``from``-``to`` move (HaChu refuses the two-leg form of a jump). A pass is ``@@@@``, which HaChu matches with
  whichever pass it has (a pass leaves the board as it is, whichever piece makes it).
* A promotion ends in ``+``; a move without it is a non-promotion, except that HaChu takes a non-promotion for
  which only the promotion is legal (a lance entering the zone on the last rank) as that promotion: which of the
  two it made is read from its debug line ``# makemove``.
* HaChu prints its root move list in its debug output when a ``usermove`` matches none of its moves
  (:meth:`HaChu.root_moves` sends one with an off-board square); HaChu builds that list only once a hash table is
  set (``memory``).
"""

from __future__ import annotations

import re
import shutil
import subprocess

from shogi_rules import Move, Position

HACHU = shutil.which("hachu", path="/usr/games:/usr/bin:/usr/local/games:/usr/local/bin")

LETTERS: dict[str, dict[str, str]] = {
    "chu": {},
    # This project's FEN codes (sente's) → HaChu's daiIDs: its I and N are the Iron General and the Knight, its
    # primed letters the pieces its alphabet has no room for.
    "dai": {"I": "P'", "N": "L!", "J": "I", "(KN)": "N", "U": "U", "Y": "W", "(AB)": "A'", "(CSW)": "C'",
            "(VO)": "X'", "(FD)": "F'"},
}
"""Per game: FEN token (sente's, upper case) → HaChu's letter, where they differ."""


class HaChu:
    """One HaChu process in force mode for ``variant``, answering ``ping`` so that each reply can be read in full.
    HaChu 0.21 crashes (a segmentation fault) after some dozens of ``undo`` in one run, the sooner the more pieces
    stand on the board (each ``undo`` sets the position up again, and the place HaChu remembers for a side's kirin
    in its piece list, never reset when the side has none, drifts past the list's end), so the driver starts it
    afresh every :attr:`UNDOS` undos and sets the position up again (the ``setboard`` and the moves kept)."""

    UNDOS = 8

    def __init__(self, variant: str = "chu") -> None:
        assert HACHU, "the hachu engine is needed (Debian package hachu)"
        self.variant = variant
        self.kept: list[str] = []
        self._start()

    def _start(self) -> None:
        self.proc = subprocess.Popen([HACHU], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.pings = self.undos = 0
        self.command(f"xboard\nprotover 2\nmemory 1\nvariant {self.variant}\nforce")
        for text in self.kept:
            assert self.command(text) == [], text

    def setboard(self, board: str) -> None:
        assert self.command("setboard " + board) == []
        self.kept = ["setboard " + board]

    def command(self, text: str) -> list[str]:
        """Send ``text``, then a ping; the engine's lines before the pong, its debug lines (``#``) left out."""
        return [line for line in self.talk(text) if not line.startswith("#")]

    def talk(self, text: str) -> list[str]:
        """Send ``text``, then a ping; every line before the pong."""
        assert self.proc.stdin and self.proc.stdout
        self.pings += 1
        self.proc.stdin.write(f"{text}\nping {self.pings}\n")
        self.proc.stdin.flush()
        lines = []
        while (line := self.proc.stdout.readline()) != f"pong {self.pings}\n":
            assert line, "hachu stopped"
            lines.append(line.rstrip("\n"))
        return lines

    def play(self, move: str) -> bool | None:
        """``usermove``: ``None`` when HaChu answers ``Illegal move``, else whether the move it made (and keeps)
        promotes. HaChu reads a non-promotion for which only the promotion is legal as the promotion, so the
        promotion it made is read from its debug line ``# makemove CODE ...`` (bit 23 of its move code)."""
        lines = self.talk(f"usermove {move}")
        answer = [line for line in lines if not line.startswith("#")]
        assert all(line.startswith("Illegal move") for line in answer), answer
        if answer:
            return None
        made = [line.split()[2] for line in lines if line.startswith("# makemove ")]
        assert len(made) == 1, lines
        self.kept.append(f"usermove {move}")
        return bool(int(made[0], 16) >> 23 & 1)

    def accepts(self, move: str) -> bool | None:
        """:meth:`play`, the move taken back if it was made."""
        promoted = self.play(move)
        if promoted is not None:
            self.command("undo")
            self.kept.pop()
            self.undos += 1
            if self.undos == self.UNDOS:
                self.close()
                self._start()
        return promoted

    def root_moves(self) -> list[str]:
        """HaChu's list of moves in the current position, as its debug output prints it after a ``usermove`` that
        matches none (``# N. CODE CODE MOVE``); its empty slots (code 0, printed ``@@@@``) left out."""
        lines = self.talk("usermove a0a0")
        listed = [line.split() for line in lines if re.match(r"# -?\d+\. [0-9a-f]{8} ", line)]
        return [fields[4] for fields in listed if int(fields[2], 16)]

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.write("quit\n")
        self.proc.stdin.close()
        assert self.proc.wait(timeout=10) == 0


TOKEN = re.compile(r"\d+|\+?(?:\([A-Za-z]+\)|[A-Za-z])")


def _rows(pos: Position) -> list[list[str | None]]:
    rows = []
    for text in pos.fen().split()[0].split("/"):
        row: list[str | None] = []
        for token in TOKEN.findall(text):
            row += [None] * int(token) if token.isdigit() else [token]
        rows.append(row)
    return rows


def _letter(variant: str, token: str) -> str:
    promoted, code = token.startswith("+"), token.lstrip("+")
    letter = LETTERS[variant].get(code.upper(), code.upper())
    return ("+" if promoted else "") + (letter if code == code.upper() else letter.lower())


def hachu_board(pos: Position, turned: bool) -> str:
    """The board for ``setboard``: ours in HaChu's letters, or turned 180° with the colours swapped."""
    rows = _rows(pos)
    if turned:
        rows = [[t.swapcase() if t else None for t in reversed(r)] for r in reversed(rows)]
    out = []
    for row in rows:
        text, empty = "", 0
        for token in row:
            if token is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + _letter(pos.rules.variant.id, token)
            empty = 0
        out.append(text + (str(empty) if empty else ""))
    return "/".join(out)


def hachu_move(pos: Position, move: Move, turned: bool) -> str:
    """``move`` of ``pos`` as HaChu reads it (see the module's notes)."""
    g = pos.geometry
    assert move.origin is not None

    def name(sq: int) -> str:
        return g.fsf_name(g.mirror(sq) if turned else sq)

    caught = [s for s in move.path if pos.board[s]]
    if caught:
        return f"{name(move.origin)}{name(caught[0])},{name(caught[0])}{name(move.target)}" + \
            ("+" if move.promotion else "")
    if move.target == move.origin:
        return "@@@@"
    return name(move.origin) + name(move.target) + ("+" if move.promotion else "")


def royal_in_reach(pos: Position) -> bool:
    """Whether the side to move can take a royal piece of the opponent (HaChu may list no moves then)."""
    them = pos.turn ^ 1
    royals = {sq for sq, c in enumerate(pos.board) if c and c & 1 == them and pos.tables.royal[c]}
    return any(m.target in royals or royals.intersection(m.path) for m in pos.legal_moves())
