"""The live book in a real browser: the explorer page and the live boards of the chapters.

Debian's Chromium (``/usr/bin/chromium``), driven headless by pip's ``playwright`` (which is told
where the browser is, and never downloads one), reads the book built once per session
(``built_book`` in ``tests/conftest.py``) from a local HTTP server, with every request to another
host refused, so the site must work offline. The engine in the page is Pyodide running the package
zipped from this checkout; its answers are compared with the command line's.

The start-up and move-generation times are printed (``pytest -s``) for the record, not asserted:
the only limits are generous hang guards.
"""

from __future__ import annotations

import contextlib
import io
import re
import time
import zipfile
from pathlib import Path

import pytest

from shogi_rules import VARIANT_IDS, Position, ShogiRulesError, get_variant
from shogi_rules.apps.cli import main as cli_main
from shogi_rules.notation.records import check_record, read_record, replay
from helpers import played_names

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
HANG = 120_000
"""Milliseconds after which a wait counts as a hang (not a speed limit)."""
TENJIKU_GAME = ROOT / "tests" / "data" / "tenjiku_article_game.txt"
# The range jumpers' example of the Tenjiku rule chapter: sente's rook general on 8m.
RANGE = {"16p": "K", "1a": "k", "8m": "RG", "8l": "P", "8k": "p", "8j": "G", "8i": "s", "8f": "bg", "8c": "p"}


def cli(*args: str) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli_main(list(args)) in (0, None)
    return out.getvalue().splitlines()


def rule_args(rules: dict[str, str]) -> list[str]:
    return [a for k, v in rules.items() for a in ("--rule", f"{k}={v}")]


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium fonts-noto-cjk")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-quic",
                                                              "--disable-background-networking"])
        yield b
        b.close()


@pytest.fixture
def page(browser, served_book):
    """A fresh page whose requests may go to the local server only."""
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    refused = []

    def only_local(route):
        if route.request.url.startswith(served_book):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    context.route("**/*", only_local)
    pg = context.new_page()
    errors, failed = [], []
    pg.page_errors = []  # every page error, for the test that a page loads without one
    pg.on("pageerror", lambda e: pg.page_errors.append(str(e)))
    pg.console_errors = []  # every message the page logs as an error, for the same test
    pg.on("console", lambda m: m.type == "error" and pg.console_errors.append(m.text))
    # the theme's settings declare THEBE_JS_URL twice (test_a_page_loads_without_errors_or_missing_files)
    pg.on("pageerror", lambda e: "THEBE_JS_URL" in str(e) or errors.append(str(e)))
    pg.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    pg.refused = refused
    pg.failed = failed
    yield pg
    context.close()
    assert not errors, errors
    assert not failed, failed


def open_explorer(page, base: str, query: str = "variant=shogi") -> float:
    """Open the explorer; wait for the engine; return the seconds from navigation to ``ready``."""
    start = time.monotonic()
    page.goto(f"{base}book/explorer.html?{query}")
    assert "Loading the engine" in page.inner_text(".shogi-live")  # the page says so while it loads
    page.evaluate("window.shogiRules.ready")
    seconds = time.monotonic() - start
    page.wait_for_selector('[data-testid="board"]', timeout=HANG)
    return seconds


def idle(page) -> None:
    """Wait until no board is working on a click (the board's queue is empty)."""
    page.wait_for_function("() => !document.querySelector('.shogi-live[data-busy]')", timeout=HANG)


def click(page, selector: str) -> None:
    page.click(selector)
    idle(page)


def squares_of(page, selector: str) -> set[str]:
    return set(page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.square)"))


# --- the contract against the command line ---------------------------------------------------------------
def test_contract_answers_as_the_command_line_for_every_variant(page, served_book):
    seconds = open_explorer(page, served_book)
    print(f"\nengine ready {seconds:.1f} s after navigation")
    page.wait_for_function("() => window.shogiRules.startup.warm", timeout=HANG)
    startup = page.evaluate("window.shogiRules.startup")
    print("worker start-up (ms): " + ", ".join(f"{k} {v:.0f}" for k, v in startup.items() if k != "warmed")
          + "; tables compiled (ms): " + ", ".join(f"{k} {v:.0f}" for k, v in startup["warmed"].items()))
    assert not page.refused
    for vid in VARIANT_IDS:
        v = get_variant(vid)
        # a non-default rule set where the variant has choices: the last option of its first choice
        rules = {v.rule_choices[0].id: v.rule_choices[0].options[-1].id} if v.rule_choices else {}
        for notation in ("fsf", "usi", "western"):
            got = page.evaluate("a => window.shogiRules.legalMoves(a)",
                                {"variant": vid, "fen": None, "rules": rules, "notation": notation})
            assert got == cli("moves", vid, "--notation", notation, *rule_args(rules)), (vid, notation)
        # a position after a few moves, given as a FEN
        pos = Position(vid, rules=rules)
        for _ in range(4):
            pos.push(pos.legal_moves()[len(pos.legal_moves()) // 2])
        fen = pos.fen()
        t = time.monotonic()
        got = page.evaluate("a => window.shogiRules.legalMoves(a)",
                            {"variant": vid, "fen": fen, "rules": rules, "notation": "fsf"})
        print(f"{vid}: legal moves of a new position in {1000 * (time.monotonic() - t):.0f} ms")
        assert got == cli("moves", vid, "--fen", fen, *rule_args(rules))
        depth = 2 if v.files > 9 else 3
        assert page.evaluate("a => window.shogiRules.perft(a)", {"variant": vid, "fen": fen, "rules": rules,
                                                                 "depth": depth}) \
            == int(cli("perft", vid, str(depth), "--fen", fen, *rule_args(rules))[-1])
        moves = played_names(pos, "fsf")
        assert page.evaluate("a => window.shogiRules.play(a)", {"variant": vid, "rules": rules, "moves": moves}) == fen
        # an illegal move: rejected, and the message names it
        bad = moves[:2] + [moves[0]]
        message = page.evaluate("""a => window.shogiRules.play(a).then(() => "resolved", e => e.message)""",
                                {"variant": vid, "rules": rules, "moves": bad})
        assert message.startswith(f"move 3 ({moves[0]})"), message


def test_legal_moves_are_quick_once_ready(page, served_book):
    """Timings for the record: every variant's start, then a new position, in one page."""
    open_explorer(page, served_book)
    for vid in VARIANT_IDS:
        ms = page.evaluate("""async v => { const t = performance.now();
            await window.shogiRules.legalMoves({variant: v, fen: null, rules: {}, notation: "fsf"});
            const first = performance.now() - t, u = performance.now();
            await window.shogiRules.legalMoves({variant: v, fen: null, rules: {}, notation: "fsf"});
            return [first, performance.now() - u]; }""", vid)
        print(f"\n{vid}: first call {ms[0]:.0f} ms, next {ms[1]:.0f} ms", end="")


# --- the board ------------------------------------------------------------------------------------------------
def test_url_opens_the_variant_and_a_click_shows_the_destinations(page, served_book):
    page.goto(f"{served_book}explorer.html?variant=tenjiku")  # the short link at the root forwards
    page.wait_for_url("**/book/explorer.html?variant=tenjiku", timeout=HANG)
    page.evaluate("window.shogiRules.ready")
    page.wait_for_selector('[data-testid="board"]', timeout=HANG)
    pos = Position("tenjiku")
    g = pos.geometry
    assert len(squares_of(page, '[data-testid="board"] [data-square]')) == 16 * 16
    assert page.get_attribute('[data-testid="board"]', "data-variant") == "tenjiku"
    moves = cli("moves", "tenjiku")
    by_origin: dict[str, list[str]] = {}
    for m in moves:
        by_origin.setdefault(re.match(r"[a-p]\d+", m).group(0), []).append(m)
    busiest = max(by_origin, key=lambda o: len(by_origin[o]))
    pawn = g.fsf_name(g.parse("4l"))
    for origin in (pawn, busiest, *[o for o, ms in by_origin.items() if any(len(re.findall(r"[a-p]\d+", m)) > 2
                                                                             for m in ms)][:1]):
        click(page, f'[data-testid="board"] [data-square="{origin}"]')
        expected = {re.findall(r"[a-p]\d+", m)[-1] for m in by_origin[origin]}
        assert squares_of(page, '[data-testid="dest"]') == expected, origin
    # play the pawn's move by clicking, then take it back
    click(page, f'[data-testid="board"] [data-square="{pawn}"]')
    to = g.fsf_name(g.parse("4k"))
    page.click(f'[data-testid="board"] [data-square="{to}"]')
    page.wait_for_selector('.shogi-live[data-ply="1"]', timeout=HANG)
    assert "P-4k" in page.inner_text('[data-testid="moves"]')
    assert "rules=" not in page.url and f"moves={pawn}{to}" in page.url
    page.click('[data-testid="back"]')
    page.wait_for_selector('.shogi-live[data-ply="0"]', timeout=HANG)
    assert page.get_attribute(".shogi-live", "data-fen") == pos.fen()


def test_lion_moves_and_igui_are_shown_as_such(page, served_book):
    free_eagle = Position.from_pieces("tenjiku", {"16p": "K", "1a": "k", "8h": "FE", "8g": "p", "9g": "p", "7g": "P", "7i": "P", "9i": "P"})
    open_explorer(page, served_book, f"variant=tenjiku#fen={free_eagle.fen().replace(' ', '+')}")
    g = free_eagle.geometry
    click(page, f'[data-square="{g.fsf_name(g.parse("8h"))}"]')
    marks = page.eval_on_selector_all('[data-testid="dest"]', "els => els.map(e => [e.dataset.square, e.dataset.kinds])")
    kinds = dict(marks)
    assert "igui" in kinds[g.fsf_name(g.parse("9g"))]     # the Free Eagle takes on 9g without moving
    assert "jump" in kinds[g.fsf_name(g.parse("10f"))]    # and leaps over it to 10f
    # a pasted FEN: set up, and a bad one refused with the engine's message
    shogi_like = Position.from_pieces("tenjiku", {"16p": "K", "1a": "k", "8h": "LH", "8g": "p"})
    page.fill('[data-testid="fen-input"]', shogi_like.fen())
    page.click('[data-testid="fen-set"]')
    page.wait_for_function("f => document.querySelector('.shogi-live').dataset.fen === f", arg=shogi_like.fen(),
                           timeout=HANG)
    assert "fen=" in page.url
    page.fill('[data-testid="fen-input"]', "16/16 w")
    page.click('[data-testid="fen-set"]')
    page.wait_for_function("() => document.querySelector('.shogi-live').dataset.error", timeout=HANG)
    with pytest.raises(ValueError) as refused:
        Position("tenjiku", fen="16/16 w")
    assert str(refused.value) in page.inner_text('[data-testid="status"]')


def test_a_rule_switch_changes_the_moves(page, served_book):
    pos = Position.from_pieces("tenjiku", RANGE)
    g = pos.geometry
    rook = g.fsf_name(g.parse("8m"))
    open_explorer(page, served_book, f"variant=tenjiku#fen={pos.fen().replace(' ', '+')}")
    choice = get_variant("tenjiku").rule_choice("tenjiku.range-jump.when")
    default, other = choice.default, next(o.id for o in choice.options if o.id != choice.default)  # TSA's reading
    seen = {}
    for option in (default, other):
        page.check(f'[data-testid="option"][data-rule="tenjiku.range-jump.when"][data-option="{option}"]')
        page.wait_for_function(f"""() => document.querySelector('.shogi-live').dataset.ready === 'true'
            && (location.hash.includes('range-jump.when') === {'true' if option == other else 'false'})""",
                               timeout=HANG)
        idle(page)
        click(page, f'[data-square="{rook}"]')
        seen[option] = squares_of(page, '[data-testid="dest"]')
        expected = {re.findall(r"[a-p]\d+", m)[-1] for m in cli("moves", "tenjiku", "--fen", pos.fen(), "--rule",
                                                                  f"tenjiku.range-jump.when={option}")
                    if m.startswith(rook)}
        assert seen[option] == expected, option
    assert seen[default] - seen[other] == {g.fsf_name(g.parse(s)) for s in ("8g", "8h")}
    # the option names its sources and links to the section of the rule chapter
    link = page.get_attribute('fieldset[data-rule="tenjiku.range-jump.when"] legend a', "href")
    assert link.endswith("notebooks/rules-tenjiku.html#tenjiku-range-jump-when")


def test_the_article_game_steps_to_its_end(page, served_book):
    open_explorer(page, served_book, "variant=shogi")
    page.select_option('[data-testid="record-select"]', TENJIKU_GAME.stem)
    page.click('[data-testid="record-load"]')
    page.wait_for_selector('[data-testid="ply"]:has-text("ply 0 of 38")', timeout=HANG)
    assert page.url.count("variant=tenjiku") == 1
    page.click('[data-testid="forward"]')
    page.wait_for_selector('[data-testid="ply"]:has-text("ply 1 of 38")', timeout=HANG)
    page.click('[data-testid="last"]')
    page.wait_for_selector('[data-testid="ply"]:has-text("ply 38 of 38")', timeout=HANG)
    moves = read_record(TENJIKU_GAME.read_text(encoding="utf-8"))
    rules = next(b.example for b in check_record("tenjiku", moves).branches if b.legal)  # a rule set it replays under
    final = replay("tenjiku", moves, rules)
    assert final.legal and page.get_attribute(".shogi-live", "data-fen") == final.position.fen()
    assert "gote wins" in page.inner_text('[data-testid="status"]')
    rows = page.eval_on_selector_all('[data-testid="moves"] tbody tr', "rs => rs.map(r => r.innerText.split('\\t'))")
    pos, names = Position("tenjiku", rules=rules), []
    for move in final.moves:
        names.append([pos.move_name(move, n) for n in ("western", "usi", "japanese")])
        pos.push(move)
    assert [r[1:] for r in rows] == names and "x!" in names[14][0]  # ply 15 burns four pieces
    # the link holds the whole state: opened afresh, it shows the same position
    url = page.url
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector('.shogi-live[data-ply="38"]', timeout=HANG)
    assert page.get_attribute(".shogi-live", "data-fen") == final.position.fen()


def test_the_engine_is_ready_with_the_pages_variant_and_compiles_the_others_after(page, served_book):
    """Ready once the page's variant is compiled; the other variants follow in the background, and a call
    for one of them, made at once, is answered (when its tables are built) as the command line answers."""
    seconds = open_explorer(page, served_book, "variant=tenjiku")
    t = time.monotonic()
    got = page.evaluate("a => window.shogiRules.legalMoves(a)", {"variant": "makadaidai", "fen": None, "rules": {},
                                                                  "notation": "fsf"})
    print(f"\nready {seconds:.1f} s after navigation; Maka Dai Dai's moves asked at once: {time.monotonic() - t:.2f} s")
    assert got == cli("moves", "makadaidai")
    page.wait_for_function("() => window.shogiRules.startup.warm", timeout=HANG)
    startup = page.evaluate("window.shogiRules.startup")
    assert set(startup["warmed"]) == set(VARIANT_IDS) and list(startup["warmed"])[0] == "tenjiku"
    assert startup["ready"] < startup["warm"]  # every variant compiled only after the engine said ready


def test_clicks_that_come_quickly_are_done_in_order(page, served_book):
    """Clicks fired in one go, before the engine has answered the first, are each done on the board the one
    before left: none is lost, none is played on a board it was not meant for."""
    open_explorer(page, served_book, "variant=shogi")
    idle(page)
    pos = Position("shogi")
    g = pos.geometry
    pawn, to, other = (g.fsf_name(g.parse(s)) for s in ("7g", "7f", "3c"))
    # two pieces selected in one go: the marks are the second's
    page.evaluate("squares => squares.forEach(s => document.querySelector(`[data-testid=board] [data-square=${s}]`).click())",
                  [pawn, g.fsf_name(g.parse("2g"))])
    idle(page)
    assert squares_of(page, '[data-testid="dest"]') == {g.fsf_name(g.parse("2f"))}
    # a move, and at once a click on a piece of the side that moves next: its moves on the new board
    click(page, f'[data-testid="board"] [data-square="{pawn}"]')
    page.evaluate("squares => squares.forEach(s => document.querySelector(`[data-testid=board] [data-square=${s}]`).click())",
                  [to, other])
    idle(page)
    pos.push_move("P-7f")
    assert page.get_attribute(".shogi-live", "data-fen") == pos.fen()
    assert squares_of(page, '[data-testid="dest"]') == {m[-2:] for m in cli("moves", "shogi", "--fen", pos.fen())
                                                        if m.startswith(other)}
    # three steps forward through a record in one go: three plies on
    page.select_option('[data-testid="record-select"]', TENJIKU_GAME.stem)
    click(page, '[data-testid="record-load"]')
    page.evaluate("() => { for (let i = 0; i < 3; i++) document.querySelector('[data-testid=forward]').click(); }")
    idle(page)
    moves = read_record(TENJIKU_GAME.read_text(encoding="utf-8"))
    rules = next(b.example for b in check_record("tenjiku", moves).branches if b.legal)
    assert page.get_attribute(".shogi-live", "data-ply") == "3"
    assert page.get_attribute(".shogi-live", "data-fen") == replay("tenjiku", moves[:3], rules).position.fen()


# --- what the reader does on a board ----------------------------------------------------------------------
def test_the_link_to_this_position_is_the_address_after_every_action(page, served_book):
    open_explorer(page, served_book, "variant=shogi")
    idle(page)
    pos = Position("shogi")
    g = pos.geometry
    click(page, f'[data-testid="board"] [data-square="{g.fsf_name(g.parse("7g"))}"]')
    click(page, f'[data-testid="board"] [data-square="{g.fsf_name(g.parse("7f"))}"]')
    link = page.get_attribute('[data-testid="permalink"]', "href")
    assert link == page.url and "moves=" in link
    # the FEN box says which letter is whose: this project's FEN writes the side to move as Fairy-Stockfish does
    fen = page.input_value('[data-testid="fen-input"]')
    assert fen.split()[1] == "b" and pos.fen().split()[1] == "w"  # gote to move after P-7f; sente at the start
    note = page.inner_text('[data-testid="fen-note"]')
    assert "w when sente" in note and "b when gote" in note
    from shogi_rules.notation.fen import write_sfen
    after = Position("shogi")
    after.push_move("P-7f")
    assert page.input_value('[data-testid="sfen-text"]') == write_sfen(after)  # USI's SFEN, b for sente
    okisaki = get_variant("okisaki").rule_choice("okisaki.setup")
    other = next(o.id for o in okisaki.options if o.id != okisaki.default)
    page.select_option('[data-testid="variant"]', "okisaki")
    idle(page)
    page.check(f'[data-testid="option"][data-rule="okisaki.setup"][data-option="{other}"]')
    idle(page)
    link = page.get_attribute('[data-testid="permalink"]', "href")
    assert link == page.url and f"okisaki.setup%3A{other}" in link.replace(":", "%3A")
    click(page, '[data-testid="back"]')  # the line is cut by the switch of variant: nothing to take back
    assert page.get_attribute('[data-testid="permalink"]', "href") == page.url


def test_last_move_flip_keys_and_export(page, served_book):
    """The last move's squares are marked, and what it captured and burnt; the board turns round; the arrow
    keys step through the line; the record is copied in the chosen notation."""
    open_explorer(page, served_book, "variant=shogi")
    page.select_option('[data-testid="record-select"]', TENJIKU_GAME.stem)
    click(page, '[data-testid="record-load"]')
    moves = read_record(TENJIKU_GAME.read_text(encoding="utf-8"))
    rules = next(b.example for b in check_record("tenjiku", moves).branches if b.legal)
    game = replay("tenjiku", moves, rules)
    pos = Position("tenjiku", rules=rules)
    for move in game.moves[:14]:
        pos.push(move)
    burn = game.moves[14]  # ply 15: the Fire Demon takes on 11f and burns four pieces
    g = pos.geometry
    page.focus('.shogi-live')
    for _ in range(15):
        page.keyboard.press("ArrowRight")
    idle(page)
    assert page.get_attribute(".shogi-live", "data-ply") == "15"
    last = squares_of(page, '[data-testid="board"] .last')
    assert last == {g.fsf_name(burn.origin), g.fsf_name(burn.target)}
    western = pos.move_name(burn, "western")
    burnt = {g.fsf_name(g.parse(s)) for s in western.split("!")[1].split(",")}
    assert squares_of(page, '[data-testid="board"] .burnt') == burnt and len(burnt) == 4
    assert squares_of(page, '[data-testid="board"] .captured') == {g.fsf_name(burn.target)}
    page.keyboard.press("ArrowLeft")
    idle(page)
    assert page.get_attribute(".shogi-live", "data-ply") == "14"
    # rank and file labels: every rank named once, on the right-hand file
    ranks = page.eval_on_selector_all('[data-testid="board"] .shogi-live-rank', "es => es.map(e => e.textContent)")
    assert len(ranks) == 16 and ranks[0] == "a"
    top_left = page.eval_on_selector('[data-testid="board"] [data-square]', "e => e.dataset.square")
    click(page, '[data-testid="flip"]')
    box = lambda sq: page.eval_on_selector(f'[data-testid="board"] [data-square="{sq}"]',
                                           "e => { const r = e.getBoundingClientRect(); return [r.x, r.y]; }")
    corner = g.fsf_name(g.square(1, g.ranks))  # sente's right-hand corner: top left once turned round
    assert box(corner)[0] < box(top_left)[0] and box(corner)[1] < box(top_left)[1]
    for notation in ("western", "usi", "japanese"):
        page.select_option('[data-testid="export-notation"]', notation)
        page.click('[data-testid="export"]')
        text = page.input_value('[data-testid="export-text"]')
        names, p2 = [], Position("tenjiku", rules=rules)
        for move in game.moves:
            names.append(p2.move_name(move, notation))
            p2.push(move)
        assert text.split() == [n for name in names for n in name.split()], notation


def test_the_record_menu_offers_every_variants_sample_and_chu_replays(page, served_book):
    open_explorer(page, served_book, "variant=shogi")
    offered = page.eval_on_selector_all('[data-testid="record-select"] option', "os => os.map(o => o.value)")
    expected = [Path(r.path).stem for v in VARIANT_IDS for r in get_variant(v).records]
    assert offered == expected and "chu_sample_game" in offered
    page.select_option('[data-testid="record-select"]', "chu_sample_game")
    click(page, '[data-testid="record-load"]')
    moves = read_record((ROOT / "tests" / "data" / "chu_sample_game.txt").read_text(encoding="utf-8"))
    page.click('[data-testid="last"]')
    idle(page)
    assert page.get_attribute(".shogi-live", "data-ply") == str(len(moves))
    assert page.get_attribute(".shogi-live", "data-fen") == replay("chu", moves).position.fen()


def test_the_tenjiku_game_chapter_replays_its_game(page, served_book):
    page.goto(f"{served_book}notebooks/tenjiku-game.html")
    board = page.locator(".shogi-live").first
    board.scroll_into_view_if_needed()
    page.wait_for_selector('.shogi-live[data-ready="true"]', timeout=HANG)
    moves = read_record(TENJIKU_GAME.read_text(encoding="utf-8"))
    rules = next(b.example for b in check_record("tenjiku", moves).branches if b.legal)
    assert board.get_attribute("data-ply") == "0"
    page.click('[data-testid="last"]')
    idle(page)
    assert board.get_attribute("data-fen") == replay("tenjiku", moves, rules).position.fen()
    link = page.get_attribute('[data-testid="open-explorer"]', "href")
    assert "variant=tenjiku" in link and "moves=" in link and "tenjiku.promotion" in link


CONTRAST_PROBE = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
                               return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const background = (e) => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
                                 if (c.length === 3 || c[3] > 0.5) return c.slice(0, 3); } return [255, 255, 255]; };
  const ratio = (e) => { const a = lum(rgb(getComputedStyle(e).color)), b = lum(background(e));
                         return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
  const texts = [...document.querySelectorAll('.shogi-live .shogi-live-piece, .shogi-live [data-testid=status], .shogi-live-rank, .shogi-live-moves td, .shogi-live-files span, .shogi-live code')];
  return texts.map((e) => [e.className || e.tagName, e.textContent.slice(0, 20), ratio(e)]);
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_board_text_is_readable_in_both_themes(theme, page, served_book):
    """Every piece, label, status line and code (option ids, moves) of a live board has a contrast of at least 4.5:1 with the square or
    panel behind it, in the light theme and in the dark one."""
    page.add_init_script(f"localStorage.setItem('theme', '{theme}'); localStorage.setItem('mode', '{theme}');")
    open_explorer(page, served_book, "variant=chu")
    page.select_option('[data-testid="record-select"]', "chu_sample_game")
    click(page, '[data-testid="record-load"]')
    page.click('[data-testid="last"]')
    idle(page)
    assert page.evaluate("document.documentElement.dataset.theme") == theme
    found = page.evaluate(CONTRAST_PROBE)
    assert len(found) > 50
    low = [f for f in found if f[2] < 4.5]
    assert not low, low[:10]


@pytest.mark.parametrize("name", ["book/intro", "book/explorer", "notebooks/rules-tenjiku", "book/bibliography"])
def test_a_page_loads_without_errors_or_missing_files(name, page, served_book):
    """No page error (the theme's settings once declared THEBE_JS_URL twice), no error in the console (the theme
    logged "invalid theme mode" on every page while no mode was set) and no missing file (the favicon)."""
    page.goto(f"{served_book}{name}.html")
    page.wait_for_load_state("load")
    page.wait_for_timeout(500)
    icon = page.get_attribute('link[rel="icon"]', "href")
    assert icon and page.request.get(page.url.rsplit("/", 1)[0] + "/" + icon).ok
    assert not page.page_errors, page.page_errors
    assert not page.console_errors, page.console_errors
    # the fixture asserts, at the end, that no other request failed


# --- the example boards of the rule-choice sections -----------------------------------------------------------
def _rule_board(rule_id: str) -> dict[str, str]:
    import importlib.util

    spec = importlib.util.spec_from_file_location("book_explorer", ROOT / "book" / "_ext" / "explorer.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.rule_board(rule_id)


def _what_happens(variant: str, rules: dict[str, str], fen: str | None, moves: list[str]) -> tuple:
    """Where the board's line stops, if a move of it is illegal under these rules (the live board then says so
    and shows the position before it: a rule against repeating a position refuses the move that repeats), the
    outcome of the position shown and each legal move with the position it leads to and that position's outcome
    (a rule of how the game ends may differ only there: Evans' bare king loses after its reply, not before)."""
    pos = Position(variant, fen=fen, rules=rules)
    stops = None
    for ply, m in enumerate(moves, 1):
        try:
            pos.push_move(m)
        except ShogiRulesError:
            stops = ply
            break
    after = set()
    for move in pos.legal_moves():
        name = pos.move_name(move, "western")
        pos.push(move)
        after.add((name, pos.fen(), str(pos.outcome())))
        pos.pop()
    return stops, str(pos.outcome()), frozenset(after)


@pytest.mark.parametrize("rule_id", [c.id for v in VARIANT_IDS for c in get_variant(v).rule_choices])
def test_every_rule_board_opens_where_its_options_differ(rule_id):
    """The board of a rule-choice section ("the example, under each option") opens on a position where every
    option does something else than the default: other legal moves, other positions after them or (for a rule
    of how the game ends) another outcome, there or after a move. A board on the start position is for a choice of
    the set-up or of the board itself (an option that changes the setup, files or ranks): its start positions are
    the example, since the options differ in every square's content and no one position exists under all."""
    board = _rule_board(rule_id)
    variant = board["variant"]
    choice = get_variant(variant).rule_choice(rule_id)
    if "fen" not in board:
        board_choice = any(key in o.effects for o in choice.options for key in ("setup", "files", "ranks"))
        assert board_choice, f"{rule_id}: its board opens on the start position, not on an example"
    moves = [m for m in board.get("moves", "").split(",") if m]
    seen = {o.id: _what_happens(variant, {rule_id: o.id}, board.get("fen"), moves) for o in choice.options}
    same = [o for o, s in seen.items() if o != choice.default and s == seen[choice.default]]
    assert not same, f"{rule_id}: {same} change nothing on the board's position"
    if "select" in board:  # the selected square holds a piece of the side to move (its moves are shown)
        pos = Position(variant, fen=board["fen"], rules={})
        for m in moves:
            pos.push_move(m)
        g = pos.geometry
        assert any(pos.move_name(m, "fsf").startswith(board["select"]) for m in pos.legal_moves()) \
            or pos.outcome() is not None, (rule_id, board["select"])


# --- the chapters and the build ------------------------------------------------------------------------------
def test_chapters_offer_live_boards(page, served_book):
    page.goto(f"{served_book}notebooks/okisaki.html")
    board = page.locator(".shogi-live").first
    board.scroll_into_view_if_needed()
    page.wait_for_selector('.shogi-live[data-ready="true"]', timeout=HANG)
    assert board.get_attribute("data-fen") == Position("okisaki").fen()
    page.goto(f"{served_book}notebooks/rules-tenjiku.html")
    sections = page.eval_on_selector_all("section[id] > .shogi-live", "els => els.map(e => e.dataset.rule)")
    assert set(sections) == {c.id for c in get_variant("tenjiku").rule_choices}
    page.locator('.shogi-live[data-rule="tenjiku.fire-demon.meeting"]').scroll_into_view_if_needed()
    page.wait_for_selector('.shogi-live[data-rule="tenjiku.fire-demon.meeting"][data-ready="true"] [data-testid="dest"]',
                           timeout=HANG)


def test_the_build_carries_the_engine_and_pyodide(built_book):
    static = built_book / "_static" / "explorer"
    with zipfile.ZipFile(static / "shogi_rules.zip") as zf:
        names = set(zf.namelist())
        assert "shogi_rules/engine/position.py" in names and "shogi_rules/apps/browser.py" in names
        for name in names:  # the checkout's own source, byte for byte
            assert zf.read(name) == (ROOT / name).read_bytes(), name
    assert (static / "pyodide" / "pyodide.asm.wasm").stat().st_size > 1_000_000
    lock = (ROOT / "book" / "explorer" / "package-lock.json").read_text(encoding="utf-8")
    version = re.search(r'"node_modules/pyodide": \{\s*"version": "([^"]+)"', lock).group(1)
    assert f'"version": "{version}"' in (static / "pyodide" / "package.json").read_text(encoding="utf-8")
    assert "location.search + location.hash" in (built_book / "explorer.html").read_text(encoding="utf-8")


# --- the pages of pieces ------------------------------------------------------------------------------------
def test_a_piece_page_starts_only_the_board_the_reader_asks_for(page, served_book):
    """Each piece's section has a live board with the piece alone and its moves shown. A page of dozens of
    pieces starts none of them by itself but the one its address names; a click starts another."""
    page.goto(f"{served_book}book/pieces/chu.html#piece-chu-Ln")
    page.wait_for_selector("#piece-chu-Ln .shogi-live [data-testid=board]", timeout=HANG)
    idle(page)
    lion = squares_of(page, "#piece-chu-Ln .shogi-live [data-testid=dest]")
    assert len(lion) >= 24  # the Lion's two steps from the middle of an empty board
    boards = page.eval_on_selector_all(".shogi-live", "els => els.length")
    assert boards == len(get_variant("chu").pieces)
    assert page.eval_on_selector_all(".shogi-live [data-testid=board]", "els => els.length") == 1
    page.click("#piece-chu-G .shogi-live [data-testid=start]")
    page.wait_for_selector("#piece-chu-G .shogi-live [data-testid=board]", timeout=HANG)
    idle(page)
    assert len(squares_of(page, "#piece-chu-G .shogi-live [data-testid=dest]")) == 6  # the gold's six steps
    assert page.eval_on_selector_all(".shogi-live [data-testid=board]", "els => els.length") == 2
