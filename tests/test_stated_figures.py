"""Every figure the README or the book states is asserted somewhere.

A *figure* here is a number of three digits or more, or one written with thousands separators
(``6,158,810``), in the README, in the book's pages (``book/*.md``) or in the prose (markdown cells) of the
notebooks. A figure counts as asserted when it appears, in any spelling (``6158810``, ``6_158_810``,
``6,158,810``), in what the test suite runs: the tests, the package's doctests, the notebooks' code cells
(run by nbval, their outputs compared) or the output of a ``console`` example of the book (each run by
``tests/test_book.py::test_console_example_reproduces``). This is a search, not a proof that the number
is compared with the engine's result, so each test named beside a figure is worth reading; but a figure
that appears nowhere the suite looks is certainly not asserted, and that is what this test catches.

The exceptions are listed in ``NOT_FIGURES_OF_THE_ENGINE`` with the reason: years, and the benchmark's
speeds (measurements of one machine, which a test must not time). Small figures the engine gives are
checked where they are stated (the perft tables' depth 1, the pieces a side) by the tests named there.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

NOT_FIGURES_OF_THE_ENGINE = {
    "1694": "a year (Sho shōgi zushiki)",
    "1526": "a year (Emperor Go-Nara's reign, in the Sho shogi chapter)",
    "1557": "a year (Emperor Go-Nara's reign, in the Sho shogi chapter)",
    "1996": "a year (Okisaki shogi's invention)",
    "2026": "a year (the access date of a citation)",
    "1986": "a year (the latest the Tenjiku article mentions, in the Sources chapter)",
    "1999": "a year (R. Nordgren's shogi-l post)",
    "1697": "a year (the Chū shōgi shoshinshō, in the chapter of Chu shogi problems)",
    "1703": "a year (the Chū shōgi shinanshō, in the chapter of Chu shogi problems)",
    "1818": "a year (the Chūshōgi kinuburui, in the chapter of Chu shogi problems)",
    # The README's benchmark gives CPU seconds (no figure of the engine; a test does not time it) and the
    # node counts, asserted in tests/test_perft.py; its baseline is a commit.
    "1489145": "a commit (the benchmark's baseline)",
}

_FIGURE = re.compile(r"(?<![\w.,\-/#@])(\d{1,3}(?:,\d{3})+|\d{3,})(?![\w/])")


def _digits(figure: str) -> str:
    return figure.replace(",", "").replace("_", "")


def _prose(text: str) -> str:
    """Text without citations, links and anchors, whose numbers are no figures."""
    text = re.sub(r"\{cite[^`]*`[^`]*`", "", text)
    text = re.sub(r"https?://\S+", "", text)
    return re.sub(r"\(#[^)]*\)|\]\([^)]*\)", "", text)


def stated_figures() -> dict[str, set[str]]:
    """``{figure: {where it is stated}}`` for the README, the book's pages and the notebooks' prose."""
    out: dict[str, set[str]] = {}
    pages = [ROOT / "README.md", *sorted((ROOT / "book").glob("*.md"))]
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in pages]
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        texts.append((nb.name, "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")))
    for name, text in texts:
        for figure in _FIGURE.findall(_prose(text)):
            out.setdefault(figure, set()).add(name)
    return out


def asserted_text() -> str:
    """What the suite runs: tests, package sources (doctests), notebook code, the book's console outputs."""
    parts = [p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py") if p.name != Path(__file__).name]
    parts += [p.read_text(encoding="utf-8") for p in (ROOT / "shogi_rules").rglob("*.py")]
    for nb in (ROOT / "notebooks").glob("*.ipynb"):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        parts += ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    for page in (ROOT / "book").glob("*.md"):
        parts += re.findall(r"^```console\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S)
    return "\n".join(parts)


def test_every_stated_figure_is_asserted():
    known = {_digits(n) for n in re.findall(r"\d[\d_,]*\d|\d", asserted_text())}
    stated = stated_figures()
    missing = {f: sorted(where) for f, where in stated.items()
               if f not in NOT_FIGURES_OF_THE_ENGINE and _digits(f) not in known}
    assert not missing, f"figures stated but asserted nowhere: {missing}"


def test_the_scan_finds_the_figures_it_is_about():
    """Not vacuous: the scan sees the perft tables and the Wa figure, and every exception is still stated."""
    stated = stated_figures()
    for figure in ("6,158,810", "719,731", "1,695,976", "17,216", "2,461,624", "3,463"):
        assert figure in stated, figure
    assert set(NOT_FIGURES_OF_THE_ENGINE) <= set(stated), set(NOT_FIGURES_OF_THE_ENGINE) - set(stated)

