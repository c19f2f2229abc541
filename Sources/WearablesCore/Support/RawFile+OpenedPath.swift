extension RawFile {
    /// A name for this open file that a library wanting a path can open: it reaches
    /// the file this descriptor holds, whatever the path it was opened by names now,
    /// so a link swapped in after the open cannot redirect it. Valid while this lives.
    /// Linux's `/proc`, so here beside the libraries that want paths, not in the portable model.
    public var openedPath: String { "/proc/self/fd/\(descriptor)" }
}
