"""The benchmark's plumbing at tiny depths: engines in child processes, taking turns, counting the
same nodes. Nothing here times anything."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from shogi_rules.compiled.variant import VARIANT_IDS, get_variant
from shogi_rules.notation.records import read_record
from shogi_rules.tools import benchmark
from shogi_rules.tools.benchmark import BenchmarkError, Case, ShogiRulesEngine, measure

ROOT = Path(benchmark.__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def two_copies():
    """This tree twice, as the engine and as its 'baseline'."""
    engines = [ShogiRulesEngine("shogi-rules", ROOT), ShogiRulesEngine("baseline", ROOT)]
    yield engines
    for e in engines:
        e.close()


def test_engines_take_turns_and_agree(two_copies):
    cases = [Case("shogi start", "shogi", 2, sfen=benchmark.SHOGI_START_SFEN),
             Case("okisaki", "okisaki", 1, {"okisaki.setup": "fairy-stockfish"}),
             Case("tenjiku", "tenjiku", 1)]
    for case, nodes in zip(cases, (900, 37, 132)):
        timings = measure(case, two_copies, repeats=2)
        assert set(timings) == {"shogi-rules", "baseline"}
        for t in timings.values():
            assert t.nodes == nodes
            assert len(t.cpu) == 2 and all(s >= 0 for s in t.cpu)
            assert t.least <= t.median


def test_the_records_section_times_both_and_counts_the_boards_played(two_copies, capsys):
    """``--sections records`` on records of a few plies: a line per variant and engine, replay and check timed, and
    the boards the check played the record on (one where no choice parts the rule sets: shogi; more in Heian shogi,
    whose four boards start apart, the others refusing the record's moves later)."""
    results = benchmark.record_table(two_copies, repeats=1, plies=6)
    out = capsys.readouterr().out
    assert "boards" in out and "/board" in out
    assert set(results) == {f"{v} ({e.name})" for v in VARIANT_IDS for e in two_copies}
    assert results["shogi (shogi-rules)"]["boards"] == 1
    assert results["heian (baseline)"]["boards"] > 1
    assert all(r["replay"] >= 0 and r["check"] >= 0 for r in results.values())


def test_the_records_section_times_a_record_made_under_each_preset_replayed_under_it(two_copies, capsys):
    """With ``--presets``, the records section times a record made under each preset of each variant as well, replayed
    under that preset (the worker refuses a record that its replay or the check does not accept): a line for each.
    The records differ from the one made under the defaults where the preset's rules do (Tenjiku's TSA reading)."""
    results = benchmark.record_table(two_copies[:1], repeats=1, plies=8, presets=True)
    out = capsys.readouterr().out
    assert "one under each preset" in out
    labels = {v: [v, *(f"{v}/{p.id}" for p in get_variant(v).presets)] for v in VARIANT_IDS}
    assert set(results) == {f"{label} (shogi-rules)" for v in VARIANT_IDS for label in labels[v]}
    for v in VARIANT_IDS:
        for label in labels[v]:
            assert f"\n{label} " in out
    assert benchmark.random_record("tenjiku", 40, "benchmark:tenjiku", "tsa") != \
        benchmark.random_record("tenjiku", 40, "benchmark:tenjiku")
    # the replay is timed under the preset: the Chinese Wikipedia article's game, which TSA's rules accept and the
    # defaults refuse at ply 10, is timed under TSA's and refused under the defaults
    article = read_record((ROOT / "tests" / "data" / "tenjiku_article_game.txt").read_text(encoding="utf-8"))
    played, checked, _ = two_copies[0].record("tenjiku", article, "tsa")
    assert played > 0 and checked > 0
    with pytest.raises(BenchmarkError, match="replay and check-record say"):
        two_copies[0].record("tenjiku", article)


def test_the_records_section_times_several_records_of_each_and_gives_their_median_and_largest(two_copies, capsys):
    """With ``--records``, the records section times several records of each variant (here of shogi and Tenjiku only,
    ``--variants``), each made from its own seed: a line for each, then per engine and variant the median and the
    largest of the check's time in replays over its records."""
    results = benchmark.record_table(two_copies[:1], repeats=1, plies=6, each=3, variants=["shogi", "tenjiku"])
    out = capsys.readouterr().out
    assert "3 seeded random records of up to 6 plies" in out
    assert set(results) == {f"{v}{k} (shogi-rules)" for v in ("shogi", "tenjiku") for k in ("", "#1", "#2")}
    for v in ("shogi", "tenjiku"):
        ratios = [r["check"] / r["replay"] for label, r in results.items() if label.startswith(v)]
        line = next(line for line in out.splitlines() if line.startswith(f"{v} ") and "median" in line)
        assert f"3 records  median {statistics.median(ratios):5.1f}  largest {max(ratios):5.1f}" in line
    assert benchmark.random_record("tenjiku", 20, "benchmark:tenjiku:1") != \
        benchmark.random_record("tenjiku", 20, "benchmark:tenjiku")


def test_python_shogi_counts_as_we_do():
    engine = benchmark.PythonShogiEngine()
    sfen = benchmark.MIDDLE_GAMES[0][1]
    assert engine.run(Case("m", "shogi", 2, sfen=sfen))[0] == Case("m", "shogi", 2, sfen=sfen).position().perft(2)


def test_a_tree_without_the_package_is_refused(tmp_path):
    with pytest.raises(BenchmarkError, match="holds no shogi_rules package"):
        ShogiRulesEngine("baseline", tmp_path)


def test_cpu_time_of_a_process_grows():
    import os
    before = benchmark.process_cpu_seconds(os.getpid())
    sum(i * i for i in range(200_000))
    assert benchmark.process_cpu_seconds(os.getpid()) > before


def test_command_line_runs_a_section(capsys):
    assert benchmark.main(["--quick", "--repeats", "1", "--sections", "variants", "--baseline", str(ROOT)]) == 0
    out = capsys.readouterr().out
    assert "okisaki (zhwp)" in out and "okisaki (fairy-stockfish)" in out and "wa (modern)" in out
    assert "48,211" in out and "COUNTS DIFFER" not in out
    assert "Speed-up over the baseline" in out


def test_bad_arguments_are_refused(capsys):
    with pytest.raises(SystemExit):
        benchmark.main(["--sections", "chess"])
    assert "unknown section" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        benchmark.main(["--sections", "records", "--records", "0"])
    assert "--records must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        benchmark.main(["--sections", "records", "--variants", "tenjiku,chess"])
    assert "--variants takes ids among" in capsys.readouterr().err


def test_fairy_stockfish_over_uci_or_a_clear_note(capsys):
    path = benchmark.find_fairy_stockfish()
    if path is None:  # the Debian package is optional: the benchmark says it left it out
        benchmark.main(["--quick", "--repeats", "1", "--sections", "shogi"])
        assert "Fairy-Stockfish is not installed" in capsys.readouterr().out
        return
    engine = benchmark.FairyStockfishEngine(path)
    try:
        nodes, cpu = engine.run(Case("shogi start", "shogi", 2, sfen=benchmark.SHOGI_START_SFEN))
        assert nodes == 900 and cpu >= 0
        nodes, _ = engine.run(Case("middle-1", "shogi", 1, sfen=benchmark.MIDDLE_GAMES[0][1]))
        assert nodes == len(Case("m", "shogi", 1, sfen=benchmark.MIDDLE_GAMES[0][1]).position().legal_moves())
    finally:
        engine.close()


def test_a_baseline_that_cannot_count_is_a_one_line_error(tmp_path, capsys):
    package = tmp_path / "shogi_rules"
    package.mkdir()
    (package / "__init__.py").write_text("raise ImportError('broken on purpose')\n")
    assert benchmark.main(["--quick", "--repeats", "1", "--sections", "large", "--baseline", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "stopped answering: ImportError: broken on purpose" in err
    assert "Traceback" not in err


def test_cases_come_from_the_variants_data():
    """Every variant with a benchmark depth is timed, in one section, under each option of its benchmark choice."""
    from shogi_rules.compiled.variant import available_variants

    timed = benchmark.shogi_cases(False) + benchmark.variant_cases(False) + benchmark.large_cases(False)
    for v in available_variants():
        cases = [c for c in timed if c.variant == v.id and c.label not in dict(benchmark.MIDDLE_GAMES)]
        options = v.rule_choice(v.benchmark_choice).options if v.benchmark_choice else [None]
        assert len(cases) == (len(options) if v.benchmark_depth else 0), v.id
        assert all(c.depth == v.benchmark_depth for c in cases), v.id
        for c, o in zip(cases, options):
            assert c.rules == ({v.benchmark_choice: o.id} if o else {})
    labels = [c.label for c in timed]
    assert len(labels) == len(set(labels))
