/// The fixed parts of the inspector page, around its title and its data.
///
/// The script builds everything with `createElement` and `textContent`,
/// never `innerHTML`, so no value from a recording is ever parsed as markup.
enum InspectorPage {
  static let head = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>
    """#

  static let afterTitle = #"""
    </title>
    <style>
    :root { color-scheme: light dark; --line: #8884; --pick: #3b82f633; --add: #16a34a; --del: #dc2626; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.4 system-ui, sans-serif; display: flex; flex-direction: column; height: 100vh; }
    header { padding: 8px 12px; border-bottom: 1px solid var(--line); }
    h1 { font-size: 16px; margin: 0 0 4px; }
    #summary { display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 13px; }
    #summary .problem { color: var(--del); font-weight: 600; }
    #controls { display: flex; gap: 12px; align-items: center; padding: 6px 12px; border-bottom: 1px solid var(--line); }
    #slider { flex: 1; }
    main { flex: 1; display: flex; min-height: 0; }
    #timeline { width: 45%; margin: 0; padding: 0; list-style: none; overflow: auto; border-right: 1px solid var(--line); }
    .action { display: grid; grid-template-columns: 5em 14em 1fr; gap: 8px; padding: 3px 8px; cursor: pointer;
      border-bottom: 1px solid var(--line); white-space: nowrap; }
    .action[hidden] { display: none; }
    .action.selected { background: var(--pick); }
    .action span { overflow: hidden; text-overflow: ellipsis; }
    .time { text-align: right; font-variant-numeric: tabular-nums; }
    .value, pre { font-family: ui-monospace, monospace; font-size: 12px; }
    #detail { flex: 1; overflow: auto; padding: 8px 12px; }
    #detail h2 { font-size: 15px; margin: 0 0 8px; word-break: break-all; }
    #detail h3 { font-size: 13px; margin: 12px 0 4px; }
    pre { margin: 0; white-space: pre-wrap; word-break: break-all; }
    #diff { margin: 0; padding-left: 18px; font-family: ui-monospace, monospace; font-size: 12px; }
    .change.added { color: var(--add); }
    .change.removed { color: var(--del); }
    .note { color: #888; font-style: italic; }
    #errors { color: var(--del); padding: 8px 12px; }
    </style>
    </head>
    <body>
    <header><h1 id="title"></h1><div id="summary"></div></header>
    <div id="controls">
    <label>Subject <select id="filter"><option value="">All subjects</option></select></label>
    <input id="slider" type="range" min="1" max="1" value="1" aria-label="Step">
    <span id="position"></span>
    </div>
    <main>
    <ol id="timeline"></ol>
    <section id="detail">
    <h2 id="detail-title"></h2>
    <h3>Value</h3><pre id="value"></pre>
    <h3>What changed</h3><ul id="diff"></ul>
    <h3>State after</h3><pre id="state"></pre>
    </section>
    </main>
    <pre id="errors" hidden></pre>
    <script id="recording" type="application/json">
    """#

  static let tail = #"""
    </script>
    <script>
    "use strict";
    (function () {
      const errors = document.getElementById("errors");
      function report(message) {
        errors.hidden = false;
        errors.textContent += message + "\n";
      }
      window.addEventListener("error", function (event) { report(String(event.message)); });
      window.addEventListener("unhandledrejection", function (event) { report(String(event.reason)); });

      const element = (id) => document.getElementById(id);
      const make = function (tag, className, text) {
        const node = document.createElement(tag);
        if (className) { node.className = className; }
        if (text !== undefined) { node.textContent = text; }
        return node;
      };
      const limit = 200000;
      const clip = function (text, length) {
        return text.length > length
          ? text.slice(0, length) + "… (" + (text.length - length).toLocaleString("en") + " more characters)"
          : text;
      };
      const json = (value) => value === undefined ? "" : JSON.stringify(value, null, 2);

      const data = JSON.parse(element("recording").textContent);
      const lines = Array.isArray(data.lines) ? data.lines : [];
      const actions = lines.filter((line) => line && typeof line === "object" && typeof line.label === "string");
      const endLine = lines.find((line) => line && typeof line === "object" && line.summary && typeof line.summary === "object");
      const summary = endLine ? endLine.summary : null;
      const title = document.title;
      element("title").textContent = title;

      // The summary: what the recording holds, and what it left out.
      const bySubject = new Map();
      for (const action of actions) { bySubject.set(action.label, (bySubject.get(action.label) || 0) + 1); }
      const summaryBox = element("summary");
      const fact = function (text, isProblem) { summaryBox.appendChild(make("span", isProblem ? "problem" : "", text)); };
      const lastTime = actions.length ? Number(actions[actions.length - 1].time) || 0 : 0;
      const duration = summary && typeof summary.duration === "number" ? summary.duration : lastTime;
      fact(actions.length + (actions.length === 1 ? " action" : " actions") + " over " + duration.toFixed(3) + " s");
      for (const [label, count] of bySubject) { fact(label + ": " + count); }
      if (summary) {
        const skipped = summary.skipped && typeof summary.skipped === "object" ? summary.skipped : {};
        const skippedCount = Object.values(skipped).reduce((sum, count) => sum + (Number(count) || 0), 0);
        fact("dropped: " + (Number(summary.dropped) || 0), Number(summary.dropped) > 0);
        fact("skipped: " + skippedCount + (skippedCount ? " (" + Object.entries(skipped).map(([l, c]) => l + ": " + c).join(", ") + ")" : ""), skippedCount > 0);
        fact("states left out: " + (Number(summary.statesOmitted) || 0), Number(summary.statesOmitted) > 0);
        if (summary.error) { fact("error: " + String(summary.error), true); }
      } else {
        fact("no summary: the recording was not stopped", true);
      }
      if (data.unreadable) { fact("unreadable lines: " + data.unreadable, true); }

      // The timeline.
      const filter = element("filter");
      for (const label of bySubject.keys()) {
        const option = make("option", "", label);
        option.value = label;
        filter.appendChild(option);
      }
      const timeline = element("timeline");
      const rows = actions.map(function (action, index) {
        const row = make("li", "action");
        row.dataset.step = String(index + 1);
        row.appendChild(make("span", "time", (Number(action.time) || 0).toFixed(3) + " s"));
        row.appendChild(make("span", "label", action.label));
        row.appendChild(make("span", "value", clip(JSON.stringify(action.value) ?? "", 200)));
        row.addEventListener("click", function () { select(index + 1); });
        timeline.appendChild(row);
        return row;
      });

      // What changed between two states, as paths.
      function changes(before, after, path, out) {
        if (out.length >= 500) { return; }
        const isObject = (value) => value !== null && typeof value === "object";
        if (isObject(before) && isObject(after) && Array.isArray(before) === Array.isArray(after)) {
          const keys = Array.isArray(before)
            ? Array.from({ length: Math.max(before.length, after.length) }, (_, i) => i)
            : Array.from(new Set(Object.keys(before).concat(Object.keys(after)))).sort();
          for (const key of keys) {
            const name = Array.isArray(before) ? path + "[" + key + "]" : (path ? path + "." + key : String(key));
            const had = Array.isArray(before) ? key < before.length : Object.prototype.hasOwnProperty.call(before, key);
            const has = Array.isArray(after) ? key < after.length : Object.prototype.hasOwnProperty.call(after, key);
            if (!had) { out.push(["added", name + ": " + clip(JSON.stringify(after[key]) ?? "", 500)]); }
            else if (!has) { out.push(["removed", name + ": " + clip(JSON.stringify(before[key]) ?? "", 500)]); }
            else { changes(before[key], after[key], name, out); }
          }
        } else if (JSON.stringify(before) !== JSON.stringify(after)) {
          out.push(["changed", (path || "(the state)") + ": " + clip(JSON.stringify(before) ?? "", 500) + " → " + clip(JSON.stringify(after) ?? "", 500)]);
        }
      }

      // Selecting a step.
      const slider = element("slider");
      slider.max = String(Math.max(1, actions.length));
      let current = 0;
      function select(step) {
        if (!actions.length) {
          element("detail-title").textContent = "The recording holds no action.";
          return;
        }
        step = Math.min(Math.max(1, step), actions.length);
        if (rows[current - 1]) { rows[current - 1].classList.remove("selected"); }
        current = step;
        const row = rows[step - 1];
        row.classList.add("selected");
        row.scrollIntoView({ block: "nearest" });
        slider.value = String(step);
        element("position").textContent = "step " + step + " of " + actions.length;
        const action = actions[step - 1];
        element("detail-title").textContent = "Step " + step + ": " + action.label + " at " + (Number(action.time) || 0).toFixed(3) + " s";
        element("value").textContent = clip(json(action.value), limit);
        const stateBox = element("state");
        const diffBox = element("diff");
        diffBox.replaceChildren();
        if (!("state" in action)) {
          stateBox.textContent = "";
          stateBox.appendChild(make("span", "note", "No state was recorded with this action."));
          return;
        }
        stateBox.textContent = clip(json(action.state), limit);
        let before = null;
        for (let index = step - 2; index >= 0; index -= 1) {
          if ("state" in actions[index]) { before = actions[index]; break; }
        }
        if (!before) {
          diffBox.appendChild(make("li", "note", "The first state recorded: nothing to compare with."));
          return;
        }
        const found = [];
        changes(before.state, action.state, "", found);
        if (!found.length) { diffBox.appendChild(make("li", "note", "Nothing changed.")); }
        for (const [kind, text] of found) { diffBox.appendChild(make("li", "change " + kind, text)); }
      }
      function visible(step) { return !rows[step - 1].hidden; }
      function move(by) {
        for (let step = current + by; step >= 1 && step <= actions.length; step += by) {
          if (visible(step)) { select(step); return; }
        }
      }
      function applyFilter(label) {
        filter.value = label;
        for (let index = 0; index < rows.length; index += 1) {
          rows[index].hidden = label !== "" && actions[index].label !== label;
        }
        if (current && !visible(current)) {
          const from = current;
          move(1);
          if (current === from) { move(-1); }
        }
      }
      filter.addEventListener("change", function () { applyFilter(filter.value); });
      slider.addEventListener("input", function () { select(Number(slider.value)); });
      document.addEventListener("keydown", function (event) {
        if (event.target === filter) { return; }
        if (event.key === "ArrowDown" || event.key === "j") { move(1); event.preventDefault(); }
        else if (event.key === "ArrowUp" || event.key === "k") { move(-1); event.preventDefault(); }
        else if (event.key === "Home") { select(1); }
        else if (event.key === "End") { select(actions.length); }
      });

      // The URL fragment: #step=N and #filter=label.
      const fragment = new URLSearchParams(location.hash.slice(1));
      select(Number(fragment.get("step")) || 1);
      if (fragment.has("filter")) { applyFilter(fragment.get("filter") || ""); }
    })();
    </script>
    </body>
    </html>

    """#
}
