// The web client's bundle: web/static/web/main.js (app.js, offline.js) and every module they
// import, bundled and minified by esbuild into one ES module with its source map
// (web/static/web/dist/app.js and app.js.map), the file the page loads. `node build-web.mjs` writes them; `node build-web.mjs
// --check` writes nothing and fails when the committed files differ from a fresh build (run by
// `make web-check`, within `make clients-check`). The bundle is committed so that `make run` and
// the image need no Node.js (docs/PERFORMANCE.md, "First load").
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const web = resolve(dirname(fileURLToPath(import.meta.url)), "../../web/static/web");
const check = process.argv.includes("--check");
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
  write: !check,
});
if (check) {
  const stale = result.outputFiles.filter((file) => {
    try {
      return !readFileSync(file.path).equals(Buffer.from(file.contents));
    } catch {
      return true;
    }
  });
  for (const file of stale) console.error(`web: ${relative(process.cwd(), file.path)} is stale`);
  if (stale.length) {
    console.error("web: the bundle differs from its sources: run 'make web' and commit");
    process.exit(1);
  }
}
