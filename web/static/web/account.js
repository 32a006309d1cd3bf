// The player's account (SPEC §9), as pages beside the table:
//
// * #/account — "Keep my progress" (a username and password for this player, ten recovery
//   codes shown once), then the account: e-mail for password reset, password, recovery codes,
//   the devices (sign any out), a link code for another device, the player's data (download
//   everything the service holds on them, delete the account: SPEC §12), sign out of this one.
// * #/sign-in — sign this device in: by password, by a link code, by a recovery code, or ask
//   for a reset e-mail; switch back to an anonymous player kept on this device, or start over.
// * /account/reset-password#uid=…&key=… and /account/verify-email#key=… — the pages account
//   e-mails link to (their keys after "#", so no server ever logs them).
//
// Every form keeps what was typed on a refusal and shows the server's message, already in the
// player's language.

import { api, deviceName, otherPlayers } from "./api.js";
import { ask } from "./ask.js";
import { connectedAppsSection } from "./connected_apps.js";
import { ownAppsSection } from "./own_apps.js";
import { personalTokensSection } from "./personal_tokens.js";
import { language, playerName, t } from "./i18n.js";
import { button, element, pageHead } from "./pages.js";

/** A labelled input: ``[name, labelKey, type, autocomplete, extra attributes]``.
 * @param {[string, string, string?, string?, Record<string, any>?]} spec */
function field([name, labelKey, type = "text", autocomplete = "off", extra = {}]) {
  const label = element("label", "field");
  label.append(element("span", "", t(labelKey)));
  const input = element("input");
  Object.assign(input, { name, type, autocomplete, required: extra.optional !== true });
  input.spellcheck = false;
  for (const [key, value] of Object.entries(extra)) if (key !== "optional") input.setAttribute(key, value);
  label.append(input);
  return label;
}

/**
 * A form of ``fields`` with one submit button. ``action(values)`` runs on submit; its result
 * (a string) is shown as the form's note, a thrown error as its error. Returns the form.
 */
function form(id, fields, submitKey, action, { note = null, danger = false } = {}) {
  const node = element("form", "account-form");
  node.dataset.form = id;
  node.noValidate = false;
  for (const spec of fields) node.append(field(spec));
  const error = element("p", "form-error");
  error.setAttribute("role", "alert");
  error.hidden = true;
  const done = element("p", "form-note");
  done.setAttribute("role", "status");
  done.hidden = !note;
  if (note) done.textContent = note;
  const submit = element("button", danger ? "primary danger" : "primary", t(submitKey));
  submit.type = "submit";
  node.append(error, done, submit);
  node.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(node).entries());
    submit.disabled = true;
    error.hidden = true;
    try {
      const message = await action(values, node);
      if (message) {
        done.textContent = message;
        done.hidden = false;
      }
    } catch (failure) {
      error.textContent = failure.message || String(failure);
      error.hidden = false;
    } finally {
      submit.disabled = false;
    }
  });
  return node;
}

function section(titleKey, ...children) {
  const part = element("section", "account-part");
  const heading = element("h3", "", t(titleKey));
  heading.id = `${titleKey}-heading`;
  part.setAttribute("aria-labelledby", heading.id);
  part.append(heading, ...children);
  return part;
}

function when(iso) {
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** The name this device is signed in under: prefilled from the browser, the person's to change.
 * ``holder.device`` keeps what was typed across a redraw (a language change). */
function deviceField(holder) {
  holder.device ??= deviceName();
  const label = field(["device", "device_name", "text", "off",
    { optional: true, maxlength: 60, value: holder.device }]);
  const input = /** @type {HTMLInputElement} */ (label.querySelector("input"));
  input.addEventListener("input", () => { holder.device = input.value; });
  label.append(element("small", "hint", t("device_name_hint")));
  return label;
}

/** The typed device name, or the browser's when left empty. */
function typedDevice(holder) {
  return String(holder.device || "").trim() || deviceName();
}

/** The ten recovery codes, shown once, until the player says they are saved. */
function codesPanel(codes, onSaved) {
  const panel = element("section", "codes-panel");
  panel.setAttribute("role", "region");
  panel.setAttribute("aria-labelledby", "codes-heading");
  const heading = element("h3", "", t("codes_title"));
  heading.id = "codes-heading";
  const list = element("ol", "codes");
  for (const code of codes) list.append(element("li", "", code));
  const text = codes.join("\n") + "\n";
  const status = element("p", "form-note");
  status.setAttribute("role", "status");
  const keep = element("div", "row");
  keep.append(
    button(t("codes_copy"), async () => {
      try {
        await navigator.clipboard.writeText(text);
        status.textContent = t("codes_copied");
      } catch {
        status.textContent = t("codes_copy_failed");
      }
    }),
    button(t("codes_download"), () => {
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      link.download = "halfmoon-recovery-codes.txt";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    }),
  );
  panel.append(heading, element("p", "", t("codes_text")), list, keep, status,
    button(t("codes_saved"), onSaved, "primary"));
  return panel;
}

class Page {
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.visible = false;
    /** @type {string | undefined} the device name typed on a sign-in page */
    this.device = undefined;
  }

  hide() {
    this.visible = false;
    this.root.hidden = true;
    this.leave();
  }

  /** What a page stops when it is left (none by default). */
  leave() {}

  /** Draws the page: every page has its own. */
  render() {}

  relabel() {
    if (this.visible) this.render();
  }

  card(titleKey) {
    const card = element("article", "page-card account-card");
    card.setAttribute("aria-labelledby", `${titleKey}-heading`);
    card.append(pageHead(titleKey, this.actions));
    return card;
  }

  focusTitle() {
    this.root.querySelector("h2")?.focus();
  }
}

export class AccountPage extends Page {
  async show() {
    this.visible = true;
    this.root.hidden = false;
    this.codes = null;
    this.linkCode = null;
    this.loaded = false;
    this.render();
    this.focusTitle();
    await this.load();
  }

  async load() {
    try {
      const [account, devices] = await Promise.all([
        api.account().catch((error) => { if (error.code === "no_credentials") return null; throw error; }),
        api.devices(),
      ]);
      this.account = account;
      this.devices = devices.results;
      this.loaded = true;
    } catch (error) {
      this.actions.onError(error);
      return;
    }
    if (this.visible) this.render();
  }

  render() {
    const card = this.card("account_title");
    card.setAttribute("aria-busy", String(!this.loaded));
    if (!this.loaded) {
      card.append(element("p", "lead", t("loading")));
      this.root.replaceChildren(card);
      return;
    }
    if (this.codes) {
      card.append(codesPanel(this.codes, () => { this.codes = null; this.load(); }));
    } else if (this.account === null) {
      card.append(this.keepSection());
    } else {
      card.append(this.accountSummary(), this.emailSection(), this.passwordSection(), this.recoverySection());
    }
    card.append(this.devicesSection());
    if (this.account !== null) { // SPEC §13
      card.append(
        connectedAppsSection(this.actions),
        personalTokensSection(this.actions),
        ownAppsSection(this.actions),
      );
    }
    card.append(this.linkSection(), this.dataSection(), this.signOutSection());
    this.root.replaceChildren(card);
  }

  keepSection() {
    const me = this.actions.me();
    return section("keep_title",
      element("p", "lead", t("keep_text", { name: playerName(me?.name || "") })),
      form("keep", [
        ["username", "username", "text", "username", { minlength: 3, maxlength: 30, pattern: "[\\w.\\-]+" }],
        ["password", "password", "password", "new-password", { minlength: 8, maxlength: 200 }],
        ["email", "email_optional", "email", "email", { optional: true }],
      ], "keep_button", async (values) => {
        const created = await api.addCredentials({
          username: values.username, password: values.password, ...(values.email ? { email: values.email } : {}),
        });
        this.codes = created.recovery_codes;
        this.account = created;
        this.render();
        this.root.querySelector("#codes-heading")?.focus?.();
        return null;
      }),
    );
  }

  accountSummary() {
    const account = this.account;
    const summary = element("dl", "account-summary");
    const email = !account.email ? t("email_none")
      : t(account.email_verified ? "email_verified" : "email_unverified", { email: account.email });
    for (const [key, value] of [["username", account.username], ["email", email]]) {
      const row = element("div");
      row.append(element("dt", "", t(key)), element("dd", "", value));
      summary.append(row);
    }
    const part = section("signed_in_title", summary);
    part.dataset.account = account.username;
    return part;
  }

  emailSection() {
    return section("email_title", form("email", [
      ["email", "email", "email", "email", { optional: true, value: this.account.email || "" }],
    ], "email_save", async (values) => {
      this.account = await api.setEmail(values.email);
      return values.email ? t("email_sent", { email: values.email }) : t("email_removed");
    }));
  }

  passwordSection() {
    return section("password_title", form("password", [
      ["current_password", "current_password", "password", "current-password"],
      ["new_password", "new_password", "password", "new-password", { minlength: 8, maxlength: 200 }],
    ], "password_change", async (values, node) => {
      const answer = await api.changePassword(values.current_password, values.new_password);
      node.reset();
      this.refreshDevices();
      return t("password_changed", { n: answer.revoked });
    }));
  }

  recoverySection() {
    return section("recovery_title",
      element("p", "", t("recovery_left", { n: this.account.recovery_codes_left })),
      form("recovery", [["password", "current_password", "password", "current-password"]],
        "recovery_new", async (values) => {
          this.codes = (await api.recoveryCodes(values.password)).recovery_codes;
          this.render();
          return null;
        }));
  }

  async refreshDevices() {
    try {
      this.devices = (await api.devices()).results;
      if (this.visible) this.render();
    } catch (error) {
      this.actions.onError(error);
    }
  }

  devicesSection() {
    const list = element("ul", "devices");
    for (const device of this.devices) {
      const item = element("li", device.current ? "device current" : "device");
      item.dataset.device = String(device.id);
      const text = element("span", "device-text");
      text.append(element("strong", "", device.device));
      if (device.current) text.append(element("span", "badge-current", t("this_device")));
      text.append(element("small", "", t("last_used", { when: when(device.last_used_at) })));
      const created = { when: when(device.created_at), network: device.created_from || "" };
      text.append(element("small", "device-created",
        t(device.created_from ? "device_created_from" : "device_created", created)));
      item.append(text);
      if (!device.current) {
        const revoke = button(t("sign_out_device"), async () => {
          try {
            await api.revokeDevice(device.id);
            this.actions.toast(t("device_signed_out", { device: device.device }));
            await this.refreshDevices();
          } catch (error) {
            this.actions.onError(error);
          }
        }, "quiet-border");
        revoke.setAttribute("aria-label", `${t("sign_out_device")}: ${device.device}`);
        item.append(revoke);
      }
      item.append(this.renameControl(device));
      list.append(item);
    }
    const part = section("devices_title", list);
    if (this.devices.length > 1) {
      part.append(button(t("sign_out_others"), async () => {
        try {
          const answer = await api.revokeOthers();
          this.actions.toast(t("others_signed_out", { n: answer.revoked }));
          await this.refreshDevices();
        } catch (error) {
          this.actions.onError(error);
        }
      }));
    }
    return part;
  }

  /** "Rename": a name the person can tell the device by, in a form that opens on demand. */
  renameControl(device) {
    const control = element("div", "device-rename");
    const rename = form(`rename-${device.id}`, [
      ["device", "device_new_name", "text", "off", { maxlength: 60, value: device.device }],
    ], "rename_save", async (values) => {
      await api.renameDevice(device.id, String(values.device));
      await this.refreshDevices();
      return null;
    });
    rename.id = `rename-${device.id}`;
    rename.hidden = true;
    const open = button(t("rename_device"), () => {
      rename.hidden = !rename.hidden;
      open.setAttribute("aria-expanded", String(!rename.hidden));
      if (!rename.hidden) rename.querySelector("input")?.focus();
    }, "quiet-border");
    open.setAttribute("aria-label", `${t("rename_device")}: ${device.device}`);
    open.setAttribute("aria-expanded", "false");
    open.setAttribute("aria-controls", rename.id);
    control.append(open, rename);
    return control;
  }

  linkSection() {
    const part = section("link_title", element("p", "", t("link_text")));
    if (this.linkCode) {
      const code = element("p", "link-code", this.linkCode.code);
      code.setAttribute("aria-label", this.linkCode.code.split("").join(" "));
      part.append(code, element("p", "hint", t("link_expires", {
        time: new Intl.DateTimeFormat(language(), { timeStyle: "short" }).format(new Date(this.linkCode.expires_at)),
      })));
    }
    part.append(button(t("link_show"), async () => {
      try {
        this.linkCode = await api.linkCode();
        this.render();
        this.root.querySelector(".link-code")?.scrollIntoView({ block: "nearest" });
      } catch (error) {
        this.actions.onError(error);
      }
    }, this.linkCode ? "" : "primary"));
    return part;
  }

  /** Download my data, delete my account (SPEC §12). */
  dataSection() {
    const part = section("data_title", element("p", "", t("data_text")));
    part.append(button(t("data_download"), async () => {
      try {
        const file = await api.archive();
        const link = element("a");
        link.href = URL.createObjectURL(file);
        link.download = `halfmoon-player-${this.actions.me()?.id ?? "me"}.json`;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 1000);
        this.actions.toast(t("data_downloaded"));
      } catch (error) {
        this.actions.onError(error);
      }
    }));
    const heading = element("h4", "", t("delete_title"));
    part.append(heading, element("p", "", t(this.account === null ? "delete_text_anonymous" : "delete_text")));
    if (this.account === null) {
      part.append(button(t("delete_button"), async () => {
        if (!(await ask(t("delete_confirm"), t("delete_button"), { danger: true }))) return;
        try {
          await api.deleteAccount({ confirm: true });
          this.actions.accountDeleted();
        } catch (error) {
          this.actions.onError(error);
        }
      }, "danger"));
    } else {
      part.append(form("delete", [["password", "current_password", "password", "current-password"]],
        "delete_button", async (values) => {
          if (!(await ask(t("delete_confirm"), t("delete_button"), { danger: true }))) return null;
          await api.deleteAccount({ password: values.password });
          this.actions.accountDeleted();
          return null;
        }, { danger: true }));
    }
    return part;
  }

  signOutSection() {
    const part = section("sign_out_title", element("p", "", t("sign_out_text")));
    const row = element("div", "row");
    row.append(button(t("sign_out_here"), async () => {
      if (this.account === null && !(await ask(t("sign_out_anonymous"), t("sign_out_here"), { danger: true }))) return;
      this.actions.signOutHere();
    }));
    const other = element("a", "switch-link", t("switch_account"));
    other.href = "#/sign-in";
    row.append(other);
    part.append(row);
    return part;
  }
}

export class SignInPage extends Page {
  /** ``notice``: why this page is shown ("signed_out", "suspended", "signed_out_here"), or null. */
  show(notice = null) {
    this.visible = true;
    this.root.hidden = false;
    this.notice = notice;
    this.render();
    this.focusTitle();
  }

  render() {
    const card = this.card("sign_in_title");
    if (this.notice) {
      const notice = element("p", "notice", t(`${this.notice}_notice`));
      notice.setAttribute("role", "alert");
      card.append(notice);
    }
    // Signed out: nothing of the old player, and no way back to its game.
    if (this.notice) card.querySelector(".page-nav .back")?.remove();
    const me = this.actions.me();
    if (me && !this.notice) card.append(element("p", "hint", t("keep_anonymous_note", { name: playerName(me.name) })));
    const signedIn = (result) => this.actions.signedIn(result);
    const device = () => typedDevice(this);
    card.append(
      section("device_title", deviceField(this)),
      section("with_password", form("sign-in", [
        ["username", "username", "text", "username", { maxlength: 30 }],
        ["password", "password", "password", "current-password", { maxlength: 200 }],
      ], "sign_in", async (values) => signedIn(
        await api.signIn(values.username, values.password, device())))),
      section("with_code", element("p", "hint", t("code_hint_link")), form("link", [
        ["code", "link_code", "text", "one-time-code", { maxlength: 20, autocapitalize: "characters" }],
      ], "link_button", async (values) => signedIn(await api.link(values.code, device())))),
      section("forgot_title",
        element("h4", "", t("by_email")),
        form("reset", [["email", "email", "email", "email"]], "reset_ask", async (values) => {
          const answer = await api.askReset(values.email);
          return answer.message;
        }),
        element("h4", "", t("by_recovery")),
        form("recover", [
          ["username", "username", "text", "username", { maxlength: 30 }],
          ["recovery_code", "recovery_code", "text", "one-time-code", { maxlength: 20 }],
          ["new_password", "new_password", "password", "new-password", { minlength: 8, maxlength: 200 }],
        ], "recover_button", async (values) => signedIn(
          await api.recover(values.username, values.recovery_code, values.new_password, device())))),
    );
    const others = otherPlayers();
    const part = section("other_players");
    if (others.length) {
      const list = element("div", "row");
      for (const other of others) {
        list.append(button(t("switch_to", { name: playerName(other.name) }), () => this.actions.switchTo(other)));
      }
      part.append(list);
    }
    part.append(button(t("start_over"), () => this.actions.startOver(device()), "quiet-border"));
    card.append(part);
    this.root.replaceChildren(card);
  }
}

/** The pages e-mails link to: ``mode`` "reset" (uid and key) or "verify" (key). */
export class EmailLinkPage extends Page {
  show(mode, keys) {
    this.visible = true;
    this.root.hidden = false;
    this.mode = mode;
    this.keys = keys;
    this.result = null;
    this.render();
    this.focusTitle();
    if (mode === "verify") this.verify();
  }

  async verify() {
    try {
      const answer = await api.verifyEmail(this.keys.key || "");
      this.result = { ok: true, text: t("verify_done", { email: answer.email }) };
    } catch (error) {
      this.result = { ok: false, text: error.message };
    }
    if (this.visible) this.render();
  }

  render() {
    if (this.mode === "verify") {
      const card = this.card("verify_title");
      card.setAttribute("aria-busy", String(!this.result));
      const text = element("p", this.result?.ok === false ? "form-error" : "lead",
        this.result ? this.result.text : t("loading"));
      text.setAttribute("role", "status");
      card.append(text);
      this.root.replaceChildren(card);
      return;
    }
    const card = this.card("reset_title");
    card.append(deviceField(this), form("new-password", [
      ["new_password", "new_password", "password", "new-password", { minlength: 8, maxlength: 200 }],
    ], "reset_button", async (values) => this.actions.signedIn(await api.confirmReset(
      this.keys.uid || "", this.keys.key || "", values.new_password, typedDevice(this)))));
    this.root.replaceChildren(card);
  }
}
