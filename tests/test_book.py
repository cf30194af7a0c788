"""The book: it builds without a warning, a browser can read it, and it says what the engine says.

(a) ``jupyter-book build . -W --keep-going`` (the README's command) runs once per session into a
    temporary directory (so that Sphinx reads every page afresh and reports every warning): exit
    status 0, no ``WARNING`` in its output, finished within ``BUILD_TIMEOUT`` seconds (the fixture ``built_book`` of
    ``tests/conftest.py``, shared with ``tests/test_explorer.py``). Nothing
    is skipped: without jupyter-book (``pip install -e '.[test,book]'``) the test fails.
(b) Headless Chromium (Debian's ``/usr/bin/chromium``) reads the built book from a local HTTP server
    on 127.0.0.1 (not ``file://``, so that the search page can load its index): the Tenjiku page and
    the edge-cases page show their figures (``<img>`` elements whose PNG files the server hands out,
    non-empty); searching for a piece's English or Japanese name (``Fire Demon``, ``獅鷹``, ``奔鷲``, ``金剛``)
    finds its chapter; and at a 1280-pixel window no page scrolls sideways and no table, picture or code
    block sticks out of the text column.
(c) The numbers in ``book/verification.md`` are the engine's: the perft table (the cheap entries
    recomputed here, the depth-4 entries of shogi and Okisaki against ``tests/test_perft.py``, which
    computes them) and the verdict on the article's Tenjiku game (each row replayed); so are the record
    check's limits that ``book/engine.md`` states.
(d) The table of ``book/rule-interpretations.md`` lists exactly the engine's rule choices, options
    and defaults, and every rule id is the label of a section in some notebook; in the built book
    that label is the anchor ``<id with dots as hyphens>`` that ``book/citing.md`` tells readers to cite.
(e) The examples of the pages reproduce: every ``$ shogi-rules …`` line of a ``console`` block prints
    what the block shows, every ``pycon`` block passes as a doctest, the version in
    ``book/citing.md`` and ``CITATION.cff`` is the package's.

The generated parts of the pages are printed by this file::

    python tests/test_book.py rule-table      # the table of book/rule-interpretations.md
    python tests/test_book.py perft-table     # the perft table of book/verification.md (about 25 s)
    python tests/test_book.py preset-matrix   # the presets-against-choices tables of book/rule-interpretations.md
    python tests/test_book.py console         # rewrites the outputs of the console blocks of book/*.md
"""

from __future__ import annotations

import contextlib
import html
import doctest
import importlib.metadata
import importlib.util
import io
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--virtual-time-budget=5000")

sys.path.insert(0, str(ROOT))
from shogi_rules import VARIANT_IDS, Position, RuleSet, get_variant  # noqa: E402
from shogi_rules.apps.cli import main as cli_main  # noqa: E402
from shogi_rules.notation.records import check_record, read_record, replay  # noqa: E402


def page(name: str) -> str:
    return (BOOK / f"{name}.md").read_text(encoding="utf-8")


def generated_block(text: str, name: str) -> str:
    """The lines between ``% BEGIN name`` and ``% END name`` (MyST comments) of a page."""
    m = re.search(rf"^% BEGIN {re.escape(name)}\b[^\n]*\n(.*?)^% END {re.escape(name)}\s*$", text, re.M | re.S)
    assert m, f"no block {name!r} between '% BEGIN {name}' and '% END {name}'"
    return m.group(1)


# --- (d) the table of rule choices ---------------------------------------------------------------------
def rule_table() -> str:
    """The table of every rule choice of every variant, as book/rule-interpretations.md shows it, after a
    sentence that says which page discusses which games' choices (each variant's ``rules_page``)."""
    pages: dict[str, list[str]] = {}
    for vid in VARIANT_IDS:
        v = get_variant(vid)
        if v.rule_choices:
            pages.setdefault(v.rules_page, []).append(v.name)

    def names(games: list[str]) -> str:
        return games[0] if len(games) == 1 else ", ".join(games[:-1]) + " and " + games[-1]

    out = ["The choices are discussed, with a live board for each, "
           + "; ".join(f"of {names(games)} in {{doc}}`../{page}`" for page, games in pages.items()) + ".", ""]
    for vid in VARIANT_IDS:
        v = get_variant(vid)
        if not v.rule_choices:
            continue
        out.append(f"**{v.name}** ({v.kanji}, `{vid}`)\n")
        out.append("| rule choice | question | options (the default in bold) |")
        out.append("|---|---|---|")
        for c in v.rule_choices:
            options = ", ".join(f"**`{o.id}`**" if o.id == c.default else f"`{o.id}`" for o in c.options)
            out.append(f"| {{ref}}`{c.id} <{c.id}>` | {c.question} | {options} |")
        out.append("")
    return "\n".join(out)


def preset_matrix() -> str:
    """For each variant with presets: a table of its rule choices (rows) against its presets
    (columns). A cell is the option the preset takes; in italics where the preset's source is
    silent and the preset keeps the default (the preset says why)."""
    out = []
    for vid in VARIANT_IDS:
        v = get_variant(vid)
        if not v.presets:
            continue
        out.append(f"**{v.name}** (`{vid}`)\n")
        out.append("| rule choice | " + " | ".join(f"`{p.id}`" for p in v.presets) + " |")
        out.append("|---|" + "---|" * len(v.presets))
        for c in v.rule_choices:
            cells = []
            for p in v.presets:
                option = p.choices.get(c.id, c.default)
                cells.append(f"`{option}`" if c.id in p.choices else f"*`{option}`*")
            out.append(f"| {{ref}}`{c.id} <{c.id}>` | " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


def test_preset_matrix_is_the_engines():
    shown = generated_block(page("rule-interpretations"), "preset-matrix")
    assert shown.strip() == preset_matrix().strip(), "regenerate with: python tests/test_book.py preset-matrix"


def anchor(rule_id: str) -> str:
    """The HTML id Sphinx gives the label ``rule_id`` (docutils' ``make_id``: dots become hyphens)."""
    return re.sub(r"[^a-z0-9]+", "-", rule_id.lower()).strip("-")


def test_rule_table_lists_exactly_the_engines_choices():
    shown = generated_block(page("rule-interpretations"), "rule-table")
    assert shown.strip() == rule_table().strip(), "regenerate with: python tests/test_book.py rule-table"
    ids = re.findall(r"\{ref\}`([\w.-]+) <([\w.-]+)>`", shown)
    assert all(a == b for a, b in ids)
    engine = [c.id for vid in VARIANT_IDS for c in get_variant(vid).rule_choices]
    assert [a for a, _ in ids] == engine
    assert len(set(engine)) == len(engine)


def notebook_labels() -> dict[str, set[str]]:
    """``{notebook: labels}``: the MyST targets ``(label)=`` at the start of a line of a markdown cell."""
    import json

    out = {}
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        labels = set()
        for cell in nb["cells"]:
            if cell["cell_type"] == "markdown":
                src = "".join(cell["source"])
                labels |= set(re.findall(r"^\(([^()\s]+)\)=\s*$", src, re.M))
        out[path.stem] = labels
    return out


def test_every_rule_id_is_a_label_in_a_notebook():
    labels = notebook_labels()
    everywhere = set().union(*labels.values()) if labels else set()
    missing = [c.id for vid in VARIANT_IDS for c in get_variant(vid).rule_choices if c.id not in everywhere]
    assert not missing, f"rule ids with no '(id)=' label in notebooks/*.ipynb: {missing}"
    for name, found in labels.items():  # a rule id is the label of one section only
        for other, more in labels.items():
            if other < name:
                shared = {x for x in found & more if "." in x}
                assert not shared, f"{name} and {other} both label {sorted(shared)}"


# --- (c) the numbers of verification.md -------------------------------------------------------------
TENJIKU_TSA = {
    "tenjiku.range-jump.when": "tsa",
    "tenjiku.range-jump.capture": "modern-2000",
    "tenjiku.free-eagle": "tsa",
    "tenjiku.lion-hawk": "tsa",
    "tenjiku.fire-demon.slides": "tsa",
    "tenjiku.fire-demon.meeting": "tsa-per-zhwp",
    "tenjiku.fire-demon.promotion-burn": "tsa",
    "tenjiku.tetrarchs.move": "tsa",
    "tenjiku.tetrarchs.power": "tsa",
    "tenjiku.promotion": "tsa",
}
TENJIKU_EVANS = {**TENJIKU_TSA, "tenjiku.range-jump.capture": "zhwp", "tenjiku.fire-demon.meeting": "zhwp"}

# (label in the table, variant, rule choices, deepest depth shown)
PERFT_ROWS = (
    ("`heian`, defaults (the 二中歴 as English Wikipedia reads it)", "heian", {}, 3),
    ("`shogi`", "shogi", {}, 4),
    ("`sho`, defaults (the Japanese articles)", "sho", {}, 4),
    ("`okisaki` with `okisaki.setup=zhwp`", "okisaki", {"okisaki.setup": "zhwp"}, 4),
    ("`okisaki` with `okisaki.setup=fairy-stockfish`", "okisaki", {"okisaki.setup": "fairy-stockfish"}, 4),
    ("`wa` with `wa.drops=none`", "wa", {"wa.drops": "none"}, 3),
    ("`wa` with `wa.drops=modern`", "wa", {"wa.drops": "modern"}, 3),
    ("`chu`, defaults (lishogi)", "chu", {}, 3),
    ("`heiandai`, defaults (the Japanese article)", "heiandai", {}, 2),
    ("`dai`, defaults (the Japanese article)", "dai", {}, 2),
    ("`dai`, preset `evans`", "dai", {"preset": "evans"}, 2),
    ("`dai`, preset `hachu`", "dai", {"preset": "hachu"}, 2),
    ("`tenjiku`, defaults (the article)", "tenjiku", {}, 2),
    ("`tenjiku`, TSA", "tenjiku", TENJIKU_TSA, 2),
    ("`tenjiku`, Evans", "tenjiku", TENJIKU_EVANS, 2),
    ("`tenjiku`, preset `adams`", "tenjiku", {"preset": "adams"}, 2),
    ("`tenjiku`, preset `modern-2000`", "tenjiku", {"preset": "modern-2000"}, 2),
    ("`tenjiku`, preset `werner`", "tenjiku", {"preset": "werner"}, 2),
    ("`tenjiku`, preset `hachu`", "tenjiku", {"preset": "hachu"}, 2),
    ("`tenjiku` with `tenjiku.free-eagle=cat-sword-twice`", "tenjiku", {"tenjiku.free-eagle": "cat-sword-twice"}, 2),
    ("`tenjiku` with `tenjiku.free-eagle=jawp`", "tenjiku", {"tenjiku.free-eagle": "jawp"}, 2),
    ("`daidai`, defaults (the article)", "daidai", {}, 2),
    ("`makadaidai`, defaults (the article)", "makadaidai", {}, 2),
)
EXPENSIVE = {("`shogi`", 4), ("`okisaki` with `okisaki.setup=zhwp`", 4),
             ("`okisaki` with `okisaki.setup=fairy-stockfish`", 4)}
"""Entries that take seconds each: ``tests/test_perft.py`` computes them; here they are compared with it."""


def perft_table(values: dict[tuple[str, int], int] | None = None) -> str:
    """The perft table of book/verification.md (computing every entry unless ``values`` has it)."""
    values = dict(values or {})
    lines = ["| rule set | depth 1 | depth 2 | depth 3 | depth 4 |", "|---|---:|---:|---:|---:|"]
    for label, vid, rules, deepest in PERFT_ROWS:
        cells = []
        for depth in range(1, 5):
            if depth > deepest:
                cells.append("")
                continue
            if (label, depth) not in values:
                choices = {k: o for k, o in rules.items() if k != "preset"}
                values[(label, depth)] = Position(vid, rules=choices, preset=rules.get("preset")).perft(depth)
            cells.append(f"{values[(label, depth)]:,}")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _test_perft_module():
    if "test_perft" in sys.modules:
        return sys.modules["test_perft"]
    spec = importlib.util.spec_from_file_location("_book_test_perft", ROOT / "tests" / "test_perft.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_perft_table_is_the_engines():
    tp = _test_perft_module()
    known = {("`shogi`", 4): tp.SHOGI_START[3],
             ("`okisaki` with `okisaki.setup=zhwp`", 4): tp.OKISAKI_START["okisaki"][3],
             ("`okisaki` with `okisaki.setup=fairy-stockfish`", 4): tp.OKISAKI_START["okisaki-fairy-stockfish"][3]}
    assert set(known) == EXPENSIVE
    shown = generated_block(page("verification"), "perft-table")
    assert shown.strip() == perft_table(known).strip(), "regenerate with: python tests/test_book.py perft-table"


def test_tenjiku_rule_sets_are_those_the_page_names():
    text = page("verification")
    for name, rules in (("TSA", TENJIKU_TSA), ("Evans", TENJIKU_EVANS)):
        block = generated_block(text, f"tenjiku-{name.lower()}")
        shown = dict(re.findall(r"`([a-z.-]+)=([a-z0-9-]+)`", block))
        assert shown == rules, name
    # the same rule sets as tests/test_tenjiku_rule_choices.py counts, where that file names them
    path = ROOT / "tests" / "test_tenjiku_rule_choices.py"
    if path.exists():
        spec = importlib.util.spec_from_file_location("_book_tenjiku_choices", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        assert getattr(module, "TSA", TENJIKU_TSA) == TENJIKU_TSA
        assert getattr(module, "EVANS", TENJIKU_EVANS) == TENJIKU_EVANS


def test_tenjiku_article_game_verdict_is_the_engines():
    """Each line of the check-record verdict printed in verification.md, replayed under its rule set."""
    block = generated_block(page("verification"), "tenjiku-verdict")
    lines = [line for line in block.splitlines() if line.startswith(("legal", "illegal"))]
    assert len(lines) == 5 + len(get_variant("tenjiku").presets)
    assert [line for line in block.splitlines() if line.startswith(("accepted", "  "))] == [  # these options, any other
        "accepted by 69,120 of 1,658,880 rule sets:", "  tenjiku.range-jump.capture = modern-2000",
        "  tenjiku.fire-demon.capture = zhwp", "  tenjiku.promotion = tsa"]
    moves = read_record((ROOT / "tests" / "data" / "tenjiku_article_game.txt").read_text(encoding="utf-8"))
    assert len(moves) == 38
    assert block == "```text\n" + "\n".join(check_record("tenjiku", moves).lines()) + "\n```\n"  # word for word
    for line in lines:
        verdict, rest = line.split(None, 1)
        # a line of rule sets stands for each combination of its options (the first one is replayed here)
        rules = {c: o.split("|")[0] for c, o in re.findall(r"(tenjiku\.[a-z.-]+)=([a-z0-9|-]+)", rest.split("  — ")[0])}
        preset = re.match(r"preset ([a-z0-9-]+)", rest)
        r = replay(RuleSet.of("tenjiku", preset=preset.group(1)) if preset else "tenjiku", moves,
                   None if preset else rules)
        assert r.legal == (verdict == "legal"), line
        if r.legal:
            assert r.plies == 38 and str(r.outcome) == "gote wins (checkmate)"
        else:
            assert f"ply {r.first_illegal_ply} {r.first_illegal_move}: {r.reason}" in line, line


def test_engine_chapter_states_the_record_checks_limits():
    """The engine chapter says how many combinations of options the record check plays whole: the engine's limits."""
    from shogi_rules.notation.records import (_PLAYED_AT_A_MATE, _PLAYED_AT_A_MATE_BEFORE_GIVING_UP,
                                              _PLAYED_AT_A_MATE_IN_ALL, _PLAYED_AT_A_MATE_IN_ALL_BEFORE_GIVING_UP,
                                              _PLAYED_SHARING, _PLAYED_TOGETHER)

    text = " ".join((ROOT / "book" / "engine.md").read_text(encoding="utf-8").split())
    assert f"up to {_PLAYED_TOGETHER} whose rule sets move the pieces otherwise" in text
    assert f"{_PLAYED_SHARING} in all where the others share the rule set's tables" in text
    assert f"at most {_PLAYED_AT_A_MATE} combinations with tables of their own, {_PLAYED_AT_A_MATE_IN_ALL} in all, are " \
           f"played at one mate" in text
    assert f"with up to {_PLAYED_AT_A_MATE_BEFORE_GIVING_UP} and {_PLAYED_AT_A_MATE_IN_ALL_BEFORE_GIVING_UP} (those " \
           f"played before counted)" in text


# --- (e) examples ---------------------------------------------------------------------------------------
def console_examples() -> list[tuple[str, str, str]]:
    """``(page, command, output)`` for every ``$ shogi-rules`` line of a ``console`` block of book/*.md."""
    out = []
    for path in sorted(BOOK.glob("*.md")):
        for block in re.findall(r"^```console\n(.*?)^```", path.read_text(encoding="utf-8"), re.M | re.S):
            for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
                if chunk.startswith("$ "):
                    command, _, output = chunk.partition("\n")
                    out.append((path.name, command[2:], output))
    return out


def run_cli(command: str) -> tuple[int, str]:
    args = shlex.split(command)
    assert args[0] == "shogi-rules", command
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf), contextlib.chdir(ROOT):
        status = cli_main(args[1:])
    return status, buf.getvalue()


@pytest.mark.parametrize("name,command,output", console_examples())
def test_console_example_reproduces(name, command, output):
    status, printed = run_cli(command)
    assert printed == output, f"{name}: {command}"
    assert (status != 0) == output.startswith("shogi-rules:")  # errors are one line on standard error


def pycon_pages() -> list[str]:
    return sorted(p.name for p in BOOK.glob("*.md") if "```pycon" in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", pycon_pages())
def test_pycon_examples_pass(name):
    """The ``pycon`` blocks of a page, in order and sharing their names, as doctests."""
    text = (BOOK / name).read_text(encoding="utf-8")
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict = {}
    report = io.StringIO()
    with contextlib.chdir(ROOT):
        for m in re.finditer(r"^```pycon\n(.*?)^```", text, re.M | re.S):
            line = text[:m.start()].count("\n") + 2
            test = parser.get_doctest(m.group(1), globs, f"{name}:{line}", str(BOOK / name), line)
            runner.run(test, out=report.write, clear_globs=False)
            globs = test.globs  # a DocTest works on a copy of the names it is given
    assert runner.tries > 0
    assert runner.failures == 0, report.getvalue()


def test_version_in_citing_page_and_citation_file():
    version = importlib.metadata.version("shogi-rules")
    assert f"version {version}" in page("citing")
    cff = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    top = dict(re.findall(r'^([a-z-]+): *"?([^"\n]*)"?$', cff, re.M))
    assert top["version"] == version
    assert top["cff-version"] == "1.2.0" and top["title"] and top["message"]
    assert re.search(r"^authors:\n  - ", cff, re.M)


# --- (a) the build --------------------------------------------------------------------------------------
def test_book_builds_without_warnings(built_book):
    pages = {p.relative_to(built_book).as_posix() for p in built_book.rglob("*.html")}
    for name in ("book/engine.html", "book/verification.html", "book/rule-interpretations.html",
                 "book/citing.html", "notebooks/edge-cases.html", "notebooks/comparison.html"):
        assert name in pages


def test_rule_ids_are_anchors_in_the_built_book(built_book):
    pages = sorted({built_book / f"{get_variant(vid).rules_page}.html" for vid in VARIANT_IDS})  # from the registry
    html = {p: p.read_text(encoding="utf-8") for p in pages}
    for vid in VARIANT_IDS:
        for c in get_variant(vid).rule_choices:
            hits = [p.name for p, text in html.items() if f'id="{anchor(c.id)}"' in text]
            assert len(hits) == 1, (c.id, hits)
    text = (built_book / "book" / "rule-interpretations.html").read_text(encoding="utf-8")
    assert "rules-tenjiku.html#tenjiku-fire-demon-slides" in text


def test_every_notebook_page_has_its_figures(built_book):
    """A notebook that draws shows its pictures: non-empty PNG files of the build (read from the HTML)."""
    import json

    for notebook in sorted(NOTEBOOKS.glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        drawn = sum(1 for c in cells if c["cell_type"] == "code" for o in c.get("outputs", ())
                    if "image/png" in o.get("data", {}))
        if not drawn:
            continue
        path = built_book / "notebooks" / f"{notebook.stem}.html"
        srcs = re.findall(r'<img[^>]+src="([^"]+\.png)"', path.read_text(encoding="utf-8"))
        assert len(srcs) >= drawn, f"{path.name} shows {len(srcs)} of its {drawn} figures"
        for src in srcs:
            png = (path.parent / src).resolve()
            assert png.is_file() and png.stat().st_size > 100, (path.name, src)
            assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_no_output_shows_markdown_source(built_book):
    """A table or a citation a cell prints as Markdown is rendered as MyST (a table, a link), not shown as its
    source: no cell output of a chapter holds a table's rule line or an unrendered role."""
    from bs4 import BeautifulSoup  # the book's theme needs it: installed with the book

    source = re.compile(r"\|[-—–:]{1,4}\||\{(?:cite|ref|term|doc)\}")  # a rule line, as typeset too: |—|, |–:|
    checked = 0
    for path in sorted((built_book / "notebooks").glob("*.html")):
        for output in BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser").select("div.cell_output"):
            text = output.get_text()
            assert not source.search(text), (path.name, source.search(text).group(0), text[:200])
            checked += 1
    assert checked > 100


def test_every_figure_has_an_alt_text_and_legible_labels_at_every_width(built_book):
    """Every picture of a reader page has an alt text saying what it shows (the engine's description, not a
    file name); its smallest text is 10 CSS px in the text column at 1280 px, and on a phone it is never shown
    narrower than the width at which it is (``--legible-width``, its min-width there, at most its full width:
    a large board scrolls inside its frame); a
    click can open it at its full width; and no figure is a strip (more than six times as tall as wide)."""
    from PIL import Image

    from shogi_rules.diagrams.book import COLUMN_PX, MIN_TEXT_PX
    from test_reader_pages import READER_PAGES

    checked = 0
    for page in READER_PAGES:
        path = built_book / ("index.html" if page == "book/intro" else f"{page}.html")
        for tag in re.findall(r"<img\b[^>]*>", path.read_text(encoding="utf-8")):
            src = re.search(r'src="([^"]+)"', tag).group(1)
            if not src.endswith(".png") or "_static" in src:
                continue
            alt = html.unescape(re.search(r'alt="([^"]*)"', tag).group(1))
            assert len(alt.split()) >= 4 and not re.search(r"\.(png|svg)$|_images/", alt), (page, src, alt)
            with Image.open((path.parent / src).resolve()) as img:
                width, height = img.width, img.height
                small = float(img.text.get("Smallest-text", "inf"))  # a picture without text has none
            assert height <= 6 * width, (page, src, width, height)
            full = int(re.search(r'data-full-width="(\d+)"', tag).group(1))
            least = re.search(r"--legible-width: (\d+)px", tag)
            least_px = int(least.group(1)) if least else 0
            assert least_px <= full, (page, src)
            for column, floor in ((COLUMN_PX, 0), (350, least_px)):  # the column at 1280 px; a 390 px phone
                shown = min(full, max(column, floor))
                assert small * shown / width >= MIN_TEXT_PX - 0.05, (page, src, column, small * shown / width)
            checked += 1
    assert checked > 100


# --- (b) the browser --------------------------------------------------------------------------------------
def dump_dom(url: str, tmp_path: Path) -> str:
    """The DOM of ``url`` after its scripts ran, as headless Chromium dumps it."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium fonts-noto-cjk")
    profile = tmp_path / "chromium-profile"
    profile.mkdir(exist_ok=True)
    proc = subprocess.run([CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
                          capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def _fetch(url: str) -> bytes:
    import urllib.request

    with urllib.request.urlopen(url, timeout=30) as response:
        assert response.status == 200
        return response.read()


@pytest.mark.parametrize("name", ["tenjiku", "edge-cases"])
def test_browser_shows_the_figures_of_a_page(name, served_book, tmp_path):
    url = f"{served_book}notebooks/{name}.html"
    dom = dump_dom(url, tmp_path)
    assert "<h1>" in dom or "<h1 " in dom
    srcs = re.findall(r'<img[^>]+src="([^"]+\.png)"', dom)
    assert srcs, f"{name}: no <img> with a PNG in the rendered page"
    import urllib.parse

    for src in set(srcs):
        data = _fetch(urllib.parse.urljoin(url, src))
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 100, src


@pytest.mark.parametrize("query, page_name", [("Fire Demon", "tenjiku"), ("獅鷹", "tenjiku"), ("奔鷲", "tenjiku"),
                                              ("金剛", "makadaidai")])
def test_browser_search_finds_a_piece(query, page_name, served_book, tmp_path):
    """Searching the built book for a piece's English or Japanese name (新字体) finds its chapter."""
    import urllib.parse

    dom = dump_dom(f"{served_book}search.html?q={urllib.parse.quote_plus(query)}", tmp_path)
    results = re.search(r'<ul class="search">(.*?)</ul>', dom, re.S)
    assert results, "the search page shows no result list"
    assert re.search(rf'href="[^"]*notebooks/{page_name}\.html', results.group(1)), results.group(1)[:2000]


WINDOW_WIDTH = 1280
"""The browser window of the layout test: pages must fit it without scrolling sideways."""
PHONE_WIDTH = 390
"""A phone's window: no page may scroll sideways (a wide table or board may scroll inside its own frame)."""

LAYOUT_PROBE = """<!DOCTYPE html><html><body><pre id="out">running</pre><script>
const pages = PAGES, out = [];
function next(i) {
  if (i === pages.length) { document.getElementById("out").textContent = "DONE\\n" + out.join("\\n"); return; }
  const f = document.createElement("iframe");
  f.style.width = "WIDTHpx"; f.style.height = "900px"; f.style.border = "0";
  f.onload = () => setTimeout(() => {
    const d = f.contentDocument, root = d.documentElement;
    const article = d.querySelector("article") || d.body;
    const right = article.getBoundingClientRect().right + 1;
    const wide = Array.from(article.querySelectorAll("table, img, pre, .output")).filter(
      e => e.getBoundingClientRect().right > right || e.scrollWidth > e.clientWidth + 1 && e.tagName === "TABLE");
    out.push(pages[i] + " " + root.scrollWidth + " " + root.clientWidth + " " + wide.length + " " +
             wide.slice(0, 3).map(e => e.tagName + ":" + Math.round(e.getBoundingClientRect().width)).join(","));
    f.remove(); next(i + 1);
  }, 300);
  f.src = pages[i];
  document.body.appendChild(f);
}
next(0);
</script></body></html>"""


@pytest.mark.parametrize("width", [WINDOW_WIDTH, PHONE_WIDTH])
def test_no_page_scrolls_sideways(width, built_book, served_book, tmp_path, request):
    """At a 1280-pixel window no page of the book is wider than the window, and no table or picture sticks
    out of the text column (a table too wide for the column is clipped or scrolls: it must wrap instead).
    At a 390-pixel phone no page is wider than the window."""
    import json

    pages = sorted(p.relative_to(built_book).as_posix() for p in built_book.rglob("*.html")
                   if p.parent.name in ("book", "notebooks"))
    probe = built_book / f"layout-probe-{width}.html"
    probe.write_text(LAYOUT_PROBE.replace("PAGES", json.dumps(pages)).replace("WIDTH", str(width)), encoding="utf-8")
    request.addfinalizer(probe.unlink)  # the built book holds only its own pages for the other tests
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium fonts-noto-cjk")
    profile = tmp_path / "chromium-profile"
    profile.mkdir(exist_ok=True)
    flags = [f for f in CHROMIUM_FLAGS if not f.startswith("--virtual-time-budget")]
    proc = subprocess.run([CHROMIUM, *flags, "--virtual-time-budget=120000", f"--window-size={WINDOW_WIDTH + 40},1000",
                           f"--user-data-dir={profile}", "--dump-dom", f"{served_book}{probe.name}"],
                          capture_output=True, text=True, timeout=600)
    text = re.search(r'<pre id="out">(.*?)</pre>', proc.stdout, re.S)
    assert text and text.group(1).startswith("DONE"), proc.stdout[-2000:] + proc.stderr[-2000:]
    lines = text.group(1).split("\n")[1:]
    assert len(lines) == len(pages) and len(pages) > 15
    bad = []
    for line in lines:
        name, scroll, client, wide, *what = line.split(" ")
        if int(scroll) > int(client) or int(wide) and width == WINDOW_WIDTH:
            bad.append(line)
    assert not bad, bad


def rewrite_console_blocks() -> list[str]:
    """Run the commands of every ``console`` block of book/*.md again and write their outputs into
    the pages; returns the pages that changed."""
    changed = []
    for path in sorted(BOOK.glob("*.md")):
        text = path.read_text(encoding="utf-8")

        def redo(m: re.Match) -> str:
            commands = [line[2:] for line in m.group(1).splitlines() if line.startswith("$ ")]
            return "```console\n" + "".join(f"$ {c}\n{run_cli(c)[1]}" for c in commands) + "```"

        new = re.sub(r"^```console\n(.*?)^```", redo, text, flags=re.M | re.S)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path.name)
    return changed


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    if what == "rule-table":
        print(rule_table(), end="")
    elif what == "perft-table":
        print(perft_table(), end="")
    elif what == "preset-matrix":
        print(preset_matrix(), end="")
    elif what == "console":
        print("rewrote:", ", ".join(rewrite_console_blocks()) or "nothing")
    else:
        sys.exit("usage: python tests/test_book.py rule-table|perft-table|preset-matrix|console")


# --- the pages of pieces ------------------------------------------------------------------------------------
def test_every_game_has_a_page_of_pieces_under_the_piece_finder():
    """Each game of the registry has its page of pieces, listed in the table of contents under the piece
    finder (so a new game without one fails here, not silently in the sidebar)."""
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    finder = toc.index("file: notebooks/pieces\n")
    for vid in VARIANT_IDS:
        assert toc.index(f"          - file: book/pieces/{vid}\n") > finder, vid
        v = get_variant(vid)
        text = (BOOK / "pieces" / f"{vid}.md").read_text(encoding="utf-8")
        assert text == f"# The pieces of {v.name} ({v.kanji})\n\n```{{piece-pages}} {vid}\n```\n", vid


def test_every_piece_has_its_anchor_diagram_and_words_in_the_built_book(built_book):
    """Every piece of every game has a section of its own under the anchor ``piece_anchor`` gives, holding
    its diagram (a PNG file of the built book, with its size and an alt text), its kanji and kana, and a link
    to the explorer with the piece alone on the board; the piece finder links each row to it."""
    import urllib.parse

    from shogi_rules.model.kana import hiragana
    from shogi_rules.notation.piece_list import alone_position, piece_anchor, piece_url

    finder = (built_book / "notebooks" / "pieces.html").read_text(encoding="utf-8")
    for vid in VARIANT_IDS:
        path = built_book / "book" / "pieces" / f"{vid}.html"
        html = path.read_text(encoding="utf-8")
        for k in get_variant(vid).pieces:
            anchor = piece_anchor(vid, k.code)
            assert html.count(f'id="{anchor}"') == 1, anchor
            body = re.search(rf'<section id="{re.escape(anchor)}">(.*?)</section>', html, re.S)
            assert body, anchor
            img = re.search(r'<img src="([^"]+)" width="\d+" height="\d+" alt="Movement diagram of ([^"]+)"',
                            body.group(1))
            assert img and (path.parent / img.group(1)).resolve().is_file(), anchor
            assert k.kanji in body.group(1) and hiragana(k.romaji) in body.group(1), anchor
            board = re.search(rf'href="\.\./explorer\.html\?variant={vid}#fen=([^"]+)"', body.group(1))
            assert board and urllib.parse.unquote(board.group(1)) == alone_position(vid, k.code).fen(), anchor
            assert f'href="../{piece_url(vid, k.code)}"' in finder, anchor


def _search_index(built_book: Path) -> dict:
    import json

    text = (built_book / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1:text.rindex(")")])


def test_search_index_answers_kana_and_romaji_without_macrons_with_the_piece(built_book):
    """Sphinx's search answers a query with an index entry that contains it and is at most twice as long,
    linking to the entry's anchor: the kana, the romaji with and without macrons, the English name and the
    code of a piece are such entries, for the piece's own section. (Its full-text index leaves out words of
    one or two hiragana, such as しし: only the entries find those.)"""
    index = _search_index(built_book)
    entries, docnames = index["indexentries"], index["docnames"]

    def answers(query: str) -> set[tuple[str, str]]:
        return {(docnames[f], "#" + anchor) for key, found in entries.items()
                if query in key and len(query) >= len(key) / 2 for f, anchor, _ in found}

    lion = ("book/pieces/tenjiku", "#piece-tenjiku-Ln")
    for query in ("しし", "shishi", "獅子", "lion", "ln"):
        assert lion in answers(query), query
    lance = ("book/pieces/shogi", "#piece-shogi-L")
    for query in ("kyoo", "kyosha", "kyousha", "kyōsha", "きょうしゃ"):
        assert lance in answers(query), query
    assert ("book/pieces/makadaidai", "#piece-makadaidai-TK") in answers("kyoo")   # kyōō, the Teaching King
    assert "きょうしゃ" in index["terms"] and "kyoosha" in index["terms"]            # and the pages' own text


@pytest.mark.parametrize("query, anchor", [("しし", "book/pieces/tenjiku.html#piece-tenjiku-Ln"),
                                           ("kyoosha", "book/pieces/shogi.html#piece-shogi-L")])
def test_browser_search_leads_to_the_pieces_section(query, anchor, served_book, tmp_path):
    """The search page, in a browser, links a piece's kana or macron-less romaji to the piece's section."""
    import urllib.parse

    dom = dump_dom(f"{served_book}search.html?q={urllib.parse.quote_plus(query)}", tmp_path)
    results = re.search(r'<ul class="search">(.*?)</ul>', dom, re.S)
    assert results and re.search(rf'href="[^"]*{re.escape(anchor)}"', results.group(1)), dom[-2000:]
