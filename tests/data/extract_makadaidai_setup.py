"""Extract the Maka Dai Dai start position from the seed article into a plain grid.

Usage: ``python tests/data/extract_makadaidai_setup.py [SEED_DIR]`` (default ``/work/shared/seeds``).

The seed (``001_*.txt``) prints the set-up under the heading 开局配置 as 19 lines, one per rank from
the top (gote's back rank, rank a) down, each with 19 cells separated by single ASCII spaces, from
file 19 (sente's left) to file 1. A cell holds a piece name or only blank characters (a no-break
space U+00A0, or two em spaces U+2003 on one rank). The output file
``tests/data/makadaidai_seed_setup.txt`` has one line per rank, the 19 cells separated by single
spaces, ``.`` for an empty square.
"""

from __future__ import annotations

import glob
import os
import sys

FILES = RANKS = 19
SEED_GLOB = "001_*.txt"
START, END = "开局配置", "升级规则"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "makadaidai_seed_setup.txt")


def seed_path(seed_dir: str) -> str:
    paths = sorted(glob.glob(os.path.join(seed_dir, SEED_GLOB)))
    if len(paths) != 1:
        raise SystemExit(f"expected one seed {SEED_GLOB} in {seed_dir}, found {paths}")
    return paths[0]


def extract_makadaidai(text: str) -> list[list[str]]:
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.strip() == START)
    end = next(i for i, line in enumerate(lines) if i > start and line.strip() == END)
    rows = []
    for line in lines[start + 1:end]:
        if not line.strip(" \t\r"):
            continue  # a line break of the article; the blank cells of an empty rank are U+00A0 / U+2003
        cells = [c.strip() or "." for c in line.split(" ")]
        rows.append(cells)
    if len(rows) != RANKS:
        raise SystemExit(f"expected {RANKS} ranks under {START}, found {len(rows)}")
    for r, cells in enumerate(rows):
        if len(cells) == FILES - 1 and r == 3 and cells[-2:] == ["桂马", "驴马"]:
            # Rank d (gote's fourth rank) has only 18 cells in the seed: one empty cell is lost.
            # Every other rank of the array alternates piece / empty on its outer files, and the
            # rank's own left end reads 驴马 · 桂马, so the lost cell is the empty square between
            # 桂马 (file 3) and 驴马 (file 1); the Evans data (rules catalogue §2.2) also puts the
            # Donkey on 1d and leaves 2d empty.
            cells.insert(FILES - 2, ".")
        if len(cells) != FILES:
            raise SystemExit(f"rank {r + 1}: {len(cells)} cells, not {FILES}: {cells}")
    return rows


def main(argv: list[str]) -> None:
    seed_dir = argv[1] if len(argv) > 1 else "/work/shared/seeds"
    with open(seed_path(seed_dir), encoding="utf-8") as f:
        rows = extract_makadaidai(f.read())
    with open(OUT, "w", encoding="utf-8") as f:
        for cells in rows:
            f.write(" ".join(cells) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main(sys.argv)
