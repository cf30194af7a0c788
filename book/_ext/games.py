"""Lists of games and command output made from the engine when the book is built, so that no page lists the
games by hand.

* the directive ``games-table`` (option ``:sources:``): the table of every game of the registry, from
  :func:`shogi_rules.diagrams.book.games_table`;
* the directive ``engine-readings``: for each game, the option every engine's or site's preset takes, from
  :func:`shogi_rules.diagrams.book.engine_readings_table`;
* the directive ``command-output`` (``shogi-rules variants``): runs a command of ``shogi-rules`` and shows
  it with its output, as a ``console`` block.

A page that uses one is read again whenever a module of the variants changes.
"""

from __future__ import annotations

import contextlib
import io
import shlex
import sys
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from docutils.statemachine import StringList


def _package(env) -> None:
    """Make this checkout's package importable, and the page depend on every variant module."""
    root = Path(env.app.confdir)
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    for module in sorted((root / "shogi_rules" / "variants").glob("*.py")):
        env.note_dependency(str(module))


class GamesTable(Directive):
    """The table of games (Markdown, parsed as the page is)."""

    option_spec = {"sources": directives.flag}

    def run(self) -> list[nodes.Node]:
        _package(self.state.document.settings.env)
        from shogi_rules.diagrams.book import games_table

        container = nodes.container()
        text = games_table(cite="sources" in self.options)
        self.state.nested_parse(StringList(text.splitlines(), source="games-table"), self.content_offset, container)
        return container.children


class EngineReadings(Directive):
    """The table of the engines' readings (Markdown, parsed as the page is)."""

    def run(self) -> list[nodes.Node]:
        _package(self.state.document.settings.env)
        from shogi_rules.diagrams.book import engine_readings_table

        container = nodes.container()
        text = engine_readings_table()
        self.state.nested_parse(StringList(text.splitlines(), source="engine-readings"), self.content_offset, container)
        return container.children


class CommandOutput(Directive):
    """``shogi-rules ARGS`` run now, shown with its output as a console session."""

    required_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        env = self.state.document.settings.env
        _package(env)
        from shogi_rules.apps.cli import main

        args = shlex.split(self.arguments[0])
        if not args or args[0] != "shogi-rules":
            raise self.error("command-output runs shogi-rules commands only")
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out), contextlib.chdir(env.app.confdir):
            main(args[1:])
        text = f"$ {self.arguments[0]}\n{out.getvalue().rstrip()}"
        block = nodes.literal_block(text, text, language="console")
        return [block]


def setup(app):
    app.add_directive("games-table", GamesTable)
    app.add_directive("engine-readings", EngineReadings)
    app.add_directive("command-output", CommandOutput)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
