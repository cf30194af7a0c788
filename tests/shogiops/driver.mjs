// Answers questions about Chu shogi positions with lishogi's shogiops, one JSON request a line on
// standard input, one JSON answer a line on standard output (tests/test_chu_shogiops.py drives it).
//
//   {"op": "moves", "sfen": S}            -> {"moves": [USI, ...]}  every USI string isLegal accepts
//   {"op": "play", "sfen": S, "usi": U}   -> {"sfen": S2}            the position after U
//   {"op": "perft", "sfen": S, "depth": D} -> {"nodes": N}           move sequences counted as isLegal accepts them
//   {"op": "end", "sfen": S, "usis": [U, ...]}
//       -> {"outcome": O, "server": O, "moves": N}   after playing the USIs (none: the position itself), the
//          outcome shogiops gives ({"result": R, "winner": W} or null), the outcome lishogi's server gives by its
//          rules transcribed below, and the number of legal USI strings
//
// Moves are enumerated from shogiops' own move destinations (the single moves isLegal checks against)
// and, for the pieces with lion power, its secondLionStepDests for every first square; every string
// is then confirmed by isLegal. A double move is written from-middle-to (isLegal ignores a '+' on
// one, and no piece with lion power promotes in Chu shogi, so none is written).
import * as readline from 'node:readline';
import { parseSfen, makeSfen } from 'shogiops/sfen';
import { parseUsi, makeUsi } from 'shogiops/util';
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { kingAttacks } from 'shogiops/attacks';
import { SquareSet } from 'shogiops/square-set';
import { opposite } from 'shogiops/util';

function position(sfen) {
  const result = parseSfen('chushogi', sfen, false);
  if (result.isErr) throw new Error(`shogiops refuses ${sfen}: ${result.error.message}`);
  return result.value;
}

function legalUsis(pos) {
  const out = new Set();
  for (const [from, dests] of pos.allMoveDests()) {
    for (const to of dests) {
      for (const promotion of [false, true]) {
        const move = { from, to, promotion };
        if (pos.isLegal(move)) out.add(makeUsi(move));
      }
    }
    for (const mid of dests) {
      for (const to of secondLionStepDests(pos, from, mid)) {
        const move = { from, to, midStep: mid };
        if (pos.isLegal(move)) out.add(makeUsi(move));
      }
    }
  }
  return [...out];
}

function perft(pos, depth) {
  if (depth === 0) return 1;
  const usis = legalUsis(pos);
  if (depth === 1) return usis.length;
  let nodes = 0;
  for (const usi of usis) {
    const child = pos.clone();
    child.play(parseUsi(usi));
    nodes += perft(child, depth - 1);
  }
  return nodes;
}

// lishogi's server, scalashogi (src/main/scala/variant/Chushogi.scala), transcribed over shogiops' board: its
// bareKing (from a side's point of view: was its king bared) and the first tests of its status, in its order.
// shogiops' kingsOf (king and prince), isCheck (any royal attacked) and hasDests answer what the server's
// royalPossOf, check and hasDestinations do.
function lastRank(color) { return SquareSet.fromRank(color === 'sente' ? 0 : 11); }

function serverBareKing(pos, color) {
  const them = opposite(color), board = pos.board;
  const ours = board.color(color).diff(board.roles('pawn', 'lance').intersect(lastRank(color)));
  const ourKing = pos.kingsOf(color);
  const theirs = board.color(them).diff(board.roles('pawn', 'gobetween'))
    .diff(board.role('lance').intersect(lastRank(them)));
  const theirKing = pos.kingsOf(them);
  return ours.size() === 1 && ourKing.size() === 1 && theirs.size() > 1 && theirKing.size() >= 1 &&
    !pos.isCheck(them) &&
    (theirs.size() > 2 || kingAttacks(ourKing.first()).intersect(theirs).isEmpty());
}

function serverStatus(pos) {
  const turn = pos.turn, board = pos.board;
  if (pos.kingsOf(turn).isEmpty()) return { result: 'kingslost', winner: opposite(turn) };
  const senteBared = serverBareKing(pos, 'sente');
  if (senteBared || serverBareKing(pos, 'gote')) return { result: 'bareking', winner: senteBared ? 'gote' : 'sente' };
  if (!pos.hasDests()) return { result: 'stalemate', winner: opposite(turn) };
  // (the fourfold repetition comes here: a position read from an SFEN has no history)
  const dead = board.roles('pawn', 'lance').intersect(
    board.color('sente').intersect(lastRank('sente')).union(board.color('gote').intersect(lastRank('gote'))));
  if (board.occupied.diff(dead).size() === 2 && pos.kingsOf('sente').size() === 1 &&
      pos.kingsOf('gote').size() === 1 && !pos.isCheck('sente') && !pos.isCheck('gote'))
    return { result: 'draw', winner: null };
  return null;
}

function end(pos, usis) {
  for (const usi of usis) {
    const move = parseUsi(usi);
    if (!move || !pos.isLegal(move)) throw new Error(`shogiops: ${usi} is not legal`);
    pos.play(move);
  }
  const found = pos.outcome();
  return { outcome: found ? { result: found.result, winner: found.winner ?? null } : null,
           server: serverStatus(pos), moves: legalUsis(pos).length };
}

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', line => {
  let answer;
  try {
    const req = JSON.parse(line);
    const pos = position(req.sfen);
    if (req.op === 'moves') answer = { moves: legalUsis(pos) };
    else if (req.op === 'play') {
      const move = parseUsi(req.usi);
      if (!move || !pos.isLegal(move)) throw new Error(`shogiops: ${req.usi} is not legal in ${req.sfen}`);
      pos.play(move);
      answer = { sfen: makeSfen(pos) };
    } else if (req.op === 'perft') answer = { nodes: perft(pos, req.depth) };
    else if (req.op === 'end') answer = end(pos, req.usis || []);
    else throw new Error(`unknown op ${req.op}`);
  } catch (err) {
    answer = { error: String(err && err.message ? err.message : err) };
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
});
