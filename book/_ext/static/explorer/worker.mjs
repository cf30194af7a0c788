// The engine's thread: Pyodide running the package shogi_rules (zipped from the checkout at build
// time). Messages {id, name, args} are answered with {id, ok} or {id, error}; see shogi_rules/apps/browser.py.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const started = performance.now();
const phases = {};
const engine = (async () => {
  const download = fetch(new URL("./shogi_rules.zip", import.meta.url)); // while Pyodide loads
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  phases.pyodide = performance.now() - started;
  const zip = await download;
  if (!zip.ok) throw new Error(`cannot load the engine (${zip.status})`);
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/engine" });
  pyodide.runPython("import sys\nsys.path.insert(0, '/engine')\nfrom shogi_rules.apps.browser import call");
  phases.engine = performance.now() - started;
  return pyodide.globals.get("call");
})();

self.onmessage = async (event) => {
  const { id, name, args } = event.data;
  try {
    const call = await engine;
    if (name === "boot") {
      self.postMessage({ id, ok: phases });
      return;
    }
    self.postMessage({ id, ...JSON.parse(call(name, JSON.stringify(args ?? {}))) });
  } catch (err) {
    self.postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
};
