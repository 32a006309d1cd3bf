// The page's fixed structure (info bar, table, banners, dialogs), built once. Texts are filled
// by translateTree from data-i18n keys, so switching the language re-labels everything.

const ICONS = {
  undo: "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
  plus: "M12 5v14M5 12h14",
  code: "M4 9h16M4 15h16M10 3 8 21M16 3l-2 18",
  daily: "M4 6h16v15H4zM4 10h16M8 3v5M16 3v5",
  settings: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
  copy: "M9 9h11v11H9zM5 15H4V4h11v1",
  flag: "M5 21V4h11l-1 4 4 4H5",
  rules: "M4 4.5A2.5 2.5 0 0 1 6.5 2H20v17H6.5A2.5 2.5 0 0 0 4 21.5zM4 21.5A2.5 2.5 0 0 1 6.5 19H20v3H6.5M9 7h7M9 11h5",
  examples: "M5 3h9l5 5v13H5zM14 3v5h5M9 17l2-5 2 5M9.6 15.5h2.8",
  stats: "M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6",
  account: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
};

export function icon(name) {
  return `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${ICONS[name]}"/></svg>`;
}

function actionButton(action, key, iconName) {
  return `<button type="button" class="action" data-action="${action}">${icon(iconName)}<span class="action-text" data-i18n="${key}"></span></button>`;
}

const MARKUP = `
<a class="skip-link" href="#table" data-i18n="skip_to_table"></a>
<header class="bar">
  <h1 class="brand"><span class="moon" aria-hidden="true"></span><span data-i18n="title"></span></h1>
  <dl class="stats">
    <div><dt data-i18n="time"></dt><dd data-stat="time">0:00</dd></div>
    <div><dt data-i18n="score"></dt><dd data-stat="score">0</dd></div>
    <div><dt data-i18n="moves"></dt><dd data-stat="moves">0</dd></div>
    <div class="stat-cards"><dt data-i18n="cards_left"></dt><dd data-stat="cards_left">104</dd></div>
  </dl>
  <div class="deal">
    <span class="deal-label" data-i18n="deal"></span>
    <code data-stat="deal_code"></code>
    <span class="deal-buttons">
      <button type="button" class="icon-button" data-action="copy" data-i18n-label="copy">${icon("copy")}</button>
      <button type="button" class="icon-button" data-action="code" data-i18n-label="by_code_long">${icon("code")}</button>
    </span>
    <span class="badge" data-stat="daily" hidden></span>
  </div>
  <nav class="actions" data-i18n-aria="game_menu">
    ${actionButton("undo", "undo", "undo")}
    ${actionButton("new", "new_game", "plus")}
    ${actionButton("daily", "daily", "daily")}
    ${actionButton("races", "races", "flag")}
    ${actionButton("rules", "rules", "rules")}
    ${actionButton("examples", "examples", "examples")}
  </nav>
  <div class="tools">
    <button type="button" class="icon-button tool" data-action="stats" data-i18n-label="stats">${icon("stats")}</button>
    <button type="button" class="icon-button tool" data-action="account" data-i18n-label="account">${icon("account")}</button>
    <button type="button" class="icon-button tool" data-action="settings" data-i18n-label="settings">${icon("settings")}</button>
  </div>
</header>
<main class="felt">
  <p class="watching" hidden></p>
  <p class="challenge-strip" hidden></p>
  <section class="race-strip" aria-live="polite" hidden></section>
  <div class="table-frame"><div id="table"></div><div class="table-overlay">
    <p class="table-hint" hidden><span data-i18n="first_hint"></span><button type="button" data-action="guide" data-i18n="guide_show"></button><button type="button" data-action="hint-done" data-i18n-label="hint_dismiss">✕</button></p>
    <section class="stall" role="alert" hidden>
      <h2 data-i18n="stalled_title"></h2>
      <p data-i18n="stalled_text"></p>
      <div class="row">
        <button type="button" class="primary" data-action="undo" data-i18n="undo"></button>
        <button type="button" data-action="new" data-i18n="new_game"></button>
        <button type="button" class="quiet" data-action="resign" data-i18n="resign"></button>
      </div>
    </section>
  </div></div>
  <section class="page daily-view" data-view="daily" hidden></section>
  <section class="page rules-view" data-view="rules" hidden></section>
  <section class="page examples-view" data-view="examples" hidden></section>
  <section class="page stats-view" data-view="stats" hidden></section>
  <section class="page account-view" data-view="account" hidden></section>
  <section class="page sign-in-view" data-view="sign-in" hidden></section>
  <section class="page email-view" data-view="email" hidden></section>
  <section class="page races-view" data-view="races" hidden></section>
  <section class="page race-view" data-view="race" hidden></section>
  <section class="page ratings-view" data-view="ratings" hidden></section>
  <section class="page challenge-view" data-view="challenge" hidden></section>
  <section class="page replay-view" data-view="replay" hidden></section>
</main>
<div class="toast" role="status" aria-live="polite" hidden></div>
<div class="connection" role="status" aria-live="polite" hidden><span class="spinner" aria-hidden="true"></span><span data-i18n="offline"></span></div>
<div class="announcer visually-hidden" aria-live="polite"></div>

<dialog class="sheet" id="settings-dialog" aria-labelledby="settings-title">
  <form method="dialog">
    <h2 id="settings-title" data-i18n="settings_title"></h2>
    <label class="field"><span data-i18n="your_name"></span><input name="name" maxlength="40" autocomplete="nickname" required></label>
    <label class="switch"><input type="checkbox" name="move_errors"><span><strong data-i18n="move_errors"></strong><small data-i18n="move_errors_hint"></small></span></label>
    <label class="switch"><input type="checkbox" name="placement_aid"><span><strong data-i18n="placement_aid"></strong><small data-i18n="placement_aid_hint"></small></span></label>
    <label class="field"><span data-i18n="language"></span><select name="language"></select></label>
    <details class="keys"><summary data-i18n="keys_title"></summary><p data-i18n="keys_help"></p></details>
    <p class="form-error" role="alert" hidden></p>
    <div class="row end">
      <button type="button" value="cancel" data-close data-i18n="close"></button>
      <button value="save" class="primary" data-i18n="save"></button>
    </div>
  </form>
</dialog>

<dialog class="sheet guide" id="guide-dialog" aria-labelledby="guide-title">
  <h2 id="guide-title" data-i18n="guide_title"></h2>
  <div class="guide-body"></div>
</dialog>

<dialog class="sheet" id="code-dialog" aria-labelledby="code-title">
  <form method="dialog">
    <h2 id="code-title" data-i18n="code_title"></h2>
    <label class="field"><span data-i18n="code_label"></span>
      <input name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" placeholder="HM1-N-AAAAAAA" required></label>
    <p class="hint" data-i18n="code_hint"></p>
    <p class="form-error" role="alert" hidden></p>
    <div class="row end">
      <button type="button" value="cancel" data-close data-i18n="cancel"></button>
      <button value="play" class="primary" data-i18n="play"></button>
    </div>
  </form>
</dialog>

<dialog class="sheet celebration" id="won-dialog" aria-labelledby="won-title">
  <div class="confetti" aria-hidden="true"></div>
  <h2 id="won-title" data-i18n="won_title"></h2>
  <p data-i18n="won_text"></p>
  <dl class="summary">
    <div><dt data-i18n="time"></dt><dd data-won="time"></dd></div>
    <div><dt data-i18n="score"></dt><dd data-won="score"></dd></div>
    <div><dt data-i18n="moves"></dt><dd data-won="moves"></dd></div>
  </dl>
  <div class="row end">
    <button type="button" data-action="replay" data-i18n="replay_open"></button>
    <button type="button" data-action="challenge" data-i18n="challenge_make"></button>
    <button type="button" data-action="close" data-i18n="close"></button>
    <button type="button" class="primary" data-action="new" data-i18n="new_game"></button>
  </div>
</dialog>

<dialog class="sheet" id="ended-dialog" aria-labelledby="ended-title">
  <h2 id="ended-title" data-i18n="resigned_title"></h2>
  <p data-i18n="resigned_text"></p>
  <dl class="summary">
    <div><dt data-i18n="time"></dt><dd data-ended="time"></dd></div>
    <div><dt data-i18n="score"></dt><dd data-ended="score"></dd></div>
    <div><dt data-i18n="moves"></dt><dd data-ended="moves"></dd></div>
  </dl>
  <div class="row end">
    <button type="button" data-action="replay" data-i18n="replay_open"></button>
    <button type="button" data-action="challenge" data-i18n="challenge_make"></button>
    <button type="button" data-action="close" data-i18n="close"></button>
    <button type="button" class="primary" data-action="new" data-i18n="new_game"></button>
  </div>
</dialog>
`;

export function buildShell(root) {
  root.innerHTML = MARKUP;
  const $ = (selector) => root.querySelector(selector);
  return {
    root,
    bar: $(".bar"),
    stats: Object.fromEntries([...root.querySelectorAll("[data-stat]")].map((el) => [el.dataset.stat, el])),
    table: $("#table"),
    skipLink: $(".skip-link"),
    challengeStrip: $(".challenge-strip"),
    felt: $(".felt"),
    watching: $(".watching"),
    stall: $(".stall"),
    dailyView: $(".daily-view"),
    rulesView: $(".rules-view"),
    examplesView: $(".examples-view"),
    statsView: $(".stats-view"),
    accountView: $(".account-view"),
    signInView: $(".sign-in-view"),
    emailView: $(".email-view"),
    racesView: $(".races-view"),
    raceView: $(".race-view"),
    ratingsView: $(".ratings-view"),
    challengeView: $(".challenge-view"),
    replayView: $(".replay-view"),
    raceStrip: $(".race-strip"),
    tableFrame: $(".table-frame"),
    tableOverlay: $(".table-overlay"),
    hint: $(".table-hint"),
    guideDialog: $("#guide-dialog"),
    toast: $(".toast"),
    connection: $(".connection"),
    announcer: $(".announcer"),
    settingsDialog: $("#settings-dialog"),
    codeDialog: $("#code-dialog"),
    wonDialog: $("#won-dialog"),
    endedDialog: $("#ended-dialog"),
  };
}
