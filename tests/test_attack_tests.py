"""The attack tests behind check, checkmate and the game's end, against reply generation.

In the capture variants (Chu, Tenjiku, Dai Dai, Maka Dai Dai) whether a royal piece can be taken is
answered by an attack test (:func:`shogi_rules.engine.movegen.royal_capture`): only the pieces whose reach
holds a royal square have their moves generated. In the shogi family a pawn drop is mate only if it gives
check, and whether the side in check can answer is asked of the king's steps and the pieces that can take
or block the pawn (:func:`shogi_rules.engine.movegen._pawn_drop_mates`). The oracles here are the old
answers, written out: every legal reply of the opponent generated and played.

Positions: seeded random crowded boards (both sides' royal pieces among up to 60 pieces of every kind,
the special ones included) and a few random plies on from each, in every variant under its defaults and
every preset, and in Tenjiku under the readings of a Fire Demon's capture that no preset takes (Werner's "tame" and
"verytame" switches: the attack test reads the lines of a demon that may not capture by moving).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shogi_rules import GOTE, SENTE, Position, RuleSet, ShogiRulesError, get_variant
from shogi_rules.compiled.variant import VARIANT_IDS
from shogi_rules.engine import movegen
from shogi_rules.model.moves import Move
from shogi_rules.engine.outcome import hopeless_moves, is_checkmate, royal_threatened, royals_left
from shogi_rules.model.mechanisms import lion_trading
from shogi_rules.model.mechanisms.promotion import HISTORY_SCHEMES

CASES = [(v, p) for v in VARIANT_IDS for p in (None, *(x.id for x in get_variant(v).presets))] + [
    ("tenjiku", "tenjiku.fire-demon.capture=werner-tame"), ("tenjiku", "tenjiku.fire-demon.capture=werner-very-tame")]
"""Each variant under its defaults and each preset; a reading no preset takes is written ``choice=option``."""


def reading(variant: str, preset: str | None) -> RuleSet:
    """The rule set of a case of :data:`CASES`."""
    if preset is not None and "=" in preset:
        choice, option = preset.split("=")
        return RuleSet.of(variant, {choice: option})
    return RuleSet.of(variant, None, preset)


# --- the oracles: every reply generated and played ------------------------------------------------------------
def _lost_royals(pos: Position, color: int, before: int) -> int:
    return before - royals_left(pos, color)


def oracle_threatened(pos: Position, color: int) -> bool:
    """Whether ``color``'s opponent, to move on a copy, has a legal move after which ``color`` has fewer royal
    pieces (taken on the way or burnt)."""
    if pos.turn != color ^ 1:
        pos = pos.copy()
        pos.turn ^= 1
        pos.hash ^= pos.tables.z_side
    before = royals_left(pos, color)
    for m in movegen.legal_moves(pos):
        pos.push(m)
        lost = _lost_royals(pos, color, before) > 0
        pos.pop()
        if lost:
            return True
    return False


def oracle_winning_reply(pos: Position, victim: int) -> bool:
    """Whether the side to move has a legal move after which ``victim`` has no royal piece left."""
    for m in movegen.legal_moves(pos):
        pos.push(m)
        gone = royals_left(pos, victim) == 0
        pos.pop()
        if gone:
            return True
    return False


def oracle_checkmate(pos: Position) -> bool:
    us = pos.turn
    moves = movegen.legal_moves(pos)
    if not moves:
        return False
    for m in moves:
        pos.push(m)
        won = royals_left(pos, us ^ 1) == 0
        lost = not won and (royals_left(pos, us) == 0 or oracle_winning_reply(pos, us))
        pos.pop()
        if not lost:
            return False
    return True


def oracle_royal_attacked(pos: Position) -> bool:
    """The repetition rule's check: a pseudo-legal move of the opponent onto or through a royal piece of the
    side to move."""
    us = pos.turn
    royals = movegen.royal_squares(pos, us)
    return any(m.target in royals or royals.intersection(m.path) for m in movegen.general_board_moves(pos, us ^ 1))


def oracle_pawn_drop_mates(pos: Position, m) -> bool:
    """A pawn's drop that leaves the opponent no legal move while in check."""
    us = pos.turn
    if not pos.tables.pawn[2 * m.drop + us]:
        return False
    pos.push(m)
    mate = pos.is_check() and not movegen.legal_moves(pos)
    pos.pop()
    return mate


# --- positions ---------------------------------------------------------------------------------------------
def crowded(variant: str, preset: str | None, rng: random.Random) -> Position | None:
    pos = Position(reading(variant, preset))
    t, g = pos.tables, pos.geometry
    royal = [x for x in t.types[1:] if x.royal]
    others = [x for x in t.types[1:] if not x.royal]
    squares = rng.sample(range(g.size), rng.randint(min(8, g.size // 3), min(60, g.size // 2)))
    pieces = {}
    for i, sq in enumerate(squares):
        extra_royal = i < 4 and rng.random() < 0.3 and not pos.variant.check_rules
        kind = rng.choice(royal) if i < 2 or extra_royal else rng.choice(others)
        gote = i % 2 if i < 2 else rng.random() < 0.5
        pieces[g.name(sq)] = kind.fen.lower() if gote else kind.fen.upper()
    hand = ""
    if pos.variant.drops:
        hand = "".join(rng.choice([t.types[i].fen for i in t.hand_types()]) for _ in range(rng.randint(0, 4)))
        hand = hand.upper() + hand.lower()
    try:
        return Position.from_pieces(reading(variant, preset), pieces, turn=rng.choice((SENTE, GOTE)), hands=hand)
    except ShogiRulesError:  # under check rules: the king of the side not to move in check, a piece stuck, ...
        return None


def positions(variant: str, preset: str | None, n: int, plies: int):
    rng = random.Random(f"attack-tests:{variant}:{preset}")
    made = 0
    while made < n:
        pos = crowded(variant, preset, rng)
        if pos is None:
            continue
        made += 1
        for _ in range(plies):
            yield pos
            if not pos.variant.check_rules and not (royals_left(pos, SENTE) and royals_left(pos, GOTE)):
                break
            legal = pos.legal_moves()
            if not legal:
                break
            pos.push(rng.choice(legal))


@pytest.mark.parametrize("variant,preset", CASES)
def test_attack_tests_answer_as_reply_generation(variant, preset):
    rng = random.Random(f"attack-tests-moves:{variant}:{preset}")
    seen = {True: 0, False: 0}
    drops_tried = 0
    for pos in positions(variant, preset, 20 if get_variant(variant).check_rules else 6, 4):
        fen = pos.fen()
        if pos.variant.check_rules:
            pawn_drops = [m for m in pos.legal_moves() if m.origin is None and pos.tables.pawn[2 * m.drop + pos.turn]]
            # the legal drops exclude the mating ones: compare on every pawn drop the generator tried
            candidates = [m for m in movegen.drop_moves(pos) if pos.tables.pawn[2 * m.drop + pos.turn]]
            for m in rng.sample(candidates, min(12, len(candidates))):
                if pos.is_check():
                    break  # a drop in check is tried only if it answers the check: not what is tested here
                drops_tried += 1
                fast = movegen._pawn_drop_mates(pos, m)
                assert fast == oracle_pawn_drop_mates(pos, m), (fen, pos.move_name(m))
                assert (m in pawn_drops) == (not fast), (fen, pos.move_name(m))
            assert pos.fen() == fen
            continue
        for color in (SENTE, GOTE):
            fast = royal_threatened(pos, color)
            assert fast == oracle_threatened(pos, color), (fen, color)
            seen[fast] += 1
        victim = pos.turn ^ 1
        if royals_left(pos, victim):
            assert movegen.royal_capture(pos, victim, every=True) == oracle_winning_reply(pos, victim), fen
            # the record check's quick test on the board alone: the pieces it leaves out take no royal piece
            ours = [sq for sq, code in enumerate(pos.board) if code and code & 1 == pos.turn]
            might = set(movegen.may_take_royal(pos.tables, pos.variant, pos.board, victim, ours))
            before = royals_left(pos, victim)
            for m in movegen.legal_moves(pos):
                if m.origin not in might:
                    pos.push(m)
                    assert royals_left(pos, victim) == before, (fen, m)
                    pos.pop()
        assert movegen._royal_attacked(pos) == oracle_royal_attacked(pos), fen
        if royals_left(pos, SENTE) and royals_left(pos, GOTE) and len(pos.legal_moves()) <= 100:  # the oracle is slow
            assert is_checkmate(pos) == oracle_checkmate(pos), fen
        assert pos.fen() == fen  # the questions leave the position as it was
    if reading(variant, preset).variant.check_rules:
        assert drops_tried or not reading(variant, preset).variant.drops
    else:
        assert seen[True] and seen[False], seen  # both answers come up


def test_a_promotion_to_fire_demon_threatens_the_king_it_would_burn():
    """A Water Buffalo that can promote to a Fire Demon (burning at once) next to the enemy king threatens it:
    the reply-generation test looked only at the moves of pieces that burned before moving, and missed it."""
    pos = Position.from_pieces("tenjiku", {"8h": "WB", "5d": "k", "16p": "K"})
    g = pos.geometry
    burns = [m for m in pos.legal_moves() if m.promotion and g.parse("5d") in g.neighbours[m.target]]
    assert burns
    pos.push(burns[0])
    assert pos.outcome() is not None and pos.outcome().reason == "royal-captured"
    pos.pop()
    assert royal_threatened(pos, GOTE)
    pos.turn, pos.hash = GOTE, pos.hash ^ pos.tables.z_side
    assert pos.is_check()


@pytest.mark.parametrize("variant", [v for v in VARIANT_IDS if get_variant(v).rule_choices])
def test_rule_sets_with_one_generation_key_have_the_same_legal_moves(variant):
    """check-record plays a ply under rule sets that read alike what move generation reads from one
    generation (:func:`shogi_rules.engine.movegen.generation_key`): their legal moves are the same, in the same
    order, in crowded positions and after random plies (a switch that generation reads and the key leaves
    out would show here)."""
    base = get_variant(variant)
    rule_sets = [RuleSet.of(variant)] + [RuleSet.of(variant, {c.id: o.id}) for c in base.rule_choices
                                         for o in c.options if o.id != c.default]
    groups: dict[tuple, list] = {}
    for rs in rule_sets:
        pos = Position(rs)
        groups.setdefault(movegen.generation_key(pos.variant, pos.lion_rules), []).append(rs)
    shared = [g for g in groups.values() if len(g) > 1]
    assert shared or len(rule_sets) == len(groups)
    compared = 0
    for group in shared:
        for pos in positions(variant, None, 3, 3):
            fen = pos.fen()
            first = movegen.legal_moves(Position(group[0], fen=fen))
            for rs in group[1:]:
                assert movegen.legal_moves(Position(rs, fen=fen)) == first, (rs, fen)
                compared += 1
    assert compared or not shared


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_legal_moves_from_some_squares_are_those_of_all_legal_moves_from_them(variant: str) -> None:
    """``legal_moves_from`` (what check-record reads a ply from under another rule set) gives exactly the legal
    moves whose origin is one of the squares, in the same order, along a seeded random game."""
    rng = random.Random(f"moves-from:{variant}")
    pos = Position(variant)
    for _ in range(40):
        legal = pos.legal_moves()
        if not legal:
            break
        ours = [sq for sq, code in enumerate(pos.board) if code and code & 1 == pos.turn]
        squares = rng.sample(ours, min(len(ours), rng.randint(1, 6)))
        assert pos.legal_moves_from(squares) == [m for m in legal if m.origin in squares]
        pos.push(rng.choice(legal))


@pytest.mark.parametrize("variant", [v for v in VARIANT_IDS if get_variant(v).check_rules and get_variant(v).rule_choices])
def test_attackers_read_from_the_reverse_tables_are_the_pieces_whose_moves_reach_the_square(variant):
    """The attack tests of the games with check read, for a square, the pieces that could take on it from reverse
    tables built square by square on first use, from each piece's tables reversed once and shared by every rule
    set whose pieces move alike (a record check compiles many rule sets and asks each about a few squares). For every
    option of every choice and random combinations, the rule sets compiled one after another so that later ones
    share what earlier ones reversed, on random boards: the attackers of every square, asked in random order, are
    the pieces whose own moves (generated forward, :meth:`~shogi_rules.compiled.tables.Tables.destinations`, the
    square's piece taken as an enemy's) reach it, and a square is attacked exactly where some are."""
    base = get_variant(variant)
    rng = random.Random(f"attack tables:{variant}")
    rule_sets = [RuleSet.of(variant, {c.id: o.id}) for c in base.rule_choices for o in c.options]
    rule_sets += [RuleSet.of(variant, {c.id: rng.choice(c.options).id for c in base.rule_choices}) for _ in range(6)]
    asked = 0
    for rs in rule_sets:
        pos = Position(rs)
        t, g = pos.tables, pos.geometry
        codes = [2 * x.id + c for x in t.piece_types for c in (SENTE, GOTE)]
        board = [0] * g.size
        for sq in rng.sample(range(g.size), g.size // 3):
            board[sq] = rng.choice(codes)
        pos.board = board
        squares = list(range(g.size))
        rng.shuffle(squares)
        for sq in squares[: g.size // 2]:
            for by in (SENTE, GOTE):
                held = board[sq]
                board[sq] = 2 * t.piece_types[0].id + (by ^ 1)  # (an enemy piece there: what could take it)
                expected = sorted(frm for frm in range(g.size) if board[frm] and board[frm] & 1 == by and
                                  any(to == sq for to, _ in t.destinations(pos, frm, board[frm])))
                assert sorted(movegen.attackers(pos, sq, by)) == expected, (rs.choices, g.name(sq), by)
                assert movegen.attacked(pos, sq, by) == bool(expected)
                board[sq] = held
                asked += 1
    assert asked


def sparse(variant: str, preset: str | None, rng: random.Random) -> Position | None:
    """An open board on which the side not to move has two royal pieces and the side to move a few pieces, those
    that burn often among them: long lines, where a piece may take one royal piece from afar or stop short and
    burn both."""
    pos = Position(reading(variant, preset))
    t, g = pos.tables, pos.geometry
    royal = [x for x in t.types[1:] if x.royal]
    others = [x for x in t.types[1:] if not x.royal]
    burners = [x for x in others if t.burns[2 * x.id] or t.burns[t.promotes[2 * x.id]]] or others
    squares = rng.sample(range(g.size), rng.randint(5, 9))
    victim = rng.choice((SENTE, GOTE))
    pieces = {}
    for i, sq in enumerate(squares):
        kind = rng.choice(royal) if i < 3 else rng.choice(burners if rng.random() < 0.5 else others)
        gote = victim == GOTE if i < 2 else (victim != GOTE if i < 5 else rng.random() < 0.5)
        pieces[g.name(sq)] = kind.fen.lower() if gote else kind.fen.upper()
    try:
        return Position.from_pieces(reading(variant, preset), pieces, turn=victim ^ 1)
    except ShogiRulesError:
        return None


@pytest.mark.parametrize("variant,preset", [(v, p) for v, p in CASES if not get_variant(v).check_rules])
def test_taking_every_royal_piece_on_an_open_board_answers_as_reply_generation(variant, preset):
    """Two royal pieces on an open board: a piece that can take one of them from afar may still take both
    another way (a Fire Demon that stops next to both burns both; a lion's double capture). The attack test
    once stopped at the capture it found on the lines and missed the other move. The test a record check asks
    first, on the board alone (``may_take_royal``), leaves out only pieces that cannot take one."""
    rng = random.Random(f"open-board:{variant}:{preset}")
    asked = taken = threatened = quick = 0
    while asked < 150:
        pos = sparse(variant, preset, rng)
        if pos is None:
            continue
        victim = pos.turn ^ 1
        if len(movegen.royal_squares(pos, victim)) < 2:
            continue
        asked += 1
        both = movegen.royal_capture(pos, victim, every=True)
        assert both == oracle_winning_reply(pos, victim), pos.fen()
        one = royal_threatened(pos, victim)
        assert one == oracle_threatened(pos, victim), pos.fen()
        taken += both
        threatened += one
        # the record check's quick test on the board alone: the pieces it leaves out take no royal piece
        ours = [sq for sq, code in enumerate(pos.board) if code and code & 1 == pos.turn]
        might = movegen.may_take_royal(pos.tables, pos.variant, pos.board, victim, ours)
        if not might:
            assert not one
            quick += 1
        else:  # the pieces it leaves out cannot take one either
            assert not movegen.royal_capture(pos, victim, among=[sq for sq in ours if sq not in might])
    assert 0 < threatened < asked
    assert quick  # and it does say so
    assert taken or not pos.tables.any_burner  # where pieces burn, some boards let the side to move take both


def boards(variant: str, preset: str | None, rng: random.Random, crowded: int, total: int) -> list[Position]:
    """Copies of the positions of ``crowded`` crowded boards played on a few plies (:func:`positions`), then open
    boards (:func:`sparse`), ``total`` in all."""
    out = [pos.copy() for pos in positions(variant, preset, crowded, 4)]
    while len(out) < total:
        pos = sparse(variant, preset, rng)
        if pos is not None:
            out.append(pos)
    return out


@pytest.mark.parametrize("variant,preset", [(v, p) for v, p in CASES if not get_variant(v).check_rules])
def test_the_special_moves_an_attack_test_makes_are_the_generated_moves_that_reach_a_royal_piece(variant, preset):
    """Where a piece's special atoms (a Lion's power, an area move, a hook) might reach a royal piece or, for a piece
    that burns, a square next to one, the attack test used to generate every move of the piece; it now makes the
    special atoms' moves only, beside the captures its lines give. On crowded and open boards, for every piece of the
    side to move whose reach holds a royal piece, the moves the test reads are exactly the moves, each once,
    that ``general_board_moves`` generates for that piece that end on a royal piece, take one on the way or (a piece that
    burns) end next to one; and some of them came from the special atoms."""
    specials = 0
    for pos in boards(variant, preset, random.Random(f"special hits:{variant}:{preset}"), 6, 300):
        t, board, us = pos.tables, pos.board, pos.turn
        victim = us ^ 1
        royals = movegen.royal_squares(pos, victim)
        if not royals:
            continue
        near = {n for sq in royals for n in t.geometry.neighbours[sq]} if t.any_burner else set()
        frozen = movegen.frozen_squares(pos, us) if t.any_immobiliser else ()
        tame = pos.variant.switches.fire_demon.capture == "very-tame"
        for sq in movegen.pieces_reaching(pos, royals, us):
            code = board[sq]
            hits = movegen._royal_hits(t, pos.variant, board, sq, royals, frozen, near, False, pos)
            if hits is None:
                continue
            burner = t.burns[code] or t.burns[t.promotes[code]]
            wanted = near if tame and t.burns[code] else royals | near if burner else royals
            expected = [m for m in movegen.general_board_moves(pos, us, [sq])
                        if m.target in wanted or not royals.isdisjoint(m.path)]
            assert Counter(hits) == Counter(expected), (pos.fen(), pos.geometry.name(sq))  # (each move once)
            plan = t.plans[code][sq] or t.plan(code, sq)
            specials += bool(plan.specials and expected and any(
                m.path or m.target not in {e.target for e in (*plan.leaps, *(x for r in plan.rays for x in r),
                                                                 *(x for j in plan.jumps for x in j))}
                for m in expected))
    # (not where promotions read the game's history: there every move of such a piece is generated, as before)
    assert specials or Position(reading(variant, preset)).variant.promotion in HISTORY_SCHEMES, specials


def hopeless_and_lost(pos: Position) -> list[tuple[Move, int]]:
    """The legal moves that ``hopeless_moves`` says lose in ``pos``, with the square of the piece it names, each played
    and asserted to lose to that piece (or to take the opponent's last royal piece, which wins, is asserted not to)."""
    us = pos.turn
    hopeless = hopeless_moves(pos)
    said = []
    for move in pos.legal_moves():
        taker = hopeless(move)
        if taker is None:
            continue
        said.append((move, taker))
        pos.push(move)
        try:
            assert royals_left(pos, us ^ 1), (pos.fen(), move)  # (a move that takes the last royal piece wins)
            assert movegen.royal_capture(pos, us, every=True, among=[taker]), (pos.fen(), move, taker)
        finally:
            pos.pop()
    return said


@pytest.mark.parametrize("variant,preset", [(v, p) for v, p in CASES if not get_variant(v).check_rules])
def test_a_move_the_mate_test_skips_as_hopeless_loses_to_the_piece_it_names(variant, preset):
    """A mate test skips the moves that ``hopeless_moves`` says lose without playing them: where the opponent, were it
    to move now, could take every royal piece with one piece, a move that touches nothing that piece's capture
    reads. That used to be every square the piece could reach, and no move of a piece that burns; where the piece
    takes the one royal piece along an open line it is the squares of that line, and a piece that burns is asked
    too (unless it might burn a royal piece of the opponent's). On crowded and open boards, every legal move said
    hopeless loses when played, to the piece named; and some such moves were made by a piece that burns, or
    crossed the piece's reach off its line. (A Drunk Elephant promoting to a Crown Prince away from the attack was
    said hopeless, although the one capture then no longer takes every royal piece: mate was found where the
    promotion escapes. This test found it.)"""
    said = burning = off_line = 0
    for pos in boards(variant, preset, random.Random(f"hopeless:{variant}:{preset}"), 8, 200):
        if not (royals_left(pos, SENTE) and royals_left(pos, GOTE)):
            continue
        t = pos.tables
        for move, taker in hopeless_and_lost(pos):
            said += 1
            mover = pos.board[move.origin]
            burning += bool(t.burns[mover] or t.burns[t.promotes[mover]])
            off_line += any(t.reach_mask(pos.board[taker], taker) >> s & 1 for s in (move.origin, move.target))
    start = Position(reading(variant, preset))
    v = start.variant
    if v.drops or lion_trading.active(v) or start.tables.any_converter:
        assert not said  # (there the test says nothing: the answers read what the move changes far away)
        return
    assert said and off_line and (burning or not start.tables.any_burner), (said, off_line, burning)


def test_under_adams_promotion_a_piece_that_would_burn_by_promoting_is_no_taker_for_the_mate_tests_shortcut():
    """Under Adams' promotion scheme a piece that declined its first chance to promote may not promote on its next
    move unless it captures, and under Chinese Wikipedia's reading a Water Buffalo promoting into a Fire Demon burns at
    once. ``hopeless_moves`` reads the opponent's captures as if the opponent were to move now, where the moves before
    are read for the other side: a buffalo that has just declined looks free to promote next to the king and burn it.
    What the moves before allow changes only whether a move that takes nothing may promote, so such a piece is left
    out, and every other taker is asked as under the other schemes. Here gote's buffalo declines on 3m; sente's pawn
    move far away is not said to lose, and played, the buffalo cannot take the king (it was counted a taker before the
    piece was left out). Then, in random games under the same rules, every move said hopeless loses when played, to
    the piece named."""
    rules = RuleSet.of(RuleSet.of("tenjiku", preset="adams"), {"tenjiku.fire-demon.promotion-burn": "zhwp"})
    pos = Position(rules, fen="16/2(wb)13/16/16/16/16/12k3/16/P15/13K2/16/16/16/16/16/16 b - - 0 1")
    g = pos.geometry
    buffalo = g.parse("3m")
    pos.push(next(m for m in pos.legal_moves() if m.origin == g.parse("14b") and m.target == buffalo
                  and not m.promotion))
    pawn = next(m for m in pos.legal_moves() if m.origin == g.parse("16i") and m.target == g.parse("16h"))
    pos.turn ^= 1
    pos.hash ^= pos.tables.z_side
    seen_as_taker = buffalo in movegen.royal_takers(pos, SENTE, every=True)
    pos.turn ^= 1
    pos.hash ^= pos.tables.z_side
    assert seen_as_taker
    assert hopeless_moves(pos)(pawn) is None
    pos.push(pawn)
    assert not movegen.royal_capture(pos, SENTE, every=True, among=[buffalo])
    said = 0
    for game in range(8):
        rng = random.Random(f"hopeless under adams:{game}")
        pos = Position(rules)
        for ply in range(300):
            legal = pos.legal_moves()
            if not legal or not (royals_left(pos, SENTE) and royals_left(pos, GOTE)):
                break
            said += len(hopeless_and_lost(pos))
            captures = [m for m in legal if pos.board[m.target]]
            pos.push(rng.choice(captures if captures and rng.random() < 0.4 else legal))
    assert said > 1000, said


@pytest.mark.parametrize("variant,preset", CASES)
def test_the_reach_mask_holds_every_square_a_legal_move_ends_on_or_passes(variant, preset):
    """The attack tests ask only the pieces whose reach mask holds a royal square, and a narrow reading of a Western
    move only the pieces of the kind named whose mask holds the square its last leg names: both need the mask to
    hold every square where a move of the piece could end, or that it passes, on any board. On crowded boards played
    on a few plies, every legal board move's target (where it does not come back to its square) and every square of
    its path are in the mask of the piece that makes it. A record check reads the mask on the board itself
    (``open_reach_mask``: a ray ends at the first piece), which must hold every square where the move takes or burns
    a piece on that board: checked by making each move and finding the pieces it removed."""
    checked = burnt = 0
    for pos in positions(variant, preset, 12, 6):
        t, board = pos.tables, list(pos.board)
        for m in pos.legal_moves():
            if m.origin is None:
                continue
            mask = t.reach_mask(board[m.origin], m.origin)
            on_board = t.open_reach_mask(board[m.origin], m.origin, board)
            assert on_board & ~mask == 0, (pos.fen(), m)
            for s in (*m.path, *((m.target,) if m.target != m.origin else ())):
                assert mask >> s & 1, (pos.fen(), m)
            pos.push(m)
            removed = [s for s, code in enumerate(board) if code and s != m.origin and pos.board[s] != code]
            pos.pop()
            for s in removed:
                assert on_board >> s & 1, (pos.fen(), m, s)
            burnt += any(s != m.target and s not in m.path for s in removed)
            checked += 1
    assert checked > 1000, checked
    assert burnt or not pos.tables.any_burner, burnt
