// Dialogs: settings, game by code, the end of a game (won: a celebration; resigned: a summary).
// Forms stay open on a refused request and show the server's message, already translated.

import { suitSvg } from "./cards.js";
import { LANGUAGES, language, playerName, t } from "./i18n.js";

const CONFETTI = 36;

export function formatTime(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

function showError(form, error) {
  const box = form.querySelector(".form-error");
  box.textContent = error ? error.message : "";
  box.hidden = !error;
}

/** Submit handler that keeps the dialog open until ``action`` succeeds. Enter (and a phone's
 * "Go") submits the primary action: Cancel is a plain button (type="button"), never the form's
 * default button, and closes the dialog without submitting. */
function handleSubmit(dialog, action) {
  const form = dialog.querySelector("form");
  for (const button of form.querySelectorAll("button[data-close]")) {
    button.addEventListener("click", () => dialog.close("cancel"));
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const buttons = form.querySelectorAll("button");
    buttons.forEach((b) => { b.disabled = true; });
    try {
      await action(new FormData(form));
      showError(form, null);
      dialog.close();
    } catch (error) {
      showError(form, error);
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
    }
  });
}

export function setupDialogs(ui, { me, saveSettings, playCode }) {
  /** The name to save: a placeholder shown translated and left as it was stays as stored. */
  const storedName = (typed) => {
    const stored = me()?.name ?? "";
    return typed === playerName(stored) ? stored : typed;
  };
  const settingsForm = ui.settingsDialog.querySelector("form");
  const select = settingsForm.elements.language;
  for (const [code, name] of Object.entries(LANGUAGES)) select.add(new Option(name, code));

  handleSubmit(ui.settingsDialog, (data) => saveSettings({
    name: storedName(String(data.get("name") || "")),
    settings: {
      move_errors: data.get("move_errors") === "on",
      placement_aid: data.get("placement_aid") === "on",
      language: String(data.get("language")),
    },
  }));
  handleSubmit(ui.codeDialog, (data) => playCode(String(data.get("code") || "").trim()));

  return {
    showSettings() {
      const player = me();
      settingsForm.elements.name.value = playerName(player.name);
      settingsForm.elements.move_errors.checked = player.settings.move_errors;
      settingsForm.elements.placement_aid.checked = player.settings.placement_aid;
      select.value = language();
      showError(settingsForm, null);
      ui.settingsDialog.showModal();
    },
    showCode() {
      const form = ui.codeDialog.querySelector("form");
      form.reset();
      showError(form, null);
      ui.codeDialog.showModal();
    },
    showEnded(game) {
      fillSummary(ui.endedDialog, "ended", game);
      if (!ui.endedDialog.open) ui.endedDialog.showModal();
    },
    closeAll() {
      for (const dialog of ui.root.querySelectorAll("dialog[open]")) dialog.close();
    },
  };
}

function fillSummary(dialog, name, game) {
  dialog.querySelector(`[data-${name}="time"]`).textContent = formatTime(game.elapsed_ms);
  dialog.querySelector(`[data-${name}="score"]`).textContent = String(game.score);
  dialog.querySelector(`[data-${name}="moves"]`).textContent = String(game.moves);
}

/** The win: time, score and moves, over a shower of suits. */
export function celebrate(ui, game) {
  const dialog = ui.wonDialog;
  fillSummary(dialog, "won", game);
  const confetti = dialog.querySelector(".confetti");
  confetti.replaceChildren();
  for (let i = 0; i < CONFETTI; i += 1) {
    const piece = suitSvg("CDHS"[i % 4]);
    piece.style.setProperty("--x", `${Math.random() * 100}%`);
    piece.style.setProperty("--delay", `${(Math.random() * 1.2).toFixed(2)}s`);
    piece.style.setProperty("--spin", `${Math.round(Math.random() * 720 - 360)}deg`);
    piece.style.setProperty("--size", `${Math.round(14 + Math.random() * 18)}px`);
    confetti.append(piece);
  }
  if (!dialog.open) dialog.showModal();
}
