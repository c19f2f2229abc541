import Dispatch
import Foundation
import GlassesScript
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The children and scratch folders of the calls in flight. SIGTERM or Ctrl-C mid-call used
/// to leave the child running and its scratch folder behind: the signal now kills every
/// child's process group, removes the folders and exits 143 or 130.
enum LiveCalls {
    private struct Live {
        var children: Set<pid_t> = []
        var folders: Set<String> = []
    }

    private static let live = Locked(Live())
    private static let sources = Locked<[any DispatchSourceSignal]>([])

    static func started(_ child: pid_t) { live.withLock { _ = $0.children.insert(child) } }
    static func ended(_ child: pid_t) { live.withLock { _ = $0.children.remove(child) } }
    static func holding(_ folder: String) { live.withLock { _ = $0.folders.insert(folder) } }
    static func released(_ folder: String) { live.withLock { _ = $0.folders.remove(folder) } }

    /// Watches SIGINT and SIGTERM (once).
    static func watchSignals() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { stop(exiting: status) }
                source.resume()
                sources.append(source)
            }
        }
    }

    private static func stop(exiting status: Int32) {
        let (children, folders) = live.withLock { ($0.children, $0.folders) }
        for child in children { kill(-child, SIGKILL) }
        for child in children { _ = ChildProcess.wait(child) }
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
        exit(status)
    }
}
