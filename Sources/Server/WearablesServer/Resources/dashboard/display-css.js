// DAT's display components as DOM flexbox: the CSS mapping of docs/display.md ("CSS
// mapping"), one copy for two users. The dashboard draws the lens of a served world
// with it, and scripts/test-display-layout loads this same file into Chromium to lay
// out its random trees, whose boxes must match the Swift engine's (WearablesDisplay)
// within 0.5 px: the mapping the page uses is the one the engine is tested against.
//
// A tree is the wire's component (`WireComponent`, docs/protocol.md):
// `{type, props, children}`, props in snake_case holding only what differs from DAT's
// defaults. Sizes are DisplayMetrics' (Sources/Core/WearablesDisplay/Layout/DisplayMetrics.swift).
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
