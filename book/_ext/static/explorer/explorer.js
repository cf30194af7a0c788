// The book's live boards and its explorer page. The rules are not here: every position, legal move
// and move name comes from the package shogi_rules running in Pyodide (worker.mjs), and the variants,
// rule choices, sources and records from engine.json, which the build writes from the engine.
//
// Scripting contract (see book/explorer.md): window.shogiRules = {ready, legalMoves, perft, play}.

const HERE = new URL("./", import.meta.url);
const ROOT = new URL("../../", import.meta.url); // the site's root: _static/explorer/ is two levels down
const meta = fetch(new URL("engine.json", HERE)).then((r) => r.json());

// --- the engine ---------------------------------------------------------------------------------
// One worker answers every board of the page, one request at a time, in the order they were sent.
// It compiles the move tables of the page's variant and says ready; the other variants' tables are
// compiled in the background, one variant per request, so that a request for any variant waits at
// most for one compilation besides its own.
let worker = null;
let requests = 0;
const pending = new Map();
let readyResolve, readyReject;
const ready = new Promise((resolve, reject) => { readyResolve = resolve; readyReject = reject; });
// milliseconds from the start of the worker: Pyodide loaded, engine imported, ready (the page's
// variant compiled), warm (every variant compiled); warmed: the compilation of each variant
const startup = { warmed: {} };
const warm = new Set(); // the variants whose default tables are built or being built

function request(name, args) {
  start();
  return new Promise((resolve, reject) => {
    const id = ++requests;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, name, args });
  });
}

async function warmUp(variant) {
  if (warm.has(variant)) return;
  warm.add(variant);
  const t = performance.now();
  await request("warm", { variant });
  startup.warmed[variant] = performance.now() - t;
}

function start(variant) {
  if (worker) return ready;
  worker = new Worker(new URL("worker.mjs", HERE), { type: "module" });
  worker.onmessage = ({ data }) => {
    const p = pending.get(data.id);
    pending.delete(data.id);
    if ("error" in data) p.reject(new Error(data.error));
    else p.resolve(data.ok);
  };
  worker.onerror = (e) => readyReject(new Error(`the engine failed to start: ${e.message}`));
  const t0 = performance.now();
  request("boot", {})
    .then((phases) => {
      Object.assign(startup, phases);
      return warmUp(variant || "shogi");
    })
    .then(() => {
      const seconds = (performance.now() - t0) / 1000;
      startup.ready = performance.now() - t0;
      readyResolve(seconds);
      return meta;
    }, (err) => { readyReject(err); throw err; })
    .then(async (m) => {
      for (const v of m.variants) await warmUp(v.id); // in the background: the page may already ask
      startup.warm = performance.now() - t0;
    })
    .catch(() => {});
  return ready;
}

async function call(name, args) {
  await start();
  return request(name, args);
}

window.shogiRules = {
  get ready() { start(); return ready; },
  startup,
  legalMoves: ({ variant, fen = null, rules = {}, notation = "fsf" }) =>
    call("legalMoves", { variant, fen, rules, notation }),
  perft: ({ variant, fen = null, rules = {}, depth }) => call("perft", { variant, fen, rules, depth }),
  play: ({ variant, fen = null, rules = {}, moves = [] }) => call("play", { variant, fen, rules, moves }),
};

// --- small helpers ----------------------------------------------------------------------------------
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined) el.append(c);
  return el;
}

const encodeRules = (rules) => Object.entries(rules).map(([k, v]) => `${k}:${v}`).join(",");
const decodeRules = (text) => Object.fromEntries((text || "").split(",").filter(Boolean).map((kv) => kv.split(":")));

// A move as the engine describes it leaves out its empty fields (see shogi_rules/apps/browser.py).
const NOTHING = { from: null, drop: null, path: [], captures: [], jumps: [], burns: [], burnsItself: false,
  igui: false, pass: false, promotion: false, keep: false, becomes: null };
const fill = (m) => ({ ...NOTHING, ...m });

// Where the piece acts for a move: the captured square of igui, else the target.
const markSquare = (m) => (m.igui ? m.captures[0] : m.to);

function describe(m) {
  const parts = [];
  if (m.drop) parts.push(`drop ${m.drop}`);
  if (m.pass) parts.push("pass: out and back, the turn used up");
  else if (m.igui) parts.push(`igui: captures ${m.captures.join(", ")} without moving`);
  else if (m.path.length) parts.push(`two steps via ${m.path.join(", ")}` + (m.captures.length ? `, capturing ${m.captures.join(" and ")}` : ""));
  else if (m.captures && m.captures.length) parts.push(`captures ${m.captures.join(", ")}`);
  else parts.push("moves");
  if (m.jumps && m.jumps.length) parts.push(`jumps over ${m.jumps.join(", ")}`);
  if (m.burns && m.burns.length) parts.push(`burns ${m.burns.join(", ")}`);
  if (m.burnsItself) parts.push("and burns itself");
  if (m.promotion) parts.push("promotes");
  else if (m.keep) parts.push("keeps its form");
  else if (m.becomes) parts.push(`becomes a ${m.becomes}`);
  return parts.join("; ");
}

function kinds(moves) {
  const k = new Set();
  for (const m of moves) {
    if (m.drop) k.add("drop");
    if (m.pass) k.add("pass");
    else if (m.igui) k.add("igui");
    else if (m.path && m.path.length) k.add("double");
    else if (m.captures && m.captures.length) k.add("capture");
    else k.add("move");
    if (m.jumps && m.jumps.length) k.add("jump");
    if ((m.burns && m.burns.length) || m.burnsItself) k.add("burn");
    if (m.promotion) k.add("promote");
  }
  return [...k];
}

// The notations a line comes in (the engine writes each move of a line in every notation that describes its game).
const NOTATION_NAMES = { western: "Western", usi: "USI", japanese: "Japanese", fsf: "Fairy-Stockfish", kif: "KIF", csa: "CSA" };

const LEGEND = [
  ["move", "a move"], ["capture", "a capture"], ["double", "a lion's double move (two steps)"],
  ["igui", "igui: capture without moving"], ["pass", "a pass"], ["jump", "jumps over pieces"],
  ["burn", "burns pieces (Fire Demon)"], ["promote", "may promote"],
];

// --- a board ---------------------------------------------------------------------------------------
let boards = 0;

// A board keeps what the engine has sent it: the pieces' names, the square names and the line of
// moves; each answer brings only what changed (shogi_rules/apps/browser.py, Line.view). Everything the
// reader does to a board is queued and done in order, each step on the board as the step before
// left it, so a click that comes while the engine is still answering the last one is neither lost
// nor applied to a board that no longer exists; the engine refuses a move or a selection made on
// another version of the board than its own.
class LiveBoard {
  constructor(el, options) {
    this.el = el;
    this.id = `board${++boards}`;
    this.explorer = options.explorer;
    this.variant = options.variant;
    this.rules = options.rules || {};
    this.fen = options.fen || null;
    this.moves = options.moves || [];
    this.ply = options.ply;
    this.select = options.select || null;
    this.rule = options.rule || null;
    this.state = null;
    this.line = [];
    this.pieces = new Map();
    this.selected = null;
    this.message = "";
    this.queue = Promise.resolve();
    this.flipped = false;
    el.tabIndex = 0;
    el.addEventListener("keydown", (e) => {
      if (e.target.closest("input, textarea, select")) return;
      const step = { ArrowLeft: (p) => p - 1, ArrowRight: (p) => p + 1, Home: () => 0, End: (p, n) => n }[e.key];
      if (!step || !this.state) return;
      e.preventDefault();
      this.goto(step);
    });
  }

  // Do ``task`` after everything asked before it; its failure is shown, and the queue goes on. The
  // board carries data-busy while tasks wait or run.
  enqueue(task) {
    this.tasks = (this.tasks || 0) + 1;
    this.el.dataset.busy = "true";
    const done = this.queue.then(task).catch((err) => this.setStatus(err.message)).finally(() => {
      if (--this.tasks === 0) delete this.el.dataset.busy;
    });
    this.queue = done;
    return done;
  }

  async build() {
    this.meta = await meta;
    this.el.replaceChildren();
    this.status = h("p", { class: "shogi-live-status", "data-testid": "status", role: "status" },
      "Loading the engine (Pyodide, about 12 MB once, then cached)… The board appears when it is ready.");
    this.controls = h("div", { class: "shogi-live-controls" });
    this.boardBox = h("div", { class: "shogi-live-boardbox" });
    this.side = h("div", { class: "shogi-live-side" });
    const main = h("div", { class: "shogi-live-main" }, this.boardBox, this.side);
    // the explorer shows the board first and its (sometimes long) list of rule choices below it
    this.head = h("div", { class: "shogi-live-head" });
    if (this.explorer) this.el.append(this.head, this.status, main, this.controls);
    else this.el.append(this.status, this.controls, main);
    this.drawControls();
    ready.then(() => this.enqueue(() => this.open()), (err) => this.setStatus(`The engine could not be loaded: ${err.message}`));
  }

  variantMeta() { return this.meta.variants.find((v) => v.id === this.variant); }

  setStatus(text) { this.status.textContent = text; }

  // A request about this board. A board the engine no longer keeps (it keeps the boards used last)
  // is opened again where it was, and the request made again on it.
  async ask(name, args) {
    try {
      return await request(name, { board: this.id, ...args });
    } catch (err) {
      if (!this.state || !err.message.startsWith("no board")) throw err;
      this.take(await request("open", {
        board: this.id, variant: this.variant, rules: this.rules, fen: this.fen, moves: this.moves, ply: this.state.ply,
      }));
      const again = "version" in args ? { ...args, version: this.state.version } : args;
      return request(name, { board: this.id, ...again });
    }
  }

  // Keep an answer of the engine: a whole board (``columns`` present) or what changed.
  take(answer) {
    if (answer.columns) {
      this.pieces = new Map();
      this.shape = { variant: answer.variant, files: answer.files, ranks: answer.ranks, columns: answer.columns,
        rows: answer.rows, drops: answer.drops, start: answer.start };
    }
    for (const [type, info] of Object.entries(answer.pieces)) this.pieces.set(Number(type), info);
    if (answer.line) this.line = this.line.slice(0, answer.line.from).concat(answer.line.names);
    this.state = answer;
  }

  async open() {
    this.selected = null;
    try {
      const state = await request("open", {
        board: this.id, variant: this.variant, rules: this.rules, fen: this.fen, moves: this.moves,
        ply: this.ply ?? null,
      });
      this.message = state.error ? `Under these rules the line stops: ${state.error}` : "";
      this.take(state);
      this.show();
      if (this.select) {
        await this.pick(this.select);
        this.select = null;
      }
    } catch (err) {
      this.message = err.message;
      this.setStatus(err.message);
      this.el.dataset.error = err.message;
    }
  }

  show() {
    const state = this.state;
    delete this.el.dataset.error;
    this.moves = this.line.map((n) => n.fsf);
    this.ply = state.ply;
    this.el.dataset.ready = "true";
    this.el.dataset.fen = state.fen;
    this.el.dataset.ply = state.ply;
    if (this.explorer) this.writeURL();
    this.drawBoard();
    this.drawSide();
    const who = state.sente ? "sente (☗, moving up)" : "gote (☖, moving down)";
    const end = state.outcome ? `Game over: ${state.outcome}.` : `${who} to move${state.check ? ", in check" : ""}; ${state.legal} legal moves.`;
    this.setStatus(`${end} ${this.message}`.trim());
  }

  // --- controls
  drawControls() {
    const v = this.variantMeta();
    if (!v) { this.setStatus(`No variant ${this.variant}.`); return; }
    const parts = [];
    if (this.explorer) {
      this.head.replaceChildren(h("label", {}, "Variant ",
        h("select", { "data-testid": "variant", onchange: (e) => this.setVariant(e.target.value) },
          this.meta.variants.map((x) => h("option", { value: x.id, selected: x.id === this.variant },
            `${x.name} (${x.kanji}, ${x.files}×${x.ranks})`)))));
    }
    const choices = v.choices.filter((c) => this.explorer || c.id === this.rule);
    if (choices.length) {
      const box = h("div", { class: "shogi-live-rules", "data-testid": "rules" });
      for (const c of choices) {
        const current = this.rules[c.id] || c.default;
        const legend = h("legend", {}, c.href ? h("a", { href: new URL(c.href, ROOT).href }, c.id) : c.id, ` — ${c.question}`);
        box.append(h("fieldset", { "data-rule": c.id }, legend, c.options.map((o) => h("label", { class: "shogi-live-option" },
          h("input", {
            type: "radio", name: `${this.id}-${c.id}`, value: o.id, checked: o.id === current,
            "data-testid": "option", "data-rule": c.id, "data-option": o.id,
            onchange: () => this.setRule(c.id, o.id),
          }),
          h("code", {}, o.id), o.id === c.default ? " (default)" : "", ": ", o.summary, " ",
          h("span", { class: "shogi-live-sources" }, "[", o.sources.map((s, i) => [i ? ", " : "",
            this.meta.bibliography ? h("a", { href: new URL(this.meta.bibliography, ROOT).href }, s) : s]), "]"),
          " ", c.href ? h("a", { href: new URL(c.href, ROOT).href, class: "shogi-live-anchor", title: "the section on this choice" }, "§") : ""))));
      }
      parts.push(explorerDetails(`Rule choices of ${v.name} (${v.choices.length})`, box));
    } else if (this.explorer) {
      parts.push(h("p", {}, `${v.name} has no rule choices.`));
    }
    if (this.explorer) {
      const rules = parts.pop();
      this.fenInput = h("input", { type: "text", size: 60, "data-testid": "fen-input", "aria-label": "FEN",
        placeholder: "paste a FEN (this project's form, or the game's SFEN) and press Set up" });
      this.sfenBox = h("p", { class: "shogi-live-sfen", "data-testid": "sfen", hidden: true });
      const records = this.meta.records;
      this.recordSelect = h("select", { "data-testid": "record-select" },
        records.map((r) => h("option", { value: r.id }, `${r.title} (${r.plies} plies)`)));
      this.recordText = h("textarea", { rows: 3, cols: 50, "data-testid": "record-text",
        placeholder: "or paste a record of the chosen variant: moves in Western (P-7f) or coordinate notation" });
      parts.push(h("div", { class: "shogi-live-io" },
        h("label", {}, "Position ", this.fenInput), " ",
        h("button", { type: "button", "data-testid": "fen-set", onclick: () => this.setFen(this.fenInput.value.trim()) }, "Set up"), " ",
        h("button", { type: "button", onclick: () => this.setFen(null) }, "Start position"),
        h("br"),
        h("small", { class: "shogi-live-fen-note", "data-testid": "fen-note" },
          "The FEN is Fairy-Stockfish's: the ranks from gote's side down, sente's pieces in capitals, and after the board ",
          h("code", {}, "w"), " when sente (☗, the first player) is to move, ", h("code", {}, "b"),
          " when gote is. Fairy-Stockfish takes w and b from chess, where White moves first; USI's SFEN for shogi ",
          "writes it the other way round (b, black, for sente). Shogi's USI SFEN and lishogi's SFEN for Chu shogi ",
          "are read too, and shown below."),
        this.sfenBox,
        h("label", {}, "Record ", this.recordSelect), " ",
        h("button", { type: "button", "data-testid": "record-load", onclick: () => this.loadRecord(this.recordSelect.value) }, "Load"),
        h("br"), this.recordText, " ",
        h("button", { type: "button", "data-testid": "record-paste", onclick: () => this.loadText(this.recordText.value) }, "Load the pasted record")),
        rules);
    }
    this.controls.replaceChildren(...parts);
  }

  setVariant(id) {
    return this.enqueue(async () => {
      this.variant = id;
      this.rules = {};
      this.fen = null;
      this.moves = [];
      this.ply = null;
      const url = new URL(location.href);
      url.searchParams.set("variant", id);
      history.replaceState(null, "", url);
      this.drawControls();
      this.setStatus(`Setting up ${this.variantMeta().name}…`);
      await ready;
      await this.open();
    });
  }

  setRule(rule, option) {
    return this.enqueue(async () => {
      const c = this.variantMeta().choices.find((x) => x.id === rule);
      if (option === c.default) delete this.rules[rule];
      else this.rules[rule] = option;
      const select = this.selected;
      this.setStatus("Switching the rules (the engine compiles the new move tables)…");
      await ready;
      this.ply = this.state ? this.state.ply : null;
      await this.open();
      if (select && this.state) await this.pick(select);
    });
  }

  setFen(fen) {
    return this.enqueue(async () => {
      this.fen = fen || null;
      this.moves = [];
      this.ply = null;
      await ready;
      await this.open();
    });
  }

  loadRecord(id) {
    return this.enqueue(async () => {
      const r = this.meta.records.find((x) => x.id === id);
      if (this.variant !== r.variant) {
        this.variant = r.variant;
        const url = new URL(location.href);
        url.searchParams.set("variant", r.variant);
        history.replaceState(null, "", url);
      }
      this.rules = { ...r.rules };
      this.drawControls();
      const note = Object.keys(r.rules).length
        ? ` It replays under ${Object.entries(r.rules).map(([k, v]) => `${k}=${v}`).join(", ")}, so those options are set.`
        : "";
      await this.record(r.text, `${r.title}: ${r.plies} plies.${note}`);
    });
  }

  loadText(text) { return this.enqueue(() => this.record(text)); }

  async record(text, note = "") {
    this.fen = null;
    await ready;
    this.take(await request("open", { board: this.id, variant: this.variant, rules: this.rules, fen: null, moves: [] }));
    try {
      const state = await request("record", { board: this.id, text });
      this.message = state.error ? `${note} The record stops: ${state.error}` : `${note} Step through it with ▶.`;
      this.take(state);
      this.show();
    } catch (err) {
      this.setStatus(err.message);
    }
  }

  writeURL() {
    const url = new URL(location.href);
    url.searchParams.set("variant", this.variant);
    const hash = new URLSearchParams();
    if (Object.keys(this.rules).length) hash.set("rules", encodeRules(this.rules));
    if (this.fen) hash.set("fen", this.fen);
    if (this.moves.length) hash.set("moves", this.moves.join(","));
    if (this.moves.length && this.ply !== this.moves.length) hash.set("ply", String(this.ply));
    url.hash = hash.toString();
    history.replaceState(null, "", url);
  }

  explorerLink() {
    const url = new URL(this.meta.explorer, ROOT);
    url.searchParams.set("variant", this.variant);
    const hash = new URLSearchParams();
    if (Object.keys(this.rules).length) hash.set("rules", encodeRules(this.rules));
    if (this.fen) hash.set("fen", this.fen);
    if (this.moves.length) {
      hash.set("moves", this.moves.join(","));
      if (this.ply !== this.moves.length) hash.set("ply", String(this.ply));
    } else if (this.state && !this.fen) hash.set("fen", this.state.fen);
    url.hash = hash.toString();
    return url.href;
  }

  // --- the board
  drawBoard() {
    const s = this.state, g = this.shape;
    const grid = h("div", {
      class: "shogi-live-board", "data-testid": "board", "data-variant": g.variant, role: "grid",
      style: `--files: ${g.files}; --ranks: ${g.ranks}`,
    });
    const fileNames = Array.from({ length: g.files }, (_, i) => g.columns[i][1]);
    const files = h("div", { class: "shogi-live-files", style: `--files: ${g.files}` },
      (this.flipped ? fileNames.reverse() : fileNames).map((f) => h("span", {}, f)));
    const last = this.lastMove();
    if (this.flipped) grid.classList.add("flipped");
    s.board.forEach((code, i) => {
      // a square's names: its column's part, then its row's (top rank first, sente's left first)
      const column = g.columns[i % g.files], row = g.rows[Math.floor(i / g.files)];
      const square = column[0] + row[0], name = column[1] + row[1];
      const [piece, label, english, kanji, promoted] = code ? this.pieces.get(code >> 1) : [];
      const cell = h("div", {
        class: "shogi-live-square", "data-square": square, title: `${name} (${square})` + (code ? `: ${english} ${kanji}` : ""),
        onclick: () => this.click(square),
      });
      if (last.squares.has(square)) cell.classList.add("last");
      if (last.captured.has(name)) cell.classList.add("captured");
      if (last.burnt.has(name)) cell.classList.add("burnt");
      if (i % g.files === (this.flipped ? 0 : g.files - 1)) cell.append(h("span", { class: "shogi-live-rank", "aria-hidden": "true" }, row[1]));
      if (code) cell.append(h("span", { class: `shogi-live-piece ${code & 1 ? "gote" : "sente"}${promoted ? " promoted" : ""}${[...label].length > 1 ? " two" : ""}`, "data-piece": piece }, label));
      grid.append(cell);
    });
    const hands = g.drops ? [1, 0].map((c) => h("div", { class: "shogi-live-hand", "data-testid": `hand-${c ? "gote" : "sente"}` },
      c ? "☖ in hand: " : "☗ in hand: ",
      s.hands[c].length ? s.hands[c].map(([type, count]) => {
        const [code, label] = this.pieces.get(type);
        return h("button", {
          type: "button", class: "shogi-live-handpiece", "data-drop": code, "data-color": c,
          onclick: () => c === (s.sente ? 0 : 1) && this.enqueue(() => this.pickDrop(code)),
        }, `${label}${count > 1 ? "×" + count : ""}`);
      }) : "none")) : [null, null];
    this.boardBox.replaceChildren(hands[0] || "", files, grid, hands[1] || "");
    this.grid = grid;
  }

  // The squares of the move that led here (Fairy-Stockfish names), and the squares (the board's own names)
  // where it captured and burnt, read from its Western name: captures after "x", burns after "!".
  lastMove() {
    const out = { squares: new Set(), captured: new Set(), burnt: new Set() };
    const m = this.state && this.state.ply > 0 ? this.line[this.state.ply - 1] : null;
    if (!m) return out;
    for (const sq of m.fsf.match(/[a-z]\d+/g) || []) out.squares.add(sq);
    const [moved, burns] = m.western.split("!");
    for (const c of moved.matchAll(/x(\d+[a-z])/g)) out.captured.add(c[1]); // a square: file number, rank letter
    for (const b of (burns || "").matchAll(/\d+[a-z]/g)) out.burnt.add(b[0]);
    return out;
  }

  lineText(notation) { return this.line.map((n) => n[notation]).join("\n") + "\n"; }

  square(name) { return this.grid.querySelector(`[data-square="${name}"]`); }

  clearMarks() {
    this.grid.querySelectorAll(".shogi-live-mark, .shogi-live-choices").forEach((e) => e.remove());
    this.grid.querySelectorAll(".selected, .via").forEach((e) => e.classList.remove("selected", "via"));
    this.selected = null;
    this.targets = null;
  }

  // Select the piece on ``origin``: the engine sends its moves, each with what it does.
  async pick(origin) {
    const { moves } = await this.ask("select", { version: this.state.version, square: origin });
    this.clearMarks();
    if (!moves.length) return false;
    this.selected = origin;
    this.square(origin).classList.add("selected");
    this.mark(moves.map(fill));
    return true;
  }

  async pickDrop(code) {
    const { moves } = await this.ask("select", { version: this.state.version, drop: code });
    this.clearMarks();
    this.selected = `drop:${code}`;
    this.mark(moves.map(fill));
  }

  mark(moves) {
    const groups = new Map();
    for (const m of moves) {
      const at = markSquare(m);
      if (!groups.has(at)) groups.set(at, []);
      groups.get(at).push(m);
    }
    this.targets = groups;
    for (const [at, ms] of groups) {
      const k = kinds(ms);
      this.square(at).append(h("span", {
        class: `shogi-live-mark ${k.map((x) => "kind-" + x).join(" ")}`, "data-testid": "dest", "data-square": at,
        "data-kinds": k.join(" "), title: ms.map(describe).join("\n"),
      }));
    }
  }

  // A click on a square: done after the clicks before it, on the board they left.
  click(name) {
    return this.enqueue(async () => {
      if (!this.state) return;
      if (this.selected && this.targets && this.targets.has(name)) {
        const ms = this.targets.get(name);
        if (ms.length === 1) await this.play(ms[0]);
        else this.choose(name, ms);
        return;
      }
      if (!(await this.pick(name))) this.clearMarks();
    });
  }

  choose(name, ms) {
    this.grid.querySelectorAll(".shogi-live-choices").forEach((e) => e.remove());
    const version = this.state.version;
    const box = h("div", { class: "shogi-live-choices", "data-testid": "choices", role: "menu" },
      ms.map((m) => h("button", {
        type: "button", "data-testid": "choice", role: "menuitem",
        // a choice offered on an earlier board than the one shown when its turn comes is dropped
        onclick: (e) => { e.stopPropagation(); this.enqueue(() => this.state.version === version && this.play(m)); },
        onmouseenter: () => m.path.forEach((p) => this.square(p).classList.add("via")),
        onmouseleave: () => m.path.forEach((p) => this.square(p).classList.remove("via")),
      }, describe(m))));
    this.square(name).append(box);
  }

  // Play ``m`` by its name, on the version of the board it was chosen on.
  async play(m) {
    this.message = "";
    this.take(await this.ask("move", { version: this.state.version, move: m.name }));
    this.show();
  }

  // Show the position after ``ply(current ply, line length)`` moves of the line.
  goto(ply) {
    return this.enqueue(async () => {
      if (!this.state) return;
      this.take(await this.ask("goto", { ply: ply(this.state.ply, this.line.length) }));
      this.show();
    });
  }

  // --- the move list and the buttons
  drawSide() {
    const s = this.state;
    const nav = h("div", { class: "shogi-live-nav" },
      h("button", { type: "button", "data-testid": "first", title: "the start", onclick: () => this.goto(() => 0) }, "|◀"),
      h("button", { type: "button", "data-testid": "back", title: "take back a move", onclick: () => this.goto((p) => p - 1) }, "◀"),
      h("button", { type: "button", "data-testid": "forward", title: "the next move of the line", onclick: () => this.goto((p) => p + 1) }, "▶"),
      h("button", { type: "button", "data-testid": "last", title: "the end of the line", onclick: () => this.goto((p, n) => n) }, "▶|"),
      " ", h("button", { type: "button", "data-testid": "flip", title: "turn the board round", "aria-pressed": String(this.flipped),
        onclick: () => { this.flipped = !this.flipped; this.drawBoard(); } }, "⇅ flip"),
      " ", h("span", { "data-testid": "ply" }, `ply ${s.ply} of ${this.line.length}`),
      h("span", { class: "shogi-live-keys" }, " (or ← → Home End on the board)"));
    const notation = h("select", { "data-testid": "export-notation", "aria-label": "notation of the record" },
      Object.keys(this.line[0] || {}).map((v) => h("option", { value: v }, NOTATION_NAMES[v] || v)));
    const exportBox = h("textarea", { class: "shogi-live-export", "data-testid": "export-text", rows: 3, readonly: true, hidden: true });
    const exporter = h("div", { class: "shogi-live-exporter" }, "Record: ", notation, " ",
      h("button", { type: "button", "data-testid": "export", onclick: () => {
        exportBox.value = this.lineText(notation.value);
        exportBox.hidden = false;
        exportBox.select();
        if (navigator.clipboard) navigator.clipboard.writeText(exportBox.value).catch(() => {});
      } }, "Copy"), " ",
      h("a", { "data-testid": "download", download: `${this.variant}-record.txt`, onclick: (e) => {
        e.currentTarget.href = "data:text/plain;charset=utf-8," + encodeURIComponent(this.lineText(notation.value));
      }, href: "#" }, "Download"), exportBox);
    const rows = this.line.map((n, i) => h("tr", {
      class: i + 1 === s.ply ? "current" : i + 1 > s.ply ? "ahead" : "", onclick: () => this.goto(() => i + 1),
    }, h("td", {}, String(i + 1)), h("td", {}, n.western), h("td", {}, h("code", {}, n.usi)), h("td", { lang: "ja" }, n.japanese)));
    const table = h("table", { class: "shogi-live-moves", "data-testid": "moves" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Western"), h("th", {}, "USI"), h("th", {}, "Japanese"))),
      h("tbody", {}, rows));
    const items = [nav, h("div", { class: "shogi-live-movebox" }, table), this.line.length ? exporter : ""];
    if (this.explorer) {
      if (this.fenInput && document.activeElement !== this.fenInput) this.fenInput.value = s.fen;
      if (this.sfenBox) {
        this.sfenBox.hidden = !s.sfen;
        this.sfenBox.replaceChildren(...(s.sfen ? [`The same position in ${s.sfen.name}: `,
          h("input", { type: "text", readonly: true, size: 60, value: s.sfen.text, "data-testid": "sfen-text",
            "aria-label": s.sfen.name, onfocus: (e) => e.currentTarget.select() })] : []));
      }
      items.push(h("p", {}, h("a", { href: location.href, "data-testid": "permalink" }, "Link to this position"),
        " (the address bar holds it too)."));
    } else {
      items.push(h("p", {}, h("a", { href: this.explorerLink(), "data-testid": "open-explorer" }, "Open in the explorer")));
    }
    items.push(h("ul", { class: "shogi-live-legend" }, LEGEND.map(([k, t]) => h("li", {}, h("span", { class: `shogi-live-mark kind-${k}` }), " ", t))));
    this.side.replaceChildren(...items);
  }
}

function explorerDetails(title, body) {
  return h("details", { open: true, class: "shogi-live-details" }, h("summary", {}, title), body);
}

// --- the page ----------------------------------------------------------------------------------------
function optionsOf(el) {
  const d = el.dataset;
  if (d.mode === "explorer") {
    const q = new URLSearchParams(location.search);
    const hash = new URLSearchParams(location.hash.slice(1));
    return {
      explorer: true, variant: q.get("variant") || hash.get("variant") || "shogi",
      rules: decodeRules(hash.get("rules")), fen: hash.get("fen"),
      moves: (hash.get("moves") || "").split(",").filter(Boolean),
      ply: hash.has("ply") ? Number(hash.get("ply")) : null,
    };
  }
  return {
    explorer: false, variant: d.variant, fen: d.fen || null, rule: d.rule || null, select: d.select || null,
    moves: (d.moves || "").split(",").filter(Boolean), rules: decodeRules(d.rules),
    ply: d.ply ? Number(d.ply) : null,
  };
}

function main() {
  const els = [...document.querySelectorAll(".shogi-live")];
  const explorer = els.find((e) => e.dataset.mode === "explorer");
  if (explorer) {
    start(optionsOf(explorer).variant);
  }
  for (const el of els) {
    const board = new LiveBoard(el, optionsOf(el));
    if (el.dataset.mode === "explorer") {
      board.build();
      continue;
    }
    if (el.dataset.start === "click") {  // a page of many boards (the pages of pieces): each starts when asked
      const go = () => { button.remove(); start(board.variant); board.build(); };
      const button = h("button", { type: "button", class: "shogi-live-start", "data-testid": "start" },
        el.dataset.label || "Show the live board");
      button.addEventListener("click", go, { once: true });
      el.querySelector(".shogi-live-status")?.replaceChildren(button);
      const section = el.closest("section");
      if (section && location.hash === "#" + section.id) go();  // the piece the address names starts at once
      continue;
    }
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        start(board.variant);
        board.build();
      }
    }, { rootMargin: "200px" });
    seen.observe(el);
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();
