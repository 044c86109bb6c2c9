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

  // ---- What a phone typed for a hand survives a reload, a closed tab, a lost connection.
  // Kept in localStorage (it works on plain HTTP) per game, hand and step until the server
  // has stored it: a page of that game that shows the hand stored clears it.
  var ENTRY = "scorekeeper:entry:";
  var OUTBOX = "scorekeeper:outbox";
  var ASIDE = "scorekeeper:aside:";
  var SKIP = { csrf_token: 1, version: 1, submission: 1, hand: 1 };
  function read(key, fallback) {
    try { var v = window.localStorage.getItem(key); return v ? JSON.parse(v) : fallback; } catch (e) { return fallback; }
  }
  function write(key, value) {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(value));
    } catch (e) { /* private mode or full: the page still works, it only forgets */ }
  }
  function newToken() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }
  function fieldsOf(form) {
    var out = [];
    new FormData(form).forEach(function (value, name) { out.push([name, String(value)]); });
    return out;
  }
  function forget(game, stored, bidsStored) {
    for (var i = window.localStorage.length - 1; i >= 0; i--) {
      var key = window.localStorage.key(i);
      if (!key || key.indexOf(ENTRY + game + ":") !== 0) continue;
      var parts = key.slice(ENTRY.length).split(":");
      var hand = parseInt(parts[1], 10);
      if (hand <= stored || (parts[2] === "bids" && hand === stored + 1 && bidsStored)) write(key, null);
    }
  }
  function keep(form) {
    var key = ENTRY + form.getAttribute("data-keep");
    var token = form.querySelector("input[name=submission]");
    var saved = read(key, null);
    if (saved && saved.fields) {
      saved.fields.forEach(function (pair) {
        if (SKIP[pair[0]]) return;
        Array.prototype.forEach.call(form.querySelectorAll("[name='" + pair[0] + "']"), function (input) {
          if (input.type === "radio" || input.type === "checkbox") {
            if (input.value === pair[1] && !input.disabled) input.checked = true;
          } else if (input.type !== "hidden") input.value = pair[1];
        });
      });
    }
    token.value = (saved && saved.token) || newToken();
    function save() { write(key, { fields: fieldsOf(form), token: token.value, at: Date.now() }); }
    form.addEventListener("change", save);
    form.addEventListener("input", save);
    if (saved) form.dispatchEvent(new Event("change"));
  }

  // ---- What a screen reader says: one polite live region (#announce, base.html) that is
  // on the page, empty, before anything is said into it. Said again, the same words are
  // said again (emptied first).
  var announcer = null;
  var toSay = [];
  function say(text) {
    if (!announcer || !text) return;
    toSay.push(text);
    if (toSay.length > 1) return;  // already on its way: said together
    announcer.textContent = "";
    window.setTimeout(function () { announcer.textContent = toSay.join(" "); toSay = []; }, 150);
  }
  function words(name) { return announcer ? announcer.getAttribute("data-" + name) || "" : ""; }
  // Where an element is, as a path another copy of the page can follow: the nearest
  // ancestor with an id (or the body), then the child numbers down to it.
  function pathOf(element) {
    var steps = [];
    if (!element || !document.body.contains(element)) return null;
    while (element !== document.body && !element.id) {
      steps.unshift(Array.prototype.indexOf.call(element.parentNode.children, element));
      element = element.parentNode;
    }
    return { id: element === document.body ? null : element.id, steps: steps };
  }
  function follow(path) {
    var element = path && (path.id ? document.getElementById(path.id) : document.body);
    for (var i = 0; element && path && i < path.steps.length; i++) element = element.children[path.steps[i]];
    return element || null;
  }
  // A "pause live updates" button (WCAG 2.2.2): `paused()` tells the poll to wait.
  function pauseButton(where) {
    var button = document.createElement("button");
    var paused = false;
    button.type = "button";
    button.id = "live-pause";
    button.className = "small";
    function show() {
      button.textContent = words(paused ? "resume" : "pause");
      button.setAttribute("aria-pressed", paused ? "true" : "false");
    }
    button.addEventListener("click", function () { paused = !paused; show(); });
    show();
    where(button);
    return function () { return paused; };
  }
  // A refused form: focus goes to its summary of problems (or, with none, the first
  // field refused), so the keyboard and a screen reader start where the fixing does.
  function focusProblems() {
    var summary = document.getElementById("problems") || document.querySelector("main .errors[role=alert]");
    var target = summary || document.querySelector("main [aria-invalid=true]");
    if (!target) return;
    if (summary && !summary.hasAttribute("tabindex")) summary.setAttribute("tabindex", "-1");
    target.focus();
    target.scrollIntoView({ block: "start" });
    // A page opened at a #fragment moves focus when it scrolls there: take it back.
    window.addEventListener("load", function () {
      window.setTimeout(function () { if (document.activeElement === document.body) target.focus(); }, 0);
    });
  }
  // The sticky action bar: what takes focus is scrolled clear of it (scroll-padding set
  // to its height); a bar taller than a third of the screen (very large text) stops sticking.
  function stickyBar(bar) {
    function fit() {
      bar.classList.remove("unstuck");
      var tall = bar.offsetHeight > window.innerHeight / 3;
      bar.classList.toggle("unstuck", tall);
      document.documentElement.style.setProperty("--sticky-height", tall ? "0px" : bar.offsetHeight + 8 + "px");
    }
    fit();
    if ("ResizeObserver" in window) new ResizeObserver(fit).observe(document.body);
    window.addEventListener("resize", fit);
    // A box taller than the gap (a textarea shows its caret, not its end): scrolled clear.
    document.addEventListener("focusin", function (event) {
      var element = event.target;
      if (bar.contains(element) || bar.classList.contains("unstuck") || !element.getBoundingClientRect) return;
      var box = element.getBoundingClientRect(), edge = bar.getBoundingClientRect().top;
      if (box.bottom > edge && box.top < edge) window.scrollBy(0, Math.min(box.bottom - edge + 8, box.top - 8));
    });
  }

  // ---- The outbox: a hand sent while the app cannot be reached is kept on the phone and
  // sent when it can be; never shown as stored before the server has answered. Every
  // submission carries the phone's token: a resend gets the first answer, never a second hand.
  var box = null;
  var sending = false;
  var again = false;  // asked to send while a send was on its way (the connection back)
  function outbox() { return read(OUTBOX, []); }
  // `loud`: also say it (a tap's answer, a hand sent), not each quiet retry.
  function showOutbox(why, loud) {
    if (!box) return;
    var items = outbox();
    box.hidden = !items.length;
    if (!items.length) return;
    var count = box.querySelector("[data-count]");
    // Say what waits: a hand's bids are not a hand (the key ends with its step).
    var bids = items.filter(function (item) { return /:bids$/.test(item.key || ""); }).length;
    var hands = items.length - bids;
    function words(n, prefix) {
      return (n === 1 ? box.getAttribute(prefix + "one") : box.getAttribute(prefix + "many").split("{n}").join(n));
    }
    count.textContent = [hands ? words(hands, "data-") : "", bids ? words(bids, "data-bids-") : ""]
      .filter(Boolean).join(" · ");
    if (why !== undefined) box.querySelector("[data-why]").textContent = why;
    if (loud) say(count.textContent + ". " + box.querySelector("[data-why]").textContent);
  }
  function post(item) {
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    // The header asks the app to answer a stored hand with where to go ({"stored": url})
    // rather than a redirect: the page that follows is then loaded once, by the browser.
    return fetch(item.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Scorekeeper-Send": "1" }
    }).then(function (response) {
      // The service worker (HTTPS) answers 503 itself when there is no connection.
      if (response.status === 503) throw new Error("unreachable");
      if (response.headers.get("X-Scorekeeper-Token") === "refused") forgetToken(item);
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      return json ? response.json().then(function (answer) { return answer.stored || null; }) : null;
    });
  }
  // A tap on the form's button: sent at once and answered before the tap is over, as a
  // plain form is (a synchronous request: the page moves on only once the app has
  // answered, and what the app flashes is shown by the page that follows). Throws when
  // the app cannot be reached.
  function sendNow(item) {
    var xhr = new XMLHttpRequest();
    xhr.open("POST", item.action, false);
    xhr.setRequestHeader("Content-Type", "application/x-www-form-urlencoded");
    xhr.setRequestHeader("X-Scorekeeper-Send", "1");
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    xhr.send(body.toString());
    if (xhr.status === 0 || xhr.status === 503) throw new Error("unreachable");
    if (xhr.getResponseHeader("X-Scorekeeper-Token") === "refused") forgetToken(item);
    if ((xhr.getResponseHeader("Content-Type") || "").indexOf("application/json") === 0) {
      return JSON.parse(xhr.responseText).stored || null;
    }
    return null;
  }
  // The app refused the token as another game's or step's: the entry stays kept, and the
  // form gets a new token when it is shown again.
  function forgetToken(item) {
    var saved = item.key ? read(item.key, null) : null;
    if (saved) { saved.token = null; write(item.key, saved); }
  }
  function postNatively(item) {
    // The server answered without storing (a problem to fix, another phone first):
    // send it as a plain form so the page it answers with is shown.
    var form = document.createElement("form");
    form.method = "post";
    form.action = item.action;
    item.fields.forEach(function (pair) {
      var input = document.createElement("input");
      input.type = "hidden"; input.name = pair[0]; input.value = pair[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }
  function settle(item, stored, here) {
    write(OUTBOX, outbox().filter(function (other) { return other.token !== item.token; }));
    if (stored) {  // stored (or stored before: the first answer again)
      if (item.key) write(item.key, null);
      var game = document.body.getAttribute("data-game");
      if (here || (game && item.action.indexOf("/g/" + game + "/") !== -1)) window.location.assign(stored);
      else { say(box ? box.getAttribute("data-sent") : ""); showOutbox(""); }
      return true;
    }
    postNatively(item);
    return false;
  }
  function flush(event) {
    var loud = Boolean(event && event.type === "click");  // "Send now" tapped
    if (sending) { again = true; return Promise.resolve(); }
    again = false;
    var items = outbox();
    if (!items.length) { showOutbox(); return Promise.resolve(); }
    sending = true;
    showOutbox(box ? box.getAttribute("data-sending") : "");
    var item = items[0];
    return post(item).then(function (stored) {
      sending = false;
      if (settle(item, stored, false)) return flush();
    }, function () {
      sending = false;
      showOutbox(box ? box.getAttribute("data-unreachable") : "", loud);
      if (again) return flush();
    });
  }
  function submitting(form) {
    var busy = false;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (busy) return;  // a double tap: the first one is on its way
      busy = true;
      var keyAttr = form.getAttribute("data-keep");
      var item = {
        action: form.action, fields: fieldsOf(form), token: form.querySelector("input[name=submission]").value,
        key: keyAttr ? ENTRY + keyAttr : null, title: document.title, at: Date.now()
      };
      var stored;
      try {
        stored = sendNow(item);
      } catch (unreachable) {
        busy = false;
        if (!keyAttr) { postNatively(item); return; }  // only a new hand is kept to send later
        var items = outbox().filter(function (other) { return other.key !== item.key; });
        items.push(item);
        write(OUTBOX, items);
        showOutbox(box ? box.getAttribute("data-unreachable") : "", true);
        box.scrollIntoView({ block: "start" });
        return;
      }
      settle(item, stored, true);
    });
  }

  // ---- Conflicts: the entry not kept stays shown on the scoresheet until dismissed.
  function setAside(section) {
    Array.prototype.forEach.call(section.querySelectorAll("[data-set-aside]"), function (control) {
      var which = control.getAttribute("data-set-aside");
      function remember() {
        var article = section.querySelector("article." + which);
        if (!article) return;
        var key = ASIDE + section.getAttribute("data-game");
        var list = read(key, []);
        list.push({ title: section.querySelector("h2").textContent, heading: article.querySelector("h3").textContent,
          lines: Array.prototype.map.call(article.querySelectorAll("li"), function (li) { return li.textContent; }) });
        write(key, list);
      }
      control.addEventListener(control.tagName === "FORM" ? "submit" : "click", remember);
    });
  }
  function showAside(holder, game, dismissText) {
    var key = ASIDE + game;
    var list = read(key, []);
    holder.hidden = !list.length;
    holder.textContent = "";
    holder.className = "set-aside";
    list.forEach(function (entry, index) {
      var box = document.createElement("article");
      var h = document.createElement("h2"); h.textContent = entry.title + " — " + entry.heading; box.appendChild(h);
      var ul = document.createElement("ul");
      entry.lines.forEach(function (line) { var li = document.createElement("li"); li.textContent = line; ul.appendChild(li); });
      box.appendChild(ul);
      var button = document.createElement("button");
      button.type = "button"; button.textContent = dismissText;
      button.addEventListener("click", function () {
        var now = read(key, []); now.splice(index, 1); write(key, now.length ? now : null);
        showAside(holder, game, dismissText);
      });
      box.appendChild(button);
      holder.appendChild(box);
    });
  }

  // "Not live — as of 21:14" on a page that updates itself: shown, and said once when the
  // app cannot be reached; "live again" said when it can.
  function staleNotice(after, template) {
    var stale = document.createElement("p");
    stale.className = "not-live";
    stale.id = "not-live";
    stale.hidden = true;
    after.parentNode.insertBefore(stale, after.nextSibling);
    var asOf = new Date();
    var clock = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    return {
      lost: function () {
        stale.textContent = template.split("{time}").join(clock.format(asOf));
        if (stale.hidden) say(stale.textContent);
        stale.hidden = false;
        document.body.classList.add("offline");
      },
      back: function () {
        asOf = new Date();
        if (!stale.hidden) say(words("back"));
        stale.hidden = true;
        document.body.classList.remove("offline");
      }
    };
  }

  // On the scoresheet: reload when another phone enters or changes a hand (the keyboard's
  // place is kept across the reload, and the new totals said); when the app cannot be
  // reached, say the sheet is not live and since when, and catch up after.
  var RELOADED = "scorekeeper:reloaded";
  function live(marker) {
    var url = marker.getAttribute("data-url");
    var seen = marker.getAttribute("data-version");
    var notice = staleNotice(marker, marker.getAttribute("data-stale"));
    var paused = pauseButton(function (button) {  // under the sheet, before what is shared
      var p = document.createElement("p");
      p.className = "live-pause";
      p.appendChild(button);
      var sheet = document.querySelector("section.sheet");
      if (sheet) sheet.parentNode.insertBefore(p, sheet.nextSibling);
      else marker.parentNode.insertBefore(p, document.getElementById("not-live").nextSibling);
    });
    var before = null;
    try { before = JSON.parse(window.sessionStorage.getItem(RELOADED) || "null"); window.sessionStorage.removeItem(RELOADED); } catch (e) { before = null; }
    if (before && before.page === window.location.pathname) {
      var back = follow(before.focus);
      if (back) back.focus({ preventScroll: true });
      var totals = Array.prototype.map.call(document.querySelectorAll(".totals .total"), function (total) {
        return total.querySelector(".side").textContent + " " + total.querySelector(".big").textContent;
      }).join(", ");
      say(words("updated").split("{totals}").join(totals));
    }
    function busy() {
      var open = document.querySelector("details[open]");
      var typing = document.activeElement && /INPUT|SELECT|TEXTAREA/.test(document.activeElement.tagName);
      return open || typing || paused();
    }
    function reload() {
      var focused = document.activeElement !== document.body ? pathOf(document.activeElement) : null;
      try { window.sessionStorage.setItem(RELOADED, JSON.stringify({ page: window.location.pathname, focus: focused })); } catch (e) { /* it only forgets */ }
      window.location.reload();
    }
    function poll() {
      if (document.hidden) return;
      fetch(url, { cache: "no-cache", credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
        .then(function (state) {
          notice.back();
          if (state && String(state.version) !== seen && !busy()) reload();
        })
        .catch(notice.lost);
    }
    window.setInterval(poll, 5000);
    window.addEventListener("online", poll);
    window.addEventListener("offline", notice.lost);
  }

  // Make `old` (on the page) what `now` (from a fresh copy) is. The element that has the
  // keyboard's focus is kept, itself: its ancestors are updated child by child, the rest
  // replaced. Where the two differ in shape, the copy is put in and focus goes to the
  // element at the same place in it.
  function patch(old, now) {
    var focused = document.activeElement;
    if (!old.contains(focused) || focused === document.body) { old.replaceWith(document.importNode(now, true)); return; }
    var before = old.childNodes, after = now.childNodes;
    if (old.tagName !== now.tagName || (old !== focused && before.length !== after.length)) {
      var path = pathOf(focused);
      old.replaceWith(document.importNode(now, true));
      var again = follow(path);
      if (again && again.focus) again.focus({ preventScroll: true });
      return;
    }
    Array.prototype.slice.call(old.attributes).forEach(function (a) { if (!now.hasAttribute(a.name)) old.removeAttribute(a.name); });
    Array.prototype.forEach.call(now.attributes, function (a) { if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value); });
    if (old === focused) {
      old.replaceChildren.apply(old, Array.prototype.map.call(after, function (n) { return document.importNode(n, true); }));
      return;
    }
    Array.prototype.slice.call(before).forEach(function (child, i) {
      if (child.nodeType === 1 && child.contains(focused)) patch(child, after[i]);
      else child.replaceWith(document.importNode(after[i], true));
    });
  }
  // What changed, in a few words: a table's new totals; the standings' order.
  function tableWords(card) {
    var name = card.querySelector(".table-name");
    var sides = Array.prototype.map.call(card.querySelectorAll(".side-total"), function (side) {
      return side.querySelector(".side-name").textContent + " " + side.querySelector("b").textContent;
    });
    return sides.length && name ? name.textContent + ": " + sides.join(", ") : "";
  }
  function standingsWords(section) {
    return Array.prototype.slice.call(section.querySelectorAll("tbody tr"), 0, 3).map(function (row) {
      return row.cells[0].textContent + " " + row.querySelector("th").textContent;
    }).join(", ");
  }
  function changes(fresh) {
    var said = [];
    Array.prototype.forEach.call(fresh.querySelectorAll("#tables [id^=table-]"), function (card) {
      var old = document.getElementById(card.id);
      var now = tableWords(card);
      if (now && (!old || tableWords(old) !== now)) said.push(now);
    });
    var was = document.getElementById("standings"), is = fresh.getElementById("standings");
    if (was && is && standingsWords(is) && standingsWords(was) !== standingsWords(is)) {
      said.push(words("standings").split("{rows}").join(standingsWords(is)));
    }
    return said.join(". ");
  }

  // On an evening's page (and its TV): every few seconds ask for its live parts with the
  // version shown (the browser sends it as If-None-Match: unchanged, a 304 and the copy
  // it kept) and, when they changed, swap them in place. No reload: an open QR panel,
  // the scroll, a half-typed form and the keyboard's focus stay as they are; the new
  // totals are said. The parts are the same for every TV of the evening, built once a
  // version.
  function liveEvening(root) {
    var parts = root.getAttribute("data-parts");
    var seen = root.getAttribute("data-version");
    var fetching = false;
    var head = root.querySelector(".evening-head");
    var notice = staleNotice((head || root).lastElementChild, words("stale-page"));
    var paused = pauseButton(function (button) { (head || root).appendChild(button); });
    function swap(html, version) {
      var fresh = new DOMParser().parseFromString(html, "text/html");
      var news = changes(fresh);
      Array.prototype.forEach.call(document.querySelectorAll("[data-live][id]"), function (old) {
        var now = fresh.getElementById(old.id);
        if (now) patch(old, now);
      });
      var next = fresh.getElementById("evening-live");
      seen = next ? next.getAttribute("data-version") : version;
      root.setAttribute("data-version", seen);
      say(news);
    }
    // Every 2 s; on a big night the server says to ask less often (Poll-After, in
    // seconds: an evening's screens together ask a few dozen times a second). Each
    // wait is spread by a fifth either way, so screens that started together (the
    // server restarted, the network came back) do not go on asking together.
    var every = 2000;
    function later() { window.setTimeout(poll, every * (0.8 + 0.4 * Math.random())); }
    function poll() {
      if (document.hidden || fetching || paused()) return later();
      fetching = true;
      fetch(parts, { cache: "no-cache", credentials: "same-origin" })
        .then(function (r) {
          if (!r.ok) throw new Error(String(r.status));
          notice.back();
          var after = parseFloat(r.headers.get("Poll-After"));
          if (after >= 1 && after <= 60) every = after * 1000;
          var version = (r.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
          if (version === seen) return null;
          return r.text().then(function (html) { swap(html, version); });
        })
        .catch(notice.lost)
        .then(function () { fetching = false; later(); });
    }
    later();
  }

  // Tonight's players: a tapped name joins the list typed below (and leaves it when
  // tapped again); the filter box narrows the club's names as one types.
  function roster(box) {
    var list = document.getElementById("rounds-players");
    var filter = box.querySelector(".roster-filter");
    function names() { return list.value.split("\n").map(function (n) { return n.trim(); }).filter(Boolean); }
    Array.prototype.forEach.call(box.querySelectorAll("input[name=pick]"), function (tick) {
      tick.addEventListener("change", function () {
        var now = names().filter(function (n) { return n.toLowerCase() !== tick.value.toLowerCase(); });
        if (tick.checked) now.push(tick.value);
        list.value = now.join("\n");
      });
      tick.removeAttribute("name");  // the list below is what is sent
    });
    list.addEventListener("input", function () {
      var typed = names().map(function (n) { return n.toLowerCase(); });
      Array.prototype.forEach.call(box.querySelectorAll(".roster-name input"), function (tick) {
        tick.checked = typed.indexOf(tick.value.toLowerCase()) >= 0;
      });
    });
    filter.hidden = false;
    filter.addEventListener("input", function () {
      var wanted = filter.value.trim().toLowerCase();
      Array.prototype.forEach.call(box.querySelectorAll(".roster-name"), function (label) {
        label.hidden = wanted !== "" && label.textContent.toLowerCase().indexOf(wanted) < 0;
      });
    });
  }

  // A list's filter box (the club's members): rows whose name holds what is typed stay.
  function listFilter(box) {
    var list = document.getElementById(box.getAttribute("data-filters"));
    if (!list) return;
    box.hidden = false;
    box.addEventListener("input", function () {
      var wanted = box.value.trim().toLowerCase();
      Array.prototype.forEach.call(list.children, function (row) {
        var name = (row.getAttribute("data-name") || "").toLowerCase();
        row.hidden = wanted !== "" && name.indexOf(wanted) < 0;
      });
    });
  }

  // The round clock (evening page and TV): the time left, "last hand" in the round's
  // last minutes, then time. Counted from the server's clock: the page says what time it
  // was there when it was made (data-now), so a phone whose own clock is off counts right.
  function roundClock() {
    var clock = document.getElementById("round-clock");
    if (!clock || !clock.hasAttribute("data-deadline")) return;
    if (clock.skew === undefined) clock.skew = Date.now() - Number(clock.getAttribute("data-now"));
    var left = Math.round((Number(clock.getAttribute("data-deadline")) - (Date.now() - clock.skew)) / 1000);
    var last = Number(clock.getAttribute("data-last"));
    var minutes = Math.max(1, Math.ceil(left / 60));
    var state = left <= 0 ? "over" : left <= last ? "last" : "running";
    var words = state === "over" ? clock.getAttribute("data-over")
      : clock.getAttribute("data-" + (state === "last" ? "last" : "left") + (minutes === 1 ? "-one" : "-many"));
    words = words.replace("{n}", String(minutes));
    if (clock.textContent !== words) clock.textContent = words;
    if (clock.getAttribute("data-state") !== state) clock.setAttribute("data-state", state);
  }

  // Keep the screen awake while a game is open: the Screen Wake Lock where the browser
  // has it (HTTPS, localhost); over plain HTTP the NoSleep.js technique (a tiny muted
  // looping video); and where neither works, the button says so instead of pretending.
  function wake(button) {
    var status = document.getElementById("wake-status");
    var hasLock = "wakeLock" in navigator;
    var fallback = !hasLock && typeof window.NoSleep === "function" ? new window.NoSleep() : null;
    if (fallback && fallback.noSleepVideo) fallback.noSleepVideo.muted = true;
    var lock = null, wanted = false, how = null;
    function say(state) {
      how = state;
      button.textContent = button.getAttribute(state ? "data-on" : "data-off");
      button.setAttribute("aria-pressed", state ? "true" : "false");
      button.setAttribute("data-state", state || (wanted ? "failed" : "off"));
      status.textContent = state ? status.getAttribute("data-" + state) : (wanted ? status.getAttribute("data-failed") : "");
    }
    function take() {
      if (hasLock) {
        return navigator.wakeLock.request("screen").then(function (l) {
          lock = l;
          say("lock");
          lock.addEventListener("release", function () { lock = null; if (!wanted || document.visibilityState === "visible") say(null); });
        });
      }
      // A video that cannot load never settles: after a few seconds it did not work.
      var late = new Promise(function (resolve, reject) { window.setTimeout(reject, 4000); });
      return Promise.race([fallback.enable(), late]).then(function () { say("video"); });
    }
    function release() {
      if (lock) lock.release();
      if (fallback && fallback.isEnabled) fallback.disable();
      lock = null;
      say(null);
    }
    button.hidden = false;
    if (!hasLock && !fallback) {
      button.disabled = true;
      button.setAttribute("data-state", "none");
      status.textContent = status.getAttribute("data-none");
      return;
    }
    button.addEventListener("click", function () {
      wanted = !how;
      if (how) release();
      else take().catch(function () { say(null); status.textContent = status.getAttribute("data-failed"); });
    });
    // A hidden tab loses the lock (and the video stops): take it again when it is back.
    document.addEventListener("visibilitychange", function () {
      if (!wanted) return;
      if (document.visibilityState === "visible") take().catch(function () { say(null); });
    });
  }
  // A form marked data-once is sent once: a second tap while the first is on its way
  // would send the same old device id again (a PIN grant gives the phone a new id and
  // moves its games to it; the second grant would leave it on an id with none of them).
  function once(form) {
    form.addEventListener("submit", function (event) {
      if (form.getAttribute("data-sent")) event.preventDefault();
      else form.setAttribute("data-sent", "1");
    });
    window.addEventListener("pageshow", function () { form.removeAttribute("data-sent"); });
  }

  // Counts with a running sum (picks from a table: how many of each, each worth so
  // much; a box ticked is worth its worth once): − and + beside each count, and the sum
  // shown where the box marks it. Where the box says so: a number typed stands for the
  // whole instead (data-tally-typed), the sum is said beside it while none is; under
  // data-tally-least (and above 0) data-tally-below is shown; and as the counts change
  // the sum is written into the field data-tally-into names.
  function tally(box) {
    var sum = box.querySelector("[data-tally-sum]");
    var said = box.querySelector("[data-tally-sum-said]");
    var below = box.querySelector("[data-tally-below]");
    var typed = box.querySelector("input[data-tally-typed]");
    var least = parseInt(box.getAttribute("data-tally-least"), 10) || 0;
    var into = document.getElementById(box.getAttribute("data-tally-into") || "");
    var counts = Array.prototype.slice.call(box.querySelectorAll("input[data-worth]"));
    function total(event) {
      var n = 0;
      counts.forEach(function (input) {
        var worth = parseInt(input.getAttribute("data-worth"), 10);
        n += input.type === "checkbox" ? (input.checked ? worth : 0) : (parseInt(input.value, 10) || 0) * worth;
      });
      if (sum) sum.textContent = String(n);
      var whole = typed && typed.value !== "" ? parseInt(typed.value, 10) || 0 : n;
      if (said) said.hidden = !(n > 0 && (!typed || typed.value === ""));
      if (below) below.hidden = !(whole > 0 && whole < least);
      if (into && event && event.target !== typed) {
        into.value = String(n);
        into.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
    counts.forEach(function (input) {
      if (input.type === "checkbox") {
        input.addEventListener("change", total);
        return;
      }
      var name = input.labels && input.labels[0] ? input.labels[0].textContent : "";
      [["−", -1, "data-less"], ["+", 1, "data-more"]].forEach(function (step) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "step";
        button.textContent = step[0];
        button.setAttribute("aria-label", (box.getAttribute(step[2]) || step[0]) + " " + name);
        button.addEventListener("click", function () {
          input.value = String(Math.max(0, (parseInt(input.value, 10) || 0) + step[1]));
          input.dispatchEvent(new Event("input", { bubbles: true }));
        });
        if (step[1] < 0) input.parentNode.insertBefore(button, input);
        else input.parentNode.appendChild(button);
      });
      input.addEventListener("input", total);
    });
    if (typed) typed.addEventListener("input", total);
    total();
  }

  // Chips that follow what is typed: the number chips of the picker data-follow names
  // become the allowed numbers (data-follow-numbers) that begin with the digits typed,
  // or, where none does, the allowed numbers nearest it (said: data-follow-none); a
  // chip tapped puts its number in the field. Chips that are not numbers stay.
  function chipsFollow(input) {
    var picker = document.querySelector('[data-picker="' + input.getAttribute("data-follow") + '"]');
    if (!picker) return;
    var allowed = input.getAttribute("data-follow-numbers").split(" ").filter(Boolean);
    var note = input.parentNode.querySelector("[data-follow-said]");
    var chips = Array.prototype.filter.call(picker.querySelectorAll("input[type=radio]"), function (radio) {
      return /^[0-9]+$/.test(radio.value);
    });
    function update() {
      var digits = input.value.replace(/[^0-9]/g, "");
      var shown = digits ? allowed.filter(function (n) { return n.indexOf(digits) === 0; }) : allowed;
      var off = digits !== "" && shown.indexOf(digits) < 0 && !shown.length;
      if (off) {
        shown = allowed.slice().sort(function (a, b) {
          return Math.abs(a - digits) - Math.abs(b - digits) || a - b;
        }).slice(0, chips.length).sort(function (a, b) { return a - b; });
      }
      if (note) {
        note.hidden = !off;
        note.textContent = off ? input.getAttribute("data-follow-none") : "";
      }
      chips.forEach(function (radio, i) {
        var chip = radio.parentNode;
        chip.hidden = i >= shown.length;
        if (i < shown.length) {
          radio.checked = radio.value === shown[i] && radio.checked;
          radio.value = shown[i];
          chip.querySelector("span").textContent = shown[i];
        }
      });
    }
    chips.forEach(function (radio) {
      radio.addEventListener("change", function () { if (radio.checked) input.value = radio.value; });
    });
    input.addEventListener("input", update);
    if (input.value) update();
  }

  // A form that says what its hand makes so far (data-live: a URL answering, as JSON by
  // name, what the app makes of the fields sent): as it is filled in, an element marked
  // data-live-text gets that name's words, data-live-show is shown only while the name
  // says something and data-live-hide only while it says nothing. Asked on load (a kept
  // or edited hand) and after each change, the latest question's answer winning; when
  // the app cannot be reached the page stays as it was and still sends.
  function liveForm(form) {
    var marked = form.querySelectorAll("[data-live-text], [data-live-show], [data-live-hide]");
    if (!marked.length) return;
    var url = form.getAttribute("data-live");
    var asked = 0, timer = null;
    function apply(said) {
      Array.prototype.forEach.call(marked, function (element) {
        var name = element.getAttribute("data-live-text");
        if (name && element.textContent !== (said[name] || "")) element.textContent = said[name] || "";
        name = element.getAttribute("data-live-show");
        if (name) element.hidden = !said[name];
        name = element.getAttribute("data-live-hide");
        if (name) element.hidden = Boolean(said[name]);
      });
    }
    function ask() {
      var query = new URLSearchParams();
      fieldsOf(form).forEach(function (pair) { if (!SKIP[pair[0]]) query.append(pair[0], pair[1]); });
      var mine = ++asked;
      fetch(url + "?" + query.toString(), { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
        .then(function (said) { if (mine === asked) apply(said); })
        .catch(function () {});
    }
    function soon() { window.clearTimeout(timer); timer = window.setTimeout(ask, 100); }
    form.addEventListener("input", soon);
    form.addEventListener("change", soon);
    ask();
  }

  // Counts tapped up (the cards laid down: how many of each): a number field marked
  // data-taps becomes a button with its label and the count; a tap adds one, and a tap
  // past the field's max goes back to 0. The field stays, hidden, and is what is sent.
  function tapCount(input) {
    var label = input.labels && input.labels[0];
    if (!label) return;
    var most = parseInt(input.getAttribute("max"), 10) || 1;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "tap-count";
    Array.prototype.forEach.call(label.childNodes, function (node) { button.appendChild(node.cloneNode(true)); });
    var count = document.createElement("b");
    button.appendChild(count);
    function show() {
      var n = parseInt(input.value, 10) || 0;
      count.textContent = n ? "×" + n : "";
      button.classList.toggle("counted", n > 0);
      button.setAttribute("aria-label", label.textContent.trim() + ": " + n);
    }
    button.addEventListener("click", function () {
      var n = parseInt(input.value, 10) || 0;
      input.value = String(n >= most ? 0 : n + 1);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    input.addEventListener("input", show);
    if (input.form) input.form.addEventListener("change", show);  // a kept entry put back
    label.hidden = true;
    input.hidden = true;
    input.parentNode.insertBefore(button, input);
    show();
  }

  // Rows that follow a choice (data-lead-by names its radio buttons): the row whose
  // data-lead is the choice made comes first, marked; the others keep their order.
  function leadBy(box) {
    var rows = Array.prototype.slice.call(box.querySelectorAll("[data-lead]"));
    var form = box.closest("form");
    var name = box.getAttribute("data-lead-by");
    if (!rows.length || !form) return;
    var after = rows[rows.length - 1].nextSibling;
    var led;
    function update() {
      var chosen = form.querySelector("input[name='" + name + "']:checked");
      var lead = chosen ? chosen.value : null;
      if (lead === led) return;  // rows moved only when the choice changes
      led = lead;
      var order = rows.filter(function (row) { return row.getAttribute("data-lead") === lead; })
        .concat(rows.filter(function (row) { return row.getAttribute("data-lead") !== lead; }));
      order.forEach(function (row) {
        row.classList.toggle("lead", row.getAttribute("data-lead") === lead);
        box.insertBefore(row, after);
      });
    }
    form.addEventListener("change", update);  // a choice tapped, or a kept entry put back
    update();
  }

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
  }
  document.addEventListener("DOMContentLoaded", function () {
    var game = document.body.getAttribute("data-game");
    if (game) forget(game, parseInt(document.body.getAttribute("data-hands"), 10), document.body.getAttribute("data-bids-stored") === "1");
    announcer = document.getElementById("announce");
    box = document.getElementById("outbox");
    if (box) {
      box.querySelector("[data-send]").addEventListener("click", flush);
      showOutbox();
      window.addEventListener("online", flush);
      window.setInterval(function () { if (outbox().length) flush(); }, 15000);
      if (outbox().length) flush();
    }
    var button = document.getElementById("wake");
    if (button) wake(button);
    Array.prototype.forEach.call(document.querySelectorAll("form[data-tricks]"), setup);
    Array.prototype.forEach.call(document.querySelectorAll("[data-total-not]"), totalNot);
    Array.prototype.forEach.call(document.querySelectorAll("[data-tally]"), tally);
    Array.prototype.forEach.call(document.querySelectorAll("input[data-follow]"), chipsFollow);
    Array.prototype.forEach.call(document.querySelectorAll("form[data-once]"), once);
    Array.prototype.forEach.call(document.querySelectorAll("input[data-taps]"), tapCount);
    Array.prototype.forEach.call(document.querySelectorAll("[data-lead-by]"), leadBy);
    Array.prototype.forEach.call(document.querySelectorAll("form[data-keep]"), keep);
    Array.prototype.forEach.call(document.querySelectorAll("form[data-live]"), liveForm);
    Array.prototype.forEach.call(document.querySelectorAll("form"), function (form) {
      var token = form.querySelector("input[name=submission]");
      if (!token) return;
      if (!token.value) token.value = newToken();
      submitting(form);
    });
    var conflict = document.getElementById("conflict");
    if (conflict) setAside(conflict);
    var aside = document.getElementById("set-aside");
    if (aside && game) showAside(aside, game, aside.getAttribute("data-dismiss"));
    focusProblems();
    var bar = document.querySelector(".sticky-actions");
    if (bar) stickyBar(bar);
    var marker = document.getElementById("live");
    if (marker) live(marker);
    var evening = document.getElementById("evening-live");
    if (evening) liveEvening(evening);
    var names = document.getElementById("roster");
    if (names) roster(names);
    Array.prototype.forEach.call(document.querySelectorAll(".list-filter"), listFilter);
    if (document.getElementById("round-clock")) {
      roundClock();
      window.setInterval(roundClock, 1000);
    }
  });
})();
