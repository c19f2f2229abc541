import Foundation
import Testing

import GlassesScript
import RecipeSharing

/// Installed files keep no mode of their source's: a zip's 0777 let any user rewrite what runs.
@Suite struct RecipeInstallModeTests {
    @Test func installedFilesAreNotWritableByOthers() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("modes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: work) }
        let source = work + "/src/open.recipe"
        try FileManager.default.createDirectory(atPath: source + "/lib", withIntermediateDirectories: true)
        try "return {name = 'open', version = '1.0.0', description = 'open to all', start = function() end}\n"
            .write(toFile: source + "/init.lua", atomically: true, encoding: .utf8)
        try "return 1\n".write(toFile: source + "/lib/helper.lua", atomically: true, encoding: .utf8)
        try "#!/bin/sh\n".write(toFile: source + "/lib/tool.sh", atomically: true, encoding: .utf8)
        for (path, mode) in [(source, 0o777), (source + "/lib", 0o777), (source + "/init.lua", 0o666), (source + "/lib/helper.lua", 0o664),
                             (source + "/lib/tool.sh", 0o777)] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
        try RecipeInstaller.install(source, into: work + "/installed", replace: false)
        func mode(_ path: String) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: work + "/installed/open.recipe" + path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(try mode("") == 0o755)
        #expect(try mode("/lib") == 0o755)
        #expect(try mode("/init.lua") == 0o644)
        #expect(try mode("/lib/helper.lua") == 0o644)
        #expect(try mode("/lib/tool.sh") == 0o755)
    }
}
