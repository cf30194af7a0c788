"""Extract the Dai Dai start position from the seed article into a plain grid.

Usage: ``python tests/data/extract_daidai_setup.py [SEED_DIR]`` (default ``/work/shared/seeds``).

The seed (``000_*.txt``) prints the set-up under the heading 棋子配置, down to the heading 行棋規則,
as one piece name per line (blank lines between them), rank by rank from the top (gote's back
rank, rank a), and within a rank from file 17 (sente's left) to file 1. The text keeps the names
but loses the empty cells of the table, so the script places the pieces of the sparse ranks by the
layout described in ``LAYOUT`` below (see the comment there for why).

The output file ``tests/data/daidai_seed_setup.txt`` has one line per rank (17 lines, rank a
first), the 17 cells separated by single spaces, ``.`` for an empty square. The names are the
seed's, character for character. Which side a piece belongs to is not written: ranks a–g hold
gote's pieces and ranks k–q sente's, as in the seed's table.
"""

from __future__ import annotations

import glob
import os
import sys

FILES = RANKS = 17
SEED_GLOB = "000_*.txt"
START, END = "棋子配置", "行棋規則"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "daidai_seed_setup.txt")

ALL_FILES = tuple(range(FILES, 0, -1))  # 17 … 1, the order of the seed's cells
# The seed's flat list of names drops every empty cell, so a rank with fewer than 17 pieces does not
# say on which files they stand. Three kinds of rank are sparse:
#   * gote's third rank (c) and sente's third rank (o), nine pieces each;
#   * the two Howling Dog ranks (g for gote, k for sente), two dogs each.
# They are placed where every published diagram of the array puts them: rank c/o on files 16, 14,
# 12, 10, 9, 8, 6, 4, 2 (every other file, plus the central file), the dogs on files 12 and 6
# (Steve Evans' DaiDai.dat, and the spaced copy of the same zh.wikipedia table, rules catalogue
# §1.2). Two checks made below tie this to the seed itself: sente's 96 names are gote's 96 in
# reverse order (so the array is point-symmetric in the seed too), and both file sets are
# symmetric under the half turn f -> 18 - f, so placing sente's sparse ranks with the same file
# sets keeps that point symmetry. Ranks h, i, j are empty (the seed lists nothing between the dogs).
SPARSE_RANK_FILES = (16, 14, 12, 10, 9, 8, 6, 4, 2)
DOG_FILES = (12, 6)
LAYOUT = (  # (rank letter, files of the rank's pieces in the seed's order; None for an empty rank)
    ("a", ALL_FILES), ("b", ALL_FILES), ("c", SPARSE_RANK_FILES), ("d", ALL_FILES), ("e", ALL_FILES),
    ("f", ALL_FILES), ("g", DOG_FILES), ("h", None), ("i", None), ("j", None), ("k", DOG_FILES),
    ("l", ALL_FILES), ("m", ALL_FILES), ("n", ALL_FILES), ("o", SPARSE_RANK_FILES), ("p", ALL_FILES),
    ("q", ALL_FILES),
)


def seed_path(seed_dir: str) -> str:
    paths = sorted(glob.glob(os.path.join(seed_dir, SEED_GLOB)))
    if len(paths) != 1:
        raise SystemExit(f"expected one seed {SEED_GLOB} in {seed_dir}, found {paths}")
    return paths[0]


def names(text: str) -> list[str]:
    """The piece names of the seed's set-up table, in the seed's order."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.strip() == START)
    end = next(i for i, line in enumerate(lines) if i > start and line.strip() == END)
    return [line.strip() for line in lines[start + 1:end] if line.strip()]


def extract(text: str) -> list[list[str]]:
    tokens = names(text)
    expected = sum(len(files) for _, files in LAYOUT if files)
    if len(tokens) != expected:
        raise SystemExit(f"expected {expected} names under {START}, found {len(tokens)}")
    half = len(tokens) // 2
    if tokens[half:][::-1] != tokens[:half]:
        raise SystemExit("sente's names are not gote's in reverse order: the layout assumption fails")
    for files in (SPARSE_RANK_FILES, DOG_FILES):
        if sorted(FILES + 1 - f for f in files) != sorted(files):
            raise SystemExit(f"file set {files} is not symmetric under the half turn")
    rows = []
    it = iter(tokens)
    for _letter, files in LAYOUT:
        row = ["."] * FILES
        for f in files or ():
            row[FILES - f] = next(it)
        rows.append(row)
    assert len(rows) == RANKS
    return rows


def main(argv: list[str]) -> None:
    seed_dir = argv[1] if len(argv) > 1 else "/work/shared/seeds"
    with open(seed_path(seed_dir), encoding="utf-8") as f:
        rows = extract(f.read())
    with open(OUT, "w", encoding="utf-8") as f:
        for cells in rows:
            f.write(" ".join(cells) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main(sys.argv)
