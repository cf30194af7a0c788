"""Extract a variant's start position from its seed article into a plain grid of kanji names.

Usage::

    python tests/data/extract_seed_setup.py VARIANT SEED_FILE [OUTPUT]

``VARIANT`` is a variant id with an extractor below (see ``EXTRACTORS``), ``SEED_FILE`` the seed
article (a text file in /work/shared/seeds/). The grid goes to ``OUTPUT``, by default
``tests/data/<VARIANT>_seed_setup.txt``.

Output format (the same for every variant): one line per rank from the top (gote's back rank,
rank a) down; on each line the cells from sente's left (the highest file) to file 1, separated by
single spaces; a cell is the piece's name as the seed writes it (after the spelling rules of that
variant's extractor, documented there), or ``.`` for an empty square. Facts only, no prose.

To add a variant: write one function ``extract_<id>(text) -> list[list[str]]`` that reads the
seed's whole text and returns the rows, and register it in ``EXTRACTORS``.
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EMPTY = "."
NBSP = "\u00a0"


def _section_lines(text: str, start: str, end: str) -> list[str]:
    """The lines strictly between the line reading ``start`` and the next line reading ``end``."""
    lines = text.split("\n")
    i = next(n for n, line in enumerate(lines) if line.strip() == start)
    j = next(n for n, line in enumerate(lines) if n > i and line.strip() == end)
    return lines[i + 1:j]


# --- Tenjiku shogi (seed 002) -----------------------------------------------------------------

# Kanji rank numerals as the seed writes them at the right end of a rank (only 十一 … 十六 survive).
_KANJI_RANKS = ("一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
                "十一", "十二", "十三", "十四", "十五", "十六")

# The seed spells a few names differently in its set-up table and in the headings of its piece
# sections (行棋规则). The grid uses the heading spelling, the one the piece rows of
# shogi_rules/variants/tenjiku.py carry: 酔象 (gote's drunk elephant in the table) is 醉象, 歩兵 (every
# pawn of the table) is 步兵, 凤凰 (both phoenixes of the table) is 鳯凰. These are variant forms of
# the same characters, not different pieces.
_TENJIKU_SPELLING = {"酔象": "醉象", "歩兵": "步兵", "凤凰": "鳯凰"}

# Squares whose one-character cell the seed's text lost (see extract_tenjiku): (rank, file) → name.
_TENJIKU_LOST_CELLS = {(6, 12): "犬", (6, 5): "犬", (11, 12): "犬", (11, 5): "犬"}


def extract_tenjiku(text: str) -> list[list[str]]:
    """The 16×16 set-up of Tenjiku shogi, from the table under 初始配置 (seed 002).

    The table is a header line of file numbers (16 … 1) and 16 rank lines; cells are separated by
    single ASCII spaces, an empty square is a no-break space (U+00A0), and the ranks 十一 … 十六
    end with their kanji numeral.

    The seed's text lost every table cell of a single character: the rank numerals 一 … 十, and the
    four dogs (犬). The same loss shows elsewhere in the seed (the promotion table lacks と and 犬;
    the Western code list reads "D:" with no name). So ranks 6 and 11 have only 14 cells, all
    empty. The seed says each side has 78 pieces and that the dog is a piece of the start position
    (it is not among the pieces that only appear by promotion); the 76 named pieces a side leave
    two dogs a side. Their files cannot be read from the seed: they are taken from the rules
    catalogue §3.2 (Evans' Tenjiku.dat, HaChu and the pbmserv diagram agree): gote's dogs on 12f and
    5f, sente's on 12k and 5k. The seed's own game record confirms two of them (move 15 burns a dog
    on 12f, move 22 one on 12k). The function checks that the damaged ranks are exactly as
    described before it fills them in.
    """
    files = ranks = 16
    lines = [line for line in _section_lines(text, "初始配置", "行棋规则") if line.strip(" \t\r")]
    header, body = lines[0].split(" "), lines[1:]
    if header != [str(f) for f in range(files, 0, -1)]:
        raise SystemExit(f"tenjiku: unexpected header line {lines[0]!r}")
    if len(body) != ranks:
        raise SystemExit(f"tenjiku: expected {ranks} rank lines, found {len(body)}")
    rows = []
    for rank, line in enumerate(body, 1):
        cells = line.rstrip("\r").split(" ")
        if cells[-1] in _KANJI_RANKS:
            if _KANJI_RANKS.index(cells[-1]) + 1 != rank:
                raise SystemExit(f"tenjiku: rank {rank} carries the numeral {cells[-1]}")
            cells = cells[:-1]
        cells = [EMPTY if c.strip(NBSP + " ") == "" else _TENJIKU_SPELLING.get(c, c) for c in cells]
        lost = {f: name for (r, f), name in _TENJIKU_LOST_CELLS.items() if r == rank}
        if lost:
            if len(cells) != files - len(lost) or set(cells) != {EMPTY}:
                raise SystemExit(f"tenjiku: rank {rank} is not the damaged all-empty rank expected: {cells}")
            cells = [lost.get(f, EMPTY) for f in range(files, 0, -1)]
        if len(cells) != files:
            raise SystemExit(f"tenjiku: rank {rank} has {len(cells)} cells, not {files}: {cells}")
        rows.append(cells)
    return rows


EXTRACTORS = {
    "tenjiku": extract_tenjiku,
}


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 4) or argv[1] not in EXTRACTORS:
        print("usage: python tests/data/extract_seed_setup.py VARIANT SEED_FILE [OUTPUT]", file=sys.stderr)
        print(f"known variants: {', '.join(sorted(EXTRACTORS))}", file=sys.stderr)
        return 2
    variant, seed = argv[1], argv[2]
    out = argv[3] if len(argv) == 4 else os.path.join(HERE, f"{variant}_seed_setup.txt")
    with open(seed, encoding="utf-8") as f:
        rows = EXTRACTORS[variant](f.read())
    with open(out, "w", encoding="utf-8") as f:
        for cells in rows:
            f.write(" ".join(cells) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
