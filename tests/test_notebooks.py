"""The notebooks of the book, run as tests.

* nbval runs every notebook of ``notebooks/`` once per session, in a pytest of its own
  (``python -m pytest --nbval notebooks/``, with this Python as the kernel): each cell is executed
  afresh and its text output compared with the output stored in the notebook. Pictures are not
  compared (PNG bytes differ between machines), so every notebook must also assert the facts it
  draws. One test per notebook reports that notebook's result, and one the run's exit status. (Its
  speed is not tested: speed is measured by the benchmark, never by a timed test.)
* Every notebook is committed executed, with its outputs, as a Python 3 notebook; it turns
  missing glyphs into errors in its first code cell; it stays small; it contains ``assert``; and
  every code cell that draws has an assertion that goes with it: an ``assert`` in the cell, a call
  of one of the notebook's functions that asserts (such as a helper that checks a diagram against
  the engine before drawing it), or an asserting cell within :data:`ASSERT_DISTANCE` code cells.
* The book shows code only where it is what a reader would type: the code a page shows without a
  click (cells not tagged ``hide-input``, ``remove-input``, ``hide-cell`` or ``remove-cell``) is at
  most :data:`VISIBLE_LINES_A_CELL` lines a cell and :data:`VISIBLE_LINES_A_NOTEBOOK` a notebook.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
NBVAL_TIMEOUT = 900
MAX_BYTES = 4_000_000
ASSERT_DISTANCE = 2
VISIBLE_LINES_A_CELL = 8
VISIBLE_LINES_A_NOTEBOOK = 40
HIDDEN_INPUT = {"hide-input", "remove-input", "hide-cell", "remove-cell"}


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def source(cell: dict) -> str:
    src = cell["source"]
    return src if isinstance(src, str) else "".join(src)


def draws(cell: dict) -> bool:
    return any("image/png" in o.get("data", {}) or "image/svg+xml" in o.get("data", {})
               for o in cell.get("outputs", ()))


@pytest.fixture(scope="session")
def nbval_run(tmp_path_factory):
    """Run nbval over every notebook once: ``(exit status, {notebook: [failures]}, {notebook: cells run}, log)``."""
    if not NOTEBOOKS:
        pytest.fail("no notebooks in notebooks/")
    report = tmp_path_factory.mktemp("nbval") / "report.xml"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval", "--nbval-current-env", "-q", "-p", "no:cacheprovider",
         f"--junitxml={report}", *[str(p.relative_to(ROOT)) for p in NOTEBOOKS]],
        cwd=ROOT, capture_output=True, text=True, timeout=NBVAL_TIMEOUT)
    failures: dict[str, list[str]] = {p.stem: [] for p in NOTEBOOKS}
    cases: dict[str, int] = {p.stem: 0 for p in NOTEBOOKS}
    if report.exists():
        for case in ET.parse(report).getroot().iter("testcase"):
            # nbval's items are "notebooks/<stem>.ipynb::Cell <n>": junit's classname "notebooks.<stem>.ipynb"
            stem = case.get("classname", "").removeprefix("notebooks.").removesuffix(".ipynb")
            cases[stem] = cases.get(stem, 0) + 1
            for bad in list(case.iter("failure")) + list(case.iter("error")):
                failures.setdefault(stem, []).append(f"{case.get('name')}: {(bad.get('message') or '')[:500]}")
    return proc.returncode, failures, cases, proc.stdout[-4000:] + proc.stderr[-2000:]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_reproduces_its_outputs(path, nbval_run):
    _, failures, cases, log = nbval_run
    assert cases.get(path.stem), f"nbval ran no cell of {path.name}:\n{log}"
    assert not failures[path.stem], "\n".join(failures[path.stem])


def test_nbval_run_passes(nbval_run):
    status, _, _, log = nbval_run
    assert status == 0, log


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_committed_executed(path):
    nb = load(path)
    assert nb["metadata"].get("kernelspec", {}).get("name") == "python3"
    cells = code_cells(nb)
    assert cells, f"{path.name} has no code"
    for i, cell in enumerate(cells):
        assert cell.get("execution_count") is not None, f"{path.name}: code cell {i} was not executed"
        assert not any(o.get("output_type") == "error" for o in cell.get("outputs", ())), \
            f"{path.name}: code cell {i} stored an error"
    counts = [c["execution_count"] for c in cells]
    assert counts == sorted(counts), f"{path.name}: cells were executed out of order"
    assert any(draws(c) for c in cells) or any(c.get("outputs") for c in cells), f"{path.name} shows nothing"
    assert path.stat().st_size < MAX_BYTES, f"{path.name} is {path.stat().st_size} bytes"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_turns_missing_glyphs_into_errors(path):
    first = source(code_cells(load(path))[0])
    assert "enable_strict_glyphs()" in first, f"{path.name}: the first code cell must call enable_strict_glyphs()"


def _tree(cell: dict) -> ast.Module:
    """The cell's code as Python (IPython's ``%`` and ``!`` lines left out)."""
    lines = [line for line in source(cell).splitlines() if not line.lstrip().startswith(("%", "!"))]
    return ast.parse("\n".join(lines))


def _called(node: ast.AST) -> set[str]:
    return {n.func.id if isinstance(n.func, ast.Name) else n.func.attr for n in ast.walk(node)
            if isinstance(n, ast.Call) and isinstance(n.func, (ast.Name, ast.Attribute))}


def asserting_cells(cells: list[dict]) -> list[int]:
    """The code cells that assert: an ``assert`` statement of their own, or a call of a function of
    the notebook whose body asserts (directly or through another such function)."""
    trees = [_tree(c) for c in cells]
    functions = {n.name: n for t in trees for n in ast.walk(t) if isinstance(n, ast.FunctionDef)}
    asserting = {name for name, f in functions.items() if any(isinstance(n, ast.Assert) for n in ast.walk(f))}
    while True:
        more = {name for name, f in functions.items() if name not in asserting and _called(f) & asserting}
        if not more:
            break
        asserting |= more
    out = []
    for i, t in enumerate(trees):
        body = [n for n in t.body if not isinstance(n, (ast.FunctionDef, ast.ClassDef))]
        if any(isinstance(n, ast.Assert) for b in body for n in ast.walk(b)) or \
                any(_called(b) & asserting for b in body):
            out.append(i)
    return out


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_asserts_what_it_draws(path):
    cells = code_cells(load(path))
    assert any("assert" in source(c) for c in cells), f"{path.name} asserts nothing"
    asserting = asserting_cells(cells)
    lonely = [i for i, c in enumerate(cells) if draws(c)
              and not any(abs(i - j) <= ASSERT_DISTANCE for j in asserting)]
    assert not lonely, (f"{path.name}: code cells {lonely} draw, and no assertion goes with them (in the cell, in a "
                        f"function it calls, or within {ASSERT_DISTANCE} code cells)")


def visible_code(nb: dict) -> list[list[str]]:
    """The lines of each code cell whose input the page shows without a click (blank lines take room
    on the page too)."""
    return [source(c).splitlines() for c in code_cells(nb)
            if not HIDDEN_INPUT & set(c.get("metadata", {}).get("tags", ()))]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_shows_only_short_code(path):
    shown = visible_code(load(path))
    long = [cell[0] for cell in shown if len(cell) > VISIBLE_LINES_A_CELL]
    assert not long, f"{path.name}: visible code cells of more than {VISIBLE_LINES_A_CELL} lines: {long}"
    total = sum(map(len, shown))
    assert total <= VISIBLE_LINES_A_NOTEBOOK, f"{path.name} shows {total} lines of code"
