"""Every piece of a variant as one row a reader can look up: what ``shogi-rules pieces`` prints and
the book's piece finder lists.

>>> rows = piece_rows("shogi")
>>> rows[1]["code"], rows[1]["kanji"], rows[1]["english"], rows[1]["promotes_to"]
('R', '飛車', 'Rook', {'code': '+R', 'kanji': '龍王', 'english': 'Dragon King'})
>>> rows[1]["movement"]["betza"]
'R'
>>> rows[1]["kana"], rows[1]["url"]
('ひしゃ', 'book/pieces/shogi.html#piece-shogi-R')

Every piece has a section of its own in the book, on its game's page of pieces (:data:`PIECE_PAGES`),
with a stable anchor made from the variant's id and the piece's code (:func:`piece_anchor`).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..model.kana import ascii_forms, hiragana
from ..model.movement import describe
from ..engine.position import Position
from ..compiled.variant import RuleSet

PIECE_PAGES = "book/pieces"
"""The folder of the book's pages of pieces: one page a game, ``book/pieces/<variant id>``."""


def piece_anchor(variant: str, code: str) -> str:
    """The anchor of a piece's section in the book: ``piece-<variant id>-<code>``, the code as the
    engine writes it (letters keep their case: Dai Dai has both ``St`` and ``ST``) with ``+`` written
    ``promoted-``. It changes only if the variant's id or the piece's code does.

    >>> piece_anchor("tenjiku", "FiD"), piece_anchor("shogi", "+R")
    ('piece-tenjiku-FiD', 'piece-shogi-promoted-R')
    """
    return f"piece-{variant}-{code.replace('+', 'promoted-')}"


def piece_url(variant: str, code: str) -> str:
    """The address of a piece's section relative to the root of the built book (HTML)."""
    return f"{PIECE_PAGES}/{variant}.html#{piece_anchor(variant, code)}"


def alone_position(variant: str, code: str) -> Position:
    """A position of ``variant`` with sente's piece ``code`` alone in the middle of the board (and the
    kings the game needs, placed where no line from the middle reaches: off its ranks, files and
    diagonals), sente to move: the board on which a reader clicks the piece to see where it goes. Where a
    bare king would already have lost (the capture variants), each side keeps a pawn beside its king, so
    that the game is not over before the reader's first click.

    >>> pos = alone_position("shogi", "+R")
    >>> sorted(pos.move_name(m) for m in pos.legal_moves() if pos.geometry.name(m.origin or 0) == "5e")[:3]
    ['+R-1e', '+R-2e', '+R-3e']
    """
    rs = RuleSet.of(variant)
    kind = rs.variant.piece_by_code[code]
    types = rs.tables.types
    token = next(t.fen for t in types[1:] if t.kind.code == code and (t.code == code or t.promoted))
    king = next(t.fen for t in types[1:] if t.royal and not t.promoted)
    files, ranks = rs.variant.files, rs.variant.ranks
    g = Position(rs).geometry
    middle = g.name(g.square((files + 1) // 2, (ranks + 1) // 2))
    pieces = {middle: token.upper(), g.name(g.square(1, 2)): king.lower()}
    if not kind.royal:
        pieces[g.name(g.square(files, ranks - 1))] = king.upper()
    pos = Position.from_pieces(rs, pieces)
    if pos.outcome() is not None:  # a bare king has lost (or both have drawn): each side keeps a pawn by its king
        pawn = next((t for t in types[1:] if t.kind.code == "P" and not t.promoted),
                    next(t for t in types[1:] if not t.promoted and not t.royal))
        pieces[g.name(g.square(2, 1))] = pawn.fen.lower()
        if kind.royal:
            pieces[g.name(g.square(files - 1, ranks))] = pawn.fen.upper()
        pos = Position.from_pieces(rs, pieces)
    return pos


def piece_rows(variant: str, rules: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """The piece rows of ``variant`` (under ``rules``, the defaults if ``None``), in the variant's
    order: code, kanji, its reading in kana, romaji (as written and in plain ASCII), English name, movement (Betza notation and in words), the piece it
    promotes to, the range-jumping rank where the variant has ranks, the sources, and the address of the piece's section in
    the book (``url``, see :func:`piece_url`)."""
    v = RuleSet.of(variant, rules).variant
    by_code = v.piece_by_code
    has_ranks = any(k.rank for k in v.pieces)
    rows = []
    for k in v.pieces:
        into = by_code[k.promotes_to] if k.promotes_to else None
        row: dict[str, Any] = {
            "code": k.code, "kanji": k.kanji, "kana": hiragana(k.romaji), "romaji": k.romaji,
            "romaji_ascii": list(ascii_forms(k.romaji)), "english": k.english,
            "promoted": k.code.startswith("+") or any(p.promotes_to == k.code for p in v.pieces),
            "movement": {"betza": k.betza, "words": describe(k.atoms)},
            "promotes_to": {"code": into.code, "kanji": into.kanji, "english": into.english} if into else None,
            "sources": list(k.sources),
            "url": piece_url(v.id, k.code),
        }
        if has_ranks:
            row["rank"] = k.rank
        rows.append(row)
    return rows


def format_rows(rows: list[dict[str, Any]]) -> list[str]:
    """``rows`` as text: one line a piece, its movement in words and its sources on the next."""
    code_w = max(len(r["code"]) for r in rows)
    name_w = max(len(r["english"]) for r in rows)
    out = []
    for r in rows:
        into = r["promotes_to"]
        promo = f"→ {into['code']} {into['kanji']} {into['english']}" if into else "→ —"
        rank = f"  rank {r['rank']}" if "rank" in r else ""
        kanji = r["kanji"] + "\u3000" * max(0, 4 - len(r["kanji"]))
        out.append(f"{r['code']:<{code_w}}  {kanji}  {r['english']:<{name_w}}  {r['movement']['betza'] or '-'}  "
                   f"{promo}{rank}")
        out.append(f"{'':<{code_w}}  {r['movement']['words']} [{', '.join(r['sources'])}]")
    return out
