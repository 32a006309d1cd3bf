// Themes: light and dark follow the system (prefers-color-scheme) unless the player picks one;
// a high-contrast theme too. The choice is this device's, kept in localStorage like the sounds,
// and shown as a "Theme" field in the settings dialog. The colours are CSS custom properties in
// halfmoon.css; this module only sets html[data-theme] ("light", "dark" or "contrast"; none for
// "system").

import { t } from "./i18n.js";

const THEME_KEY = "halfmoon.theme";
export const THEMES = ["system", "light", "dark", "contrast"];

/** This device's choice: "system" (the default), "light", "dark" or "contrast". */
export function storedTheme() {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return THEMES.includes(value ?? "") ? /** @type {string} */ (value) : "system";
  } catch {
    return "system"; // private mode: nothing stored, so the default
  }
}

/** Show ``theme`` now. @param {string} theme */
export function applyTheme(theme) {
  const root = document.documentElement;
  if (theme === "system" || !THEMES.includes(theme)) delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** Keep ``theme`` on this device and show it. @param {string} theme */
export function setTheme(theme) {
  try {
    if (theme === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, theme);
  } catch { /* private mode */ }
  applyTheme(theme);
}

/**
 * Add the "Theme" field to the settings form, after its language field (or at its end). It shows
 * this device's choice whenever the dialog opens and keeps it when the form is saved (not when
 * cancelled).
 * @param {HTMLFormElement} form
 */
export function addThemeSetting(form) {
  const label = document.createElement("label");
  label.className = "field";
  label.innerHTML = '<span data-i18n="theme"></span><select name="theme">' +
    THEMES.map((name) => `<option value="${name}" data-i18n="theme_${name}"></option>`).join("") +
    "</select>";
  for (const el of label.querySelectorAll("[data-i18n]")) {
    el.textContent = t(/** @type {HTMLElement} */ (el).dataset.i18n ?? "");
  }
  const language = form.elements.namedItem("language");
  const after = language instanceof HTMLElement ? language.closest(".field") : null;
  if (after) after.after(label);
  else form.append(label);
  const select = /** @type {HTMLSelectElement} */ (label.querySelector("select"));
  const dialog = form.closest("dialog");
  const show = () => { select.value = storedTheme(); };
  show();
  if (dialog) new MutationObserver(() => { if (dialog.open) show(); }).observe(dialog, { attributes: true, attributeFilter: ["open"] });
  form.addEventListener("submit", (event) => {
    const submitter = /** @type {HTMLButtonElement | null} */ (/** @type {SubmitEvent} */ (event).submitter);
    if (submitter?.value !== "cancel") setTheme(select.value);
  }, true);
  return select;
}

applyTheme(storedTheme()); // as soon as the module loads, before the shell is drawn
