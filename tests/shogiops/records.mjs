// Writes and reads KIF and CSA records with lishogi's shogiops, one JSON request a line on standard
// input, one JSON answer a line on standard output (tests/test_kif.py and tests/test_csa.py drive it).
//
//   {"op": "write-kif", "rules": R, "sfen": S, "usis": [U, ...]}
//        -> {"header": makeKifHeader(start), "moves": [makeKifMoveOrDrop(pos, md), ...]}
//   {"op": "read-kif", "kif": K}
//        -> {"rules": R, "sfen": S, "usis": [U, ...]}  parseKifHeader, then parseKifMovesOrDrops on the lines
//           after the move-list line, each played (a move it cannot read or play ends the list)
//   {"op": "write-csa", "sfen": S, "usis": [...]} -> {"header": makeCsaHeader(start), "moves": [makeCsaMoveOrDrop...]}
//   {"op": "read-csa", "csa": C} -> {"sfen": S, "usis": [...]}  parseCsaHeader, then parseCsaMovesOrDrops
//
// R is shogiops' name of the rules: "standard" or "chushogi". shogiops writes a CSA move without its
// sign; the sign is the side to move's, added here as lishogi's export adds it.
import * as readline from 'node:readline';
import { parseSfen, makeSfen } from 'shogiops/sfen';
import { parseUsi, makeUsi } from 'shogiops/util';
import { makeKifHeader, makeKifMoveOrDrop, parseKifHeader, parseKifMovesOrDrops } from 'shogiops/notation/kif';
import { makeCsaHeader, makeCsaMoveOrDrop, parseCsaHeader, parseCsaMovesOrDrops } from 'shogiops/notation/csa';

function position(rules, sfen) {
  const result = parseSfen(rules, sfen, false);
  if (result.isErr) throw new Error(`shogiops refuses ${sfen}: ${result.error.message}`);
  return result.value;
}

function written(rules, sfen, usis, header, move) {
  const pos = position(rules, sfen);
  const out = { header: header(pos), moves: [] };
  for (const usi of usis) {
    const md = parseUsi(usi);
    if (!md || !pos.isLegal(md)) throw new Error(`shogiops: ${usi} is not legal in ${makeSfen(pos)}`);
    out.moves.push(move(pos, md));
    pos.play(md);
  }
  return out;
}

function played(pos, mds) {
  const usis = [];
  for (const md of mds) {
    if (!pos.isLegal(md)) break;
    usis.push(makeUsi(md));
    pos.play(md);
  }
  return usis;
}

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', line => {
  let answer;
  try {
    const req = JSON.parse(line);
    if (req.op === 'write-kif') {
      answer = written(req.rules, req.sfen, req.usis, makeKifHeader, (pos, md) => makeKifMoveOrDrop(pos, md));
    } else if (req.op === 'read-kif') {
      const start = parseKifHeader(req.kif);
      if (start.isErr) throw new Error(`shogiops cannot read the KIF header: ${start.error.message}`);
      const pos = start.value;
      const lines = req.kif.split(/\r?\n/);
      const from = lines.findIndex(l => l.startsWith('手数----')) + 1;
      const sfen = makeSfen(pos);
      answer = { rules: pos.rules, sfen, usis: played(pos, parseKifMovesOrDrops(lines.slice(from).filter(l => l.trim()))) };
    } else if (req.op === 'write-csa') {
      answer = written('standard', req.sfen, req.usis, makeCsaHeader,
                       (pos, md) => (pos.turn === 'sente' ? '+' : '-') + makeCsaMoveOrDrop(pos, md));
    } else if (req.op === 'read-csa') {
      const start = parseCsaHeader(req.csa);
      if (start.isErr) throw new Error(`shogiops cannot read the CSA header: ${start.error.message}`);
      const pos = start.value;
      const lines = req.csa.split(/\r?\n/).filter(l => /^[+-]\d{4}[A-Z]{2}/.test(l));
      const sfen = makeSfen(pos);
      answer = { sfen, usis: played(pos, parseCsaMovesOrDrops(pos, lines)) };
    } else throw new Error(`unknown op ${req.op}`);
  } catch (err) {
    answer = { error: String(err && err.message ? err.message : err) };
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
});
