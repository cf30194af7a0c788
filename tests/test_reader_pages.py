"""The pages for readers speak to readers.

Test ids and repository paths belong to the Engine and Verification chapters; a reader chapter says in
words what is checked and links to the Verification chapter, whose anchors must exist. No printed output
shows a raw Python value (a dict, a list of booleans, ``None``, a ``Move(...)`` repr, an internal reason
id) where a sentence was meant.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DEVELOPER_PAGES = {"book/engine", "book/verification"}

# a test file or folder, a test function, a path inside the package
DEVELOPER_TEXT = re.compile(r"\btests/|::test_|\btest_[a-z]+_[a-z]|\bshogi_rules/")
# Python values printed as if they were prose: the reprs of lists, tuples, dicts and sets, True/False/None,
# the package's objects, and the engine's internal reason ids. Not the notations' own brackets: a FEN's hand
# ("[Pbb] w", "[] b"), the Japanese notation's origin square ("(7,12)", no space) or Betza's "Lion(8 lines, 3)".
RAW_VALUES = re.compile(
    r"\[\](?! [wb] )|\[['\"]|\[\((?![A-Za-z]+\))|\[-?\d+(?:\.\d+)?,|\[(?:True|False|None)\b|\b(?:True|False)\b|\bNone\b(?! (?:of|but|the)\b)"
    r"|\{['\"]|\{-?\d+:|\(['\"]|\(-?\d+, -?\d+|\bMove\(|\b(?:frozen)?set\(|\bdict\(|\bPosition\(|<[\w.]+ object at 0x"
    r"|\(bare-king\)|\(royal-captured\)|\(stalemate\)|\(repetition\)|\(checkmate\)"
)


def toc_pages() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    pages = [toc["root"]]

    def walk(entries: list[dict]) -> None:
        for entry in entries:
            pages.append(entry["file"])
            walk(entry.get("sections", []))

    for part in toc["parts"]:
        walk(part["chapters"])
    return pages


READER_PAGES = [p for p in toc_pages() if p not in DEVELOPER_PAGES]


def hidden(cell: dict) -> bool:
    tags = cell.get("metadata", {}).get("tags", [])
    return "remove-input" in tags or "hide-input" in tags or "remove-cell" in tags


def shown_output(cell: dict) -> str:
    """The text of a code cell's outputs as the book shows them."""
    if "remove-output" in cell.get("metadata", {}).get("tags", []) or "remove-cell" in cell.get(
        "metadata", {}
    ).get("tags", []):
        return ""
    out = []
    for o in cell.get("outputs", []):
        if o.get("output_type") == "stream":
            out.append("".join(o["text"]))
        else:
            data = o.get("data", {})
            for kind in ("text/markdown", "text/html", "text/plain"):
                if kind in data and "image/png" not in data:
                    text = "".join(data[kind])
                    if kind == "text/html":  # the words shown, not the script or the markup
                        text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
                        text = html.unescape(re.sub(r"<[^>]+>", " ", text))
                    out.append(text)
                    break
    return "\n".join(out)


def removed(cell: dict) -> bool:
    """A code cell whose code is not in the page at all (``hide-input`` code is, behind a click)."""
    tags = cell.get("metadata", {}).get("tags", [])
    return "remove-input" in tags or "remove-cell" in tags


def reader_text(page: str) -> tuple[str, str]:
    """(prose and the code a reader can open, printed outputs) of a page's source."""
    nb = ROOT / f"{page}.ipynb"
    if nb.exists():
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        prose = [
            "".join(c["source"]) for c in cells if c["cell_type"] == "markdown" or not removed(c)
        ]
        outputs = [shown_output(c) for c in cells if c["cell_type"] == "code"]
        return "\n".join(prose), "\n".join(outputs)
    text = (ROOT / f"{page}.md").read_text(encoding="utf-8")
    # MyST comments (`% ...`) are not shown
    return "\n".join(line for line in text.splitlines() if not line.startswith("%")), ""


@pytest.mark.parametrize("page", READER_PAGES)
def test_reader_page_names_no_test_or_repository_path(page):
    prose, outputs = reader_text(page)
    hits = DEVELOPER_TEXT.findall(prose + "\n" + outputs)
    assert not hits, f"{page}: {hits[:5]}"


@pytest.mark.parametrize("page", READER_PAGES)
def test_reader_page_prints_no_raw_python_values(page):
    """Every page of the book's table of contents but the Engine and Verification chapters (so also a game
    added to the registry and the table later): no printed output shows a Python repr."""
    _, outputs = reader_text(page)
    lines = [line for line in outputs.splitlines() if RAW_VALUES.search(line)]
    assert not lines, f"{page}: {lines[:3]}"


@pytest.mark.parametrize("text", [
    "only under zhwp: ['8g', '8h']", "in check: True", "left: []", "pawns do not count: None",
    "directions: [(-1, -1), (1, 1)]", "{'B': 1}", "Move(origin=144, target=3)", "('Lnx!7g', '☗７七獅')",
    "replies per move: [30.0, 28.3]", "files [8, 7, 6]", "frozenset({1})", "sente wins (bare-king)",
    "<shogi_rules.engine.position.Position object at 0x7f>",
])
def test_the_raw_value_pattern_finds_python_reprs(text):
    assert RAW_VALUES.search(text), text


@pytest.mark.parametrize("text", [
    "FEN: lnsgkg1nl/9/9/9/9/9/9/9/LNSGKGSNL[Pbb] w - - 0 5", "11/5(CK)5[(SP)] w - - 1 2", "start: 10/10/LNSGQKGSNL[] w - - 0 1",
    "☗７七獅居喰い(7,8)", "Betza Lion(8 lines, 3)", "only under zhwp: 8g and 8h", "None of the pieces moves",
    "the silver's moves: S-3d, S-4b and Sx5b+", "Heian (平安将棋)",
])
def test_the_raw_value_pattern_lets_the_notations_and_prose_through(text):
    assert not RAW_VALUES.search(text), text


def test_the_raw_value_scan_covers_every_notebook_of_the_table_of_contents():
    """The scan is driven by ``_toc.yml``: each notebook listed there (a new game's chapter included) is read."""
    listed = {p for p in toc_pages() if (ROOT / f"{p}.ipynb").exists()}
    assert listed and listed - DEVELOPER_PAGES <= set(READER_PAGES)
    assert {"notebooks/comparison", "notebooks/rules-tenjiku"} <= set(READER_PAGES)


def test_every_verification_link_of_a_chapter_lands_on_a_section():
    labels = set(re.findall(r"^\(([a-z0-9.-]+)\)=$", (ROOT / "book/verification.md").read_text(encoding="utf-8"), re.M))
    linked = set()
    for page in READER_PAGES:
        prose, _ = reader_text(page)
        linked |= set(re.findall(r"<(verify-[a-z0-9-]+)>`", prose))
    assert linked, "the chapters link to no Verification section"
    assert linked <= labels, sorted(linked - labels)
    # every section of claims is linked from some chapter, and names at least one test
    text = (ROOT / "book/verification.md").read_text(encoding="utf-8")
    sections = re.split(r"^\((verify-[a-z0-9-]+)\)=$", text, flags=re.M)
    for label, body in zip(sections[1::2], sections[2::2]):
        assert label in linked, label
        body = body.split("\n(", 1)[0]
        assert "tests/" in body or "test_" in body, label


def test_built_reader_pages_name_no_test_or_repository_path(built_book):
    for page in READER_PAGES:
        path = built_book / ("index.html" if page == "book/intro" else f"{page}.html")
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
        text = re.sub(r"<[^>]+>", " ", text)  # the words shown, not the markup or the links behind them
        hits = DEVELOPER_TEXT.findall(html.unescape(text))
        assert not hits, f"{page}: {hits[:5]}"


@pytest.mark.parametrize("page", [p for p in READER_PAGES if (ROOT / f"{p}.ipynb").exists()])
def test_no_visible_import_of_the_package(page):
    """Setting a chapter up is not what a reader came for: imports of the package are hidden."""
    cells = json.loads((ROOT / f"{page}.ipynb").read_text(encoding="utf-8"))["cells"]
    shown = [c for c in cells if c["cell_type"] == "code" and not hidden(c)]
    imports = [i for i, c in enumerate(shown) if re.search(r"^from shogi_rules import ", "".join(c["source"]), re.M)]
    assert not imports, f"{page}: visible code cells importing shogi_rules: {imports}"


def test_only_under_the_second_option_is_not_the_colour_of_a_burn():
    """One meaning per colour: the comparisons' "only under the second option" is not the burn's orange
    (nor the orange shades of lion power)."""
    import colorsys

    from shogi_rules.diagrams import style

    def hue(colour: str) -> float:
        r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
        return colorsys.rgb_to_hsv(r, g, b)[0] * 360

    only_b = style.HIGHLIGHTS["only-b"]
    oranges = [style.HIGHLIGHTS["burn"], style.COLOURS["burn"], style.SHADES["lion-2"], style.SHADES["lion-3"]]
    for colour in oranges:
        assert abs(hue(only_b) - hue(colour)) > 45, (only_b, colour)
    assert abs(hue(only_b) - hue(style.HIGHLIGHTS["only-a"])) > 45


def test_citing_sends_every_rule_choice_to_the_chapter_that_holds_it():
    """The Citing page says where the sections of the rule choices are: the chapters of "Rule
    interpretations", and by name any other chapter that holds some (Chu's own chapter); its example
    addresses are anchors of those chapters."""
    from shogi_rules import VARIANT_IDS, get_variant

    holder = {}
    for nb in (ROOT / "notebooks").glob("*.ipynb"):
        text = nb.read_text(encoding="utf-8")
        for label in re.findall(r'"\(([a-z0-9.-]+)\)=\\n"', text):
            holder[label] = nb.stem
    choices = [c.id for vid in VARIANT_IDS for c in get_variant(vid).rule_choices]
    assert all(c in holder for c in choices), [c for c in choices if c not in holder]
    citing = (ROOT / "book" / "citing.md").read_text(encoding="utf-8")
    elsewhere = {holder[c] for c in choices if not holder[c].startswith("rules-")}
    for stem in elsewhere:
        assert f"{{doc}}`../notebooks/{stem}`" in citing, stem
    for stem, anchor in re.findall(r"notebooks/([a-z-]+)\.html#([a-z0-9-]+)", citing):
        assert any(holder[c] == stem and c.replace(".", "-") == anchor for c in choices), (stem, anchor)


def glossary_terms() -> list[str]:
    text = (ROOT / "book" / "glossary.md").read_text(encoding="utf-8")
    block = text.split("```{glossary}", 1)[1].split("```", 1)[0]
    return [line.strip() for line in block.splitlines() if line.strip() and not line.startswith(" ")]


def test_the_glossary_is_read_with_the_book_and_its_terms_are_linked():
    """A glossary under "Reading this book" defines the terms of the book (Betza, perft, FEN, PBeM, atoms, …);
    the chapters link to it, and each of its terms is linked from some chapter."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    reading = next(p for p in toc["parts"] if p["caption"] == "Reading this book")
    assert "book/glossary" in [c["file"] for c in reading["chapters"]]
    terms = glossary_terms()
    for needed in ("Betza notation", "perft", "FEN", "SFEN", "USI", "PBeM", "atom", "igui", "jitto", "sente",
                   "gote", "promotion zone", "drop", "royal", "burn"):
        assert needed in terms, needed
    linked = set()
    for page in READER_PAGES:
        prose, _ = reader_text(page)
        for m in re.finditer(r"\{term\}`([^`]*)`", prose):
            target = re.search(r"<([^>]+)>$", m.group(1))
            linked.add(target.group(1) if target else m.group(1))
    assert linked <= set(terms), sorted(linked - set(terms))
    assert set(terms) <= linked, sorted(set(terms) - linked)


def test_the_book_says_every_outcome_in_words():
    """Every reason the engine can give for the end of a game is said in words by the book's helper."""
    from shogi_rules.diagrams.book import REASON_WORDS, verdict
    from shogi_rules.engine.outcome import Outcome

    source = [ROOT / "shogi_rules" / "engine" / "outcome.py", *(ROOT / "shogi_rules" / "model" / "mechanisms").glob("*.py")]
    reasons = {r for path in source for r in re.findall(
        r'(?:Outcome\([^,]+,\s*|return [^,\n]+,\s*)"([a-z]+(?:-[a-z]+)*)"\)?\s*$',
        path.read_text(encoding="utf-8"), re.M)}
    assert {"checkmate", "stalemate", "royal-captured", "repetition", "perpetual-check", "bare-king"} <= reasons
    assert reasons <= set(REASON_WORDS), reasons - set(REASON_WORDS)
    for reason in reasons:
        for winner in (0, 1, None):
            said = verdict(Outcome(winner, reason))
            assert ("-" not in reason or reason not in said) and "(" not in said and "{" not in said, said
    assert verdict(None) == "the game goes on"
    assert verdict(Outcome(1, "perpetual-check")) == "gote wins because sente gave perpetual check"
