"""A position behaves like a Python value: it copies, deep-copies and pickles (for multiprocessing
workers) into an independent position with its history, and, being mutable, it is not hashable: its
``transposition_key()`` is."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

from shogi_rules import Position, RuleSet
from shogi_rules.compiled.variant import VARIANT_IDS


def played(variant: str, plies: int = 6) -> Position:
    """A position of ``variant`` after ``plies`` moves (the first or last legal move in turn)."""
    pos = Position(variant)
    for ply in range(plies):
        moves = pos.legal_moves()
        pos.push(moves[0] if ply % 2 else moves[-1])
    return pos


def state(pos: Position) -> tuple[object, ...]:
    return (pos.fen(), pos.hash, list(pos.hash_history), pos.move_stack, pos.kings, pos.ply, pos.lion_capture,
            sorted(map(repr, pos.legal_moves())))


def test_a_position_is_not_hashable_but_its_key_is():
    pos = Position("shogi")
    with pytest.raises(TypeError):
        hash(pos)
    with pytest.raises(TypeError):
        {pos}  # noqa: B018 (a set of positions would go stale as moves are pushed)
    seen = {pos.transposition_key()}
    pos.push_move("P-7f")
    assert pos.transposition_key() not in seen
    pos.pop()
    assert pos.transposition_key() in seen
    pos.push_all(["S-4h", "S-6b", "S-3i", "S-7a"])  # the same position by other moves
    assert pos.transposition_key() in seen and pos == Position("shogi")


def test_the_key_holds_the_rule_set():
    tsa = Position("tenjiku", rules={"tenjiku.lion-hawk": "tsa"})
    assert tsa.fen() == Position("tenjiku").fen()
    assert tsa.transposition_key() != Position("tenjiku").transposition_key() and tsa != Position("tenjiku")


def test_copy_copy_is_an_independent_position():
    pos = Position("shogi")
    twin = copy.copy(pos)
    twin.push_move("P-7f")
    assert pos.fen() == Position("shogi").fen() and pos.hash == Position("shogi").hash
    assert pos.turn == Position("shogi").turn and not pos.history
    twin.pop()
    assert twin == pos


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_copy_deepcopy_and_pickle_keep_the_position_and_its_history(variant):
    pos = played(variant)
    before = state(pos)
    for twin in (copy.copy(pos), copy.deepcopy(pos), pickle.loads(pickle.dumps(pos)), pos.copy()):
        assert twin == pos and state(twin) == before
        popped = twin.pop()
        assert popped == pos.move_stack[-1] and state(pos) == before   # the original did not move
        twin.push(popped)
        assert state(twin) == before
        twin.push(twin.legal_moves()[0])
        assert twin.hash == twin._compute_hash() and state(pos) == before
        while twin.history:
            twin.pop()
        assert twin == Position(variant) and twin.hash == Position(variant).hash


def test_a_position_with_the_lion_square_and_rule_choices_pickles():
    from shogi_rules.notation import lishogi

    pos = lishogi.read_sfen("6k5/12/12/4+O7/12/12/12/12/12/12/12/5K6 w 8d 12", {"chu.counter-strike": "jcsa"})
    assert pos.lion_capture is not None
    again = pickle.loads(pickle.dumps(pos))
    assert again.lion_capture == pos.lion_capture and again.rules == pos.rules and state(again) == state(pos)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_rule_sets_pickle_and_deepcopy(variant):
    rs = RuleSet.of(variant)
    for choice in rs.base.rule_choices:
        other = next(o.id for o in choice.options if o.id != choice.default) if len(choice.options) > 1 else None
        if other:
            rs = RuleSet.of(variant, {choice.id: other})
            break
    assert pickle.loads(pickle.dumps(rs)) == rs and copy.deepcopy(rs) == rs
    assert pickle.loads(pickle.dumps(rs.base)) == rs.base


def test_positions_go_to_a_worker_process_and_back():
    positions = [played(variant, 4) for variant in VARIANT_IDS]
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as workers:
        fens = list(workers.map(Position.fen, positions))
        counts = list(workers.map(Position.perft, positions, [1] * len(positions)))
        popped = list(workers.map(Position.pop, positions))
        back = workers.submit(copy.copy, positions[-1]).result()
    assert fens == [p.fen() for p in positions]
    assert counts == [len(p.legal_moves()) for p in positions]
    assert popped == [p.move_stack[-1] for p in positions]
    assert state(back) == state(positions[-1])


def test_a_copy_that_takes_back_a_king_move_leaves_the_original_history_alone():
    pos = Position("shogi")
    pos.push_move("K-4h")
    twin = pos.copy()
    twin.pop()
    twin.push_move("K-6h")                 # the king's square changes in the copy's own list
    pos.pop()
    assert pos.kings == Position("shogi").kings and pos == Position("shogi")


def test_a_move_with_fields_of_other_types_is_no_legal_move_and_leaves_the_position_alone():
    for variant, text in (("shogi", "P-7f"), ("okisaki", "P-7g"), ("tenjiku", "P-16k")):
        pos = Position(variant)
        before = (pos.fen(), list(pos.board), pos.hash)
        move = pos.parse_move(text)
        for bad in (move._replace(target=float(move.target)), move._replace(origin=float(move.origin)),
                    move._replace(promotion=0), move._replace(path=[])):
            assert bad == move or bad.path != move.path  # (equal to the legal move, as tuples compare)
            assert not pos.is_legal(bad)
            with pytest.raises(TypeError):
                pos.push_legal(bad)
            assert (pos.fen(), list(pos.board), pos.hash) == before and not pos.history
        pos.push_legal(move)
        assert pos.history


def test_a_capture_variant_position_with_no_royal_piece_on_either_side_has_no_result():
    from shogi_rules import ShogiRulesError
    with pytest.raises(ShogiRulesError, match="neither side"):
        Position.from_pieces("chu", {}).outcome()
    assert str(Position.from_pieces("chu", {"6l": "K"}).outcome()) == "sente wins (royal-captured)"
    assert str(Position.from_pieces("chu", {"6a": "k"}).outcome()) == "gote wins (royal-captured)"
