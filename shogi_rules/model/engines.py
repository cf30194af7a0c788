"""The programs and sites that play these games, and which rule set each plays.

A preset whose id is the id of an :class:`Engine` here (``lishogi``, ``hachu``, ``fairy-stockfish``,
``werner``, ``evans``) is that engine's reading of the game: the book's table of engine readings is made
from those presets, so a new game's engine presets join it by their ids alone. ``checked`` names the
games on which the test suite compares the engine's own output with this one, and says what it compares;
on the others the preset rests on the engine's documentation or source, which its sources cite.

>>> engine_of("hachu").name
'HaChu'
>>> engine_of("zhwp") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping


@dataclass(frozen=True)
class Engine:
    """A program or site: its preset id, its name, its sources (keys of ``book/references.bib``), and
    ``checked``: game id → what the test suite compares with it there (where it runs here)."""

    id: str
    name: str
    sources: tuple[str, ...]
    checked: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


ENGINES = (
    Engine("lishogi", "lishogi (shogiops)", ("shogiops", "scalashogi", "lishogi-chu"),
           MappingProxyType({"chu": "its rules library shogiops, move by move on random games"})),
    Engine("hachu", "HaChu", ("hachu",),
           MappingProxyType({"chu": "the engine itself, move by move on random games"})),
    Engine("fairy-stockfish", "Fairy-Stockfish", ("fairy-stockfish",),
           MappingProxyType({"okisaki": "the engine itself (pyffish), move by move on random games"})),
    Engine("werner", "E. Werner's Tenjiku program", ("werner-tenjiku",)),
    Engine("evans", "Steve Evans' Shogi Variants", ("evans-shogivar",),
           MappingProxyType({v: "its data files, piece by piece" for v in ("tenjiku", "daidai", "makadaidai")})),
)
"""Every engine or site with a preset, in the order of the book's table."""


def engine_of(preset_id: str) -> Engine | None:
    """The engine whose reading a preset of this id is, if any."""
    return next((e for e in ENGINES if e.id == preset_id), None)
