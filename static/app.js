// Small progressive enhancement: the pages work without it.
// On the tricks form: show the running sum, and keep "the rest" for the last player.
(function () {
  "use strict";
  function setup(form) {
    var total = parseInt(form.getAttribute("data-tricks"), 10);
    var sum = form.querySelector("[data-sum]");
    if (!sum || !total) return;
    var pickers = Array.prototype.slice.call(form.querySelectorAll("[data-picker^=tricks_], [data-picker^=team_tricks_]"));
    if (!pickers.length) return;
    sum.hidden = false;
    function value(picker) {
      var checked = picker.querySelector("input:checked");
      return checked ? checked.value : null;
    }
    function update() {
      var known = 0, rest = null;
      pickers.forEach(function (p) {
        var v = value(p);
        if (v === "rest") rest = p;
        else if (v !== null) known += parseInt(v, 10);
      });
      var shown = rest ? total : known;
      sum.querySelector("output").textContent = rest ? known + " + " + Math.max(total - known, 0) : String(known);
      sum.classList.toggle("off", rest ? known > total : shown !== total);
    }
    form.addEventListener("change", update);
    update();
  }
  // A row whose choice may not make the form's rows of its kind add up to a number
  // (data-total-not): once the other rows are tapped, close that choice and say why.
  function totalNot(row) {
    var total = parseInt(row.getAttribute("data-total-not"), 10);
    var why = row.getAttribute("data-total-not-why");
    var keep = row.getAttribute("data-total-not-open");
    var name = row.getAttribute("data-picker");
    var prefix = name.slice(0, name.lastIndexOf("_") + 1);
    var form = row.closest("form");
    var others = Array.prototype.filter.call(form.querySelectorAll("[data-picker^='" + prefix + "']"), function (p) { return p !== row; });
    var closed = row.querySelector("ul.closed");
    if (closed) closed.remove();
    var note = document.createElement("p");
    note.className = "closed-live";
    note.setAttribute("aria-live", "polite");
    row.appendChild(note);
    function update() {
      var sum = 0, all = true;
      others.forEach(function (p) {
        var checked = p.querySelector("input:checked");
        if (checked) sum += parseInt(checked.value, 10); else all = false;
      });
      var shut = all ? String(total - sum) : null;
      if (shut === keep) shut = null;  // a choice the rule never closes
      Array.prototype.forEach.call(row.querySelectorAll("input"), function (input) {
        input.disabled = input.value === shut;
        if (input.disabled) input.checked = false;
      });
      var open = shut !== null && row.querySelector("input[value='" + shut + "']");
      note.textContent = open ? why.split("{n}").join(shut) : "";
      note.hidden = !open;
    }
    form.addEventListener("change", update);
    update();
  }
  // On the scoresheet: reload when another phone enters or changes a hand.
  function live(marker) {
    var url = marker.getAttribute("data-url");
    var seen = marker.getAttribute("data-version");
    function busy() {
      var open = document.querySelector("details[open]");
      var typing = document.activeElement && /INPUT|SELECT|TEXTAREA/.test(document.activeElement.tagName);
      return open || typing;
    }
    function poll() {
      if (document.hidden) return;
      fetch(url, { cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (state) {
          if (state && String(state.version) !== seen && !busy()) window.location.reload();
        })
        .catch(function () {});
    }
    window.setInterval(poll, 5000);
  }
  // On an evening's page (and its TV): when anything at a table changed, fetch the page
  // and swap its live parts in place. No reload: an open QR panel, the scroll and a
  // half-typed form stay as they are.
  function liveEvening(root) {
    var url = root.getAttribute("data-url");
    var seen = root.getAttribute("data-version");
    var fetching = false;
    function swap(html, version) {
      var fresh = new DOMParser().parseFromString(html, "text/html");
      Array.prototype.forEach.call(document.querySelectorAll("[data-live][id]"), function (old) {
        var now = fresh.getElementById(old.id);
        if (now) old.replaceWith(document.importNode(now, true));
      });
      var next = fresh.getElementById("evening-live");
      seen = next ? next.getAttribute("data-version") : version;
      root.setAttribute("data-version", seen);
    }
    function poll() {
      if (document.hidden || fetching) return;
      fetching = true;
      fetch(url, { cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (state) {
          if (!state || String(state.version) === seen) return null;
          return fetch(window.location.pathname, { cache: "no-store", credentials: "same-origin" })
            .then(function (r) { return r.ok ? r.text() : null; })
            .then(function (html) { if (html) swap(html, String(state.version)); });
        })
        .catch(function () {})
        .then(function () { fetching = false; });
    }
    window.setInterval(poll, 2000);
  }
  // Keep the screen awake while a game is open (Screen Wake Lock, where the browser has it).
  function wake(button) {
    if (!("wakeLock" in navigator)) return;
    var lock = null;
    var wanted = false;
    function label() { button.textContent = button.getAttribute(lock ? "data-on" : "data-off"); }
    function take() {
      navigator.wakeLock.request("screen").then(function (l) {
        lock = l;
        label();
        lock.addEventListener("release", function () { lock = null; label(); });
      }).catch(function () {});
    }
    button.hidden = false;
    button.addEventListener("click", function () {
      wanted = !lock;
      if (lock) lock.release(); else take();
    });
    document.addEventListener("visibilitychange", function () {
      if (wanted && !lock && document.visibilityState === "visible") take();
    });
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
  }
  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("wake");
    if (button) wake(button);
    Array.prototype.forEach.call(document.querySelectorAll("form[data-tricks]"), setup);
    Array.prototype.forEach.call(document.querySelectorAll("[data-total-not]"), totalNot);
    var marker = document.getElementById("live");
    if (marker) live(marker);
    var evening = document.getElementById("evening-live");
    if (evening) liveEvening(evening);
  });
})();
