// The web client's bundle: web/static/web/main.js (app.js, offline.js) and every module they
// import, bundled and minified by esbuild into one ES module with its source map
// (web/static/web/dist/app.js and app.js.map), the file the page loads.
//
//   node build-web.mjs                      writes them (`make web`)
//   node build-web.mjs --check              writes nothing; fails when the files on disk differ
//                                           from a fresh build (the browser tests' first step)
//   node build-web.mjs --check --committed  the same against the files as of git's HEAD
//                                           (`make web-check`, in `make clients-check`; CI runs
//                                           it beside `make test`, which rebuilds those on disk)
//
// The bundle is committed so that `make run` and the image need no Node.js
// (docs/PERFORMANCE.md, "First load").
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const web = resolve(repo, "web/static/web");
const check = process.argv.includes("--check");
const againstHead = process.argv.includes("--committed");

/** The bytes a fresh build is compared with: the file on disk, or with --committed git's HEAD
 * (the file on disk outside a git checkout). */
function committed(path) {
  if (!againstHead) return readFileSync(path);
  try {
    return execFileSync("git", ["show", `HEAD:${relative(repo, path)}`], {
      cwd: repo,
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return readFileSync(path);
  }
}
const result = await build({
  entryPoints: [resolve(web, "main.js")],
  outfile: resolve(web, "dist/app.js"),
  bundle: true,
  format: "esm",
  minify: true,
  sourcemap: true,
  target: "es2022",
  legalComments: "none",
  charset: "utf8",
  logLevel: "warning",
  write: false,
});
const stale = result.outputFiles.filter((file) => {
  try {
    return !committed(file.path).equals(Buffer.from(file.contents));
  } catch {
    return true;
  }
});
if (check) {
  for (const file of stale) console.error(`web: ${relative(process.cwd(), file.path)} is stale`);
  if (stale.length) {
    console.error("web: the bundle differs from its sources: run 'make web' and commit");
    process.exit(1);
  }
} else {
  // Only what changed is written: an unchanged bundle keeps its date, and `make run` does not
  // collect the static files again for it.
  for (const file of stale) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
}
