"""``book/references.bib`` can be checked by a researcher: every entry says where to find the source, a source
the project has not read itself says what it was seen through, and every web address is printed with the day it
was read, by the bibliography style the web and the printed book share."""

from __future__ import annotations

import datetime
import glob
import html
import importlib.util
import os
import re
from urllib.parse import unquote

from helpers import BIB

ROOT = os.path.dirname(os.path.dirname(BIB))
SECOND_HAND = {"shogi-zushiki", "sho-shogi-zushiki", "rokushu-zushiki", "tsa-hodges", "adams-tenjiku",
               "umebayashi-okano", "hodges-msm"}
"""Sources the project knows only through others (the research notes say so of each)."""


def entries() -> dict[str, str]:
    text = open(BIB, encoding="utf-8").read()
    return {m.group(1): m.group(2) for m in re.finditer(r"^@\w+\{([^,\s]+),\n(.*?)^\}", text, re.M | re.S)}


def field(body: str, name: str) -> str | None:
    m = re.search(rf"^\s*{name}\s*=\s*\{{(.*)\}},?\s*$", body, re.M)
    return m.group(1) if m else None


def test_every_entry_has_an_address_or_says_where_a_copy_is():
    for key, body in entries().items():
        located = any(field(body, f) for f in ("url", "doi", "isbn", "seenthrough"))
        held = re.search(r"held|reprinted|reproduced", (field(body, "howpublished") or "") + (field(body, "note") or ""),
                         re.I)
        assert located or held, key


def test_the_chinese_wikipedia_articles_link_their_articles_with_the_access_date():
    zhwp = {k: b for k, b in entries().items() if k.startswith("zhwp-")}
    assert set(zhwp) == {"zhwp-daidai", "zhwp-makadaidai", "zhwp-tenjiku", "zhwp-wa", "zhwp-okisaki"}
    for key, body in zhwp.items():
        assert (field(body, "url") or "").startswith("https://zh.wikipedia.org/wiki/%"), key
        assert field(body, "urldate") == "2026-11-29", key


def test_japanese_wikipedia_links_exact_articles_and_no_note_is_cut_by_a_percent_sign():
    for key in ("jawp", "jawp-chu", "jawp-free-eagle"):
        assert re.fullmatch(r"https://ja\.wikipedia\.org/wiki/\S+", field(entries()[key], "url") or ""), key
    assert unquote(field(entries()["jawp-free-eagle"], "url") or "").endswith("/wiki/奔鷲")
    for key, body in entries().items():
        assert "%" not in (field(body, "note") or ""), key        # % starts a BibTeX comment


def seen_through(body: str) -> list[str]:
    return [k.strip() for k in (field(body, "seenthrough") or "").split(",") if k.strip()]


def test_each_chinese_wikipedia_entry_states_its_revision_or_that_it_is_not_recorded_and_the_day_it_was_read():
    for key, body in entries().items():
        if not key.startswith("zhwp-"):
            continue
        note = field(body, "note") or ""
        revision = field(body, "revision")
        assert revision and re.fullmatch(r"\d+", revision) or "Revision not recorded" in note, key
        assert f"read on {field(body, 'urldate')}" in note, key


def test_every_second_hand_source_names_the_entries_it_was_seen_through():
    bib = entries()
    marked = {key for key, body in bib.items() if seen_through(body)}
    assert SECOND_HAND <= marked, SECOND_HAND - marked
    for key in marked:
        for through in seen_through(bib[key]):
            assert through in bib and through != key, (key, through)
            assert not seen_through(bib[through]), f"{key} is cited after {through}, itself second-hand"
    for key, body in bib.items():         # a note that says the source was not read marks it
        if re.search(r"not read by the project|not seen directly|knows it through", field(body, "note") or "", re.I):
            assert key in marked, key


def test_every_entry_a_source_is_seen_through_is_cited_so_the_bibliography_prints_it():
    cited = set()
    for path in glob.glob(os.path.join(ROOT, "book", "*.md")) + glob.glob(os.path.join(ROOT, "notebooks", "*.ipynb")):
        for keys in re.findall(r"\{cite[a-z:]*\}`([^`]+)`", open(path, encoding="utf-8").read()):
            cited.update(k.strip() for k in keys.split(","))
    for key, body in entries().items():
        for through in seen_through(body):
            assert through in cited, (key, through)


def test_every_web_address_is_a_full_url_with_the_day_it_was_read():
    for key, body in entries().items():
        mentions_web = re.search(r"https?://|github", body, re.I)
        url, urldate = field(body, "url"), field(body, "urldate")
        if mentions_web or url:
            assert url and re.fullmatch(r"https?://[^/\s]+\.[^/\s]+(/\S*)?", url), key
            assert urldate and datetime.date.fromisoformat(urldate) <= datetime.date.today(), key
        if url and "github.com" in url:       # a repository by its full address, not "owner/name" only
            assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+(/\S*)?", url), key


def citekeys_style():
    spec = importlib.util.spec_from_file_location("citekeys", os.path.join(ROOT, "book", "_ext", "citekeys.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.setup(None)                    # registers its label and sorting styles, as Sphinx does
    return module.CiteKeyStyle()


def test_the_book_style_prints_every_address_with_its_date_and_what_a_source_was_seen_through():
    from pybtex.database import parse_file
    bib = parse_file(BIB)
    printed = {e.key: e.text.render_as("text") for e in citekeys_style().format_entries(bib.entries.values())}
    for key, body in entries().items():
        if field(body, "url"):
            assert f"URL: {field(body, 'url')} (visited on {field(body, 'urldate')})" in printed[key], key
        through = seen_through(body)
        assert ("Cited after " + ", ".join(f"[{k}]" for k in through) in printed[key]) == bool(through), key


def test_the_built_bibliography_links_every_address_and_says_what_was_seen_through(built_book):
    page = html.unescape(open(built_book / "book" / "bibliography.html", encoding="utf-8").read())
    for key, body in entries().items():
        url = field(body, "url")
        if url:
            assert f'href="{url}"' in page, key
        if seen_through(body):
            assert "Cited after " + ", ".join(f"[{k}]" for k in seen_through(body)) in page, key


def test_the_printed_bibliography_spells_out_every_address(tmp_path):
    """The PDF is typeset from Sphinx's LaTeX builder: the bibliography alone, with the book's style, through that
    builder (seconds, where the whole book takes minutes) writes every address as a URL printed in full."""
    from sphinx.application import Sphinx
    (tmp_path / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {os.path.join(ROOT, 'book', '_ext')!r})\n"
        f"extensions = ['sphinxcontrib.bibtex', 'citekeys']\nbibtex_bibfiles = [{BIB!r}]\n"
        "bibtex_default_style = 'citekeys'\nbibtex_reference_style = 'label'\n", encoding="utf-8")
    (tmp_path / "index.rst").write_text("Sources\n=======\n\n.. bibliography::\n   :all:\n", encoding="utf-8")
    Sphinx(str(tmp_path), str(tmp_path), str(tmp_path / "latex"), str(tmp_path / "doctrees"), "latex",
           status=None, warning=None, freshenv=True).build()
    tex = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "latex").glob("*.tex"))
    printed = set(re.findall(r"\\sphinxurl\{((?:[^{}]|\{\})*)\}", tex))
    unescaped = {re.sub(r"\\([%&#_])", r"\1", u).replace("\\sphinxhyphen{}", "-") for u in printed}
    for key, body in entries().items():
        if field(body, "url"):
            assert field(body, "url") in unescaped, key
    assert tex.count("Cited after") == sum(bool(seen_through(b)) for b in entries().values())
