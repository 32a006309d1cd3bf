// The app shell offline (docs/PERFORMANCE.md, "First load"): registers the service worker
// (/sw.js, web/templates/web/sw.js), which keeps the page, its bundle, styles and icons for a
// visit without a network, and says so on the page while the device is offline. The game
// itself needs the server: the API is never cached, and the page reconnects by itself (app.js).
import { t } from "./i18n.js";

/** @type {HTMLElement | null} */
let notice = null;

function showOffline() {
  if (navigator.onLine) {
    notice?.remove();
    notice = null;
    return;
  }
  if (!notice) {
    notice = document.createElement("div");
    notice.className = "notice offline-state";
    notice.setAttribute("role", "status");
    document.body.prepend(notice);
  }
  notice.replaceChildren();
  const title = document.createElement("strong");
  title.textContent = t("offline_title");
  notice.append(title, " ", t("offline_body"));
}

window.addEventListener("online", showOffline);
window.addEventListener("offline", showOffline);
showOffline();

/** Once the app has booted (its root no longer busy), so that installing the worker (which
 * fetches the shell's files again) never competes with the first visit's own requests. */
function whenBooted(then) {
  const root = document.getElementById("app");
  if (!root || root.getAttribute("aria-busy") === "false") return then();
  const watch = new MutationObserver(() => {
    if (root.getAttribute("aria-busy") !== "false") return;
    watch.disconnect();
    then();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["aria-busy"] });
}

if ("serviceWorker" in navigator) {
  whenBooted(() =>
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      /* no service worker (private mode, an old browser): the page works online as before */
    }),
  );
}
