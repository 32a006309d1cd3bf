// Personal tokens (SPEC §13), beside the connected apps on the account page: tokens a player
// makes for their own scripts, with the scopes and lifetime chosen. The token is shown once,
// right after it is made; the list names each by its name and first characters; revoking one
// stops it at once.
import { api } from "./api.js";
import { language, t } from "./i18n.js";
import { button, element } from "./pages.js";

/**
 * @typedef {import("../../../clients/typescript/web-api.js").Ok<"/api/v1/account/tokens", "get">["results"][number]} PersonalToken
 * @typedef {{ onError: (error: any) => void, toast: (text: string) => void }} Actions
 */

const SCOPES = ["read", "play", "races", "account"];
const LIFETIMES = [7, 30, 90, 365];

/** @param {string} iso */
function day(iso) {
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium" }).format(new Date(iso));
}

/**
 * The section: the list (filled once it arrives, and after each change) and the form.
 * @param {Actions} actions
 * @returns {HTMLElement}
 */
export function personalTokensSection(actions) {
  const part = element("section", "account-part personal-tokens");
  const heading = element("h3", "", t("tokens_title"));
  heading.id = "tokens_title-heading";
  part.setAttribute("aria-labelledby", heading.id);
  const list = element("ul", "apps");
  const shown = element("div", "token-once");
  shown.setAttribute("role", "status");
  const refresh = async () => {
    try {
      const answer = await api.personalTokens();
      list.replaceChildren(...answer.results.map((token) => tokenItem(token, actions, refresh)));
      if (answer.results.length === 0) list.replaceChildren(element("li", "app", t("tokens_none")));
    } catch (error) {
      actions.onError(error);
    }
  };
  part.append(heading, element("p", "hint", t("tokens_text")), list, shown, tokenForm(shown, refresh));
  refresh();
  return part;
}

/**
 * @param {HTMLElement} shown where the new token appears, once
 * @param {() => Promise<void>} refresh
 */
function tokenForm(shown, refresh) {
  const node = element("form", "account-form");
  node.dataset.form = "personal_token";
  const name = element("label", "field");
  const nameInput = element("input");
  Object.assign(nameInput, { name: "name", type: "text", autocomplete: "off", required: true, maxLength: 60 });
  name.append(element("span", "", t("tokens_name")), nameInput);
  const scopes = element("fieldset", "token-scopes");
  scopes.append(element("legend", "", t("tokens_scopes")));
  for (const scope of SCOPES) {
    const label = element("label", "check");
    const box = element("input");
    Object.assign(box, { type: "checkbox", name: "scope", value: scope, checked: scope === "read" });
    label.append(box, document.createTextNode(` ${t(`scope_${scope}`)}`));
    scopes.append(label);
  }
  const lifetime = element("label", "field");
  const select = element("select");
  select.name = "expires_in_days";
  for (const days of LIFETIMES) {
    const option = element("option", "", t("tokens_days", { n: days }));
    option.value = String(days);
    option.selected = days === 30;
    select.append(option);
  }
  lifetime.append(element("span", "", t("tokens_lifetime")), select);
  const error = element("p", "form-error");
  error.setAttribute("role", "alert");
  error.hidden = true;
  const submit = element("button", "primary", t("tokens_make"));
  submit.type = "submit";
  node.append(name, scopes, lifetime, error, submit);
  node.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(node);
    submit.disabled = true;
    error.hidden = true;
    try {
      const made = await api.makePersonalToken({
        name: String(data.get("name") || ""),
        scopes: /** @type {any} */ (data.getAll("scope").map(String)),
        expires_in_days: Number(data.get("expires_in_days")),
      });
      const value = element("code", "token-value", made.token);
      shown.replaceChildren(element("p", "form-note", t("tokens_once", { name: made.name })), value);
      nameInput.value = "";
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
 * @param {PersonalToken} token
 * @param {Actions} actions
 * @param {() => Promise<void>} refresh
 */
function tokenItem(token, actions, refresh) {
  const item = element("li", "app");
  item.dataset.token = String(token.id);
  const text = element("span", "device-text");
  text.append(element("strong", "", `${token.name} (${token.hint}…)`));
  const scopes = token.scopes.map((scope) => t(`scope_${scope}`)).join(", ");
  text.append(element("small", "", t("apps_scopes", { scopes })));
  const until = token.expired ? t("tokens_expired") : t("tokens_until", { when: day(token.expires_at) });
  text.append(element("small", "", until));
  const revoke = button(t("tokens_revoke"), async () => {
    try {
      await api.revokePersonalToken(token.id);
      actions.toast(t("tokens_revoked", { name: token.name }));
      await refresh();
    } catch (error) {
      actions.onError(error);
    }
  }, "quiet-border");
  revoke.setAttribute("aria-label", `${t("tokens_revoke")}: ${token.name}`);
  item.append(text, revoke);
  return item;
}
