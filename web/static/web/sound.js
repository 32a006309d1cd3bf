// Optional sounds: short tones synthesised with WebAudio (no sound files), off by default. The
// choice is this device's, kept in localStorage like the client's other local settings, and
// shown as a switch in the settings dialog.

import { t } from "./i18n.js";

const SOUNDS_KEY = "halfmoon.sounds";

/** Each sound as notes: [frequency Hz, start s, length s]. */
const TUNES = {
  pair: [[660, 0, 0.09], [880, 0.07, 0.12]],
  triple: [[523, 0, 0.09], [659, 0.07, 0.09], [784, 0.14, 0.16]],
  refused: [[196, 0, 0.14]],
  win: [[523, 0, 0.14], [659, 0.12, 0.14], [784, 0.24, 0.14], [1047, 0.36, 0.32]],
};

/** @type {AudioContext | null} */
let audio = null;

export function soundsOn() {
  try {
    return localStorage.getItem(SOUNDS_KEY) === "on";
  } catch {
    return false; // private mode: nothing stored, so the default
  }
}

/** @param {boolean} on */
export function setSounds(on) {
  try {
    if (on) localStorage.setItem(SOUNDS_KEY, "on");
    else localStorage.removeItem(SOUNDS_KEY);
  } catch { /* private mode */ }
}

/** Play ``name`` ("pair", "triple", "refused", "win") if sounds are on. @param {string} name */
export function play(name) {
  const tune = TUNES[name];
  if (!tune || !soundsOn()) return;
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const start = audio.currentTime + 0.01;
    for (const [frequency, at, length] of tune) {
      const tone = audio.createOscillator(), volume = audio.createGain();
      tone.type = name === "refused" ? "triangle" : "sine";
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, start + at);
      volume.gain.exponentialRampToValueAtTime(0.18, start + at + 0.015);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      tone.connect(volume).connect(audio.destination);
      tone.start(start + at);
      tone.stop(start + at + length + 0.02);
    }
  } catch { /* no audio on this device */ }
}

/**
 * Add the "Sounds" switch to the settings form, after its last switch. It shows this device's
 * choice whenever the dialog opens and keeps it when the form is saved (not when cancelled).
 * @param {HTMLFormElement} form
 */
export function addSoundSetting(form) {
  const label = document.createElement("label");
  label.className = "switch";
  label.innerHTML = '<input type="checkbox" name="sounds"><span><strong data-i18n="sounds"></strong>' +
    '<small data-i18n="sounds_hint"></small></span>';
  const switches = form.querySelectorAll(".switch");
  const after = switches[switches.length - 1];
  if (after) after.after(label);
  else form.prepend(label);
  const box = /** @type {HTMLInputElement} */ (label.querySelector("input"));
  const strong = label.querySelector("strong"), small = label.querySelector("small");
  if (strong) strong.textContent = t("sounds");
  if (small) small.textContent = t("sounds_hint");
  const dialog = form.closest("dialog");
  const show = () => { box.checked = soundsOn(); };
  show();
  // the dialog is opened by other code: follow its open attribute
  if (dialog) new MutationObserver(() => { if (dialog.open) show(); }).observe(dialog, { attributes: true, attributeFilter: ["open"] });
  form.addEventListener("submit", (event) => {
    const submitter = /** @type {HTMLButtonElement | null} */ (/** @type {SubmitEvent} */ (event).submitter);
    if (submitter?.value !== "cancel") setSounds(box.checked);
  }, true);
  return box;
}
