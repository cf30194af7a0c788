"""The citable edition: the PDF of the whole book, and the version, the date, the address and "Cite this"
on the web pages.

The PDF (``built_pdf``, printed by the README's book command as the session's web build is) is read
with pypdf (its outline, fonts, page labels and the pictures its pages draw) and poppler's pdftotext
(its text).
"""

from __future__ import annotations

import html
import json
import math
import re
import subprocess
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from pypdf.generic import ContentStream

from shogi_rules import available_variants
from shogi_rules.apps.cite import book_address, cite_piece, cite_rule, package_version

ROOT = Path(__file__).resolve().parents[1]
TOC = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
RULE_IDS = [c.id for v in available_variants() for c in v.rule_choices]
HIDDEN = {"hide-input", "remove-input", "hide-cell", "remove-cell"}
MIN_PPI = 200
FORWARD = re.compile(r'http-equiv="refresh"|location\.replace\(', re.I)
WEB_FURNITURE = ("Show code cell", "Hide code cell", "needs JavaScript", "Live board:", "Loading the engine")


def title_of(docname: str) -> str:
    """The first heading of a page of the book (a Markdown file or a notebook)."""
    path = ROOT / docname
    if path.with_suffix(".md").exists():
        text = path.with_suffix(".md").read_text(encoding="utf-8")
    else:
        nb = json.loads(path.with_suffix(".ipynb").read_text(encoding="utf-8"))
        text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    heading = re.search(r"^# (.+)$", text, re.M)
    assert heading, docname
    return re.sub(r"[`*]", "", heading.group(1)).strip()


def chapters() -> list[tuple[str, str]]:
    """(part caption, docname) of every chapter, sections of chapters included."""
    out = []
    for part in TOC["parts"]:
        for chapter in part["chapters"]:
            out.append((part["caption"], chapter["file"]))
            out += [(part["caption"], s["file"]) for s in chapter.get("sections", ())]
    return out


@pytest.fixture(scope="module")
def pdf(built_pdf) -> PdfReader:
    return PdfReader(built_pdf)


@pytest.fixture(scope="module")
def texts(built_pdf) -> list[str]:
    """The text of each page, by poppler's pdftotext (which finds the spaces between words)."""
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(built_pdf), "-"], capture_output=True, check=True).stdout
    return out.decode("utf-8").split("\f")[:-1]


def outline(pdf) -> list[tuple[int, str]]:
    """(depth, title) of every bookmark, in order."""
    out: list[tuple[int, str]] = []

    def walk(items, depth):
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                out.append((depth, item.title))
    walk(pdf.outline, 0)
    return out


def plain(title: str) -> str:
    """A bookmark's title without its section number."""
    return re.sub(r"^[\dIVX.]+\s+", "", " ".join(title.split()))


# --- the PDF -------------------------------------------------------------------------------------------
def test_outline_has_parts_chapters_and_sections(pdf):
    marks = outline(pdf)
    titles = [(d, plain(t)) for d, t in marks]
    for caption, doc in chapters():
        assert (0, caption) in titles, f"no part {caption!r} in the outline"
        title = title_of(doc)
        assert any(d >= 1 and t == title for d, t in titles), f"chapter {title!r} ({doc}) is not in the outline below its part"
    assert max(d for d, _ in marks) >= 2, "no section in the outline"
    # sections are numbered: a chapter's sections carry its number ("3.2 The pieces")
    numbered = [t for d, t in marks if d >= 2 and re.match(r"^\d+\.\d+\s", t)]
    assert len(numbered) >= len(chapters()), numbered[:5]


def test_every_chapter_is_printed(texts):
    joined = " ".join(" ".join(t.split()) for t in texts)
    for _, doc in chapters():
        assert title_of(doc) in joined, doc


def test_title_page_gives_version_date_and_address(texts):
    first = " ".join(texts[0].split())
    assert f"Version {package_version()}" in first
    assert re.search(r"Built \d{4}-\d\d-\d\d", first), first
    assert book_address() in first


def test_pages_are_numbered(pdf, texts):
    labels = pdf.page_labels
    body = max(i for i, label in enumerate(labels) if not label.isdigit()) + 1  # after the contents (i, ii, ...)
    arabic = list(range(body, len(labels)))
    assert len(arabic) > len(labels) * 0.9
    assert [int(labels[i]) for i in arabic] == list(range(1, len(arabic) + 1))
    for i in arabic[10:30]:
        assert labels[i] in texts[i].split(), f"page {labels[i]} does not print its number"
    # and the running head gives the version (the first page of a chapter or a part has no running head)
    headed = [i for i in arabic if package_version() in texts[i]]
    assert len(headed) > len(arabic) * 3 / 4


def test_fonts_are_embedded_and_one_is_cjk(pdf):
    names = set()
    for page in pdf.pages:
        fonts = page.get("/Resources", {}).get_object().get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            names.add(str(font.get("/BaseFont")))
            if font["/Subtype"] == "/Type3":
                continue
            described = font["/DescendantFonts"][0].get_object() if font["/Subtype"] == "/Type0" else font
            descriptor = described["/FontDescriptor"].get_object()
            assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor), f"{font['/BaseFont']} is not embedded"
    assert any("CJK" in n for n in names), names


def test_every_kanji_is_rendered(built_pdf, texts):
    log = built_pdf.with_suffix(".log").read_text(encoding="utf-8", errors="replace")
    assert "Missing character" not in log, re.findall(r"Missing character.*", log)[:5]
    printed = set("".join(texts))
    assert "\ufffd" not in printed
    for v in available_variants():
        kanji = {ch for k in v.pieces for ch in k.kanji if not ch.isspace()}
        assert kanji <= printed, f"{v.id}: {sorted(kanji - printed)} not in the PDF's text"


def test_no_web_furniture(texts):
    joined = "\n".join(texts)
    for phrase in WEB_FURNITURE:
        assert phrase not in joined, phrase


def test_code_hidden_on_the_web_is_not_printed(texts):
    """Only the code a web page shows is printed: no more assert lines than the visible cells hold."""
    visible = 0
    for path in (ROOT / "notebooks").glob("*.ipynb"):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code" and not HIDDEN & set(cell["metadata"].get("tags", ())):
                visible += sum(line.lstrip().startswith("assert ") for line in "".join(cell["source"]).splitlines())
    printed = sum(line.lstrip().startswith("assert ") for t in texts for line in t.splitlines())
    assert printed <= visible


def test_rule_ids_break_only_at_dots_and_hyphens(texts):
    lines = [line.strip() for t in texts for line in t.splitlines() if line.strip()]
    for a, b in zip(lines, lines[1:]):
        end, start = a.split()[-1], b.split()[0]
        for joined, cut in ((end + start, len(end)), (end[:-1] + start, len(end) - 1) if end.endswith("-") else ("", 0)):
            for rule in RULE_IDS:
                at = joined.find(rule)
                if 0 <= at < cut < at + len(rule):
                    piece = rule[:cut - at]
                    assert piece[-1] in ".-" and (joined is not end[:-1] + start or piece.endswith("-")), (
                        f"{rule} broken after {piece!r}: {a!r} / {b!r}")
    flowing = re.sub(r"(?<=[.-])\n", "", "\n".join(lines))
    for rule in RULE_IDS:
        assert rule in flowing, rule


def test_figures_are_sharp(pdf):
    found = []

    def walk(stream, resources, ctm, page):
        stack = []
        for operands, op in ContentStream(stream, pdf).operations:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q" and stack:
                ctm = stack.pop()
            elif op == b"cm":
                ctm = multiply([float(x) for x in operands], ctm)
            elif op == b"Do":
                xobject = resources["/XObject"][operands[0]].get_object()
                if xobject["/Subtype"] == "/Image":
                    inches = math.hypot(ctm[0], ctm[1]) / 72
                    found.append((page, xobject["/Width"] / inches))
                elif xobject["/Subtype"] == "/Form":
                    walk(xobject, xobject.get("/Resources", resources).get_object(),
                         multiply([float(x) for x in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0])], ctm), page)

    for number, page in enumerate(pdf.pages, 1):
        if page.get_contents() is not None:
            walk(page.get_contents(), page["/Resources"].get_object(), [1, 0, 0, 1, 0, 0], number)
    assert len(found) >= 100
    blurred = [(page, round(ppi)) for page, ppi in found if ppi < MIN_PPI]
    assert not blurred, f"pictures under {MIN_PPI} pixels an inch (page, ppi): {blurred[:10]}"


def multiply(m: list[float], n: list[float]) -> list[float]:
    """The PDF matrix m × n (row vectors: m applies first)."""
    return [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
            m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5]]


# --- the web edition ----------------------------------------------------------------------------------
def test_every_web_page_gives_version_date_and_address(built_book):
    line = re.compile(rf"shogi-rules {re.escape(package_version())} · built \d{{4}}-\d\d-\d\d · "
                      rf'<a href="{re.escape(book_address())}">')
    pages = [p for p in built_book.rglob("*.html") if "_static" not in p.relative_to(built_book).parts
             and not FORWARD.search(p.read_text(encoding="utf-8"))]  # index.html and explorer.html only forward
    assert len(pages) >= len(chapters())
    for page in pages:
        assert line.search(page.read_text(encoding="utf-8")), page.relative_to(built_book)


def test_each_rule_choice_and_option_is_citable_where_it_is_read(built_book):
    for v in available_variants():
        for choice in v.rule_choices:
            c = cite_rule(choice.id)
            page = (built_book / c.url.removeprefix(book_address()).partition("#")[0]).read_text(encoding="utf-8")
            assert f'id="{c.url.partition("#")[2]}"' in page, choice.id
            assert html.escape(c.text) in page and html.escape(c.bibtex) in page, choice.id
            for option in choice.options:
                o = cite_rule(f"{choice.id}={option.id}")
                assert f'id="{o.url.partition("#")[2]}"' in page, o.url
                assert html.escape(o.text) in page and html.escape(o.bibtex) in page, o.url


def test_each_piece_is_citable_at_its_section(built_book):
    from shogi_rules.notation.piece_list import piece_anchor

    for v in available_variants():
        page = (built_book / "book" / "pieces" / f"{v.id}.html").read_text(encoding="utf-8")
        for kind in v.pieces:
            c = cite_piece(v.id, kind.code)
            section = page.partition(f'id="{piece_anchor(v.id, kind.code)}"')[2].partition("</section>")[0]
            assert html.escape(c.text) in section and html.escape(c.bibtex) in section, (v.id, kind.code)
