"""Chu shogi against lishogi's own rules library, ``shogiops`` (npm, pinned in tests/shogiops).

The package is installed from the committed lock file (``npm ci``) the first time the tests run and
driven through tests/shogiops/driver.mjs. Every check runs under lishogi's reading of every rule
choice (``chu.*=lishogi``, which is also the default), the reading shogiops implements.

* the legal moves of at least 500 positions reached by seeded random play that favours captures and
  moves of the pieces with lion power, compared as sets of lishogi USI strings: ours written by
  :func:`shogi_rules.notation.lishogi.spellings` (every string shogiops accepts for a move), theirs
  every string its ``isLegal`` accepts;
* the position after each move played, compared as lishogi SFEN (the third field is the square of a
  Lion just taken by a non-Lion: the counter-strike state);
* how the game ends, on endgame positions built for the bare-king rules (king, sometimes a prince, and a few
  pieces against a king, sometimes a bare one; dead pawns and lances; either side to move), on a position in
  which a side without a move bares the other, and after a position has occurred four times: shogiops'
  outcome against ours under the preset ``shogiops``, and, under the preset ``lishogi``, against lishogi's
  server, whose rule (scalashogi's ``variant/Chushogi.scala``: ``bareKing`` and ``status``) the driver
  transcribes over shogiops' board; the two part on a king and prince against a bare king, on the order of
  the bare king and a side without a move, and on repetition, which shogiops does not know. Our engine also
  reports a side mated when every move loses its last royal piece; lishogi plays on to the capture, so that
  verdict is compared as no result;
* perft from the start to depth 3, counted as shogiops' ``isLegal`` accepts moves (a Lion's jump has
  one spelling from-to and one through each empty square between; a pass one through each empty
  neighbour), so a move of ours counts as many times as it has spellings
  (:func:`shogi_rules.notation.lishogi.perft`). shogiops' own debug perft
  passes the two squares of a double move in the wrong order and is not used.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from records_oracle import Shogiops
from shogi_rules import Position, RuleSet, get_variant
from shogi_rules.notation import lishogi
from shogi_rules.notation.lishogi import parse_usi, read_sfen, spellings, write_sfen

HERE = Path(__file__).parent / "shogiops"
LISHOGI = {c.id: "lishogi" for c in get_variant("chu").rule_choices}
SERVER = RuleSet.of("chu", preset="lishogi").choices
LIBRARY = RuleSet.of("chu", preset="shogiops").choices
POSITIONS = 500
SEED = 20261201


@pytest.fixture(scope="module")
def shogiops():
    oracle = Shogiops("driver.mjs")
    yield oracle
    oracle.close()


def test_the_pinned_version_is_installed(shogiops):
    lock = json.loads((HERE / "package-lock.json").read_text())
    installed = json.loads((HERE / "node_modules" / "shogiops" / "package.json").read_text())
    assert installed["version"] == lock["packages"]["node_modules/shogiops"]["version"] == "0.18.0"


def our_usis(pos: Position) -> set[str]:
    return {usi for m in pos.legal_moves() for usi in spellings(pos, m)}


def test_start_position_is_lishogis(shogiops):
    pos = Position("chu", rules=LISHOGI)
    assert write_sfen(pos) == ("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
                               "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1")
    assert our_usis(pos) == set(shogiops.ask(op="moves", sfen=write_sfen(pos))["moves"])


@pytest.mark.parametrize("depth,nodes", [(1, 36), (2, 1296), (3, 52599)])
def test_perft_from_the_start_equals_shogiops(shogiops, depth, nodes):
    pos = Position("chu", rules=LISHOGI)
    assert shogiops.ask(op="perft", sfen=write_sfen(pos), depth=depth)["nodes"] == nodes
    assert lishogi.perft(pos, depth) == nodes
    # the engine's own perft counts each move once, whatever its spellings
    assert pos.perft(depth) == {1: 36, 2: 1296, 3: 48315}[depth]


def _weight(pos: Position, move) -> int:
    board = pos.board
    lion_power = bool(pos.tables.specials[board[move.origin]])
    captures = sum(1 for s in (*move.path, move.target) if s != move.origin and board[s])
    return 1 + 12 * captures + 4 * lion_power + 40 * (captures and lion_power)


def random_positions(count: int, seed: int):
    """Positions of seeded random games favouring captures and lion-power moves, and the move played."""
    rng = random.Random(seed)
    seen = 0
    while seen < count:
        pos = Position("chu", rules=LISHOGI)
        for _ply in range(160):
            moves = pos.legal_moves()
            if not moves or any(not any(pos.tables.royal[c] for c in pos.board if c and c & 1 == col)
                                for col in (0, 1)):
                break
            move = rng.choices(moves, weights=[_weight(pos, m) for m in moves])[0]
            yield pos, move
            seen += 1
            if seen >= count:
                return
            pos.push(move)


def test_random_positions_have_shogiops_legal_moves(shogiops):
    checked = lion_states = lion_moves = 0
    for pos, move in random_positions(POSITIONS, SEED):
        sfen = write_sfen(pos)
        theirs = set(shogiops.ask(op="moves", sfen=sfen)["moves"])
        ours = our_usis(pos)
        assert ours == theirs, (f"{sfen}: only ours {sorted(ours - theirs)[:10]}, "
                                f"only shogiops' {sorted(theirs - ours)[:10]}")
        usi = spellings(pos, move)[-1]
        assert parse_usi(pos, usi) == move
        after = pos.copy()
        after.push(move)
        assert write_sfen(after) == shogiops.ask(op="play", sfen=sfen, usi=usi)["sfen"], f"{sfen} then {usi}"
        # the position read back from lishogi's SFEN has the same moves
        assert set(read_sfen(sfen, LISHOGI).legal_moves()) == set(pos.legal_moves())
        checked += 1
        lion_states += pos.lion_capture is not None
        lion_moves += len(move.path) > 0 or move.target == move.origin
    assert checked >= POSITIONS
    # the sample reaches the rules under test: double moves, igui or passes, and counter-strike states
    assert lion_moves >= 20 and lion_states >= 3, (lion_moves, lion_states)


CROWD = ["P", "P", "I", "G", "S", "C", "F", "T", "E", "O", "X", "M", "V", "R", "B", "H", "D", "A", "L", "Q",
         "+P", "+I", "+M", "+V", "+R", "+B", "+E", "+A", "+T", "+X", "+L", "+F", "+C", "+S", "+G"]


def lion_crowds(count: int, seed: int):
    """Positions built around Lions: two per side (one may be a promoted kirin), a Horned Falcon and
    a Soaring Eagle each, and a crowd of other pieces in the middle of the board, sometimes with the
    counter-strike square set, so that every Lion-trading case comes up."""
    rng = random.Random(seed)
    g = Position("chu").geometry
    for _ in range(count):
        pieces: dict[str, str] = {}
        free = [g.name(sq) for sq in range(g.size) if 2 <= g.row(sq) <= 9 and 2 <= g.column(sq) <= 9]
        rng.shuffle(free)
        for side in (str.upper, str.lower):
            for code in ["K", "N", rng.choice(["N", "+O"]), "+H", "+D"] + rng.choices(CROWD, k=9):
                pieces[free.pop()] = side(code)
        pos = Position.from_pieces("chu", pieces, turn=rng.randrange(2), rules=LISHOGI)
        if rng.random() < 0.4:
            lion = rng.choice([sq for sq, c in enumerate(pos.board) if c and c & 1 != pos.turn])
            pos = Position("chu", fen=pos.fen().replace(" - - ", f" - {g.fsf_name(lion)} "), rules=LISHOGI)
        yield pos


def test_positions_around_lions_have_shogiops_legal_moves(shogiops):
    refused = 0
    for pos in lion_crowds(300, SEED):
        sfen = write_sfen(pos)
        theirs = set(shogiops.ask(op="moves", sfen=sfen)["moves"])
        ours = our_usis(pos)
        assert ours == theirs, (f"{sfen}: only ours {sorted(ours - theirs)[:10]}, "
                                f"only shogiops' {sorted(theirs - ours)[:10]}")
        free = Position("chu", fen=pos.fen(), rules={**LISHOGI, "chu.lion-trading": "none",
                                                      "chu.counter-strike": "none"})
        refused += len(free.legal_moves()) - len(pos.legal_moves())
    assert refused >= 50, f"the sample exercises the Lion-trading rules too little ({refused} moves refused)"


# --- how the game ends ------------------------------------------------------------------------------------------
RESULTS = {"royal-captured": "kingslost", "stalemate": "stalemate", "bare-king": "bareking", "bare-kings": "draw",
           "checkmate": None}
"""Our outcome's reason as shogiops names the result; our checkmate is no result for lishogi, which plays on."""


def as_lishogi(pos: Position) -> dict | None:
    found = pos.outcome()
    if found is None or RESULTS[found.reason] is None:
        return None
    return {"result": RESULTS[found.reason], "winner": {0: "sente", 1: "gote", None: None}[found.winner]}


ENDGAME = ["G", "S", "B", "R", "N", "+O", "Q", "+P", "+I", "P", "I", "L", "A", "T"]


def endgames(count: int, seed: int):
    """Few pieces: a king a side, sometimes a prince besides, and zero to three more pieces a side, with bare
    kings, kings next to the winning side's pieces and dead pawns and lances on the last rank common."""
    rng = random.Random(seed)
    g = Position("chu").geometry
    while count:
        squares = [g.name(sq) for sq in range(g.size)]
        rng.shuffle(squares)
        pieces: dict[str, str] = {}
        bare = rng.randrange(2)
        for side, case in ((0, str.upper), (1, str.lower)):
            codes = ["K"] + (["+E"] if rng.random() < 0.4 else [])
            if side != bare or rng.random() < 0.2:
                codes += rng.choices(ENDGAME, k=rng.choice([0, 1, 1, 2, 2, 3]))
            for code in codes:
                pieces[squares.pop()] = case(code)
        if rng.random() < 0.5:  # a piece of the stronger side next to the bare king
            king = g.parse(next(sq for sq, c in pieces.items() if c == ("K" if bare == 0 else "k")))
            near = [g.name(sq) for sq in range(g.size) if g.name(sq) not in pieces
                    and max(abs(g.column(sq) - g.column(king)), abs(g.row(sq) - g.row(king))) == 1]
            if near:
                code = rng.choice(["G", "S", "+E", "Q"])
                pieces[rng.choice(near)] = code.lower() if bare == 0 else code
        for side, case, rank in ((0, str.upper, "a"), (1, str.lower, "l")):  # dead pawns and lances
            if rng.random() < 0.3:
                square = f"{rng.randrange(1, 13)}{rank}"
                if square not in pieces:
                    pieces[square] = case(rng.choice(["P", "L"]))
        try:
            pos = Position.from_pieces("chu", pieces, turn=rng.randrange(2), rules=LIBRARY)
        except ValueError:
            continue
        count -= 1
        yield pos


def test_the_end_of_the_game_is_shogiops_under_its_preset_and_the_servers_under_lishogi(shogiops):
    seen = {"bare": 0, "prince-bares": 0, "drawn": 0, "apart": 0}
    for pos in endgames(400, SEED):
        sfen = write_sfen(pos)
        theirs = shogiops.ask(op="end", sfen=sfen)
        server = Position("chu", fen=pos.fen(), rules=SERVER)
        assert as_lishogi(pos) == theirs["outcome"], f"{sfen}: ours {pos.outcome()}, shogiops {theirs['outcome']}"
        assert as_lishogi(server) == theirs["server"], f"{sfen}: ours {server.outcome()}, server {theirs['server']}"
        if theirs["outcome"] is None:
            assert len(our_usis(pos)) == theirs["moves"], sfen
        result = (theirs["server"] or {}).get("result")
        seen["bare"] += result == "bareking"
        seen["drawn"] += result == "draw"
        seen["apart"] += theirs["server"] != theirs["outcome"]
        seen["prince-bares"] += result == "bareking" and theirs["outcome"] is None
    # the sample reaches every verdict, and positions where the server and the library part
    assert seen["bare"] >= 40 and seen["drawn"] >= 3 and seen["prince-bares"] >= 10 and seen["apart"] >= 10, seen


def test_a_side_without_a_move_that_bares_the_other_wins_on_the_server_and_loses_in_shogiops(shogiops):
    """Sente's king in the corner is walled in by its own pawns, a dead one on the last rank, and a lance behind
    them: sente has no move, and gote's king is bare against king and lance."""
    pieces = {"12a": "K", "11a": "P", "12b": "P", "11b": "P", "12c": "L", "1l": "k"}
    pos = Position.from_pieces("chu", pieces, rules=LIBRARY)
    theirs = shogiops.ask(op="end", sfen=write_sfen(pos))
    assert theirs == {"outcome": {"result": "stalemate", "winner": "gote"},
                      "server": {"result": "bareking", "winner": "sente"}, "moves": 0}
    assert as_lishogi(pos) == theirs["outcome"]
    assert as_lishogi(Position.from_pieces("chu", pieces, rules=SERVER)) == theirs["server"]


def test_a_fourth_occurrence_ends_the_game_on_the_server_only(shogiops):
    """The kings step out and back until the start position has occurred four times: shogiops, which keeps no
    history, lists the moves as before and gives no result, as ours does under its preset; under lishogi's
    (the server's fourfold repetition) the game is drawn."""
    pieces = {"12l": "K", "1a": "k", "1c": "p", "6h": "G"}
    start = Position.from_pieces("chu", pieces, rules=LIBRARY)
    cycle = ["12l11l", "1a2a", "11l12l", "2a1a"]
    theirs = shogiops.ask(op="end", sfen=write_sfen(start), usis=cycle * 3)
    assert theirs["outcome"] is None and theirs["moves"] == len(our_usis(start))
    for rules, expected in ((LIBRARY, None), (SERVER, "draw (repetition)")):
        pos = Position.from_pieces("chu", pieces, rules=rules)
        for usi in cycle * 3:
            pos.push(parse_usi(pos, usi))
        assert pos.hash_history.count(pos.hash) == 4
        assert (str(pos.outcome()) if pos.outcome() else None) == expected
        assert as_lishogi(pos) is None if rules is LIBRARY else pos.outcome().winner is None
        assert len(our_usis(pos)) == theirs["moves"]
