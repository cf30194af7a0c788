"""``book/references.bib`` can be checked by a researcher: every entry says where to find the source."""

from __future__ import annotations

import re
from urllib.parse import unquote

from helpers import BIB


def entries() -> dict[str, str]:
    text = open(BIB, encoding="utf-8").read()
    return {m.group(1): m.group(2) for m in re.finditer(r"^@\w+\{([^,\s]+),\n(.*?)^\}", text, re.M | re.S)}


def field(body: str, name: str) -> str | None:
    m = re.search(rf"^\s*{name}\s*=\s*\{{(.*)\}},?\s*$", body, re.M)
    return m.group(1) if m else None


def test_every_entry_has_an_address_or_says_where_a_copy_is():
    for key, body in entries().items():
        located = any(field(body, f) for f in ("url", "doi", "isbn"))
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
