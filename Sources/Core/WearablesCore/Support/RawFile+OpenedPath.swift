extension RawFile {
    /// A name for this open file that a library wanting a path can open: it reaches
    /// the file this descriptor holds, whatever the path it was opened by names now,
    /// so a link swapped in after the open cannot redirect it. Valid while this lives.
    /// Linux's `/proc`; Darwin's `/dev/fd`, where opening the name duplicates the descriptor.
    public var openedPath: String {
        #if os(Linux)
        "/proc/self/fd/\(descriptor)"
        #else
        "/dev/fd/\(descriptor)"
        #endif
    }
}
