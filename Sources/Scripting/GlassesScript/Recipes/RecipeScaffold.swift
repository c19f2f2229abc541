#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RecipeLockFile

/// `glasses recipe new NAME`: a working starting point (init.lua with one
/// parameter, a test script and a README) that loads and runs as is.
public enum RecipeScaffold {
    /// Creates `directory/NAME.recipe` and returns its path.
    public static func create(name: String, in directory: String) throws -> String {
        let allowed = name.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
        guard !name.isEmpty, allowed, name.first != "-" else {
            throw RecipeError("'\(name)' is not a recipe name: use lowercase letters, digits and '-', e.g. my-capture")
        }
        let folder = directory + "/" + name + ".recipe"
        guard !FileManager.default.fileExists(atPath: folder) else {
            throw RecipeError("\(folder) already exists; pick another name or remove it")
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try initLua(name).write(toFile: folder + "/init.lua", atomically: true, encoding: .utf8)
        try testLua(name).write(toFile: folder + "/test.lua", atomically: true, encoding: .utf8)
        try readme(name).write(toFile: folder + "/README.md", atomically: true, encoding: .utf8)
        return folder
    }

    private static func initLua(_ name: String) -> String {
        """
        -- \(name): describe what this recipe does and why.
        return {
          name = "\(name)",
          version = "0.1.0",
          description = "Capture a photo every few seconds.",
          params = {
            {name = "interval", type = "duration", default = "10s", min = 1, doc = "Time between photos."},
          },
          start = function(ctx, params)
            local session = ctx:hold(wearables.session())
            session:start()
            local cam = ctx:hold(session:camera{resolution = "low", fps = 15})
            cam:start()
            local saved = 0
            ctx:hold(every(params.interval, function()
              saved = saved + 1
              cam:capture("jpeg"):save(("\(name)_%04d.jpg"):format(saved))
              ctx.log.info("saved photo %d", saved)
            end))
          end,
          stop = function(ctx)
            ctx.log.info("stopped")
          end,
        }

        """
    }

    private static func testLua(_ name: String) -> String {
        """
        -- Run it from the folder that holds \(name).recipe (recipes are looked up there):
        --   glasses run --out \(name)-test \(name).recipe/test.lua
        local handle = recipes.run("\(name)", {interval = "5s"})
        wait(12)
        assert(handle.status == "running", "recipe status: " .. handle.status)
        handle:stop()
        print("\(name): ok")

        """
    }

    private static func readme(_ name: String) -> String {
        """
        # \(name)

        A GlassesScript recipe. Try it from the folder that holds \(name).recipe:

            glasses recipe info \(name)
            glasses recipe run \(name) --param interval=5s --for 1m --out photos
            glasses run --out \(name)-test \(name).recipe/test.lua

        Share it: `glasses recipe pack \(name)` writes \(name)-0.1.0.zip, which others
        install with `glasses recipe install \(name)-0.1.0.zip`.

        """
    }
}
