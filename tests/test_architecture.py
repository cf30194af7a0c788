"""The package's structure: one direction of imports, and types that ``mypy --strict`` accepts.

The layers are declared in ``pyproject.toml`` (``[tool.importlinter]``): a module imports only from
the layers below its own, imports inside functions included; only imports made for type checking
alone, and the lazy import of the drawing code by ``Position._repr_png_``, are exempt.

The layers hold in the types too: counting every import, those made for type checking alone and
those inside functions included, the package has no import cycle but the one through that lazy
display hook (the lower layers name what they read of a position as protocols,
:class:`shogi_rules.engine.board.GameBoard` and the mechanisms' views, instead of importing it).
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "shogi_rules"

ALLOWED_CYCLE_EDGES = {("shogi_rules.engine.position", "shogi_rules.diagrams.board")}
"""Positions draw themselves in notebooks (``_repr_png_``), as python-chess boards do: the one import
that may close a cycle (a lazy one, inside the method)."""


def package_modules(root: Path = ROOT) -> dict[str, Path]:
    """The modules of the package by dotted name (a package by its own name, for its ``__init__``)."""
    out = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """``{module: modules of the package it imports}``, read from the source with :mod:`ast`: every
    import statement counts, at the top, inside ``if TYPE_CHECKING:`` or inside a function. An
    import names the module it imports (``from .mechanisms import bare_king`` the submodule
    ``bare_king``, ``from . import BoardView`` the package's ``__init__``), not the packages around it."""
    modules = package_modules(root)

    def known(name: str) -> str:
        while name not in modules:
            name = name.rpartition(".")[0]
        return name

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                found.update(known(a.name) for a in node.names if a.name.split(".")[0] == PACKAGE)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = ".".join(here.split(".")[:len(here.split(".")) - node.level + 1] + [node.module or ""]).rstrip(".")
                else:
                    base = node.module or ""
                if base.split(".")[0] != PACKAGE:
                    continue
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    found.add(sub if sub in modules else known(base))
        found.discard(name)
        graph[name] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (each module of one can reach
    every other through imports), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for start in sorted(graph):  # Tarjan's algorithm, without recursion
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return sorted(out)


def describe(graph: dict[str, set[str]], knots: list[list[str]]) -> str:
    lines = []
    for knot in knots:
        lines.append(f"{len(knot)} modules import each other: " + ", ".join(knot))
        lines += [f"    {a} -> {b}" for a in knot for b in sorted(graph[a]) if b in knot]
    return "\n".join(lines)


def without_allowed(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    return {a: {b for b in targets if (a, b) not in ALLOWED_CYCLE_EDGES} for a, targets in graph.items()}


def test_the_import_graph_is_read_in_full():
    graph = import_graph()
    assert "shogi_rules.engine.movegen" in graph["shogi_rules.engine.position"]  # a top-level import
    for edge in ALLOWED_CYCLE_EDGES:  # a lazy import inside a method: the exemption is not stale
        assert edge[1] in graph[edge[0]], edge
    assert "shogi_rules.model.mechanisms.bare_king" in graph["shogi_rules.engine.outcome"]  # from a package import a module
    assert "shogi_rules.model.mechanisms" in graph["shogi_rules.model.mechanisms.area"]  # from . import a name


def test_cycles_are_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_the_engine_layers_import_in_one_direction_even_in_types():
    """Below notation (data model, mechanisms, compiled tables, move generation, game end, the
    position) no module imports, even for type checking alone, a module that imports it back."""
    graph = without_allowed(import_graph())
    below_notation = {a: {b for b in targets if not b.startswith("shogi_rules.notation")}
                      for a, targets in graph.items() if not a.startswith("shogi_rules.notation")}
    knots = cycles(below_notation)
    assert not knots, describe(below_notation, knots)


def test_no_import_cycle_but_the_display_hook():
    graph = without_allowed(import_graph())
    knots = cycles(graph)
    assert not knots, describe(graph, knots)


def test_imports_run_one_way():
    from importlinter.cli import lint_imports

    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    finally:
        os.chdir(cwd)
    assert status == 0, "an import runs against the layers of pyproject.toml (run lint-imports to see which)"


def test_mypy_strict_passes(tmp_path):
    from mypy import api

    out, err, status = api.run(["--strict", "--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", str(tmp_path / "mypy"), str(ROOT / "shogi_rules")])
    assert status == 0, out + err


def test_the_package_ships_its_types():
    assert (ROOT / "shogi_rules" / "py.typed").exists()
    assert 'shogi_rules = ["py.typed"]' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_position_and_the_layers_below_import_no_notation_and_notation_has_no_cycle():
    """The position reads and writes its FEN below the notations and reaches the move notations
    through an installed hook: neither it nor anything it imports imports a module of
    ``shogi_rules.notation`` (imports made only for type checking aside); and the FEN and lishogi
    modules of the notations do not import each other both ways."""
    import grimp

    graph = grimp.build_graph("shogi_rules", exclude_type_checking_imports=True)
    below = {"shogi_rules.engine.position"} | graph.find_upstream_modules("shogi_rules.engine.position")
    notation = {m for m in graph.modules if m.startswith("shogi_rules.notation")}
    assert not below & notation, sorted(below & notation)
    assert graph.find_shortest_chain(importer="shogi_rules.notation.lishogi", imported="shogi_rules.notation.fen") is None
