import ArgumentParser
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import LuaHost
import Locking
import WearablesCore
import WearablesServer
import WearablesWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ServeOptions.World: ExpressibleByArgument {}

/// `glasses serve`: one simulated world for many clients (`glasses run --connect`,
/// REPLs, tests over HTTP) until Ctrl-C or SIGTERM. A program of its own
/// (`glasses-serve`, which `glasses serve` runs): the HTTP server and its libraries
/// stay out of the `glasses` binary, its build and its start-up.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glasses serve",
        abstract: "Serve a simulated world over WebSocket (scripts, REPLs) and HTTP (test controls).",
        discussion: """
            The world runs on the wall clock (--speed N for N times real time). Clients speak the \
            wire protocol (docs/protocol.md) at ws://HOST:PORT\(WireProtocol.webSocketPath); tests drive \
            the simulated glasses over HTTP/JSON under /v1/ (docs/openapi.yaml, also served at \
            /v1/openapi.yaml); a dashboard page (preview, devices and mock controls, a Lua console, \
            photos, a timeline) is at / (the URL printed at start carries the token). Every request \
            needs the token printed at start, as a header \
            'Authorization: Bearer TOKEN' or '?token=TOKEN'. Ctrl-C or SIGTERM stops the server \
            and ends the trace with an end record.

            --bridge-fake serves the same simulated world through the bridge core an iOS app \
            would run over Meta's DAT SDK (docs/ios-bridge.md): hello says world "dat", so there is \
            no mock module, no HTTP controls and no dashboard. With --dial ws://RELAY it dials a \
            relay instead of listening. --relay is that relay: it accepts one bridge dialling in \
            (with the same --token) and serves the bridge's world to local clients at \
            ws://HOST:PORT\(WireProtocol.webSocketPath), as if it were local.

            Exit codes: 0 stopped by a signal, 1 cannot listen (port in use) or reach the relay, 2 usage error.

            Example: glasses serve --listen 127.0.0.1:0 --trace serve.jsonl
            """
    )

    @Option(help: "The starting world: ready (one paired, worn, registered Ray-Ban Meta) or empty.")
    var world: ServeOptions.World = .ready

    @Option(help: "Seed for everything random.")
    var seed: UInt64 = 0

    @Option(help: ArgumentHelp("Run time per wall-clock second, e.g. 10 for ten times real time.", valueName: "N"))
    var speed: Double = 1

    @Flag(inversion: .prefixedNo, help: "The 720p stalls users report over Bluetooth Classic (ios#227); --no-classic-stalls serves without them.")
    var classicStalls = true

    @Option(help: ArgumentHelp("Address to listen on; port 0 picks a free one (printed at start).", valueName: "host:port"))
    var listen = "\(WireProtocol.defaultHost):\(WireProtocol.defaultPort)"

    @Option(help: ArgumentHelp("The token clients must send (default: a random one). Required off loopback.", valueName: "token"))
    var token: String?

    @Option(help: ArgumentHelp("Write the event trace (JSON Lines) to this file.", valueName: "file"))
    var trace: String?

    @Option(help: ArgumentHelp("Folder for the files the dashboard's console and the recipes it starts save (default: the current folder); they can write nowhere else.", valueName: "dir"))
    var out: String?

    @Option(help: ArgumentHelp("Record each client's session to DIR/session-N.jsonl (N: the client's number), for glasses run --replay.", valueName: "dir"))
    var record: String?

    @Flag(help: "Serve the world through the bridge core over a DAT-shaped fake of the simulator (hello says \"dat\": no mock, HTTP controls or dashboard).")
    var bridgeFake = false

    @Option(help: ArgumentHelp("With --bridge-fake: dial this relay (a glasses serve --relay) instead of listening; needs the relay's --token.", valueName: "ws://host:port"))
    var dial: String?

    @Flag(help: "Be a relay: accept one bridge that dials in and serve its world to local clients (scripts, REPLs).")
    var relay = false

    func validate() throws {
        if bridgeFake, relay { throw ValidationError("--bridge-fake and --relay are different servers: pick one (a bridge dials a relay with --bridge-fake --dial)") }
        if dial != nil, !bridgeFake { throw ValidationError("--dial is the bridge's side of a relay: use it with --bridge-fake") }
        if dial != nil, token == nil { throw ValidationError("--dial needs --token: the relay's token, which the bridge presents") }
        if relay, trace != nil { throw ValidationError("--trace records a world's events, and a relay has none: trace the bridge's side") }
        if relay || bridgeFake, out != nil { throw ValidationError("--out is for the dashboard's console, which --relay and --bridge-fake do not serve") }
        if relay || bridgeFake, record != nil { throw ValidationError("--record records glasses serve's own simulated world; record a bridge's session from the client with glasses run --connect URL --capture FILE") }
        guard speed.isFinite, speed > 0 else { throw ValidationError("--speed must be a number > 0, e.g. 1 or 10") }
        do { _ = try ServeOptions.parseListen(listen) } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        var options = ServeOptions()
        options.world = world
        options.seed = seed
        options.speed = speed
        options.classicStalls = classicStalls
        options.token = token
        options.outputDirectory = out
        options.recordDirectory = record
        do { (options.host, options.port) = try ServeOptions.parseListen(listen) } catch {
            throw fail(error.description, as: .usage)
        }
        let traceFile: TraceFile?
        do { traceFile = try trace.map(TraceFile.init(path:)) } catch {
            throw fail("\(error)", as: .usage)
        }
        let signals = SignalWatch()
        var sink: (@Sendable (String) -> Void)?
        if let traceFile { sink = { traceFile.write($0) } }
        let (traceSink, serveOptions, mode, dial) = (sink, options, Mode(bridgeFake: bridgeFake, relay: relay), dial)
        let consoles = IsolatedConsole.Endpoint(outputDirectory: options.outputDirectory)
        let outcome = Self.blocking { () async -> ServeError? in
            switch mode {
            case .bridgeFake: return await Self.runBridgeFake(options: serveOptions, dial: dial, traceSink: traceSink, signals: signals)
            case .relay: return await Self.runRelay(options: serveOptions, signals: signals)
            case .world: break
            }
            let server: WorldServer
            do throws(ServeError) {
                server = try await WorldServer(options: serveOptions, traceSink: traceSink, console: IsolatedConsole.factory(endpoint: consoles))
            } catch {
                return error
            }
            let task = Task {
                try await server.run(ending: { signals.received.map(ServeEnding.signal) ?? .stopped }) { port in
                    consoles.listening(url: Self.loopbackURL(options: serveOptions, port: port), token: server.token)
                    Self.announce(options: serveOptions, port: port, token: server.token)
                }
            }
            signals.onSignal { task.cancel() }
            do { try await task.value } catch let error as ServeError { return error } catch {}
            return nil
        }
        traceFile?.flush()
        switch outcome {
        case nil:
            LuaConsole.writeError("glasses serve: stopped (\(signals.received ?? "done"))\n")
        case .usage(let message)?, .traceFile(let message)?:
            throw fail(message, as: .usage)
        case .cannotListen(let message)?:
            throw fail(message, as: .scriptError)
        }
    }

    /// Which server this run is.
    enum Mode: Sendable {
        case world, bridgeFake, relay
        init(bridgeFake: Bool, relay: Bool) { self = bridgeFake ? .bridgeFake : relay ? .relay : .world }
    }

    private func fail(_ message: String, as status: ExitStatus) -> ExitStatus {
        LuaConsole.writeError("glasses serve: \(message)\n")
        return status
    }

    /// Where a console worker on this machine reaches the server: the listening address,
    /// or loopback when it listens on every address.
    private static func loopbackURL(options: ServeOptions, port: Int) -> String {
        let host = switch options.host {
        case "0.0.0.0": "127.0.0.1"
        case "::": "[::1]"
        case let host where host.contains(":"): "[\(host)]"
        case let host: host
        }
        return "ws://\(host):\(port)\(WireProtocol.webSocketPath)"
    }

    private static func announce(options: ServeOptions, port: Int, token: String) {
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        let base = "http://\(host):\(port)"
        let text = """
            glasses serve: listening on \(base) (world \(options.world.rawValue), seed \(options.seed), speed \(options.speed)x)
              dashboard: \(base)/?token=\(token)
              WebSocket: ws://\(host):\(port)\(WireProtocol.webSocketPath)?token=\(token)
              token:     \(token)\(options.recordDirectory.map { "\n  sessions:  recorded to \($0)/session-N.jsonl" } ?? "")
              try:       curl -H 'Authorization: Bearer \(token)' \(base)/v1/health
              API:       \(base)/v1/openapi.yaml
            Ctrl-C stops it.

            """
        // Written at once and unbuffered: scripts wait for this text to learn the port.
        RawFile.standardOutput.write(text)
    }

    /// Runs async work to its end from this synchronous command.
    private static func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox<T>()
        Task {
            result.value = await work()
            done.signal()
        }
        done.wait()
        // The task signals only after storing its value.
        return result.value!
    }
}

/// Hands a value from the task to the waiting thread; the semaphore orders the accesses.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// SIGINT and SIGTERM, turned from process death into a clean stop.
/// `@unchecked`: the signal sources are set once in `init`; the rest is behind a lock.
final class SignalWatch: @unchecked Sendable {
    private struct State {
        var name: String?
        var handler: (@Sendable () -> Void)?
    }
    private let state = Locked(State())
    private let sources: [DispatchSourceSignal]

    init() {
        sources = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")].map { number, _ in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: .global())
        }
        for (source, name) in zip(sources, ["SIGINT", "SIGTERM"]) {
            source.setEventHandler { [weak self] in self?.fire(name) }
            source.resume()
        }
    }

    var received: String? { state.withLock { $0.name } }

    func onSignal(_ action: @escaping @Sendable () -> Void) {
        let fired = state.withLock { state in
            state.handler = action
            return state.name != nil
        }
        if fired { action() }
    }

    private func fire(_ signal: String) {
        let action = state.withLock { state in
            if state.name == nil { state.name = signal }
            return state.handler
        }
        action?()
    }
}
