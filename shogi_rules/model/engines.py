"""The programs and sites that play these games, and which rule set each plays.

A preset whose id is the id of an :class:`Engine` here (``lishogi``, ``shogiops``, ``hachu``, ``fairy-stockfish``,
``werner``, ``evans``) is that engine's reading of the game: the book's table of engine readings is made
from those presets, so a new game's engine presets join it by their ids alone. Whether the test suite
compares the engine's own output with the preset is said by the preset itself
(:attr:`~shogi_rules.model.rules.Preset.checked`), in the game's module; where it does not, the preset
rests on the engine's documentation or source, which its sources cite.

>>> engine_of("hachu").name
'HaChu'
>>> engine_of("zhwp") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Engine:
    """A program or site: its preset id, its name and its sources (keys of ``book/references.bib``)."""

    id: str
    name: str
    sources: tuple[str, ...]


ENGINES = (
    Engine("lishogi", "lishogi's server", ("scalashogi", "lishogi-chu")),
    Engine("shogiops", "shogiops (lishogi's library)", ("shogiops",)),
    Engine("hachu", "HaChu", ("hachu",)),
    Engine("fairy-stockfish", "Fairy-Stockfish", ("fairy-stockfish",)),
    Engine("werner", "E. Werner's Tenjiku program", ("werner-tenjiku",)),
    Engine("evans", "Steve Evans' Shogi Variants", ("evans-shogivar",)),
)
"""Every engine or site with a preset, in the order of the book's table."""


def engine_of(preset_id: str) -> Engine | None:
    """The engine whose reading a preset of this id is, if any."""
    return next((e for e in ENGINES if e.id == preset_id), None)
