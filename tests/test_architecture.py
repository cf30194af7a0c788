"""The package's structure: one direction of imports, and types that ``mypy --strict`` accepts.

The layers are declared in ``pyproject.toml`` (``[tool.importlinter]``): a module imports only from
the layers below its own, imports inside functions included; only imports made for type checking
alone, and the lazy import of the drawing code by ``Position._repr_png_``, are exempt.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
    below = {"shogi_rules.position"} | graph.find_upstream_modules("shogi_rules.position")
    notation = {m for m in graph.modules if m.startswith("shogi_rules.notation")}
    assert not below & notation, sorted(below & notation)
    assert graph.find_shortest_chain(importer="shogi_rules.notation.lishogi", imported="shogi_rules.notation.fen") is None
