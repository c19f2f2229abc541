import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What this process has running and on disk for the work in hand (children started through
/// ``ChildProcess``, each in a process group of its own, and scratch folders), ended and
/// removed when the process is told to stop: without it Ctrl-C or SIGTERM during a recipe
/// fetch or an MCP call left the child running and its scratch folder behind. The first
/// ``watchSignals(naming:)`` installs the watch; the signal then kills every live child's
/// group, removes the folders and exits 130 (SIGINT) or 143 (SIGTERM).
public enum KillOnSignal {
    private struct Live {
        var children: Set<pid_t> = []
        var folders: Set<String> = []
        /// A signal is ending the process.
        var stopping = false
    }

    private static let live = Locked(Live())
    /// The signal sources, kept for the life of the process.
    private static let sources = Locked<[any DispatchSourceSignal]>([])

    /// Watches SIGINT and SIGTERM from the first call on. With `children` (what the children
    /// are, e.g. "fetching process(es)") the stop says on stderr what it ended; without, it
    /// ends them silently (stderr may belong to a protocol's client).
    public static func watchSignals(naming children: String? = nil) {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { stop(exiting: status, naming: children) }
                source.resume()
                sources.append(source)
            }
        }
    }

    public static func started(_ child: pid_t) { live.withLock { _ = $0.children.insert(child) } }

    /// A child ended. When it ended because a signal is stopping the process, the caller
    /// waits here for the stop to end the process (130/143, scratch removed): otherwise it
    /// would take the killed child for a failure and race the stop to exit 1 with the
    /// scratch folder half removed (scripts/test-recipes saw both).
    public static func ended(_ child: pid_t) {
        let stopping = live.withLock { live in
            live.children.remove(child)
            return live.stopping
        }
        while stopping { sleep(60) }
    }

    public static func holding(_ folder: String) { live.withLock { _ = $0.folders.insert(folder) } }
    public static func released(_ folder: String) { live.withLock { _ = $0.folders.remove(folder) } }

    private static func stop(exiting status: Int32, naming what: String?) {
        let (children, folders) = live.withLock { live in
            live.stopping = true
            return (live.children, live.folders)
        }
        // SIGKILL to the child's whole group: its own helpers (git's remote-https) go too.
        for child in children { kill(-child, SIGKILL) }
        for child in children { _ = ChildProcess.wait(child) }
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
        if let what {
            let line = "glasses: \(status == 130 ? "interrupted" : "terminated"); stopped \(children.count) \(what) and removed \(folders.count) scratch folder(s)\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        }
        exit(status)
    }
}
