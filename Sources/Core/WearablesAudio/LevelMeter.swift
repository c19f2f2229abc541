/// The recorder's and player's level: RMS of the latest block, 0 (silence) to 1
/// (full-scale square wave). A full-scale sine reads about 0.707.
enum LevelMeter {
    static func rms(_ samples: [Float]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sumOfSquares = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return min(1, (sumOfSquares / Double(samples.count)).squareRoot())
    }
}
