// Generated from Sources/WearablesServer/Resources by ServerResourcesGoldenTests; do not edit.
// After changing a file there: GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden

extension ServerResources {
    /// Each file's path under Sources/WearablesServer/Resources, and its text.
    static let files: [(path: String, text: String)] = [
        (
            "dashboard/app.css",
            #"""
:root {
  --bg: #f6f7f9; --panel: #fff; --ink: #1b1f24; --muted: #59636e; --line: #d0d7de;
  --accent: #0b5cad; --bad: #b3261e; --good: #1a7f37; --warn: #9a6700;
  font: 15px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--bg); color: var(--ink); }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 1.5rem; padding: .5rem 1rem; background: var(--ink); color: #fff; }
header h1 { font-size: 1.1rem; margin: 0; }
header p { margin: 0; }
main { display: grid; gap: 1rem; padding: 1rem; grid-template-columns: repeat(2, minmax(0, 1fr)); align-items: start; }
.column { display: flex; flex-direction: column; gap: 1rem; min-width: 0; }
#offline { margin: 0; padding: .5rem 1rem; background: var(--bad); color: #fff; font-weight: 600; position: sticky; top: 0; z-index: 2; }
body.offline main { filter: grayscale(1); opacity: .55; }
body.offline #clock { text-decoration: line-through; }
.field { display: inline-flex; align-items: center; gap: .3rem; white-space: nowrap; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; min-width: 0; }
h2 { font-size: 1rem; margin: 0 0 .5rem; }
h3 { font-size: .95rem; margin: .5rem 0; }
.hint { color: var(--muted); margin: .25rem 0; }
.hint:empty { display: none; }
fieldset { border: 1px solid var(--line); border-radius: 4px; margin: .5rem 0; padding: .5rem; display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
legend { font-weight: 600; padding: 0 .25rem; }
label { color: var(--muted); }
input[type=number] { width: 5.5rem; }
button, select, input, textarea { font: inherit; }
button { border: 1px solid var(--accent); background: #fff; color: var(--accent); border-radius: 4px; padding: .2rem .6rem; cursor: pointer; }
button:hover { background: #eaf2fb; }
button:disabled { opacity: .45; cursor: default; background: #fff; }
:focus-visible { outline: 3px solid #f0a000; outline-offset: 1px; }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: .15rem 1rem; margin: .25rem 0; padding: 0; list-style: none; }
.facts li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 .5rem; border-bottom: 1px dotted var(--line); min-width: 0; }
.facts b { font-weight: 600; }
.device { border-top: 1px solid var(--line); padding-top: .5rem; }
.state-ok { color: var(--good); }
.state-bad { color: var(--bad); }
.state-warn { color: var(--warn); }
#previews { display: flex; flex-wrap: wrap; gap: .75rem; }
figure.preview { margin: 0; position: relative; }
figure.preview[data-state="stopped"] img, figure.preview[data-state="paused"] img { opacity: .3; }
.preview-state { position: absolute; left: 0; right: 0; top: 40%; margin: 0; padding: .4rem; text-align: center; background: rgba(0, 0, 0, .7); color: #fff; font-weight: 600; }
figure.preview img { display: block; width: 216px; height: 384px; object-fit: contain; background: #000; }
figure.preview figcaption { font-size: .85rem; color: var(--muted); }
/* The previews give way to a lens beside them (their captions wrap rather than push it below),
   and take the row when no display is shown. */
.screens { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-start; }
.screens #previews { flex: 0 1 216px; min-width: 0; }
.screens:has(#lenses:empty) #previews { flex-grow: 1; }
.screens #previews:empty { display: none; }
#lenses { display: flex; flex-wrap: wrap; gap: .75rem; flex: none; max-width: 100%; }
/* The lens: laid out at its 600 x 600 lens pixels (display-css.js), shown at half size. */
figure.lens-view { margin: 0; }
.lens-frame { width: 300px; height: 300px; overflow: hidden; background: #000; border-radius: 6px; }
.lens { width: 600px; height: 600px; transform: scale(.5); transform-origin: 0 0; overflow: hidden; color: #fff; }
figure.lens-view[data-state="stopped"] .lens-frame { outline: 2px dashed var(--line); outline-offset: -2px; }
figure.lens-view figcaption { font-size: .85rem; color: var(--muted); max-width: 300px; }
.lens-card { background: rgb(38, 38, 44); border-radius: 20px; }
.lens-text.lens-primary { color: #fff; }
.lens-text.lens-secondary { color: rgb(164, 164, 176); }
.lens-text { overflow-wrap: normal; }
.lens button.lens-button { margin: 0; border: 0; border-radius: 24px; color: #fff; cursor: pointer; }
.lens button.lens-primary { background: rgb(0, 100, 224); }
.lens button.lens-secondary { background: rgb(70, 70, 80); }
.lens button.lens-outline { background: transparent; box-shadow: inset 0 0 0 2px rgb(220, 220, 230); }
.lens button.lens-button:hover { filter: brightness(1.2); }
.lens button.lens-button:focus-visible, .lens-tappable:focus-visible { outline: 4px solid #f0a000; }
.lens-tappable { cursor: pointer; }
.lens-button-icon, .lens-icon { display: inline-flex; align-items: center; justify-content: center; border: 2px solid currentColor; border-radius: 50%; box-sizing: border-box; font-weight: bold; }
.lens-button-icon { width: 24px; height: 24px; flex: none; font-size: 14px; }
.lens-icon { font-size: 16px; }
.lens-image { background: rgb(64, 64, 72); }
.lens-radius-small { border-radius: 8px; } .lens-radius-medium { border-radius: 16px; }
.lens-video { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 16px; background: rgb(20, 20, 24); font: 64px 'DejaVu Sans', sans-serif; }
.lens-video-url { font-size: 18px; color: rgb(164, 164, 176); max-width: 560px; overflow-wrap: anywhere; text-align: center; }
.lens-video-controls { display: flex; flex-wrap: wrap; gap: .3rem; margin: .25rem 0; max-width: 300px; }
.pad { display: inline-flex; flex-wrap: wrap; gap: .3rem; }
.light { display: inline-flex; align-items: center; gap: .3rem; font-weight: 600; color: var(--muted); }
.light::before { content: ""; width: .8rem; height: .8rem; border-radius: 50%; background: var(--line); }
.light.on { color: var(--good); }
.light.on::before { background: #2da44e; box-shadow: 0 0 6px #2da44e; }
#motion-sparkline { width: 240px; max-width: 100%; height: 60px; background: #0d1117; border-radius: 4px; }
#motion-sparkline polyline { fill: none; stroke-width: 1.5; }
#motion-sparkline .pitch { stroke: #58a6ff; }
#motion-sparkline .roll { stroke: #f0a000; }
#motion-sparkline .axis { stroke: #30363d; stroke-width: 1; }
#motion-reading { flex-basis: 100%; font-size: .85rem; }
#speech-text { width: 14rem; max-width: 100%; }
#handsfree-device { max-width: 100%; }
#voice-requests { margin: 0; padding-left: 1.2rem; flex-basis: 100%; font-size: .88rem; }
#console-output { height: 16rem; overflow: auto; background: #0d1117; color: #e6edf3; padding: .5rem; margin: 0 0 .5rem; border-radius: 4px; white-space: pre-wrap; }
#console-output .input { color: #7ee787; }
#console-output .error { color: #ff7b72; }
#console-form { display: flex; flex-wrap: wrap; gap: .4rem; align-items: flex-end; }
#console-form label { flex-basis: 100%; }
#console-input { flex: 1; min-width: 12rem; font-family: ui-monospace, monospace; }
#photos { display: flex; flex-wrap: wrap; gap: .75rem; list-style: none; padding: 0; margin: 0; }
#photos img { display: block; width: 96px; height: 96px; object-fit: cover; border: 1px solid var(--line); }
#photos li { font-size: .85rem; max-width: 12rem; overflow-wrap: anywhere; }
#recordings { list-style: none; padding: 0; margin: 0; display: grid; gap: .5rem; }
#recordings li { font-size: .85rem; overflow-wrap: anywhere; }
#recordings audio, #recordings video { display: block; width: min(100%, 24rem); }
#audio-log { max-height: 10rem; overflow: auto; margin: 0; padding: 0; list-style: none; font-size: .88rem; }
#audio-log time { color: var(--muted); }
#timeline { max-height: 20rem; overflow: auto; margin: 0; padding: 0 0 0 .25rem; list-style: none; font-size: .88rem; }
#timeline li { border-bottom: 1px dotted var(--line); padding: .1rem 0; }
#timeline time { color: var(--muted); display: inline-block; min-width: 4.5rem; font-variant-numeric: tabular-nums; }
#timeline .kind { display: inline-block; min-width: 5.5rem; font-weight: 600; }
#timeline .error .kind { color: var(--bad); }
#recipes { display: grid; gap: .5rem; }
#recipe-choice { margin: .25rem 0; }
form.recipe { border-top: 1px solid var(--line); padding-top: .4rem; }
form.recipe h3 { margin: .2rem 0; }
.recipe-param { display: flex; flex-wrap: wrap; gap: .15rem .5rem; align-items: baseline; margin: .2rem 0; }
.recipe-param label { min-width: 6rem; font-weight: 600; }
.recipe-param input { width: 8rem; }
.recipe-param .hint { flex-basis: 100%; font-size: .85rem; margin: 0; }
.recipe-actions { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin: .3rem 0; }
.field-error { color: var(--bad); flex-basis: 100%; margin: 0; }
.field-error:empty { display: none; }
@media (max-width: 900px) {
  main { grid-template-columns: minmax(0, 1fr); padding: .5rem; }
  /* One column: the two columns' sections interleave, the controls next to what they change. */
  .column { display: contents; }
  #preview-section { order: 1; } #devices-section { order: 2; } #handsfree-section { order: 3; } #photos-section { order: 4; }
  #console-section { order: 5; } #recordings-section { order: 6; } #recipes-section { order: 7; } #audio-section { order: 8; }
  #timeline-section { order: 9; }
  figure.preview img { width: 162px; height: 288px; }
}

"""#
        ),
        (
            "dashboard/app.js",
            #"""
// The dashboard: a client of the wire protocol (docs/protocol.md) in the page.
// It holds its own WebSocket, says hello, mirrors the world from the hello and
// the events after it, and drives the world with the same commands a script
// sends (open_session, start_camera, capture, mock, console). Frames and photos
// arrive as binary messages. Plain DOM code: no build step, nothing fetched
// from elsewhere (the server's Content-Security-Policy allows only itself).
// The display panel (display.js, over display-css.js) and the hands-free panel
// (handsfree.js) are loaded before this file and called from it.
"use strict";

const token = document.querySelector('meta[name="glasses-token"]').content;
const $ = (id) => document.getElementById(id);

const world = {
  speed: 1, time: 0, helloAt: 0, simulator: false,
  online: false,           // between a hello and the socket's close: while false, the world's clock stands still
  devices: new Map(),      // id -> the device's fields as the wire sends them
  mock: new Map(),         // id -> the pair's mock state (powered, bandwidth_kbps, ...)
  permissions: {},
  sessions: new Map(),     // device -> "none" | "opening" | "running" | "paused" | "ended: ..." | "closed"
  streams: new Map(),      // stream -> { device, settings, state, view }
  ownStreams: new Set(),   // every stream this page started: a late frame of a stopped one is not another client's
  cameraState: new Map(),  // device -> what its camera does, for the panel
};

/// Frame timestamp to paint, in wall milliseconds, for scripts/bench (read with page.evaluate).
/// worldNow lets tests wait on the world's clock rather than the wall's.
/// clockTicks counts the page's clock timer, so a test can wait for ticks rather than for time.
window.glassesDashboard = { latencies: [], framesPainted: 0, clockTicks: 0, worldNow: () => worldNow() };

// MARK: Connection

let socket;
let nextId = 1;
const pending = new Map(); // command id -> { resolve, reject, label }
/// The wait before the next attempt to connect: it doubles after each failure, up to the
/// most, so a server that is away for long is not hammered, and one that comes back
/// soon is found soon. A hello resets it.
const retry = { first: 500, most: 5000, delay: 500 };

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/v1/ws?token=${token}`);
  socket.binaryType = "arraybuffer";
  socket.onopen = () => socket.send(JSON.stringify({ type: "hello", protocol: 2, client: "dashboard" }));
  socket.onmessage = (message) => {
    if (typeof message.data === "string") receive(JSON.parse(message.data));
    else receiveBinary(message.data);
  };
  socket.onclose = disconnected;
}

/// The server went away (or refused the page): what the page shows is no longer live, so
/// it says so, greys out, stops the clock, and tries again with backoff. A refusal of the
/// token (a policy-violation close) is named: a restarted server may have a new token.
function disconnected(close) {
  if (world.online) {
    world.time = worldNow();
    world.online = false;
    log("disconnected", `code ${close.code}${close.reason ? ": " + close.reason : ""}`, true);
    showClock();
  }
  for (const waiter of pending.values()) waiter.reject({ domain: "protocol", code: "closed", message: "the connection closed" });
  pending.clear();
  for (const entry of world.streams.values()) if (entry.view) showStreamState(entry.view, "stopped", "stream stopped: disconnected from the server");
  const why = close.code === 1008
    ? `the server refused this page's token (${close.reason || "policy violation"}); it may have restarted with a new one: open the address it printed`
    : "the server is not answering";
  const seconds = retry.delay / 1000;
  setConnection("disconnected", "state-bad");
  document.body.classList.add("offline");
  $("offline").textContent = `Disconnected from server: ${why}. Retrying in ${seconds} s…`;
  $("offline").hidden = false;
  setTimeout(connect, retry.delay);
  retry.delay = Math.min(retry.delay * 2, retry.most);
}

function setConnection(text, style) {
  const element = $("connection");
  element.textContent = text;
  element.className = style || "";
}

/// Sends a command and resolves with its reply (or, for capture, the photo).
function command(type, fields, label) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, label: label || type });
    socket.send(JSON.stringify({ type, id, ...fields }));
  });
}

/// A command started by a control: a failure goes to the timeline, not to an unhandled rejection.
function act(type, fields, label) {
  return command(type, fields, label).catch((error) => {
    log("error", `${label || type}: ${error.domain}.${error.code}: ${error.message}`, true);
    return null;
  });
}

function receive(message) {
  switch (message.type) {
    case "hello": return hello(message);
    case "reply": {
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      if (message.ok) waiter.resolve(message); else waiter.reject(message.error);
      return;
    }
    case "error":
      log("error", `server: ${message.error.code}: ${message.error.message}`, true);
      return;
    case "device": return updateDevice(message.device, message.info);
    case "device_removed":
      world.devices.delete(message.device);
      $(`device-${message.device}`)?.remove();
      forgetLens(message.device);
      removeHandsFree(message.device);
      log("device", `${message.device} removed`);
      return;
    case "mock_glasses": return updateMock(message.glasses);
    case "permission":
      world.permissions[message.permission] = message.status;
      renderPermissions();
      log("permission", `${message.permission} ${message.status}`);
      return;
    case "registration": return log("registration", message.state);
    case "bandwidth": return log("bandwidth", `${message.device}: ${Math.round(message.kbps)} kbps`);
    case "session": return sessionEvent(message);
    case "frames_dropped": return;  // the preview counts gaps in the frame index itself
    case "audio_route": return showAudioRoute(message.audio);
    case "file_saved":
      log("file", `saved ${message.file.name} (${message.file.kind}, ${message.file.bytes} bytes)`);
      return addSavedFile(message.file);
    case "input_event": case "inputs_error": case "transcription": case "speech_error": case "speech_complete":
    case "speech_locale": case "voice_invocation": case "voice_error":
      return capabilityEvent(message);
  }
}

function hello(message) {
  if (world.helloAt) forgetWorld();
  retry.delay = retry.first;
  document.body.classList.remove("offline");
  $("offline").hidden = true;
  world.online = true;
  world.speed = message.speed;
  world.time = message.time;
  world.helloAt = performance.now();
  world.simulator = message.world === "simulator";
  world.permissions = message.permissions || {};
  setConnection(`connected: ${message.world}, ${message.speed}× speed, ${message.registration}`, "state-ok");
  for (const device of message.devices) updateDevice(device.id, device, true);
  for (const glasses of message.mock || []) updateMock(glasses, true);
  renderPermissions();
  log("connected", `${message.devices.length} device(s), world time ${message.time.toFixed(1)} s`);
  // Other clients' streams (a script over --connect) show here too, thinned by the server.
  act("watch_previews", { watch: true }, "watch previews");
  act("audio_route", {}, "audio route").then((reply) => reply && showAudioRoute(reply.audio));
  loadRecipes();
  loadSavedFiles();
}

/// Before the hello of a new connection: what the page knew of the world is stale (the
/// server may have restarted), so it goes, and the hello and the reads after it fill it in again.
function forgetWorld() {
  for (const map of [world.devices, world.mock, world.sessions, world.cameraState]) map.clear();
  for (const entry of world.streams.values()) entry.view?.figure.remove();
  world.streams.clear();
  // A new server numbers its streams from 1 again: an old number is not this page's any more.
  world.ownStreams.clear();
  $("devices").replaceChildren();
  $("preview-empty").hidden = false;
  forgetLenses();
  forgetHandsFree();
  recipeRuns.clear();
  clearInterval(recipePoll);
  recipePoll = null;
}

// MARK: Audio

const ports = (list) => list.map((port) => `${port.type} (${port.name}, ${port.sample_rate / 1000} kHz)`).join(", ") || "none";

/// The phone's route now; a change (it has a reason) also goes to the route-change log and the timeline.
function showAudioRoute(route) {
  $("audio-inputs").textContent = ports(route.inputs);
  $("audio-outputs").textContent = ports(route.outputs);
  $("audio-state").textContent = route.interrupted ? "interrupted" : route.active ? "active" : "inactive";
  if (!route.reason) return;
  const text = `${route.reason}: in ${ports(route.inputs)}; out ${ports(route.outputs)}`;
  $("audio-log").prepend(element("li", {}, [element("time", { textContent: `${worldNow().toFixed(1)} s ` }), document.createTextNode(text)]));
  log("audio", text);
}

/// The world's run time now, from the hello's time and speed; while disconnected, the
/// time it was when the connection dropped.
function worldNow() {
  if (!world.online) return world.time;
  return world.time + (performance.now() - world.helloAt) / 1000 * world.speed;
}

// MARK: Devices

const deviceFields = ["link", "battery", "charging", "don", "hinge", "thermal", "compatibility"];

function updateDevice(id, info, quiet) {
  const before = world.devices.get(id);
  world.devices.set(id, info);
  if (!world.sessions.has(id)) world.sessions.set(id, "none");
  const panel = devicePanel(id, info);
  for (const field of deviceFields) setFact(panel, field, field === "battery" ? `${info.battery}%` : info[field]);
  if (before && !quiet) {
    const changes = deviceFields.filter((field) => before[field] !== info[field])
      .map((field) => `${field} ${before[field]} → ${info[field]}`);
    if (changes.length) log("device", `${id}: ${changes.join(", ")}`);
  }
}

function updateMock(glasses, quiet) {
  const before = world.mock.get(glasses.id);
  world.mock.set(glasses.id, glasses);
  showDisplay(glasses, quiet);
  showHandsFree(glasses, before, quiet);
  const panel = $(`device-${glasses.id}`);
  if (!panel) return;
  setFact(panel, "powered", glasses.powered ? "on" : "off");
  setFact(panel, "bandwidth", `${Math.round(glasses.bandwidth_kbps)} kbps`);
  if (before && !quiet && before.powered !== glasses.powered) log("mock", `${glasses.id}: power ${glasses.powered ? "on" : "off"}`);
}

function setFact(panel, field, value) {
  const element = panel.querySelector(`[data-field="${field}"]`);
  if (!element) return;
  element.textContent = value;
  element.className = factStyle(field, value);
}

function factStyle(field, value) {
  const good = { link: "connected", hinge: "open", don: "donned", thermal: "none", compatibility: "compatible",
    session: "running", camera: "streaming", powered: "on" };
  if (!(field in good)) return "";
  if (value === good[field]) return "state-ok";
  return String(value).startsWith("ended") || value === "disconnected" || value === "closed" ? "state-bad" : "state-warn";
}

/// A device's panel, built once so that focus and typed values survive updates.
function devicePanel(id, info) {
  let panel = $(`device-${id}`);
  if (panel) return panel;
  panel = element("article", { id: `device-${id}`, className: "device", "aria-label": `${info.name} (${id})` });
  panel.append(element("h3", { textContent: `${info.name} — ${id}` }));
  const facts = element("ul", { className: "facts", "aria-label": `${id} state` });
  for (const field of [...deviceFields, "powered", "bandwidth", "session", "camera"]) {
    const value = element("b", { textContent: "…" });
    value.dataset.field = field;
    facts.append(element("li", {}, [element("span", { textContent: field }), value]));
  }
  panel.append(facts);
  panel.append(sessionControls(id));
  if (world.simulator) panel.append(mockControls(id));
  $("devices").append(panel);
  setFact(panel, "session", world.sessions.get(id) || "none");
  setFact(panel, "camera", world.cameraState.get(id) || "off");
  return panel;
}

function sessionControls(id) {
  const box = element("fieldset", {}, [element("legend", { textContent: "Session and camera" })]);
  box.append(
    button("Open session", () => openSession(id)),
    button("Close session", () => closeSession(id)),
  );
  const resolution = labelled(box, `resolution-${id}`, "Resolution", element("select", {}, ["low", "medium", "high"].map((name) => element("option", { textContent: name }))));
  const fps = labelled(box, `fps-${id}`, "fps", element("select", {}, [2, 7, 15, 24, 30].map((rate) => element("option", { textContent: String(rate), selected: rate === 15 }))));
  box.append(
    button("Start camera", () => startCamera(id, resolution.value, Number(fps.value))),
    button("Stop camera", () => stopCameras(id)),
    button("Restart stream", () => restartStream(id, resolution.value, Number(fps.value))),
    button("Capture photo", () => capture(id)),
  );
  return box;
}

function mockControls(id) {
  const box = element("fieldset", {}, [element("legend", { textContent: "Mock controls" })]);
  const mock = (action, fields, label) => act("mock", { action, device: id, ...fields }, label || action)
    .then((reply) => reply && log("mock", `${id}: ${label || action}`));
  for (const [action, label] of [["fold", "Fold"], ["unfold", "Unfold"], ["power_off", "Power off"], ["power_on", "Power on"],
    ["doff", "Doff"], ["don", "Don"], ["tap", "Tap"]]) {
    box.append(button(label, () => mock(action, {}, label.toLowerCase())));
  }
  const battery = labelled(box, `battery-${id}`, "Battery %", element("input", { type: "number", min: 0, max: 100, value: 80 }));
  box.append(button("Set battery", () => mock("battery", { level: Number(battery.value) }, `battery ${battery.value}%`)));
  const thermal = labelled(box, `thermal-${id}`, "Thermal", element("select", {},
    ["none", "light", "moderate", "severe", "critical"].map((name) => element("option", { textContent: name }))));
  box.append(button("Set thermal", () => mock("thermal", { thermal: thermal.value }, `thermal ${thermal.value}`)));
  const seconds = labelled(box, `disconnect-${id}`, "Disconnect s", element("input", { type: "number", min: 1, max: 600, value: 5 }));
  box.append(button("Disconnect", () => mock("disconnect", { seconds: Number(seconds.value) }, `disconnect ${seconds.value} s`)));
  const kbps = labelled(box, `bandwidth-${id}`, "Bandwidth kbps", element("input", { type: "number", min: 0, max: 100000, value: 2500 }));
  box.append(button("Set bandwidth", () => mock("bandwidth", { kbps: Number(kbps.value) }, `bandwidth ${kbps.value} kbps`)));
  return box;
}

function renderPermissions() {
  $("permissions").textContent = Object.entries(world.permissions).map(([name, status]) => `${name}: ${status}`).join(", ");
}

// MARK: Sessions and cameras

function setSession(device, state) {
  world.sessions.set(device, state);
  const panel = $(`device-${device}`);
  if (panel) setFact(panel, "session", state);
  log("session", `${device}: ${state}`, state.startsWith("ended"));
}

function setCamera(device, state) {
  world.cameraState.set(device, state);
  const panel = $(`device-${device}`);
  if (panel) setFact(panel, "camera", state);
}

async function openSession(device) {
  setSession(device, "opening");
  // A session the glasses never accept gets no reply at all (docs/protocol.md): say what to try.
  const slow = setTimeout(() => setSession(device, "opening: no answer (stuck after a quick restart? Power off, then on)"), 5000);
  const reply = await act("open_session", { device }, `open session on ${device}`);
  clearTimeout(slow);
  setSession(device, reply ? "running" : "none");
  return reply;
}

async function closeSession(device) {
  await stopCameras(device);
  if (await act("close_session", { device })) setSession(device, "closed");
}

async function startCamera(device, resolution, fps) {
  const reply = await act("start_camera", { device, resolution, fps }, `start camera on ${device}`);
  if (!reply) return null;
  world.streams.set(reply.stream, { device, resolution, fps, view: null });
  world.ownStreams.add(reply.stream);
  setCamera(device, "streaming");
  log("camera", `${device}: stream ${reply.stream} started (${resolution}@${fps})`);
  return reply.stream;
}

async function stopCameras(device) {
  for (const [stream, entry] of world.streams) {
    if (entry.device !== device) continue;
    world.streams.delete(stream);
    entry.view?.figure.remove();
    URL.revokeObjectURL(entry.view?.shown || "");
    await act("stop_camera", { stream });
    log("camera", `${device}: stream ${stream} stopped`);
  }
  setCamera(device, "off");
  $("preview-empty").hidden = world.streams.size > 0;
}

/// Brings a stream back after a fold, a power cycle or a drop: a session if it has none, then a new stream.
async function restartStream(device, resolution, fps) {
  await stopCameras(device);
  const session = world.sessions.get(device);
  if (session !== "running" && session !== "paused") {
    if (!(await openSession(device))) return;
  }
  await startCamera(device, resolution, fps);
}

function sessionEvent(message) {
  const device = message.device;
  switch (message.event) {
    case "paused":
      setSession(device, "paused");
      setCamera(device, "paused");
      showDeviceStreams(device, "paused", "paused: the session is paused");
      break;
    case "resumed":
      setSession(device, "running");
      if (world.cameraState.get(device) === "paused") setCamera(device, "streaming");
      showDeviceStreams(device, "streaming", "");
      break;
    case "stream_ended":
      setCamera(device, `ended: ${message.stream_error?.code || "stopped"}`);
      showDeviceStreams(device, "stopped", `stream stopped: ended: ${message.stream_error?.code || "stopped"}`);
      log("camera", `${device}: stream ended (${message.stream_error?.message || "no error"})`, true);
      break;
    case "ended": {
      const why = message.error?.code || message.stream_error?.code || "closed";
      setSession(device, `ended: ${why}`);
      setCamera(device, `ended: ${message.stream_error?.code || why}`);
      showDeviceStreams(device, "stopped", `stream stopped: session ended: ${why}`);
      break;
    }
  }
}

async function capture(device) {
  log("capture", `${device}: photo requested`);
  const photo = await act("capture", { device, format: "jpeg", width: 720, height: 1280 }, `capture on ${device}`);
  if (photo) log("capture", `${device}: photo ${photo.header.id} (${photo.header.width}×${photo.header.height})`);
}

// MARK: Binary messages: frames and photos

function receiveBinary(buffer) {
  const length = new DataView(buffer).getUint32(0, false);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, length)));
  const payload = new Uint8Array(buffer, 4 + length);
  if (header.type === "frame") return frame(header, payload);
  if (header.type === "photo") {
    const waiter = pending.get(header.id);
    pending.delete(header.id);
    const blob = new Blob([payload], { type: header.format === "jpeg" ? "image/jpeg" : `image/${header.format}` });
    addPhoto(header, blob);
    waiter?.resolve({ header, blob });
  }
}

/// Each stream's latest frame is painted on the next animation frame; frames that
/// arrive in between replace it (the preview's rate is capped at the display's).
function frame(header, payload) {
  let entry = world.streams.get(header.stream);
  if (!entry && world.ownStreams.has(header.stream)) return;
  if (!entry) {
    entry = { device: `another client's stream ${header.stream}`, foreign: true, view: null };
    world.streams.set(header.stream, entry);
    log("camera", `${entry.device}: watching`);
  }
  const view = entry.view || (entry.view = previewView(header.stream, entry));
  // A frame still on its way when the stream ended is not live: the preview stays stopped.
  if (view.figure.dataset.state === "stopped") return;
  view.seen += 1;
  view.first ??= header.index;
  view.last = header.index;
  view.arrivals.push(performance.now());
  view.lastArrival = performance.now();
  view.size = `${header.width}×${header.height}`;
  if (view.pending) URL.revokeObjectURL(view.pending.url);
  view.pending = { url: URL.createObjectURL(new Blob([payload], { type: "image/jpeg" })), timestamp: header.timestamp, index: header.index };
  if (!view.scheduled) {
    view.scheduled = true;
    requestAnimationFrame(() => paint(view));
  }
}

function previewView(stream, entry) {
  const image = element("img", { alt: `Camera preview of ${entry.device}, stream ${stream}` });
  const caption = element("figcaption", { textContent: "…" });
  const overlay = element("p", { className: "preview-state", role: "status", hidden: true });
  const figure = element("figure", { className: "preview" }, [image, overlay, caption]);
  figure.dataset.stream = stream;
  figure.dataset.state = "streaming";
  $("previews").append(figure);
  $("preview-empty").hidden = true;
  const view = { figure, image, caption, overlay, seen: 0, first: null, last: null, arrivals: [], pending: null, shown: null, scheduled: false };
  image.onload = () => {
    if (view.paintedTimestamp != null) {
      const latencies = window.glassesDashboard.latencies;
      latencies.push((worldNow() - view.paintedTimestamp) / world.speed * 1000);
      if (latencies.length > 10000) latencies.shift();
      window.glassesDashboard.framesPainted += 1;
    }
  };
  return view;
}

function paint(view) {
  view.scheduled = false;
  const next = view.pending;
  if (!next) return;
  view.pending = null;
  if (view.shown) URL.revokeObjectURL(view.shown);
  view.shown = next.url;
  view.paintedTimestamp = next.timestamp;
  view.image.src = next.url;
  view.figure.dataset.index = next.index;
  showCaption(view);
}

/// The caption's fps counts the frames of the last second, so it falls to 0 when frames
/// stop for whatever reason (the page's timer calls this between frames too).
function showCaption(view) {
  const now = performance.now();
  while (view.arrivals.length && view.arrivals[0] < now - 1000) view.arrivals.shift();
  const dropped = view.last - view.first + 1 - view.seen;
  const entry = world.streams.get(Number(view.figure.dataset.stream));
  view.caption.textContent = `${entry?.device || ""} ${view.size} · ${view.arrivals.length} fps · ${view.seen} seen · ${dropped} dropped`;
}

/// Says over a preview what its stream does when it is not live ("paused", "stopped"),
/// dimming the last frame, so that a still picture is never taken for a live one.
function showStreamState(view, state, text) {
  view.figure.dataset.state = state;
  view.overlay.textContent = text;
  view.overlay.hidden = state === "streaming";
  if (state === "streaming") return;
  view.arrivals = [];
  if (view.pending) URL.revokeObjectURL(view.pending.url);
  view.pending = null;
  if (view.size) showCaption(view);
}

/// Shows `state` over the previews of `device`'s streams; a resume brings back only
/// the paused ones, never a stream that ended.
function showDeviceStreams(device, state, text) {
  for (const entry of world.streams.values()) {
    if (entry.device !== device || !entry.view) continue;
    if (state === "streaming" && entry.view.figure.dataset.state !== "paused") continue;
    showStreamState(entry.view, state, text);
  }
}

/// Another client's stream has no stop this page hears of: its preview goes when its frames stop.
function forgetStalledPreviews() {
  for (const [stream, entry] of world.streams) {
    if (!entry.foreign || !entry.view || performance.now() - entry.view.lastArrival < 3000) continue;
    world.streams.delete(stream);
    entry.view.figure.remove();
    log("camera", `${entry.device}: no frames for 3 s, preview closed`);
  }
  $("preview-empty").hidden = world.streams.size > 0;
}

// MARK: Photos

function addPhoto(header, blob) {
  const url = URL.createObjectURL(blob);
  const name = `photo-${header.id}.${header.format === "jpeg" ? "jpg" : header.format}`;
  const thumbnail = element("img", { src: url, alt: `Photo ${header.id}, ${header.width}×${header.height}, at ${header.timestamp.toFixed(1)} s` });
  const item = element("li", {}, [
    element("a", { href: url, target: "_blank", rel: "noopener", title: "Full size" }, [thumbnail]),
    element("a", { href: url, download: name, textContent: `Download ${name}` }),
  ]);
  $("photos").prepend(item);
  $("photos-empty").hidden = true;
}

/// What the consoles and their recipes saved before this page connected; later ones come as `file_saved`.
async function loadSavedFiles() {
  try {
    const response = await fetch(`/v1/files?token=${token}`);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    for (const file of (await response.json()).files) addSavedFile(file);
  } catch (error) {
    log("error", `listing saved files: ${error.message}`, true);
  }
}

const shownFiles = new Set();
const browserImage = /\.(jpe?g|png)$/i;
const browserVideo = /\.(mp4|m4v|mov)$/i;

/// A saved file in the gallery: photos and frames as thumbnails (a HEIC or PPM, which
/// browsers do not show, as a download), sound recordings with a player.
function addSavedFile(file) {
  if (shownFiles.has(file.name)) return;
  shownFiles.add(file.name);
  const url = `/v1/files/${file.name.split("/").map(encodeURIComponent).join("/")}?token=${token}`;
  const base = file.name.split("/").pop();
  const download = element("a", { href: url, download: base, textContent: `Download ${file.name}` });
  if (file.kind === "recording") {
    // Video recordings are MPEG-4 Part 2, which browsers do not decode: those are downloads.
    const shown = browserVideo.test(file.name)
      ? element("span", { textContent: `${file.name}: a video (MPEG-4 Part 2) for a desktop player such as VLC or mpv` })
      : element("audio", { controls: true, preload: "metadata", src: url, "aria-label": `Recording ${file.name}` });
    $("recordings").prepend(element("li", {}, [shown, download]));
    $("recordings-empty").hidden = true;
    return;
  }
  const shown = browserImage.test(file.name)
    ? element("a", { href: url, target: "_blank", rel: "noopener", title: "Full size" },
      [element("img", { src: url, alt: `Saved ${file.kind} ${file.name}` })])
    : element("span", { textContent: `${file.name} (this browser cannot show it)` });
  $("photos").prepend(element("li", { className: "saved" }, [shown, download]));
  $("photos-empty").hidden = true;
}

// MARK: Console

const consoleHistory = [];
let consoleHistoryAt = 0;

function consoleWrite(text, style) {
  if (!text) return;
  const output = $("console-output");
  output.append(element("span", { className: style || "", textContent: text.endsWith("\n") ? text : text + "\n" }));
  output.scrollTop = output.scrollHeight;
}

async function runConsole(code) {
  if (!code.trim()) return;
  consoleHistory.push(code);
  consoleHistoryAt = consoleHistory.length;
  consoleWrite(code.split("\n").map((line, index) => (index ? ">> " : "> ") + line).join("\n"), "input");
  try {
    const reply = await command("console", { code });
    consoleWrite(reply.output);
    consoleWrite(reply.error_output, "error");
  } catch (error) {
    consoleWrite(`${error.domain}.${error.code}: ${error.message}`, "error");
  }
}

async function completeConsole(input) {
  const before = input.value.slice(0, input.selectionStart);
  const word = (before.match(/[A-Za-z_.][\w.:]*$/) || [""])[0];
  let candidates;
  try { candidates = (await command("complete", { word })).completions; } catch { return; }
  if (!candidates.length) { $("console-completions").textContent = "no completion"; return; }
  let common = candidates[0];
  for (const candidate of candidates) while (!candidate.startsWith(common)) common = common.slice(0, -1);
  input.setRangeText(common, before.length - word.length, before.length, "end");
  $("console-completions").textContent = candidates.length > 1 ? candidates.join("  ") : "";
}

function setUpConsole() {
  const input = $("console-input");
  $("console-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const code = input.value;
    input.value = "";
    $("console-completions").textContent = "";
    runConsole(code);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      $("console-form").requestSubmit();
    } else if (event.key === "Tab" && !event.shiftKey && input.value.trim()) {
      event.preventDefault();
      completeConsole(input);
    } else if ((event.key === "ArrowUp" || event.key === "ArrowDown") && !input.value.includes("\n", 0) && consoleHistory.length) {
      event.preventDefault();
      consoleHistoryAt = Math.max(0, Math.min(consoleHistory.length, consoleHistoryAt + (event.key === "ArrowUp" ? -1 : 1)));
      input.value = consoleHistory[consoleHistoryAt] ?? "";
    }
  });
}

// MARK: Timeline

const timelineWindow = 5 * 60 * 1000;

function log(kind, text, isError) {
  const list = $("timeline");
  const item = element("li", { className: isError ? "error" : "" }, [
    element("time", { textContent: `${worldNow().toFixed(1)} s` }),
    element("span", { className: "kind", textContent: kind }),
    document.createTextNode(" " + text),
  ]);
  item.dataset.at = performance.now();
  list.prepend(item);
  const oldest = performance.now() - timelineWindow;
  while (list.lastChild && (Number(list.lastChild.dataset.at) < oldest || list.children.length > 500)) list.lastChild.remove();
}

// MARK: Recipes

// The recipes panel runs Lua in this page's console of the served world (the
// `console` command), with the `recipes` module a script uses: `recipes.list` and
// `recipes.info` describe them, and `recipes.run` starts one after the same checker
// as `glasses recipe run --param`, so the page never re-implements the rules. Started
// handles live in the console's `_dashboard_recipes`; their status is polled while
// any runs. Lua prints records as tab-separated lines of escaped fields.

const recipeEscape = `local function e(v) return (tostring(v == nil and "" or v):gsub("[\\\\\\t\\n]", {["\\\\"] = "\\\\\\\\", ["\\t"] = "\\\\t", ["\\n"] = "\\\\n"})) end\n`;
const recipeRuns = new Map(); // handle number -> { name, status }
let recipePoll = null;
/// A poll waits behind the console's other inputs (one runs at a time): while one is
/// out, the next tick skips, so a long input never piles polls up behind it.
let recipePolling = false;

/// A console input's printed records: one array of unescaped fields per line.
function recipeRecords(output) {
  return output.split("\n").filter((line) => line).map((line) => line.split("\t").map((field) =>
    field.replace(/\\(.)/g, (_, c) => (c === "t" ? "\t" : c === "n" ? "\n" : c))));
}

/// `text` as a Lua string literal: everything but letters, digits and spaces as \u{...}.
function luaString(text) {
  return '"' + [...text].map((c) => (/[A-Za-z0-9 ]/.test(c) ? c : `\\u{${c.codePointAt(0).toString(16)}}`)).join("") + '"';
}

async function recipeLua(code) {
  const reply = await command("console", { code: recipeEscape + code }, "recipes");
  if (reply.error_output) throw { domain: "recipes", code: "lua", message: reply.error_output.trim() };
  return recipeRecords(reply.output);
}

async function loadRecipes() {
  let records;
  try {
    records = await recipeLua(`for _, r in ipairs(recipes.list()) do
  print("R", e(r.name), e(r.description), e(r.origin), e(r.version))
  for _, p in ipairs(recipes.info(r.name).params) do print("P", e(p.name), e(p.type), e(p.default), e(p.doc), e(p.summary)) end
end`);
  } catch (error) {
    $("recipes-empty").textContent = `The recipes could not be listed: ${error.message}`;
    return;
  }
  const recipes = [];
  for (const [kind, ...fields] of records) {
    if (kind === "R") recipes.push({ name: fields[0], description: fields[1], origin: fields[2], version: fields[3], params: [] });
    else if (kind === "P" && recipes.length) {
      const [name, type, fallback, doc, summary] = fields;
      recipes[recipes.length - 1].params.push({ name, type, fallback, doc, summary });
    }
  }
  $("recipes-empty").textContent = recipes.length ? "" : "No recipe found on the server's recipe search path.";
  const picker = $("recipe-picker");
  const chosen = picker.value;
  picker.replaceChildren(...recipes.map((recipe) => element("option", { value: recipeSlug(recipe), textContent: recipe.name })));
  if (recipes.some((recipe) => recipeSlug(recipe) === chosen)) picker.value = chosen;
  $("recipe-choice").hidden = recipes.length === 0;
  $("recipes").replaceChildren(...recipes.map(recipeForm));
  showChosenRecipe();
}

/// One recipe's form at a time, the one the picker names: a form per recipe, all shown,
/// would push everything below the panel thousands of pixels down.
function showChosenRecipe() {
  const chosen = $("recipe-picker").value;
  for (const form of $("recipes").children) form.hidden = form.id !== `recipe-${chosen}`;
}

const recipeSlug = (recipe) => recipe.name.replace(/[^A-Za-z0-9_-]/g, "_");

/// A recipe's form: one labelled field per parameter (an enum is a select), its
/// summary and doc as the field's description, start and stop, and the run's status.
function recipeForm(recipe) {
  const slug = recipeSlug(recipe);
  const form = element("form", { className: "recipe", id: `recipe-${slug}`, "aria-labelledby": `recipe-${slug}-title` });
  form.append(
    element("h3", { id: `recipe-${slug}-title`, textContent: recipe.name }),
    element("p", { className: "hint", textContent: `${recipe.description} (${recipe.origin}, ${recipe.version})` }));
  const fields = new Map();
  for (const param of recipe.params) {
    const id = `recipe-${slug}-${param.name}`;
    const row = element("div", { className: "recipe-param" });
    let control;
    if (param.type === "enum") {
      control = element("select", {}, param.summary.split(",")[0].split("|").map((value) =>
        element("option", { value, textContent: value, selected: value === param.fallback })));
    } else if (param.type === "boolean") {
      control = element("select", {}, ["true", "false"].map((value) =>
        element("option", { value, textContent: value, selected: value === param.fallback })));
    } else {
      control = element("input", { type: "text", value: param.fallback, spellcheck: false, autocomplete: "off" });
    }
    labelled(row, id, param.name, control);
    const about = element("span", { id: `${id}-about`, className: "hint", textContent: `${param.summary}${param.doc ? ": " + param.doc : ""}` });
    const problem = element("span", { id: `${id}-error`, className: "field-error", role: "alert" });
    control.setAttribute("aria-describedby", `${id}-about ${id}-error`);
    row.append(about, problem);
    form.append(row);
    fields.set(param.name, { control, problem });
  }
  const problem = element("p", { className: "field-error", id: `recipe-${slug}-error`, role: "alert" });
  const status = element("output", { className: "recipe-status", id: `recipe-${slug}-status`, "aria-live": "polite", textContent: "not started" });
  const stop = button("Stop", () => stopRecipe(form));
  stop.disabled = true;
  const start = element("button", { type: "submit", textContent: "Start" });
  form.append(element("div", { className: "recipe-actions" }, [start, stop,
    element("span", { textContent: "status " }), status]), problem);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    startRecipe(form, recipe, fields, problem, start, stop, status);
  });
  return form;
}

async function startRecipe(form, recipe, fields, problem, start, stop, status) {
  for (const field of fields.values()) { field.problem.textContent = ""; field.control.removeAttribute("aria-invalid"); }
  problem.textContent = "";
  const params = [...fields].map(([name, field]) => `[${luaString(name)}] = ${luaString(field.control.value)}`).join(", ");
  start.disabled = true;
  let records;
  try {
    records = await recipeLua(`_dashboard_recipes = _dashboard_recipes or {}
local ok, handle = pcall(recipes.run, ${luaString(recipe.name)}, {${params}})
if ok then
  _dashboard_recipes[#_dashboard_recipes + 1] = handle
  print("OK", #_dashboard_recipes, e(handle.status))
else
  print("ERR", e(handle))
end`);
  } catch (error) {
    records = [["ERR", error.message]];
  }
  const [kind, first, second] = records[0] || ["ERR", "no reply from the console"];
  if (kind !== "OK") {
    start.disabled = false;
    // The checker names the parameter it refused: its message goes to that field.
    const message = first.replace(/^[^:]*:\d+: /, "");
    const field = fields.get((message.match(/parameter '([^']+)'/) || message.match(/--param ([^=\s]+)=/) || [])[1]);
    if (field) {
      field.problem.textContent = message;
      field.control.setAttribute("aria-invalid", "true");
      field.control.focus();
    } else {
      problem.textContent = message;
    }
    log("recipe", `${recipe.name} refused: ${message}`, true);
    return;
  }
  const run = { name: recipe.name, status: second, statusView: status, start, stop };
  form.dataset.handle = first;
  recipeRuns.set(first, run);
  showRecipeStatus(run, second);
  stop.disabled = false;
  log("recipe", `${recipe.name} started (${second})`);
  recipePoll ??= setInterval(pollRecipes, 1000);
}

function showRecipeStatus(run, status) {
  run.status = status;
  run.statusView.textContent = status;
  run.statusView.className = "recipe-status " + (status === "running" ? "state-ok" : status === "failed" || status === "gave_up" ? "state-bad" : "");
  const over = status !== "starting" && status !== "running";
  run.start.disabled = !over;
  run.stop.disabled = over;
}

/// Reads the status of the runs still going; a finished run leaves the poll.
async function pollRecipes() {
  const open = [...recipeRuns].filter(([, run]) => run.status === "starting" || run.status === "running").map(([handle]) => handle);
  if (!open.length) { clearInterval(recipePoll); recipePoll = null; return; }
  if (recipePolling) return;
  recipePolling = true;
  let records;
  try {
    records = await recipeLua(`for _, n in ipairs({${open.join(", ")}}) do
  local handle = (_dashboard_recipes or {})[n]
  print(n, handle and e(handle.status) or "stopped")
end`);
  } catch (error) {
    return;
  } finally {
    recipePolling = false;
  }
  for (const [handle, status] of records) {
    const run = recipeRuns.get(handle);
    if (run && run.status !== status) {
      showRecipeStatus(run, status);
      log("recipe", `${run.name}: ${status}`, status === "failed" || status === "gave_up");
    }
  }
}

async function stopRecipe(form) {
  const handle = form.dataset.handle;
  const run = recipeRuns.get(handle);
  if (!run) return;
  run.stop.disabled = true;
  try {
    const records = await recipeLua(`local handle = (_dashboard_recipes or {})[${Number(handle)}]
if handle then handle:stop() end
print(handle and e(handle.status) or "stopped")`);
    showRecipeStatus(run, records[0]?.[0] || "stopped");
    log("recipe", `${run.name}: ${run.status}`);
  } catch (error) {
    run.stop.disabled = false;
    log("error", `stopping ${run.name}: ${error.message}`, true);
  }
}

// MARK: DOM helpers

function element(tag, properties, children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(properties || {})) {
    if (key.startsWith("aria-")) node.setAttribute(key, value); else node[key] = value;
  }
  for (const child of children || []) node.append(child);
  return node;
}

function button(text, action) {
  const node = element("button", { type: "button", textContent: text });
  node.addEventListener("click", action);
  return node;
}

/// Appends a control with its label to `box`, the two in one unbreakable group so that
/// a wrapping row never puts a label at one line's end and its control on the next.
function labelled(box, id, text, control) {
  control.id = id;
  box.append(element("span", { className: "field" }, [element("label", { htmlFor: id, textContent: text }), control]));
  return control;
}

/// The world's time; while disconnected it stands still, and says why.
function showClock() {
  if (world.helloAt) $("clock").textContent = `world time ${worldNow().toFixed(1)} s${world.online ? "" : " (stopped: disconnected)"}`;
}

function setUpWorldControls() {
  $("permission-set").addEventListener("click", () => {
    const permission = $("permission-name").value, status = $("permission-status").value;
    act("mock", { action: "permissions", permission, status }, `permission ${permission} ${status}`);
  });
  $("phone-call").addEventListener("click", () => {
    const seconds = Number($("call-seconds").value);
    act("mock", { action: "phone_call", seconds }, "phone call").then((reply) => reply && log("audio", `phone call for ${seconds} s`));
  });
  setInterval(() => {
    window.glassesDashboard.clockTicks += 1;
    showClock();
    for (const entry of world.streams.values()) if (entry.view?.size) showCaption(entry.view);
    forgetStalledPreviews();
    readMotion();
  }, 500);
}

setUpConsole();
setUpWorldControls();
setUpHandsFree();
$("recipe-picker").addEventListener("change", showChosenRecipe);
connect();

"""#
        ),
        (
            "dashboard/display-css.js",
            #"""
// DAT's display components as DOM flexbox: the CSS mapping of docs/display.md ("CSS
// mapping"), one copy for two users. The dashboard draws the lens of a served world
// with it, and scripts/test-display-layout loads this same file into Chromium to lay
// out its random trees, whose boxes must match the Swift engine's (WearablesDisplay)
// within 0.5 px: the mapping the page uses is the one the engine is tested against.
//
// A tree is the wire's component (`WireComponent`, docs/protocol.md):
// `{type, props, children}`, props in snake_case holding only what differs from DAT's
// defaults. Sizes are DisplayMetrics' (Sources/WearablesDisplay/Layout/DisplayMetrics.swift).
"use strict";

(function (global) {
  const metrics = {
    viewport: 600,
    fontSize: { heading: 28, body: 22, meta: 18 },
    lineHeight: 1.25,
    buttonHeight: 48, buttonPadding: 24, buttonIconSize: 24, buttonIconGap: 8, buttonGroupSpacing: 12,
    iconSize: 32, imageIconSize: 48, unknownImageHeightPerWidth: 9 / 16,
    cornerRadius: { none: 0, small: 8, medium: 16 }, cardCornerRadius: 20,
  };

  /// Main-axis alignment: `stretch` has no CSS counterpart there and lays out as `start`.
  const justify = (alignment) => ({ center: "center", end: "flex-end" })[alignment] || "flex-start";
  /// Cross-axis alignment: DAT's default `start` is not CSS's `stretch`, so it is always set.
  const align = (alignment) => (alignment === "stretch" ? "stretch" : justify(alignment));

  /// A padding prop: a number for every edge, or edges by name (the most specific wins).
  function padding(value) {
    if (value == null) return [0, 0, 0, 0];
    if (typeof value === "number") return [value, value, value, value];
    const pick = (edge, axis) => value[edge] ?? value[axis] ?? value.all ?? 0;
    return [pick("top", "vertical"), pick("trailing", "horizontal"), pick("bottom", "vertical"), pick("leading", "horizontal")];
  }

  /// What every node carries as a flex item: grow 0 and shrink 1 unless set (CSS's defaults).
  function itemStyle(props, fallbackAlignSelf) {
    const style = { boxSizing: "border-box", flexGrow: String(props.flex_grow ?? 0), flexShrink: String(props.flex_shrink ?? 1) };
    const alignSelf = props.align_self ?? fallbackAlignSelf;
    if (alignSelf) style.alignSelf = align(alignSelf);
    return style;
  }

  const directions = { column: "column", row: "row", columnReverse: "column-reverse", rowReverse: "row-reverse" };

  function flexBoxStyle(props) {
    const [top, trailing, bottom, leading] = padding(props.padding);
    return {
      display: "flex", flexDirection: directions[props.direction ?? "column"], gap: `${props.spacing ?? 0}px`,
      justifyContent: justify(props.alignment), alignItems: align(props.cross_alignment ?? "start"),
      flexWrap: props.wrap ? "wrap" : "nowrap", alignContent: "flex-start",
      padding: `${top}px ${trailing}px ${bottom}px ${leading}px`,
    };
  }

  /// A button group: a row across its parent (stretched unless `align_self` says otherwise).
  function buttonGroupStyle(props) {
    return {
      display: "flex", flexDirection: "row", gap: `${metrics.buttonGroupSpacing}px`,
      justifyContent: justify(props.alignment ?? "center"), alignItems: "center", flexWrap: "nowrap",
    };
  }

  /// The display's text: DejaVu Sans with unhinted advances, no kerning or ligatures.
  function textStyle(style) {
    return {
      fontFamily: "'DejaVu Sans', sans-serif", fontSize: `${metrics.fontSize[style ?? "body"]}px`,
      fontWeight: style === "heading" ? "bold" : "normal", lineHeight: String(metrics.lineHeight),
      fontKerning: "none", fontVariantLigatures: "none",
    };
  }

  /// A box of exactly this size, never stretched or shrunk (icons, icon-preset images).
  const fixed = (width, height) => ({ width: `${width}px`, height: `${height}px`, minWidth: `${width}px`, minHeight: `${height}px` });

  /// The leaves' own sizes (LeafMeasure): a button's width is its content's, never less.
  function leafStyle(type, props) {
    switch (type) {
      case "text": return textStyle(props.style);
      case "button":
        return {
          ...textStyle("body"), display: "flex", alignItems: "center", justifyContent: "center", whiteSpace: "nowrap",
          gap: `${metrics.buttonIconGap}px`, padding: `0 ${metrics.buttonPadding}px`,
          height: `${metrics.buttonHeight}px`, minHeight: `${metrics.buttonHeight}px`,
        };
      case "icon": return fixed(metrics.iconSize, metrics.iconSize);
      case "image":
        if ((props.size_preset ?? "icon") === "icon") return fixed(metrics.imageIconSize, metrics.imageIconSize);
        return { width: `${metrics.viewport}px`, maxWidth: "100%", minWidth: "0", aspectRatio: `${1} / ${metrics.unknownImageHeightPerWidth}` };
      default: return {};
    }
  }

  /// The style of `spec` laid out as a child of a node of type `parentType`; the root
  /// (`parentType` null) is the lens, 600 x 600 at the page's origin.
  function style(spec, parentType) {
    const props = spec.props || {};
    const item = itemStyle(props, spec.type === "button_group" ? "stretch" : undefined);
    const lens = parentType === null ? { width: `${metrics.viewport}px`, height: `${metrics.viewport}px` } : {};
    switch (spec.type) {
      case "flexbox": return { ...lens, ...item, ...flexBoxStyle(props) };
      case "button_group": return { ...item, ...buttonGroupStyle(props) };
      case "video": return { ...lens, ...item };
      default: return { ...item, ...leafStyle(spec.type, props) };
    }
  }

  /// Builds the tree as elements with `data-id` (an explicit id, else the path: root,
  /// root.2, root.2.1). `make(spec, path)` returns a node's element (its look, its
  /// content); the layout style is set here, then the children are appended in order.
  /// `leafStyle(spec)`, when given and not null, replaces a leaf's own size (the
  /// differential test's leaves of made-up sizes); the flex item's knobs stay.
  function build(spec, make, leafStyle, path = "root", parentType = null) {
    const node = make(spec, path);
    node.dataset.id = spec.props?.id ?? path;
    const own = leafStyle?.(spec);
    Object.assign(node.style, own ? { ...itemStyle(spec.props || {}), ...own } : style(spec, parentType));
    (spec.children || []).forEach((child, index) => node.append(build(child, make, leafStyle, `${path}.${index + 1}`, spec.type)));
    return node;
  }

  global.GlassesDisplay = { metrics, style, build };
})(globalThis);

"""#
        ),
        (
            "dashboard/display.js",
            #"""
// The display panel, beside the camera preview: the lens of each pair of Meta Ray-Ban
// Display glasses in the served world, drawn by the browser from the tree the server
// sends (`mock_glasses`'s `display`) with the CSS mapping the Swift layout is tested
// against (display-css.js). A button, or a flexbox with on_tap, is clickable: a click
// is the mock's `display_click` (MockDisplayKit sendClick, as `glasses.display:click(id)`),
// so the script's callback runs and what it shows next arrives like any change.
"use strict";

const lenses = new Map(); // device -> { figure, lens, caption, video, shown }

/// Draws a pair's lens when what it shows changed; glasses without a display have none.
function showDisplay(glasses, quiet) {
  const display = glasses.display;
  if (!display) return;
  const view = lenses.get(glasses.id) || lensView(glasses.id);
  const shown = JSON.stringify(display);
  if (view.shown === shown) return;
  const before = view.shown ? JSON.parse(view.shown) : null;
  view.shown = shown;
  drawLens(view, glasses.id, display);
  const change = displayChange(before, display);
  if (!quiet && change) log("display", `${glasses.id}: ${change}`);
}

/// What changed on a lens, in words for the timeline ("" when nothing a person sees did).
function displayChange(before, after) {
  const changes = [];
  if (Boolean(before?.on) !== after.on) changes.push(after.on ? "started" : "stopped");
  if (JSON.stringify(before?.tree) !== JSON.stringify(after.tree)) {
    changes.push(after.tree ? `shows ${displayTexts(after.tree).join(" · ") || after.tree.type}` : "cleared");
  }
  if (Boolean(before?.playing) !== after.playing) changes.push(after.playing ? "video playing" : "video not playing");
  return changes.join(", ");
}

/// The words a tree shows (texts and button labels), in order.
function displayTexts(spec) {
  const own = spec.props?.content ?? spec.props?.label;
  return [...(own ? [own] : []), ...(spec.children || []).flatMap(displayTexts)];
}

function lensView(device) {
  const lens = element("div", { className: "lens", role: "group", "aria-label": `What the display of ${device} shows` });
  const frame = element("div", { className: "lens-frame" }, [lens]);
  const caption = element("figcaption", { textContent: "…" });
  const video = element("p", { className: "lens-video-controls", hidden: true }, [
    button("Video ended", () => endVideo(device, "ended")),
    button("Video stopped", () => endVideo(device, "stopped")),
    button("Video error", () => endVideo(device, "error")),
  ]);
  const figure = element("figure", { className: "lens-view", id: `lens-${device}` }, [frame, caption, video]);
  $("lenses").append(figure);
  const view = { figure, lens, caption, video, shown: null };
  lenses.set(device, view);
  return view;
}

function drawLens(view, device, display) {
  view.figure.dataset.state = display.on ? "started" : "stopped";
  view.figure.dataset.playing = String(display.playing);
  const tree = display.tree ? GlassesDisplay.build(display.tree, (spec, path) => lensElement(spec, path, device)) : null;
  view.lens.replaceChildren(...(tree ? [tree] : []));
  view.caption.textContent = `Display of ${device}: ${display.on ? "started" : "stopped"}`
    + `${display.tree ? "" : ", nothing shown"}${display.playing ? ", video playing" : ""}`;
  view.video.hidden = !display.playing;
}

/// A component's element and look; display-css.js sets its layout.
function lensElement(spec, path, device) {
  const props = spec.props || {};
  const id = props.id ?? path;
  switch (spec.type) {
    case "flexbox": {
      const box = element("div", { className: `lens-box${props.background === "card" ? " lens-card" : ""}` });
      if (props.tappable) {
        box.classList.add("lens-tappable");
        box.setAttribute("role", "button");
        box.setAttribute("aria-label", `Tap ${id}`);
        box.tabIndex = 0;
        box.addEventListener("click", (event) => { event.stopPropagation(); clickDisplay(device, id); });
        box.addEventListener("keydown", (event) => {
          if (event.target === box && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); clickDisplay(device, id); }
        });
      }
      return box;
    }
    case "text":
      return element("div", { className: `lens-text lens-${props.color ?? "primary"}`, textContent: props.content ?? "" });
    case "button": {
      const node = element("button", { type: "button", className: `lens-button lens-${props.style ?? "primary"}` });
      if (props.icon) node.append(element("span", { className: "lens-button-icon", textContent: iconMark(props.icon), "aria-hidden": "true" }));
      node.append(element("span", { textContent: props.label ?? "" }));
      node.addEventListener("click", (event) => { event.stopPropagation(); clickDisplay(device, id); });
      return node;
    }
    case "icon":
      return element("span", { className: "lens-icon", textContent: iconMark(props.name), title: props.name, role: "img", "aria-label": `icon ${props.name}` });
    case "image":
      return element("div", { className: `lens-image lens-radius-${props.corner_radius ?? "none"}`, title: props.uri ?? "", role: "img", "aria-label": `image ${props.uri ?? ""}` });
    case "video":
      return element("div", { className: "lens-video" }, [element("span", { textContent: "▶", "aria-hidden": "true" }),
        element("span", { className: "lens-video-url", textContent: props.url ?? "" })]);
    default:
      return element("div", {});
  }
}

/// DAT's icon artwork is not public: the lens shows an icon's initial in a ring (the renderer's fallback).
const iconMark = (name) => (name || "?").charAt(0).toUpperCase();

function clickDisplay(device, target) {
  act("mock", { action: "display_click", device, target }, `display click ${target}`)
    .then((reply) => reply && log("display", `${device}: clicked ${target}`));
}

function endVideo(device, video) {
  act("mock", { action: "display_video", device, video }, `video ${video}`)
    .then((reply) => reply && log("display", `${device}: video ${video}`));
}

function forgetLens(device) {
  lenses.get(device)?.figure.remove();
  lenses.delete(device);
}

function forgetLenses() {
  for (const device of [...lenses.keys()]) forgetLens(device);
}

"""#
        ),
        (
            "dashboard/handsfree.js",
            #"""
// The hands-free panel: DAT 1.0's Inputs, Motion, Speech and voice invocations, driven
// through the mock as a script's `glasses.input`, `glasses.motion`, `glasses.speech` and
// `glasses.voice` drive them (the `mock` command: MockInputKit, MockMotionKit,
// MockSpeechKit, MockVoiceInvocationKit). What the glasses deliver comes back as events
// (`input_event`, `transcription`, `voice_invocation`, ...) and the mock's state
// (`speech_listening`, `voice_requests`, `motion_pose`), all onto the timeline; motion
// samples do not cross the wire, so the sparkline reads them from
// `GET /v1/devices/{device}/motion`.
"use strict";

const handsFree = {
  /// Glasses whose IMU answered `no_motion`: not asked again.
  noMotion: new Set(),
  /// A motion read is out: the next tick skips rather than piling reads up.
  reading: false,
};

const inputPad = [
  ["Up", { kind: "nav", direction: "up" }], ["Down", { kind: "nav", direction: "down" }],
  ["Left", { kind: "nav", direction: "left" }], ["Right", { kind: "nav", direction: "right" }],
  ["Select", { kind: "select" }], ["Back", { kind: "back" }],
  ["Short press", { kind: "capture", press: "shortPress" }], ["Hold", { kind: "capture", press: "hold" }],
  ["Double press", { kind: "capture", press: "doublePress" }], ["Action button", { kind: "button", button: "action" }],
];
/// A drag across the pad: down, a move, up (DAT `DragAction`), in normalised pad coordinates.
const drag = [
  { drag: "down", x: 0.2, y: 0.5, dx: 0, dy: 0 }, { drag: "move", x: 0.6, y: 0.5, dx: 0.4, dy: 0 }, { drag: "up", x: 0.6, y: 0.5, dx: 0, dy: 0 },
];
const poses = [["Level", "level"], ["Look up", "lookingUp"], ["Look down", "lookingDown"], ["Tilt left", "tiltedLeft"],
  ["Tilt right", "tiltedRight"], ["Nod", "nodding"]];

const chosenGlasses = () => $("handsfree-device").value;

function setUpHandsFree() {
  const pad = $("input-buttons");
  for (const [label, fields] of inputPad) pad.append(button(label, () => sendInput(label, fields)));
  pad.append(button("Drag", sendDrag));
  for (const [label, pose] of poses) $("pose-buttons").append(button(label, () => sendPose(label, pose)));
  $("speech-partial").addEventListener("click", () => say(false));
  $("speech-final").addEventListener("click", () => say(true));
  $("voice-launch").addEventListener("click", heyMeta);
  $("handsfree-device").addEventListener("change", () => {
    const glasses = world.mock.get(chosenGlasses());
    if (glasses) showHandsFreeState(glasses);
    drawSparkline([]);
  });
}

/// A mock command for the chosen glasses; the reply (their mock state) refreshes the panel.
async function handsFreeMock(action, fields, label) {
  const device = chosenGlasses();
  if (!device) return null;
  return act("mock", { action, device, ...fields }, label);
}

async function sendInput(label, fields) {
  const source = fields.kind === "nav" || fields.kind === "select" || fields.kind === "back" ? { source: $("input-source").value } : {};
  if (await handsFreeMock("input", { ...fields, ...source }, `input ${label}`)) log("input", `${chosenGlasses()}: sent ${label.toLowerCase()}`);
}

async function sendDrag() {
  for (const step of drag) if (!(await handsFreeMock("input", { kind: "drag", ...step }, `drag ${step.drag}`))) return;
  log("input", `${chosenGlasses()}: sent a drag`);
}

async function sendPose(label, pose) {
  if (await handsFreeMock("motion_feed", { pose }, `pose ${pose}`)) log("motion", `${chosenGlasses()}: pose ${pose}`);
}

async function say(final) {
  const text = $("speech-text").value;
  if (!text.trim()) { $("speech-error").textContent = "Type what the wearer says first."; return; }
  $("speech-error").textContent = "";
  if (await handsFreeMock("speech", { text, final }, "speech")) log("speech", `${chosenGlasses()}: said "${text}" (${final ? "final" : "partial"})`);
}

/// "Hey Meta, open the app": an invocation reaches the apps listening on the glasses, or nobody.
async function heyMeta() {
  const device = chosenGlasses();
  const before = world.mock.get(device)?.voice_requests?.length ?? 0;
  const reply = await handsFreeMock("voice_launch", {}, "Hey Meta");
  if (!reply) return;
  const requests = reply.glasses?.voice_requests || world.mock.get(device)?.voice_requests || [];
  log("voice", requests.length > before
    ? `${device}: Hey Meta → request ${requests[requests.length - 1].id}`
    : `${device}: Hey Meta, but no app listens (no started voice stream on these glasses)`, requests.length <= before);
}

// MARK: What the glasses report

/// The pickable glasses, and the chosen pair's state; a change worth a line goes to the timeline.
function showHandsFree(glasses, before, quiet) {
  const picker = $("handsfree-device");
  if (![...picker.options].some((option) => option.value === glasses.id)) {
    picker.append(element("option", { value: glasses.id, textContent: glasses.id }));
    $("handsfree-empty").hidden = true;
    $("handsfree-controls").hidden = false;
  }
  if (glasses.id === chosenGlasses()) showHandsFreeState(glasses);
  if (quiet || !before) return;
  if (Boolean(before.speech_listening) !== Boolean(glasses.speech_listening)) {
    log("speech", `${glasses.id}: ${glasses.speech_listening ? "listening" : "no longer listening"}`);
  }
  if (Boolean(before.voice_listening) !== Boolean(glasses.voice_listening)) {
    log("voice", `${glasses.id}: ${glasses.voice_listening ? "an app listens for Hey Meta" : "no app listens for Hey Meta"}`);
  }
  for (const request of glasses.voice_requests || []) {
    const earlier = (before.voice_requests || []).find((old) => old.id === request.id);
    if (earlier && earlier.answer !== request.answer) {
      log("voice", `${glasses.id}: ${request.id} ${voiceAnswer(request)}`, request.answer !== "success");
    }
  }
}

const voiceAnswer = (request) => (request.answer === "pending" ? "waits for an answer" : request.answer === "none" ? "was incomplete"
  : `answered ${request.answer}${request.output ? ` (${request.output})` : ""}`);

function showHandsFreeState(glasses) {
  const listening = Boolean(glasses.speech_listening);
  const light = $("speech-light");
  light.classList.toggle("on", listening);
  light.textContent = listening ? "listening" : "not listening";
  $("voice-listening").textContent = glasses.voice_listening ? "an app listens" : "no app listens";
  $("voice-requests").replaceChildren(...(glasses.voice_requests || []).slice(-5).reverse().map((request) =>
    element("li", { className: request.answer === "success" ? "state-ok" : request.answer === "pending" ? "" : "state-bad",
      textContent: `${request.id}: ${voiceAnswer(request)}` })));
  $("motion-pose").textContent = glasses.motion_pose || "recorded samples";
}

/// Unpaired glasses leave the picker; the panel then shows the pair picked next, if any.
function removeHandsFree(device) {
  [...$("handsfree-device").options].find((option) => option.value === device)?.remove();
  handsFree.noMotion.delete(device);
  const next = world.mock.get(chosenGlasses());
  $("handsfree-empty").hidden = Boolean(next);
  $("handsfree-controls").hidden = !next;
  if (next) showHandsFreeState(next);
  drawSparkline([]);
}

function forgetHandsFree() {
  $("handsfree-device").replaceChildren();
  $("handsfree-empty").hidden = false;
  $("handsfree-controls").hidden = true;
  handsFree.noMotion.clear();
  drawSparkline([]);
}

/// The capability events the glasses send (every client hears them), for the timeline.
function capabilityEvent(message) {
  const device = message.device;
  switch (message.type) {
    case "input_event": {
      const input = message.input;
      const detail = input.direction || input.press_type || input.button || input.action || "";
      return log("input", `${device}: ${input.kind}${detail ? " " + detail : ""} from ${input.source}`);
    }
    case "inputs_error": return log("input", `${device}: Inputs failed: ${message.code}`, true);
    case "transcription":
      return log("speech", `${device}: heard "${message.text}" (${message.final ? "final" : "partial"}, confidence ${message.confidence})`);
    case "speech_error": return log("speech", `${device}: recogniser failed: ${message.code}`, true);
    case "speech_complete": return log("speech", `${device}: utterance complete`);
    case "speech_locale": return log("speech", `${device}: locale ${message.locale}`);
    case "voice_invocation": return log("voice", `${device}: invocation ${message.request} delivered`);
    case "voice_error": return log("voice", `${device}: ${message.code}`, true);
  }
}

// MARK: Motion sparkline

/// Reads the chosen glasses' last 2 s of IMU samples (at most one read at a time).
async function readMotion() {
  const device = chosenGlasses();
  if (!device || !world.online || handsFree.reading || handsFree.noMotion.has(device)) return;
  handsFree.reading = true;
  try {
    const response = await fetch(`/v1/devices/${encodeURIComponent(device)}/motion?seconds=2&rate=hz30&token=${token}`);
    const body = await response.json();
    if (device !== chosenGlasses()) return;
    if (!response.ok) {
      if (body.error?.code === "no_motion") handsFree.noMotion.add(device);
      $("motion-reading").textContent = body.error?.message || `HTTP ${response.status}`;
      return drawSparkline([]);
    }
    drawSparkline(body.motion.samples);
  } catch (error) {
    $("motion-reading").textContent = `reading motion: ${error.message}`;
  } finally {
    handsFree.reading = false;
  }
}

/// Pitch and roll in degrees from gravity in the accelerometer (+X up, +Z forward, Y lateral).
function attitude(sample) {
  const a = sample.accelerometer;
  if (!a) return null;
  const degrees = (radians) => radians * 180 / Math.PI;
  return { pitch: degrees(Math.atan2(a.z, Math.hypot(a.x, a.y))), roll: degrees(Math.atan2(a.y, a.x)) };
}

/// Two lines over the samples' span, ±45° top to bottom: pitch (a nod) and roll (a tilt).
function drawSparkline(samples) {
  const svg = $("motion-sparkline");
  const points = samples.map(attitude).filter(Boolean);
  svg.dataset.samples = String(points.length);
  const line = (field) => points.map((point, index) =>
    `${(index / Math.max(1, points.length - 1) * 240).toFixed(1)},${(30 - Math.max(-45, Math.min(45, point[field])) / 45 * 28).toFixed(1)}`).join(" ");
  $("motion-pitch").setAttribute("points", line("pitch"));
  $("motion-roll").setAttribute("points", line("roll"));
  const last = points[points.length - 1];
  svg.dataset.pitchRange = points.length ? (Math.max(...points.map((p) => p.pitch)) - Math.min(...points.map((p) => p.pitch))).toFixed(1) : "0";
  if (last) $("motion-reading").textContent = `pitch ${last.pitch.toFixed(0)}°, roll ${last.roll.toFixed(0)}° (${points.length} samples, 2 s at 30 Hz)`;
}

"""#
        ),
        (
            "dashboard/index.html",
            #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="glasses-token" content="__TOKEN__">
<title>glasses serve</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard/app.css?token=__TOKEN__">
<script src="/dashboard/display-css.js?token=__TOKEN__" defer></script>
<script src="/dashboard/display.js?token=__TOKEN__" defer></script>
<script src="/dashboard/handsfree.js?token=__TOKEN__" defer></script>
<script src="/dashboard/app.js?token=__TOKEN__" defer></script>
</head>
<body>
<header>
  <h1>glasses serve</h1>
  <p id="connection" role="status" aria-live="polite">connecting…</p>
  <p id="clock" aria-label="world time"></p>
</header>
<p id="offline" role="alert" hidden></p>
<main>
<div class="column" id="column-watch">
  <section id="preview-section" aria-labelledby="preview-title">
    <h2 id="preview-title">Camera preview and display</h2>
    <p class="hint" id="preview-empty">No camera is streaming to this page: open a session and start a camera in the Devices panel.</p>
    <div class="screens"><div id="previews"></div><div id="lenses"></div></div>
  </section>

  <section id="photos-section" aria-labelledby="photos-title">
    <h2 id="photos-title">Photos</h2>
    <p class="hint" id="photos-empty">No photo yet: use Capture on a device with an open session, or start a recipe that captures.</p>
    <ul id="photos"></ul>
  </section>

  <section id="recordings-section" aria-labelledby="recordings-title">
    <h2 id="recordings-title">Recordings</h2>
    <p class="hint" id="recordings-empty">No recording yet: try <code>audio.configure{category="playAndRecord"}; audio.activate(); audio.record{path="take.wav", duration=5}</code> in the console.</p>
    <ul id="recordings"></ul>
  </section>

  <section id="audio-section" aria-labelledby="audio-title">
    <h2 id="audio-title">Audio</h2>
    <ul id="audio-route" class="facts" aria-label="Current audio route">
      <li><span>inputs</span><b id="audio-inputs">…</b></li>
      <li><span>outputs</span><b id="audio-outputs">…</b></li>
      <li><span>session</span><b id="audio-state">…</b></li>
    </ul>
    <h3>Route changes</h3>
    <ol id="audio-log" aria-live="polite"></ol>
  </section>

  <section id="timeline-section" aria-labelledby="timeline-title">
    <h2 id="timeline-title">Timeline (last 5 minutes)</h2>
    <ol id="timeline" aria-live="off"></ol>
  </section>
</div>
<div class="column" id="column-control">
  <section id="devices-section" aria-labelledby="devices-title">
    <h2 id="devices-title">Devices</h2>
    <div id="devices"></div>
    <form id="world-controls" class="controls" aria-label="World mock controls">
      <fieldset>
        <legend>Permissions</legend>
        <span class="field"><label for="permission-name">Permission</label>
        <select id="permission-name"><option>camera</option><option>microphone</option></select></span>
        <span class="field"><label for="permission-status">Status</label>
        <select id="permission-status"><option>granted</option><option>denied</option></select></span>
        <button type="button" id="permission-set">Set permission</button>
        <p id="permissions" class="facts"></p>
      </fieldset>
      <fieldset>
        <legend>Phone</legend>
        <span class="field"><label for="call-seconds">Call seconds</label>
        <input id="call-seconds" type="number" min="1" max="3600" value="10"></span>
        <button type="button" id="phone-call">Phone call</button>
      </fieldset>
    </form>
  </section>

  <section id="handsfree-section" aria-labelledby="handsfree-title">
    <h2 id="handsfree-title">Hands-free</h2>
    <p class="hint" id="handsfree-empty">No glasses are paired.</p>
    <div id="handsfree-controls" hidden>
      <p class="field"><label for="handsfree-device">Glasses</label> <select id="handsfree-device"></select></p>
      <fieldset>
        <legend>Inputs</legend>
        <span class="field"><label for="input-source">Nav source</label>
        <select id="input-source"><option>captouch</option><option>neuralBand</option></select></span>
        <span id="input-buttons" class="pad"></span>
      </fieldset>
      <fieldset>
        <legend>Motion</legend>
        <span id="pose-buttons" class="pad"></span>
        <span class="field"><span>pose</span> <b id="motion-pose">…</b></span>
        <svg id="motion-sparkline" viewBox="0 0 240 60" role="img" aria-labelledby="motion-reading">
          <line x1="0" y1="30" x2="240" y2="30" class="axis"></line>
          <polyline id="motion-pitch" class="pitch" points=""></polyline>
          <polyline id="motion-roll" class="roll" points=""></polyline>
        </svg>
        <span class="hint" id="motion-reading">pitch (blue) and roll (orange) of the IMU's last 2 s</span>
      </fieldset>
      <fieldset>
        <legend>Speech</legend>
        <span id="speech-light" class="light" role="status">not listening</span>
        <span class="field"><label for="speech-text">Wearer says</label>
        <input id="speech-text" type="text" maxlength="16384" spellcheck="false" autocomplete="off"></span>
        <button type="button" id="speech-partial">Say (partial)</button>
        <button type="button" id="speech-final">Say (final)</button>
        <span id="speech-error" class="field-error" role="alert"></span>
      </fieldset>
      <fieldset>
        <legend>Voice</legend>
        <button type="button" id="voice-launch">Hey Meta</button>
        <span id="voice-listening" role="status">…</span>
        <ol id="voice-requests" aria-label="Voice invocations and their answers"></ol>
      </fieldset>
    </div>
  </section>

  <section id="console-section" aria-labelledby="console-title">
    <h2 id="console-title">Console</h2>
    <pre id="console-output" role="log" aria-live="polite" aria-label="Console output" tabindex="0"></pre>
    <form id="console-form">
      <label for="console-input">Lua (Enter runs, Shift+Enter adds a line, Tab completes, ↑/↓ history)</label>
      <textarea id="console-input" rows="2" spellcheck="false" autocomplete="off"></textarea>
      <button type="submit" id="console-run">Run</button>
    </form>
    <p id="console-completions" class="hint" aria-live="polite"></p>
  </section>

  <section id="recipes-section" aria-labelledby="recipes-title">
    <h2 id="recipes-title">Recipes</h2>
    <p class="hint" id="recipes-empty">Loading the recipes of the served world…</p>
    <p class="field" id="recipe-choice" hidden><label for="recipe-picker">Recipe</label> <select id="recipe-picker"></select></p>
    <div id="recipes"></div>
  </section>
</div>
</main>
</body>
</html>

"""#
        ),
        (
            "openapi.yaml",
            #"""
openapi: 3.0.3
info:
  title: glasses serve — test controls
  version: "1"
  description: |
    The HTTP/JSON side of `glasses serve`: MockDeviceKit's controls (as DAT's mock
    test server offers them to UI tests) plus the ones GlassesScript's `mock` module
    has beyond DAT, so a test in any language can drive the simulated glasses while
    scripts run against the same world over the WebSocket protocol
    (`/v1/ws`, docs/protocol.md).

    Every request needs the token `glasses serve` printed at start, as
    `Authorization: Bearer TOKEN` or `?token=TOKEN`. The Host header must name the
    server (127.0.0.1, localhost, ::1 or the --listen host), and an Origin header,
    when sent, must be the server's own: pages from other origins cannot drive the
    glasses.

    Device actions take the device id in the body and answer the device's state
    after the action. Effects that take time (the link connecting after power on,
    a session pausing after doff) happen on the world's clock and reach WebSocket
    clients as events.

    Errors are `{"error": {"code": ..., "message": ...}}` with a 4xx status; the
    message says how to fix the request. A path no route has answers 404
    (`not_found`); a route's path asked with another method answers 405
    (`method_not_allowed`) with an `Allow` header naming the methods it takes. A
    body is checked field by field before anything happens: a field missing, of
    the wrong type, or that no route takes (with the field it is close to, as in
    "unknown field 'levle' (did you mean 'level'?)") is refused with 400
    (`bad_request`), naming the field.

    This file is `Sources/WearablesServer/Resources/openapi.yaml`, served at
    `/v1/openapi.yaml`; `docs/openapi.yaml` is a copy a test keeps identical.
servers:
  - url: http://127.0.0.1:7878
security:
  - bearer: []
  - queryToken: []
paths:
  /v1/health:
    get:
      summary: The server is up; the world's time, registration and permissions.
      operationId: health
      responses:
        "200":
          description: Up.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Health" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
  /v1/openapi.yaml:
    get:
      summary: This document.
      operationId: openapi
      responses:
        "200":
          description: The OpenAPI document.
          content:
            application/yaml:
              schema: { type: string }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/files:
    get:
      summary: The photos, frames and recordings the dashboard's consoles (and the recipes they started) saved under `--out`, oldest first.
      operationId: listFiles
      responses:
        "200":
          description: The saved files; each is also announced as a `file_saved` WebSocket event.
          content:
            application/json:
              schema:
                type: object
                required: [files]
                properties:
                  files: { type: array, items: { $ref: "#/components/schemas/SavedFile" } }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
  /v1/files/{name}:
    get:
      summary: One saved file, by the name its `file_saved` event gave (each path segment percent-encoded).
      description: >
        Only files the consoles announced are served: a name is looked up, never joined onto
        a folder, so no spelling of a path reaches another file; a file replaced by a link
        out of the output folder after it was saved is refused (403).
      operationId: getFile
      parameters:
        - { name: name, in: path, required: true, schema: { type: string }, example: interval_0001.jpg }
      responses:
        "200":
          description: The file, typed by its extension (image/jpeg, image/png, image/heic, audio/wav, video/mp4, ...).
          content:
            application/octet-stream:
              schema: { type: string, format: binary }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices:
    get:
      summary: Every simulated pair, in pairing order.
      operationId: listDevices
      responses:
        "200":
          description: The devices.
          content:
            application/json:
              schema:
                type: object
                required: [devices]
                properties:
                  devices:
                    type: array
                    items: { $ref: "#/components/schemas/Device" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/devices/{device}:
    get:
      summary: One simulated pair.
      operationId: getDevice
      parameters:
        - name: device
          in: path
          required: true
          schema: { type: string }
          example: rayBanMeta-1
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/{device}/display:
    get:
      summary: What the lens of Meta Ray-Ban Display glasses shows (MockDisplayKit's preview, as data), and where the layout engine puts each component.
      operationId: getDisplay
      parameters:
        - name: device
          in: path
          required: true
          schema: { type: string }
          example: metaRayBanDisplay-2
      responses:
        "200":
          description: The lens.
          content:
            application/json:
              schema:
                type: object
                required: [display]
                properties:
                  display: { $ref: "#/components/schemas/Display" }
                  boxes:
                    type: array
                    description: "Each component's frame on the 600x600 lens in lens pixels, in pre-order (the root first), as the Swift layout engine places it; absent when nothing is shown or when the fonts are missing (layout_error says which)."
                    items:
                      type: object
                      required: [id, x, y, width, height]
                      properties:
                        id: { type: string, description: "Its explicit id, or its path (root, root.2, root.2.1)." }
                        x: { type: number }
                        y: { type: number }
                        width: { type: number }
                        height: { type: number }
                  layout_error: { type: string, description: Why there are no boxes though something is shown (FreeType or DejaVu Sans missing). }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/{device}/motion:
    get:
      summary: The IMU's samples over the last seconds at a DAT rate, what a started Motion at that rate receives (samples never cross the WebSocket).
      operationId: getMotion
      parameters:
        - name: device
          in: path
          required: true
          schema: { type: string }
          example: rayBanMeta-1
        - name: seconds
          in: query
          description: How far back (not before the run began).
          schema: { type: number, exclusiveMinimum: true, minimum: 0, maximum: 10, default: 2 }
        - name: rate
          in: query
          description: A DAT MotionSamplingRate, or its hertz.
          schema: { type: string, enum: [hz5, hz10, hz15, hz24, hz30, hz60, "5", "10", "15", "24", "30", "60"], default: hz30 }
      responses:
        "200":
          description: The samples, oldest first.
          content:
            application/json:
              schema:
                type: object
                required: [motion]
                properties:
                  motion: { $ref: "#/components/schemas/MotionWindow" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404":
          description: No such glasses (unknown_device), or glasses without motion sensors (no_motion).
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Error" }
  /v1/devices/pair:
    post:
      summary: Pair new glasses (MockDeviceKit pairGlasses).
      description: Out of the box (powered off, folded, not worn) unless `ready` is true.
      operationId: pair
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                model:
                  type: string
                  enum: [unknown, rayBanMeta, oakleyMetaHSTN, oakleyMetaVanguard, metaRayBanDisplay, rayBanMetaOptics, metaGlasses]
                  default: rayBanMeta
                ready:
                  type: boolean
                  default: false
                  description: Powered on, unfolded, worn and connected at once, battery 80.
      responses:
        "201": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/devices/unpair:
    post:
      summary: Remove the glasses from the companion app (MockDeviceKit unpairDevice).
      operationId: unpair
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/power_on:
    post:
      summary: Power on; the link connects after a second if unfolded.
      operationId: powerOn
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/power_off:
    post:
      summary: Power off; the link drops and an open session ends.
      operationId: powerOff
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/don:
    post:
      summary: Put the glasses on; a session paused by doffing resumes.
      operationId: don
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/doff:
    post:
      summary: Take them off; a session pauses after 3 s and ends after 30 s.
      operationId: doff
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/fold:
    post:
      summary: Close the hinges; Bluetooth disconnects and the session stops (hingesClosed).
      operationId: fold
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/unfold:
    post:
      summary: Open the hinges; the link comes back, sessions do not restart.
      operationId: unfold
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/tap:
    post:
      summary: A captouch tap (MockCaptouchKit tap); a system experience pauses the session for 5 s.
      operationId: tap
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/tap_and_hold:
    post:
      summary: A captouch tap-and-hold (MockCaptouchKit tapAndHold); the assistant takes the camera, so an active stream stops without an error.
      operationId: tapAndHold
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/capture_button:
    post:
      summary: A press of the capture button; the glasses take their own photo (app captures get serviceUnavailable for 1 s) and clients hear an input event.
      operationId: captureButton
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/update_firmware:
    post:
      summary: The Meta AI app's firmware update; the glasses are off the link for 30 s (sessions end), then compatible.
      operationId: updateFirmware
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/peak_power:
    post:
      summary: A power peak; the camera stops (peakPowerLimit), and at battery <= 20 the session ends (peakPowerShutdown).
      operationId: peakPower
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/compatibility:
    post:
      summary: The glasses' compatibility; deviceUpdateRequired or sdkUpdateRequired refuse sessions (noEligibleDevice).
      operationId: compatibility
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, compatibility]
              properties:
                device: { type: string }
                compatibility: { type: string, enum: [undefined, compatible, deviceUpdateRequired, sdkUpdateRequired] }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/camera_feed:
    post:
      summary: What the camera sees (MockCameraKit setCameraFeed) — a file on the server's disk or a synthetic pattern.
      operationId: cameraFeed
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device]
              properties:
                device: { type: string }
                path: { type: string, description: "A video (.mp4, .mov, .mkv, .y4m) or a PNG/JPEG still." }
                pattern: { type: string, enum: [moving, static, noise] }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
        "422": { $ref: "#/components/responses/Error" }
  /v1/devices/microphone_feed:
    post:
      summary: What the glasses' microphone hears — a sound file on the server's disk, a tone, noise or silence.
      operationId: microphoneFeed
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device]
              properties:
                device: { type: string }
                path: { type: string, description: "A sound file libsndfile reads, looped." }
                tone: { type: number, exclusiveMinimum: true, minimum: 0, description: A sine tone in Hz. }
                noise: { type: boolean }
                silence: { type: boolean }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/display_click:
    post:
      summary: MockDisplayKit sendClick — a click on the shown button (or flexbox with onTap) of this id; 400 no_target when nothing clickable of that id is shown.
      operationId: displayClick
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, target]
              properties:
                device: { type: string }
                target: { type: string, description: "The component's id: its explicit id, or its path (root, root.2, root.2.1)." }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/display_video:
    post:
      summary: End the video the display plays — ended, stopped, or error with a VideoErrorType.
      operationId: displayVideo
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, video]
              properties:
                device: { type: string }
                video: { type: string, enum: [ended, stopped, error] }
                code: { type: string, enum: [unknown, urlInvalid, alreadyPlaying, playbackFailed] }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/display_photo_transfer_interrupts:
    post:
      summary: Whether a standalone-photo transfer takes the display down (a field report; off by default).
      operationId: displayPhotoTransferInterrupts
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, "on"]
              properties:
                device: { type: string }
                "on": { type: boolean }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/input:
    post:
      summary: "MockInputKit: one DAT InputEvent from the glasses (nav, select, back, the action button, a capture-button press, a drag); it reaches a script's active Inputs that asked for its source."
      operationId: input
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, kind]
              properties:
                device: { type: string }
                kind: { type: string, enum: [nav, select, back, button, capture, drag] }
                source: { type: string, enum: [captouch, neuralBand, captureButton, actionButton, neuralBandDrag, unknown], default: captouch, description: "Where a nav, select or back comes from; capture, button and drag have fixed sources." }
                direction: { type: string, enum: [up, down, left, right], description: "nav: required." }
                button: { type: string, enum: [action], default: action, description: "button only." }
                press: { type: string, enum: [shortPress, hold, doublePress], default: shortPress, description: "capture only (DAT CapturePressType)." }
                drag: { type: string, enum: [down, move, up], description: "drag: required (DAT DragAction)." }
                x: { type: number, default: 0, description: "drag only; x, y, dx and dy are finite numbers (DAT's floats)." }
                y: { type: number, default: 0 }
                dx: { type: number, default: 0 }
                dy: { type: number, default: 0 }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/inputs_fault:
    post:
      summary: "The glasses' Inputs channel fails with this InputsError (ours); an active Inputs ends with it."
      operationId: inputsFault
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, code]
              properties:
                device: { type: string }
                code: { type: string, enum: [permissionDenied, connectionClosed, activationTimeout, activationFailed, capabilityUnavailable, deviceDisconnected, communicationError] }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/motion_feed:
    post:
      summary: "MockMotionKit setMotionFeed: the IMU reports this pose from now on (recorded samples are set from a script, on the server's disk)."
      operationId: motionFeed
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, pose]
              properties:
                device: { type: string }
                pose: { type: string, enum: [level, lookingUp, lookingDown, tiltedLeft, tiltedRight, nodding], description: "nodding (ours): the head pitches down and back up twice a second." }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/speech:
    post:
      summary: "MockSpeechKit simulateTranscription: what the wearer says, delivered to a listening Speech, partial or final."
      operationId: speech
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, text]
              properties:
                device: { type: string }
                text: { type: string, description: "At most 16 KiB of UTF-8." }
                final: { type: boolean, default: true }
                confidence: { type: number, default: 0.95, description: "0 to 1, or -1 for none." }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/speech_error:
    post:
      summary: "MockSpeechKit simulateError: the recogniser fails with an Android SpeechRecognizer error number; listening ends."
      operationId: speechError
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, error_code]
              properties:
                device: { type: string }
                error_code: { type: integer, example: 7 }
                message: { type: string, default: "" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/speech_complete:
    post:
      summary: "MockSpeechKit simulateCompletion: the utterance ends, and listening with it."
      operationId: speechComplete
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/speech_locale:
    post:
      summary: "MockSpeechKit setLocale: the recogniser's locale, announced at the next start."
      operationId: speechLocale
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, locale]
              properties:
                device: { type: string }
                locale: { type: string, example: en_US }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/voice_launch:
    post:
      summary: "MockVoiceInvocationKit sendLaunchAppAction ('Hey Meta, open the app'): a LaunchApp reaches the apps with a started voice stream on these glasses; the request, and later its answer, are in the device's voice_requests (none is added when no app listens)."
      operationId: voiceLaunch
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/voice_incomplete:
    post:
      summary: "MockVoiceInvocationKit sendIncompleteAction: a malformed invocation; listening apps get an error, not a launch."
      operationId: voiceIncomplete
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/captured_image:
    post:
      summary: The picture photo captures return (MockCameraKit setCapturedImage).
      operationId: capturedImage
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, path]
              properties:
                device: { type: string }
                path: { type: string, description: A PNG or JPEG on the server's disk. }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
        "422": { $ref: "#/components/responses/Error" }
  /v1/devices/fail_next_capture:
    post:
      summary: The next photo capture fails (MockCameraKit simulateCaptureFailure) with `code`, PhotoError.captureFailure by default.
      operationId: failNextCapture
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device]
              properties:
                device: { type: string }
                code: { type: string, enum: [captureFailure, sessionSetupFailed, serviceUnavailable], default: captureFailure }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/fail_stream:
    post:
      summary: The camera pipeline fails now; a running stream stops with StreamError `code` (internalError by default), the session lives on.
      operationId: failStream
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device]
              properties:
                device: { type: string }
                code: { type: string, enum: [internalError, videoStreamingError], default: internalError }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/battery:
    post:
      summary: Battery level; at 10 the camera stops, at 5 the session ends, at 0 the glasses power off.
      operationId: battery
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, level]
              properties:
                device: { type: string }
                level: { type: integer, minimum: 0, maximum: 100 }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/charging:
    post:
      summary: Put on or take off the charger.
      operationId: charging
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, state]
              properties:
                device: { type: string }
                state: { type: string, enum: [unknown, charging, notCharging] }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/thermal:
    post:
      summary: Thermal level; severe stops the camera, critical and emergency end the session, shutdown powers off.
      operationId: thermal
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, thermal]
              properties:
                device: { type: string }
                thermal: { type: string, enum: [unknown, none, light, moderate, severe, critical, emergency, shutdown] }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/disconnect:
    post:
      summary: A Bluetooth drop for `seconds`; the session pauses, and ends if the drop outlasts 10 s.
      operationId: disconnect
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device]
              properties:
                device: { type: string }
                seconds: { type: number, minimum: 0, default: 5 }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/bandwidth:
    post:
      summary: The link's throughput; a running stream re-runs the bandwidth ladder.
      operationId: bandwidth
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, kbps]
              properties:
                device: { type: string }
                kbps: { type: number, minimum: 0 }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/permissions:
    post:
      summary: Set a permission for every paired device (MockPermissions set).
      operationId: setPermission
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [permission, status]
              properties:
                permission: { type: string, enum: [camera, microphone] }
                status: { type: string, enum: [granted, denied] }
      responses:
        "200":
          description: Every permission's status now.
          content:
            application/json:
              schema:
                type: object
                properties:
                  permissions: { $ref: "#/components/schemas/Permissions" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/permissions/request_result:
    post:
      summary: How the Meta AI app answers the next permission requests (MockPermissions setRequestResult).
      operationId: setRequestResult
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [permission, result]
              properties:
                permission: { type: string, enum: [camera, microphone] }
                result: { type: string, enum: [granted, denied, timeout, connectionError, internalError] }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/companion/fail_next:
    post:
      summary: Make the Meta AI app's next registration or unregistration fail with a DAT error code.
      operationId: failNext
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [flow, code]
              properties:
                flow: { type: string, enum: [registration, unregistration] }
                code: { type: string, example: networkUnavailable, description: "A RegistrationError/UnregistrationError case, or timeout: the app never answers." }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/companion/hold_next:
    post:
      summary: The next registration or unregistration waits in the Meta AI app for the user's answer.
      operationId: holdNext
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [flow]
              properties:
                flow: { type: string, enum: [registration, unregistration] }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/companion/continue:
    post:
      summary: The user continues the waiting request; the flow succeeds.
      operationId: continueRequest
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [flow]
              properties:
                flow: { type: string, enum: [registration, unregistration] }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/companion/cancel:
    post:
      summary: The user cancels the waiting request; the flow fails (unknown).
      operationId: cancelRequest
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [flow]
              properties:
                flow: { type: string, enum: [registration, unregistration] }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/companion/update_app:
    post:
      summary: The Meta AI app updates itself (the fix for sdkUpdateRequired); 20 s later glasses that needed it are compatible. Refused (meta_ai_not_installed) without the app.
      operationId: updateApp
      responses:
        "200":
          description: The update runs.
          content:
            application/json:
              schema:
                type: object
                properties:
                  updating: { type: boolean }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/reset:
    post:
      summary: Empty the world (MockDeviceKit enable(config:)) — unpairs everything.
      operationId: reset
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                registered: { type: boolean, default: false }
                permissions: { $ref: "#/components/schemas/Permissions" }
                installed: { type: boolean, default: true, description: "Whether the Meta AI app is installed; false makes registration unavailable." }
      responses:
        "200":
          description: The world after the reset.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Health" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/disable:
    post:
      summary: MockDeviceKit disable() — unpairs everything; other actions but reset are refused (code disabled) until a reset.
      operationId: disable
      responses:
        "200":
          description: The world after it.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Health" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/phone_call:
    post:
      summary: A phone call that interrupts the phone's audio session now and ends after `seconds`.
      operationId: phoneCall
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [seconds]
              properties:
                seconds: { type: number, exclusiveMinimum: true, minimum: 0 }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/hfp_blocks_photo_capture:
    post:
      summary: Whether photos are lost while a phone routes audio over HFP to the glasses, as users report (ios#260; on by default).
      operationId: hfpBlocksPhotoCapture
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: ["on"]
              properties:
                "on": { type: boolean }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/classic_stalls:
    post:
      summary: Whether 720p (or 504x896@30) streams stall for 1.3-1.9 s now and then over Bluetooth Classic, as users report (on by default).
      operationId: classicStalls
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: ["on"]
              properties:
                "on": { type: boolean }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
    queryToken: { type: apiKey, in: query, name: token }
  requestBodies:
    Device:
      required: true
      content:
        application/json:
          schema:
            type: object
            required: [device]
            properties:
              device: { type: string, example: rayBanMeta-1, description: An id from GET /v1/devices. }
  responses:
    DeviceState:
      description: The device after the action.
      content:
        application/json:
          schema:
            type: object
            required: [device]
            properties:
              device: { $ref: "#/components/schemas/Device" }
    Ok:
      description: Done; the body echoes what was set.
      content:
        application/json:
          schema: { type: object }
    Error:
      description: The request was refused; the message says how to fix it.
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
    Unauthorized:
      description: No token or the wrong one.
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
    Forbidden:
      description: The Host or Origin header names another site (code forbidden_host or forbidden_origin).
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
  schemas:
    Display:
      type: object
      description: The lens — whether an app's display is started, whether its video plays, and the tree shown (absent when nothing is).
      required: ["on", playing]
      properties:
        "on": { type: boolean }
        playing: { type: boolean }
        tree: { $ref: "#/components/schemas/Component" }
    Component:
      type: object
      description: A display component as docs/display.md names it — type (flexbox, text, button, button_group, image, icon, video), its DAT fields in props (snake_case, only those that differ from DAT's defaults), children in order.
      required: [type]
      properties:
        type: { type: string }
        props: { type: object }
        children:
          type: array
          items: { $ref: "#/components/schemas/Component" }
    Error:
      type: object
      required: [error]
      properties:
        error:
          type: object
          required: [code, message]
          properties:
            code: { type: string, example: unauthorized }
            message: { type: string }
    SavedFile:
      type: object
      required: [name, kind, bytes]
      properties:
        name: { type: string, description: "Its path under the output folder, e.g. interval_0001.jpg." }
        kind: { type: string, enum: [photo, frame, recording] }
        bytes: { type: integer }
    Permissions:
      type: object
      properties:
        camera: { type: string, enum: [granted, denied] }
        microphone: { type: string, enum: [granted, denied] }
    Health:
      type: object
      required: [status, protocol, world, time, speed, clients, refused_clients, registration, permissions, devices, sessions]
      properties:
        status: { type: string, enum: [ok] }
        protocol: { type: integer, description: The wire protocol version. }
        world: { type: string, enum: [simulator] }
        time: { type: number, description: Run seconds since the world started. }
        speed: { type: number }
        clients: { type: integer, description: WebSocket clients that said hello. }
        refused_clients: { type: integer, description: "WebSocket connections refused for their token, Host or Origin since the server started (a client still holding a restarted server's old token keeps knocking)." }
        registration: { type: string, enum: [unavailable, available, registering, registered] }
        permissions: { $ref: "#/components/schemas/Permissions" }
        devices: { type: array, items: { type: string } }
        sessions: { type: array, items: { type: string }, description: Devices whose session a WebSocket client holds. }
    Device:
      type: object
      required: [id, name, type, link, battery, charging, don, hinge, thermal, compatibility, powered, stuck, bandwidth_kbps]
      properties:
        id: { type: string, example: rayBanMeta-1 }
        name: { type: string }
        type: { type: string }
        link: { type: string, enum: [disconnected, connecting, connected] }
        battery: { type: integer, description: "The mock's level, also while powered off (the app then sees none)." }
        charging: { type: string, enum: [unknown, charging, notCharging] }
        don: { type: string, enum: [unknown, doffed, donned] }
        hinge: { type: string, enum: [unknown, closed, open] }
        thermal: { type: string }
        compatibility: { type: string }
        powered: { type: boolean }
        stuck: { type: boolean, description: Stuck after a too-quick session restart; power-cycle to recover. }
        bandwidth_kbps: { type: number }
        display: { $ref: "#/components/schemas/Display" }
        voice_listening: { type: boolean, description: Whether an app has a started voice invocation stream on these glasses. }
        voice_requests:
          type: array
          description: The voice invocations sent, oldest first, with the app's answers.
          items: { $ref: "#/components/schemas/VoiceRequest" }
        motion_pose: { type: string, description: "The IMU's pose (level, lookingUp, lookingDown, tiltedLeft, tiltedRight, nodding); absent for recorded samples." }
        speech_listening: { type: boolean, description: Whether the app's Speech listens (MockSpeechKit isListening). }
    VoiceRequest:
      type: object
      required: [id, kind, answer]
      properties:
        id: { type: string, example: voice-1 }
        kind: { type: string, enum: [launch, incomplete] }
        answer: { type: string, enum: [pending, success, failure, timeout, none], description: "timeout: Meta AI gave up waiting (ours); none: an incomplete one." }
        output: { type: string, description: "The answer's actionOutput, if any." }
    MotionWindow:
      type: object
      required: [device, rate, samples]
      properties:
        device: { type: string }
        pose: { type: string, description: The pose the feed is; absent for recorded samples. }
        rate: { type: string, enum: [hz5, hz10, hz15, hz24, hz30, hz60] }
        samples:
          type: array
          items:
            type: object
            required: [time, source]
            properties:
              time: { type: number, description: Run seconds. }
              source: { type: string, enum: [glasses, neuralBand, unknown] }
              accelerometer: { $ref: "#/components/schemas/Vector3" }
              gyroscope: { $ref: "#/components/schemas/Vector3" }
              magnetometer: { $ref: "#/components/schemas/Vector3" }
              orientation:
                type: object
                required: [x, y, z, w]
                properties: { x: { type: number }, y: { type: number }, z: { type: number }, w: { type: number } }
    Vector3:
      type: object
      description: "m/s² (accelerometer), rad/s (gyroscope), µT (magnetometer)."
      required: [x, y, z]
      properties: { x: { type: number }, y: { type: number }, z: { type: number } }

"""#
        ),
    ]
}
