"""The citable edition of the book: what makes a page of it citable, on the web and on paper.

This Sphinx extension

* reads the package's version and the book's address (``html.baseurl`` of ``_config.yml``, the one
  setting of the address) and puts both, with the date of the build, at the foot of every HTML page
  and on the title page of the PDF (the version also in the running head of every PDF page);
* adds "Cite this" to every rule-choice section (a plain-text citation and a BibTeX entry for the
  choice and for each of its options) and to every piece's section on its game's page of pieces,
  all made by :mod:`shogi_rules.apps.cite`, the function ``shogi-rules cite`` prints; and gives
  each option's entry in its section's list an anchor of its own (``#tenjiku-promotion-tsa``);
* makes the printed book (the LaTeX builder, ``jupyter-book build . --builder pdflatex``): Japanese
  fonts for xeCJK; the parts of the table of contents as LaTeX parts; no code the web page hides
  behind a click (``hide-input``, ``hide-output``, ``hide-cell``); a sentence instead of anything
  that only a browser can show (the live boards, the explorer); figures printed at 200 pixels an
  inch or more.

The date of the build is today's in UTC, or the one ``SOURCE_DATE_EPOCH`` gives (for reproducible builds).
"""

from __future__ import annotations

import html
import os
import sys
import time
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

PX_BP = 0.7
"""The PDF's CSS pixel, in PostScript points: 0.7, so about 103 to an inch (the web's are 96); figures carry
twice their CSS width in pixels (see ``shogi_rules.diagrams.book``), so printed they have at least 200 pixels
an inch (more where a figure wider than the text is scaled down)."""

HIDDEN_INPUT = {"input", "input+output", "all"}
HIDDEN_OUTPUT = {"output", "input+output", "all"}

PREAMBLE = r"""
% Latin text in DejaVu, kanji and kana in Noto CJK (xeCJK picks the font by character)
\setmainfont{DejaVu Serif}
\setsansfont{DejaVu Sans}
\setmonofont{DejaVu Sans Mono}[Scale=0.9]
\usepackage{xeCJK}
\setCJKmainfont{Noto Serif CJK JP}
\setCJKsansfont{Noto Sans CJK JP}
\setCJKmonofont{Noto Sans Mono CJK JP}
% quotes, dashes and the ellipsis stay Latin (xeCJK would set them full width)
\xeCJKDeclareCharClass{Default}{"2013, "2014, "2018, "2019, "201C, "201D, "2026, "00B7}
% the shogi players' marks and the star, which DejaVu Serif lacks, come from Noto CJK
\xeCJKDeclareCharClass{CJK}{"2605, "2606, "2616, "2617}
"""

LITERALS = r"""
\makeatletter
% inline code (rule ids, file names) may break after a dot or a slash (Sphinx), after a hyphen or an underscore
\protected\def\spxhyphenbreak#1{-\discretionary{}{}{}}
\renewcommand*{\sphinxhyphenininlineliteral}{\spxhyphenbreak}
\protected\def\spxunderscorebreak{\discretionary{\char`\_}{}{\char`\_}}
\let\spx@upquote@orig\sphinxupquote
\protected\def\sphinxupquote#1{{\let\_\spxunderscorebreak\spx@upquote@orig{#1}}}
\makeatother
% the citations of a section ("Cite this"): small, ragged right, words (rule ids) broken only at their hyphens
\newenvironment{sphinxclasscitethis}{\par\raggedright\small\hyphenpenalty=10000\relax}{\par}
"""


def _cite_module(app):
    root = str(Path(app.confdir))
    if root not in sys.path:
        sys.path.insert(0, root)
    from shogi_rules.apps import cite
    return cite


def build_date() -> str:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    return time.strftime("%Y-%m-%d", time.gmtime(int(epoch) if epoch else None))


def configure(app, config) -> None:
    cite = _cite_module(app)
    version = cite.package_version()
    address = cite.book_address()
    date = build_date()
    config.version = config.release = version
    config.today = f"Built {date}"
    if (config.html_baseurl or "").rstrip("/") + "/" != address:
        raise RuntimeError(f"html_baseurl {config.html_baseurl!r} is not the address shogi_rules.apps.cite reads ({address})")
    footer = (f'<p class="edition">shogi-rules {html.escape(version)} · built {date} · '
              f'<a href="{html.escape(address)}">{html.escape(address)}</a></p>')
    options = dict(config.html_theme_options or {})
    options["extra_footer"] = footer + (options.get("extra_footer") or "")
    config.html_theme_options = options
    # the theme's light or dark mode follows the reader's system until the reader picks one; left empty
    # (the theme reads it from the page context), it logs an error on every page ("invalid theme mode")
    # before it falls back to the same
    config.html_context = {"default_mode": "auto", **(config.html_context or {})}
    elements = dict(config.latex_elements or {})
    elements.setdefault("papersize", "a4paper")
    elements.setdefault("passoptionstopackages", r"\PassOptionsToPackage{bookmarksnumbered}{hyperref}")
    elements.setdefault("fontpkg", PREAMBLE)
    elements.setdefault("releasename", "Version")
    elements.setdefault("pxunit", f"{PX_BP}bp")
    elements.setdefault("printindex", "")
    elements.setdefault("extraclassoptions", "openany")
    elements.setdefault("secnumdepth", r"\setcounter{secnumdepth}{3}")
    repository = config.edition_repository
    elements["preamble"] = (elements.get("preamble", "") + LITERALS
                            + rf"\authoraddress{{\url{{{address}}}"
                            + (rf"\par Sources: \url{{{repository}}}" if repository else "") + "}\n")
    config.latex_elements = elements
    config.latex_show_urls = "footnote"


# --- "Cite this" ------------------------------------------------------------------------------------

def _details(title: str, citations) -> str:
    items = "".join(f'<div class="cite-entry" id="cite-{html.escape(c.key.replace(":", "-").replace(".", "-").lower())}">'
                    f"<p>{html.escape(c.text)}</p><pre>{html.escape(c.bibtex)}</pre></div>" for c in citations)
    return f'<details class="cite-this"><summary>{html.escape(title)}</summary>{items}</details>'


def _printed(intro: str, citations) -> list[nodes.Node]:
    """The citations as the PDF prints them: plain text, each in a paragraph of its own."""
    box = nodes.container(classes=["citethis"])
    box += nodes.paragraph("", intro)
    for c in citations:
        box += nodes.paragraph("", "", nodes.Text(c.text.removesuffix(c.url)), nodes.reference(c.url, c.url, refuri=c.url))
    return [nodes.rubric("", "Cite this"), box]


def _only(expr: str, children: list[nodes.Node]) -> addnodes.only:
    node = addnodes.only(expr=expr)
    node.extend(children)
    return node


def _option_items(section: nodes.section, option_ids: set[str]) -> dict[str, nodes.list_item]:
    """The list items of ``section`` that describe an option: their text starts with the option's id."""
    out: dict[str, nodes.list_item] = {}
    for item in section.findall(nodes.list_item):
        literal = next(item.findall(nodes.literal), None)
        if literal is not None and literal.astext() in option_ids and item.astext().startswith(literal.astext()):
            out.setdefault(literal.astext(), item)
    return out


def add_citations(app, doctree) -> None:
    cite = _cite_module(app)
    from shogi_rules.compiled.variant import VARIANT_IDS, get_variant

    docname = app.env.docname
    choices = {c.id.lower(): c for v in VARIANT_IDS for c in get_variant(v).rule_choices}
    for section in list(doctree.findall(nodes.section)):
        # the section labelled with the rule id, "(tenjiku.promotion)=" (its anchor: the id, hyphens for dots)
        choice = next((choices[n] for n in section["names"] if n in choices), None)
        if choice is None:
            continue
        page = get_variant(choice.id.partition(".")[0]).rules_page
        if page != docname:
            raise RuntimeError(f"the section of {choice.id} is in {docname}, but its variant's rules_page says {page}")
        items = _option_items(section, {o.id for o in choice.options})
        for option_id, item in items.items():
            item["ids"].append(cite.anchor(choice.id, option_id))
        readings = [cite.cite_rule(choice.id)] + [cite.cite_rule(f"{choice.id}={o.id}") for o in choice.options]
        for o, c in zip(choice.options, readings[1:]):
            if o.id not in items:  # the option's entry in the citations carries its anchor
                c_anchor = cite.anchor(choice.id, o.id)
                section.append(nodes.target("", "", ids=[c_anchor]))
        section.append(_only("html", [nodes.raw("", _details("Cite this choice or one of its options", readings),
                                                    format="html")]))
        section.append(_only("latex", _printed(
            "The choice and each option, as shogi-rules cite prints them (with a BibTeX entry):", readings)))
    from shogi_rules.notation.piece_list import PIECE_PAGES, piece_anchor

    vid = docname.rpartition("/")[2]
    if docname == f"{PIECE_PAGES}/{vid}" and vid in VARIANT_IDS:
        # each piece's section on its game's page of pieces ends with its citation
        kinds = {piece_anchor(vid, k.code): k for k in get_variant(vid).pieces}
        cited = 0
        for section in list(doctree.findall(nodes.section)):
            kind = next((kinds[i] for i in section["ids"] if i in kinds), None)
            if kind is None:
                continue
            c = cite.cite_piece(vid, kind.code)
            section.append(_only("html", [nodes.raw("", _details("Cite this piece", [c]), format="html")]))
            if not cited:
                section.append(_only("latex", _printed(
                    f"A piece is cited by its game and code, at its section of this page; the web edition gives "
                    f"the citation under each piece. For example, as shogi-rules cite {vid} {kind.code} prints it "
                    "(with a BibTeX entry):", [c])))
            cited += 1
        if cited != len(kinds):
            raise RuntimeError(f"{docname} has {cited} of the {len(kinds)} piece sections where its pieces are cited")


class CiteThis(SphinxDirective):
    """``{cite-this} ID[=OPTION]``, ``{cite-this} VARIANT PIECE-CODE`` or ``{cite-this} book``: the
    plain-text citation and the BibTeX entry that ``shogi-rules cite`` prints for the same words."""

    required_arguments = 1
    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        c = _cite_module(self.env.app).cite(*self.arguments)
        text = nodes.literal_block(c.text, c.text, language="text")
        bibtex = nodes.literal_block(c.bibtex, c.bibtex, language="bibtex")
        return [text, bibtex]


# --- the printed book -------------------------------------------------------------------------------

def add_parts(app, doctree) -> None:
    """In the PDF, each captioned table of contents of the front page starts a LaTeX part."""
    if app.env.docname != app.config.root_doc:
        return
    for toctree in list(doctree.findall(addnodes.toctree)):
        caption = toctree.get("caption")
        if not caption:
            continue
        wrapper = toctree.parent if isinstance(toctree.parent, nodes.compound) else toctree
        part = _only("latex", [nodes.raw("", rf"\part{{{caption}}}", format="latex")])
        wrapper.parent.insert(wrapper.parent.index(wrapper), part)


class PrintedCells(SphinxPostTransform):
    """The PDF leaves out what a web page hides behind a click, and says where a web page shows
    something only a browser can (a live board, the explorer)."""

    default_priority = 199
    formats = ("latex",)

    def run(self, **kwargs) -> None:
        for cell in list(self.document.findall(nodes.container)):
            mode = cell.get("hide_mode")
            if cell.get("nb_element") != "cell_code" or not mode:
                continue
            for child in list(cell.children):
                part = child.get("nb_element")
                if (part == "cell_code_source" and mode in HIDDEN_INPUT) or (
                        part == "cell_code_output" and mode in HIDDEN_OUTPUT):
                    cell.remove(child)
            if not cell.children:
                cell.parent.remove(cell)
        for table in self.document.findall(nodes.table):
            _fit(table)
        for raw in list(self.document.findall(nodes.raw)):
            if "html" in raw.get("format", "").split() and "shogi-live" in raw.astext():
                what = ("the explorer" if 'data-mode="explorer"' in raw.astext()
                        else "a live board, which runs the engine in the browser,")
                raw.replace_self(nodes.paragraph("", "", nodes.emphasis(
                    "", f"The web edition of the book has {what} here.")))


LINE_CHARS = 90
"""About how many characters of table text a printed line holds."""


def _fit(table: nodes.table) -> None:
    """Give a table too wide for the page columns that wrap their text, each as wide as its longest cell
    needs (4 to 40 characters): LaTeX would otherwise set it in one line a row, past the margin."""
    specs = list(table.findall(nodes.colspec))
    if not specs:
        return
    widths = [4] * len(specs)  # no column narrower than a number of three digits
    for row in table.findall(nodes.row):
        for i, entry in enumerate(row.children[:len(widths)]):
            widths[i] = max(widths[i], min(len(entry.astext()), 40))
    if sum(widths) + 3 * len(widths) > LINE_CHARS:
        for spec, width in zip(specs, widths):
            spec["colwidth"] = width
        table["classes"] = [c for c in table["classes"] if c != "colwidths-auto"] + ["colwidths-given"]


def setup(app):
    app.add_config_value("edition_repository", "", "env")
    app.connect("config-inited", configure)
    app.connect("doctree-read", add_citations)
    app.connect("doctree-read", add_parts)
    app.add_post_transform(PrintedCells)
    app.add_directive("cite-this", CiteThis)
    app.add_css_file("edition.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
