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
  held: new Map(),         // device -> what every client holds on it (the server's `holders`)
  clientID: null,          // this page's number on the server, as `holders` names it
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
    timelineSeenUntil = world.time;
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
    case "holders": return updateHolders(message.device, message.holders);
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
  world.clientID = message.client_id ?? null;
  for (const entry of message.held || []) world.held.set(entry.device, entry.holders);
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
  backfillTimeline(message.time);
}

/// Before the hello of a new connection: what the page knew of the world is stale (the
/// server may have restarted), so it goes, and the hello and the reads after it fill it in again.
function forgetWorld() {
  for (const map of [world.devices, world.mock, world.sessions, world.cameraState, world.held]) map.clear();
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
  // "running (glasses #4)": another client's running session is as good as this page's.
  if (String(value).split(" ")[0] === good[field]) return "state-ok";
  return String(value).startsWith("ended") || value === "disconnected" || value === "closed" ? "state-bad" : "state-warn";
}

/// A device's panel, built once so that focus and typed values survive updates.
function devicePanel(id, info) {
  let panel = $(`device-${id}`);
  if (panel) return panel;
  panel = element("article", { id: `device-${id}`, className: "device", "aria-label": `${info.name} (${id})` });
  panel.append(element("h3", { textContent: `${info.name} — ${id}` }));
  const facts = element("ul", { className: "facts", "aria-label": `${id} state` });
  for (const field of [...deviceFields, "powered", "bandwidth", "session", "camera", "held by"]) {
    const value = element("b", { textContent: "…" });
    value.dataset.field = field;
    facts.append(element("li", {}, [element("span", { textContent: field }), value]));
  }
  panel.append(facts);
  panel.append(sessionControls(id));
  if (world.simulator) panel.append(mockControls(id));
  $("devices").append(panel);
  showHeld(id, panel);
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
  showHeld(device);
  log("session", `${device}: ${state}`, state.startsWith("ended"));
}

function setCamera(device, state) {
  world.cameraState.set(device, state);
  showHeld(device);
}

// MARK: What every client holds

/// A client as the panel names it: this page, the console (the page's Lua console and the
/// recipes it starts, in a worker of their own), or another client by the name it gave
/// (`glasses` is a script or a REPL over --connect).
function holderLabel(holder) {
  if (holder.client === world.clientID) return "this page";
  return `${holder.name || "client"} #${holder.client}`;
}

/// What a client holds, in words: "session running, camera (stream 3), display, inputs".
function holdings(holder) {
  const words = [];
  if (holder.session) words.push(`session ${holder.session}`);
  if (holder.streams.length) words.push(`camera (stream${holder.streams.length > 1 ? "s" : ""} ${holder.streams.join(", ")})`);
  for (const capability of ["display", "inputs", "motion", "speech", "voice"]) if (holder[capability]) words.push(capability);
  return words.join(", ");
}

/// The server says what the clients hold on a device now; each client whose holdings
/// changed gets a line on the timeline.
function updateHolders(device, holders) {
  const before = world.held.get(device) || [];
  world.held.set(device, holders);
  showHeld(device);
  followListening();
  const clients = new Set([...before, ...holders].map((holder) => holder.client));
  for (const client of clients) {
    const was = before.find((holder) => holder.client === client), now = holders.find((holder) => holder.client === client);
    const text = now ? holdings(now) : "";
    if ((was ? holdings(was) : "") !== text) log("holders", `${device}: ${holderLabel(now || was)} ${text ? "holds " + text : "holds nothing"}`);
  }
}

/// The panel's session and camera say whoever holds them: this page's own state, or another
/// client's session and streams (a script over --connect, the console) with its name.
function showHeld(device, panel = $(`device-${device}`)) {
  if (!panel) return;
  const others = (world.held.get(device) || []).filter((holder) => holder.client !== world.clientID);
  const session = others.find((holder) => holder.session);
  setFact(panel, "session", session ? `${session.session} (${holderLabel(session)})` : world.sessions.get(device) || "none");
  const streaming = others.filter((holder) => holder.streams.length);
  setFact(panel, "camera", streaming.length
    ? `${session?.session === "paused" ? "paused" : "streaming"} (${streaming.map((holder) => `${holderLabel(holder)}, stream ${holder.streams.join(", ")}`).join("; ")})`
    : world.cameraState.get(device) || "off");
  const all = world.held.get(device) || [];
  setFact(panel, "held by", all.length ? all.map((holder) => `${holderLabel(holder)}: ${holdings(holder)}`).join("; ") : "nobody");
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

const timelineLimit = 500;

function log(kind, text, isError) {
  $("timeline").prepend(timelineItem(worldNow(), kind, text, isError ? "error" : "", performance.now()));
  pruneTimeline();
}

/// One line: world time, kind, text; `at` is its wall time in the page's clock, for the window.
function timelineItem(time, kind, text, className, at) {
  const item = element("li", { className }, [
    element("time", { textContent: `${time.toFixed(1)} s` }),
    element("span", { className: "kind", textContent: kind }),
    document.createTextNode(" " + text),
  ]);
  item.dataset.at = at;
  return item;
}

function pruneTimeline() {
  const list = $("timeline");
  const oldest = performance.now() - timelineWindow;
  while (list.lastChild && (Number(list.lastChild.dataset.at) < oldest || list.children.length > timelineLimit)) list.lastChild.remove();
}

/// What happened before this page connected, from the server's recent trace records
/// (`GET /v1/events`): the timeline starts with the last five minutes, not empty. After a
/// reconnection only what the page did not see is added: everything when the server
/// restarted (its clock began again), else what came after the page lost it.
let timelineSeenUntil = null;

async function backfillTimeline(helloTime) {
  const after = timelineSeenUntil != null && helloTime >= timelineSeenUntil ? timelineSeenUntil : -Infinity;
  timelineSeenUntil = helloTime;
  const seconds = Math.min(3600, Math.max(1, timelineWindow / 1000 * world.speed));
  let body;
  try {
    const response = await fetch(`/v1/events?seconds=${seconds}&limit=${timelineLimit}&token=${token}`);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    body = await response.json();
  } catch (error) {
    return log("error", `reading the server's recent events: ${error.message}`, true);
  }
  const earlier = body.events.filter((event) => event.t <= helloTime && event.t > after);
  const list = $("timeline");
  // Older than every line the page logged itself since the hello: they go below them, newest first.
  const anchor = [...list.children].find((item) => Number(item.dataset.at) < world.helloAt) || null;
  for (const event of earlier.reverse()) {
    const at = world.helloAt - (helloTime - event.t) / world.speed * 1000;
    const item = timelineItem(event.t, event.source, traceText(event), "backfilled", at);
    item.title = "from the server's recent events, before this page connected";
    list.insertBefore(item, anchor);
  }
  pruneTimeline();
}

/// A trace record in words: its event, then its values ("battery: glasses rayBanMeta-1, level 77").
function traceText(event) {
  const values = Object.entries(event.values || {}).map(([key, value]) => `${key} ${typeof value === "string" ? value : JSON.stringify(value)}`);
  return values.length ? `${event.event}: ${values.join(", ")}` : event.event;
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
