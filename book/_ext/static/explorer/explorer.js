// The book's live boards and its explorer page. The rules are not here: every position, legal move
// and move name comes from the package shogi_rules running in Pyodide (worker.mjs), and the variants,
// rule choices, sources and records from engine.json, which the build writes from the engine.
//
// Scripting contract (see book/explorer.md): window.shogiRules = {ready, legalMoves, perft, play}.

const HERE = new URL("./", import.meta.url);
const ROOT = new URL("../../", import.meta.url); // the site's root: _static/explorer/ is two levels down
const meta = fetch(new URL("engine.json", HERE)).then((r) => r.json());

// --- the engine ---------------------------------------------------------------------------------
let worker = null;
let requests = 0;
const pending = new Map();
let readyResolve, readyReject;
const ready = new Promise((resolve, reject) => { readyResolve = resolve; readyReject = reject; });
const readyListeners = [];
const startup = {}; // milliseconds from the start of the worker: Pyodide loaded, engine imported, ready

function request(name, args) {
  start();
  return new Promise((resolve, reject) => {
    const id = ++requests;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, name, args });
  });
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
      return request("warm", { variant: variant || "shogi" });
    })
    .then(() => meta)
    .then(async (m) => {
      // every variant's move tables before the engine says it is ready (about a second in all), so that
      // no request waits behind a compilation once it is
      for (const v of m.variants) await request("warm", { variant: v.id });
    })
    .then(() => {
      const seconds = (performance.now() - t0) / 1000;
      startup.ready = performance.now() - t0;
      readyResolve(seconds);
      readyListeners.forEach((f) => f(seconds));
    }, readyReject);
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

const LEGEND = [
  ["move", "a move"], ["capture", "a capture"], ["double", "a lion's double move (two steps)"],
  ["igui", "igui: capture without moving"], ["pass", "a pass"], ["jump", "jumps over pieces"],
  ["burn", "burns pieces (Fire Demon)"], ["promote", "may promote"],
];

// --- a board ---------------------------------------------------------------------------------------
let boards = 0;

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
    this.selected = null;
    this.message = "";
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
    ready.then(() => this.open(), (err) => this.setStatus(`The engine could not be loaded: ${err.message}`));
  }

  variantMeta() { return this.meta.variants.find((v) => v.id === this.variant); }

  setStatus(text) { this.status.textContent = text; }

  async open() {
    this.selected = null;
    try {
      const state = await request("open", {
        board: this.id, variant: this.variant, rules: this.rules, fen: this.fen, moves: this.moves,
        ply: this.ply ?? null,
      });
      this.message = state.error ? `Under these rules the line stops: ${state.error}` : "";
      this.show(state);
      if (this.select) {
        this.pick(this.select);
        this.select = null;
      }
    } catch (err) {
      this.message = err.message;
      this.setStatus(err.message);
      this.el.dataset.error = err.message;
    }
  }

  show(state) {
    this.state = state;
    delete this.el.dataset.error;
    this.moves = state.moves;
    this.ply = state.ply;
    this.el.dataset.ready = "true";
    this.el.dataset.fen = state.fen;
    this.el.dataset.ply = state.ply;
    this.drawBoard();
    this.drawSide();
    const who = state.sente ? "sente (☗, moving up)" : "gote (☖, moving down)";
    const end = state.outcome ? `Game over: ${state.outcome}.` : `${who} to move${state.check ? ", in check" : ""}; ${state.legal.length} legal moves.`;
    this.setStatus(`${end} ${this.message}`.trim());
    if (this.explorer) this.writeURL();
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
        placeholder: "paste a FEN (this project's form) and press Set up" });
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
        h("label", {}, "Record ", this.recordSelect), " ",
        h("button", { type: "button", "data-testid": "record-load", onclick: () => this.loadRecord(this.recordSelect.value) }, "Load"),
        h("br"), this.recordText, " ",
        h("button", { type: "button", "data-testid": "record-paste", onclick: () => this.loadText(this.recordText.value) }, "Load the pasted record")),
        rules);
    }
    this.controls.replaceChildren(...parts);
  }

  async setVariant(id) {
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
  }

  async setRule(rule, option) {
    const c = this.variantMeta().choices.find((x) => x.id === rule);
    if (option === c.default) delete this.rules[rule];
    else this.rules[rule] = option;
    const select = this.selected;
    this.setStatus("Switching the rules (the engine compiles the new move tables)…");
    await ready;
    this.ply = this.state ? this.state.ply : null;
    await this.open();
    if (select && this.state) this.pick(select);
  }

  async setFen(fen) {
    this.fen = fen || null;
    this.moves = [];
    this.ply = null;
    await ready;
    await this.open();
  }

  async loadRecord(id) {
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
    await this.loadText(r.text, `${r.title}: ${r.plies} plies.${note}`);
  }

  async loadText(text, note = "") {
    this.fen = null;
    await ready;
    await request("open", { board: this.id, variant: this.variant, rules: this.rules, fen: null, moves: [] });
    try {
      const state = await request("record", { board: this.id, text });
      this.message = state.error ? `${note} The record stops: ${state.error}` : `${note} Step through it with ▶.`;
      this.show(state);
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
    if (this.state) hash.set("fen", this.state.fen);
    url.hash = hash.toString();
    return url.href;
  }

  // --- the board
  drawBoard() {
    const s = this.state;
    const grid = h("div", {
      class: "shogi-live-board", "data-testid": "board", "data-variant": s.variant, role: "grid",
      style: `--files: ${s.files}; --ranks: ${s.ranks}`,
    });
    const files = h("div", { class: "shogi-live-files", style: `--files: ${s.files}` },
      Array.from({ length: s.files }, (_, i) => h("span", {}, String(s.files - i))));
    for (const sq of s.squares) {
      const p = sq.piece;
      const cell = h("div", {
        class: "shogi-live-square", "data-square": sq.square, title: `${sq.name} (${sq.square})` + (p ? `: ${p.name} ${p.kanji}` : ""),
        onclick: () => this.click(sq.square),
      });
      if (p) cell.append(h("span", { class: `shogi-live-piece ${p.color ? "gote" : "sente"}${p.promoted ? " promoted" : ""}${[...p.label].length > 1 ? " two" : ""}`, "data-piece": p.code }, p.label));
      grid.append(cell);
    }
    const hands = s.drops ? [1, 0].map((c) => h("div", { class: "shogi-live-hand", "data-testid": `hand-${c ? "gote" : "sente"}` },
      c ? "☖ in hand: " : "☗ in hand: ",
      s.hands[c].length ? s.hands[c].map((p) => h("button", {
        type: "button", class: "shogi-live-handpiece", "data-drop": p.code, "data-color": c,
        onclick: () => c === (s.sente ? 0 : 1) && this.pickDrop(p.code),
      }, `${p.label}${p.count > 1 ? "×" + p.count : ""}`)) : "none")) : [null, null];
    this.boardBox.replaceChildren(hands[0] || "", files, grid, hands[1] || "");
    this.grid = grid;
  }

  square(name) { return this.grid.querySelector(`[data-square="${name}"]`); }

  clearMarks() {
    this.grid.querySelectorAll(".shogi-live-mark, .shogi-live-choices").forEach((e) => e.remove());
    this.grid.querySelectorAll(".selected, .via").forEach((e) => e.classList.remove("selected", "via"));
    this.selected = null;
  }

  pick(origin) {
    this.clearMarks();
    const moves = this.state.legal.filter((m) => m.from === origin);
    if (!moves.length) return false;
    this.selected = origin;
    this.square(origin).classList.add("selected");
    this.mark(moves);
    return true;
  }

  pickDrop(code) {
    this.clearMarks();
    const moves = this.state.legal.filter((m) => m.drop === code);
    this.selected = `drop:${code}`;
    this.mark(moves);
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

  click(name) {
    if (!this.state || this.busy) return;
    if (this.selected && this.targets && this.targets.has(name)) {
      const ms = this.targets.get(name);
      if (ms.length === 1) this.play(ms[0]);
      else this.choose(name, ms);
      return;
    }
    if (!this.pick(name)) this.clearMarks();
  }

  choose(name, ms) {
    this.grid.querySelectorAll(".shogi-live-choices").forEach((e) => e.remove());
    const box = h("div", { class: "shogi-live-choices", "data-testid": "choices", role: "menu" },
      ms.map((m) => h("button", {
        type: "button", "data-testid": "choice", role: "menuitem",
        onclick: (e) => { e.stopPropagation(); this.play(m); },
        onmouseenter: () => m.path.forEach((p) => this.square(p).classList.add("via")),
        onmouseleave: () => m.path.forEach((p) => this.square(p).classList.remove("via")),
      }, describe(m))));
    this.square(name).append(box);
  }

  async play(m) {
    const index = this.state.legal.indexOf(m);
    this.busy = true;
    try {
      this.message = "";
      this.show(await request("move", { board: this.id, index }));
    } finally {
      this.busy = false;
    }
  }

  async goto(ply) {
    if (!this.state || this.busy) return;
    this.busy = true;
    try {
      this.show(await request("goto", { board: this.id, ply }));
    } finally {
      this.busy = false;
    }
  }

  // --- the move list and the buttons
  drawSide() {
    const s = this.state;
    const nav = h("div", { class: "shogi-live-nav" },
      h("button", { type: "button", "data-testid": "first", title: "the start", onclick: () => this.goto(0) }, "|◀"),
      h("button", { type: "button", "data-testid": "back", title: "take back a move", onclick: () => this.goto(s.ply - 1) }, "◀"),
      h("button", { type: "button", "data-testid": "forward", title: "the next move of the line", onclick: () => this.goto(s.ply + 1) }, "▶"),
      h("button", { type: "button", "data-testid": "last", title: "the end of the line", onclick: () => this.goto(s.line.length) }, "▶|"),
      " ", h("span", { "data-testid": "ply" }, `ply ${s.ply} of ${s.line.length}`));
    const rows = s.line.map((n, i) => h("tr", {
      class: i + 1 === s.ply ? "current" : i + 1 > s.ply ? "ahead" : "", onclick: () => this.goto(i + 1),
    }, h("td", {}, String(i + 1)), h("td", {}, n.western), h("td", {}, h("code", {}, n.usi)), h("td", { lang: "ja" }, n.japanese)));
    const table = h("table", { class: "shogi-live-moves", "data-testid": "moves" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Western"), h("th", {}, "USI"), h("th", {}, "Japanese"))),
      h("tbody", {}, rows));
    const items = [nav, h("div", { class: "shogi-live-movebox" }, table)];
    if (this.explorer) {
      if (this.fenInput && document.activeElement !== this.fenInput) this.fenInput.value = s.fen;
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
    moves: (d.moves || "").split(",").filter(Boolean), rules: {},
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
