import Foundation
import Hummingbird
import NavVizFormat
import NavVizRender

/// `GET /`: the live viewer. A self-contained page (no external resources) that lists sessions,
/// shows a timeline per session (each step with its status and visible controller) and the state and
/// transition diagrams of the selected step, follows new steps over Server-Sent Events and steps through
/// time with ← and →. The address follows the selection (`/#session=ID&step=N`), so a link opens that
/// step; diagrams zoom and pan as in a rendered `index.html` (`ViewerScript`).
///
/// The page holds no user text: everything comes from the API at run time and is inserted with
/// `textContent`, and diagrams are shown as images (an SVG shown through `<img>` runs no script).
/// With `--token`, open the page as `/#token=TOKEN`: requests then carry `Authorization: Bearer`.
public enum ViewerPage {
    /// The viewer's address fragment that hands it `token`: `#token=` and the token percent-encoded, every byte but
    /// letters, digits and `-._~`. The page reads the fragment as a query (`URLSearchParams`), where a raw `+` is a
    /// space, `&` ends the value and `%` starts an escape: a token holding them reached the daemon changed ("wrong
    /// token", a trial).
    public static func fragment(token: String) -> String {
        "#token=" + (token.addingPercentEncoding(withAllowedCharacters: unreserved) ?? token)
    }

    /// RFC 3986's unreserved characters, which no query reader decodes.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func response() -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8",
                .contentSecurityPolicy: contentSecurityPolicy,
                .xContentTypeOptions: "nosniff",
                .cacheControl: "no-cache",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// Only the page's own script and style run, allowed by their hashes: no other inline script (an injected
    /// `<script>` or `onclick`) would.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src \(SHA256.cspSource(inline("script"))); style-src \(SHA256.cspSource(inline("style"))); "
        + "img-src 'self' blob: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The text of the page's one `<tag>` element, as the browser hashes it.
    static func inline(_ tag: String) -> String {
        guard let open = html.range(of: "<\(tag)>"), let close = html.range(of: "</\(tag)>", range: open.upperBound..<html.endIndex)
        else { preconditionFailure("the viewer page has no <\(tag)> element") }
        return String(html[open.upperBound..<close.lowerBound])
    }

    static let html = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>navviz serve</title>
        <link rel="icon" href="data:,">
        <style>
        :root { --accent: #2563eb; --ok: #15803d; --warn: #b45309; --bad: #b91c1c; --line: #d4d4d8; --muted: #71717a; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #18181b; display: grid; grid-template-columns: 240px 1fr; height: 100vh; }
        aside { border-right: 1px solid var(--line); overflow-y: auto; background: #fafafa; }
        aside h1 { font-size: 15px; margin: 12px; }
        #live { display: inline-block; width: 8px; height: 8px; border-radius: 50%; background: var(--muted); margin-left: 6px; }
        #live.on { background: var(--ok); }
        #sessions { list-style: none; margin: 0; padding: 0; }
        #sessions li { padding: 8px 12px; cursor: pointer; border-bottom: 1px solid #eee; overflow-wrap: anywhere; }
        #sessions li.selected { background: #e0e7ff; }
        #sessions .meta { color: var(--muted); font-size: 12px; }
        main { overflow: auto; padding: 12px 16px; }
        #title { margin: 0 0 4px; font-size: 18px; overflow-wrap: anywhere; }
        #links a { margin-right: 12px; font-size: 12px; color: var(--accent); cursor: pointer; }
        #timeline { display: flex; gap: 4px; overflow-x: auto; padding: 8px 0; border-bottom: 1px solid var(--line); }
        #timeline button { flex: none; border: 1px solid var(--line); background: white; border-radius: 4px; padding: 3px 8px; cursor: pointer; font: inherit; font-size: 12px; }
        #timeline button.selected { border-color: var(--accent); background: var(--accent); color: white; }
        #timeline button.noop { border-style: dashed; }
        #timeline button.rejected, #timeline button.dropped { color: var(--bad); border-color: var(--bad); }
        #timeline button.failed::after { content: " ✗"; }
        #timeline button .v { display: block; font-size: 11px; opacity: 0.8; }
        #detail { margin: 8px 0; }
        #detail .message { color: var(--bad); white-space: pre-line; }
        #events { font-size: 12px; color: var(--muted); margin: 4px 0 0; padding-left: 18px; }
        .diagrams { display: flex; flex-direction: column; gap: 16px; }
        figure { margin: 0; border: 1px solid var(--line); border-radius: 6px; padding: 8px; background: white; }
        figcaption { font-size: 12px; color: var(--muted); margin-bottom: 4px; }
        .canvas { overflow: auto; max-height: 78vh; cursor: grab; }
        .canvas.dragging { cursor: grabbing; user-select: none; }
        .canvas img { display: block; }
        #notice { color: var(--bad); white-space: pre-line; }
        .hint { color: var(--muted); font-size: 12px; }
        .hint.keys { margin: 12px; }
        @media (max-width: 700px) {
          body { grid-template-columns: 1fr; grid-template-rows: auto 1fr; height: auto; }
          aside { max-height: 30vh; border-right: 0; border-bottom: 1px solid var(--line); }
        }
        </style>
        </head>
        <body>
        <aside>
          <h1>navviz serve<span id="live" title="live updates"></span></h1>
          <ul id="sessions"></ul>
          <p class="hint keys">← → step through time (the address follows: a link opens that step); + − zoom, 0 fits the width, Ctrl + wheel or a pinch zooms, drag to pan</p>
        </aside>
        <main>
          <p id="notice"></p>
          <h2 id="title">No session selected</h2>
          <div id="links"></div>
          <div id="timeline" role="listbox" aria-label="steps"></div>
          <div id="detail"><div id="caption"></div><div class="message" id="message"></div><ol id="events"></ol></div>
          <div class="diagrams">
            <figure id="transition-figure"><figcaption>Transition</figcaption><div class="canvas"><img id="transition-img" alt="transition diagram"></div></figure>
            <figure><figcaption>State after the step</figcaption><div class="canvas"><img id="state-img" alt="state diagram"></div></figure>
          </div>
        </main>
        <script>
        \#(ViewerScript.zoomAndPan)
        (function () {
          "use strict";
          let fragment = new URLSearchParams(location.hash.slice(1));
          // The token lives in this page's memory only: in sessionStorage a reload of a stale tab handed it to whatever
          // served the port then, whose own script could read it (a security review). A reload asks for the address again.
          const token = fragment.get("token");
          try { sessionStorage.removeItem("navviz-token"); } catch (error) { /* storage disabled */ }
          if (token) {
            // Out of the address bar and the history (which a browser may sync) at once, the rest of the fragment kept.
            fragment.delete("token");
            history.replaceState(null, "", location.pathname + location.search + (fragment.toString() ? "#" + fragment.toString() : ""));
          }
          const zoomer = navvizZoom(() => [$("transition-img"), $("state-img")].filter((image) => !image.closest("[hidden]") && image.src));
          const headers = token ? { "Authorization": "Bearer " + token } : {};
          const $ = (id) => document.getElementById(id);
          const state = { sessions: [], session: null, lost: null, steps: [], selected: -1, kept: null, following: null, stream: null, list: null, urls: {} };

          function notice(text) { $("notice").textContent = text || ""; }

          // Before the token goes anywhere, the server proves it knows it (HMAC of a nonce of ours): another program on this
          // port (another user's, while the daemon was down) cannot, and is sent no token. Proved again after any failure.
          let proof = null;
          function proven() {
            if (!token || !(window.crypto && crypto.subtle)) { return Promise.resolve(); }
            if (!proof) {
              proof = (async () => {
                const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
                const nonce = hex(crypto.getRandomValues(new Uint8Array(16)));
                const response = await fetch("/api/proof?nonce=" + nonce, { cache: "no-store" });
                const body = response.ok ? await response.json() : {};
                const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(token), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
                const mac = hex(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode("navviz-proof:" + location.host.toLowerCase() + ":" + nonce))));
                if (body.proof !== mac) {
                  throw new Error("The server at this address did not prove it is the navviz serve whose token this page holds, so the token was not sent: check the token in the address (#token=…, as navviz serve printed it), or another program may hold the port.");
                }
              })();
              proof.catch((error) => { proof = null; notice(error.message); });
            }
            return proof;
          }

          async function api(path, options) {
            await proven();
            let response;
            try {
              response = await fetch(path, Object.assign({ headers: headers }, options || {}));
            } catch (error) {
              proof = null;
              throw error;
            }
            if (response.status === 401) { notice("This daemon needs its token: open the address navviz serve printed, with the token after #token=."); }
            if (!response.ok) {
              let message = response.status + " " + response.statusText;
              try { message = (await response.json()).error.message; } catch (e) {}
              const error = new Error(message);
              error.status = response.status;
              throw error;
            }
            return response;
          }

          function sessionPath(id) { return "/api/sessions/" + encodeURIComponent(id); }

          function metaText(session) {
            return session.id + " · " + session.steps + " step" + (session.steps === 1 ? "" : "s") + (session.source === "watch" ? " · watched" : "") + (session.error ? " · invalid" : "");
          }

          async function loadSessions() {
            const body = await (await api("/api/sessions")).json();
            state.sessions = body.sessions;
            // A watched file that became invalid (or valid again) says so above its diagrams.
            const shown = state.sessions.find((s) => s.id === state.session);
            if (shown) { notice(shown.error || ""); }
            const list = $("sessions");
            list.replaceChildren();
            for (const session of state.sessions) {
              const item = document.createElement("li");
              item.dataset.id = session.id;
              if (state.session === session.id) { item.classList.add("selected"); }
              const name = document.createElement("div");
              name.textContent = session.name;
              const meta = document.createElement("div");
              meta.className = "meta";
              meta.textContent = metaText(session);
              item.append(name, meta);
              item.addEventListener("click", () => selectSession(session.id));
              list.append(item);
            }
            // (Not after the followed session went: the page says so and leaves the choice; it jumped to another, a trial.)
            if (!state.session && !state.lost && state.sessions.length) {
              const wanted = fragment.get("session");
              const first = state.sessions.find((s) => s.id === wanted) || state.sessions[0];
              selectSession(first.id, false, first.id === wanted ? wantedStep() : null);
            }
          }

          /// The step the address names (`#session=ID&step=N`), or null.
          function wantedStep() {
            const text = fragment.get("step");
            return text !== null && /^\d+$/.test(text) ? Number(text) : null;
          }

          async function selectSession(id, keepStep, wanted) {
            cancelSoon();
            state.lost = null;
            if (state.stream) { state.stream.abort(); state.stream = null; }
            if (state.list) { state.list.abort(); state.list = null; }
            const previous = state.session === id ? state.selected : -1;
            const wasAtEnd = state.session === id && state.selected === state.steps.length - 1;
            // The step shown before a watched file broke (its session then holds fewer steps), shown again once it is
            // fixed: it went to the last step (a trial).
            const kept = state.session === id ? state.kept : null;
            state.kept = null;
            state.session = id;
            for (const item of $("sessions").children) { item.classList.toggle("selected", item.dataset.id === id); }
            const summary = state.sessions.find((s) => s.id === id);
            const run = await (await api(sessionPath(id) + "/run")).json();
            if (state.session !== id) { return; }
            state.steps = run.steps;
            $("title").textContent = run.scenario;
            notice(summary && summary.error ? summary.error : "");
            const links = $("links");
            links.replaceChildren();
            for (const [label, path] of [["run.json", "/run"], ["flow.svg", "/flow.svg"]]) {
              const link = document.createElement("a");
              link.textContent = label;
              link.addEventListener("click", () => openBlob(sessionPath(id) + path));
              links.append(link);
            }
            renderTimeline();
            const last = state.steps.length - 1;
            if (wanted !== null && wanted !== undefined && wanted <= last) { select(wanted); }
            else if (keepStep && kept !== null && kept <= last) { select(kept); }
            else {
              if (keepStep && !wasAtEnd && previous > last) { state.kept = kept !== null ? kept : previous; }
              else if (keepStep && kept !== null) { state.kept = kept; }
              select(keepStep && !wasAtEnd && previous >= 0 && previous <= last ? previous : last);
            }
            follow(id, last);
          }

          async function openBlob(path) {
            const blob = await (await api(path)).blob();
            window.open(URL.createObjectURL(blob), "_blank");
          }

          function renderTimeline() {
            const timeline = $("timeline");
            timeline.replaceChildren();
            for (const step of state.steps) { timeline.append(stepButton(step)); }
          }

          function stepButton(step) {
            const button = document.createElement("button");
            button.type = "button";
            button.dataset.index = step.index;
            button.className = step.status + (step.failures ? " failed" : "");
            button.textContent = step.index + " · " + step.op;
            const line = document.createElement("span");
            line.className = "v";
            line.textContent = (step.visible === null ? "nothing" : step.visible) + (step.status === "ok" ? "" : " · " + step.status);
            button.append(line);
            button.title = step.status + (step.message ? ": " + step.message : "");
            button.addEventListener("click", () => select(step.index));
            return button;
          }

          // Scrolls the timeline (only it: the page stays where the reader is) so that a step's button is whole. Again
          // when the timeline's width changes: the page's scroll bar, coming with the diagrams, had clipped the last
          // button of a long session.
          function reveal(button) {
            if (!button) { return; }
            const timeline = $("timeline");
            const [outer, inner] = [timeline.getBoundingClientRect(), button.getBoundingClientRect()];
            if (inner.left < outer.left) { timeline.scrollLeft -= outer.left - inner.left + 4; }
            else if (inner.right > outer.right) { timeline.scrollLeft += inner.right - outer.right + 4; }
          }
          new ResizeObserver(() => reveal($("timeline").querySelector("button.selected"))).observe($("timeline"));
          // navviz has no service worker: one registered here by another server that held this address is removed.
          if (navigator.serviceWorker) {
            navigator.serviceWorker.getRegistrations().then((all) => all.forEach((one) => one.unregister())).catch(() => {});
          }

          function select(index) {
            cancelSoon();
            if (!state.session || index < 0 || index >= state.steps.length) { return; }
            state.selected = index;
            const step = state.steps[index];
            for (const button of $("timeline").children) { button.classList.toggle("selected", Number(button.dataset.index) === index); }
            reveal($("timeline").children[index]);
            const address = "#" + new URLSearchParams({ session: state.session, step: String(index) }).toString();
            if (location.hash !== address) { history.replaceState(null, "", address); fragment = new URLSearchParams(address.slice(1)); }
            $("caption").textContent = (index === 0 ? "Initial state" : index + ". " + step.op) + " · " + step.status + " · visible: " + (step.visible === null ? "nothing" : step.visible) + (step.note ? " — " + step.note : "");
            $("message").textContent = [step.message].concat(step.failures || []).filter(Boolean).join("\n");
            const events = $("events");
            events.replaceChildren();
            for (const event of step.events) {
              const item = document.createElement("li");
              item.textContent = event.controller + "." + event.callback;
              events.append(item);
            }
            const base = sessionPath(state.session);
            showImage("state-img", base + "/states/" + index + ".svg", index);
            $("transition-figure").hidden = index === 0;
            if (index > 0) { showImage("transition-img", base + "/transitions/" + index + ".svg", index); }
          }

          async function showImage(id, path, index) {
            const image = $(id);
            image.dataset.loaded = "0";
            image.dataset.step = index;
            try {
              const blob = await (await api(path)).blob();
              if (state.selected !== index) { return; }
              if (state.urls[id]) { URL.revokeObjectURL(state.urls[id]); }
              state.urls[id] = URL.createObjectURL(blob);
              image.onload = () => { zoomer.reload(image); image.dataset.loaded = "1"; };
              image.src = state.urls[id];
            } catch (error) {
              if (state.selected === index) { image.alt = error.message; }
            }
          }

          // Server-Sent Events over fetch (EventSource cannot send the Authorization header).
          async function stream(path, onEvent, signal) {
            const response = await api(path, { signal: signal });
            // What happened before the stream was open never comes down it (a session posted while the page proved the
            // token or connected, or while the daemon was being restarted): read the list again once it is open.
            refreshListSoon();
            const reader = response.body.getReader();
            const decoder = new TextDecoder();
            let buffer = "";
            $("live").classList.add("on");
            try {
              for (;;) {
                const { value, done } = await reader.read();
                if (done) { break; }
                buffer += decoder.decode(value, { stream: true });
                let end;
                while ((end = buffer.indexOf("\n\n")) >= 0) {
                  const block = buffer.slice(0, end);
                  buffer = buffer.slice(end + 2);
                  const event = { type: "message", data: "" };
                  for (const line of block.split("\n")) {
                    if (line.startsWith("event: ")) { event.type = line.slice(7); }
                    else if (line.startsWith("data: ")) { event.data += line.slice(6); }
                  }
                  if (event.data) { onEvent(event.type, JSON.parse(event.data)); }
                }
              }
            } finally {
              $("live").classList.remove("on");
              // A stream that ended, however (the daemon stopped): whoever answers next proves it knows the token first
              // (a security review: the list's stream kept the old proof, and its reconnect sent the token to the next
              // program on the port).
              proof = null;
            }
          }

          // One stream a page: the followed session's steps and every session's news (a browser gives a host six
          // connections; with two streams a tab, three tabs left none for the diagrams, which stayed a step behind).
          function follow(id, after) {
            const controller = new AbortController();
            state.stream = controller;
            stream(sessionPath(id) + "/events?sessions=all&after=" + after, (type, data) => {
              if (type !== "step") { listEvent(type, data); return; }
              if (state.session !== id || data.index !== state.steps.length) { return; }
              const atEnd = (state.following ?? state.selected) === state.steps.length - 1;
              state.steps.push(data);
              $("timeline").append(stepButton(data));
              const session = state.sessions.find((s) => s.id === id);
              const item = [...$("sessions").children].find((li) => li.dataset.id === id);
              if (session && item) {
                session.steps = data.index;
                item.querySelector(".meta").textContent = metaText(session);
              }
              if (atEnd) { selectSoon(data.index); }
            }, controller.signal).catch(() => {}).finally(() => {
              proof = null;
              if (state.stream === controller) { resume(id, controller); }
            });
          }

          // Steps that come fast are followed to the last one: its diagrams drawn, not every one's on the way (a trial's 300
          // steps made the page ask for 600 diagrams, and the app posting them waited for the daemon to draw them).
          // The step to follow to is kept apart from the one shown: a key moves from what is on screen, and stops following
          // (a review: a key during the wait did nothing, and a session chosen meanwhile was drawn with the other's step).
          let selectTimer = null;
          function selectSoon(index) {
            state.following = index;
            if (selectTimer) { return; }
            selectTimer = setTimeout(() => { selectTimer = null; const index = state.following; state.following = null; select(index); }, 150);
          }
          function cancelSoon() {
            if (selectTimer) { clearTimeout(selectTimer); selectTimer = null; }
            state.following = null;
          }

          // What a session no longer followed showed goes, so no key asks for its diagrams (a trial's page asked for session
          // 'null' after the last session was deleted).
          function clearView() {
            cancelSoon();
            state.steps = [];
            state.selected = -1;
            $("title").textContent = "No session selected";
            for (const id of ["caption", "message"]) { $(id).textContent = ""; }
            for (const id of ["timeline", "events", "links"]) { $(id).replaceChildren(); }
            for (const id of ["state-img", "transition-img"]) { $(id).removeAttribute("src"); $(id).alt = ""; }
            $("transition-figure").hidden = true;
            for (const item of $("sessions").children) { item.classList.remove("selected"); }
          }

          // A followed session's stream ended (the daemon stopped, or restarted): its run read again, not its steps from
          // where they were, as a daemon restarted without the session may hold another of that id (an app relaunched: a
          // trial's page kept the old 8 steps and dropped the new ones); one gone is said, and the list followed instead.
          function resume(id, controller) {
            setTimeout(() => {
              if (state.stream !== controller || state.session !== id) { return; }
              selectSession(id, true).catch((error) => {
                if (state.session !== id) { return; }
                if (error.status === 404) {
                  state.lost = id;
                  state.session = null;
                  state.stream = null;
                  clearView();
                  refreshListSoon();
                  watchSessions();
                  notice("Session '" + id + "' is gone: the daemon no longer has it (it restarted without it, or the session was deleted). Choose another.");
                } else {
                  state.stream = controller;
                  notice("The daemon does not answer (" + error.message + "): trying again every 2 s.");
                  resume(id, controller);
                }
              });
            }, 2000);
          }

          let listTimer = null;
          function refreshListSoon() {
            if (listTimer) { return; }
            listTimer = setTimeout(() => { listTimer = null; loadSessions().catch((error) => notice(error.message)); }, 300);
          }

          function listEvent(type, data) {
            refreshListSoon();
            if (type === "session") {
              // The summary the event carries is the session's now (its error, when a watched file is invalid).
              const index = state.sessions.findIndex((s) => s.id === data.id);
              if (index >= 0) { state.sessions[index] = data; } else { state.sessions.push(data); }
            }
            // The session that went, back (the app relaunched after its daemon restarted): followed again.
            if (type === "session" && !state.session && data.id === state.lost) {
              state.lost = null;
              selectSession(data.id, false).catch((error) => notice(error.message));
            } else if (type === "session" && data.id === state.session && data.source === "watch") {
              selectSession(data.id, true); // the watched file changed: show it again, same step
            } else if (type === "deleted" && data.id === state.session) {
              // Said and cleared, as a session gone after a restart is (it stayed drawn, unsaid: a trial).
              state.session = null;
              state.lost = data.id;
              if (state.stream) { state.stream.abort(); state.stream = null; }
              clearView();
              notice("Session '" + data.id + "' was deleted. Choose another.");
              watchSessions();
            }
          }

          // Every session's news while no session is followed (a followed session's stream carries it then).
          function watchSessions() {
            if (state.session || state.list) { return; }
            const controller = new AbortController();
            state.list = controller;
            stream("/api/events", listEvent, controller.signal).catch(() => {}).finally(() => {
              if (state.list === controller) { state.list = null; setTimeout(watchSessions, 2000); }
            });
          }

          document.addEventListener("keydown", (event) => {
            if (event.key === "ArrowLeft") { select(state.selected - 1); event.preventDefault(); }
            else if (event.key === "ArrowRight") { select(state.selected + 1); event.preventDefault(); }
            else if (event.key === "Home") { select(0); }
            else if (event.key === "End") { select(state.steps.length - 1); }
          });

          // A link pasted or edited by hand: go to the session and step it names.
          window.addEventListener("hashchange", () => {
            fragment = new URLSearchParams(location.hash.slice(1));
            // The address with the token pasted into this tab (after a reload asked for it): a fragment changes no page, so
            // load it again, to read the token and take it out of the address (it stayed there, a review).
            if (fragment.get("token")) { location.reload(); return; }
            const id = fragment.get("session"), step = wantedStep();
            if (id && id !== state.session && state.sessions.some((s) => s.id === id)) { selectSession(id, false, step); }
            else if (id === state.session && step !== null) { select(step); }
          });

          loadSessions().catch((error) => notice(error.message));
          watchSessions();
        })();
        </script>
        </body>
        </html>
        """#
}
