// The display panel, beside the camera preview: the lens of each pair of Meta Ray-Ban
// Display glasses in the served world, drawn by the browser from the tree the server
// sends (`mock_glasses`'s `display`) with the CSS mapping the Swift layout is tested
// against (display-css.js). A button, or a flexbox with on_tap, is clickable: a click
// is the mock's `display_click` (MockDisplayKit sendClick, as `glasses.display:click(id)`),
// so the script's callback runs and what it shows next arrives like any change.
"use strict";

const lenses = new Map(); // device -> { figure, frame, sizer, lens, zoom, caption, video, shown }
/// The lens' size in lens pixels (DisplayMetrics.viewport), laid out at that size and scaled.
const lensPixels = 600;
/// The zooms a lens can be shown at: as wide as the row of previews allows (up to one CSS
/// pixel per lens pixel), one CSS pixel per lens pixel, or two. A lens wider than its
/// place scrolls in its frame, so the page never grows sideways.
const lensZooms = [["fit", "Fit"], ["1", "1x"], ["2", "2x"]];

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
  const sizer = element("div", { className: "lens-sizer" }, [lens]);
  const frame = element("div", { className: "lens-frame" }, [sizer]);
  const caption = element("figcaption", { textContent: "…" });
  const zoom = element("select", {}, lensZooms.map(([value, text]) => element("option", { value, textContent: text })));
  const zoomField = element("span", { className: "field lens-zoom" });
  labelled(zoomField, `lens-zoom-${device}`, "Zoom", zoom);
  const video = element("p", { className: "lens-video-controls", hidden: true }, [
    button("Video ended", () => endVideo(device, "ended")),
    button("Video stopped", () => endVideo(device, "stopped")),
    button("Video error", () => endVideo(device, "error")),
  ]);
  const figure = element("figure", { className: "lens-view", id: `lens-${device}` }, [zoomField, frame, caption, video]);
  $("lenses").append(figure);
  const view = { figure, frame, sizer, lens, zoom, caption, video, shown: null };
  zoom.addEventListener("change", () => zoomLens(view));
  lenses.set(device, view);
  zoomLens(view);
  return view;
}

/// Scales a lens to its zoom: `fit` takes the width the screens row gives it (at most one CSS
/// pixel per lens pixel); 1x and 2x are fixed, their frame scrolling where the row is narrower.
function zoomLens(view) {
  const room = view.figure.closest(".screens")?.clientWidth || lensPixels;
  const scale = view.zoom.value === "fit" ? Math.min(1, room / lensPixels) : Number(view.zoom.value);
  const size = `${lensPixels * scale}px`;
  view.lens.style.transform = `scale(${scale})`;
  view.sizer.style.width = view.sizer.style.height = size;
  view.frame.style.width = `${Math.min(lensPixels * scale, room)}px`;
  view.figure.dataset.zoom = view.zoom.value;
  view.figure.dataset.scale = String(scale);
}

/// A fitted lens follows the width it is given (a window resized, a preview appearing beside it).
new ResizeObserver(() => { for (const view of lenses.values()) zoomLens(view); }).observe(document.querySelector(".screens"));

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
