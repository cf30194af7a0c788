"""The ``shogi-rules`` console entry point: the command (:mod:`shogi_rules.apps.cli`) is imported only once
Ctrl-C is handled, so that an interrupt while the engine loads exits with status 130, as one later
does, instead of a traceback."""

from __future__ import annotations

import sys

EXIT_INTERRUPTED = 130


def main() -> int:
    try:
        from .cli import main as command
        return command()
    except KeyboardInterrupt:
        sys.stderr.write("shogi-rules: interrupted\n")
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    raise SystemExit(main())
