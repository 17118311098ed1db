// Run static/pyc.py inside Pyodide (Node), over zips in one folder: node static/pyc.mjs DIR FILE...
// The folder is mounted into Pyodide's file system, so the zips are rewritten in place.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";

const [folder, ...files] = process.argv.slice(2);
if (!folder || files.length === 0) {
  console.error("usage: node static/pyc.mjs DIR FILE...");
  process.exit(2);
}
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/site");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(folder) }, "/site");
const sys = pyodide.pyimport("sys");
sys.argv = pyodide.toPy(["pyc.py", ...files.map((name) => `/site/${name}`)]);
pyodide.runPython(readFileSync(new URL("./pyc.py", import.meta.url), "utf8"));
