"""One check of scripts/test-portable: the package graph as `swift package dump-package` and
`swift package describe --type json` print it, read as an iOS build would resolve it (a
dependency conditioned on other platforms is not followed). Prints what failed and exits 1, or
exits 0.

The portable closure is what an iOS app links: the roots below and everything they reach.
`plant.py` copies the inputs, plants one violation of each kind, and expects each check to fail."""
import json
import os
import re
import sys

# What an app embeds: the bridge core and its DAT adapter, the Lua host, the bindings and the embedding API,
# and the DAT backend the bindings run over in the app.
ROOTS = ["GlassesBridgeCore", "GlassesBridge", "LuaHost", "GlassesScript", "GlassesEmbedding", "WearablesDAT"]
ADAPTER = "GlassesBridge"
DAT_MODULES = {"MWDATCore", "MWDATCamera", "MWDATSpeech", "MWDATDisplay", "MWDATInputs", "MWDATMotion"}
# C targets that build for iOS from their own sources: Lua itself and the shim over it.
PORTABLE_C_TARGETS = {"CLuaSource", "CLuaShim"}
# Packages whose products an iOS app can link: Swift (NIO's few C shims build for iOS).
PORTABLE_PACKAGES = {"swift-nio", "hummingbird", "hummingbird-websocket", "swift-collections", "swift-log", "swift-http-types",
                     "swift-atomics"}
# Modules that exist only on Linux.
LINUX_ONLY_MODULES = {"Glibc": "Darwin", "Musl": "Darwin", "FoundationNetworking": None}
# Modules newer than an iOS version: the module, the first iOS that has it.
MODULE_MINIMUM_IOS = {"Synchronization": (18, 0)}


def load(manifest_path, describe_path):
    manifest = json.load(open(manifest_path))
    describe = json.load(open(describe_path))
    return manifest, describe


def declared_ios(manifest):
    for platform in manifest.get("platforms", []):
        if platform["platformName"] == "ios":
            return tuple(int(part) for part in platform["version"].split("."))
    return None


def condition_allows_ios(condition):
    if not condition:
        return True
    platforms = condition.get("platformNames")
    return not platforms or "ios" in platforms


def dependencies(targets, target):
    """(our targets, external products) that `target` names for an iOS build."""
    ours, products = [], []
    for dependency in targets[target]["dependencies"]:
        (kind, value), = dependency.items()
        condition = next((part for part in value[1:] if isinstance(part, dict) and "platformNames" in part), None)
        if not condition_allows_ios(condition):
            continue
        if kind == "product":
            products.append((value[0], value[1]))
        else:
            ours.append(value[0])
    return ours, products


def closure(targets, roots):
    seen, products, todo = set(), set(), list(roots)
    while todo:
        name = todo.pop()
        if name in seen or name not in targets:
            continue
        seen.add(name)
        ours, external = dependencies(targets, name)
        todo.extend(ours)
        products.update(external)
    return seen, products


def code_of(path):
    """The file's code without its comments: a comment may name what the code avoids."""
    return "\n".join(line for line in open(path).read().split("\n") if not line.lstrip().startswith("//"))


def branches_at(text, position):
    """The conditions of the `#if` branches enclosing `position`, innermost last: an `#if`'s
    condition, or `!(previous conditions)` for its `#else`."""
    stack = []
    for match in re.finditer(r"^\s*#(if|elseif|else|endif)\b(.*)$", text[:position], re.M):
        word, condition = match.group(1), match.group(2).strip()
        if word == "if":
            stack.append([condition])
        elif word == "elseif" and stack:
            stack[-1].append(condition)
        elif word == "else" and stack:
            stack[-1].append("!(" + " || ".join(stack[-1]) + ")")
        elif word == "endif" and stack:
            stack.pop()
    return [branch[-1] for branch in stack]


def guarded_by_can_import(text, position, module):
    """Whether the import at `position` sits in an `#if canImport(module)` branch."""
    return any(condition.startswith(f"canImport({module})") for condition in branches_at(text, position))


def only_on_linux(text, position):
    """Whether `position` is in a branch iOS never compiles: under `os(Linux)`, or the `#else`
    of `canImport(Darwin)`."""
    return any(condition.startswith("os(Linux)") or condition.startswith("!(canImport(Darwin)")
               for condition in branches_at(text, position))


def source_problems(path, minimum_ios, absent_on_ios):
    text = code_of(path)
    problems = []
    for match in re.finditer(r"^(?:@\w+ )*(?:(?:public|internal|package|private|fileprivate) )?import (\w+)$", text, re.M):
        module = match.group(1)
        if module in absent_on_ios and not guarded_by_can_import(text, match.start(), module):
            problems.append(f"{path}: imports {module} unguarded, which an iOS build does not have "
                            f"(wrap the code that needs it in #if canImport({module}), as NativeMedia's users do)")
        if module == "FoundationEssentials" and not guarded_by_can_import(text, match.start(), module):
            problems.append(f"{path}: imports FoundationEssentials unguarded (Apple's SDKs have no such module: "
                            "wrap it in #if canImport(FoundationEssentials), with Foundation in the #else)")
        if module in LINUX_ONLY_MODULES:
            partner = LINUX_ONLY_MODULES[module]
            if partner is None or not re.search(rf"import {partner}$", text, re.M):
                problems.append(f"{path}: imports {module}, which only Linux has" +
                                (f", with no {partner} branch" if partner else ""))
        needed = MODULE_MINIMUM_IOS.get(module)
        if needed and minimum_ios and minimum_ios < needed:
            problems.append(f"{path}: imports {module}, which needs iOS {needed[0]}.{needed[1]}; the package declares "
                            f"iOS {'.'.join(map(str, minimum_ios))} (use Locking's Locked and AtomicValue)")
    if re.search(r"\b(Mutex|Atomic)<", text) and minimum_ios and minimum_ios < MODULE_MINIMUM_IOS["Synchronization"]:
        problems.append(f"{path}: uses Synchronization's Mutex or Atomic, which need iOS 18 (use Locking's Locked and AtomicValue)")
    if any(not only_on_linux(text, match.start()) for match in re.finditer(r"/proc/", text)):
        problems.append(f"{path}: reads /proc, which iOS has not (or only under #if os(Linux))")
    if any(not only_on_linux(text, match.start()) for match in re.finditer(r"\bdlopen\b", text)):
        problems.append(f"{path}: opens a library with dlopen, which an iOS app may not (or only under #if os(Linux))")
    return problems


def run(check, manifest, describe):
    targets = {t["name"]: t for t in manifest["targets"]}
    kinds = {t["name"]: t.get("module_type", "") for t in describe["targets"]}
    paths = {t["name"]: t["path"] for t in describe["targets"]}
    roots = [root for root in ROOTS if root in targets]
    portable, products = closure(targets, roots)
    minimum_ios = declared_ios(manifest)

    if check == "platforms":
        if not minimum_ios:
            return "the package declares no iOS platform"
        if minimum_ios > (17, 2):
            return f"the package declares iOS {'.'.join(map(str, minimum_ios))}, above DAT's 17.2"
        print(f"iOS {'.'.join(map(str, minimum_ios))} declared; the portable closure's roots: {', '.join(roots)}")
    elif check == "targets":
        native = sorted(name for name in portable
                        if targets[name]["type"] == "system"
                        or (kinds.get(name) not in ("SwiftTarget", "") and name not in PORTABLE_C_TARGETS))
        if native:
            return (f"the portable closure has C or system-library targets that do not build for iOS: {', '.join(native)} "
                    "(keep what needs them out of the closure, behind a protocol, or conditioned on Linux)")
        print(f"the portable closure is {len(portable)} targets: {', '.join(sorted(portable))}")
    elif check == "links":
        # DAT's modules are Meta's binaries on iOS; here they are the stand-in, built as Meta builds them.
        linked = sorted(f"{name}: {json.dumps(setting['kind'])}" for name in portable - DAT_MODULES for setting in targets[name].get("settings", [])
                        if any(kind in json.dumps(setting["kind"]) for kind in ("linkedLibrary", "linkedFramework", "unsafeFlags"))
                        and condition_allows_ios(setting.get("condition")))
        if linked:
            return f"the portable closure links libraries or passes unsafe flags: {'; '.join(linked)}"
    elif check == "packages":
        foreign = sorted(f"{package}/{product}" for product, package in products if package.lower() not in PORTABLE_PACKAGES)
        if foreign:
            return f"the portable closure uses products of packages not known to build for iOS: {', '.join(foreign)}"
        print(f"external products: {', '.join(sorted(product for product, _ in products))}")
    elif check == "adapter":
        adapter, _ = closure(targets, [ADAPTER])
        core, _ = closure(targets, ["GlassesBridgeCore"])
        extra = sorted(adapter - core - DAT_MODULES - {ADAPTER})
        if extra:
            return f"the adapter {ADAPTER} reaches targets beyond the core and DAT's modules: {', '.join(extra)}"
    elif check == "sources":
        problems = []
        absent_on_ios = set(targets) - portable - DAT_MODULES
        for name in sorted(portable):
            if kinds.get(name) != "SwiftTarget" or name in DAT_MODULES:
                continue
            for folder, _, files in os.walk(paths[name]):
                for file in sorted(files):
                    if file.endswith(".swift"):
                        problems += source_problems(os.path.join(folder, file), minimum_ios, absent_on_ios)
        if problems:
            return "; ".join(problems)
    else:
        return f"unknown check {check}"
    return None


if __name__ == "__main__":
    manifest_path, describe_path, check = sys.argv[1:4]
    failure = run(check, *load(manifest_path, describe_path))
    if failure:
        print(f"test-portable: FAIL: {failure}", file=sys.stderr)
        sys.exit(1)
