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
  /// The glasses the person picked themselves: the picker stays on them while they are paired.
  picked: null,
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
    handsFree.picked = chosenGlasses();
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
  followListening();
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

/// How much an app listens to a pair, for the picker: 2 when a client watches its Inputs,
/// Speech or voice invocations, 1 when another client than this page holds a session or
/// Motion there, 0 when nobody does.
function listening(device) {
  const holders = (world.held.get(device) || []).filter((holder) => holder.client !== world.clientID);
  const mock = world.mock.get(device);
  if (holders.some((holder) => holder.inputs || holder.speech || holder.voice) || mock?.speech_listening || mock?.voice_listening) return 2;
  return holders.some((holder) => holder.session || holder.motion) ? 1 : 0;
}

/// Unless the person picked a pair, the picker follows the one an app listens to: what the
/// panel sends then reaches a script. Among equals it stays where it is; with nobody
/// listening anywhere, it keeps the pair it shows (the first paired at the start).
function followListening() {
  const picker = $("handsfree-device");
  const devices = [...picker.options].map((option) => option.value);
  for (const option of picker.options) {
    option.textContent = listening(option.value) === 2 ? `${option.value} (an app listens)` : option.value;
  }
  if (handsFree.picked && devices.includes(handsFree.picked)) return;
  handsFree.picked = null;
  const current = chosenGlasses();
  let best = current;
  for (const device of devices) if (listening(device) > listening(best)) best = device;
  if (!best || best === current) return;
  picker.value = best;
  const glasses = world.mock.get(best);
  if (glasses) showHandsFreeState(glasses);
  drawSparkline([]);
  log("hands-free", `following ${best}, which an app ${listening(best) === 2 ? "listens to" : "holds a session on"}`);
}

/// Unpaired glasses leave the picker; the panel then shows the pair picked next, if any.
function removeHandsFree(device) {
  [...$("handsfree-device").options].find((option) => option.value === device)?.remove();
  handsFree.noMotion.delete(device);
  followListening();
  const next = world.mock.get(chosenGlasses());
  $("handsfree-empty").hidden = Boolean(next);
  $("handsfree-controls").hidden = !next;
  if (next) showHandsFreeState(next);
  drawSparkline([]);
}

function forgetHandsFree() {
  $("handsfree-device").replaceChildren();
  handsFree.picked = null;
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
