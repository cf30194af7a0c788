"""A game is one module: the registry finds it, ``Variant.derive`` declares it as another's differences and
refuses a wrong declaration at once, every field of ``Variant`` is documented, and a new game added as one file
is taken in by every registry of the package and of the tests.

The last test does what the engine chapter's guide "Extending the engine" tells a new user to do, in a copy of
the package: it adds 5×5 minishogi (Fairy-Stockfish's ``minishogi``) as one module derived from shogi, then checks
that the package (variant ids, benchmark, piece finder, lists of games), the tests' rule sets and Fairy-Stockfish
cases, the property tests' generator and the Fairy-Stockfish differential machinery accept it, and that its perft
is Fairy-Stockfish's to depth 3 (14, 181, 2,512).
"""

from __future__ import annotations

import ast
import re
import dataclasses
import inspect
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from shogi_rules.model.errors import VariantDataError
from shogi_rules.model.pieces import PieceKind
from shogi_rules.compiled.variant import VARIANT_IDS, get_variant
from shogi_rules.model.variant_data import OWN_FIELDS, Variant

ROOT = Path(__file__).resolve().parent.parent
SHOGI = get_variant("shogi")
QUEEN = PieceKind("Q", "妃将", "妃", "hishō", "Queen", "Q")


def test_registry_presents_the_games_by_board_size_and_names_modules_by_id():
    sizes = [get_variant(v).files * get_variant(v).ranks for v in VARIANT_IDS]
    assert sizes == sorted(sizes)
    modules = sorted(p.stem for p in (ROOT / "shogi_rules" / "variants").glob("*.py") if not p.stem.startswith("_"))
    assert sorted(VARIANT_IDS) == modules


def test_every_variant_field_is_documented():
    """Each field of ``Variant`` is followed by its docstring, so that a new user knows what it means."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(Variant)))
    body = tree.body[0].body
    documented = {node.target.id for node, after in zip(body, body[1:] + [None])
                  if isinstance(node, ast.AnnAssign) and isinstance(after, ast.Expr)
                  and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str)}
    fields = {f.name for f in dataclasses.fields(Variant)}
    assert fields - documented == set()
    required = [f.name for f in dataclasses.fields(Variant) if f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING]
    assert required == ["id", "name", "kanji", "files", "ranks", "pieces", "setup"]  # as the docstring says


def test_okisaki_is_declared_as_shogis_differences():
    okisaki = get_variant("okisaki")
    shared = {p.code for p in SHOGI.pieces} & {p.code for p in okisaki.pieces}
    assert {p.code for p in okisaki.pieces} - shared == {"Q"}
    for code in ("R", "B", "G", "S", "P", "+R", "+B", "+S", "+P"):  # inherited, cited to Okisaki's source
        row, parent = okisaki.piece(code), SHOGI.piece(code)
        assert dataclasses.replace(row, sources=parent.sources) == parent and row.sources == ("zhwp-okisaki",)
    assert [p.code for p in okisaki.pieces][:2] == ["K", "Q"]
    # what names the parent is not inherited
    assert okisaki.usi is False and okisaki.fsf_name == "okisakishogi" and SHOGI.fsf_name == "shogi"
    assert okisaki.order == 0 and SHOGI.order == -1


def test_derive_inherits_the_rules_and_not_the_parents_names():
    child = SHOGI.derive(id="child", name="Child", kanji="子")
    assert child.pieces == SHOGI.pieces and child.setup == SHOGI.setup and child.drops
    for name in OWN_FIELDS:
        default = next(f for f in dataclasses.fields(Variant) if f.name == name)
        expected = default.default if default.default is not dataclasses.MISSING else default.default_factory()
        assert getattr(child, name) == expected, name
    assert child.chapter_page == "notebooks/child"


SMALL = "rbsgk/4p/5/P4/KGSBR"


@pytest.mark.parametrize("changes,message", [
    ({"id": "shogi"}, "needs an id of its own"),
    ({"boards": 3}, "no field 'boards'"),
    ({"replace": (QUEEN,)}, "replace= names 'Q', which shogi has not"),
    ({"remove": ("Q",)}, "remove= names 'Q'"),
    ({"add": (SHOGI.piece("G"),)}, "added though the parent has it"),
    ({"add": (QUEEN, QUEEN)}, "twice"),
    ({"remove": ("+N",)}, "N turns into '+N', which has no row"),
    ({"remove": ("N", "+N")}, "unknown piece"),  # the setup still has knights
    ({"files": 10}, "not 10 files by 9 ranks"),
    ({"files": 5, "ranks": 5, "setup": SMALL.replace("k", "g").replace("K", "G")}, "no royal piece"),
    ({"pieces": SHOGI.pieces, "add": (QUEEN,)}, "not both"),
    ({"after": "N", "remove": ("N", "+N"), "add": (QUEEN,)}, "names a removed row"),
])
def test_a_wrong_declaration_is_refused_where_the_variant_is_defined(changes, message):
    with pytest.raises(VariantDataError, match=re.escape(message)):
        SHOGI.derive(**{"id": "child", "name": "Child", "kanji": "子", **changes})


def test_a_wrong_row_in_a_whole_table_is_refused():
    with pytest.raises(VariantDataError, match="two rows have the code 'G'"):
        SHOGI.derive(id="child", name="Child", kanji="子", pieces=SHOGI.pieces + (SHOGI.piece("G"),))


# --- a new game, added as the guide says --------------------------------------------------------------------
MINISHOGI = '''"""Minishogi (5五将棋), shogi on a 5×5 board: declared as its differences from standard shogi."""

from .shogi import VARIANT as SHOGI

VARIANT = SHOGI.derive(
    id="minishogi",
    name="Minishogi",
    kanji="5五将棋",
    files=5,
    ranks=5,
    setup="rbsgk/4p/5/P4/KGSBR",
    promotion_zone=1,
    remove=("N", "L", "+N", "+L"),
    sources=("fairy-stockfish",),
    fsf_name="minishogi",
    fsf_hand_order="GPSRB",
    benchmark_depth=3,
    summary="5×5, 6 pieces a side, drops as in shogi.",
)
'''

CHECKS = '''
import sys
from hypothesis import given, strategies as st

from shogi_rules import Position
from shogi_rules.tools import benchmark
from shogi_rules.diagrams.book import games_table, piece_finder_html
from shogi_rules.compiled.variant import VARIANT_IDS, RuleSet, get_variant
import rule_sets
import conftest
import test_properties as props
import test_fsf_differential as diff
import test_perft

# the package's registries
assert VARIANT_IDS[0] == "minishogi", VARIANT_IDS  # the smallest board comes first
assert RuleSet.of("minishogi").fsf_name == "minishogi"
assert [c.label for c in benchmark.variant_cases(False) if c.variant == "minishogi"] == ["minishogi"]
assert 'href="../book/pieces/minishogi.html#piece-minishogi-K">' in piece_finder_html()
assert "| `minishogi` | Minishogi (5五将棋) | 5 × 5 |" in games_table()
# the tests' registries
assert rule_sets.RULE_SETS["minishogi"] == ("minishogi", {}, "minishogi")
assert "minishogi" in rule_sets.FSF_CASES and "minishogi" in props.RULE_SET_NAMES
assert "minishogi" in diff.CASES

# the property tests' generator fits a 5x5 board, and make/unmake, hash and FEN hold there
@props.examples(25)  # the property tests' own settings
@given(data=st.data(), numbers=st.lists(st.integers(0, 10_000), max_size=12))
def crowded(data, numbers):
    pos = data.draw(props.crowded_positions("minishogi"))
    props.assert_fen_round_trip(pos)
    props.play_and_unwind(pos, numbers)

crowded()

# the Fairy-Stockfish differential machinery: its hand order, legal moves and check in sampled positions, perft
assert diff.fsf_hand_order_of("minishogi") == get_variant("minishogi").fsf_hand_order
samples = conftest.play_biased_games("minishogi", 1, 40)
for s in samples:
    pos = conftest.new_position("minishogi", s.fen)
    ours = {pos.move_name(m, "fsf") for m in pos.legal_moves()}
    theirs, _ = diff.fsf_legal_moves("minishogi", s.fen, ours)
    assert ours == theirs, s.fen
    assert pos.is_check() == diff.pyffish.gives_check("minishogi", s.fen, [])
start = Position("minishogi")
counts = [start.perft(d) for d in (1, 2, 3)]
assert counts == [test_perft.fsf_perft("minishogi", start.fen(), d) for d in (1, 2, 3)] == [14, 181, 2512], counts
assert len(samples) >= 40
print("minishogi taken in:", counts)
'''


@pytest.fixture(scope="module")
def copy_with_minishogi(tmp_path_factory) -> Path:
    """The package and the tests copied, with one file added: ``shogi_rules/variants/minishogi.py``."""
    root = tmp_path_factory.mktemp("new-game")
    shutil.copytree(ROOT / "shogi_rules", root / "shogi_rules", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tests", root / "tests", ignore=shutil.ignore_patterns("__pycache__", "data", "shogiops"))
    (root / "shogi_rules" / "variants" / "minishogi.py").write_text(MINISHOGI, encoding="utf-8")
    return root


def test_a_new_game_is_one_module(copy_with_minishogi):
    pytest.importorskip("pyffish")
    root = copy_with_minishogi
    proc = subprocess.run([sys.executable, "-c", CHECKS], capture_output=True, text=True, timeout=600, cwd=root,
                          env={**os.environ, "PYTHONPATH": f"{root}{os.pathsep}{root / 'tests'}"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "minishogi taken in: [14, 181, 2512]" in proc.stdout


def test_a_wrong_hand_order_is_caught_with_the_right_value(copy_with_minishogi, tmp_path):
    """Had the new game's author guessed Fairy-Stockfish's hand order wrong, the test of the differential
    tests says so and gives the value to write."""
    pytest.importorskip("pyffish")
    root = tmp_path / "wrong"
    shutil.copytree(copy_with_minishogi, root)
    module = root / "shogi_rules" / "variants" / "minishogi.py"
    module.write_text(MINISHOGI.replace('"GPSRB"', '"PGSRB"'), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--no-header",
                           "tests/test_fsf_differential.py", "-k", "hand_order and minishogi"],
                          capture_output=True, text=True, timeout=600, cwd=root,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert proc.returncode == 1, proc.stdout[-2000:]
    assert "minishogi: set fsf_hand_order='GPSRB'" in proc.stdout
