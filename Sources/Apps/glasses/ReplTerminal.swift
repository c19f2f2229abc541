import CTerminal
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import Locking
import WearablesCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive REPL's terminal, shared by the event loop and the line editor.
///
/// Everything the process writes to stdout and stderr (Lua's `print`, logs,
/// results) goes into a pipe that a pump thread copies to the terminal. While the
/// prompt is up, the pump hands the output to the line editor's thread instead,
/// which clears the line being typed, writes the output and draws the prompt and
/// the partial line again. With one writer at the prompt, events never garble
/// what the user is typing.
///
/// Keys are read without the terminal's line discipline for the whole session,
/// not only while libedit edits a line: keys typed while a chunk runs (Ctrl-D
/// among them) then reach the next prompt as typed, instead of as cooked-mode
/// control characters that libedit would never see. Between prompts the
/// terminal echoes, so a chunk reading stdin (`io.read`) shows what is typed.
final class ReplTerminal: Sendable {
    struct SetupError: Error, CustomStringConvertible {
        let step: String
        let code: Int32
        var description: String { "cannot set up the terminal (\(step)): \(String(cString: strerror(code)))" }
    }

    /// The terminal itself: a duplicate of the stdout the process started with.
    let terminal: Int32
    private let outputRead: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// The mode the REPL found, given back on exit and while stopped (Ctrl-Z).
    private let startMode: termios?
    /// Between prompts: keys one at a time, echoed.
    private let keyMode: termios?
    /// keyMode without the echo, set before libedit draws a prompt: libedit
    /// switches the terminal only when it first reads, after the prompt shows,
    /// and keys typed in between would be echoed twice (or, before a Ctrl-Z,
    /// lost with the input the terminal flushes).
    private let editMode: termios?
    private let state = Locked(State())
    private let pumpDone = DispatchSemaphore(value: 0)

    private struct State {
        var atPrompt = false
        var pending: [UInt8] = []
        var cancelRequested = false
        var cancelled = false
        /// Draw the prompt and line again (after the process was stopped and continued).
        var redrawRequested = false
        /// The terminal changed size; the editor must learn it before drawing.
        var resizeRequested = false
    }

    init() throws(SetupError) {
        func check(_ result: Int32, _ step: String) throws(SetupError) {
            if result < 0 { throw SetupError(step: step, code: errno) }
        }
        var mode = termios()
        startMode = tcgetattr(STDIN_FILENO, &mode) == 0 ? mode : nil
        keyMode = startMode.map(Self.keyMode(from:))
        editMode = keyMode.map { mode in
            var quiet = mode
            quiet.c_lflag &= ~tcflag_t(ECHO)
            return quiet
        }
        terminal = dup(STDOUT_FILENO)
        try check(terminal, "dup")
        var output: [Int32] = [0, 0]
        var wake: [Int32] = [0, 0]
        try check(pipe(&output), "pipe")
        try check(pipe(&wake), "pipe")
        for fd in [terminal, output[0], wake[0], wake[1]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(wake[1], F_SETFL, O_NONBLOCK)
        LuaConsole.flushOutput()
        try check(dup2(output[1], STDOUT_FILENO), "dup2")
        try check(dup2(output[1], STDERR_FILENO), "dup2")
        close(output[1])
        gs_term_line_buffer_stdout()
        outputRead = output[0]
        wakeRead = wake[0]
        wakeWrite = wake[1]
        DetachedThread.start { [self] in pump() }
    }

    /// Keys one at a time, echoed; Ctrl-C still raises SIGINT, and output still
    /// turns `\n` into `\r\n`. libedit turns the echo off while it edits.
    private static func keyMode(from mode: termios) -> termios {
        var raw = mode
        raw.c_lflag &= ~tcflag_t(ICANON | ECHOCTL)  // no "^J" for a newline typed ahead
        withUnsafeMutableBytes(of: &raw.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        return raw
    }

    /// Starts (or resumes, after libedit's end of line) reading keys one at a
    /// time. The line editor must have been set up before, or it takes this mode
    /// for cooked.
    func readKeysUnbuffered() {
        if var mode = keyMode { tcsetattr(STDIN_FILENO, TCSANOW, &mode) }
    }

    /// Sends the remaining output to the terminal and gives stdout and stderr
    /// back to it, with the terminal mode the REPL started with.
    func finish() {
        LuaConsole.flushOutput()
        // Closing the pipe's last write ends (fds 1 and 2) ends the pump.
        dup2(terminal, STDOUT_FILENO)
        dup2(terminal, STDERR_FILENO)
        _ = pumpDone.wait(timeout: .now() + 2)
        if var mode = startMode { tcsetattr(STDIN_FILENO, TCSANOW, &mode) }
    }

    /// Copies the process's output to the terminal, or queues it for the editor
    /// while the prompt is up.
    private func pump() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(outputRead, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            state.withLock { state in
                if state.atPrompt {
                    state.pending += buffer[..<count]
                    wakeEditor()
                } else {
                    writeToTerminal(buffer[..<count])
                }
            }
        }
        pumpDone.signal()
    }

    // MARK: The line editor's side, on its thread

    /// Output from now on waits for the editor until ``endPrompt()``.
    func beginPrompt() {
        if var mode = editMode { tcsetattr(STDIN_FILENO, TCSANOW, &mode) }
        state.withLock { state in
            state.atPrompt = true
            state.cancelRequested = false
            state.cancelled = false
        }
    }

    /// Writes what arrived since the line was finished; true if Ctrl-C cancelled it.
    func endPrompt() -> Bool {
        readKeysUnbuffered()  // libedit put the line discipline back at the end of the line
        return state.withLock { state in
            state.atPrompt = false
            writeToTerminal(state.pending[...])
            state.pending = []
            return state.cancelled
        }
    }

    /// Ctrl-Z: stops the process with the terminal in the mode the REPL started
    /// with (the shell gets it sane), and on `fg` takes it again and redraws the
    /// prompt. Called from the signal thread.
    func stopProcess() {
        if var mode = startMode { tcsetattr(STDIN_FILENO, TCSANOW, &mode) }
        raise(SIGSTOP)  // this thread stops with the rest before it goes on (kill() may return first)
        state.withLock { state in
            // libedit still believes its own mode is set, so at the prompt put back one without echo.
            if var mode = state.atPrompt ? editMode : keyMode { tcsetattr(STDIN_FILENO, TCSANOW, &mode) }
            guard state.atPrompt else { return }
            state.redrawRequested = true
            wakeEditor()
        }
    }

    /// The terminal was resized: the editor relearns its width at the prompt.
    func resize() {
        state.withLock { state in
            guard state.atPrompt else { return }
            state.resizeRequested = true
            wakeEditor()
        }
    }

    /// Ends the line being edited as if Return was pressed, marked as cancelled.
    /// Called for Ctrl-C at the prompt, from any thread. Returns false when the editor had
    /// already left the prompt (the line was entered just before): the caller then
    /// interrupts the chunk instead, so the Ctrl-C is never lost.
    @discardableResult
    func cancelLine() -> Bool {
        state.withLock { state in
            guard state.atPrompt else { return false }
            state.cancelRequested = true
            wakeEditor()
            return true
        }
    }

    /// The editor's next key as a Unicode scalar value; -1 at end of input. Shows
    /// output that arrives meanwhile above the prompt.
    func nextKey() -> Int32 {
        while true {
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if fds[1].revents != 0, showPendingOutput() {
                return 10  // Return, so the editor hands back the (cancelled) line
            }
            if fds[0].revents != 0 { return readScalar() }
        }
    }

    /// Clears the prompt line, writes the queued output and redraws the prompt
    /// (also after a stop or a resize); true if a cancel was requested.
    private func showPendingOutput() -> Bool {
        var drain = [UInt8](repeating: 0, count: 64)
        while drain.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) == drain.count {}
        let (output, cancel, redraw, resize) = state.withLock { state in
            defer {
                state.pending = []
                if state.cancelRequested { state.cancelled = true }
                state.cancelRequested = false
                state.redrawRequested = false
                state.resizeRequested = false
            }
            return (state.pending, state.cancelRequested, state.redrawRequested, state.resizeRequested)
        }
        if resize { ReplLineEditor.resize() }
        guard !output.isEmpty || redraw || resize else { return cancel }
        var text = Array("\r\u{1B}[K".utf8) + output
        if !output.isEmpty, output.last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
        writeToTerminal(text[...])
        ReplLineEditor.redisplay()
        return cancel
    }

    /// Reads one UTF-8 encoded scalar from stdin (U+FFFD for a malformed one).
    private func readScalar() -> Int32 {
        guard let lead = readByte() else { return -1 }
        let length = switch lead {
        case 0..<0x80: 0
        case 0xC0..<0xE0: 1
        case 0xE0..<0xF0: 2
        case 0xF0..<0xF8: 3
        default: -1
        }
        guard length >= 0 else { return 0xFFFD }
        var bytes = [lead]
        for _ in 0..<length {
            guard let next = readByte() else { return -1 }
            bytes.append(next)
        }
        guard length > 0 else { return Int32(lead) }
        return String(validating: bytes, as: UTF8.self)?.unicodeScalars.first.map { Int32($0.value) } ?? 0xFFFD
    }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    private func wakeEditor() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func writeToTerminal(_ bytes: ArraySlice<UInt8>) {
        var rest = bytes
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            rest = rest.dropFirst(count)
        }
    }
}
