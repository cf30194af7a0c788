// Answers questions about Chu shogi positions with lishogi's shogiops, one JSON request a line on
// standard input, one JSON answer a line on standard output (tests/test_chu_shogiops.py drives it).
//
//   {"op": "moves", "sfen": S}            -> {"moves": [USI, ...]}  every USI string isLegal accepts
//   {"op": "play", "sfen": S, "usi": U}   -> {"sfen": S2}            the position after U
//   {"op": "perft", "sfen": S, "depth": D} -> {"nodes": N}           move sequences counted as isLegal accepts them
//
// Moves are enumerated from shogiops' own move destinations (the single moves isLegal checks against)
// and, for the pieces with lion power, its secondLionStepDests for every first square; every string
// is then confirmed by isLegal. A double move is written from-middle-to (isLegal ignores a '+' on
// one, and no piece with lion power promotes in Chu shogi, so none is written).
import * as readline from 'node:readline';
import { parseSfen, makeSfen } from 'shogiops/sfen';
import { parseUsi, makeUsi } from 'shogiops/util';
import { secondLionStepDests } from 'shogiops/variant/chushogi';

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
    else throw new Error(`unknown op ${req.op}`);
  } catch (err) {
    answer = { error: String(err && err.message ? err.message : err) };
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
});
