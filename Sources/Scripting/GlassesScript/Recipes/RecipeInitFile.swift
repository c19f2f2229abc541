import LuaHost
import WearablesCore
import RecipeLockFile

/// A recipe's `init.lua`, read through a descriptor of its folder with no link
/// followed (``BeneathFolder``): opened once, by the walk that checks it, so a link
/// swapped in at `init.lua` after the recipe was found cannot send the load elsewhere.
enum RecipeInitFile {
    /// Far above any real recipe's definition; a larger file is refused before it is read whole.
    static let maxBytes = 1 << 20

    /// The bytes of `folder/init.lua`.
    static func read(folder: String) throws -> [UInt8] {
        let file: RawFile
        do { file = try BeneathFolder.open(["init.lua"], under: folder, for: .read) } catch {
            throw RecipeError("cannot load \(folder)/init.lua: \(error)")
        }
        guard file.size <= UInt64(maxBytes) else {
            throw RecipeError("\(folder)/init.lua is \(file.size) bytes, over the \(maxBytes >> 20) MB a recipe's init.lua may be; keep its definition small and move code into modules")
        }
        return file.read(count: Int(file.size), at: 0)
    }
}
