"""The live book: the engine itself, running in the reader's browser.

This Sphinx extension

* puts a live board into pages: the start position into each variant's chapter (the page
  :attr:`Variant.chapter_page`, at the end of its set-up section), and an example position with the
  choice's options into each rule-choice section (any section labelled with a rule id, such as
  ``(tenjiku.promotion)=``), and a sample record, on its start with its moves ahead, into the pages
  of :data:`REPLAYS`; ``book/explorer.md`` holds the full explorer;
* writes, when the build has finished, everything those boards need into ``_static/explorer/``:
  Pyodide (from ``book/explorer/node_modules``, installed by ``npm ci --prefix book/explorer`` from
  the committed lock file), the package ``shogi_rules`` zipped from this checkout (the same source
  that the tests run; no second implementation), and ``engine.json``: the variants, their rule
  choices with each option's sources and the URL of the choice's section, and the sample game
  records with a rule set under which each replays to its end;
* adds ``explorer.html`` at the root of the site, which forwards to the explorer page with its query
  and fragment, so that ``explorer.html?variant=wa`` works as a short link.

Nothing here knows a rule: variant ids, rule ids, options and sources are read from the engine.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

from docutils import nodes

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")
PACKAGE_EXCLUDED = ("diagrams", "tools", "__pycache__")
"""Left out of the browser's copy of the package: the matplotlib drawings and the benchmark."""

def _engine(app):
    root = Path(app.confdir)
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    import shogi_rules
    from shogi_rules import Position, RuleSet, get_variant
    from shogi_rules.compiled.variant import VARIANT_IDS
    return shogi_rules, Position, RuleSet, get_variant, VARIANT_IDS


def _board_html(attrs: dict[str, str], text: str) -> str:
    data = " ".join(f'data-{k}="{html.escape(v, quote=True)}"' for k, v in attrs.items() if v)
    return (f'<div class="shogi-live" {data}><p class="shogi-live-status">Live board: {html.escape(text)} '
            "It needs JavaScript; the engine loads when the board comes into view.</p></div>")


def _fen_token(rs, code: str) -> str:
    for t in rs.tables.types:  # the piece as set up, else as a promoted piece
        if t is not None and t.kind.code == code and (t.code == code or t.promoted):
            return t.fen.upper()
    raise ValueError(f"no piece {code!r} in {rs.id}")


def _rule_example(app, rule_id: str) -> dict[str, str]:
    _engine(app)
    return rule_board(rule_id)


def _legal(variant_id: str, pieces: dict[str, str], rules: dict[str, str]) -> bool:
    from shogi_rules import Position
    from shogi_rules.model.errors import FenError
    try:
        Position.from_pieces(variant_id, pieces, rules=rules)
    except FenError:
        return False
    return True


def rule_board(rule_id: str) -> dict[str, str]:
    """The board of one rule-choice section (its ``data-`` attributes): a configured example, else the
    pieces its options change, else (a set-up or a game rule without an example) the start position."""
    from shogi_rules import Position, RuleSet, get_variant
    variant_id = rule_id.split(".")[0]
    choice = get_variant(variant_id).rule_choice(rule_id)
    example = choice.example
    if example is not None:
        spec = {"pieces": example.pieces, "select": example.select, "moves": example.moves}
    else:
        codes = sorted({code for o in choice.options for code in o.effects.get("pieces", {})})
        if not codes:  # the set-up or a game rule: the start position shows it
            return {"variant": variant_id, "rule": rule_id}
        rs = RuleSet.of(variant_id)
        g = Position(rs).geometry
        middle = (g.files + 1) // 2
        squares = [g.name(g.square(middle + 3 * (i % 2 * 2 - 1) * ((i + 1) // 2), (g.ranks + 1) // 2))
                   for i in range(len(codes))]
        king = next(t.fen for t in rs.tables.types if t is not None and t.royal and not t.promoted)
        pieces = {sq: _fen_token(rs, code) for sq, code in zip(squares, codes)}
        # the kings in the corners of their last ranks, or as near as they can be without a check under any option
        for file in range(1, g.files + 1):
            kings = {g.name(g.square(g.files + 1 - file, g.ranks)): king.upper(), g.name(g.square(file, 1)): king.lower()}
            spec = {"pieces": {**kings, **pieces}, "select": squares[0]}
            if all(_legal(variant_id, spec["pieces"], {rule_id: o.id}) for o in choice.options):
                break
    pos = Position.from_pieces(variant_id, spec["pieces"])
    return {"variant": variant_id, "rule": rule_id, "fen": pos.fen(), "moves": ",".join(spec.get("moves", ())),
            "select": pos.geometry.fsf_name(pos.geometry.parse(spec["select"]))}


REPLAYS = {"notebooks/tenjiku-game": "tenjiku_article_game"}
"""Pages that show a sample record on a live board: page -> the record's id (its file name's stem)."""


def _replay_board(app, record_id: str) -> dict[str, str]:
    """A board on the start of a sample record, with its moves ahead and the rules under which it replays."""
    from shogi_rules import Position
    from shogi_rules.notation.records import read_record
    r = next(r for r in _records(app) if r["id"] == record_id)
    pos = Position(r["variant"], rules=r["rules"])
    names = []
    for text in read_record(r["text"]):
        move = pos.parse_move(text)
        names.append(pos.move_name(move, "fsf"))
        pos.push(move)
    return {"variant": r["variant"], "rules": ",".join(f"{k}:{v}" for k, v in r["rules"].items()),
            "moves": ",".join(names), "ply": "0"}


def _rule_labels(app) -> dict[str, tuple[str, str]]:
    """Rule id -> (docname, anchor) of its section, from the labels Sphinx collected."""
    _, _, _, get_variant, variant_ids = _engine(app)
    labels = app.env.domaindata["std"]["labels"]
    out = {}
    for vid in variant_ids:
        for c in get_variant(vid).rule_choices:
            found = labels.get(c.id.lower())
            if found:
                out[c.id] = (found[0], found[1])
    return out


def inject_boards(app, doctree, docname: str) -> None:
    """Add the live boards of ``docname`` (a variant chapter, or a chapter with rule-choice sections)."""
    _, _, _, get_variant, variant_ids = _engine(app)
    boards = 0
    rules = {anchor: rid for rid, (doc, anchor) in _rule_labels(app).items() if doc == docname}
    for section in list(doctree.findall(nodes.section)):
        ids = set(section["ids"])
        hit = ids & set(rules)
        if hit:
            rule_id = rules[hit.pop()]
            section.append(nodes.raw("", _board_html(_rule_example(app, rule_id), "the example, under each option."),
                                     format="html"))
            boards += 1
    record = REPLAYS.get(docname)
    if record is not None:  # the page's game, to step through: at the end of the page's first section
        top = next(iter(doctree.findall(nodes.section)), None)
        first = next((s for s in (top.children if top else []) if isinstance(s, nodes.section)), top)
        if first is not None:
            first.append(nodes.raw("", _board_html(_replay_board(app, record), "the game, to step through move by move."),
                                   format="html"))
            boards += 1
    vid = next((v for v in variant_ids if get_variant(v).chapter_page == docname), None)
    if vid is not None:
        top = next(iter(doctree.findall(nodes.section)), None)
        subsections = [s for s in (top.children if top else []) if isinstance(s, nodes.section)]
        setup = next((s for s in subsections if any(w in s[0].astext().lower() for w in ("set-up", "setup",
                                                                                         "starting position"))),
                     subsections[0] if subsections else top)
        if setup is not None:
            setup.append(nodes.raw("", _board_html({"variant": vid}, "the start position, to play from."),
                                   format="html"))
            boards += 1
    # boards that other extensions put in the page (the pages of pieces)
    boards += sum('class="shogi-live"' in n.astext() for n in doctree.findall(nodes.raw))
    if boards or docname == app.config.explorer_page:
        app.env.explorer_pages = getattr(app.env, "explorer_pages", set()) | {docname}


def boards_outdated(app, env, added, changed, removed) -> list[str]:
    """Pages with live boards are read again on every build, so that their boards follow the engine."""
    _, _, _, get_variant, variant_ids = _engine(app)
    docs = ({doc for doc, _ in _rule_labels(app).values()} | {get_variant(v).chapter_page for v in variant_ids}
            | set(REPLAYS))
    return sorted(docs & (env.found_docs - added - changed - removed))


def one_of_each_script(app, pagename, templatename, context, doctree) -> None:
    """sphinx-thebe adds its inline settings (``const THEBE_JS_URL = …``) each time documents are read, and
    the live boards' pages are read on every build: a second copy is a page error on every page. Keep the
    first of each script (by its file, or by its text where it is inline)."""
    seen, scripts = set(), []
    for js in context.get("script_files", []):
        attributes = getattr(js, "attributes", {}) or {}
        key = (getattr(js, "filename", str(js)), attributes.get("body"))
        if key not in seen:
            seen.add(key)
            scripts.append(js)
    context["script_files"][:] = scripts  # in place: the builder adds a page's own scripts to this list


_INLINE_SCRIPT = re.compile(r"[ \t]*<script>(?:(?!</script>).)*</script>\n?", re.S)


def drop_repeated_inline_scripts(app, exception) -> None:
    """The written pages keep one copy of each inline script. sphinx-thebe registers its settings
    (``const THEBE_JS_URL = …``) as often as its set-up runs, and the theme repeats an inline script of
    its own; a second ``const`` of one name is a page error. :func:`one_of_each_script` removes the
    repeats it is shown, this removes those added after it, in the files as written."""
    if exception is not None or app.builder.format != "html":
        return
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        seen: set[str] = set()

        def once(m: re.Match) -> str:
            body = m.group(0).strip()
            if body in seen:
                return ""
            seen.add(body)
            return m.group(0)

        kept = _INLINE_SCRIPT.sub(once, text)
        if kept != text:
            page.write_text(kept, encoding="utf-8")


def add_assets(app, pagename, templatename, context, doctree) -> None:
    if pagename in getattr(app.env, "explorer_pages", set()) or pagename == app.config.explorer_page:
        app.add_css_file("explorer/explorer.css")
        app.add_js_file("explorer/explorer.js", type="module")


def _records(app) -> list[dict]:
    from shogi_rules.notation.records import check_record, read_record, replay
    _, _, RuleSet, get_variant, variant_ids = _engine(app)
    out = []
    for variant_id, record in ((v, r) for v in variant_ids for r in get_variant(v).records):
        path = Path(app.confdir) / record.path
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        moves = read_record(text)
        # the defaults if the record replays under them, else the first rule set under which it does
        verdicts = [{"legal": True, "rules": {}}] if replay(variant_id, moves).legal else [
            {"legal": b.legal, "rules": b.example} for b in check_record(variant_id, moves).branches]
        legal = next((v for v in verdicts if v["legal"]), None)
        out.append({"id": path.stem, "variant": variant_id, "title": record.title, "text": text,
                    "rules": RuleSet.of(variant_id, legal["rules"]).non_default() if legal else {}, "plies": len(read_record(text))})
    return out


def engine_data(app, builder) -> dict:
    """What the page shows before the engine has loaded: variants, rule choices, sources, anchors, records."""
    _, Position, _, get_variant, variant_ids = _engine(app)
    labels = _rule_labels(app)
    variants = []
    for vid in variant_ids:
        v = get_variant(vid)
        choices = []
        for c in v.rule_choices:
            doc, anchor = labels.get(c.id, (None, None))
            choices.append({"id": c.id, "question": c.question, "default": c.default,
                            "href": builder.get_target_uri(doc) + "#" + anchor if doc else None,
                            "options": [{"id": o.id, "summary": o.summary, "sources": list(o.sources)}
                                        for o in c.options]})
        variants.append({"id": v.id, "name": v.name, "kanji": v.kanji, "files": v.files, "ranks": v.ranks,
                         "drops": v.drops, "start": Position(vid).fen(), "choices": choices,
                         "chapter": builder.get_target_uri(v.chapter_page)
                         if v.chapter_page in app.env.found_docs else None})
    return {"variants": variants, "records": _records(app),
            "explorer": builder.get_target_uri(app.config.explorer_page),
            "bibliography": builder.get_target_uri("book/bibliography")
            if "book/bibliography" in app.env.found_docs else None}


def write_assets(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir) / "_static" / "explorer"
    pyodide = Path(app.confdir) / "book" / "explorer" / "node_modules" / "pyodide"
    missing = [f for f in PYODIDE_FILES if not (pyodide / f).is_file()]
    if missing:
        raise RuntimeError(f"Pyodide is not installed in {pyodide} (missing {', '.join(missing)}): "
                           "run `npm ci --prefix book/explorer` first")
    (out / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(pyodide / name, out / "pyodide" / name)
    package = Path(app.confdir) / "shogi_rules"
    with zipfile.ZipFile(out / "shogi_rules.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(package.rglob("*.py")):
            rel = path.relative_to(package)
            if not any(part in PACKAGE_EXCLUDED for part in rel.parts):
                zf.write(path, "shogi_rules/" + rel.as_posix())
    (out / "engine.json").write_text(json.dumps(engine_data(app, app.builder), ensure_ascii=False), encoding="utf-8")
    target = app.builder.get_target_uri(app.config.explorer_page)
    (Path(app.outdir) / "explorer.html").write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>shogi-rules explorer</title>'
        f'<script>location.replace("{target}" + location.search + location.hash)</script></head>'
        f'<body><p><a href="{target}">The explorer</a></p></body></html>\n', encoding="utf-8")


def setup(app):
    app.add_config_value("explorer_page", "book/explorer", "env")
    app.connect("config-inited", lambda app, config: config.html_static_path.append(str(STATIC)))
    app.connect("env-get-outdated", boards_outdated)
    app.connect("doctree-resolved", inject_boards)
    app.connect("html-page-context", add_assets)
    # early: a later handler that returns a template name ends the event
    app.connect("html-page-context", one_of_each_script, priority=100)
    app.connect("build-finished", write_assets)
    app.connect("build-finished", drop_repeated_inline_scripts)
    return {"parallel_read_safe": True, "parallel_write_safe": False}
