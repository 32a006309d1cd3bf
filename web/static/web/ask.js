// An in-page question instead of the browser's confirm(): a translated sheet with Cancel and
// the action named on its button, Escape or Cancel answering no. Cancel has the focus, so
// Enter on an unintended open does nothing destructive.

import { t } from "./i18n.js";

let sheet = null;

function build() {
  const dialog = document.createElement("dialog");
  dialog.className = "sheet ask";
  dialog.id = "ask-dialog";
  dialog.setAttribute("aria-labelledby", "ask-text");
  dialog.innerHTML = `<p id="ask-text" class="ask-text"></p>
<div class="row end"><button type="button" data-answer="no"></button>
<button type="button" data-answer="yes" class="primary"></button></div>`;
  document.body.append(dialog);
  return dialog;
}

/** Ask ``text``; resolves true when the player presses the button named ``yes``.
 * ``danger``: the action cannot be undone (the button says so by its colour). */
export function ask(text, yes, { danger = false } = {}) {
  sheet ??= build();
  const dialog = sheet;
  dialog.querySelector(".ask-text").textContent = text;
  const no = dialog.querySelector('[data-answer="no"]');
  const confirmButton = dialog.querySelector('[data-answer="yes"]');
  no.textContent = t("cancel");
  confirmButton.textContent = yes;
  confirmButton.classList.toggle("danger", danger);
  return new Promise((resolve) => {
    const answer = (value) => {
      no.onclick = confirmButton.onclick = null;
      dialog.removeEventListener("close", closed);
      if (dialog.open) dialog.close();
      resolve(value);
    };
    const closed = () => answer(false); // Escape
    no.onclick = () => answer(false);
    confirmButton.onclick = () => answer(true);
    dialog.addEventListener("close", closed);
    dialog.showModal();
    no.focus();
  });
}
