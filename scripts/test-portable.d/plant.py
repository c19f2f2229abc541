"""Plants one violation in a copy of the package graph (and of one root's sources) and says
whether the check that should see it fails. Usage: plant.py MANIFEST DESCRIBE NAME; exits 0 when
the check failed as it should, printing its message, and 1 when the violation went unseen.

The plants touch copies only: the package itself is never edited."""
import copy
import os
import shutil
import sys
import tempfile

import closure

SOURCE_PLANTS = {
    # name: (the check that must fail, a planted Swift file)
    "unguarded-foundation": ("sources", "import FoundationEssentials\nlet planted = Date.now\n"),
    "synchronization": ("sources", "import Synchronization\nlet planted = Mutex<Int>(0)\n"),
    "glibc": ("sources", "import Glibc\nlet planted = getpid()\n"),
    "dlopen": ("sources", "let planted = dlopen(\"libplanted.so\", 0)\n"),
    "proc": ("sources", "let planted = \"/proc/self/status\"\n"),
    "unguarded-native-media": ("sources", "import CImageCodecs\nlet planted = 0\n"),
}
GRAPH_PLANTS = ["linux-c-target", "system-library", "linked-library", "foreign-package", "ios-18-minimum", "adapter-reach"]
PLANTED_ROOT = "LuaHost"


def plant(name, manifest, describe, scratch):
    targets = {t["name"]: t for t in manifest["targets"]}
    if name in SOURCE_PLANTS:
        check, text = SOURCE_PLANTS[name]
        entry = next(t for t in describe["targets"] if t["name"] == PLANTED_ROOT)
        copied = os.path.join(scratch, PLANTED_ROOT)
        shutil.copytree(entry["path"], copied)
        with open(os.path.join(copied, "Planted.swift"), "w") as planted:
            planted.write(text)
        entry["path"] = copied
        return check
    root = targets[PLANTED_ROOT]
    if name == "linux-c-target":
        root["dependencies"].append({"byName": ["CImageCodecs", None]})
        return "targets"
    if name == "system-library":
        system = next(target for target in manifest["targets"] if target["type"] == "system")
        root["dependencies"].append({"byName": [system["name"], None]})
        return "targets"
    if name == "linked-library":
        root.setdefault("settings", []).append({"kind": {"linkedLibrary": {"_0": "planted"}}, "tool": "linker"})
        return "links"
    if name == "foreign-package":
        root["dependencies"].append({"product": ["MCP", "swift-sdk", None, None]})
        return "packages"
    if name == "ios-18-minimum":
        for platform in manifest["platforms"]:
            if platform["platformName"] == "ios":
                platform["version"] = "18.0"
        return "platforms"
    if name == "adapter-reach":
        targets[closure.ADAPTER]["dependencies"].append({"byName": ["WearablesSimulator", None]})
        return "adapter"
    raise SystemExit(f"plant.py: unknown plant {name}")


if __name__ == "__main__":
    manifest_path, describe_path, name = sys.argv[1:4]
    manifest, describe = closure.load(manifest_path, describe_path)
    with tempfile.TemporaryDirectory() as scratch:
        planted_manifest, planted_describe = copy.deepcopy(manifest), copy.deepcopy(describe)
        check = plant(name, planted_manifest, planted_describe, scratch)
        # A plant proves something only where the check passes without it.
        if closure.run(check, manifest, describe):
            print(f"test-portable: FAIL: the {check} check fails without the planted {name}", file=sys.stderr)
            sys.exit(1)
        failure = closure.run(check, planted_manifest, planted_describe)
    if not failure:
        print(f"test-portable: FAIL: the planted {name} went unseen by the {check} check", file=sys.stderr)
        sys.exit(1)
    print(f"  planted {name}: {failure[:200]}")
