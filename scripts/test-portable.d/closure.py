"""One check of scripts/test-portable: the package graph as `swift package dump-package` and
`swift package describe --type json` print it. Prints what failed and exits 1, or exits 0."""
import json
import os
import re
import sys

CORE = "GlassesBridgeCore"
ADAPTER = "GlassesBridge"
DAT_MODULES = {"MWDATCore", "MWDATCamera", "MWDATSpeech", "MWDATDisplay", "MWDATInputs", "MWDATMotion"}
# Packages whose products an iOS app can link: Swift (NIO's few C shims build for iOS).
PORTABLE_PACKAGES = {"swift-nio", "hummingbird", "hummingbird-websocket", "swift-collections", "swift-log", "swift-http-types"}

manifest_path, describe_path, check = sys.argv[1:4]
manifest = json.load(open(manifest_path))
describe = json.load(open(describe_path))
targets = {t["name"]: t for t in manifest["targets"]}
kinds = {t["name"]: t.get("module_type", "") for t in describe["targets"]}
paths = {t["name"]: t["path"] for t in describe["targets"]}


def dependencies(target):
    """(our targets, external products) that `target` names."""
    ours, products = [], []
    for dependency in targets[target]["dependencies"]:
        (kind, value), = dependency.items()
        if kind == "product":
            products.append((value[0], value[1]))
        else:
            ours.append(value[0])
    return ours, products


def closure(root):
    seen, products, todo = set(), set(), [root]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        ours, external = dependencies(name)
        todo.extend(ours)
        products.update(external)
    return seen, products


def fail(message):
    print(f"test-portable: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


core, core_products = closure(CORE)

if check == "targets":
    native = sorted(name for name in core if kinds.get(name) != "SwiftTarget" or targets[name]["type"] == "system")
    if native:
        fail(f"{CORE}'s closure has C or system-library targets: {', '.join(native)} (keep what needs them out of the core, or behind a protocol)")
    print(f"{CORE}'s closure is {len(core)} Swift targets: {', '.join(sorted(core))}")
elif check == "links":
    linked = sorted(f"{name}: {setting['kind']}" for name in core for setting in targets[name].get("settings", [])
                    if "linkedLibrary" in json.dumps(setting["kind"]) or "linkedFramework" in json.dumps(setting["kind"])
                    or "unsafeFlags" in json.dumps(setting["kind"]))
    if linked:
        fail(f"{CORE}'s closure links libraries or passes unsafe flags: {'; '.join(linked)}")
elif check == "packages":
    foreign = sorted(f"{package}/{product}" for product, package in core_products if package not in PORTABLE_PACKAGES)
    if foreign:
        fail(f"{CORE}'s closure uses products of packages not known to build for iOS: {', '.join(foreign)}")
    print(f"external products: {', '.join(sorted(product for product, _ in core_products))}")
elif check == "adapter":
    adapter, _ = closure(ADAPTER)
    extra = sorted(adapter - core - DAT_MODULES - {ADAPTER})
    if extra:
        fail(f"the adapter {ADAPTER} reaches targets beyond the core and DAT's modules: {', '.join(extra)}")
elif check == "sources":
    problems = []
    for name in sorted(core):
        for folder, _, files in os.walk(paths[name]):
            for file in files:
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(folder, file)
                # Code only: a comment may name what the code avoids.
                text = "\n".join(line for line in open(path).read().split("\n") if not line.lstrip().startswith("//"))
                if re.search(r"^import Glibc$", text, re.M) and not re.search(r"^import Darwin$", text, re.M):
                    problems.append(f"{path}: imports Glibc with no Darwin branch")
                if "/proc/" in text:
                    problems.append(f"{path}: reads /proc, which iOS has not")
                if re.search(r"\bdlopen\b", text):
                    problems.append(f"{path}: opens a library with dlopen, which an iOS app may not")
    if problems:
        fail("; ".join(problems))
else:
    fail(f"unknown check {check}")
