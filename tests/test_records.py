"""Records: ``replay`` refuses moves after the end of the game, and ``check-record`` answers for every
rule set at once, from one replay that splits only where a choice changes a ply.

The fuzz test plays seeded random games of up to 500 plies in every variant, each under one random rule
set and then another (so that choices matter), and checks ``check_record``'s verdict against replaying
the record under rule sets one by one: every rule set where a variant has few (shogi, Okisaki, Wa), else
the two that made the record, some branches' own, the presets and random ones.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from itertools import combinations, product

import pytest

from helpers import scattered_positions

from shogi_rules import Position, RuleSet, get_variant
from shogi_rules.model.errors import FenError, ShogiRulesError, echo
from shogi_rules.model.moves import Move
from shogi_rules.model.geometry import GOTE, SENTE
from shogi_rules.engine.outcome import losing_taker, move_loses, royal_threatened, royals_left
from shogi_rules.engine.movegen import royal_capture
from shogi_rules.engine.parting import (PLAY, Ply, _sweeping, carried_losses, difference, known_codes, may_part,
                                        moving_differently, steady_codes)
from shogi_rules.model.mechanisms.lion_trading import lion_codes
from shogi_rules.notation.moves import parse_move, reach
from shogi_rules.notation.records import (_Replayer, _may_promote, _may_repeat, _reach_tables, _under, _with,
                                         check_record, presets_accepting, read_record, replay)
from shogi_rules.compiled.variant import VARIANT_IDS

ARTICLE_GAME = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_article_game.txt", encoding="utf-8").read())


def verdict_tally(check) -> dict[tuple[bool, int | None, str], int]:
    """How many rule sets a record check finds to fare each way (legal, the first illegal ply, the reason)."""
    out: dict[tuple[bool, int | None, str], int] = {}
    for b in check.branches:
        key = (b.legal, b.first_illegal_ply, b.reason)
        out[key] = out.get(key, 0) + b.rule_sets
    return out


def random_rules(variant: str, rng: random.Random) -> dict[str, str]:
    return {c.id: rng.choice(c.options).id for c in get_variant(variant).rule_choices}


def random_game(variant: str, plies: int, rng: random.Random, *rule_sets: dict[str, str], careful: bool = True,
                captures: float = 0.0) -> list[str]:
    """Western names of a random game: its plies split evenly among ``rule_sets``, each part's moves legal
    under its rule set from where the last part stopped; no move takes a royal piece or ends the game
    (so the record goes on), and, where it can and ``careful``, none leaves the mover's royal open to capture (as a
    player would not). ``captures``: how often a capture is tried first."""
    moves: list[str] = []
    pos: Position | None = None
    for part, rules in enumerate(rule_sets):
        player = _Replayer(Position(variant, rules=rules))
        for move in pos.move_stack if pos is not None else []:
            player.push(move)  # the same moves, as the next rule set numbers its pieces alike
        pos = player.pos
        for _ in range(plies * (part + 1) // len(rule_sets) - len(moves)):
            legal = pos.legal_moves()
            rng.shuffle(legal)
            if captures and rng.random() < captures:
                legal = [m for m in legal if pos.board[m.target] and m.target != m.origin] + legal
            chosen = None
            us = pos.turn
            for careful_now in (True, False) if careful else (False,):  # a move that leaves no royal open, if any
                for m in legal:
                    if any(pos.board[s] and pos.tables.royal[pos.board[s]] for s in (m.target, *m.path)) and m.origin is not None:
                        continue
                    player.push(m)
                    h = pos.hash
                    exposed = careful_now and not pos.variant.check_rules and royal_threatened(pos, us)
                    over = None if exposed else player.game_over()[0]
                    pos.pop()
                    player.seen[h] -= 1
                    if not exposed and over is None:
                        chosen = m
                        break
                if chosen is not None:
                    break
            if chosen is None:
                return moves
            moves.append(pos.move_name(chosen, "western"))
            player.push(chosen)
    return moves


def every_rule_set(variant: str) -> list[dict[str, str]]:
    choices = get_variant(variant).rule_choices
    out: list[dict[str, str]] = [{}]
    for c in choices:
        out = [{**r, c.id: o.id} for r in out for o in c.options]
    return out


def assert_two_choices_agree(record: list[str], check, first: str, second: str, seed: str, others: int,
                             fen: str | None = None) -> set[bool]:
    """That ``check`` (Tenjiku's check-record of ``record``) agrees with replaying the record under every combination
    of the options of two choices, the others at their defaults or at random; the verdicts met."""
    variant = get_variant("tenjiku")
    rng = random.Random(seed)
    verdicts = set()
    for rest in [{}] + [random_rules("tenjiku", rng) for _ in range(others)]:
        for a in variant.rule_choice(first).options:
            for b in variant.rule_choice(second).options:
                rules = {**rest, first: a.id, second: b.id}
                r = replay("tenjiku", record, rules, fen=fen)
                branch = check.branch(rules)
                assert (branch.legal, branch.first_illegal_ply) == (r.legal, r.first_illegal_ply), (rules, r.reason)
                verdicts.add(r.legal)
    return verdicts


FUZZ = [(v, n) for v in VARIANT_IDS for n in ((40, 500) if v in ("chu", "tenjiku", "daidai", "makadaidai") else (40, 150, 500))]


@pytest.mark.parametrize("variant,seed,mates", [("tenjiku", 0, True), ("tenjiku", 1, True), ("daidai", 0, False),
                                                ("makadaidai", 0, False), ("dai", 0, False), ("chu", 0, False)])
def test_check_record_agrees_with_replaying_where_the_game_ends_under_other_rule_sets(variant, seed, mates):
    """A capture-heavy random game of 300 plies under one random rule set, in the capture games, its royal pieces left
    open to capture where the move chosen does so: under other rule sets the game is over at some of its plies (in the
    Tenjiku records, ``mates``: a mate the record's side walked into), which the record check must prove or refute by
    parts of its choices. Rule sets drawn around the record's (each choice's option drawn at random with chance 0.3),
    and one of each branch of the check, are replayed: each stops where the check says, and not all of them at the
    same ply."""
    rng = random.Random(f"capture heavy:{variant}:{seed}")
    made = random_rules(variant, rng)
    record = random_game(variant, 300, rng, made, careful=False, captures=0.5)
    check = check_record(variant, record)
    assert any("game was over" in b.reason for b in check.branches) == mates
    draw = random.Random(f"capture heavy draw:{variant}:{seed}")
    stops = set()
    drawn = [{c.id: draw.choice(c.options).id if draw.random() < 0.3 else made[c.id]
              for c in get_variant(variant).rule_choices} for _ in range(25)]
    for rules in drawn + [dict(b.example) for b in check.branches]:  # (and one rule set of each branch)
        r = replay(variant, record, rules)
        branch = check.branch(rules)
        assert (r.legal, r.first_illegal_ply) == (branch.legal, branch.first_illegal_ply), (rules, r.reason)
        stops.add(r.first_illegal_ply)
    assert len(stops) >= 2  # (some of them refuse the record)


@pytest.mark.parametrize("variant,plies", FUZZ)
def test_check_record_agrees_with_replaying_under_each_rule_set(variant, plies):
    rng = random.Random(f"check-record:{variant}:{plies}")
    made_by = [random_rules(variant, rng), random_rules(variant, rng)]
    for c in get_variant(variant).rule_choices:  # the moves of one board mean nothing on another (Heian shogi's)
        if any({"files", "ranks"} & set(o.effects) for o in c.options):
            made_by[1][c.id] = made_by[0][c.id]
    moves = random_game(variant, plies, rng, *made_by)
    assert len(moves) >= min(plies, 30)
    verdict = check_record(variant, moves)
    total = verdict.total
    assert sum(b.rule_sets for b in verdict.branches) == total
    if total <= 8:
        oracle = every_rule_set(variant)
    else:  # the two that made the record, some branches' own, the presets and random ones
        oracle = made_by + [dict(b.example) for b in verdict.branches[:4]] + [
            dict(RuleSet.of(variant, preset=p.id).choices) for p in get_variant(variant).presets] + [
            random_rules(variant, rng) for _ in range(3)]
    for rules in oracle:
        r = replay(variant, moves, rules)
        b = verdict.branch(rules)
        assert (b.legal, b.first_illegal_ply) == (r.legal, r.first_illegal_ply), (rules, r.reason, b)
        if rules == b.example:
            assert b.reason == r.reason
    assert verdict.accepts(made_by[-1]) or not replay(variant, moves, made_by[-1]).legal
    if plies <= 150:  # each preset's own replay says the same
        assert list(verdict.presets) == presets_accepting(variant, moves)
    # the constraints say the same as the branches
    each, combinations = verdict.constraints()
    accepted = sum(math.prod(len(o) for o in combo.values()) for combo in combinations) if combinations else 1
    assert (accepted * math.prod(len(o) for o in each.values()) if verdict.legal else 0) == verdict.accepted


BOARDS = [(v, c.id, o.id) for v in VARIANT_IDS for c in get_variant(v).rule_choices
          if any({"files", "ranks"} & set(o.effects) for o in c.options) for o in c.options]


@pytest.mark.parametrize("variant,choice,board", BOARDS)
def test_check_record_on_each_board_agrees_with_replaying_under_each_rule_set(variant, choice, board):
    """A record played on a board other than the default one (Heian shogi's 9 x 9, 8 x 8 and Takami boards,
    Heian dai shogi's Takami board): the record check asks what the other choices change on that board, not on
    the default one (it used to read the default board's promotion zone with the squares of a larger board), and
    its verdict for every rule set is that rule set's replay."""
    rng = random.Random(f"board:{variant}:{board}")
    made_by = {**random_rules(variant, rng), choice: board}
    moves = random_game(variant, 300, rng, made_by)
    assert len(moves) == 300
    verdict = check_record(variant, moves)
    assert verdict.accepts(made_by)
    for rules in every_rule_set(variant):
        r = replay(variant, moves, rules)
        b = verdict.branch(rules)
        assert (b.legal, b.first_illegal_ply) == (r.legal, r.first_illegal_ply), (rules, r.reason, b)


def out_of_reach(pos, text, tables) -> bool:
    """Whether the pieces' reach shows that no piece ``text`` names could end where it says (``reach``)."""
    found = reach(pos, text, tables)
    return found is not None and found.out_of_reach


@pytest.mark.parametrize("variant", ["tenjiku", "makadaidai", "daidai", "dai", "chu", "heiandai"])
def test_a_text_out_of_reach_is_refused_alike_under_every_rule_set(variant):
    """Where no piece that a text names could end on its square under any option of any choice (``out_of_reach``,
    told from the pieces' reach), check-record asks only whether the game goes on: the text must then be refused in
    the same words under every rule set. Along random games, texts that one rule set refuses (the names of another
    rule set's moves, and a piece of the side to move sent to a random square) are read under random rule sets from
    the same position wherever the test says so; it says so often."""
    rng = random.Random(f"out of reach:{variant}")
    v = get_variant(variant)
    everything = {c.id: tuple(o.id for o in c.options) for c in v.rule_choices}
    said = 0
    boards = [c.id for c in v.rule_choices if any({"files", "ranks"} & set(o.effects) for o in c.options)]
    for game in range(3):
        rules = random_rules(variant, rng)
        pos = Position(variant, rules=rules)
        tables = _reach_tables(RuleSet.of(variant, rules), {**everything, **{c: (rules[c],) for c in boards}})

        def random_rules_here() -> dict[str, str]:  # (on the board of the game)
            return {**random_rules(variant, rng), **{c: rules[c] for c in boards}}

        for ply, text in enumerate(random_game(variant, 90, rng, rules)):
            if ply % 6 == 5:
                g = pos.geometry
                try:
                    other = Position(RuleSet.of(variant, random_rules_here()), fen=pos.fen())
                except FenError:
                    other = pos
                mine = [sq for sq in range(g.size) if pos.board[sq] and pos.board[sq] & 1 == pos.turn]
                texts = [other.move_name(m, "western") for m in rng.sample(other.legal_moves(), 8)] + [
                    f"{pos.tables.types[pos.board[sq] >> 1].code}-{g.name(rng.randrange(g.size))}"
                    for sq in rng.sample(mine, min(8, len(mine)))]
                for name in texts:
                    try:
                        parse_move(pos, name, narrow=True)
                        continue
                    except ShogiRulesError as exc:
                        refusal = str(exc)
                    if not out_of_reach(pos, name, tables):
                        continue
                    said += 1
                    for choices in [random_rules_here() for _ in range(4)]:
                        try:  # (a FEN's state may mean nothing under other rules: Chu's declined promotion)
                            there = Position(RuleSet.of(variant, choices), fen=pos.fen())
                        except FenError:
                            continue
                        try:
                            parse_move(there, name, narrow=True)
                            words = None
                        except ShogiRulesError as exc:
                            words = str(exc)
                        assert words == refusal, (pos.fen(), name, choices)
            pos.push(parse_move(pos, text))
    assert said >= 20
    if variant == "tenjiku":  # a lone Free Eagle next to gote's Tetrarchs, which paralyse it under one option only
        fen = Position.from_pieces("tenjiku", {"8p": "K", "8a": "k", "10e": "FE", "11d": "+cs"}).fen()
        words = set()
        for power in ("zhwp", "tsa"):
            there = Position(RuleSet.of(variant, {"tenjiku.tetrarchs.power": power}), fen=fen)
            with pytest.raises(ShogiRulesError) as refused:
                parse_move(there, "FE-3a", narrow=True)
            words.add(str(refused.value))
        assert len(words) == 2
        assert not out_of_reach(Position(variant, fen=fen), "FE-3a", _reach_tables(RuleSet.of(variant), everything))


def _refusal(pos: Position, text: str) -> str | None:
    """The words in which ``pos`` refuses ``text`` (``None``: it reads a move)."""
    try:
        parse_move(pos, text, narrow=True)
        return None
    except ShogiRulesError as exc:
        return str(exc)


@pytest.mark.parametrize("variant", ["tenjiku", "chu", "dai"])
def test_a_refused_text_no_option_could_promote_or_repeat_is_refused_alike(variant):
    """check-record asks a choice of when pieces promote, or of a ban on repeating a position, about a refused text
    only where a move that the text might name (under any option of any choice) could promote (it touches a
    promotion zone under some option, or ends where the piece must promote: ``_may_promote``) or recreate a position
    seen before (``_may_repeat``). Along random games, texts that the game's rule set refuses (other rule sets' moves,
    and pieces sent to random squares, with and without a suffix) are read again with each option of the choice, from
    the same history, wherever the test says no; somewhere it says yes, some option reads the text otherwise. A
    choice of when pieces promote is also not asked where no move of those pieces ends where the text does, before
    the filters (``_Group._ends_unreached``): its options change which moves promote, not where they go (the Chinese
    Wikipedia Tenjiku game's Rook General capture at ply 10, refused by a range-jump rule, was played under every
    combination of the Free Eagle's, the promotion's and the range jumps' options); there too every option refuses
    the text in the same words, and that is asked of 20 texts or more."""
    from shogi_rules.notation.records import _Group

    rng = random.Random(f"promote or repeat:{variant}")
    v = get_variant(variant)
    everything = {c.id: tuple(o.id for o in c.options) for c in v.rule_choices}
    choices = [f"{variant}.promotion", f"{variant}.repetition"]
    said = {c: [0, 0] for c in choices}  # per choice: texts where the test said no, and texts read otherwise
    unreached = 0  # texts that might promote, whose ends no move of the pieces reaches
    for game in range(3):
        rules = random_rules(variant, rng)
        rs = RuleSet.of(variant, rules)
        pos = Position(rs)
        group = _Group(everything, rs, _Replayer(pos), None)
        tables = _reach_tables(rs, everything)
        for ply, text in enumerate(random_game(variant, 150, rng, rules)):
            if ply % 5 == 4:
                g = pos.geometry
                try:
                    other = Position(RuleSet.of(variant, random_rules(variant, rng)), fen=pos.fen())
                except FenError:  # (a FEN's state may mean nothing under other rules: Chu's declined promotion)
                    other = pos
                mine = [sq for sq in range(g.size) if pos.board[sq] and pos.board[sq] & 1 == pos.turn]
                texts = [other.move_name(m, "western") for m in rng.sample(other.legal_moves(), 6)] + [
                    f"{pos.tables.types[pos.board[sq] >> 1].code}-{g.name(rng.randrange(g.size))}"
                    f"{rng.choice(('', '+', '='))}" for sq in rng.sample(mine, min(6, len(mine)))]
                # and pieces sent to squares of their reach, promoting (those a choice of promotion might read)
                for sq in rng.sample(mine, min(12, len(mine))):
                    mask = pos.tables.reach_mask(pos.board[sq], sq)
                    ends = [s for s in range(g.size) if mask >> s & 1]
                    if ends and pos.tables.promotes[pos.board[sq]]:
                        end = rng.choice(ends)
                        sep = "x" if pos.board[end] and pos.board[end] & 1 != pos.turn else "-"
                        texts.append(f"{pos.tables.types[pos.board[sq] >> 1].code}{sep}{g.name(end)}+")
                for name in texts:
                    refusal = _refusal(pos, name)
                    reached = reach(pos, name, tables)
                    if refusal is None or reached is None or reached.out_of_reach:
                        continue
                    for c in choices:
                        may = _may_promote(pos, rs, c, reached) if c.endswith("promotion") else \
                            _may_repeat(pos, pos.hash_history, reached)
                        words = set()
                        for o in everything[c]:
                            there = Position(RuleSet.of(variant, {**rules, c: o}))
                            for m in pos.move_stack:
                                there.push(m)
                            words.add(_refusal(there, name))
                        if not may:
                            said[c][0] += 1
                            assert words == {refusal}, (pos.fen(), name, c)
                        elif len(words) > 1:
                            said[c][1] += 1
                        if c == choices[0] and may and group._ends_unreached(rs, c, reached):
                            unreached += 1
                            assert words == {refusal}, (pos.fen(), name, c)
            pos.push(parse_move(pos, text))
    assert said[choices[0]][0] >= 20 and said[choices[1]][0] >= 20 and unreached >= 20, (said, unreached)
    # moves that some options let promote and others not, or make promote: a Silver inside the zone; a Lance that
    # reaches the last rank from outside; in Tenjiku, a Lion that captures in the zone on its way and steps out
    last = "abcdefghijklmnopq"[Position(variant).geometry.ranks - 1]
    cases = [({"5c": "S"}, "S-5b+"), ({"5g": "L"}, "L-5a")] + \
        [({"5f": "LN", "5e": "p"}, "Lnx5e-6f+")] * (variant == "tenjiku")
    for pieces, text in cases:
        fen = Position.from_pieces(variant, {**pieces, "1a": "k", f"2{last}": "K"}).fen()
        readings = {_refusal(Position(RuleSet.of(variant, {choices[0]: o}), fen=fen), text)
                    for o in everything[choices[0]]}
        assert len(readings) > 1, text
        for option in everything[choices[0]]:
            rs = RuleSet.of(variant, {choices[0]: option})
            pos = Position(rs, fen=fen)
            if _refusal(pos, text) is not None:
                reached = reach(pos, text, _reach_tables(rs, everything))
                assert reached is not None and _may_promote(pos, rs, choices[0], reached), (text, option)
                said[choices[0]][1] += 1
    assert said[choices[0]][1] >= len(cases), said
    # each side's Gold goes out and back; going out again recreates the first position
    last = "abcdefghijklmnopq"[Position(variant).geometry.ranks - 1]
    before = chr(ord(last) - 1)
    start = Position.from_pieces(variant, {f"8{before}": "G", "8b": "g", "1a": "k", f"2{last}": "K"})
    start.push(parse_move(start, f"G-8{chr(ord(before) - 1)}"))
    back = start.fen()
    out_and_back = ["G-8c", f"G-8{before}", "G-8b"]
    again = f"G-8{chr(ord(before) - 1)}"
    ban = [o.id for o in v.rule_choice(choices[1]).options if "no-repeat-position" in str(o.effects)]
    assert ban
    for option in ban:
        banned = RuleSet.of(variant, {choices[1]: option})
        pos = Position(banned, fen=back)
        for text in out_and_back:
            pos.push(parse_move(pos, text))
        readings = {_refusal(pos, again)}
        for other in everything[choices[1]]:
            there = Position(RuleSet.of(variant, {choices[1]: other}), fen=back)
            for m in pos.move_stack:
                there.push(m)
            readings.add(_refusal(there, again))
        assert _refusal(pos, again) is not None and None in readings  # refused under the ban only
        reached = reach(pos, again, _reach_tables(banned, everything))
        assert reached is not None and _may_repeat(pos, pos.hash_history, reached)
        said[choices[1]][1] += 1
    assert said[choices[1]][1] >= 1, said


def test_a_text_refused_for_its_burns_is_refused_alike_where_its_move_plays_alike():
    """A text that names a legal move and says wrongly that the mover burns is refused for its burns
    (``BurnsError``, which carries the move). check-record takes it as refused alike under an option of a choice of
    burning or paralysis where the board shows that the option plays that move alike (``may_part`` of the move, as
    of a legal ply). Along random Tenjiku games, such texts are read under each option of each such choice wherever
    the board says so; somewhere it does not, an option reads the text otherwise."""
    from collections import Counter

    from shogi_rules import BurnsError
    from shogi_rules.engine.parting import Ply, may_part

    rng = random.Random("refused for its burns")
    v = get_variant("tenjiku")
    choices = [c.id for c in v.rule_choices if c.id.startswith(("tenjiku.fire-demon.", "tenjiku.tetrarchs."))]
    alike = otherwise = 0
    for game in range(3):
        # (rules that read no history, so that a FEN holds all that decides the legal moves)
        rules = {**random_rules("tenjiku", rng), "tenjiku.promotion": "tsa", "tenjiku.repetition": "zhwp"}
        rs = RuleSet.of("tenjiku", rules)
        pos = Position(rs)
        for ply, text in enumerate(random_game("tenjiku", 120, rng, rules)):
            if ply % 4 == 3:
                there: dict[tuple[str, str], Position] = {}  # the position under each other option
                for move in rng.sample(pos.legal_moves(), 8):
                    name = pos.move_name(move, "western")
                    if name.endswith("*"):  # (a text that lists no burns is not checked for them)
                        continue
                    wrong = name + "*"
                    with pytest.raises(BurnsError) as refused:
                        parse_move(pos, wrong, narrow=True)
                    assert refused.value.move == move
                    seen = Counter(pos.hash_history)
                    for c in choices:
                        parting = may_part(Ply(pos, move, seen), difference(rs, c))
                        for o in v.rule_choice(c).options:
                            if o.id == rules[c]:
                                continue
                            if (c, o.id) not in there:
                                there[c, o.id] = Position(RuleSet.of("tenjiku", {**rules, c: o.id}), fen=pos.fen())
                            words = _refusal(there[c, o.id], wrong)
                            if parting is None:
                                alike += 1
                                assert words == str(refused.value), (pos.fen(), wrong, c, o.id)
                            elif words != str(refused.value):
                                otherwise += 1
            pos.push(parse_move(pos, text))
    assert alike >= 100 and otherwise >= 1, (alike, otherwise)


@pytest.mark.parametrize("variant,seed", [("dai", 2), ("makadaidai", 2), ("heiandai", 0), ("chu", 3)])
def test_check_record_asks_every_combination_that_could_part_a_ply(variant, seed):
    """Where the board cannot tell what the options of several choices change together, check-record plays their
    combinations; past 32 of them whose rule sets move the pieces otherwise (256 in all) it asks each option alone, and
    says so (``unproven``). On these records it no longer has to: the tables of Dai shogi's options are compiled with
    its rule set's promoted forms (they used to be numbered otherwise, and every choice was played whole at every ply);
    a refused text that no piece it names could end on under any option is refused alike under every combination
    (``out_of_reach``), so that only whether the game goes on is asked; a move that shows that the game goes on is
    asked of what the opponent could take after it, in games with check too, not played whole; and options that share
    the rule set's tables (Chu shogi's Lion rules) are played in more combinations. Before, the four records had some
    91, 4, 3 and 2 plies asked option by option."""
    rng = random.Random(f"proved:{variant}:{seed}")
    made = [random_rules(variant, rng), random_rules(variant, rng)]
    for c in get_variant(variant).rule_choices:
        if any({"files", "ranks"} & set(o.effects) for o in c.options):
            made[1][c.id] = made[0][c.id]
    record = random_game(variant, 200, rng, *made)
    verdict = check_record(variant, record)
    assert verdict.unproven == ()
    assert verdict.to_json()["unproven_plies"] == [] and not verdict.lines()[-1].startswith("not proved")
    rule_sets = every_rule_set(variant) if verdict.total <= 200 else \
        made + [dict(b.example) for b in verdict.branches] + [random_rules(variant, rng) for _ in range(12)]
    for rules in rule_sets:
        r = replay(variant, record, rules)
        b = verdict.branch(rules)
        assert (b.legal, b.first_illegal_ply) == (r.legal, r.first_illegal_ply), (rules, r.reason)


def test_a_mate_the_check_asked_option_by_option_is_proved_since_the_mate_test_skips_moves_under_adams_promotion():
    """At the last ply of this random Tenjiku record one rule set finds gote mated, and the check used to ask the
    choices that might change the mate one option at a time (too many stayed joined to play them together). Under
    Adams' promotion the mate test now skips the moves that cannot matter, as under the other schemes, so the proofs
    of the mate name the pieces that would take alike and fewer choices stay joined: the check proves the ply. The
    verdict names no ply, and replaying each branch's example and random rule sets agrees with it."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_mate_proved_under_adams.txt",
                              encoding="utf-8").read())
    verdict = check_record("tenjiku", record)
    assert verdict.unproven == ()
    assert any(b.first_illegal_ply == len(record) and "checkmate" in b.reason for b in verdict.branches)
    rng = random.Random("proved under adams")
    for rules in [dict(b.example) for b in verdict.branches] + [random_rules("tenjiku", rng) for _ in range(40)]:
        played = replay("tenjiku", record, rules)
        branch = verdict.branch(rules)
        assert (branch.legal, branch.first_illegal_ply) == (played.legal, played.first_illegal_ply), rules


def test_check_record_says_where_it_asked_options_one_at_a_time():
    """Where a ply is still asked one option at a time (at the last ply of this random Tenjiku record, where seven
    choices might change the ply together, more combinations than the limits let the check play even without the
    choice with the most options), the verdict names those plies, in its lines and in its JSON. The Tenjiku article's
    game has no such ply: where a choice of promotion, of repetition or of what burns changes a refused move of it was
    told from the board, the verdict names none."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_too_many_choices_together.txt",
                              encoding="utf-8").read())
    verdict = check_record("tenjiku", record)
    assert verdict.unproven == (len(record),)
    assert verdict.to_json()["unproven_plies"] == list(verdict.unproven)
    n = len(verdict.unproven)
    assert verdict.lines()[-1].startswith(f"not proved at {n} {'ply' if n == 1 else 'plies'} "
                                          f"({', '.join(map(str, verdict.unproven[:10]))}")
    article = check_record("tenjiku", ARTICLE_GAME)
    assert article.unproven == () and article.to_json()["unproven_plies"] == []
    assert not article.lines()[-1].startswith("not proved")


def test_check_record_proves_a_mate_by_parts_of_its_choices():
    """After ply 54 of this random Tenjiku record (made under two rule sets) the game is over under the rule set that
    played it: sente is mated. Twelve choices may each change that, thousands of combinations in all, too many to play.
    The record check now asks them in parts: choices that touch apart pieces and moves (here promotion and range jumps;
    the switches of burning; the Tetrarchs' moves and powers; each other alone) are played together within a part
    only, and a mate found under one part's options is checked against every other part's (the same move left, the
    same piece taking after it). So the ply is proved, where it used to be asked one option at a time. Rule sets drawn
    around both of the record's are replayed up to just after the mate: each stops where the check says it does."""
    made, record = two_rule_set_record("up:tenjiku:5")
    check = check_record("tenjiku", record)
    assert check.unproven == ()
    variant = get_variant("tenjiku")
    draw = random.Random("mate by parts")
    stopped = 0
    for i in range(60):
        rules = {c.id: draw.choice(c.options).id if draw.random() < 0.5 else made[i % 2][c.id]
                 for c in variant.rule_choices}
        branch = check.branch(rules)
        r = replay("tenjiku", record[:58], rules)
        assert (r.legal, r.first_illegal_ply) == ((True, None) if branch.legal or branch.first_illegal_ply > 58
                                                  else (False, branch.first_illegal_ply)), rules
        stopped += r.first_illegal_ply == 55
    assert stopped >= 3  # (the mate is reached, and holds, under several of them)


def test_check_record_carries_losses_from_a_combination_to_the_next_and_still_agrees_with_replaying():
    """In this random Tenjiku record (made under two rule sets) the game is over at several plies under some rule sets;
    where combinations of options are asked at such a mate, the mate test of each skips the moves that lose under the
    same options but one (where a mate was found there and the choice left leaves the loss as it is): over the record,
    a third of the attack tests the check used to make. What is skipped must lose: rule sets drawn around both of the
    record's are replayed, and each stops where the check says it does."""
    made, record = two_rule_set_record("up:tenjiku:14")
    check = check_record("tenjiku", record)
    assert len(stops_around(check, record, made, "carried from a combination", 60)) >= 4


def test_at_a_mate_the_test_of_what_carries_its_loss_is_made_once_for_each_choice(monkeypatch):
    """At a mate asked in parts, each combination's mate test skips the moves that lose as under the rule set played
    (or under the same options but one), by a test made for each choice and the losses it carries
    (``_Group.carried``). That test is made once for each rule set, choice and set of losses at a ply, and each move's
    answer kept, not made again for every combination that asks it. On the random record of the test before (several
    mates), every such test is made once; rule sets drawn around the record's stop where the check says."""
    import shogi_rules.notation.records as records
    made, record = two_rule_set_record("up:tenjiku:14")
    real_carried = records._Group.carried
    at = [0]
    made_for: dict[tuple[int, RuleSet, str, int], int] = {}

    def counted(self, rs, choice, proof):
        key = (at[0], rs, choice, id(proof))
        made_for[key] = made_for.get(key, 0) + 1
        return real_carried(self, rs, choice, proof)

    monkeypatch.setattr(records._Group, "carried", counted)
    check = check_record("tenjiku", record, progress=lambda ply: at.__setitem__(0, ply))
    assert len(made_for) >= 20 and max(made_for.values()) == 1, (len(made_for), max(made_for.values()))
    assert len(stops_around(check, record, made, "carried once", 20)) >= 2


def two_rule_set_record(seed: str) -> tuple[list[dict[str, str]], list[str]]:
    """Two Tenjiku rule sets drawn at random, and a 300-ply random record made under them."""
    rng = random.Random(seed)
    made = [random_rules("tenjiku", rng), random_rules("tenjiku", rng)]
    return made, random_game("tenjiku", 300, rng, *made)


def stops_around(check, record: list[str], made: list[dict[str, str]], seed: str, count: int,
                 flip: float = 0.5) -> set[int | None]:
    """The record replayed under ``count`` rule sets drawn around the two it was made under (each choice's option
    drawn at random with chance ``flip``, else one of theirs in turn): each stops where ``check`` says it does. The
    plies where they stopped."""
    variant = get_variant("tenjiku")
    draw = random.Random(seed)
    stops = set()
    for i in range(count):
        rules = {c.id: draw.choice(c.options).id if draw.random() < flip else made[i % 2][c.id]
                 for c in variant.rule_choices}
        branch = check.branch(rules)
        r = replay("tenjiku", record, rules)
        assert (r.legal, r.first_illegal_ply) == (branch.legal, branch.first_illegal_ply), rules
        stops.add(r.first_illegal_ply)
    return stops


@pytest.mark.parametrize("seed", [9, 59])
def test_check_record_joins_choices_at_a_mate_only_where_one_move_is_changed_by_both(seed):
    """In these random Tenjiku records (each made under two rule sets) the game is over at a ply under some rule sets,
    and the mate is asked by parts. Two switches of burning that may each change what one Fire Demon's moves leave
    used to be joined for that piece; now only where one of its moves is changed by both (its legal moves are the same
    under both), and a move of the mate that no choice of a part touches is not asked again of the other parts. The
    parts are smaller, and the ply, named as not proved before, is proved. Rule sets drawn around both of the record's
    are replayed: each stops where the check says it does."""
    made, record = two_rule_set_record(f"up:tenjiku:{seed}")
    check = check_record("tenjiku", record)
    assert check.unproven == ()
    assert len(stops_around(check, record, made, f"joined at a mate:{seed}", 40, 0.4)) >= 2


def test_check_record_asks_an_option_with_the_others_only_for_the_text_where_a_move_it_found_proves_the_game_goes_on():
    """This record's last move (made under a rule set drawn at random) leaves sente's king open under the article's
    rules; the move that shows there that the game goes on is a Lion Hawk's jump, which ``lion-hawk=tsa`` does not
    allow. So that option is played, and finds another move that shows it under every option of every other choice.
    The record check used to count the Lion Hawk's choice among those whose combinations must be played whole, with
    every choice asked at the ply: too many, and the ply was named as not proved. Now the option joins the others only
    in what the text reads, and the ply is proved. Rule sets drawn at random are replayed: each agrees with the check."""
    record = ["VGn-4i", "BGnx16n+", "P-1k", "GGnx8p", "RGn-7i", "+BGnx14l", "RGnx7e="]
    check = check_record("tenjiku", record)
    assert check.unproven == ()
    draw = random.Random("a witness everywhere")
    legal = 0
    for _ in range(40):
        rules = random_rules("tenjiku", draw)
        r = replay("tenjiku", record, rules)
        branch = check.branch(rules)
        assert (r.legal, r.first_illegal_ply) == (branch.legal, branch.first_illegal_ply), rules
        legal += r.legal
    assert 0 < legal < 40


def test_check_record_finds_a_way_out_of_a_mate_that_two_choices_open_together():
    """Sente's lone king on 1p is in check from two Rooks; its one way out, 2o, is guarded by gote's Free Eagle and
    Lion Hawk, each only by its lion's jump over a Pawn (the article's readings). Under ``free-eagle=jawp`` (no jump)
    the Lion Hawk still guards it, under ``lion-hawk=tsa`` (king steps, no jump) the Free Eagle does: mate under each
    alone, and under both together the king escapes. No piece of the side to move differs, and the move's first
    taker is the Free Eagle only: what finds this is the check of the mate found under one option (taken by the Lion
    Hawk) against the other choice (its kind differs there). The record check used to take each option's mate as a
    mate under every combination, and said that no choice mattered."""
    fen = Position.from_pieces("tenjiku", {"1p": "K", "16a": "k", "16p": "r", "1a": "r", "4m": "fe", "3n": "p",
                                           "4n": "lh", "3o": "p"}).fen()
    choices = ("tenjiku.free-eagle", "tenjiku.lion-hawk")
    assert [replay("tenjiku", ["K-2o"], rules, fen=fen).legal
            for rules in ({}, {choices[0]: "jawp"}, {choices[1]: "tsa"}, {choices[0]: "jawp", choices[1]: "tsa"})] \
        == [False, False, False, True]
    check = check_record("tenjiku", ["K-2o"], fen=fen)
    assert check.unproven == ()
    variant = get_variant("tenjiku")
    draw = random.Random("two choices open a mate")
    for eagle in variant.rule_choice(choices[0]).options:
        for hawk in variant.rule_choice(choices[1]).options:
            for rules in ({choices[0]: eagle.id, choices[1]: hawk.id},
                          {**random_rules("tenjiku", draw), choices[0]: eagle.id, choices[1]: hawk.id}):
                r = replay("tenjiku", ["K-2o"], rules, fen=fen)
                assert (check.branch(rules).legal, check.branch(rules).first_illegal_ply) == \
                    (r.legal, r.first_illegal_ply), rules


def test_check_record_reads_an_emperor_move_again_where_a_choice_changes_what_protects_its_target():
    """Maka Dai Dai's Emperor goes to any square no enemy protects. Gote's Mountain Witch on 10j protects the Pawn
    on 10h straight back under the article's reading (``BbRfW``) and not under 象棋六種之図式's (a bishop): the
    Emperor may take it under the second only. The choice changes the Mountain Witch's moves, not the Emperor's, and the record
    check used to take the Emperor's move as read alike under both (it refused the record under every rule set). An
    Emperor's move is now read again under a choice wherever a piece whose moves the choice changes might protect its
    target (found by ``test_pieces_a_choice_does_not_move_otherwise_have_the_same_moves_under_each_option`` and
    ``test_a_move_the_board_shows_alike_plays_alike_under_every_option``)."""
    fen = Position.from_pieces("makadaidai", {"1s": "+K", "19a": "k", "10j": "+om", "10h": "p"}).fen()
    check = check_record("makadaidai", ["+Kx10h"], fen=fen)
    verdicts = []
    for option in get_variant("makadaidai").rule_choice("makadaidai.mountain-witch").options:
        rules = {"makadaidai.mountain-witch": option.id}
        r = replay("makadaidai", ["+Kx10h"], rules, fen=fen)
        assert check.branch(rules).legal == r.legal, option.id
        verdicts.append(r.legal)
    assert verdicts == [False, True]
    assert check.unproven == ()


@pytest.mark.parametrize("variant", ["tenjiku", "chu", "makadaidai"])
def test_pieces_a_choice_does_not_move_otherwise_have_the_same_moves_under_each_option(variant):
    """What the record check's mate by parts rests on (:func:`~shogi_rules.engine.parting.moving_differently`): at
    positions along a random game, and in crowded positions of pieces scattered at random (where pieces stand next to
    the Tetrarchs and the Fire Demons, in the promotion zones, ready to promote), for each choice and each of its
    options, every piece of the side to move that the function leaves out has the same legal moves under the option as
    under the rule set played, and each of them leaves the same position."""
    rng = random.Random(f"moving differently:{variant}")
    rules = RuleSet.of(variant, random_rules(variant, rng))
    record = random_game(variant, 160, rng, dict(rules.choices))
    pos = Position(rules)
    positions = []
    for ply, text in enumerate(record):
        pos.push(parse_move(pos, text))
        if ply % 8 == 7:
            positions.append(pos.copy())
    types = rules.tables.types[1:]
    positions += scattered_positions(rules, rng, 40, (3,))
    choices = [c for c in get_variant(variant).rule_choices if len(c.options) > 1]
    asked = 0
    for pos in positions:
        seen = set(pos.hash_history)
        for c in choices:
            found = moving_differently(pos, difference(rules, c.id), seen)
            if found is None:
                continue
            before = {(m, _after(pos, m)) for m in pos.legal_moves() if m.origin not in found}
            for o in c.options:
                other = _with(rules, c.id, o.id)
                if o.id == rules.choices[c.id] or [t.code for t in other.tables.types[1:]] != [t.code for t in types]:
                    continue
                with _under(pos, other, {}):
                    after = {(m, _after(pos, m)) for m in pos.legal_moves() if m.origin not in found}
                assert after == before, (pos.fen(), c.id, o.id, sorted(before ^ after, key=str)[:4])
                asked += 1
    assert asked >= 80


@pytest.mark.parametrize("variant,choice,pieces,record,mover,own", [
    # sente's Tetrarch next to gote's: frozen by the article's clash rule and by ``both-active``, free under
    # ``no-effect`` (so is a Fire Demon, counted as a demon whose arrival the switch reads)
    ("tenjiku", "tenjiku.tetrarchs.clash", {"8p": "K", "8a": "k", "5h": "+CS", "5g": "+cs", "16p": "L"}, [], "5h", True),
    # sente's king may go back to 8o, making again the position after ply 1: Adams' ban forbids it (what a move
    # leaves, not the piece's own moves)
    ("tenjiku", "tenjiku.repetition", {"8p": "K", "8a": "k", "16p": "L"}, ["K-8o", "K-8b", "K-7o", "K-8a"], "7o", False),
    # sente's Lion may jump to take gote's, which gote's Evil Wolf protects by Shogi Zushiki's reading (a step back
    # along the diagonal) and not by the modern one: the Lion-trading rule forbids taking a protected Lion
    ("dai", "dai.evil-wolf", {"8o": "K", "8a": "k", "8e": "n", "7f": "y", "6e": "N"}, [], "6e", True)])
def test_a_piece_that_a_choice_frees_or_holds_back_is_counted_as_moving_differently(variant, choice, pieces, record,
                                                                                  mover, own):
    """The clauses of :func:`~shogi_rules.engine.parting.moving_differently` that the scattered positions seldom
    reach: a piece that the Tetrarchs' clash freezes under one option and frees under another, a move that a ban on
    repetition forbids because it would make a position seen before, and a Lion whose capture of a Lion reads what
    protects it (which a choice of another piece's moves changes). The piece is counted (among those whose own moves
    differ, too, where ``own``), and its legal moves do differ between the options (every other piece of the side has
    the same moves under each)."""
    moves = {}
    for option in get_variant(variant).rule_choice(choice).options:
        pos = Position.from_pieces(variant, pieces, 0, rules={choice: option.id})
        for text in record:
            pos.push(parse_move(pos, text))
        found = moving_differently(pos, difference(pos.rules, choice), set(pos.hash_history))
        assert found == {pos.geometry.parse(mover)}, option.id
        # its own moves: the clash and the Lion-trading rule change them; a ban on repetition what they leave
        assert moving_differently(pos, difference(pos.rules, choice), set(pos.hash_history), own=True) == \
            (found if own else frozenset()), option.id
        moves[option.id] = (set(pos.legal_moves_from(list(found))), {m for m in pos.legal_moves() if m.origin not in found})
    assert len({frozenset(own) for own, _ in moves.values()}) > 1
    assert len({frozenset(rest) for _, rest in moves.values()}) == 1


@pytest.mark.parametrize("protector,protected_by", [("(ab)", "edo"), ("y", "zushiki")])
def test_check_record_reads_again_a_lion_taking_a_lion_where_a_choice_changes_what_protects_it(protector, protected_by):
    """Dai shogi's Lion-trading rule (``dai.lion-trading=chu``) forbids a Lion to take a protected Lion from afar. Here
    gote's Lion is protected by a piece whose moves a choice sets: the Angry Boar by the Edo reading (a step back; the
    default, so the record check refuses the capture first) or the Evil Wolf by Shogi Zushiki's (a diagonal step back;
    the default allows the capture). Whether the capture is legal then depends on that choice, although it changes no
    piece that the move names or takes: the record check used to say that it did not matter, and gave a wrong verdict
    under one of its options. Under every combination of the three choices, the check agrees with replaying."""
    pieces = {"8o": "K", "8a": "k", "8e": "n", "7f" if protector == "y" else "8f": protector, "6e": "N"}
    fen = Position.from_pieces("dai", pieces, 0).fen()
    check = check_record("dai", ["Lnx8e"], fen=fen)
    verdicts = {}
    for trading, boar, wolf in product(("chu", "none"), ("edo", "rokushu"), ("modern", "zushiki")):
        rules = {"dai.lion-trading": trading, "dai.angry-boar": boar, "dai.evil-wolf": wolf}
        verdicts[trading, boar, wolf] = replay("dai", ["Lnx8e"], rules, fen=fen).legal
        assert check.accepts(rules) == verdicts[trading, boar, wolf], rules
    assert [protected_by in combo for combo, legal in verdicts.items() if not legal] == [True, True]


@pytest.mark.parametrize("variant,positions", [("tenjiku", 6), ("chu", 6), ("makadaidai", 30), ("dai", 6),
                                                ("daidai", 6), ("heiandai", 6)])
def test_a_move_the_board_shows_alike_plays_alike_under_every_option(variant, positions):
    """What every ply of the record check rests on (:func:`~shogi_rules.engine.parting.may_part`): in crowded
    positions of pieces scattered at random under random rule sets, wherever it says that a move which does not lose
    plays alike under every option of a choice, each option reads the move's Western name as that move, the move
    leaves the same position, and it does not lose. It found the Emperor's moves (Maka Dai Dai), which a choice that
    changes another piece's moves may allow or forbid, as it changes what protects the Emperor's target. The plies
    know the pieces that move alike under every rule set (``steady_codes``), as the record check's do: what they
    protect, no Emperor takes under any option."""
    rng = random.Random(f"shows alike:{variant}")
    choices = [c for c in get_variant(variant).rule_choices if len(c.options) > 1]
    checked = 0
    for _ in range(positions):
        rules = RuleSet.of(variant, random_rules(variant, rng))
        types = rules.tables.types[1:]
        pos = next(scattered_positions(rules, rng, 1))
        moves = pos.legal_moves()
        rng.shuffle(moves)
        for move in [m for m in moves[:20] if not move_loses(pos, m)][:8]:
            name = pos.move_name(move)
            ply = Ply(pos, move, {}, steady=steady_codes(rules))
            for c in choices:
                if may_part(ply, difference(rules, c.id)) is not None:
                    continue
                for o in c.options:
                    other = _with(rules, c.id, o.id)
                    if o.id == rules.choices[c.id] or \
                            [t.code for t in other.tables.types[1:]] != [t.code for t in types]:
                        continue
                    _assert_plays_alike(pos, other, name, move, ply.hash_after)
                    checked += 1
    assert checked > 100


def _assert_plays_alike(pos: Position, other: RuleSet, name: str, move: Move, after: int) -> None:
    """Under ``other``, ``name`` reads as ``move``, which leaves the position hashed ``after`` and does not lose."""
    with _under(pos, other, {}):
        try:
            read: Move | str = parse_move(pos, name)
        except ShogiRulesError as exc:
            read = str(exc)
        assert read == move and _after(pos, move) == after and not move_loses(pos, move), \
            (pos.fen(), dict(other.choices), name, read)


def _after(pos: Position, move: Move) -> int:
    pos.push(move)
    try:
        return pos.hash
    finally:
        pos.pop()


def test_check_record_finds_a_mate_that_two_choices_make_together():
    """After ply 32 of this record sente has a move that does not lose under Tenjiku's ``free-eagle=jawp`` alone, and
    another under ``range-jump.capture=modern-2000`` alone, but none under both: the game is over there. The record
    check used to take each option's own way out as proof for every combination (and so accepted the record under
    both); a part is now kept whole only where one move shows that the game goes on under every option of it."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_two_choice_mate.txt", encoding="utf-8").read())
    check = check_record("tenjiku", record)
    both = {"tenjiku.free-eagle": "jawp", "tenjiku.range-jump.capture": "modern-2000"}
    assert replay("tenjiku", record, {"tenjiku.free-eagle": "jawp"}).legal
    assert replay("tenjiku", record, {"tenjiku.range-jump.capture": "modern-2000"}).legal
    assert check.branch(both).first_illegal_ply == 33
    assert_two_choices_agree(record, check, *both, "two choices", 6)


def test_check_record_reads_again_where_a_twin_of_the_mover_is_paralysed_under_one_option():
    """At ply 103 of this record sente's other Water Buffalo stands next to gote's Heavenly Tetrarchs, far from the
    move: where the Tetrarchs paralyse it the text names one piece, and where they do not it names two. The board
    check used to look for a paralysing piece next to the move's own squares only."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_paralysed_twin.txt", encoding="utf-8").read())
    check = check_record("tenjiku", record)
    for option in get_variant("tenjiku").rule_choice("tenjiku.tetrarchs.power").options:
        rules = {"tenjiku.tetrarchs.power": option.id}
        r = replay("tenjiku", record, rules)
        b = check.branch(rules)
        assert (b.legal, b.first_illegal_ply, b.reason) == (r.legal, r.first_illegal_ply, r.reason)
    assert not replay("tenjiku", record, {"tenjiku.tetrarchs.power": "tsa"}).legal


def test_check_record_proves_a_mate_whose_joined_part_has_more_combinations_than_may_be_played():
    """After ply 58 of this record the game is over under tenjiku.free-eagle=jawp (gote mates). Asked in parts, five
    choices join into one part (216 combinations), more than the limits let a mate play whole: the ply was named as
    not proved. Such a part is now asked under each option of one of its choices in turn, as a part too large to play
    is; the check proves the ply, and it agrees with replaying the record under the rule set that made it, under
    jawp, and under the Free Eagle's and the Fire Demon's promotion-burn options with others drawn at random."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_mate_past_the_limits.txt",
                              encoding="utf-8").read())
    check = check_record("tenjiku", record)
    assert check.unproven == ()
    assert check.branch({"tenjiku.free-eagle": "jawp"}).first_illegal_ply == 59
    assert assert_two_choices_agree(record, check, "tenjiku.free-eagle", "tenjiku.fire-demon.promotion-burn",
                                    "mate past the limits", 3) == {True, False}


def test_choices_asked_together_that_are_too_many_are_asked_without_the_widest_and_proved():
    """At ply 53 of this record seven choices might change the ply together (the Tetrarchs' power and clash must be
    played, as one refuses the move; the others change how the move that shows the game goes on is read, or what the
    opponent might take after it): more combinations than the check plays whole, so the ply was named as not proved. The choice with the most options
    (the Free Eagle's) is now taken out: each of its options is asked apart, the other six together beside it. The
    check proves the ply, and agrees with replays under every option of the Free Eagle beside each power of the
    Tetrarchs (one refuses the ply), the others at their defaults and at random."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_seven_choices_linked.txt",
                              encoding="utf-8").read())
    check = check_record("tenjiku", record)
    assert len(record) == 53 and check.unproven == ()
    assert check.branch({"tenjiku.tetrarchs.power": "zhwp"}).first_illegal_ply == 53
    assert assert_two_choices_agree(record, check, "tenjiku.free-eagle", "tenjiku.tetrarchs.power",
                                    "seven choices linked", 3) == {True, False}


def test_check_record_proves_a_mate_where_the_last_promotion_may_burn_later():
    """Ply 202 of this record promotes a Water Buffalo into a Fire Demon, and under tenjiku.fire-demon.meeting=adams
    sente is mated after it. Where the new demon's burn is delayed a ply (tenjiku.fire-demon.promotion-burn=delayed) the
    board cannot tell what the other choices change at that mate, and every combination was to be played at once: too
    many, and the ply was named as not proved. That choice is now asked under each of its options in turn, the others in
    parts beside it: the check proves the ply, and it agrees with replays under every option of the promotion-burn and
    of the meeting of demons, the others at their defaults and at random."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_mate_after_a_delayed_burn.txt",
                              encoding="utf-8").read())
    check = check_record("tenjiku", record)
    assert len(record) == 203 and 203 not in check.unproven
    assert check.branch({"tenjiku.fire-demon.meeting": "adams"}).first_illegal_ply == 203
    assert check.branch({"tenjiku.fire-demon.meeting": "adams",
                         "tenjiku.fire-demon.promotion-burn": "delayed"}).first_illegal_ply == 203
    assert assert_two_choices_agree(record, check, "tenjiku.fire-demon.promotion-burn", "tenjiku.fire-demon.meeting",
                                    "mate after a delayed burn", 2) == {True, False}


def test_check_record_proves_a_refusal_under_another_power_of_the_tetrarchs():
    """Under tenjiku.tetrarchs.power=tsa gote's Tetrarchs leave sente's second Chariot Soldier free, and ply 111
    (ChSx3n) could be either. A choice whose options all paralyse alike (the Free Eagle's, the Lion Hawk's) was taken
    to paralyse otherwise there, because its options' tables were compared with those of the rule set played, which
    takes another power of the Tetrarchs than theirs: every such choice was played whole, too many to play together,
    and the ply was named as not proved. The options are now compared with one another: the check proves the ply, and
    it agrees with replays of both powers beside every option of the Free Eagle, the others at random."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_twin_freed_by_the_tetrarchs_power.txt",
                              encoding="utf-8").read())
    check = check_record("tenjiku", record)
    assert check.unproven == ()
    assert "could be any of 2 moves" in check.branch({"tenjiku.tetrarchs.power": "tsa"}).reason
    assert assert_two_choices_agree(record, check, "tenjiku.tetrarchs.power", "tenjiku.free-eagle",
                                    "twin freed by the power", 3) == {True, False}
    rs = RuleSet.of("tenjiku", {"tenjiku.tetrarchs.power": "tsa"})
    assert not known_codes(rs.tables, difference(rs, "tenjiku.free-eagle")).paralysis_differs
    assert known_codes(rs.tables, difference(rs, "tenjiku.tetrarchs.power")).paralysis_differs


TWO_CHOICE_READINGS = {
    # sente's second Free Eagle (10e) reaches 8e only by the Tenjiku Shogi Association's orthogonal jump over the
    # pawn, and only where gote's Heavenly Tetrarchs (11d) do not paralyse it
    "a twin free under two options": ({"8p": "K", "8a": "k", "8h": "FE", "10e": "FE", "9e": "P", "11d": "+cs"},
                                      ["FE-8e", "K-8b"]),
    # the same without the first Free Eagle: the move is legal only where both options free it
    "a move free under two options": ({"8p": "K", "8a": "k", "10e": "FE", "9e": "P", "11d": "+cs"}, ["FE-8e", "K-8b"]),
}


@pytest.mark.parametrize("case", TWO_CHOICE_READINGS)
def test_check_record_reads_a_move_under_two_options_together(case):
    """Each of two choices may leave a text naming the same move while both together change what it names:
    here the Free Eagle's jump and the Tetrarchs' paralysis. Each option alone was asked (and read the move
    alike), so check-record said that every rule set accepted the first record; under the combinations of a
    jumping Free Eagle with Tetrarchs that do not paralyse, the text names two moves."""
    pieces, record = TWO_CHOICE_READINGS[case]
    fen = Position.from_pieces("tenjiku", pieces).fen()
    check = check_record("tenjiku", record, fen=fen)
    assert assert_two_choices_agree(record, check, "tenjiku.free-eagle", "tenjiku.tetrarchs.power", case, 3,
                                    fen) == {True, False}
    assert list(check.presets) == presets_accepting("tenjiku", record, fen=fen)


def test_check_record_tells_a_move_that_burns_otherwise_from_one_that_cannot_be_made():
    """At ply 164 of this record a Fire Demon's move with its burns is legal only under two options together (its
    slides and the rule for demons that meet); under each alone, and under neither, the text is refused. The
    refusal under one option alone (the move is there, and burns otherwise) used to be worded as the refusal
    under neither (no Fire Demon reaches the square), so that check-record took both for the same and refused the
    record under every combination."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_burns_under_two_options.txt",
                              encoding="utf-8").read())
    slides = {"tenjiku.fire-demon.slides": "tsa"}
    assert "burns" in replay("tenjiku", record, slides).reason
    check = check_record("tenjiku", record)
    assert_two_choices_agree(record, check, "tenjiku.fire-demon.slides", "tenjiku.fire-demon.meeting",
                             "burns under two options", 3)
    assert check.branch({**slides, "tenjiku.fire-demon.meeting": "tsa-per-zhwp"}).plies > 164


def test_check_record_reads_again_where_a_check_rule_frees_a_twin_of_the_mover():
    """Before ply 72 of this Sho shogi record sente's king is in check. Where a move may not leave the king attacked
    only one Gold can go to 5b; where the game ends by capturing the king instead, both can, and the text names two
    moves. The board check looked only at whether the move itself leaves the king attacked."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/sho_twin_under_check.txt", encoding="utf-8").read())
    check = check_record("sho", record)
    verdicts = set()
    for rules in every_rule_set("sho"):
        r = replay("sho", record, rules)
        b = check.branch(rules)
        assert (b.legal, b.first_illegal_ply, b.reason) == (r.legal, r.first_illegal_ply, r.reason), rules
        verdicts.add(r.first_illegal_ply)
    assert 72 in verdicts and len(verdicts) > 1


FENS = [("heian", "lnsgkgsnl/ppppppppp/9/9/9/9/PPPPPPPPP/LNSGKGSNL w - - 0 1", ["P-5f", "P-5c"]),
        ("heian", "lnsgkgsnl/9/ppppppppp/9/9/9/9/PPPPPPPPP/9/LNSGKGSNL w - - 0 1", ["P-5g", "K-5b"]),
        ("heian", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPP1PPPP/9/LNSGKGSNL[P] w - - 0 1", ["P*5e", "P-5d"]),
        ("sho", "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPP1PPPP/1B2E2R1/LNSGKGSNL[P] w - - 0 1", ["P*5e", "P-4d"])]


@pytest.mark.parametrize("variant,fen,moves", FENS)
def test_check_record_from_a_fen_that_fits_some_rule_sets_only(variant, fen, moves):
    """A start position on a board of one size, or with pieces in hand, is no position under the rule sets of another
    board or without drops (``replay`` refuses the FEN there): those refuse the record at its first ply, the others
    play it (check-record used to fail with a traceback, or refuse the whole record)."""
    check = check_record(variant, moves, fen=fen)
    assert check.legal and check.accepted < check.total
    for rules in every_rule_set(variant):
        b = check.branch(rules)
        try:
            r = replay(variant, moves, rules, fen=fen)
        except FenError:
            assert (b.legal, b.first_illegal_ply, b.plies) == (False, 1, 0)
            assert "cannot be set up under these rules" in b.reason
        else:
            assert (b.legal, b.first_illegal_ply) == (r.legal, r.first_illegal_ply)
    assert list(check.presets) == presets_accepting(variant, moves, fen=fen)
    with pytest.raises(FenError):
        check_record(variant, moves, fen=fen.replace("/", "/9/", 1) + "x")


def count_parses(monkeypatch) -> list[int]:
    """A counter of the moves read by a record check (in full, or among the named piece's moves only)."""
    import shogi_rules.notation.records as records
    calls = [0]
    real, narrow = Position.parse_move, records.parse_move

    def counted(self, text, notation="auto"):
        calls[0] += 1
        return real(self, text, notation)

    def counted_narrow(pos, text, notation="auto", narrow=False):
        calls[0] += 1
        return narrow_read(pos, text, notation, narrow)

    narrow_read = narrow
    monkeypatch.setattr(Position, "parse_move", counted)
    monkeypatch.setattr(records, "parse_move", counted_narrow)
    return calls


def test_check_record_without_rule_choices_replays_once(monkeypatch):
    moves = random_game("shogi", 120, random.Random("shogi once"), {})
    calls = count_parses(monkeypatch)
    verdict = check_record("shogi", moves)
    assert verdict.legal and calls[0] == len(moves)  # the old search replayed the record twice
    assert verdict.lines()[0] == "legal   (no rule choice matters)"


def test_check_record_plays_each_ply_under_few_rule_sets(monkeypatch):
    """One replay, plus one play of the ply per option of the choices that might change it: never a
    replay per combination (the article's game was replayed 40 times, and a record where 1,024
    combinations mattered was refused after the work)."""
    calls = count_parses(monkeypatch)
    verdict = check_record("tenjiku", ARTICLE_GAME)
    probes = 1 + sum(len(c.options) - 1 for c in get_variant("tenjiku").rule_choices)
    assert calls[0] <= 2 * probes * len(ARTICLE_GAME)
    assert verdict.accepted == 69_120 and verdict.constraints() == ({
        **{c.id: tuple(o.id for o in c.options) for c in get_variant("tenjiku").rule_choices},
        "tenjiku.range-jump.capture": ("modern-2000",), "tenjiku.fire-demon.capture": ("zhwp",),
        "tenjiku.promotion": ("tsa",)}, [])


def test_rule_sets_split_apart_at_a_ply_play_on_as_one_where_they_play_alike(monkeypatch):
    """A set of rule sets is split at a ply where something was asked of some of its options apart (another move showed
    that the game goes on there); where the parts then make the same move, leave the same position and differ in one
    choice only, they play on as one set, asked of anew at each ply, as they were before the split. On a capture-heavy
    Tenjiku record, the check plays far fewer plies so than with the parts kept apart to the end, and says the same of
    every rule set: the same verdict, ply and reason for each branch's own rule set and random ones, the same number of
    rule sets accepting and refusing at each ply; and each branch's own rule set replays as the check says. No two
    sets that accept the record differ in one choice only and played it alike."""
    import shogi_rules.notation.records as records
    variant = "tenjiku"
    rng = random.Random("rejoined:tenjiku:6")
    made = random_rules(variant, rng)
    moves = random_game(variant, 150, rng, made, careful=False, captures=0.5)
    joined = check_record(variant, moves)
    with monkeypatch.context() as m:
        m.setattr(records, "_rejoined", lambda groups: groups)
        apart = check_record(variant, moves)
    assert joined.plays < 0.75 * apart.plays and len(joined.branches) < len(apart.branches)
    assert verdict_tally(joined) == verdict_tally(apart)
    draw = random.Random("rejoined draw")
    rule_sets = [dict(b.example) for b in (*joined.branches, *apart.branches)] + [random_rules(variant, draw)
                                                                                  for _ in range(200)]
    for rules in rule_sets:
        a, b = joined.branch(rules), apart.branch(rules)
        assert (a.legal, a.first_illegal_ply, a.reason) == (b.legal, b.first_illegal_ply, b.reason), rules
    for b in joined.branches:
        r = replay(variant, moves, b.example)
        assert (r.legal, r.first_illegal_ply, r.reason) == (b.legal, b.first_illegal_ply, b.reason), b.example
    accepting = [b for b in joined.branches if b.legal]
    ends = [(pos.hash_history, pos.move_stack) for pos in (replay(variant, moves, b.example).position for b in accepting)]
    for (a, end_a), (b, end_b) in combinations(zip(accepting, ends), 2):
        if sum(a.options[c] != b.options[c] for c in a.options) == 1:
            assert end_a != end_b, (a.options, b.options)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_check_record_plays_a_ply_under_another_option_only_where_the_board_cannot_tell(variant, monkeypatch):
    """The search used to play every ply under every option of every choice. Where the board shows that an
    option cannot change a ply (a choice about pieces that are not near the move and cannot take the
    mover's royal piece after it, a promotion rule on a move away from the zone, a bare-king rule while
    both sides have pieces, ...), it is no longer played: on a random game, at most a fifth of those
    plays remain, and the verdict agrees with replaying under the rule sets of its branches."""
    import shogi_rules.notation.records as records
    own, other = [0], [0]
    real, real_differs = records._Group.play, records._Group.differs

    def counted(self, rs, text, hints=(), **kwargs):
        (own if rs is self.rules else other)[0] += 1
        return real(self, rs, text, hints, **kwargs)

    def counted_differs(self, rs, *args):  # a play under another option, asked only as far as it decides
        other[0] += 1
        return real_differs(self, rs, *args)

    monkeypatch.setattr(records._Group, "play", counted)
    monkeypatch.setattr(records._Group, "differs", counted_differs)
    moves = random_game(variant, 200, random.Random(f"few plays:{variant}"), {})
    verdict = check_record(variant, moves)
    options = sum(len(c.options) - 1 for c in get_variant(variant).rule_choices)
    assert other[0] <= own[0] * options / 5, (other[0], own[0], options)
    for b in verdict.branches:
        r = replay(variant, moves, b.example)
        assert (r.legal, r.first_illegal_ply, r.reason) == (b.legal, b.first_illegal_ply, b.reason)


def test_an_option_that_refuses_a_text_alike_is_asked_with_others_only_for_its_reading(monkeypatch):
    """Where the rule set played refuses a ply's text, and the move that shows the game goes on plays alike under an
    option of a choice (the board shows it), what is left to ask of the option is how it reads the text (played): it
    is asked together with the choices that change that too, not with every other choice. The Chinese Wikipedia
    Tenjiku game's ply 15 (a Fire Demon's capture and the burns it lists), refused under Werner's two capture rules:
    under each, the Fire Demon's other slides read the text alike (played), and the Free Eagle's readings, which change
    only whether the move found goes on, are no longer played beside them; rule sets that take those options together
    fare as the check says."""
    import shogi_rules.notation.records as records
    moves = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_article_game.txt", encoding="utf-8").read())
    real_differs = records._Group.differs
    at = [0]
    together: list[dict[str, str]] = []

    def counted_differs(self, rs, *args, **kwargs):
        if at[0] == 14:
            together.append({c: o for c, o in rs.choices.items() if o != RuleSet.of("tenjiku").choices[c]})
        return real_differs(self, rs, *args, **kwargs)

    monkeypatch.setattr(records._Group, "differs", counted_differs)
    verdict = check_record("tenjiku", moves, progress=lambda ply: at.__setitem__(0, ply))
    werner = [c for c in together if c.get("tenjiku.fire-demon.capture", "zhwp").startswith("werner")]
    assert werner and any("tenjiku.fire-demon.slides" in c for c in werner), together
    assert not any("tenjiku.fire-demon.slides" in c and "tenjiku.free-eagle" in c for c in werner), werner
    for capture in ("werner-tame", "werner-very-tame"):
        for eagle in ("zhwp", "tsa", "cat-sword-twice", "jawp"):
            rules = {"tenjiku.range-jump.capture": "modern-2000", "tenjiku.fire-demon.capture": capture,
                     "tenjiku.free-eagle": eagle, "tenjiku.fire-demon.slides": "tsa"}
            r = replay("tenjiku", moves, rules)
            b = verdict.branch(rules)
            assert (r.legal, r.first_illegal_ply) == (b.legal, b.first_illegal_ply) == (False, 15), (rules, r.reason)


def test_a_split_does_not_ask_again_whether_the_game_goes_on_where_the_split_that_made_it_showed_it(monkeypatch):
    """Where a ply splits the rule sets, the parts split off are asked again in the same position; that the game goes
    on under an option, shown before under every option of every other choice (a move that shows it under each), is
    not asked again there. The Chinese Wikipedia Tenjiku game's plies 10, 15 and 30 split the rule sets (a range
    jumper's capture, a Fire Demon's burns, a promotion); under Japanese Wikipedia's Free Eagle every record move loses,
    and another move shows the game goes on: that is shown once a ply, not again in each part; rule sets that take the
    Free Eagle's reading with each part's options fare as replaying them says."""
    import shogi_rules.notation.records as records
    moves = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_article_game.txt", encoding="utf-8").read())
    real_shows_alike = records._Group.shows_alike
    at = [0]
    shown: list[int] = []

    def counted(self, rs, *args, **kwargs):
        if rs.choices["tenjiku.free-eagle"] == "jawp":
            shown.append(at[0] + 1)
        return real_shows_alike(self, rs, *args, **kwargs)

    monkeypatch.setattr(records._Group, "shows_alike", counted)
    verdict = check_record("tenjiku", moves, progress=lambda ply: at.__setitem__(0, ply))
    split = {b.first_illegal_ply for b in verdict.branches if not b.legal}
    assert {10, 15, 30} <= split, split
    for ply in (10, 15, 30):
        assert shown.count(ply) == 1, (ply, shown)
    for extra in ({}, {"tenjiku.range-jump.capture": "modern-2000"},
                  {"tenjiku.range-jump.capture": "modern-2000", "tenjiku.fire-demon.capture": "werner-tame"},
                  {"tenjiku.range-jump.capture": "modern-2000", "tenjiku.fire-demon.capture": "werner-very-tame"},
                  {"tenjiku.range-jump.capture": "modern-2000", "tenjiku.promotion": "tsa"},
                  {"tenjiku.range-jump.capture": "modern-2000", "tenjiku.promotion": "tsa",
                   "tenjiku.range-jump.when": "tsa"}):
        rules = {"tenjiku.free-eagle": "jawp", **extra}
        r = replay("tenjiku", moves, rules)
        b = verdict.branch(rules)
        assert (r.legal, r.first_illegal_ply) == (b.legal, b.first_illegal_ply), (rules, r.reason, b.verdict)


def test_a_promotion_rule_is_asked_only_of_a_piece_that_can_promote():
    """A move that touches the promotion zone is read again under each other promotion rule (it may promote or
    be named otherwise), unless its piece cannot promote under any of them (a promoted piece, a king): then the
    board answers. Such moves of a random Tenjiku game are passed over, and each reads as the same move, leaving
    the same position, under every promotion rule; the moves of pieces that can promote are read again."""
    from collections import Counter

    from shogi_rules.engine.parting import Ply, may_part
    from shogi_rules.notation.moves import parse_move

    choice = "tenjiku.promotion"
    diff = difference(RuleSet.of("tenjiku"), choice)
    moves = random_game("tenjiku", 160, random.Random("promotion asked"), {})
    pos = Position("tenjiku")
    passed = asked = 0
    for text in moves:
        move = pos.parse_move(text)
        t = pos.tables
        zone = any(x.zone[pos.turn][s] for x in (t, *diff.tables) for s in (move.origin, move.target) if s is not None)
        if zone and move.origin is not None:
            parting = may_part(Ply(pos, move, Counter(pos.hash_history)), diff)
            if any(x.promotes[pos.board[move.origin]] for x in (t, *diff.tables)):
                asked += 1
                assert parting is not None and parting.reread, text
            else:
                passed += 1
                assert parting is None or not parting.reread, text
                pos.push(move)
                after = pos.hash
                pos.pop()
                for option in get_variant("tenjiku").rule_choice(choice).options:
                    other = Position(RuleSet.of("tenjiku", {choice: option.id}), fen=pos.fen())
                    assert parse_move(other, text) == move, (text, option.id)
                    other.push(move)
                    assert other.hash == after
        pos.push(move)
    assert passed >= 5 and asked >= 5, (passed, asked)


@pytest.mark.parametrize("variant,choice", [("sho", "sho.drops"), ("heian", "heian.drops"), ("wa", "wa.drops")])
def test_a_drops_rule_is_asked_only_where_a_hand_holds_or_takes_a_piece(variant, choice):
    """Whether captured pieces may be dropped changes nothing while both hands are empty and the move captures
    nothing: the board answers (every ply used to be played under the other option). Along a random game, each ply
    that the board passes over has the same legal moves and leaves the same position under every option; a capture,
    a drop or a piece in hand is asked."""
    from collections import Counter

    from shogi_rules.engine.parting import Ply, may_part

    diff = difference(RuleSet.of(variant), choice)
    assert not diff.everywhere
    moves = random_game(variant, 200, random.Random(f"drops asked:{variant}"), {choice: "none"})
    pos = Position(variant, rules={choice: "none"})
    passed = asked = 0
    for text in moves:
        move = pos.parse_move(text)
        parting = may_part(Ply(pos, move, Counter(pos.hash_history)), diff)
        takes = pos.board[move.target] != 0
        if takes or any(any(hand) for hand in pos.hands):
            asked += 1
            assert parting is not None and parting.play, text
        elif parting is None:
            passed += 1
            for option in get_variant(variant).rule_choice(choice).options:
                other = Position(variant, rules={choice: option.id}, fen=pos.fen())
                assert sorted(map(str, other.legal_moves())) == sorted(map(str, pos.legal_moves())), option.id
                pos.push(move)
                other.push(move)
                assert (other.board, other.hands, other.turn) == (pos.board, pos.hands, pos.turn), (text, option.id)
                pos.pop()
        pos.push(move)
    assert passed >= 5 and asked >= 5, (passed, asked)


@pytest.mark.parametrize("variant", ["tenjiku", "chu", "makadaidai"])
def test_a_ply_finds_where_the_pieces_stand_from_the_ply_before(variant):
    """check-record reads where the pieces of each code stand once per board: a ply takes those before its move
    from the ply that led to its position, and finds those after it from the squares the move changed (what it
    took, burnt, promoted or converted), which must agree with reading the board. In Tenjiku, on the benchmark's
    record where Fire Demons burn and meet; in Chu and Maka Dai Dai, on random games."""
    from collections import Counter

    from shogi_rules.engine.parting import Ply, _by_code

    if variant == "tenjiku":
        moves = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_demons_meet.txt", encoding="utf-8").read())
    else:
        moves = random_game(variant, 200, random.Random(f"by code:{variant}"), {})
    pos = Position(variant)
    earlier = None
    changed = 0
    for text in moves:
        move = pos.parse_move(text)
        ply = Ply(pos, move, Counter(), by_code=None if earlier is None else earlier.every_after)
        assert ply.every_before == _by_code(list(pos.board)), text
        assert ply.every_after == _by_code(ply.board_after), text
        changed += len(ply._changed) > 2
        earlier = ply
        pos.push(move)
    assert changed > 0  # some move changed more squares than its origin and target


def _bare_by_squares(pos: Position) -> bool:
    """Whether a side has fewer than two pieces that every bare-king rule counts, read square by square: an unpromoted
    pawn or lance on a first or last rank is not counted."""
    t, g = pos.tables, pos.tables.geometry
    counted = [0, 0]
    for sq, code in enumerate(pos.board):
        if code:
            kind = t.types[code >> 1]
            counted[code & 1] += kind.promoted or kind.kind.code not in ("P", "L") or g.row(sq) not in (0, g.ranks - 1)
    return not (counted[0] > 1 and counted[1] > 1)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_whether_a_side_may_be_bare_is_told_from_the_codes_on_the_board_as_from_its_squares(variant):
    """``Ply.may_be_bare`` (where check-record asks a choice of bare-king rules) answers first from which piece codes
    stand on the board, two codes of a side that count on any square being two pieces, and only then square by
    square. On thin random boards, with and without the squares of each code known from a ply before, and where a
    side keeps its royal piece and pawns or lances on its own first rank only (not counted, though two codes stand
    there), it says what counting square by square says; and on many boards the codes alone told it."""
    from collections import Counter

    rules = RuleSet.of(variant)
    rng = random.Random(f"bare by codes: {variant}")
    answers: Counter[bool] = Counter()
    by_codes = 0
    positions = list(scattered_positions(rules, rng, 60, fills=(12, 40, 1000)))
    t, g = rules.tables, rules.tables.geometry
    royal = next(pt.id for pt in t.types[1:] if t.royal[2 * pt.id])
    others = [pt.id for pt in t.types[1:] if not t.royal[2 * pt.id] and not pt.promoted and pt.kind.code not in ("P", "L")]
    pinned = len(positions)
    for kind in ("P", "L"):
        low = next((pt.id for pt in t.types[1:] if pt.kind.code == kind and not pt.promoted), None)
        if low is None:
            continue
        board = [0] * g.size
        first = [sq for sq in range(g.size) if g.row(sq) == g.ranks - 1]  # sente's own first rank
        board[first[0]] = 2 * royal + SENTE
        board[first[2]] = board[first[4]] = 2 * low + SENTE
        board[0] = 2 * royal + GOTE
        board[g.size // 2] = 2 * others[0] + GOTE
        board[g.size // 2 + 2] = 2 * others[1] + GOTE
        positions.append(Position.from_board(rules, board, SENTE, 0))
    kept = 0
    for i, pos in enumerate(positions):
        legal = pos.legal_moves()
        if not legal:
            continue
        expected = _bare_by_squares(pos)
        if i >= pinned:
            assert expected, pos.fen()  # (the pawns or lances on the first rank are not counted)
            kept += 1
        ply = Ply(pos, legal[0], Counter())
        assert ply.may_be_bare == expected, pos.fen()
        by_codes += "every_before" not in ply.__dict__  # (the squares of each code were not read)
        known = Ply(pos, legal[0], Counter(), by_code=ply.every_before)
        assert known.may_be_bare == expected, pos.fen()
        answers[expected] += 1
    assert answers[True] >= 5 and answers[False] >= 5 and by_codes >= 5, (answers, by_codes)
    assert kept == len(positions) - pinned and (kept == 2 or variant == "wa"), (variant, kept)  # (Wa: no pawn, no lance)


def test_check_record_answers_where_a_thousand_combinations_matter():
    rng = random.Random("many combinations")
    moves = random_game("makadaidai", 300, rng, {})
    verdict = check_record("makadaidai", moves)  # was refused: 1,024 combinations of choices mattered
    assert verdict.accepts({}) and len(verdict.branches) > 1
    for b in verdict.branches:
        r = replay("makadaidai", moves, b.example)
        assert (r.legal, r.first_illegal_ply) == (b.legal, b.first_illegal_ply)


# --- the end of the game ------------------------------------------------------------------------------
def test_replay_refuses_a_move_after_the_fourth_repetition():
    moves = ["K-5h", "K-5b", "K-5i", "K-5a"] * 3 + ["K-5h"]
    r = replay("shogi", moves)
    assert not r.legal and r.first_illegal_ply == 13 and r.plies == 12
    assert r.reason == "the game was over after ply 12: draw (repetition)"
    assert replay("shogi", moves[:12]).legal and str(replay("shogi", moves[:12]).outcome) == "draw (repetition)"
    verdict = check_record("shogi", moves)
    assert not verdict.legal and verdict.branches[0].first_illegal_ply == 13


@pytest.mark.parametrize("variant", ["chu", "tenjiku"])
def test_replay_refuses_a_move_after_checkmate_in_a_capture_variant(variant):
    corner = {"chu": ("12l", "1k", "6f"), "tenjiku": ("16p", "1k", "6f")}[variant]
    pos = Position.from_pieces(variant, {"1a": "k", corner[2]: "p", corner[0]: "K", corner[1]: "R", "3b": "G"}, turn=1)
    assert str(pos.outcome()) == "sente wins (checkmate)"
    r = replay(variant, ["K-1b"], fen=pos.fen())
    assert not r.legal and r.first_illegal_ply == 1
    assert r.reason == "the game was over after ply 0: sente wins (checkmate)"


def test_game_end_shortcut_agrees_with_outcome():
    """``replay`` skips the full test for mate where the move it is about to make shows the game goes on:
    at every ply of random games, its answer is ``Position.outcome()``'s."""
    for variant in ("chu", "tenjiku", "daidai", "makadaidai", "wa"):
        rng = random.Random(f"ends:{variant}")
        player = _Replayer(Position(variant))
        pos = player.pos
        for _ in range(120):
            legal = pos.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            assert player.game_over(move)[0] == pos.outcome()
            player.push(move)
            if pos.outcome() is not None:
                break


@pytest.mark.parametrize("variant", ["tenjiku", "daidai"])
def test_a_loss_carried_to_another_option_is_a_loss_there(variant):
    """Where a mate test under one rule set names, for each move that loses, the piece that would then take,
    check-record does not play those moves again under another option of a choice where
    ``carried_losses`` says they lose there as well: at the positions of a seeded random game (captures
    preferred, so that royal pieces come under attack) where some move loses, every move it says so of
    loses there (an attack test under that rule set). (Maka Dai Dai's random games leave no move losing.)"""
    rng = random.Random(f"carried:{variant}")
    rs = RuleSet.of(variant)
    pos = Position(rs)
    others = {(c.id, o.id): Position(RuleSet.of(rs, {c.id: o.id})) for c in rs.base.rule_choices
              for o in c.options if o.id != rs.choices[c.id]}
    asked = carried = 0
    for ply in range(400):
        legal = pos.legal_moves()
        if not legal or not royals_left(pos, 0) or not royals_left(pos, 1) or asked >= 120:
            break
        proof = {m: taker for m in legal if (taker := losing_taker(pos, m)) is not None}
        if proof:
            for (choice, option), other in others.items():
                lost = carried_losses(pos, proof, difference(rs, choice))
                if lost is None:
                    continue
                for m in other.legal_moves():
                    if lost(m):
                        carried += 1
                        assert move_loses(other, m), (ply, choice, option, other.move_name(m))
                asked += 1
        captures = [m for m in legal if pos.board[m.target] and m.target != m.origin]
        move = rng.choice(captures if captures and rng.random() < 0.7 else legal)
        pos.push(move)
        for other in others.values():
            other.push(move)
    assert asked > 40 and carried > 100, (asked, carried)


def _choices_asked_by_the_board(variant: str) -> list[str]:
    """The rule choices of ``variant`` whose options the board may tell apart (neither changing every ply nor
    numbering the pieces otherwise)."""
    rs, sweeping = RuleSet.of(variant), _sweeping(get_variant(variant))[1]
    return [c.id for c in get_variant(variant).rule_choices
            if c.id not in sweeping and not difference(rs, c.id).everywhere]


@pytest.mark.parametrize("variant", [v for v in VARIANT_IDS if _choices_asked_by_the_board(v)])
def test_what_a_choice_is_asked_from_holds_where_each_piece_goes_under_every_rule_set_that_plays_with_it(variant):
    """The board tells whether an option of a choice could change a ply by where pieces could go under it
    (``may_part``: the union of the reach of the tables of :attr:`Difference.bound`). The rule sets asked together take
    any options of the other choices as well (a Fire Demon's slides beside a rule of what it may capture), so the union
    holds the tables of those options too (``Difference.others``): for random pairs of rule sets that number the pieces
    alike (the same options of the choices that renumber them or change the board), every piece on every square sampled
    reaches under the second only squares that the union of the first's tables and of any choice's ``bound`` reaches.
    With the tables of the choice's own options alone it did not, in six games (Tenjiku's Fire Demon among them).
    What the opponent's pieces might take after a move is read on the board it leaves (a line ends at the first
    piece: ``Tables.open_reach_mask``), and so is the union asked: on a random board (a third of the squares
    taken) as well."""
    rng = random.Random(f"bound:{variant}")
    _, sweeping, _ = _sweeping(get_variant(variant))
    checked = 0
    for _ in range(12):
        rs = RuleSet.of(variant, random_rules(variant, rng))
        other = RuleSet.of(variant, {**random_rules(variant, rng), **{c: rs.choices[c] for c in sweeping}})
        t, u = rs.tables, other.tables
        assert [p.code for p in t.piece_types] == [p.code for p in u.piece_types]
        board = [rng.randrange(2, len(t.burns)) if rng.random() < 1 / 3 else 0 for _ in range(t.geometry.size)]
        for c in get_variant(variant).rule_choices:
            diff = difference(rs, c.id)
            if diff.everywhere or c.id in sweeping:
                continue  # (every ply may part; the choice's own options number the pieces otherwise)
            for _ in range(60):
                code, sq = rng.randrange(2, len(t.burns)), rng.randrange(t.geometry.size)
                union = on_board = 0
                for x in (t, *diff.bound):
                    union |= x.reach_mask(code, sq)
                    on_board |= x.open_reach_mask(code, sq, board)
                assert u.reach_mask(code, sq) & ~union == 0, (c.id, code, sq, other.choices)
                assert u.open_reach_mask(code, sq, board) & ~on_board == 0, (c.id, code, sq, other.choices)
                checked += 1
    assert checked > 100


def test_a_fire_demon_whose_slides_are_blocked_short_of_the_king_is_not_asked_after_a_move():
    """Where a choice's options could change what the opponent may take after a move, the board says which of the
    opponent's pieces to ask: those whose reach under some option holds a royal piece of the mover's. Read on an empty
    board, a Fire Demon that slides under one option (TSA's) reaches along its whole diagonals, and burns next to
    every square of them: it was asked after every move while a king stood on one. Read on the board the move leaves
    (a line ends at the first piece), it is asked only where its line to the king is open: a gote pawn's move, sente's
    Fire Demon eight squares down the diagonal from gote's king, with a sente pawn between them and without."""
    for blocked in (True, False):
        rows = ["k15", "16", "16", "15p", "16", "16", "6P9" if blocked else "16", "16", "8(FD)7", *["16"] * 6, "15K"]
        pos = Position("tenjiku", fen="/".join(rows) + " b - - 0 1")
        demon = pos.geometry.parse("8i")
        assert pos.tables.burns[pos.board[demon]]
        pawn = next(m for m in pos.legal_moves() if pos.move_name(m, "western") == "P-1e")
        ply = Ply(pos, pawn, {})
        for choice in ("tenjiku.fire-demon.capture", "tenjiku.fire-demon.slides"):
            part = may_part(ply, difference(pos.rules, choice))
            if blocked:
                assert part is None, (choice, part)
            else:
                assert part is not None and part.threats == {demon}, (choice, part)


def test_an_option_that_acts_only_with_another_choices_is_asked_with_it(monkeypatch):
    """What a Fire Demon may take (``fire-demon.capture``) changes a ply only where the Fire Demon can get there, which
    the choice of its slides (``fire-demon.slides``) sets. In this random Tenjiku record sente's ply 77 leaves gote no
    move that saves its king only under the two together: after most of gote's moves a Great General takes the king,
    and after five of them only sente's Fire Demon could, with its slides and the Chinese Wikipedia article's rule of
    what it may capture. The rule sets that had played alike to ply 77 were asked of ply 78 from one that takes
    Werner's tame capture and no slides; asked of where the Fire Demon goes under each option of the capture choice
    alone, the check said that the rule sets with both accept the record (they had been joined with the others when
    they came to play alike). Each of the six combinations of the two choices (the record's other options as they
    were) now fares as its replay does, and the check says the same with rule sets never joined again."""
    import shogi_rules.notation.records as records
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_fire_demon_slides_and_capture.txt",
                              encoding="utf-8").read())
    made = {"tenjiku.free-eagle": "jawp", "tenjiku.fire-demon.promotion-burn": "delayed",
            "tenjiku.tetrarchs.move": "hachu"}
    verdict = check_record("tenjiku", record)
    stops = set()
    for capture in ("zhwp", "werner-tame", "werner-very-tame"):
        for slides in ("zhwp", "tsa"):
            rules = {**made, "tenjiku.fire-demon.capture": capture, "tenjiku.fire-demon.slides": slides}
            r, b = replay("tenjiku", record, rules), verdict.branch(rules)
            assert (b.legal, b.first_illegal_ply) == (r.legal, r.first_illegal_ply), rules
            stops.add(r.first_illegal_ply)
    assert stops == {None, 78}
    monkeypatch.setattr(records, "_rejoined", lambda groups: groups)
    assert verdict_tally(verdict) == verdict_tally(check_record("tenjiku", record))


def test_a_loss_by_a_piece_whose_kind_differs_is_not_carried():
    """Gote's Fire Demon can take a piece next to sente's cornered king, and so burn it, by the article's rule;
    by Werner's tame rules a Fire Demon that captures burns nothing. Every sente move loses by the first,
    few by the others: the loss is not carried to them, since the piece that takes is of the kind the
    choice is about, and what is carried loses there too."""
    pieces = {"1p": "K", "1o": "P", "2o": "P", "2p": "G", "16p": "R", "3m": "fd", "8a": "k"}
    pos = Position.from_pieces("tenjiku", pieces, 0)
    proof = {m: taker for m in pos.legal_moves() if (taker := losing_taker(pos, m)) is not None}
    assert len(proof) == len(pos.legal_moves())
    lost = carried_losses(pos, proof, difference(pos.rules, "tenjiku.fire-demon.capture"))
    assert lost is not None
    for option in ("werner-tame", "werner-very-tame"):
        other = Position.from_pieces("tenjiku", pieces, 0, rules={"tenjiku.fire-demon.capture": option})
        losing = {m for m in other.legal_moves() if move_loses(other, m)}
        assert 0 < len(losing) < len(proof)
        assert {m for m in other.legal_moves() if lost(m)} <= losing


def test_a_demon_arriving_next_to_an_enemy_carries_its_loss_past_the_switches_that_read_nothing_there():
    """Sente's king is lost to gote's Rook whatever sente does but block the file; sente's Fire Demon may arrive next
    to a gote piece. What it burns there differs between the options of a switch only where the switch reads
    something that holds there: next to a pawn, none does (no demon meets a demon, nothing is taken or promoted, no
    enemy paralyses), so the loss is carried past all five switches of burning and paralysis; next to gote's Fire
    Demon, the meeting of demons reads it, and only there is the loss not carried. Each move said to lose under an
    option loses there (an attack test)."""
    variant = get_variant("tenjiku")
    for enemy, not_carried in (("p", set()), ("fd", {"tenjiku.fire-demon.meeting"})):
        pieces = {"8p": "K", "8a": "r", "3h": "FD", "1e": enemy, "16a": "k"}
        pos = Position.from_pieces("tenjiku", pieces, 0)
        arriving = [m for m in pos.legal_moves() if m.target in pos.geometry.neighbours[pos.geometry.parse("1e")]]
        proof = {m: taker for m in pos.legal_moves() if (taker := losing_taker(pos, m)) is not None}
        assert len(arriving) == 3 and all(m in proof for m in arriving)
        switches = [c.id for c in variant.rule_choices if difference(pos.rules, c.id).burning]
        assert len(switches) == 5
        for choice in switches:
            lost = carried_losses(pos, proof, difference(pos.rules, choice))
            assert lost is not None
            assert all(not lost(m) for m in arriving) if choice in not_carried else all(lost(m) for m in arriving), \
                (enemy, choice)
            for option in variant.rule_choice(choice).options:
                other = Position.from_pieces("tenjiku", pieces, 0, rules={choice: option.id})
                assert all(move_loses(other, m) for m in other.legal_moves() if lost(m)), (enemy, choice, option.id)


def test_a_move_by_a_piece_that_only_moves_otherwise_carries_its_loss():
    """Sente's king is lost to gote's Rook unless a piece blocks the file. The readings of the Free Eagle, and of the
    Tetrarchs' moves, change how those pieces move and nothing else they do: a move one of them makes, legal under two
    options, leaves the same position under both, so its loss is carried (it used to be played again). The Tetrarchs'
    power changes what they do to their neighbours: there a Tetrarch's move is not carried. Each move said to lose
    under an option loses there."""
    variant = get_variant("tenjiku")
    pieces = {"8p": "K", "8a": "r", "3h": "FE", "12h": "+CS", "16a": "k"}
    pos = Position.from_pieces("tenjiku", pieces, 0)
    proof = {m: taker for m in pos.legal_moves() if (taker := losing_taker(pos, m)) is not None}
    eagle = [m for m in proof if m.origin == pos.geometry.parse("3h")]
    tetrarch = [m for m in proof if m.origin == pos.geometry.parse("12h")]
    assert len(eagle) > 20 and len(tetrarch) > 20
    for choice in ("tenjiku.free-eagle", "tenjiku.tetrarchs.move", "tenjiku.tetrarchs.power"):
        lost = carried_losses(pos, proof, difference(pos.rules, choice))
        assert lost is not None
        if choice.endswith("power"):
            assert not any(lost(m) for m in tetrarch)
        else:
            assert all(lost(m) for m in eagle + tetrarch), choice
        for option in variant.rule_choice(choice).options:
            other = Position.from_pieces("tenjiku", pieces, 0, rules={choice: option.id})
            assert all(move_loses(other, m) for m in other.legal_moves() if lost(m)), (choice, option.id)


def test_a_loss_to_a_demon_is_carried_past_the_switches_that_read_nothing_of_its_move():
    """Every move of sente's loses to gote's Fire Demon, which can reach and burn the king. Whether a demon may capture
    by moving changes what it can do, so that loss is never carried past ``fire-demon.capture``; whether two demons
    meet reads only a demon of sente's next to it, so that the loss is carried past ``fire-demon.meeting`` where sente
    has none, and not once sente has one (far away: the taker's move is not known). The switches of promotion-burning
    and of the Tetrarchs (no piece promotes into a demon, none paralyses) carry it in both. Each move said to lose
    under an option loses there."""
    variant = get_variant("tenjiku")
    for extra, carried_past in (({}, {"fire-demon.meeting", "fire-demon.promotion-burn", "tetrarchs.clash",
                                      "tetrarchs.clash.fire-demon"}),
                                ({"16p": "FD"}, {"fire-demon.promotion-burn", "tetrarchs.clash",
                                                 "tetrarchs.clash.fire-demon"})):
        pieces = {"8p": "K", "8l": "fd", "16a": "k", "1p": "L", **extra}
        pos = Position.from_pieces("tenjiku", pieces, 0)
        proof = {m: taker for m in pos.legal_moves() if (taker := losing_taker(pos, m)) is not None}
        assert len(proof) == len(pos.legal_moves()) and {pos.board[t] for t in proof.values()} == {pos.board[
            pos.geometry.parse("8l")]}
        for choice in [c.id for c in variant.rule_choices if difference(pos.rules, c.id).burning]:
            lost = carried_losses(pos, proof, difference(pos.rules, choice))
            assert lost is not None
            assert {lost(m) for m in proof} == {choice.removeprefix("tenjiku.") in carried_past}, (extra, choice)
            for option in variant.rule_choice(choice).options:
                other = Position.from_pieces("tenjiku", pieces, 0, rules={choice: option.id})
                assert all(move_loses(other, m) for m in other.legal_moves() if lost(m)), (extra, choice, option.id)


def test_a_burn_delayed_by_a_promotion_is_asked_only_of_the_switch_that_delays_it():
    """Under ``fire-demon.promotion-burn=delayed``, sente's Water Buffalo promotes to a Fire Demon next to a gote pawn,
    which burns at the end of gote's next move. What burns then reads that one switch only: the board shows that gote's
    quiet move plays alike under every option of the meeting of demons and of the Tetrarchs' clash (the record check
    used to play the ply under each), and so it does (the same position after it); the switch that delays the burn is
    still played."""
    rules = {"tenjiku.fire-demon.promotion-burn": "delayed"}
    pieces = {"8p": "K", "8a": "k", "5f": "WB", "4d": "p", "16a": "l"}
    variant = get_variant("tenjiku")
    pos = Position.from_pieces("tenjiku", pieces, 0, rules=rules)
    pos.push(parse_move(pos, "WBf-5e+"))
    quiet = parse_move(pos, "L-16b")
    ply = Ply(pos, quiet, {})
    alike = ["tenjiku.fire-demon.meeting", "tenjiku.tetrarchs.clash", "tenjiku.tetrarchs.clash.fire-demon"]
    assert all(may_part(ply, difference(pos.rules, c)) is None for c in alike)
    assert may_part(ply, difference(pos.rules, "tenjiku.fire-demon.promotion-burn")).play
    pos.push(quiet)
    after, burnt = pos.hash, pos.board[pos.geometry.parse("4d")] == 0
    assert burnt
    for c in alike:
        for option in variant.rule_choice(c).options:
            other = Position.from_pieces("tenjiku", pieces, 0, rules={**rules, c: option.id})
            other.push(parse_move(other, "WBf-5e+"))
            other.push(parse_move(other, "L-16b"))
            assert other.hash == after, (c, option.id)


def test_check_record_splits_where_a_demon_ends_next_to_a_demon_and_burns_itself():
    """Gote's Fire Demon ends next to sente's and is burnt (``FiD-8i*``): by the article it burns nothing, by
    the TSA as the article's footnote reports it (``tenjiku.fire-demon.meeting=tsa-per-zhwp``) it first burns
    sente's demon, which then cannot move three plies later. The square it arrived on is empty after the move,
    and the record check still sees that a piece that burns arrived there. Under every option of every choice
    about burning and paralysis, the record check's verdict is the replay's."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_demons_meet.txt", encoding="utf-8").read())
    check = check_record("tenjiku", record)
    variant = get_variant("tenjiku")
    asked = [c for c in variant.rule_choices if difference(RuleSet.of(variant), c.id).burning]
    assert len(asked) == 5
    for choice in asked:
        for option in choice.options:
            rules = {choice.id: option.id}
            r = replay("tenjiku", record, rules)
            b = check.branch(rules)
            assert (b.legal, b.first_illegal_ply, b.reason) == (r.legal, r.first_illegal_ply, r.reason), rules
    assert check.branch({"tenjiku.fire-demon.meeting": "tsa-per-zhwp"}).first_illegal_ply == 135

# --- echoes ---------------------------------------------------------------------------------------------
def test_echo_of_a_move_is_short_and_escaped():
    assert echo("P-7f") == "P-7f"
    for text in ("P-7f\x1b[2J", "a\x00b", "x\ry", "y" * 200_000):
        shown = echo(text)
        assert shown.isprintable() and len(shown) < 100
    verdict = check_record("chu", ["P-7f\x1b[31m" + "x" * 200_000])
    text = "\n".join(verdict.lines())
    assert len(text) < 2_000 and "\x1b" not in text


@pytest.mark.parametrize("variant", ["chu", "dai"])
def test_a_move_that_takes_no_lion_plays_alike_under_every_lion_trading_rule(variant):
    """Every Lion-trading rule forbids some captures of a Lion, and the square a counter-strike rule keeps is where a
    Lion was taken: the board no longer sends every move of a Lion to be played under each option of these choices,
    nor every move after which an enemy could reach a royal piece and a Lion (only one that can take two pieces in one
    move could take both). In crowded positions (half of them just after a piece that is not a Lion took one, the
    counter-strike square set), wherever the board lets a move pass, each option reads its Western name as that move,
    it leaves the same position, and it does not lose; and every move that takes a Lion is still played."""
    rng = random.Random(f"lion moves:{variant}")
    choices = [c for c in get_variant(variant).rule_choices if difference(RuleSet.of(variant), c.id).lions]
    by_lions = others = played = 0
    for _ in range(40):
        rules = RuleSet.of(variant, random_rules(variant, rng))
        lions = lion_codes(rules.tables)
        pos = next(scattered_positions(rules, rng, 1, fills=(2, 3)))
        if rng.random() < 0.5:  # a piece that is not a Lion takes one, where one can
            strike = [m for m in pos.legal_moves() if m.origin is not None and pos.board[m.origin] not in lions
                      and pos.board[m.target] in lions and not move_loses(pos, m)]
            if strike:
                pos.push(rng.choice(strike))
        moves = pos.legal_moves()
        rng.shuffle(moves)
        lion_moves = [m for m in moves if m.origin is not None and pos.board[m.origin] in lions]
        for move in [m for m in lion_moves + moves[:20] if not move_loses(pos, m)]:
            takes_lion = any(pos.board[s] in lions and pos.board[s] & 1 != pos.turn for s in (move.target, *move.path))
            name = pos.move_name(move)
            ply = Ply(pos, move, {})
            for c in choices:
                if may_part(ply, difference(rules, c.id)) is not None:
                    played += takes_lion
                    continue
                assert not takes_lion, (pos.fen(), c.id, name)
                if move in lion_moves:
                    by_lions += 1
                else:
                    others += 1
                for o in c.options:
                    _assert_plays_alike(pos, _with(rules, c.id, o.id), name, move, ply.hash_after)
    assert by_lions > 200 and others > 200 and played > 5, (by_lions, others, played)


def test_a_choice_of_royal_forms_is_asked_only_where_a_royal_piece_converts_or_a_royal_form_stands():
    """``makadaidai.converted-royal`` adds rows (the royal Teaching King and Buddhist Spirit), so its options number
    the pieces otherwise, and it was played whole at every ply. The board now lets a ply pass unless a royal piece
    takes a piece that converts its capturer, or a royal form stands on the board. In crowded positions under random
    rule sets, wherever it lets a move pass, both options read the move's Western name as the same move, leave the
    same position (compared by FEN: the numbers differ) and neither loses; and a king taking a Deva is played."""
    choice = "makadaidai.converted-royal"
    rng = random.Random("royal forms")
    passed = 0
    for _ in range(20):
        rules = RuleSet.of("makadaidai", random_rules("makadaidai", rng))
        pos = next(scattered_positions(rules, rng, 1))
        moves = pos.legal_moves()
        rng.shuffle(moves)
        for move in [m for m in moves[:40] if not move_loses(pos, m)][:10]:
            if may_part(Ply(pos, move, {}), difference(rules, choice)) is not None:
                continue
            passed += 1
            name, fen = pos.move_name(move), pos.fen()
            after = set()
            for o in ("zhwp", "stays-royal"):
                other = Position(RuleSet.of(rules, {choice: o}), fen=fen)
                read = parse_move(other, name)
                assert not move_loses(other, read), (fen, o, name)
                other.push(read)
                after.add(other.fen())
            assert len(after) == 1, (fen, name, after)
    assert passed > 60
    ranks = ["9k9", *["19"] * 9, "9(dv)9", "9K9", *["19"] * 7]
    for rules in (RuleSet.of("makadaidai"), RuleSet.of("makadaidai", {choice: "stays-royal"})):
        pos = Position(rules, fen="/".join(ranks) + " w - - 0 1")
        king = pos.kings[SENTE]
        takes = [m for m in pos.legal_moves() if m.origin == king and pos.board[m.target]]
        assert takes and all(may_part(Ply(pos, m, {}), difference(rules, choice)) == PLAY for m in takes)


@pytest.mark.parametrize("variant", ["sho", "shogi", "okisaki", "wa", "heian"])
def test_a_legal_move_under_check_rules_leaves_a_lone_king_that_cannot_be_taken(variant):
    """What :class:`~shogi_rules.engine.parting.Ply` relies on to skip an attack test where a choice turns the check
    rules on and off (Sho shogi's ``sho.game-end``): under a rule set with check, after any legal move of random
    games, a side with one royal piece cannot lose it on the opponent's next move."""
    rng = random.Random(f"lone king:{variant}")
    checked = 0
    for rules in {RuleSet.of(variant, random_rules(variant, rng)) for _ in range(6)}:
        if not rules.variant.check_rules:
            continue
        pos = Position(rules)
        for _ in range(120):
            moves = pos.legal_moves()
            if not moves:
                break
            us = pos.turn
            for move in moves[:30]:
                pos.push(move)
                if pos.kings[us] >= 0:
                    assert not royal_capture(pos, us), (pos.fen(), move)
                    checked += 1
                pos.pop()
            pos.push(rng.choice(moves))
    assert checked > 1000


@pytest.mark.parametrize("variant", ["tenjiku", "chu", "makadaidai"])
def test_a_witness_shown_alike_is_legal_leaves_the_same_position_and_does_not_lose_under_every_combination(variant):
    """Where the move that shows the game goes on under an option is one that another choice may read otherwise (a
    range jumper's capture, say), :meth:`_Group.shows_alike` asks each option whether the move is legal there, leaves
    the same position and does not lose; where two choices might change it together (both read it again: a Free
    Eagle's jump is a range jump under one reading, and both range-jump choices read it), every combination of their
    options, instead of giving up. In crowded positions under random rule sets, wherever it says a move shows the game
    goes on under every option of every choice, the move is legal, leaves the same position and does not lose under
    each option (one choice changed at a time), under every combination of the options of the choices found linked,
    and under combinations of every choice drawn at random; some of those moves were read again, and some had linked
    choices."""
    from shogi_rules.notation.records import _Group, _combined, _entangled, _layout

    rng = random.Random(f"witness alike:{variant}")
    shown = reread = linked = 0
    for _ in range(40):
        rules = RuleSet.of(variant, random_rules(variant, rng))
        pos = next(scattered_positions(rules, rng, 1))
        options = {c.id: tuple(o.id for o in c.options) for c in rules.base.rule_choices}
        group = _Group(options, rules, _Replayer(pos), None)
        moves = pos.legal_moves()
        rng.shuffle(moves)
        for move in [m for m in moves[:30] if not move_loses(pos, m)][:10]:
            if not group.shows_alike(rules, move, options, list(options)):
                continue
            shown += 1
            ply = Ply(pos, move, {}, witness=True)
            asked = {c: p for c in options if (p := may_part(ply, difference(rules, c))) is not None}
            reread += any(p.reread or p.after for p in asked.values())
            parts = _entangled(asked)
            linked += bool(parts)
            combos = [{c: o} for c, opts in options.items() for o in opts]
            combos += [dict(zip(part, picked)) for part in parts for picked in product(*(options[c] for c in part))]
            combos += [{c: rng.choice(opts) for c, opts in options.items()} for _ in range(5)]
            for changes in combos:
                changes = {c: o for c, o in changes.items() if o != rules.choices[c]}
                other = _combined(rules, changes) if changes else rules
                if _layout(other) != _layout(rules):
                    continue  # (numbered otherwise: such a choice is played, never shown alike)
                with _under(pos, other, {}):
                    assert move in pos.legal_moves() and _after(pos, move) == ply.hash_after and \
                        not move_loses(pos, move), (pos.fen(), changes, pos.move_name(move))
    assert shown > 20 and reread > 5 and (linked or variant == "chu"), (shown, reread, linked)


@pytest.mark.parametrize("fen,moves", [
    # sente is bare, its king next to gote's: under lishogi's and shogiops' readings it is not bared while it could
    # take the other king, so the game goes on under every rule set
    ("12/12/12/12/12/5gs5/12/5k6/5K6/12/12/12 w - - 0 150", ["K-6h", "G-6g", "K-6i"]),
    # sente is bare out of reach: gote has won under lishogi's and shogiops' readings, and the game goes on under the
    # Japan Chu Shogi Association's and without a bare-king rule
    ("12/f2m+d3c2s/5gt5/7ppe2/K8f2/12/12/11k/12/12/12/12 w - - 0 150", ["K-11f", "+DK-8f", "K-12g"]),
])
def test_check_record_proves_the_plies_where_a_bare_king_rule_asks_about_attacks(fen, moves):
    """A bare-king rule that asks whether the bare royal piece could take the other's (lishogi's and shogiops' Chu
    readings) used to leave the record check without a move showing that the game goes on, and without a proof where
    it was over: every choice was played whole, and the plies were named as not proved. The attack is now tested as
    the game's end tests it, and a game over for a reason the board tells (a bare king, a royal piece taken) is over
    alike under the options that leave what that reason reads as it is. Both records are proved, and every one of
    Chu's 768 rule sets stops where the check says."""
    verdict = check_record("chu", moves, fen=fen)
    assert verdict.unproven == ()
    for combo in product(*(c.options for c in get_variant("chu").rule_choices)):
        choices = {c.id: o.id for c, o in zip(get_variant("chu").rule_choices, combo)}
        r = replay("chu", moves, choices, fen=fen)
        b = verdict.branch(choices)
        assert (r.legal, r.first_illegal_ply, r.reason) == (b.legal, b.first_illegal_ply, b.reason), choices


@pytest.mark.parametrize("variant", ["tenjiku", "makadaidai", "daidai", "dai", "chu", "wa"])
def test_a_text_naming_no_piece_of_the_game_is_refused_alike_and_proved(variant):
    """A record with a slip (a piece code no rule set of the game has) was refused at that ply under every rule set,
    but the ply was named as not proved in the games with many choices: no piece was named, so the board could not
    tell, and every choice was played whole. Such a text is now read as out of reach of every piece (refused in the
    same words everywhere): the check proves it, and rule sets drawn at random stop where the check says."""
    rng = random.Random(f"slip:{variant}")
    moves = random_game(variant, 60, rng, {})
    moves[40] = "Zq-5e"
    verdict = check_record(variant, moves)
    assert verdict.unproven == () and not verdict.legal
    assert all("has no piece 'Zq'" in b.reason for b in verdict.branches if b.first_illegal_ply == 41)
    for choices in [dict(b.example) for b in verdict.branches] + [random_rules(variant, rng) for _ in range(10)]:
        r = replay(variant, moves, choices)
        b = verdict.branch(choices)
        assert (r.legal, r.first_illegal_ply, r.reason) == (b.legal, b.first_illegal_ply, b.reason), choices


@pytest.mark.parametrize("text", ["+Kx16f", "+Kx19e", "+Kx15a"])
def test_an_emperor_move_barred_by_a_piece_whose_moves_no_choice_changes_is_refused_alike_and_proved(text):
    """Maka Dai Dai from the setup, sente's King an Emperor on 10h: it may take only a piece nothing protects. The pawn
    on 16f is protected by a Knight, whose moves no choice changes: every rule set refuses the move. The Rook on 19e
    (protected by the Donkey alone) and the Iron General on 15a (by the Old Monkey alone) may be taken where the
    options of that piece leave it unprotected. Every choice of piece moves was played whole at the ply where the
    move is refused, too many to play together: the ply was named as not proved. Where a piece whose moves the
    choice leaves alike protects the square, the option now refuses the move alike; the check proves the ply, and
    rule sets drawn at random stop where it says."""
    setup = Position("makadaidai").fen().replace("(DV)K(DSP)", "(DV)1(DSP)").split(" ")
    ranks = setup[0].split("/")
    ranks[7] = "9+K9"
    fen = " ".join(["/".join(ranks), *setup[1:]])
    moves = [text, "P-1g"]
    verdict = check_record("makadaidai", moves, fen=fen)
    assert verdict.unproven == ()
    assert {b.legal for b in verdict.branches} == ({False} if text == "+Kx16f" else {True, False})
    rng = random.Random(f"emperor:{text}")
    for choices in [dict(b.example) for b in verdict.branches] + [random_rules("makadaidai", rng) for _ in range(20)]:
        r = replay("makadaidai", moves, choices, fen=fen)
        b = verdict.branch(choices)
        assert (r.legal, r.first_illegal_ply, r.reason) == (b.legal, b.first_illegal_ply, b.reason), choices


def test_check_record_after_a_bare_king_in_a_game_with_check_agrees_with_every_rule_set():
    """Heian shogi (check rules): sente bares gote's king. Under the immediate rule the game is over at once, under
    Evans' one ply later (gote may not bare sente back), without a bare-king rule it goes on; the promotion zone, which
    the board shows leaves such an end as it is, is not played. Every one of the game's rule sets stops where the check
    says (those on other boards refuse the position)."""
    fen = Position.from_pieces("heian", {"5h": "K", "5a": "k", "5c": "p", "5d": "G"}).fen()
    moves = ["Gx5c", "K-4a", "G-5b", "K-3a"]
    verdict = check_record("heian", moves, fen=fen)
    assert verdict.unproven == () and verdict.accepted == 4
    choices = get_variant("heian").rule_choices
    for combo in product(*(c.options for c in choices)):
        rules = {c.id: o.id for c, o in zip(choices, combo)}
        b = verdict.branch(rules)
        try:
            r = replay("heian", moves, rules, fen=fen)
        except FenError:
            assert not b.legal and b.first_illegal_ply == 1 and "cannot be set up" in b.reason
            continue
        assert (r.legal, r.first_illegal_ply, r.reason) == (b.legal, b.first_illegal_ply, b.reason), rules


def test_a_range_jumper_moving_onto_an_empty_square_is_read_alike_under_both_capture_rules():
    """Tenjiku's ``range-jump.capture`` changes only what a range jumper may take after jumping
    (``Difference.captures_only``: no other choice of any game is of that sort), so ``may_part`` asks nothing of a
    range jumper's move onto an empty square that takes nothing, and asks such a move that takes to be read again.
    Along random Tenjiku games, under each option the name of every such quiet move is read as the same move, leaving
    the same position."""
    from collections import Counter

    choice = "tenjiku.range-jump.capture"
    for vid in VARIANT_IDS:
        rs0 = RuleSet.of(vid)
        for c in get_variant(vid).rule_choices:
            assert difference(rs0, c.id).captures_only == (c.id == choice), c.id
    rng = random.Random("captures only")
    quiet = taking = 0
    for game in range(2):
        rules = {**random_rules("tenjiku", rng), "tenjiku.promotion": "tsa", "tenjiku.repetition": "zhwp"}
        rs = RuleSet.of("tenjiku", rules)
        other = RuleSet.of(rs, {choice: next(o.id for o in get_variant("tenjiku").rule_choice(choice).options
                                             if o.id != rules[choice])})
        diff = difference(rs, choice)
        jumpers = {code for code in range(2, len(rs.tables.types) * 2) if rs.tables.types[code >> 1].kind.code in
                   diff.kinds}
        pos = Position(rs)
        for ply, text in enumerate(random_game("tenjiku", 80, rng, rules, captures=0.3)):
            there = Position(other, fen=pos.fen())
            for move in pos.legal_moves():
                if move.origin is None or pos.board[move.origin] not in jumpers:
                    continue
                parting = may_part(Ply(pos, move, Counter(pos.hash_history)), diff)
                if pos.board[move.target] or any(pos.board[s] for s in move.path):
                    taking += 1
                    assert parting is not None and (parting.reread or parting.play), (pos.fen(), move)
                    continue
                quiet += 1
                assert parting is None or not (parting.reread or parting.after or parting.play), (pos.fen(), move)
                name = pos.move_name(move, "western")
                assert parse_move(there, name) == move, (pos.fen(), name)
                pos.push(move)
                there.push(move)
                assert there.hash == pos.hash
                pos.pop()
                there.pop()
            pos.push(parse_move(pos, text))
    assert quiet > 1000 and taking > 50, (quiet, taking)


def _tried_in_order(pos: Position, moves: list[Move], first: list[int],
                    proof: dict[Move, int]) -> tuple[Move | None, dict[Move, int]]:
    """The first of ``moves`` that does not lose, each move before it named in ``proof`` with the piece that would
    then take (``first``: the square of the piece that took last, as :func:`losing_taker` keeps it); or a mate."""
    from shogi_rules.notation.records import _MATE

    for move in moves:
        if move in proof:
            continue
        taker = losing_taker(pos, move, first)
        if taker is None:
            return move, proof
        proof[move] = taker
    proof[_MATE] = -1
    return _MATE, proof


def _capture_heavy_positions(variant: str, seed: str) -> Iterator[Position]:
    """The positions of three capture-heavy random games (random rule sets) where both sides keep a royal piece and
    the game goes on."""
    rng = random.Random(seed)
    for game in range(3):
        rules = random_rules(variant, rng)
        pos = Position(RuleSet.of(variant, rules))
        for text in random_game(variant, 120, rng, rules, careful=False, captures=0.5):
            if royals_left(pos, SENTE) and royals_left(pos, GOTE) and pos.outcome() is None:
                yield pos
            pos.push(parse_move(pos, text))


@pytest.mark.parametrize("variant", ["tenjiku", "chu"])
def test_the_move_that_shows_the_game_goes_on_is_looked_for_among_winning_captures_takers_and_royal_moves_first(
        variant):
    """Where the record's move loses, check-record looks for a move that shows the game goes on (``_quiet``): first a
    move that takes the opponent's last royal piece (it wins), found by an attack test; else those that take the
    piece that would take, then the royal pieces' moves, then the others, in the order of the legal moves within
    each. The winning capture and the first two kinds are found from the pieces that could reach their squares,
    before every legal move is generated. Along capture-heavy random games, with a move that loses as the record's:
    where some legal move wins, the answer is one of them, no other move named as losing; else the answer and every
    loss named on the way are those of trying every legal move in that order; and the move was often found before
    every legal move was generated."""
    from shogi_rules.notation.records import _quiet

    rng = random.Random(f"losing: {variant}")
    asked = early = won = 0
    for pos in _capture_heavy_positions(variant, f"shown first: {variant}"):
        losing = [m for m in rng.sample(pos.legal_moves(), min(12, len(pos.legal_moves())))
                  if losing_taker(pos, m) is not None]
        if losing:
            first: list[int] = []
            taken = {losing[0]: losing_taker(pos, losing[0], first)}  # (its taker kept in first)
            us = pos.turn
            winning = set()
            for m in pos.legal_moves():
                pos.push(m)
                if not royals_left(pos, us ^ 1):
                    winning.add(m)
                pos.pop()
            proof: dict[Move, int] = {}
            pos._legal = {}
            found = _quiet(pos, (losing[0],), proof)
            early += not pos._legal  # (the full list of legal moves is kept once generated)
            asked += 1
            if winning:  # (any winning move will do; no move but the one offered is named as losing)
                won += 1
                assert found in winning and proof == taken, (pos.fen(), losing[0], found)
            else:
                board, royal = pos.board, pos.tables.royal
                expected = _tried_in_order(pos, sorted(pos.legal_moves(), key=lambda m: 0 if m.target == first[0] or
                                                       first[0] in m.path else 1 if m.origin is not None and
                                                       royal[board[m.origin]] else 2), first, dict(taken))
                assert (found, proof) == expected, (pos.fen(), losing[0])
    assert asked >= 30 and early >= asked // 4 and 0 < won < asked, (asked, early, won)


@pytest.mark.parametrize("variant", ["tenjiku", "chu", "makadaidai"])
def test_with_no_move_to_try_first_the_move_that_shows_the_game_goes_on_is_the_first_legal_one_that_does_not_lose(
        variant):
    """Where no move is offered to try first (a rule set split off at a ply, played there for the first time),
    check-record's search for a move that shows the game goes on (``_quiet``) answers the first legal move, in the
    order of the legal moves, that does not lose, with every loss on the way named (and the piece that would then
    take), or a mate where each loses; it asks the moves of the side's first piece before it generates every legal
    move. Along capture-heavy random games, the answers are those of trying every legal move in that order, and the
    move was often found before every legal move was generated."""
    from shogi_rules.notation.records import _MATE, _quiet

    asked = early = 0
    for pos in _capture_heavy_positions(variant, f"first legal: {variant}"):
        expected = _tried_in_order(pos, pos.legal_moves(), [], {})
        proof: dict[Move, int] = {}
        pos._legal = {}
        found = _quiet(pos, (None,), proof)
        early += not pos._legal  # (the full list of legal moves is kept once generated)
        asked += 1
        assert (found, set(proof)) == (expected[0], set(expected[1])), pos.fen()
        us = pos.turn
        for move, taker in proof.items():  # (the piece named may be another that takes as well)
            if move is not _MATE:
                pos.push(move)
                assert royal_capture(pos, us, every=True, among=[taker]) if taker >= 0 else \
                    not royals_left(pos, us), (pos.fen(), move, taker)
                pos.pop()
    assert asked >= 200 and early >= asked // 3, (asked, early)


@pytest.mark.parametrize("variant,plies", [("heian", 300), ("sho", 300), ("chu", 800), ("heiandai", 800),
                                           ("tenjiku", 300), ("dai", 800)])
def test_where_each_side_keeps_two_pieces_no_bare_king_rule_ends_the_game(variant, plies):
    """check-record asks a choice of bare-king rules only where one might end the game before the move
    (``Ply.may_be_bare``: a side with fewer than two pieces that every rule counts). Along capture-heavy random games,
    under every option of the game's choice of bare-king rules, no rule finds the game over where that says no; and
    somewhere it says yes, some option does."""
    from collections import Counter

    from shogi_rules.model.mechanisms import bare_king

    v = get_variant(variant)
    choice = next(c for c in v.rule_choices if any(RuleSet.of(variant, {c.id: o.id}).variant.switches.bare_king
                                                   != RuleSet.of(variant).variant.switches.bare_king
                                                   for o in c.options))
    rng = random.Random(f"bare: {variant}")
    quiet = ended = 0
    # (played where no bare-king rule holds, so that a side may be left bare and play on)
    unruled = next(o.id for o in choice.options
                   if RuleSet.of(variant, {choice.id: o.id}).variant.switches.bare_king.rule == "none")
    for game in range(4):
        rules = {**random_rules(variant, rng), choice.id: unruled}
        pos = Position(RuleSet.of(variant, rules))
        for text in random_game(variant, plies, rng, rules, careful=False, captures=0.9):
            move = parse_move(pos, text)
            possible = Ply(pos, move, Counter(pos.hash_history)).may_be_bare
            verdicts = []
            for o in choice.options:  # (the same position, read under each option)
                with _under(pos, RuleSet.of(variant, {**rules, choice.id: o.id}), {}):
                    verdicts.append(bare_king.lone_king_verdict(pos) or
                                    bare_king.verdict(pos, lambda color: royal_threatened(pos, color)))
            if not possible:
                quiet += 1
                assert verdicts == [None] * len(verdicts), (pos.fen(), verdicts)
            elif any(verdicts):
                ended += 1
            pos.push(move)
    assert quiet > 100 and ended >= 1, (quiet, ended)


FROM_FENS = json.load(open(__file__.rsplit("/", 1)[0] + "/data/records_from_fens.json", encoding="utf-8"))


@pytest.mark.parametrize("case", FROM_FENS, ids=[c["variant"] for c in FROM_FENS])
def test_a_fen_that_some_rule_sets_cannot_read_is_refused_at_ply_1_by_those_alone(case):
    """Records from a FEN that is a position under some rule sets only, for reasons other than the board's size or
    the hands: Wa's crossbow-soldier Running Rabbit gives check in it (a position with the side not to move in check
    is none, and Wa has check rules), Sho's king is in check there under its game end by mate, a Chu FEN marks a
    promotion declined (meaningful under one promotion scheme only), a Dai FEN has a promoted piece that promotes under
    one list of promoting pieces only. check-record raised a FenError, or played the position under rule sets that
    cannot set it up; now every rule set's verdict is a replay's, a rule set that cannot read the FEN refusing the record
    at its first ply (as presets_accepting says)."""
    variant, fen, moves = case["variant"], case["fen"], case["moves"]
    check = check_record(variant, moves, fen=fen)
    v = get_variant(variant)
    unreadable = readable = 0
    for combo in product(*([o.id for o in c.options] for c in v.rule_choices)):
        rules = dict(zip((c.id for c in v.rule_choices), combo))
        try:
            r = replay(variant, moves, rules, fen=fen)
            expected = (r.legal, r.first_illegal_ply)
            readable += 1
        except FenError:
            expected = (False, 1)
            unreadable += 1
        branch = check.branch(rules)
        assert (branch.legal, None if branch.legal else branch.first_illegal_ply) == expected, rules
    assert unreadable and readable
    assert list(check.presets) == presets_accepting(variant, moves, fen=fen)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_rule_sets_with_one_reading_key_read_every_fen_alike(variant):
    """Position.reading_key names what reading a FEN depends on (check-record reads a FEN once for each key, not for
    each rule set): along random games under random rule sets (whose FENs carry the state a rule set gives them: a
    promotion declined, a demon's delayed burning, a Lion just taken), every FEN is read under rule sets drawn at random,
    and those with one key read it alike (the same position, or the same refusal); some pairs of keys read it
    otherwise, so the key is asked something that could differ."""
    rng = random.Random(f"reading keys {variant}")
    fens = []
    for _ in range(3):
        pos = Position(RuleSet.of(variant, random_rules(variant, rng)))
        for _ in range(24):
            moves = pos.legal_moves()
            if not moves or pos.outcome() is not None:
                break
            pos.push(rng.choice(moves))
            if rng.random() < 0.3:
                fens.append(pos.fen())
        # and with a state field that some rule sets give a meaning (a promotion declined, a demon's delayed burning,
        # a Lion just taken, an order of arrival) on a square of a piece of the side that just moved
        board, side, castle, _, clock, number = pos.fen().split(" ")
        own = [sq for sq, code in enumerate(pos.board) if code and code & 1 != pos.turn]
        square = pos.geometry.fsf_name(rng.choice(own))
        fens += [f"{board} {side} {castle} {mark}{square} {clock} {number}" for mark in ("=", "*", "")]
    differ = False
    for fen in fens:
        read: dict[tuple[object, ...], str] = {}
        for _ in range(12):
            rs = RuleSet.of(variant, random_rules(variant, rng))
            try:
                got = Position(rs, fen=fen).fen()
            except FenError as exc:
                got = f"refused: {exc}"
            key = Position.reading_key(rs)
            assert read.setdefault(key, got) == got, (fen, rs.choices)
            differ = differ or len(set(read.values())) > 1
    # (shogi and Dai Dai read every FEN alike under every rule set; in Okisaki, Dai and Maka Dai Dai these FENs are
    # read alike, and test_a_fen_that_some_rule_sets_cannot_read_... has a Dai FEN that is not)
    assert differ or variant in ("shogi", "daidai", "okisaki", "dai", "makadaidai")


def test_an_emperor_is_asked_of_a_royal_piece_only_where_no_piece_that_moves_alike_everywhere_protects_it():
    """Maka Dai Dai's Emperor takes only what nothing protects, under either rule of where it may go. Where a Gold
    General (a piece no rule choice changes) protects sente's king, the opponent's Emperor cannot take the king under
    any rule set: after a move elsewhere, neither the choice that changes the She-devil beside the king nor the
    Emperor's own rules are asked what the Emperor might take (in a random game they were asked at every ply, in every
    combination of the choices of the pieces around the king: 72 rule sets a ply). Where the She-devil alone protects
    the king, both are asked; so they are where the plies do not know which pieces move alike everywhere. Under every
    combination of the options of the choices of the pieces that stand there and of the Emperor's rules, the king
    stays safe after the move where the Gold protects it."""
    rules = RuleSet.of("makadaidai")
    t = rules.tables
    code = {ty.code: 2 * tid for tid, ty in enumerate(t.types) if ty}
    steady = steady_codes(rules)
    assert steady is not None and code["G"] in steady and code["SD"] not in steady and code["+K"] not in steady
    guarded = {"10s": "K", "9s": "G", "11s": "(SD)", "10a": "k", "2b": "+k", "1s": "P"}
    emperor = Position.from_pieces(rules, guarded).geometry.parse("2b")

    def asked(pieces: dict[str, str], known: frozenset[int] | None) -> set[int]:
        pos = Position.from_pieces(rules, pieces)
        ply = Ply(pos, parse_move(pos, "P-1r"), {}, steady=known)
        found = [may_part(ply, difference(rules, c)) for c in ("makadaidai.she-devil", "makadaidai.emperor")]
        return {sq for parting in found if parting is not None for sq in parting.threats}

    assert emperor not in asked(guarded, steady)
    assert emperor in asked(guarded, None)
    assert emperor in asked({sq: p for sq, p in guarded.items() if p != "G"}, steady)
    choices = ["makadaidai.she-devil", "makadaidai.emperor", "makadaidai.converted-royal"]
    for picked in product(*(get_variant("makadaidai").rule_choice(c).options for c in choices)):
        under = RuleSet.of("makadaidai", {c: o.id for c, o in zip(choices, picked)})
        pos = Position.from_pieces(under, guarded)
        pos.push(parse_move(pos, "P-1r"))
        assert not royal_threatened(pos, SENTE), under.choices


def test_a_mate_found_under_one_option_is_proved_once_and_its_losses_carry_over_any_choice_that_leaves_them(
        monkeypatch):
    """Before ply 219 of this random Tenjiku record sente is mated where range jumpers may take only what is on their
    target (``tenjiku.range-jump.capture=modern-2000``); the ply is also read otherwise under the Fire Demon's capture
    and the Free Eagle's choices. The part where the game is over is split off whole, with every option of those other
    choices, so its mate is proved once: the proof over every choice it asks starts from one rule set at the ply (it
    started again for each class of the choices that read the ply otherwise, since each part was a product of classes).
    Where a combination is asked, a move carries its loss from a mate found under the same options but one, whichever
    one that is: the piece that takes after most moves is a range jumper, which moves otherwise when range jumpers may
    jump (``tenjiku.range-jump.when``), so no loss carries over that choice; every other choice leaves those losses as
    they are. The mate tests of the combinations that take ``when=tsa`` now try fewer moves in all than one mate has
    (they tried every move of the mated side, in each). Replays under every option of the two capture choices, the
    others at their defaults and at random, stop where the check says."""
    import shogi_rules.notation.records as records
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_mate_beside_other_readings.txt",
                              encoding="utf-8").read())
    at = [0]
    inside: list[frozenset[tuple[str, str]]] = []
    asked: dict[frozenset[tuple[str, str]], int] = {}
    tried = [0]
    defaults = RuleSet.of("tenjiku").choices
    real_differs, real_hopeless = records._Group.differs, records.hopeless_moves

    def differs(self, rs, *args, **kwargs):
        if at[0] != len(record) - 1:
            return real_differs(self, rs, *args, **kwargs)
        options = frozenset((c, o) for c, o in rs.choices.items() if o != defaults[c])
        asked[options] = asked.get(options, 0) + 1
        inside.append(options)
        try:
            return real_differs(self, rs, *args, **kwargs)
        finally:
            inside.pop()

    jumping = {("tenjiku.range-jump.capture", "modern-2000"), ("tenjiku.range-jump.when", "tsa")}

    def hopeless(pos):
        test = real_hopeless(pos)

        def counted(move):
            if inside and jumping <= inside[-1]:
                tried[0] += 1
            return test(move)
        return counted

    proofs: list[tuple[RuleSet, int]] = []  # (the rule set a mate proof starts from, how many choices it asks)
    real_links = records._Group.mate_links

    def links(self, rs, choices, proof):
        if at[0] == len(record) - 1:
            proofs.append((rs, len(choices)))
        return real_links(self, rs, choices, proof)

    monkeypatch.setattr(records._Group, "differs", differs)
    monkeypatch.setattr(records._Group, "mate_links", links)
    monkeypatch.setattr(records, "hopeless_moves", hopeless)
    check = check_record("tenjiku", record, progress=lambda ply: at.__setitem__(0, ply))
    mated = {**RuleSet.of("tenjiku", preset="evans").choices, "tenjiku.range-jump.capture": "modern-2000",
             "tenjiku.lion-hawk": "zhwp"}
    assert check.branch(mated).first_illegal_ply == len(record) and "checkmate" in check.branch(mated).reason
    assert check.branch({**mated, "tenjiku.fire-demon.capture": "werner-tame"}).first_illegal_ply == len(record)
    # (the mate's proof over every choice it asks starts from one rule set: it used to start again in each part, under
    # each class of the two choices that read the ply otherwise)
    widest = max(n for _, n in proofs)
    assert len({rs for rs, n in proofs if n == widest}) == 1 and len(proofs) > 1, proofs
    legal = len(replay("tenjiku", record[:-1], mated).position.legal_moves())  # (the mated side's)
    assert 0 < len([o for o in asked if ("tenjiku.range-jump.when", "tsa") in o]) and tried[0] < legal, tried[0]
    assert assert_two_choices_agree(record, check, "tenjiku.range-jump.capture", "tenjiku.fire-demon.capture",
                                    "mate beside other readings", 2) == {True, False}


def test_a_mate_asked_under_each_option_of_one_choice_plays_every_other_choice_with_that_option():
    """Before ply 113 of this Tenjiku record sente is mated under most rule sets where range jumpers may take only what
    is on their target. Sente's Free Eagle stands beside gote's Heavenly Tetrarchs: where the Tetrarchs do not paralyse
    (``tenjiku.tetrarchs.power=tsa``) and the eagle flies over pieces along its file (``tenjiku.free-eagle=jawp``), it
    takes gote's king, and the game goes on; under either option alone it does not. At the mate, the choices that may
    change the legal moves together are too many to play whole, so they are asked under each option of the Tetrarchs'
    power in turn. Under ``tsa``, the Free Eagle, linked there to no other choice, was never played with that option:
    the check said the game was over under every reading of the eagle. Each choice is now played with the options so
    fixed. Replays under both options of each of the two choices, the others at the rule set's and at random, and under
    each branch's rule set, end where the check says."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_mate_undone_by_two_choices.txt",
                              encoding="utf-8").read())
    check = check_record("tenjiku", record)
    mated = {"tenjiku.range-jump.capture": "modern-2000", "tenjiku.fire-demon.meeting": "tsa-per-zhwp",
             "tenjiku.fire-demon.capture": "werner-tame"}
    freed = {**mated, "tenjiku.free-eagle": "jawp", "tenjiku.tetrarchs.power": "tsa"}
    assert replay("tenjiku", record, freed).legal and check.branch(freed).legal
    for alone in ({**mated, "tenjiku.free-eagle": "jawp"}, {**mated, "tenjiku.tetrarchs.power": "tsa"}):
        assert check.branch(alone).first_illegal_ply == len(record) and "checkmate" in check.branch(alone).reason
    rng = random.Random("mate undone by two choices")
    for rules in [{**freed, **random_rules("tenjiku", rng), **{c: freed[c] for c in mated}} for _ in range(6)] + \
            [dict(b.example) for b in check.branches]:
        for eagle in ("zhwp", "jawp"):
            for power in ("zhwp", "tsa"):
                chosen = {**rules, "tenjiku.free-eagle": eagle, "tenjiku.tetrarchs.power": power}
                played, branch = replay("tenjiku", record, chosen), check.branch(chosen)
                assert (branch.legal, branch.first_illegal_ply) == (played.legal, played.first_illegal_ply), chosen


def test_a_mate_that_many_choices_might_change_together_is_proved():
    """At ply 41 of this random Tenjiku record one rule set finds gote mated, and many choices might change the mate
    together. The check played at most 64 combinations with tables of their own at a mate (512 in all) and named the
    ply as not proved. Where the ply would be left so, the mate is now asked by parts again with a larger budget, and
    proved. Replays under each branch's rule set and under rule sets drawn at random end where the check says."""
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_mate_of_many_choices.txt",
                              encoding="utf-8").read())
    check = check_record("tenjiku", record)
    assert check.unproven == ()
    ends = set()
    rng = random.Random("mate of many choices")
    for rules in [dict(b.example) for b in check.branches] + [random_rules("tenjiku", rng) for _ in range(24)]:
        played, branch = replay("tenjiku", record, rules), check.branch(rules)
        assert (branch.legal, branch.first_illegal_ply) == (played.legal, played.first_illegal_ply), rules
        ends.add(played.first_illegal_ply)
    assert len(record) in ends and len(ends) > 1, ends


def test_a_mate_under_two_options_of_one_choice_is_proved_once_for_both(monkeypatch):
    """Before ply 331 of this random Tenjiku record the side to move is mated under two options of the Fire Demons'
    meeting (``tsa-per-zhwp`` and ``adams``), and not under the defaults' own. Each option under which the game is over
    goes apart whole, with every option of the other choices, and its mate is proved by parts of those. The two options
    went apart one after the other, each with a proof of its own: the same proof twice. They now go apart together, and
    one proof asks the meeting's two options beside the other choices (the mate under the second was found at the ply
    already, and is not sought again). Replays under every option of the meeting, the others at the defaults, at random
    and at each branch's rule set, end where the check says."""
    import shogi_rules.notation.records as records
    record = read_record(open(__file__.rsplit("/", 1)[0] + "/data/tenjiku_mate_under_two_options_of_one_choice.txt",
                              encoding="utf-8").read())
    meeting = "tenjiku.fire-demon.meeting"
    mated = ("tsa-per-zhwp", "adams")
    at = [0]
    split: list[tuple[str, ...]] = []  # at the last ply, the meeting's options in each part split off (and its parts)
    real_split = records._split

    def counted(group, options, rs, text, *args, **kwargs):
        if at[0] == len(record) - 1 and set(options[meeting]) <= set(mated):
            split.append(options[meeting])
        return real_split(group, options, rs, text, *args, **kwargs)

    monkeypatch.setattr(records, "_split", counted)
    check = check_record("tenjiku", record, progress=lambda ply: at.__setitem__(0, ply))
    assert split and set(split) == {mated}, split  # (on 6f9b575: one part for each option)
    for option in mated:
        branch = check.branch({meeting: option})
        assert branch.first_illegal_ply == len(record) and "checkmate" in branch.reason, branch
    assert check.branch({}).legal
    rng = random.Random("mate under two options of one choice")
    for rules in [{}] + [random_rules("tenjiku", rng) for _ in range(4)] + [dict(b.example) for b in check.branches]:
        for option in get_variant("tenjiku").rule_choice(meeting).options:
            chosen = {**rules, meeting: option.id}
            played, branch = replay("tenjiku", record, chosen), check.branch(chosen)
            assert (branch.legal, branch.first_illegal_ply) == (played.legal, played.first_illegal_ply), chosen
