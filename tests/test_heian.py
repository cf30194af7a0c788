"""Heian shogi and Heian dai shogi against a second move generator (``heian_movegen.py``), and their own rules.

No engine plays the two games, so a second generator, written for the tests from the sources' words and sharing
no move-generation code with the package, stands in for one: under every preset of both games, and with each other option
of every rule choice, every piece alone on the board (with the two kings in far corners) has the same moves
on every square, and from the start the legal moves and, for each, the number of legal replies (perft 2, split
by first move) are the same. Then: a rule option changes the board's size; the bare-king readings; the choices
that change a piece's moves.
"""

from __future__ import annotations

import pytest

import heian_movegen as gen
from shogi_rules import Position
from shogi_rules.compiled.variant import RuleSet, get_variant
from shogi_rules.model.errors import FenError
from shogi_rules.model.switches import SwitchError
from shogi_rules.model.variant_data import check_effects

ZONES = {"three": 3, "two": 2}


def _rule_sets() -> list[tuple[str, str, dict[str, str]]]:
    out = []
    for vid in ("heian", "heiandai"):
        for preset in get_variant(vid).presets:
            out.append((f"{vid}-{preset.id}", vid, dict(preset.choices)))
        for c in get_variant(vid).rule_choices:  # and every other option, one at a time
            for o in c.options:
                if o.id != c.default:
                    out.append((f"{c.id}={o.id}", vid, {c.id: o.id}))
    return out


RULE_SETS = _rule_sets()
IDS = [name for name, _, _ in RULE_SETS]


def independent(rs: RuleSet, board: dict | None = None) -> gen.Game:
    """The second generator's game for the rule set, chosen by the rule set's option ids only."""
    c = rs.choices
    if rs.base.id == "heian":
        game = gen.small_game(c["heian.board"], ZONES[c["heian.promotion-zone"]])
    else:
        readings = {"C": c["heiandai.copper-general"], "I": c["heiandai.iron-general"],
                    "SM": c["heiandai.side-mover"], "FD": c["heiandai.flying-dragon"],
                    "+FD": c["heiandai.flying-dragon-promotion"]}
        game = gen.large_game(c["heiandai.board"], readings)
    if board is not None:
        game.board = board
    return game


def as_tuple(pos: Position, move) -> gen.Move:
    g = pos.geometry
    return ((g.file_of(move.origin), g.rank_of(move.origin)), (g.file_of(move.target), g.rank_of(move.target)),
            move.promotion)


def engine_divide(pos: Position) -> dict[gen.Move, int]:
    out = {}
    for move in pos.legal_moves():
        pos.push(move)
        out[as_tuple(pos, move)] = len(pos.legal_moves())
        pos.pop()
    return out


@pytest.mark.parametrize("name,vid,choices", RULE_SETS, ids=IDS)
def test_perft_2_from_the_start_agrees_move_by_move(name, vid, choices):
    pos = Position(vid, rules=choices)
    game = independent(pos.rules)
    ours = {(sq, (code, side, False)) for sq, (code, side, _) in game.board.items()}
    g = pos.geometry
    theirs = set()
    for sq, code in enumerate(pos.board):
        if code:
            kind = pos.rules.tables.types[code >> 1]
            theirs.add(((g.file_of(sq), g.rank_of(sq)), (kind.code, code & 1, False)))
    assert theirs == ours, "the setups differ"
    expected = gen.divide(game, 0)
    assert engine_divide(pos) == expected
    assert pos.perft(2) == sum(expected.values()) > 0


def _codes(rs: RuleSet) -> list[str]:
    return [p.code for p in rs.variant.pieces]


@pytest.mark.parametrize("name,vid,choices", RULE_SETS, ids=IDS)
def test_every_piece_alone_has_the_same_moves_on_every_square(name, vid, choices):
    rs = RuleSet.of(vid, choices)
    v = rs.variant
    king, enemy = (1, v.ranks), (v.files, 1)
    names = {}
    checked = 0
    for code in _codes(rs):
        plain = code.lstrip("+")
        for file in range(1, v.files + 1):
            for rank in range(1, v.ranks + 1):
                sq = (file, rank)
                if sq == enemy or (sq == king and code != "K"):
                    continue
                pieces = {sq: (plain, 0, code.startswith("+")), enemy: ("K", 1, False)}
                if code != "K":
                    pieces[king] = ("K", 0, False)
                fen = {f"{f}{'abcdefghijklm'[r - 1]}": (("+" if p else "") + (c if len(c) == 1 else f"({c})")
                                                        if s == 0 else (c if len(c) == 1 else f"({c})").lower())
                       for (f, r), (c, s, p) in pieces.items()}
                game = independent(rs, dict(pieces))
                if not code.startswith("+") and code != "K" and gen.stuck(game, plain, 0, sq):
                    with pytest.raises(FenError, match="could never move again"):  # a dead piece: not a position
                        Position.from_pieces(rs, fen)
                    continue
                if gen.attacked(game, enemy, 0):  # gote in check with sente to move: not a position
                    with pytest.raises(FenError, match="in check with sente to move"):
                        Position.from_pieces(rs, fen)
                    continue
                pos = Position.from_pieces(rs, fen)
                mine = {m for m in gen.legal_moves(game, 0) if m[0] == sq and m[1] != enemy}
                engine = {as_tuple(pos, m) for m in pos.legal_moves()}
                engine = {m for m in engine if m[0] == sq and m[1] != enemy}
                assert engine == mine, (code, sq)
                names[code] = True
                checked += 1
    assert set(names) == set(_codes(rs)) and checked > 100


# --- the board, the bare king, the moves the choices change -------------------------------------------------

def test_a_rule_option_changes_the_boards_size_and_setup():
    sizes = {b: (Position("heian", rules={"heian.board": b}).geometry.files,
                 Position("heian", rules={"heian.board": b}).geometry.ranks) for b in gen.SMALL_BOARDS}
    assert sizes == {"9x8": (9, 8), "9x9": (9, 9), "8x8": (8, 8), "takami": (9, 10)}
    assert Position("heiandai", preset="takami").geometry.ranks == 10
    # an option whose setup does not fit its board is refused where the variant is defined
    with pytest.raises(SwitchError, match="not 9 files by 9 ranks"):
        check_effects(get_variant("heian"), {"ranks": 9, "setup": "lnsgkgsnl/ppppppppp/9/9/9/9/PPPPPPPPP/LNSGKGSNL"})


@pytest.mark.parametrize("vid,king,gold,pawn,enemy", [("heian", "5h", "5d", "5c", "5a"),
                                                      ("heiandai", "7m", "7d", "7c", "7a")])
def test_the_bare_king_readings(vid, king, gold, pawn, enemy):
    """Sente's gold takes gote's last piece beside its king: gote is bare."""
    results = {}
    for option in ("immediate", "evans", "none"):
        pos = Position.from_pieces(vid, {king: "K", enemy: "k", pawn: "p", gold: "G"},
                                   rules={f"{vid}.bare-king": option})
        assert pos.outcome() is None
        pos.push(pos.parse_move(f"Gx{pawn}"))
        results[option] = pos.outcome()
        if option == "evans":  # gote to move is bare and cannot bare sente: after its move it has lost
            assert results[option] is None
            pos.push(next(m for m in pos.legal_moves()))
            results[option] = pos.outcome()
    assert (results["immediate"].winner, results["immediate"].reason) == (0, "bare-king")
    assert (results["evans"].winner, results["evans"].reason) == (0, "bare-king")
    assert results["none"] is None


def test_a_reply_that_bares_the_other_king_draws_under_evans_rule():
    """Sente's gold takes the pawn beside gote's king; the king takes the gold: both kings are bare."""
    for option, after_capture in (("evans", None), ("immediate", (0, "bare-king"))):
        pos = Position.from_pieces("heian", {"9h": "K", "5a": "k", "5b": "p", "5c": "G"},
                                   rules={"heian.bare-king": option})
        pos.push(pos.parse_move("Gx5b"))
        outcome = pos.outcome()
        assert (outcome and (outcome.winner, outcome.reason)) == (after_capture or None)
    pos.push(pos.parse_move("Kx5b"))
    assert (pos.outcome().winner, pos.outcome().reason) == (None, "bare-kings")


def test_the_choices_change_the_pieces_moves():
    def targets(preset: str, code: str) -> set[str]:
        pos = Position.from_pieces("heiandai", {"7g": code, "1m": "K", "12a": "k"}, preset=preset)
        return {pos.geometry.name(m.target) for m in pos.legal_moves() if m.origin == pos.geometry.square(7, 7)}

    assert (targets("jawp", "C"), targets("evans", "C")) == ({"7f", "7h", "6g", "8g"}, {"7f", "7h", "6f", "8f"})
    assert (targets("jawp", "I"), targets("evans", "I")) == ({"7f", "6f", "8f", "6g", "8g"}, {"7f", "6f", "8f"})
    assert targets("evans", "(SM)") - targets("jawp", "(SM)") == {"7h"}
    assert len(targets("jawp", "+(FD)")) == 6 and len(targets("evans", "+(FD)")) == 27  # 23 diagonal (own king on 1m)
    assert targets("jawp", "(FD)") - targets("jawp", "+(FD)") and \
        len(targets("jawp", "(FD)")) == 23


def test_a_record_that_goes_on_after_a_bare_king_is_refused():
    """Replaying a record stops at the move after the game ended by a bare king (a game with check rules)."""
    from shogi_rules.notation.records import replay

    fen = Position.from_pieces("heian", {"5h": "K", "5a": "k", "5c": "p", "5d": "G"}).fen()
    moves = ["Gx5c", "K-4a"]
    over = replay("heian", moves, {"heian.bare-king": "immediate"}, fen=fen)
    assert (over.legal, over.first_illegal_ply) == (False, 2)
    assert replay("heian", moves, {"heian.bare-king": "none"}, fen=fen).legal
