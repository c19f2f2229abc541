#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GlassesScript

extension RunOptions.World: ExpressibleByArgument {}

/// The simulated world and clock a script runs in, shared by `run`, `repl`
/// and `recipe run`.
struct WorldOptions: ParsableArguments {
    @Option(help: "The starting world: ready (one paired, worn, registered Ray-Ban Meta) or empty.")
    var world: RunOptions.World = .ready

    // `.unconditional` takes "-1" as the value (and rejects it) instead of as a missing one.
    @Option(
        parsing: .unconditional, help: "Seed for everything random; the same script and seed give the same trace.",
        transform: { text in
            guard let seed = UInt64(text) else {
                throw ValidationError("use a whole number from 0 to \(UInt64.max)")
            }
            return seed
        })
    var seed: UInt64 = 0

    @Flag(help: "Run on the wall clock instead of the virtual clock.")
    var realtime = false

    @Option(
        name: .customLong("for"), parsing: .unconditional,
        help: ArgumentHelp("Stop after this much run time, e.g. 90s, 10m, 1h.", valueName: "duration"),
        transform: { text in
            guard let seconds = DurationParser.seconds(text) else {
                throw ValidationError("use a length of time >= 0, e.g. 30, 30s, 500ms, 5m or 2h")
            }
            return seconds
        })
    var duration: Double?

    @Option(help: ArgumentHelp(
        "Drive the glasses of a world `glasses serve` serves (its ws:// URL) instead of the embedded simulator; "
            + "that world decides --world and the clock.", valueName: "url"))
    var connect: String?

    @Option(help: ArgumentHelp("The served world's token (default: $GLASSES_TOKEN).", valueName: "token"))
    var token: String?

    @Option(help: ArgumentHelp(
        "With --connect: record the session (what the world sends, the commands sent) to this JSON Lines file, for --replay.",
        valueName: "file"))
    var capture: String?

    @Option(help: ArgumentHelp(
        "Replay a recorded session (--capture, glasses serve --record) as the world, on the virtual clock; "
            + "it decides --world.", valueName: "file"))
    var replay: String?

    @Flag(help: ArgumentHelp(
        "Run over the DAT backend, in process, with the simulator played through DAT (the bridge's fake) instead of "
            + "the embedded simulator: the path a script takes inside an app over Meta's SDK. Wall clock, at --speed."))
    var datFake = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("With --dat-fake: run seconds per wall second (default 1).", valueName: "factor"),
        transform: { text in
            guard let speed = Double(text), speed.isFinite, speed > 0, speed <= 1000 else {
                throw ValidationError("use a number above 0 and up to 1000, e.g. 10")
            }
            return speed
        })
    var speed: Double?

    @Option(help: ArgumentHelp("Write the event trace (JSON Lines) to this file.", valueName: "file"))
    var trace: String?

    @Option(help: ArgumentHelp("Folder for the files the script writes (default: the current folder); relative paths land here, and outside trusted only here.", valueName: "dir"))
    var out: String?

    func validate() throws {
        if let problem = Self.sessionProblem(connect: connect, capture: capture, replay: replay, realtime: realtime) {
            throw ValidationError(problem)
        }
        if let out, let problem = Self.outProblem(out) { throw ValidationError(problem) }
        if let problem = Self.datFakeProblem(datFake: datFake, speed: speed, connect: connect, replay: replay) {
            throw ValidationError(problem)
        }
    }

    /// Why `--dat-fake` and `--speed` cannot go with the other world options, or nil.
    static func datFakeProblem(datFake: Bool, speed: Double?, connect: String?, replay: String?) -> String? {
        if speed != nil, !datFake { return "--speed sets the pace of --dat-fake's wall clock: add --dat-fake (the embedded simulator runs on the virtual clock)" }
        if datFake, connect != nil { return "--dat-fake and --connect both name the world: use one" }
        if datFake, replay != nil { return "--dat-fake and --replay both name the world: use one" }
        return nil
    }

    /// Why `--capture` and `--replay` cannot go with the other world options, or nil.
    static func sessionProblem(connect: String?, capture: String?, replay: String?, realtime: Bool) -> String? {
        if capture != nil, connect == nil {
            return "--capture records a session with a served world: add --connect URL (a replay or the embedded simulator has nothing to record)"
        }
        if replay != nil, connect != nil { return "--replay and --connect both name the world: use one" }
        if replay != nil, realtime { return "--replay runs on the virtual clock: drop --realtime" }
        return nil
    }

    /// Why `--out` cannot be the output folder, or nil: a file, or a link to nothing
    /// (writes would fail only when the script first saves something).
    static func outProblem(_ out: String) -> String? {
        var target = stat()
        if stat(out, &target) == 0 {
            return target.st_mode & S_IFMT == S_IFDIR ? nil : "--out '\(out)' is a file: name a folder (it is created if missing)"
        }
        var link = stat()
        guard lstat(out, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return nil }
        let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: out)) ?? "?"
        return "--out '\(out)' is a symbolic link to '\(destination)', which does not exist: create that folder, or name another"
    }

    func apply(to options: inout RunOptions) {
        options.world = world
        options.seed = seed
        options.connect = connect
        options.capture = capture
        options.replay = replay
        options.token = token ?? ProcessInfo.processInfo.environment["GLASSES_TOKEN"]
        options.realtime = realtime
        options.datFake = datFake
        options.speed = speed ?? 1
        options.duration = duration
        options.tracePath = trace
        options.outputDirectory = out
    }
}
