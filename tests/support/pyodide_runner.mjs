// Runs Python code (read from standard input) under the pinned npm `pyodide` package in
// Node, with this repository's `archipelago` package importable. Used by the test suite
// so that the browser's Python is exercised without a browser.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { loadPyodide } from "pyodide";

const root = process.argv[2];
const code = readFileSync(0, "utf8");
const pyodide = await loadPyodide({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function copyPackage(source, target) {
  pyodide.FS.mkdirTree(target);
  for (const name of readdirSync(source)) {
    const from = path.join(source, name);
    if (statSync(from).isDirectory()) {
      if (name !== "__pycache__") copyPackage(from, `${target}/${name}`);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(`${target}/${name}`, readFileSync(from));
    }
  }
}

copyPackage(path.join(root, "archipelago"), "/home/pyodide/archipelago");
try {
  await pyodide.runPythonAsync(code);
} catch (error) {
  process.stderr.write(String(error) + "\n");
  process.exit(1);
}
