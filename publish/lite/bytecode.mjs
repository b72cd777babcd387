// Compile Python archives to bytecode inside Pyodide itself, so that the bytecode is that of
// the Python the browser runs: node bytecode.mjs PYODIDE_FOLDER COMPILER_PY JOBS_JSON, where
// JOBS_JSON lists [source, target, keep the sources] for each archive.
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const [folder, compiler, jobs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
// a fixed hash seed: a set's constants are marshalled in the same order on every build
const pyodide = await loadPyodide({ indexURL: `${folder}/`, env: { PYTHONHASHSEED: "0" } });
pyodide.runPython(fs.readFileSync(compiler, "utf8"));
const compileArchive = pyodide.globals.get("compile_archive");
for (const [source, target, keep] of JSON.parse(fs.readFileSync(jobs, "utf8"))) {
  pyodide.FS.writeFile("/source", new Uint8Array(fs.readFileSync(source)));
  compileArchive("/source", "/target", keep);
  fs.writeFileSync(target, pyodide.FS.readFile("/target"));
}
