"""Extract a variant's start position from its article into a plain grid of kanji names.

Usage::

    python tests/data/article_setups.py VARIANT [ARTICLE] [OUTPUT]

``VARIANT`` is a variant id with an extractor below (see ``EXTRACTORS``). ``ARTICLE`` is the article
article, a text file, or a folder holding it (by default ``articles/`` of :data:`SHARED_DIR`), where the one
file named as in ``ZHWP_FILES`` is taken. The grid goes to ``OUTPUT``, by default
``tests/data/<VARIANT>_article_setup.txt``.

Output format (the same for every variant): one line per rank from the top (gote's back rank,
rank a) down; on each line the cells from sente's left (the highest file) to file 1, separated by
single spaces; a cell is the piece's name as the article writes it (after the spelling rules of that
variant's extractor, documented there), or ``.`` for an empty square. Facts only, no prose. Which
side a piece belongs to is not written: the top half of the grid holds gote's pieces, the bottom
half sente's, as in the articles' tables.

To add a variant: write one function ``extract_<id>(text) -> list[list[str]]`` that reads the
article's whole text and returns the rows, and register it in ``EXTRACTORS`` and its article's file
name in ``ZHWP_FILES``.
"""

from __future__ import annotations

import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
def _shared_dir() -> str:
    """The project's shared sources: ``$SHOGI_RULES_SHARED``, else ``shared/`` beside the clone (as CI
    lays it out), else the development machine's ``/work/shared``."""
    here = os.path.dirname(os.path.abspath(__file__))
    for candidate in (os.environ.get("SHOGI_RULES_SHARED"), os.path.join(here, "..", "..", "..", "shared"),
                      "/work/shared"):
        if candidate and os.path.isdir(candidate):
            return os.path.normpath(candidate)
    return "/work/shared"


SHARED_DIR = _shared_dir()
ZHWP_DIR = os.path.join(SHARED_DIR, "seeds")
EMPTY = "."
NBSP = "\u00a0"

# The Chinese Wikipedia article of each variant, by its file name in the article folder.
ZHWP_FILES = {
    "daidai": "000_*.txt",
    "makadaidai": "001_*.txt",
    "tenjiku": "002_*.txt",
}


def article_paths(variant: str, article_dir: str = ZHWP_DIR) -> list[str]:
    """The files of ``article_dir`` named as the article of ``variant`` (one, where the article is there)."""
    return sorted(glob.glob(os.path.join(article_dir, ZHWP_FILES[variant])))


def article_path(variant: str, seed: str = ZHWP_DIR) -> str:
    """The Chinese Wikipedia article of ``variant``: ``zhwp`` itself if it is a file, else the one article file in that folder."""
    if os.path.isfile(seed):
        return seed
    paths = article_paths(variant, seed)
    if len(paths) != 1:
        raise SystemExit(f"expected one article {ZHWP_FILES[variant]} in {article}, found {paths}")
    return paths[0]


def grid_path(variant: str) -> str:
    """Where the grid of ``variant`` is kept: ``tests/data/<variant>_article_setup.txt``."""
    return os.path.join(HERE, f"{variant}_article_setup.txt")


def extract(variant: str, seed: str = ZHWP_DIR) -> list[list[str]]:
    """The rows of ``variant``'s start position, read from its article (a file, or the folder holding it)."""
    with open(article_path(variant, seed), encoding="utf-8") as f:
        return EXTRACTORS[variant](f.read())


def write_grid(rows: list[list[str]], out: str) -> None:
    with open(out, "w", encoding="utf-8") as f:
        f.writelines(" ".join(cells) + "\n" for cells in rows)


def read_grid(variant: str) -> list[list[str]]:
    """The rows of the grid file of ``variant`` (as ``write_grid`` wrote them)."""
    with open(grid_path(variant), encoding="utf-8") as f:
        return [line.split(" ") for line in f.read().splitlines()]


def _section_lines(text: str, start: str, end: str) -> list[str]:
    """The lines strictly between the line reading ``start`` and the next line reading ``end``."""
    lines = text.split("\n")
    i = next(n for n, line in enumerate(lines) if line.strip() == start)
    j = next(n for n, line in enumerate(lines) if n > i and line.strip() == end)
    return lines[i + 1:j]


# --- Dai Dai shogi (the article) -----------------------------------------------------------------

# The article prints the set-up under the heading 棋子配置, down to the heading 行棋規則, as one piece
# name per line (blank lines between them), rank by rank from the top (gote's back rank, rank a),
# and within a rank from file 17 (sente's left) to file 1. The text keeps the names but loses the
# empty cells of the table, so the sparse ranks are placed by _DAIDAI_LAYOUT.
_DAIDAI_ALL_FILES = tuple(range(17, 0, -1))  # 17 … 1, the order of the article's cells
# The article's flat list of names drops every empty cell, so a rank with fewer than 17 pieces does not
# say on which files they stand. Three kinds of rank are sparse:
#   * gote's third rank (c) and sente's third rank (o), nine pieces each;
#   * the two Howling Dog ranks (g for gote, k for sente), two dogs each.
# They are placed where every published diagram of the array puts them: rank c/o on files 16, 14,
# 12, 10, 9, 8, 6, 4, 2 (every other file, plus the central file), the dogs on files 12 and 6
# (Steve Evans' DaiDai.dat, and the spaced copy of the same zh.wikipedia table, rules catalogue
# §1.2). Two checks made below tie this to the article itself: sente's 96 names are gote's 96 in
# reverse order (so the array is point-symmetric in the article too), and both file sets are
# symmetric under the half turn f -> 18 - f, so placing sente's sparse ranks with the same file
# sets keeps that point symmetry. Ranks h, i, j are empty (the article lists nothing between the dogs).
_DAIDAI_SPARSE_RANK_FILES = (16, 14, 12, 10, 9, 8, 6, 4, 2)
_DAIDAI_DOG_FILES = (12, 6)
_DAIDAI_LAYOUT = (  # (rank letter, files of the rank's pieces in the article's order; None for an empty rank)
    ("a", _DAIDAI_ALL_FILES), ("b", _DAIDAI_ALL_FILES), ("c", _DAIDAI_SPARSE_RANK_FILES),
    ("d", _DAIDAI_ALL_FILES), ("e", _DAIDAI_ALL_FILES), ("f", _DAIDAI_ALL_FILES), ("g", _DAIDAI_DOG_FILES),
    ("h", None), ("i", None), ("j", None), ("k", _DAIDAI_DOG_FILES), ("l", _DAIDAI_ALL_FILES),
    ("m", _DAIDAI_ALL_FILES), ("n", _DAIDAI_ALL_FILES), ("o", _DAIDAI_SPARSE_RANK_FILES),
    ("p", _DAIDAI_ALL_FILES), ("q", _DAIDAI_ALL_FILES),
)


def extract_daidai(text: str) -> list[list[str]]:
    """The 17×17 set-up of Dai Dai shogi, from the names under 棋子配置 (the article), character for
    character, placed by ``_DAIDAI_LAYOUT`` (see the comment there)."""
    files = ranks = 17
    tokens = [line.strip() for line in _section_lines(text, "棋子配置", "行棋規則") if line.strip()]
    expected = sum(len(f) for _, f in _DAIDAI_LAYOUT if f)
    if len(tokens) != expected:
        raise SystemExit(f"daidai: expected {expected} names under 棋子配置, found {len(tokens)}")
    half = len(tokens) // 2
    if tokens[half:][::-1] != tokens[:half]:
        raise SystemExit("daidai: sente's names are not gote's in reverse order: the layout assumption fails")
    for file_set in (_DAIDAI_SPARSE_RANK_FILES, _DAIDAI_DOG_FILES):
        if sorted(files + 1 - f for f in file_set) != sorted(file_set):
            raise SystemExit(f"daidai: file set {file_set} is not symmetric under the half turn")
    rows = []
    it = iter(tokens)
    for _letter, file_set in _DAIDAI_LAYOUT:
        row = [EMPTY] * files
        for f in file_set or ():
            row[files - f] = next(it)
        rows.append(row)
    assert len(rows) == ranks
    return rows


# --- Maka Dai Dai shogi (the article) ------------------------------------------------------------

def extract_makadaidai(text: str) -> list[list[str]]:
    """The 19×19 set-up of Maka Dai Dai shogi, from the table under 开局配置 (the article).

    The article prints 19 lines, one per rank from the top (gote's back rank, rank a) down, each with 19
    cells separated by single ASCII spaces, from file 19 (sente's left) to file 1. A cell holds a
    piece name or only blank characters (a no-break space U+00A0, or two em spaces U+2003 on one
    rank). Rank d lost one empty cell (see below).
    """
    files = ranks = 19
    rows = []
    for line in _section_lines(text, "开局配置", "升级规则"):
        if not line.strip(" \t\r"):
            continue  # a line break of the article; the blank cells of an empty rank are U+00A0 / U+2003
        rows.append([c.strip() or EMPTY for c in line.split(" ")])
    if len(rows) != ranks:
        raise SystemExit(f"makadaidai: expected {ranks} ranks under 开局配置, found {len(rows)}")
    for r, cells in enumerate(rows):
        if len(cells) == files - 1 and r == 3 and cells[-2:] == ["桂马", "驴马"]:
            # Rank d (gote's fourth rank) has only 18 cells in the article: one empty cell is lost.
            # Every other rank of the array alternates piece / empty on its outer files, and the
            # rank's own left end reads 驴马 · 桂马, so the lost cell is the empty square between
            # 桂马 (file 3) and 驴马 (file 1); the Evans data (rules catalogue §2.2) also puts the
            # Donkey on 1d and leaves 2d empty.
            cells.insert(files - 2, EMPTY)
        if len(cells) != files:
            raise SystemExit(f"makadaidai: rank {r + 1}: {len(cells)} cells, not {files}: {cells}")
    return rows


# --- Tenjiku shogi (the article) -----------------------------------------------------------------

# Kanji rank numerals as the article writes them at the right end of a rank (only 十一 … 十六 survive).
_KANJI_RANKS = ("一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
                "十一", "十二", "十三", "十四", "十五", "十六")

# The article spells a few names differently in its set-up table and in the headings of its piece
# sections (行棋规则). The grid uses the heading spelling, the one the piece rows of
# shogi_rules/variants/tenjiku.py carry: 酔象 (gote's drunk elephant in the table) is 醉象, 歩兵 (every
# pawn of the table) is 步兵, 凤凰 (both phoenixes of the table) is 鳯凰. These are variant forms of
# the same characters, not different pieces.
_TENJIKU_SPELLING = {"酔象": "醉象", "歩兵": "步兵", "凤凰": "鳯凰"}

# Squares whose one-character cell the article's text lost (see extract_tenjiku): (rank, file) → name.
_TENJIKU_LOST_CELLS = {(6, 12): "犬", (6, 5): "犬", (11, 12): "犬", (11, 5): "犬"}


def extract_tenjiku(text: str) -> list[list[str]]:
    """The 16×16 set-up of Tenjiku shogi, from the table under 初始配置 (the article).

    The table is a header line of file numbers (16 … 1) and 16 rank lines; cells are separated by
    single ASCII spaces, an empty square is a no-break space (U+00A0), and the ranks 十一 … 十六
    end with their kanji numeral.

    The article's text lost every table cell of a single character: the rank numerals 一 … 十, and the
    four dogs (犬). The same loss shows elsewhere in the article (the promotion table lacks と and 犬;
    the Western code list reads "D:" with no name). So ranks 6 and 11 have only 14 cells, all
    empty. The article says each side has 78 pieces and that the dog is a piece of the start position
    (it is not among the pieces that only appear by promotion); the 76 named pieces a side leave
    two dogs a side. Their files cannot be read from the article: they are taken from the rules
    catalogue §3.2 (Evans' Tenjiku.dat, HaChu and the pbmserv diagram agree): gote's dogs on 12f and
    5f, sente's on 12k and 5k. The article's own game record confirms two of them (move 15 burns a dog
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
    "daidai": extract_daidai,
    "makadaidai": extract_makadaidai,
    "tenjiku": extract_tenjiku,
}


def main(argv: list[str]) -> int:
    if not 2 <= len(argv) <= 4 or argv[1] not in EXTRACTORS:
        print("usage: python tests/data/article_setups.py VARIANT [ARTICLE] [OUTPUT]", file=sys.stderr)
        print(f"known variants: {', '.join(sorted(EXTRACTORS))}", file=sys.stderr)
        return 2
    variant = argv[1]
    seed = argv[2] if len(argv) > 2 else ZHWP_DIR
    out = argv[3] if len(argv) > 3 else grid_path(variant)
    write_grid(extract(variant, seed), out)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
