"""Every piece of a variant as one row a reader can look up: what ``shogi-rules pieces`` prints and
the book's piece finder lists.

>>> rows = piece_rows("shogi")
>>> rows[1]["code"], rows[1]["kanji"], rows[1]["english"], rows[1]["promotes_to"]
('R', '飛車', 'Rook', {'code': '+R', 'kanji': '龍王', 'english': 'Dragon King'})
>>> rows[1]["movement"]["betza"]
'R'
"""

from __future__ import annotations

from typing import Any, Mapping

from .movement import describe
from .variant import RuleSet


def piece_rows(variant: str, rules: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """The piece rows of ``variant`` (under ``rules``, the defaults if ``None``), in the variant's
    order: code, kanji, romaji, English name, movement (Betza notation and in words), the piece it
    promotes to, the range-jumping rank where the variant has ranks, and the sources."""
    v = RuleSet.of(variant, rules).variant
    by_code = v.piece_by_code
    has_ranks = any(k.rank for k in v.pieces)
    rows = []
    for k in v.pieces:
        into = by_code[k.promotes_to] if k.promotes_to else None
        row: dict[str, Any] = {
            "code": k.code, "kanji": k.kanji, "romaji": k.romaji, "english": k.english,
            "promoted": k.code.startswith("+") or any(p.promotes_to == k.code for p in v.pieces),
            "movement": {"betza": k.betza, "words": describe(k.atoms)},
            "promotes_to": {"code": into.code, "kanji": into.kanji, "english": into.english} if into else None,
            "sources": list(k.sources),
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
