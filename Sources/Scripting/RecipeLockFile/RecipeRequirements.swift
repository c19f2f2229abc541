/// What a recipe declares it needs: a host version and other recipes, each as a range.
public struct RecipeRequirements: Sendable {
    /// The text of `requires.glasses`, and the range it reads as.
    public let glasses: (text: String, range: VersionRange)?
    /// `requires.recipes`, by name, sorted.
    public let recipes: [(name: String, range: VersionRange)]

    package init(glasses: String?, recipes: [(String, String)], file: String) throws(RecipeError) {
        if let glasses {
            do { self.glasses = (glasses, try VersionRange(glasses)) } catch {
                throw RecipeError("\(file): requires.glasses: \(error.message)")
            }
        } else {
            self.glasses = nil
        }
        var ranges: [(String, VersionRange)] = []
        for (name, text) in recipes {
            do { ranges.append((name, try VersionRange(text))) } catch {
                throw RecipeError("\(file): requires.recipes['\(name)']: \(error.message)")
            }
        }
        self.recipes = ranges
    }

    /// Why this host cannot run the recipe `name`, or nil when it can.
    public func hostProblem(recipe name: String, host: String = GlassesVersion.current) -> String? {
        guard let glasses, let version = SemanticVersion(host), !glasses.range.contains(version) else { return nil }
        return "recipe '\(name)' needs glasses \(glasses.text), and this is glasses \(host); install a newer glasses, or an older version of the recipe"
    }
}

/// The host's version, which recipes' `requires.glasses` ranges are checked against.
public enum GlassesVersion {
    public static let current = "0.1.0"
}
