/// A component's modifiers return a changed copy, as DAT's do.
protocol Modifying {}

extension Modifying {
    func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}

extension Text: Modifying {}
extension Button: Modifying {}
extension ButtonGroup: Modifying {}
extension FlexBox: Modifying {}
extension Image: Modifying {}
extension Icon: Modifying {}
