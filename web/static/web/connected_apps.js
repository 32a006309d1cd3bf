// Connected apps (SPEC §13), beside the devices on the account page: the third-party apps a
// player let act for them (name, what each may do, last use) and disconnecting one — its
// tokens stop at once and the sockets it opened close.
import { api } from "./api.js";
import { language, t } from "./i18n.js";
import { button, element } from "./pages.js";

/**
 * @typedef {import("../../../clients/typescript/web-api.js").Ok<"/api/v1/players/me/apps", "get">["results"][number]} ConnectedApp
 * @typedef {{ onError: (error: any) => void, toast: (text: string) => void }} Actions
 */

/** @param {string} iso */
function when(iso) {
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/**
 * The section, filled once the list arrives (and again after a disconnect).
 * @param {Actions} actions
 * @returns {HTMLElement}
 */
export function connectedAppsSection(actions) {
  const part = element("section", "account-part connected-apps");
  const heading = element("h3", "", t("apps_title"));
  heading.id = "apps_title-heading";
  part.setAttribute("aria-labelledby", heading.id);
  const list = element("ul", "apps");
  part.append(heading, list);
  const refresh = async () => {
    try {
      const answer = await api.connectedApps();
      list.replaceChildren(...answer.results.map((app) => appItem(app, actions, refresh)));
      if (answer.results.length === 0) list.replaceChildren(element("li", "app", t("apps_none")));
    } catch (error) {
      actions.onError(error);
    }
  };
  refresh();
  return part;
}

/**
 * @param {ConnectedApp} app
 * @param {Actions} actions
 * @param {() => Promise<void>} refresh
 */
function appItem(app, actions, refresh) {
  const item = element("li", "app");
  item.dataset.app = String(app.id);
  const text = element("span", "device-text");
  text.append(element("strong", "", app.name));
  const scopes = app.scopes.map((scope) => t(`scope_${scope}`)).join(", ");
  text.append(element("small", "", t("apps_scopes", { scopes })));
  text.append(element("small", "", t("last_used", { when: when(app.last_used_at) })));
  const disconnect = button(t("apps_disconnect"), async () => {
    try {
      await api.disconnectApp(app.id);
      actions.toast(t("apps_disconnected", { app: app.name }));
      await refresh();
    } catch (error) {
      actions.onError(error);
    }
  }, "quiet-border");
  disconnect.setAttribute("aria-label", `${t("apps_disconnect")}: ${app.name}`);
  item.append(text, disconnect);
  return item;
}
