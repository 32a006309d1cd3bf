/* Half Moon game inspector (admin, staff only): redraws the replay steps the server computed.
 * No rules here: every step's table comes from the engine (games/admin/inspector.py). */
(function () {
  "use strict";

  var SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

  function cardLabel(code) {
    return code.slice(0, -1) + SUITS[code.slice(-1)];
  }

  function cardElement(code, extraClass) {
    var el = document.createElement("span");
    var suit = code.slice(-1);
    el.className = "hm-card" + (suit === "D" || suit === "H" ? " hm-red" : "") +
      (extraClass ? " " + extraClass : "");
    el.textContent = cardLabel(code);
    el.title = code;
    el.setAttribute("data-card", code);
    return el;
  }

  function formatTime(ms) {
    var seconds = Math.floor(ms / 1000);
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return (h ? h + ":" + pad(m) : String(m)) + ":" + pad(s);
  }

  function Inspector(root, data) {
    this.root = root;
    this.steps = data.steps;
    this.index = this.steps.length - 1;
    this.slider = root.querySelector("#hm-slider");
    this.showHidden = root.querySelector("#hm-show-hidden");
    this.cells = {};
    var cells = root.querySelectorAll(".hm-pos");
    for (var i = 0; i < cells.length; i++) {
      this.cells[cells[i].getAttribute("data-position")] = cells[i];
    }
    this.stepButtons = root.querySelectorAll("#hm-steps button");
    // The first step after which the position could no longer be won (staff's analysis).
    var lost = root.getAttribute("data-lost-step");
    this.lostStep = lost === null ? null : parseInt(lost, 10);
    this.bind();
    var fromHash = /^#step-(\d+)$/.exec(window.location.hash);
    this.go(fromHash ? parseInt(fromHash[1], 10) : this.index);
  }

  Inspector.prototype.bind = function () {
    var self = this;
    this.root.querySelectorAll("[data-go]").forEach(function (button) {
      button.addEventListener("click", function () {
        var where = button.getAttribute("data-go");
        var target = { first: 0, prev: self.index - 1, next: self.index + 1,
                       last: self.steps.length - 1 }[where];
        self.go(target);
      });
    });
    this.slider.addEventListener("input", function () { self.go(parseInt(self.slider.value, 10)); });
    this.showHidden.addEventListener("change", function () { self.draw(); });
    this.stepButtons.forEach(function (button) {
      button.addEventListener("click", function () {
        self.go(parseInt(button.getAttribute("data-index"), 10));
      });
    });
    // Buttons elsewhere on the page that jump to a step ("Show step N" of where it was lost).
    document.querySelectorAll("[data-go-index]").forEach(function (button) {
      button.addEventListener("click", function () {
        self.go(parseInt(button.getAttribute("data-go-index"), 10));
        self.root.scrollIntoView({ block: "start" });
      });
    });
    this.root.addEventListener("keydown", function (event) {
      if (event.target.tagName === "INPUT") { return; }  // the slider has its own keys
      var moves = { ArrowLeft: -1, ArrowRight: 1 };
      if (event.key in moves) {
        self.go(self.index + moves[event.key]);
        event.preventDefault();
      } else if (event.key === "Home" || event.key === "End") {
        self.go(event.key === "Home" ? 0 : self.steps.length - 1);
        event.preventDefault();
      }
    });
  };

  Inspector.prototype.go = function (index) {
    if (!this.steps.length) { return; }
    this.index = Math.max(0, Math.min(this.steps.length - 1, index));
    this.draw();
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "#step-" + this.index);
    }
  };

  Inspector.prototype.draw = function () {
    var step = this.steps[this.index];
    var root = this.root;
    var full = this.showHidden.checked;
    root.setAttribute("data-step", String(this.index));
    root.classList.toggle("hm-full", full);
    root.classList.toggle("hm-after-loss", this.lostStep !== null && this.index >= this.lostStep);
    this.slider.value = String(this.index);
    root.querySelector("#hm-step-index").textContent = String(this.index);
    root.querySelector("#hm-label").textContent = step.label;
    root.querySelector("#hm-status").textContent = step.status;
    root.querySelector("#hm-score").textContent = String(step.score);
    root.querySelector("#hm-moves").textContent = String(step.moves);
    root.querySelector("#hm-cards-left").textContent = String(step.cards_left);
    root.querySelector("#hm-selection").textContent = step.selection.join(" + ") || "\u2014";
    root.querySelector("#hm-can-undo").textContent = step.can_undo ? "yes" : "no";
    root.querySelector("#hm-time").textContent =
      formatTime(step.elapsed_ms) + (step.at ? " (" + step.at + ")" : "");
    var i;
    for (i = 0; i < 12; i++) { this.drawPile("P" + (i + 1), step.piles[i], step, full); }
    for (i = 0; i < 8; i++) { this.drawSlot("R" + (i + 1), step.reserve[i], step); }
    for (i = 0; i < this.stepButtons.length; i++) {
      var current = i === this.index;
      this.stepButtons[i].classList.toggle("hm-current-step", current);
      if (current) { this.stepButtons[i].setAttribute("aria-current", "step"); }
      else { this.stepButtons[i].removeAttribute("aria-current"); }
    }
    var active = this.stepButtons[this.index];
    if (active && active.scrollIntoView) { active.scrollIntoView({ block: "nearest" }); }
  };

  Inspector.prototype.mark = function (cell, name, step, count, top) {
    cell.setAttribute("data-count", String(count));
    cell.setAttribute("data-top", top || "");
    cell.classList.toggle("hm-selected", step.selection.indexOf(name) >= 0);
    cell.classList.toggle("hm-changed", step.changed.indexOf(name) >= 0);
    cell.classList.toggle("hm-empty", !count);
    cell.textContent = "";
  };

  Inspector.prototype.drawPile = function (name, cards, step, full) {
    var cell = this.cells[name];
    var top = cards.length ? cards[cards.length - 1] : null;
    this.mark(cell, name, step, cards.length, top);
    cell.setAttribute("data-cards", cards.join(" "));
    var stack = document.createElement("div");
    stack.className = "hm-stack";
    if (full) {
      cards.forEach(function (code, at) {
        stack.appendChild(cardElement(code, at === cards.length - 1 ? "hm-top" : "hm-hidden-card"));
      });
    } else if (top) {
      if (cards.length > 1) {
        var back = document.createElement("span");
        back.className = "hm-back";
        back.title = (cards.length - 1) + " hidden";
        stack.appendChild(back);
      }
      stack.appendChild(cardElement(top, "hm-top"));
    }
    if (!cards.length) { stack.appendChild(this.emptyMark()); }
    cell.appendChild(stack);
    cell.appendChild(this.caption(name, cards.length));
  };

  Inspector.prototype.drawSlot = function (name, card, step) {
    var cell = this.cells[name];
    this.mark(cell, name, step, card ? 1 : 0, card);
    cell.setAttribute("data-cards", card || "");
    var stack = document.createElement("div");
    stack.className = "hm-stack";
    stack.appendChild(card ? cardElement(card, "hm-top") : this.emptyMark());
    cell.appendChild(stack);
    cell.appendChild(this.caption(name, card ? 1 : 0));
  };

  Inspector.prototype.emptyMark = function () {
    var el = document.createElement("span");
    el.className = "hm-card hm-none";
    el.textContent = "empty";
    return el;
  };

  Inspector.prototype.caption = function (name, count) {
    var el = document.createElement("span");
    el.className = "hm-caption";
    el.textContent = name + " \u00b7 " + count;
    return el;
  };

  function start() {
    var root = document.getElementById("hm-inspector");
    var source = document.getElementById("hm-replay");
    if (!root || !source) { return; }
    root.setAttribute("tabindex", "0");
    window.hmInspector = new Inspector(root, JSON.parse(source.textContent));
    root.setAttribute("data-ready", "true");
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
