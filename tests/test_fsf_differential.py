"""Fairy-Stockfish (pyffish 0.0.90) as a differential oracle for every rule set it plays.

For each rule set that Fairy-Stockfish knows (``tests/rule_sets.py``, from the variants' ``fsf_name``:
standard shogi, Okisaki with Fairy-Stockfish's setup and Okisaki with the article's setup, as pyffish
plays ``okisakishogi`` from any FEN, and Sho shogi without drops) — positions reached by seeded, biased random play
(``tests/conftest.py``) are checked against Fairy-Stockfish:

(a) the same set of legal moves, once the pawn drops that give mate are taken out of Fairy-Stockfish's
    list: it lists them as legal and scores them as a loss, the rules forbid them (uchifuzume). They
    are recognised with pyffish alone: after the drop the opponent is in check and has no move;
(b) the same FEN after a move, byte for byte (``pyffish.get_fen``);
(c) the same Western (Hodges) notation (``pyffish.get_san`` with ``NOTATION_SHOGI_HODGES``);
(d) the same verdict on check, on "no legal move", and on the result then.

Cost: every pyffish call builds its position from the FEN and costs about 1.4 ms whatever it
does, so checking (b) and (c) for each of the ~100 legal moves of a position with pieces in hand
would take minutes. (a) and (d) are checked in full for every position; (b) and (c) for a
selection of moves per position that always contains the move played in the game and, where the
position has them, moves that need the origin square to be named, both halves of a promotion
choice, a forced promotion, a drop, a capture and a check, plus one move at random. The test
counts the kinds it checked and asserts that the sample covers each of them many times.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

pyffish = pytest.importorskip("pyffish")

from rule_sets import FSF_CASES as CASES  # noqa: E402
from shogi_rules import Position  # noqa: E402
from shogi_rules.compiled.variant import RuleSet, available_variants, get_variant  # noqa: E402

SEEDS = {case: seed for seed, case in enumerate(CASES, 1)}
POSITIONS = 500
POSITIONS_WITHOUT_DROPS = 1100
"""Without drops (Sho shogi) checks are rarer in random play: a larger sample gives as many of them."""
MIN_EACH = 50  # moves of each kind (drop, promotion, check, capture) checked per rule set
MIN_MATES = 5
MIN_MATES_WITHOUT_DROPS = 2
"""Games without drops (Sho shogi) seldom end in mate within the sampled plies; their mates, and the rules of
a second royal piece, are checked against Fairy-Stockfish on positions built for them (``test_sho.py``)."""
MAX_SELECTED = 6  # moves per position checked for (b) and (c)

HODGES = pyffish.NOTATION_SHOGI_HODGES


@pytest.fixture(scope="module")
def samples(biased_sample, rule_sets):
    return {case: biased_sample(case, SEEDS[case], positions(rule_sets, case)) for case in CASES}


def positions(rule_sets, case: str) -> int:
    vid, rules, _ = rule_sets[case]
    return POSITIONS if RuleSet.of(vid, rules).variant.drops else POSITIONS_WITHOUT_DROPS


def fsf_variant(rule_sets, case: str) -> str:
    return rule_sets[case][2]


def has_drops(rule_sets, case: str) -> bool:
    vid, rules, _ = rule_sets[case]
    return RuleSet.of(vid, rules).variant.drops


def min_mates(rule_sets, case: str) -> int:
    return MIN_MATES if has_drops(rule_sets, case) else MIN_MATES_WITHOUT_DROPS


# --- helpers that ask Fairy-Stockfish alone ------------------------------------------------------
def fsf_is_mate_after(variant: str, fen: str, move: str) -> bool:
    """Whether ``move`` leaves the opponent in check with no legal move, by Fairy-Stockfish's account."""
    return not pyffish.legal_moves(variant, fen, [move]) and pyffish.gives_check(variant, fen, [move])


def fsf_legal_moves(variant: str, fen: str, ours: set[str] | None = None) -> tuple[set[str], set[str]]:
    """Fairy-Stockfish's legal moves, split into (the rest, the pawn drops that mate).

    Only the pawn drops are examined that are not in ``ours`` (when given): the others are the same
    in both lists whatever they do, and checking each pawn drop costs two pyffish calls.
    """
    moves = pyffish.legal_moves(variant, fen, [])
    assert len(moves) == len(set(moves))
    candidates = set(moves) - ours if ours is not None else set(moves)
    pawn_drop_mates = {m for m in candidates if m.startswith("P@") and fsf_is_mate_after(variant, fen, m)}
    return set(moves) - pawn_drop_mates, pawn_drop_mates


# --- which moves to check for (b) and (c) --------------------------------------------------------
def select_moves(pos, moves, played: str | None, rng: random.Random) -> dict:
    """Up to MAX_SELECTED moves of ``pos``, each mapped to the reason it was chosen."""
    board = pos.board
    name = {m: pos.move_name(m, "fsf") for m in moves}
    chosen: dict = {}

    def take(pool, kind, n=1):
        pool = [m for m in pool if m not in chosen]
        for m in rng.sample(pool, min(n, len(pool))):
            chosen[m] = kind

    if played is not None:
        chosen[next(m for m in moves if name[m] == played)] = "played"
    by_piece_target: dict = {}
    for m in moves:
        if m.origin is not None:
            by_piece_target.setdefault((board[m.origin] >> 1, m.target), set()).add(m.origin)
    take([m for m in moves if m.origin is not None and len(by_piece_target[(board[m.origin] >> 1, m.target)]) > 1],
         "ambiguous", 2)
    pairs = {(m.origin, m.target) for m in moves if m.promotion} & {(m.origin, m.target) for m in moves if not m.promotion}
    optional = [m for m in moves if m.origin is not None and (m.origin, m.target) in pairs]
    if optional:
        o, t = rng.choice(sorted({(m.origin, m.target) for m in optional}))
        for m in optional:
            if (m.origin, m.target) == (o, t):
                chosen.setdefault(m, "promotion-choice")
    take([m for m in moves if m.promotion and (m.origin, m.target) not in pairs], "forced-promotion")
    take([m for m in moves if m.origin is None], "drop")
    take([m for m in moves if m.origin is not None and board[m.target]], "capture")
    checks = []
    for m in rng.sample(moves, len(moves)):
        if m in chosen:
            continue
        pos.push(m)
        gives = pos.is_check()
        pos.pop()
        if gives:
            checks.append(m)
            break
    take(checks, "check")
    take(moves, "random")
    return dict(list(chosen.items())[:MAX_SELECTED])


def kinds_of(pos, move) -> set[str]:
    kinds = set()
    if move.origin is None:
        kinds.add("drop")
    elif pos.board[move.target]:
        kinds.add("capture")
    if move.promotion:
        kinds.add("promotion")
    pos.push(move)
    if pos.is_check():
        kinds.add("check")
    pos.pop()
    return kinds


@pytest.fixture(scope="module")
def selections(samples, make_position):
    """For every case and sampled position: the selected moves, as (fsf name, move, kinds)."""
    out = {}
    for case in CASES:
        rows = []
        for i, s in enumerate(samples[case]):
            pos = make_position(case, s.fen)
            moves = pos.legal_moves()
            rng = random.Random(f"{case}:{i}")
            chosen = select_moves(pos, moves, s.move, rng) if moves else {}
            rows.append((s, pos, [(pos.move_name(m, "fsf"), m, kinds_of(pos, m)) for m in chosen]))
        out[case] = rows
    return out


# --- (a) and (d): legal moves, check, end of the game ------------------------------------------------
@pytest.mark.parametrize("case", CASES)
def test_legal_moves_check_and_game_end_agree(case, samples, make_position, rule_sets):
    variant = fsf_variant(rule_sets, case)
    removed = 0
    terminal = 0
    problems = []
    for s in samples[case]:
        pos = make_position(case, s.fen)
        assert pos.fen() == s.fen  # our FEN reader and writer agree on every sampled position
        legal = pos.legal_moves()
        ours = [pos.move_name(m, "fsf") for m in legal]
        assert len(set(ours)) == len(ours), f"{s.fen}: two legal moves share a name"
        theirs, pawn_drop_mates = fsf_legal_moves(variant, s.fen, set(ours))
        removed += len(pawn_drop_mates)
        if set(ours) != theirs:
            problems.append(f"{s.fen}: only ours {sorted(set(ours) - theirs)}, only Fairy-Stockfish "
                            f"{sorted(theirs - set(ours))}")
            continue
        # A pawn drop of ours that gives check must not mate, by Fairy-Stockfish's own account.
        for name, m in zip(ours, legal):
            if m.origin is None and name.startswith("P@"):
                pos.push(m)
                check = pos.is_check()
                pos.pop()
                if check:
                    assert not fsf_is_mate_after(variant, s.fen, name), f"{s.fen}: {name} mates"
        # (d) check and the end of the game
        in_check = pyffish.gives_check(variant, s.fen, [])
        assert pos.is_check() == in_check, s.fen
        assert (not legal) == s.terminal
        if in_check or not legal:
            assert pyffish.is_immediate_game_end(variant, s.fen, [])[0] is False, s.fen
        if not legal:
            terminal += 1
            outcome = pos.outcome()
            assert outcome is not None and outcome.winner == pos.turn ^ 1, s.fen
            assert outcome.reason == ("checkmate" if in_check else "stalemate")
            if not pawn_drop_mates:  # game_result requires a position without any legal move
                assert pyffish.game_result(variant, s.fen, []) == -pyffish.VALUE_MATE, s.fen
        else:
            assert pos.outcome() is None or pos.outcome().reason in ("repetition", "perpetual-check")
    assert not problems, f"{len(problems)} positions differ, e.g.\n" + "\n".join(problems[:5])
    assert terminal >= min_mates(rule_sets, case), f"only {terminal} games ended in mate"
    print(f"{case}: {len(samples[case])} positions, {terminal} mates, {removed} mating pawn drops removed")


# --- (b) FEN after a move ---------------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES)
def test_fen_after_move_agrees(case, selections, rule_sets):
    variant = fsf_variant(rule_sets, case)
    checked = 0
    problems = []
    for s, pos, chosen in selections[case]:
        for name, move, _ in chosen:
            pos.push(move)
            ours = pos.fen()
            pos.pop()
            theirs = pyffish.get_fen(variant, s.fen, [name])
            checked += 1
            if ours != theirs:
                clock_only = ours.split()[:-2] == theirs.split()[:-2] and ours.split()[-1] == theirs.split()[-1]
                problems.append((clock_only and move.promotion, f"{s.fen} + {name}:\n  ours {ours}\n  FSF  {theirs}"))
        assert pos.fen() == s.fen  # push/pop left the position as it was
    promotion_clock = sum(1 for p, _ in problems if p)
    assert not problems, (f"{len(problems)} of {checked} FENs differ from Fairy-Stockfish's ({promotion_clock} only in "
                          f"the halfmove clock after a promotion), e.g.\n"
                          + "\n".join(text for _, text in sorted(problems, key=lambda p: p[0])[:4]))


# --- (c) Western notation ---------------------------------------------------------------------------
# One convention differs. Fairy-Stockfish names the origin square of a promoting move ("+") only when
# another piece of the same kind could make a promoting move to the same square; we name it whenever
# another piece of the same kind could move to that square at all, with or without promotion (the
# rule of shogi_rules.notation.moves: "origin only where two pieces of the same kind could make the
# move"; the suffix is not part of the choice between pieces). Fairy-Stockfish itself names the
# origin of the non-promoting twin in the same position ("B10a-6e=" beside its "B-6e+"). Where the
# names differ, the test asserts that it is this case and that our name is Fairy-Stockfish's with
# the origin put in.
def origin_convention_difference(pos, move, ours: str, theirs: str) -> bool:
    if move.origin is None or not move.promotion or not theirs.endswith("+"):
        return False
    code = pos.tables.types[pos.board[move.origin] >> 1].code
    if ours != theirs[:len(code)] + pos.geometry.name(move.origin) + theirs[len(code):]:
        return False
    kind = pos.board[move.origin] >> 1
    others = [m for m in pos.legal_moves() if m.origin not in (None, move.origin) and m.target == move.target
              and pos.board[m.origin] >> 1 == kind]
    return bool(others) and not any(m.promotion for m in others)


# A second difference: Fairy-Stockfish writes a piece by its one-letter FEN code, we by its TSA code, and the
# two differ for Sho shogi's drunk elephant (``DE``, ``E``; the prince ``+DE``, ``+E``). Where they do, the test
# compares our name with the code put back to the FEN letter.
def with_fen_letter(pos, move, ours: str) -> str:
    if move.origin is None:
        return ours
    kind = pos.tables.types[pos.board[move.origin] >> 1]
    code, letter = kind.base.code, kind.base.fen_code
    prefix = "+" if kind.promoted else ""
    if code == letter or not ours.startswith(prefix + code):
        return ours
    return prefix + letter + ours[len(prefix + code):]


@pytest.mark.parametrize("case", CASES)
def test_western_notation_agrees(case, selections, rule_sets):
    variant = fsf_variant(rule_sets, case)
    problems = []
    convention = []
    kinds = Counter()
    for s, pos, chosen in selections[case]:
        for name, move, move_kinds in chosen:
            written = pos.move_name(move, "western")
            ours = with_fen_letter(pos, move, written)
            theirs = pyffish.get_san(variant, s.fen, name, False, HODGES)
            kinds.update(move_kinds)
            if ours != theirs:
                if origin_convention_difference(pos, move, ours, theirs):
                    convention.append((s.fen, ours, theirs))
                else:
                    problems.append(f"{s.fen} {name}: ours {ours!r}, Fairy-Stockfish {theirs!r}")
            # our own readers take the names back
            assert pos.parse_move(written) == move, (s.fen, written)
            assert pos.parse_move(name, "fsf") == move, (s.fen, name)
    assert not problems, f"{len(problems)} names differ, e.g.\n" + "\n".join(problems[:6])
    # the selection really covered the moves that matter
    for kind in ("drop", "promotion", "check", "capture")[0 if has_drops(rule_sets, case) else 1:]:
        assert kinds[kind] >= MIN_EACH, f"{case}: only {kinds[kind]} {kind} moves checked"
    if not has_drops(rule_sets, case):
        assert kinds["drop"] == 0
    print(f"{case}: {sum(kinds.values())} kinds checked {dict(kinds)}; origin-convention differences: "
          f"{len(convention)} {convention[:2]}")


def test_origin_convention_difference_example(make_position):
    """The documented difference, pinned on one position: two sente bishops can reach 6e, only one promoting."""
    fen = "Bnsg1kg2l/4rpns2/p2ppLppp+L/1pp2B4/10/2P4P2/2qP1r4/PP1GNPP1P1/3K2G1+l1/2S1Q2SN1[PPp] w - - 0 25"
    pos = make_position("okisaki", fen)
    names = {pos.move_name(m, "fsf"): pos.move_name(m, "western") for m in pos.legal_moves()}
    assert names["a10e6+"] == "B10a-6e+"
    assert pyffish.get_san("okisakishogi", fen, "a10e6+", False, HODGES) == "B-6e+"
    # both agree on the other two moves to 6e
    for move in ("a10e6", "f7e6"):
        assert names[move] == pyffish.get_san("okisakishogi", fen, move, False, HODGES)
    assert names["a10e6"] == "B10a-6e=" and names["f7e6"] == "B5d-6e"


# --- the sample itself ---------------------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES)
def test_sample_covers_the_rules(case, samples, selections, rule_sets):
    sample = samples[case]
    drops = has_drops(rule_sets, case)
    assert len(sample) >= positions(rule_sets, case)
    played = Counter(k for s in sample for k in s.kinds)
    mates = sum(1 for s in sample if s.terminal and s.in_check)
    in_check = sum(1 for s in sample if s.in_check)
    for kind in ("drop", "check", "capture")[0 if drops else 1:]:
        assert played[kind] >= MIN_EACH, f"{case}: only {played[kind]} {kind} moves played"
    # promotions are rarer in play (Okisaki: about 30 in 500 positions); the selection adds the promotions
    # available in each position, and test_western_notation_agrees asserts that at least MIN_EACH were checked
    assert played["promotion"] >= 15, f"{case}: only {played['promotion']} promotions played"
    assert in_check >= MIN_EACH
    assert mates >= min_mates(rule_sets, case)
    # pieces in hand of both sides at some point (where there are drops), promoted pieces on the board
    assert drops == any(re.search(r"\[[^\]]*[A-Z][^\]]*\]", s.fen) for s in sample)
    assert drops == any(re.search(r"\[[^\]]*[a-z][^\]]*\]", s.fen) for s in sample)
    assert sum("+" in s.fen.split("[")[0] for s in sample) >= MIN_EACH
    selected = Counter(kind for _, _, chosen in selections[case] for _, _, ks in chosen for kind in ks)
    print(f"{case}: played {dict(played)}, in check {in_check}, mates {mates}; checked {dict(selected)}")


# --- positions built by hand: the pawn-drop mate ------------------------------------------------------
# Gote's king on 1a; sente's gold on 1c guards 1b and 2b, a knight on 3c guards 2a. A pawn dropped on
# 1b would mate (forbidden); a lance dropped there mates too (allowed). Without the knight, the pawn
# drop is only a check (allowed). The same with colours and board turned round, and on Okisaki's board.
UCHIFUZUME = [
    # (case, FEN, the drop, is it a pawn-drop mate)
    ("shogi", "8k/9/6N1G/9/9/9/9/9/4K4[PL] w - - 0 1", "P@i8", True),
    ("shogi", "8k/9/6N1G/9/9/9/9/9/4K4[PL] w - - 0 1", "L@i8", False),
    ("shogi", "8k/9/8G/9/9/9/9/9/4K4[P] w - - 0 1", "P@i8", False),
    ("shogi", "4k4/9/9/9/9/9/g1n6/9/K8[pl] b - - 0 1", "P@a2", True),
    ("okisaki-fairy-stockfish", "9k/10/7N1G/10/10/10/10/10/10/5K4[P] w - - 0 1", "P@j9", True),
    ("okisaki-fairy-stockfish", "9k/10/9G/10/10/10/10/10/10/5K4[P] w - - 0 1", "P@j9", False),
    ("okisaki", "5k4/10/10/10/10/10/10/g1n7/10/K9[p] b - - 0 1", "P@a2", True),
]


@pytest.mark.parametrize("case,fen,drop,forbidden", UCHIFUZUME)
def test_pawn_drop_mate(case, fen, drop, forbidden, make_position, rule_sets):
    variant = fsf_variant(rule_sets, case)
    pos = make_position(case, fen)
    ours = {pos.move_name(m, "fsf") for m in pos.legal_moves()}
    everything = set(pyffish.legal_moves(variant, fen, []))
    assert drop in everything  # Fairy-Stockfish lists it in every case
    assert fsf_is_mate_after(variant, fen, drop) == (forbidden or drop[0] != "P" and drop in ours)
    theirs, pawn_drop_mates = fsf_legal_moves(variant, fen, ours)
    assert (drop in pawn_drop_mates) == forbidden
    assert (drop in ours) == (not forbidden)
    assert ours == theirs


# --- engine bugs pinned by minimal positions ---------------------------------------------------------
def test_halfmove_clock_resets_on_promotion(make_position):
    """Fairy-Stockfish resets its halfmove clock on a promotion, as on a capture or a drop.

    Our FEN must match Fairy-Stockfish's byte for byte (see shogi_rules.notation.fen), so the clock
    must do the same. 1. P-7f P-3d 2. Bx2b= (a capture: clock 0) P-9d (quiet: clock 1) 3. B-3c+, a
    promotion without capture: Fairy-Stockfish writes clock 0.
    """
    pos = make_position("shogi")
    for m in ("c3c4", "g7g6", "b2h8", "a7a6"):
        pos.push_move(m, "fsf")
    fen = pos.fen()
    assert fen.endswith(" 1 3")
    pos.push_move("h8g7+", "fsf")
    assert pyffish.get_fen("shogi", fen, ["h8g7+"]).endswith(" 0 3")
    assert pos.fen() == pyffish.get_fen("shogi", fen, ["h8g7+"])


# --- data that only Fairy-Stockfish knows: its order of pieces in hand ------------------------------------
def fsf_hand_order_of(variant_id: str) -> str:
    """The order in which Fairy-Stockfish writes sente's pieces in hand in ``variant_id``'s game, read from
    the FEN it writes back for the start position with one of each piece in each hand, given backwards."""
    rules = RuleSet.of(variant_id)
    if rules.fsf_name is None:  # the defaults are not Fairy-Stockfish's game: its preset is
        rules = RuleSet.of(variant_id, preset="fairy-stockfish")
    pos = Position(rules)
    codes = [pos.tables.types[t].fen for t in pos.tables.hand_types()][::-1]
    hand = "".join(c.upper() for c in codes) + "".join(c.lower() for c in codes)
    fen = pos.fen().replace("[]", f"[{hand}]", 1)
    written = pyffish.get_fen(rules.fsf_name, fen, [])
    return "".join(ch for ch in written.split("[")[1].split("]")[0] if ch.isupper())


@pytest.mark.parametrize("variant_id", [v.id for v in available_variants() if v.fsf_name and v.drops])
def test_fsf_hand_order_is_fairy_stockfishs(variant_id):
    """``Variant.fsf_hand_order`` is data only Fairy-Stockfish knows (its internal piece types, highest first):
    compared here with what pyffish writes, the message giving the right value."""
    theirs = fsf_hand_order_of(variant_id)
    assert get_variant(variant_id).fsf_hand_order == theirs, (
        f"{variant_id}: set fsf_hand_order={theirs!r} in its Variant (Fairy-Stockfish's order of pieces in hand)")
