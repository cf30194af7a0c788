"""The ``shogi-rules`` command: every subcommand through ``shogi_rules.apps.cli.main``, and real runs.

Expected figures come from outside the engine where they can: standard shogi's perft (30 / 900 /
25,470, published), the pieces per side in the rules and articles (shogi 20, Okisaki 22, Wa 27),
Fairy-Stockfish's move list and USI's start SFEN.
"""

from __future__ import annotations

import json
import os
import shutil
import shlex
import subprocess
import sys

import pytest

from shogi_rules import Position, available_variants
from shogi_rules.apps.cli import main
from shogi_rules.notation.records import replay

SHOGI_START_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
PIECES_PER_SIDE = {"shogi": 20, "okisaki": 22, "wa": 27}
BOARDS = {"shogi": "9x9", "okisaki": "10x10", "wa": "11x11"}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Run the command in-process: (exit status, stdout, stderr)."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def assert_one_line_error(code: int, out: str, err: str, *words: str) -> None:
    assert code not in (0, None)
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    for word in words:
        assert word in err, (word, err)


# --- variants ---------------------------------------------------------------------------------
def test_variants_lists_one_line_per_variant(capsys):
    code, out, err = run(capsys, "variants")
    assert code == 0 and err == ""
    rows = lines(out)
    assert [r.split()[0] for r in rows] == [v.id for v in available_variants()]
    for row in rows:
        vid = row.split()[0]
        if vid in PIECES_PER_SIDE:
            assert BOARDS[vid] in row.split()
            assert str(PIECES_PER_SIDE[vid]) in row.split()


def test_variants_json(capsys):
    code, out, _ = run(capsys, "variants", "--json")
    assert code == 0
    data = json.loads(out)
    assert isinstance(data, list) and [d["id"] for d in data] == [v.id for v in available_variants()]
    for d in data:
        assert {"id", "board", "pieces_per_side"} <= set(d)
        assert isinstance(d["pieces_per_side"], int) and d["pieces_per_side"] > 0
    by_id = {d["id"]: d for d in data}
    for vid, n in PIECES_PER_SIDE.items():
        assert by_id[vid]["pieces_per_side"] == n and by_id[vid]["board"] == BOARDS[vid]


# --- rules --------------------------------------------------------------------------------------
def test_rules_text_shows_choices_options_default_and_sources(capsys):
    code, out, err = run(capsys, "rules", "okisaki")
    assert code == 0 and err == ""
    assert "okisaki.setup" in out and "?" in out
    option_lines = [line for line in out.splitlines()
                    if ("zhwp:" in line or "fairy-stockfish:" in line) and not line.startswith("preset ")]
    assert len(option_lines) == 2
    default = [line for line in option_lines if line.strip().startswith("*")]
    assert len(default) == 1 and "zhwp:" in default[0]  # the article's reading is the default
    assert "zhwp-okisaki" in out and "fairy-stockfish" in out and "enwp" in out


def test_rules_of_a_variant_without_choices(capsys):
    code, out, err = run(capsys, "rules", "shogi")
    assert code == 0 and err == "" and "no rule choices" in out
    code, out, _ = run(capsys, "rules", "shogi", "--json")
    assert code == 0 and json.loads(out) == []


@pytest.mark.parametrize("variant", [v.id for v in available_variants()])
def test_rules_json_structure(capsys, variant):
    code, out, _ = run(capsys, "rules", variant, "--json")
    assert code == 0
    data = json.loads(out)
    assert isinstance(data, list)
    for choice in data:
        assert {"id", "question", "default", "options"} <= set(choice)
        assert choice["id"].startswith(variant + ".")
        assert choice["default"] in [o["id"] for o in choice["options"]]
        for option in choice["options"]:
            assert {"id", "summary", "sources"} <= set(option)
            assert isinstance(option["sources"], list) and option["sources"]


def test_rules_json_of_wa(capsys):
    code, out, _ = run(capsys, "rules", "wa", "--json")
    data = json.loads(out)
    assert [c["id"] for c in data] == ["wa.drops", "wa.running-rabbit", "wa.treacherous-fox"]
    assert data[0]["default"] == "none"
    assert {o["id"] for o in data[0]["options"]} == {"none", "modern"}


# --- show ---------------------------------------------------------------------------------------
def test_show_text_diagram(capsys):
    code, out, err = run(capsys, "show", "shogi")
    assert code == 0 and err == ""
    rows = out.splitlines()
    assert rows[0].split() == [str(f) for f in range(9, 0, -1)]
    assert rows[1].split() == ["l", "n", "s", "g", "k", "g", "s", "n", "l", "a"]
    assert rows[9].split() == ["L", "N", "S", "G", "K", "G", "S", "N", "L", "i"]
    assert "sente to move" in out


def test_show_fen_and_sfen(capsys):
    code, out, _ = run(capsys, "show", "shogi", "--format", "sfen")
    assert code == 0 and out.strip() == SHOGI_START_SFEN
    code, out, _ = run(capsys, "show", "shogi", "--format", "fen")
    assert code == 0 and out.strip().startswith("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w")


def test_show_with_fen_and_rule(capsys):
    code, out, _ = run(capsys, "show", "okisaki", "--rule", "okisaki.setup=fairy-stockfish", "--format", "fen")
    assert code == 0 and out.split("/")[0] == "lnsgkqgsnl"
    code, out, _ = run(capsys, "show", "okisaki", "--format", "fen")
    assert code == 0 and out.split("/")[0] == "lnsgqkgsnl"
    fen = "4k4/9/9/9/9/9/9/9/4K4[Pp] b - - 0 1"
    code, out, _ = run(capsys, "show", "shogi", "--fen", fen, "--format", "fen")
    assert code == 0 and out.strip() == fen
    code, out, _ = run(capsys, "show", "shogi", "--fen", fen)
    assert "gote to move" in out and "sente in hand: P" in out


def test_show_sfen_of_okisaki_is_an_error(capsys):
    assert_one_line_error(*run(capsys, "show", "okisaki", "--format", "sfen"), "SFEN")


# --- moves --------------------------------------------------------------------------------------
def test_moves_one_legal_move_a_line_in_fsf_by_default(capsys):
    pyffish = pytest.importorskip("pyffish")
    code, out, err = run(capsys, "moves", "shogi")
    assert code == 0 and err == ""
    rows = lines(out)
    assert len(rows) == 30 and len(set(rows)) == 30
    assert set(rows) == set(pyffish.legal_moves("shogi", pyffish.start_fen("shogi"), []))


@pytest.mark.parametrize("notation,example", [
    ("fsf", "c3c4"), ("western", "P-7f"), ("usi", "7g7f"), ("japanese", "☗７六歩(77)")])
def test_moves_in_each_notation(capsys, notation, example):
    code, out, _ = run(capsys, "moves", "shogi", "--notation", notation)
    assert code == 0
    rows = lines(out)
    assert len(rows) == 30 and example in rows


def test_moves_with_a_rule_choice(capsys):
    fen = "11/11/11/11/5(ck)5/11/11/11/11/11/5(CK)5[(SP)] w - - 0 1"
    code, out, _ = run(capsys, "moves", "wa", "--fen", fen, "--rule", "wa.drops=modern", "--notation", "western")
    assert code == 0
    drops = [r for r in lines(out) if r.startswith("SP*")]
    assert len(drops) == 121 - 2 - 11  # every empty square but the last rank
    assert "SP*5a" not in drops and "SP*5b" in drops
    # without the rule the same FEN is refused (no pieces in hand in Wa without drops)
    assert_one_line_error(*run(capsys, "moves", "wa", "--fen", fen), "hand")


def test_moves_okisaki_setups_differ_for_gote(capsys):
    after = "lnsgqkgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL[] b - - 0 1"
    code, zhwp, _ = run(capsys, "moves", "okisaki", "--fen", after, "--notation", "western")
    assert code == 0 and "K-5b" in lines(zhwp)
    after_fsf = "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL[] b - - 0 1"
    code, fsf, _ = run(capsys, "moves", "okisaki", "--fen", after_fsf, "--notation", "western")
    assert code == 0 and "K-6b" in lines(fsf) and set(lines(fsf)) != set(lines(zhwp))


# --- perft --------------------------------------------------------------------------------------
@pytest.mark.parametrize("depth,nodes", [(0, 1), (1, 30), (2, 900), (3, 25470)])
def test_perft_shogi_published_counts(capsys, depth, nodes):
    code, out, _ = run(capsys, "perft", "shogi", str(depth))
    assert code == 0 and lines(out)[-1] == str(nodes)


def test_perft_okisaki_depth_one(capsys):
    # Fairy-Stockfish's okisakishogi gives 37 (rules catalogue §6)
    code, out, _ = run(capsys, "perft", "okisaki", "1")
    assert code == 0 and lines(out)[-1] == "37"


@pytest.mark.parametrize("variant,rules,depth", [("shogi", [], 2), ("okisaki", [], 2), ("wa", ["--rule", "wa.drops=modern"], 1)])
def test_perft_divide_lines_sum_to_the_total(capsys, variant, rules, depth):
    code, out, _ = run(capsys, "perft", variant, str(depth), "--divide", *rules)
    assert code == 0
    rows = lines(out)
    total = int(rows[-1])
    parts = [int(r.rsplit(":", 1)[1]) for r in rows[:-1]]
    assert sum(parts) == total
    assert len(parts) == len(Position(variant, rules=dict(r.split("=") for r in rules[1::2])).legal_moves())
    code, plain, _ = run(capsys, "perft", variant, str(depth), *rules)
    assert lines(plain)[-1] == str(total)


# --- replay and check-record ----------------------------------------------------------------------
WA_CAPTURE_FEN = "5(ck)5/11/8(sp)2/11/11/8(RR)2/11/11/11/11/5(CK)5 w - - 0 1"


def test_replay_a_legal_record(capsys, tmp_path):
    record = tmp_path / "game.txt"
    record.write_text("1. P-7f P-3d\n2. Bx2b+ Sx2b  # the bishops are exchanged\n", encoding="utf-8")
    code, out, err = run(capsys, "replay", "shogi", str(record))
    assert code == 0 and err == ""
    assert "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bb] w" in out
    assert lines(out)[-1].startswith("4 plies")


def test_replay_stops_at_the_first_illegal_move(capsys, tmp_path):
    record = tmp_path / "bad.txt"
    record.write_text("P-7f P-7f P-7e", encoding="utf-8")
    code, out, err = run(capsys, "replay", "shogi", str(record))
    assert code != 0 and len(err.splitlines()) == 1 and "ply 2" in err and "Traceback" not in err


def test_replay_under_a_rule_choice(capsys, tmp_path):
    record = tmp_path / "wa.txt"
    record.write_text("RRx3c= CK-6b SP*5e", encoding="utf-8")
    code, _, err = run(capsys, "replay", "wa", str(record), "--fen", WA_CAPTURE_FEN)
    assert code != 0 and "ply 3" in err  # no drops in Wa by default
    code, out, _ = run(capsys, "replay", "wa", str(record), "--fen", WA_CAPTURE_FEN, "--rule", "wa.drops=modern")
    assert code == 0 and "6(SP)4" in out and lines(out)[-1].startswith("3 plies")


def test_check_record_names_the_rule_sets_that_accept_it(capsys, tmp_path):
    record = tmp_path / "wa.txt"
    record.write_text("RRx3c= CK-6b SP*5e", encoding="utf-8")
    code, out, _ = run(capsys, "check-record", "wa", str(record), "--fen", WA_CAPTURE_FEN, "--json")
    assert code == 0
    answer = json.loads(out)
    # the record also depends on how the Running Rabbit moves: under CSR's reading it cannot take on 3c;
    # the Treacherous Fox does not matter (either option)
    assert answer["accepted"] == {"rule_sets": 2, "of": 8, "combinations": [],
                                  "each": {"wa.drops": ["modern"], "wa.running-rabbit": ["evans"],
                                           "wa.treacherous-fox": ["zhwp", "csr"]}}
    branches = {tuple((k, tuple(v)) for k, v in sorted(e["rules"].items())): (e["legal"], e["first_illegal_ply"])
                for e in answer["rules"]}
    assert branches == {(("wa.drops", ("modern",)), ("wa.running-rabbit", ("evans",))): (True, None),
                        (("wa.drops", ("none",)), ("wa.running-rabbit", ("evans",))): (False, 3),
                        (("wa.running-rabbit", ("csr",)),): (False, 1)}
    assert sum(e["rule_sets"] for e in answer["rules"]) == 8
    for e in answer["rules"]:  # each branch's example is one of its rule sets, and replays as it says
        assert all(e["example"][k] in v for k, v in e["rules"].items())
        r = replay("wa", ["RRx3c=", "CK-6b", "SP*5e"], e["example"], fen=WA_CAPTURE_FEN)
        assert (r.legal, r.first_illegal_ply) == (e["legal"], e["first_illegal_ply"])
    # ... and which presets accept it: neither (no Wa preset has drops; the record drops at ply 3)
    assert [(e["preset"], e["legal"], e["first_illegal_ply"]) for e in answer["presets"]] == [
        ("zhwp", False, 3), ("csr", False, 1)]
    code, out, _ = run(capsys, "check-record", "wa", str(record), "--fen", WA_CAPTURE_FEN)
    rows = lines(out)
    assert any(r.startswith("legal") and "wa.drops=modern" in r for r in rows)
    assert any(r.startswith("illegal") and "wa.drops=none" in r for r in rows)


def test_replay_of_a_missing_file(capsys, tmp_path):
    assert_one_line_error(*run(capsys, "replay", "shogi", str(tmp_path / "missing.txt")), "missing.txt")


# --- errors ---------------------------------------------------------------------------------------
def test_unknown_variant(capsys):
    assert_one_line_error(*run(capsys, "show", "chess"), "chess")
    assert_one_line_error(*run(capsys, "rules", "chess"), "chess")


def test_unknown_rule_id(capsys):
    assert_one_line_error(*run(capsys, "moves", "okisaki", "--rule", "okisaki.nope=zhwp"), "okisaki.nope")
    assert_one_line_error(*run(capsys, "show", "shogi", "--rule", "shogi.drops=none"), "shogi.drops")


def test_unknown_option(capsys):
    assert_one_line_error(*run(capsys, "show", "okisaki", "--rule", "okisaki.setup=nope"), "nope")


@pytest.mark.parametrize("bad", ["okisaki.setup", "=zhwp", "okisaki.setup=", ""])
def test_malformed_rule(capsys, bad):
    assert_one_line_error(*run(capsys, "show", "okisaki", "--rule", bad))


@pytest.mark.parametrize("fen", ["xx", "lnsgkgsnl/1r5b1[] w 0 1", "4k4/9/9/9/9/9/9/9/4Q4[] w 0 1"])
def test_bad_fen(capsys, fen):
    assert_one_line_error(*run(capsys, "moves", "shogi", "--fen", fen))


def test_empty_fen_is_an_error_not_the_start_position(capsys):
    # an empty --fen is a malformed position; it must not silently fall back to the start position
    assert_one_line_error(*run(capsys, "moves", "shogi", "--fen", ""))


def test_negative_depth(capsys):
    assert_one_line_error(*run(capsys, "perft", "shogi", "-1"), "depth")


def test_no_subcommand_and_bad_depth(capsys):
    assert_one_line_error(*run(capsys))
    assert_one_line_error(*run(capsys, "perft", "shogi", "two"))


# --- the installed command ----------------------------------------------------------------------------
def _command() -> list[str]:
    exe = shutil.which("shogi-rules") or shutil.which("shogi-rules", path=os.path.dirname(sys.executable))
    return [exe] if exe else [sys.executable, "-m", "shogi_rules.apps.cli"]


def test_installed_command_runs():
    done = subprocess.run([*_command(), "perft", "shogi", "2"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip().splitlines()[-1] == "900" and done.stderr == ""
    done = subprocess.run([*_command(), "variants"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert [line.split()[0] for line in done.stdout.splitlines()] == [v.id for v in available_variants()]


def test_installed_command_error_has_no_traceback():
    done = subprocess.run([*_command(), "show", "shogi", "--fen", "not a fen"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode != 0 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def test_board_squares_and_pieces_of_the_comparison():
    """The comparison chapter's opening: standard shogi's 81 squares and 40 pieces, Maka Dai Dai's 361 and 192."""
    for variant, squares, pieces in (("shogi", 81, 40), ("makadaidai", 361, 192)):
        pos = Position(variant)
        assert pos.geometry.size == squares
        assert sum(1 for code in pos.board if code) == pieces


# --- presets: whole rule sets by source ----------------------------------------------------------------
def test_preset_with_rules_on_top(capsys):
    code, out, _ = run(capsys, "perft", "tenjiku", "1", "--preset", "evans")
    assert (code, out.strip()) == (0, "70")
    # on top of Evans' rules, the article's range jumpers (jumping on any move) give the 132 moves of
    # the article's rule set: the only choice that matters at the first move
    code, out, _ = run(capsys, "perft", "tenjiku", "1", "--preset", "evans", "--rule", "tenjiku.range-jump.when=zhwp")
    assert (code, out.strip()) == (0, "132")
    assert_one_line_error(*run(capsys, "perft", "tenjiku", "1", "--preset", "fide"), "fide")


def test_rules_lists_the_presets(capsys):
    code, out, _ = run(capsys, "rules", "tenjiku")
    presets = [r for r in lines(out) if r.startswith("preset ")]
    assert [r.split(":")[0] for r in presets] == [f"preset {p}" for p in
                                                  ("zhwp", "tsa", "evans", "adams", "modern-2000", "werner", "hachu")]
    assert "tenjiku.bare-king=adams" in next(r for r in presets if r.startswith("preset adams:"))


def test_check_record_says_which_presets_accept_it(capsys, tmp_path):
    record = tmp_path / "wa.txt"
    record.write_text("RRx3c= CK-6b SP*5e", encoding="utf-8")
    code, out, _ = run(capsys, "check-record", "wa", str(record), "--fen", WA_CAPTURE_FEN)
    rows = [r for r in lines(out) if " preset " in r]
    # neither Wa preset has drops (the record drops a pawn at ply 3); CSR's Running Rabbit cannot even
    # make the first capture
    assert [r.split()[:3] for r in rows] == [["illegal", "preset", "zhwp"], ["illegal", "preset", "csr"]]
    assert "ply 3" in rows[0] and "ply 1" in rows[1]


# --- output errors, interrupts, repeated options, version, standard input, echoes ------------------------
def command(*argv: str, env: dict[str, str] | None = None, stdin: str | None = None,
            stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "import sys; from shogi_rules.apps.console import main; sys.exit(main())",
                           *argv], env={**os.environ, **(env or {})}, input=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=300)


def test_output_to_a_full_disk_is_one_line_and_exit_3():
    with open("/dev/full", "w") as full:
        proc = command("moves", "shogi", stdout=full)
    assert proc.returncode == 3, proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and "cannot write the output" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_output_in_an_encoding_that_cannot_show_it_is_one_line_and_exit_3():
    proc = command("variants", env={"PYTHONIOENCODING": "ascii"})
    assert proc.returncode == 3 and "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and "ascii cannot show" in proc.stderr


def test_ctrl_c_while_the_engine_loads_exits_130():
    """The console entry point: an interrupt during the imports (here made to happen there) is no traceback."""
    code = ("import builtins, sys\n"
            "real = builtins.__import__\n"
            "def interrupted(name, *args, **kwargs):\n"
            "    if name in ('position', 'shogi_rules.engine.position') or name.endswith('.position'):\n"
            "        raise KeyboardInterrupt\n"
            "    return real(name, *args, **kwargs)\n"
            "builtins.__import__ = interrupted\n"
            "from shogi_rules.apps.console import main\n"
            "sys.exit(main())\n")
    proc = subprocess.run([sys.executable, "-c", code, "variants"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 130 and proc.stderr == "shogi-rules: interrupted\n"


def test_version_comes_from_the_package_metadata(capsys):
    from importlib.metadata import version
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"shogi-rules {version('shogi-rules')}"


@pytest.mark.parametrize("argv,words", [
    (["perft", "wa", "1", "--rule", "wa.drops=none", "--rule", "wa.drops=modern"], ("wa.drops", "2 times")),
    (["pieces", "wa", "--rule", "wa.drops=none", "--rule", "wa.drops=none"], ("wa.drops",)),
    (["show", "tenjiku", "--preset", "tsa", "--preset", "evans"], ("--preset", "'tsa'", "'evans'")),
])
def test_a_repeated_rule_or_preset_is_refused(capsys, argv, words):
    assert_one_line_error(*run(capsys, *argv), *words)


def test_depth_reads_leading_zeros_alike(capsys):
    counts = {d: run(capsys, "perft", "shogi", d) for d in ("1", "01", "001", "0001", "0000000001")}
    assert {c[:2] for c in counts.values()} == {(0, "30\n")}
    code, out, err = run(capsys, "perft", "shogi", "0" * 5000 + "33")
    assert_one_line_error(code, out, err, "0 to 32")


def test_replay_reads_standard_input():
    proc = command("replay", "shogi", "-", stdin="1. P-7f P-3d\n2. Bx2b+ Sx2b\n")
    assert proc.returncode == 0 and "4 plies" in proc.stdout
    proc = command("check-record", "shogi", "-", stdin="P-7f P-3d")
    assert proc.returncode == 0 and proc.stdout.startswith("legal")


def test_control_characters_of_a_record_never_reach_the_terminal(capsys, tmp_path):
    record = tmp_path / "evil.txt"
    record.write_text("P-7f P-3d\x1b[2J\x00\rX " + "y" * 200_000, encoding="utf-8")
    for argv in (("replay", "shogi", str(record)), ("check-record", "shogi", str(record)),
                 ("check-record", "chu", str(record), "--json")):
        code, out, err = run(capsys, *argv)
        assert code == 1
        for stream in (out, err):
            assert not any(not c.isprintable() and c != "\n" for c in stream), stream[:200]
        assert len(out) + len(err) < 5_000


def _shell(script: str) -> subprocess.CompletedProcess:
    """``script`` in a shell, ``$SR`` the command: for streams closed or full before it starts."""
    code = "import sys; from shogi_rules.apps.console import main; sys.exit(main())"
    sr = f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}"
    return subprocess.run(["bash", "-c", script.replace("$SR", sr)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=300)


@pytest.mark.parametrize("script,status,words", [
    ("$SR variants >&-", 3, "standard output is closed"),                  # closed: a traceback, exit 1
    ("$SR replay shogi - <&-", 2, "standard input is closed"),             # closed: a traceback, exit 1
    ("$SR --help > /dev/full", 3, "cannot write the output"),             # exit 0, nothing written
    ("$SR show --help > /dev/full", 3, "cannot write the output"),
    ("$SR variants > /dev/full 2> /dev/full; echo $? >&2", 3, None),      # nowhere to say it: exit 1
    ("$SR variants > /dev/full 2>&-; echo $? >&2", 3, None),
])
def test_closed_or_full_streams_end_in_their_exit_status_and_one_line(script, status, words):
    proc = _shell(script)
    if words is None:  # (the status is echoed on standard error, which the command could not write to)
        assert proc.stderr.strip() == str(status), proc.stderr
    else:
        assert proc.returncode == status and len(proc.stderr.splitlines()) == 1 and words in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_record_token_longer_than_any_move_is_refused_as_one_line_by_every_rule_set(tmp_path):
    """A record of one 300,000-character token: the refusal names its length, every rule set and preset refuses it at
    ply 1 (check-record read it under each in turn, once a ply and rule set: minutes for a few megabytes)."""
    token = tmp_path / "token.txt"
    token.write_text("P" * 300_000)
    proc = command("check-record", "chu", str(token))
    assert proc.returncode == 1 and "no move is written in more than 200 characters" in proc.stdout
    assert all(len(line) < 600 for line in proc.stdout.splitlines())
    assert "accepted by 0 of" in proc.stdout
