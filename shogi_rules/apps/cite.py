"""How to cite a reading of a rule, or a piece, of this version of the rule book.

One function makes the text for the book (each rule-choice section and each variant's pieces section
shows it) and for the command line (``shogi-rules cite ID[=OPTION]``, ``shogi-rules cite VARIANT
PIECE-CODE``): a short plain-text citation and a BibTeX entry, each with the title, the package's
version, the date of that version and the full address of the section, anchor included::

    >>> c = cite_rule("wa.drops=modern", address="https://example.org/book/")
    >>> c.url
    'https://example.org/book/notebooks/rules-shogi-family.html#wa-drops-modern'
    >>> c.key
    'shogi-rules:wa.drops:modern'

The address of the book is one setting, ``html.baseurl`` in the checkout's ``_config.yml``, where the
book's build reads it too; the title is that file's ``title``. The date is :data:`RELEASED`, the date
the book's changelog gives the version.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..model.errors import PieceError, ShogiRulesError, UnknownRuleError, quote
from ..notation.piece_list import piece_url
from ..compiled.variant import VARIANT_IDS, get_variant

RELEASED = "2026-12-05"
"""The date of the package's version (ISO 8601), as the book's changelog and ``CITATION.cff`` give it."""

AUTHOR = "The shogi-rules authors"

CONFIG = Path(__file__).resolve().parent.parent.parent / "_config.yml"


@dataclass(frozen=True)
class Citation:
    key: str
    """The BibTeX key: ``shogi-rules:RULE-ID[:OPTION]`` or ``shogi-rules:VARIANT:PIECE-CODE``."""
    title: str
    url: str
    text: str
    """The short plain-text citation."""
    bibtex: str

    def __str__(self) -> str:
        return f"{self.text}\n\n{self.bibtex}"


def anchor(*parts: str) -> str:
    """The HTML anchor made from ids as Sphinx makes it from a label: lower case, every run of other
    characters than letters and digits one hyphen (``anchor("tenjiku.promotion", "tsa")`` is
    ``'tenjiku-promotion-tsa'``)."""
    return re.sub(r"[^a-z0-9]+", "-", "-".join(parts).lower()).strip("-")


def config_setting(key: str, path: Path = CONFIG) -> str | None:
    """A setting of the book's ``_config.yml``: ``"title"`` at the top or ``"html.baseurl"`` one level
    down (the two-level subset of YAML that file uses; ``None`` when it is not there)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    *outer, name = key.split(".")
    block = None
    for line in lines:
        m = re.match(r"^(\s*)([A-Za-z_][\w-]*):\s*(.*?)\s*$", line)
        if not m or line.lstrip().startswith("#"):
            continue
        indent, k, value = m.groups()
        if not indent:
            block = k
        if k == name and ((not outer and not indent) or (outer == [block] and indent)):
            value = re.sub(r"\s+#.*$", "", value)
            return value.strip("\"'") or None
    return None


def book_address() -> str:
    """The address the book is published at (``html.baseurl`` of ``_config.yml``), ending in ``/``."""
    address = config_setting("html.baseurl")
    if not address:
        raise ShogiRulesError(f"the book's address is not set: html.baseurl in {CONFIG} (a checkout of the project "
                              "has it)")
    return address.rstrip("/") + "/"


def book_title() -> str:
    return config_setting("title") or "shogi-rules"


def package_version() -> str:
    """The installed package's version (its metadata, else the checkout's ``pyproject.toml``)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("shogi-rules")
    except PackageNotFoundError:
        text = (CONFIG.parent / "pyproject.toml").read_text(encoding="utf-8")
        m = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M)
        if m is None:
            raise ShogiRulesError("the package's version is not known") from None
        return m.group(1)


def _citation(key: str, title: str, page: str, fragment: str, address: str | None) -> Citation:
    url = f"{address or book_address()}{page}.html#{fragment}"
    version, book = package_version(), book_title()
    text = f"{AUTHOR}. {title}. In: {book}, version {version}, {RELEASED}. {url}"
    bibtex = "\n".join([
        f"@misc{{{key},",
        f"  author       = {{{{{AUTHOR}}}}},",
        f"  title        = {{{{{title}}}}},",
        f"  howpublished = {{{book}}},",
        f"  version      = {{{version}}},",
        f"  date         = {{{RELEASED}}},",
        f"  year         = {{{RELEASED[:4]}}},",
        f"  url          = {{{url}}},",
        "}",
    ])
    return Citation(key, title, url, text, bibtex)


def cite_rule(reading: str, address: str | None = None) -> Citation:
    """The citation of a rule choice (``"tenjiku.promotion"``) or of one of its options
    (``"tenjiku.promotion=tsa"``), at ``address`` (default: :func:`book_address`)."""
    rule_id, sep, option_id = reading.partition("=")
    variant_id = rule_id.partition(".")[0]
    if variant_id not in VARIANT_IDS:
        raise UnknownRuleError(f"no rule choice {quote(reading)}: a rule id starts with a variant id "
                               f"({', '.join(VARIANT_IDS)})")
    variant = get_variant(variant_id)
    choice = variant.rule_choice(rule_id)
    if sep:
        option = choice.option(option_id)
        title = f"{variant.name}, rule choice {choice.id}, option {option.id}"
        return _citation(f"shogi-rules:{choice.id}:{option.id}", title, variant.rules_page,
                         anchor(choice.id, option.id), address)
    return _citation(f"shogi-rules:{choice.id}", f"{variant.name}, rule choice {choice.id}", variant.rules_page,
                     anchor(choice.id), address)


def cite_piece(variant_id: str, code: str, address: str | None = None) -> Citation:
    """The citation of the piece with TSA code ``code`` of a variant (its section on the game's page of
    pieces, :func:`~shogi_rules.notation.piece_list.piece_url`)."""
    variant = get_variant(variant_id)
    kind = variant.piece_by_code.get(code)
    if kind is None:
        raise PieceError(f"{variant.id} has no piece {quote(code)} (its codes: shogi-rules pieces {variant.id})")
    title = f"{variant.name}, piece {kind.code}: {kind.english} ({kind.kanji})"
    page, _, fragment = piece_url(variant.id, kind.code).removesuffix(".html").partition(".html#")
    return _citation(f"shogi-rules:{variant.id}:{kind.code}", title, page, fragment, address)


def cite_book(address: str | None = None) -> Citation:
    """The citation of the whole book and package, at its front page."""
    url, version, title = address or book_address(), package_version(), book_title()
    text = f"{AUTHOR}. {title}. Python package and Jupyter Book, version {version}, {RELEASED}. {url}"
    bibtex = "\n".join([
        "@software{shogi-rules,",
        f"  author  = {{{{{AUTHOR}}}}},",
        f"  title   = {{{{{title}}}}},",
        f"  version = {{{version}}},",
        f"  date    = {{{RELEASED}}},",
        f"  year    = {{{RELEASED[:4]}}},",
        "  license = {MIT},",
        f"  url     = {{{url}}},",
        "  note    = {Python package and Jupyter Book},",
        "}",
    ])
    return Citation("shogi-rules", title, url, text, bibtex)


def cite(*what: str, address: str | None = None) -> Citation:
    """``cite("ID[=OPTION]")``, ``cite("VARIANT", "PIECE-CODE")`` or ``cite("book")``: the arguments of
    ``shogi-rules cite``."""
    if what == ("book",):
        return cite_book(address)
    if len(what) == 1:
        return cite_rule(what[0], address)
    if len(what) == 2:
        return cite_piece(what[0], what[1], address)
    raise ShogiRulesError(f"cite takes ID[=OPTION] or VARIANT PIECE-CODE, not {len(what)} arguments")
