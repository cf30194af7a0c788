"""The lists of games come from the variant registry, so that adding a game changes no list by hand.

* The README's table of games (static Markdown, read on GitHub) is the block between its ``games`` markers;
  the test compares it with what the registry gives, and ``python tests/test_game_lists.py readme`` writes it.
* The book's pages make their lists when the book is built (``book/_ext/games.py``: the directive
  ``games-table``, the directive ``command-output``); the test checks that no page
  of the book or prose of a notebook has a hand-written row of the games table or names the number of games.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from shogi_rules.diagrams.book import count_words, games_table
from shogi_rules.compiled.variant import VARIANT_IDS

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
START = "<!-- games: made from the variant registry by `python tests/test_game_lists.py readme` -->\n"
END = "<!-- end of games -->\n"


def readme_block() -> str:
    """The README's list of games, as the registry gives it."""
    return f"{START}It covers {count_words(len(VARIANT_IDS), 'game')}:\n\n{games_table()}\n{END}"


def _readme_parts() -> tuple[str, str, str]:
    text = README.read_text(encoding="utf-8")
    start, end = text.index(START), text.index(END) + len(END)
    return text[:start], text[start:end], text[end:]


def test_readme_table_of_games_is_the_registrys():
    _, block, _ = _readme_parts()
    assert block == readme_block(), "the README's games are stale: run python tests/test_game_lists.py readme"


def test_readme_block_lists_every_game_once():
    block = readme_block()
    assert [line.split("`")[1] for line in block.splitlines() if line.startswith("| `")] == list(VARIANT_IDS)


def _prose() -> dict[str, str]:
    pages = {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "book").glob("*.md"))}
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        pages[nb.name] = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    pages[README.name] = "".join((lambda p: (p[0], p[2]))(_readme_parts()))
    return pages


def test_no_page_lists_the_games_by_hand():
    """No hand-written row of a table of games (a row per variant id), no count of the games in words, no
    hand-copied output of ``shogi-rules variants``: each of them goes stale when a game is added. (Counts of
    a group of games, "the three games of the shogi family", are the pages' own business.)"""
    # a count of every game, or of every game but the newest: the count a page states and a new game falsifies
    counts = "|".join(count_words(n, "x").split()[0] for n in (len(VARIANT_IDS) - 1, len(VARIANT_IDS)))
    problems = []
    for name, text in _prose().items():
        rows = [line for line in text.splitlines() if re.match(r"\|\s*`(" + "|".join(VARIANT_IDS) + r")`\s*\|", line)]
        if len(rows) >= 3:
            problems.append(f"{name}: a table of games by hand ({len(rows)} rows)")
        for m in re.finditer(rf"\b(?:the|all|these) ({counts}) (?:games|variants)\b", text, re.I):
            problems.append(f"{name}: {m.group(0)!r}")
        if re.search(r"^\$ shogi-rules variants\n\w", text, re.M):
            problems.append(f"{name}: the output of shogi-rules variants copied by hand")
    assert not problems, "\n".join(problems)


def test_the_book_makes_its_table_of_games():
    intro = (ROOT / "book" / "intro.md").read_text(encoding="utf-8")
    assert "```{games-table}" in intro


if __name__ == "__main__":
    if sys.argv[1:] != ["readme"]:
        sys.exit("usage: python tests/test_game_lists.py readme   (writes the README's table of games)")
    before, _, after = _readme_parts()
    README.write_text(before + readme_block() + after, encoding="utf-8")
