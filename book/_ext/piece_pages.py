"""A section for every piece of a game, made from the engine's piece table when the book is built.

The directive ``piece-pages`` (argument: a variant id) writes one section per piece row, in the order of
the table, each with a stable anchor (:func:`shogi_rules.notation.piece_list.piece_anchor`: ``piece-<variant
id>-<code>``), its movement diagram (drawn by :func:`shogi_rules.diagrams.draw_piece_moves`, the
picture the chapters show) and its words: kanji with the reading in kana, romaji, English name, code and
Betza string, movement in words, a link to the explorer with the piece alone on the board and that board
live in the section (started by a click, or at once for the piece the page's address names: a page of many
pieces starts only the boards its reader asks for), promotion both
ways, special powers, the same piece in the other games, the rule choices that change it and its sources.

Search finds a piece by any of its names: each section carries index entries (which Sphinx's search
answers with the section's anchor) for its kanji, kana, romaji with and without macrons, English name
and code.

The diagrams are PNG files written to ``_images/pieces`` of the output, named by a hash of what they
show, so that a build after one that drew them draws only what changed.
"""

from __future__ import annotations

import hashlib
import math
import re
from pathlib import Path
from urllib.parse import quote

from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.errors import NoUri

from explorer import _board_html
from games import _package

IMAGES = "_images/pieces"
"""Where the diagrams go, relative to the output folder."""

DPI = 72
"""The resolution of the diagrams, raised where the smallest text needs it (see ``legible_dpi``)."""


def _draw(rules, code: str, out: Path, stem: str, salt: str) -> tuple[str, int, int]:
    """The file name and size in pixels of the diagram of ``code``, drawn unless already there."""
    from shogi_rules.diagrams import draw_piece_moves
    from shogi_rules.diagrams.board import figure_png
    from shogi_rules.diagrams.book import check_legible, legible_dpi

    kind = rules.variant.piece_by_code[code]
    digest = hashlib.sha1(f"{salt}{rules.variant.id}{kind!r}".encode()).hexdigest()[:10]
    name = f"{stem}-{digest}.png"
    target = out / name
    if not target.exists():
        fig = draw_piece_moves(rules, code)
        dpi = legible_dpi(fig, DPI)
        check_legible(fig, dpi)
        out.mkdir(parents=True, exist_ok=True)
        target.write_bytes(figure_png(fig, dpi=math.ceil(dpi)))  # rounded up, so that no text shrinks under the minimum
    from PIL import Image

    with Image.open(target) as img:
        return name, img.width, img.height


def _salt(root: Path) -> str:
    """What the diagrams depend on besides the piece row: the drawing code."""
    h = hashlib.sha1()
    for f in sorted((root / "shogi_rules" / "diagrams").glob("*.py")):
        h.update(f.read_bytes())
    return h.hexdigest()[:8]


def _choices_touching(variant, code: str) -> list[str]:
    """The rule choices whose options change the row ``code`` or whose example selects that piece."""
    kinds = variant.piece_by_code
    by_fen = {k.fen_code.upper(): k.code for k in variant.pieces}
    out = []
    for c in variant.rule_choices:
        touched = any(code in (o.effects.get("pieces") or {}) for o in c.options)
        if not touched and c.example is not None:
            sel = c.example.pieces.get(c.example.select, "")
            base = by_fen.get(sel.lstrip("+").upper())
            if base is not None:
                selected = kinds[base].promotes_to if sel.startswith("+") else base
                touched = selected == code
        if touched:
            out.append(c.id)
    return out


class PiecePages(Directive):
    """Every piece of one game, a section each (see the module's docstring)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        env = self.state.document.settings.env
        _package(env)
        from shogi_rules.diagrams.movement import betza_text
        from shogi_rules.model.kana import ascii_forms, hiragana
        from shogi_rules.model.movement import describe
        from shogi_rules.notation.piece_list import alone_position, piece_anchor
        from shogi_rules.compiled.variant import VARIANT_IDS, RuleSet, get_variant

        vid = self.arguments[0]
        if vid not in VARIANT_IDS:
            raise self.error(f"piece-pages: unknown variant {vid!r}")
        rules = RuleSet.of(vid)
        v = rules.variant
        rule_ids = {c.id for c in v.rule_choices}
        out = Path(env.app.builder.outdir) / IMAGES
        depth = env.docname.count("/")
        prefix = "../" * depth + IMAGES
        salt = _salt(Path(env.app.confdir))
        others = {o: get_variant(o) for o in VARIANT_IDS if o != vid}
        try:
            explorer = env.app.builder.get_relative_uri(env.docname, env.config.explorer_page)
        except NoUri:  # a builder without the explorer's page (the PDF's, when it reads the pages itself): the
            # address the HTML book gives it, which such a builder leaves out with the rest of the raw HTML
            explorer = "../" * depth + env.config.explorer_page + ".html"

        def link(game: str, code: str, text: str) -> str:
            page = "" if game == vid else f"{game}.html"
            return f'<a href="{page}#{piece_anchor(game, code)}">{text}</a>'

        ids = "|".join(re.escape(r) for r in sorted(rule_ids, key=len, reverse=True))
        mention = re.compile(rf"(?:rule choice )?({ids})(?![\w.-])") if rule_ids else None

        def words(text: str) -> str:
            """A note, its rule ids turned into links to their sections (in one pass, so that an id that
            begins another, heiandai.flying-dragon and heiandai.flying-dragon-promotion, links once)."""
            return mention.sub(lambda m: question(m.group(1)), text) if mention else text

        def question(rid: str) -> str:
            """A link to the section of a rule choice, its question as the text."""
            return f"{{ref}}`{v.rule_choice(rid).question} <{rid}>`"

        container = nodes.container()
        promoted_only = v.promoted_only
        intro = [
            f"Every piece of {v.name} ({v.kanji}) in the order of its piece table: {len(v.pieces)} pieces, "
            f"{len(promoted_only)} of them only reached by promotion. Each has a section of its own, whose address "
            "does not change (it is made from the game and the piece's code); the diagram is the one its chapter "
            "draws, read as {doc}`/book/reading-diagrams` explains, and the movement is shown under the game's "
            "default rules. The kana are the readings of the romaji.",
        ]
        self.state.nested_parse(StringList(intro, source=f"piece-pages {vid}"), self.content_offset, container)
        result: list[nodes.Node] = [*container.children]
        for k in v.pieces:
            anchor = piece_anchor(vid, k.code)
            kana = hiragana(k.romaji)
            plain = ascii_forms(k.romaji)
            section = nodes.section(ids=[anchor], names=[])
            section += nodes.title("", f"{k.kanji} {k.english}")
            index = addnodes.index(entries=[("single", term, anchor, "main", None) for term in dict.fromkeys(
                (k.kanji, kana, k.romaji, *plain, k.english, k.code))], inline=False)
            section += index
            name, width, height = _draw(rules, k.code, out, anchor, salt)
            alt = f"Movement diagram of the {k.english} ({k.kanji}) of {v.name}: {describe(k.atoms)}"
            entry = nodes.container(classes=["piece-entry"])
            # width and height given, so that a link to a piece further down lands there before the images load
            entry += nodes.raw("", f'<p class="piece-diagram"><img src="{prefix}/{name}" width="{width}" '
                               f'height="{height}" alt="{_attr(alt)}" loading="lazy"></p>', format="html")
            betza = betza_text(k)
            into = v.piece_by_code.get(k.promotes_to) if k.promotes_to else None
            froms = [p for p in v.pieces if p.promotes_to == k.code]
            alone = alone_position(vid, k.code)
            g = alone.geometry
            centre = g.square((v.files + 1) // 2, (v.ranks + 1) // 2)
            lines = [
                f"- **Kanji and reading:** {k.kanji} ({kana}), *{k.romaji}*"
                + (f" (typed without macrons: {', '.join(plain)})" if plain != (k.romaji,) else ""),
                f"- **English:** {k.english}",
                f"- **Code:** `{k.code}`" + (f" (in position strings `{k.fen}`)" if k.fen else "")
                + (f" · **Betza:** `{betza}`" if betza else ""),
                f"- **Moves:** {describe(k.atoms)}",
                f'- **Try it:** <a href="{explorer}?variant={vid}#fen={quote(alone.fen(), safe="/()")}">'
                "the piece alone on a live board</a>: click it to see where it may go",
                "- **Promotes to:** " + (link(vid, into.code, f"{into.kanji} {into.english}") if into
                                         else "does not promote"),
            ]
            if froms:
                lines.append("- **Promoted from:** " + ", ".join(link(vid, p.code, f"{p.kanji} {p.english}")
                                                                  for p in froms))
            powers = []
            if k.royal:
                powers.append("royal")
            if k.rank:
                powers.append(f"range-jumping rank {k.rank}")
            if k.burns:
                powers.append("burns the enemies next to it")
            if k.immobilises:
                powers.append("the enemies next to it cannot move")
            if k.converts_capturer_to:
                conv = v.piece_by_code[k.converts_capturer_to]
                powers.append("the piece that captures it becomes a "
                              + link(vid, conv.code, f"{conv.kanji} {conv.english}"))
            if powers:
                lines.append("- **Powers:** " + "; ".join(powers))
            same = [link(o, p.code, ov.name) for o, ov in others.items() for p in ov.pieces
                    if p.kanji == k.kanji]
            if same:
                lines.append("- **Also in:** " + ", ".join(same))
            choices = _choices_touching(get_variant(vid), k.code)
            if choices:
                lines.append("- **Rule choices that change it:** " + "; ".join(question(c) for c in choices))
            if k.sources:
                lines.append("- **Sources:** " + ", ".join(f"{{cite}}`{s}`" for s in k.sources))
            if k.note:
                lines.append(f"- **Note:** {words(k.note)}")
            body = nodes.container()
            self.state.nested_parse(StringList(lines, source=f"piece-pages {vid} {k.code}"), self.content_offset,
                                    body)
            entry += body.children
            section += entry
            # the piece alone on a live board, its moves shown; started when the reader asks (or opens its address)
            section += nodes.raw("", _board_html(
                {"variant": vid, "fen": alone.fen(), "select": g.fsf_name(centre), "start": "click",
                 "label": f"Show the {k.english} on a live board"},
                f"the {k.english} alone, its moves shown."), format="html")
            result.append(section)
        return result


def _attr(text: str) -> str:
    from html import escape

    return escape(text, quote=True)


CSS = """/* the pages of pieces: the diagram and the facts side by side where the column is wide enough */
.piece-entry { display: flex; flex-wrap: wrap; gap: 0 1.5rem; align-items: flex-start; }
.piece-entry > .piece-diagram { flex: 0 1 auto; margin: 0 0 1rem 0; max-width: 100%; }
.piece-entry > .piece-diagram img { max-width: 100%; height: auto; background: #fff; }
.piece-entry > ul { flex: 1 1 18rem; min-width: 0; margin-top: 0; }
"""


def _write_css(app, exc) -> None:
    if exc is None and app.builder.format == "html":
        static = Path(app.outdir) / "_static"
        static.mkdir(exist_ok=True)
        (static / "piece-pages.css").write_text(CSS, encoding="utf-8")


def setup(app):
    app.add_directive("piece-pages", PiecePages)
    app.add_css_file("piece-pages.css")
    app.connect("build-finished", _write_css)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
