// The player's own apps (SPEC §13, self-service), beside the personal tokens on the account
// page: a public OAuth app registered with its name, redirect URIs, browser origins and the
// scopes it may ask for; listed with its client_id; deleting it ends every token it holds.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { button, element } from "./pages.js";

/**
 * @typedef {import("../../../clients/typescript/web-api.js").Ok<"/api/v1/account/apps", "get">["results"][number]} OwnApp
 * @typedef {{ onError: (error: any) => void, toast: (text: string) => void }} Actions
 */

const SCOPES = ["read", "play", "races", "account"];

/** @param {string} text one per line (or space) */
function lines(text) {
  return text.split(/\s+/).filter(Boolean);
}

/**
 * @param {Actions} actions
 * @returns {HTMLElement}
 */
export function ownAppsSection(actions) {
  const part = element("section", "account-part own-apps");
  const heading = element("h3", "", t("own_apps_title"));
  heading.id = "own_apps_title-heading";
  part.setAttribute("aria-labelledby", heading.id);
  const list = element("ul", "apps");
  const refresh = async () => {
    try {
      const answer = await api.ownApps();
      list.replaceChildren(...answer.results.map((app) => appItem(app, actions, refresh)));
      if (answer.results.length === 0) list.replaceChildren(element("li", "app", t("own_apps_none")));
    } catch (error) {
      actions.onError(error);
    }
  };
  part.append(heading, element("p", "hint", t("own_apps_text")), list, appForm(refresh));
  refresh();
  return part;
}

/**
 * @param {string} name
 * @param {string} labelKey
 * @param {string} hintKey
 * @param {boolean} required
 */
function urisField(name, labelKey, hintKey, required) {
  const label = element("label", "field");
  const area = element("textarea");
  Object.assign(area, { name, rows: 2, required, spellcheck: false });
  label.append(element("span", "", t(labelKey)), area, element("small", "hint", t(hintKey)));
  return label;
}

/** @param {() => Promise<void>} refresh */
function appForm(refresh) {
  const node = element("form", "account-form");
  node.dataset.form = "own_app";
  const name = element("label", "field");
  const nameInput = element("input");
  Object.assign(nameInput, { name: "name", type: "text", autocomplete: "off", required: true, maxLength: 60 });
  name.append(element("span", "", t("own_apps_name")), nameInput);
  const scopes = element("fieldset", "token-scopes");
  scopes.append(element("legend", "", t("own_apps_scopes")));
  for (const scope of SCOPES) {
    const label = element("label", "check");
    const box = element("input");
    Object.assign(box, { type: "checkbox", name: "scope", value: scope, checked: scope === "read" });
    label.append(box, document.createTextNode(` ${t(`scope_${scope}`)}`));
    scopes.append(label);
  }
  const error = element("p", "form-error");
  error.setAttribute("role", "alert");
  error.hidden = true;
  const submit = element("button", "primary", t("own_apps_register"));
  submit.type = "submit";
  node.append(
    name,
    urisField("redirect_uris", "own_apps_redirects", "own_apps_uris_hint", true),
    urisField("allowed_origins", "own_apps_origins", "own_apps_uris_hint", false),
    scopes, error, submit,
  );
  node.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(node);
    submit.disabled = true;
    error.hidden = true;
    try {
      await api.registerApp({
        name: String(data.get("name") || ""),
        redirect_uris: lines(String(data.get("redirect_uris") || "")),
        allowed_origins: lines(String(data.get("allowed_origins") || "")),
        scopes: /** @type {any} */ (data.getAll("scope").map(String)),
      });
      node.reset();
      await refresh();
    } catch (failure) {
      error.textContent = failure.message || String(failure);
      error.hidden = false;
    } finally {
      submit.disabled = false;
    }
  });
  return node;
}

/**
 * @param {OwnApp} app
 * @param {Actions} actions
 * @param {() => Promise<void>} refresh
 */
function appItem(app, actions, refresh) {
  const item = element("li", "app");
  item.dataset.ownApp = String(app.id);
  const text = element("span", "device-text");
  text.append(element("strong", "", app.name));
  text.append(element("small", "", `client_id: ${app.client_id}`));
  text.append(element("small", "", app.redirect_uris.join(" ")));
  const scopes = app.scopes.map((scope) => t(`scope_${scope}`)).join(", ");
  text.append(element("small", "", t("apps_scopes", { scopes })));
  if (app.suspended) text.append(element("small", "", t("own_apps_suspended")));
  const remove = button(t("own_apps_delete"), async () => {
    try {
      await api.deleteOwnApp(app.id);
      actions.toast(t("own_apps_deleted", { app: app.name }));
      await refresh();
    } catch (error) {
      actions.onError(error);
    }
  }, "quiet-border");
  remove.setAttribute("aria-label", `${t("own_apps_delete")}: ${app.name}`);
  item.append(text, remove);
  return item;
}
