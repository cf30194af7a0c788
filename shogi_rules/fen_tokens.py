"""The tokens of a FEN board: what the variant data, the table compiler and the FEN reader share.

A rank of a board is read token by token: a piece (``P``, ``(fid)``, ``+P``, ``+(ffa)``) or a run of
empty squares (``16``); see :mod:`shogi_rules.notation.fen` for the whole FEN form.

>>> [(t.promoted, t.code, t.empties) for t in board_tokens("+P(fid)3")]
[(True, 'P', 0), (False, 'fid', 0), (False, '', 3)]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from .errors import FenError
from .geometry import GOTE, SENTE

_TOKEN = re.compile(r"(\+?)(?:\(([A-Za-z]+)\)|([A-Za-z]))|(\d+)", re.ASCII)


class BoardToken(NamedTuple):
    promoted: bool
    code: str
    """The piece's code without parentheses ('' for a run of empty squares)."""
    empties: int
    text: str
    """The token as written (``(fid)``, ``16``)."""

    @property
    def fen(self) -> str:
        """The code as a FEN writes it: in parentheses when longer than one letter."""
        return self.code if len(self.code) == 1 else f"({self.code})"


def board_tokens(rank_text: str) -> Iterator[BoardToken]:
    """The tokens of one rank (or of a hand, where runs of empty squares cannot occur)."""
    pos = 0
    while pos < len(rank_text):
        m = _TOKEN.match(rank_text, pos)
        if not m:
            raise FenError(f"cannot read {rank_text[pos:]!r} in rank {rank_text!r}")
        promo, multi, single, empties = m.groups()
        yield BoardToken(bool(promo), multi or single or "", int(empties or 0), m.group(0))
        pos = m.end()


def color_of_token(code: str) -> int:
    """Sente for an upper-case code, gote for a lower-case one."""
    if code.isupper():
        return SENTE
    if code.islower():
        return GOTE
    raise FenError(f"piece code {code!r} mixes upper and lower case")
