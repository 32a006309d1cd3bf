// The page's entry point: the app, then the offline shell (its service worker and offline
// notice). Bundled with everything it imports into dist/app.js (clients/typescript/build-web.mjs);
// the page loads the modules themselves at /?modules (docs/PERFORMANCE.md, "First load").
import "./app.js";
import "./offline.js";
