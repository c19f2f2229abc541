/// The bridge's run time: wall seconds since it started, times its speed (1 over real glasses).
struct BridgeClock: Sendable {
    let speed: Double
    private let started = ContinuousClock.now

    init(speed: Double) { self.speed = speed }

    func now() -> Double {
        let elapsed = ContinuousClock.now - started
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) * speed
    }
}
