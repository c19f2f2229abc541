/// How much of the standard library a script sees.
public enum LuaSandbox: String, CaseIterable, Sendable {
    /// Everything, like `lua5.4`.
    case trusted
    /// No `os.execute`, `io.popen`, `package.loadlib`, C module searchers or
    /// `debug` beyond `debug.traceback`; binary chunks are refused.
    case standard
    /// Pure computation plus the host's modules: `standard` without `io`,
    /// `os` cut to time/clock/date/difftime, no file loading, `require` only
    /// from ``LuaStateOptions/modulePaths``, and no `package` table.
    case strict
}

/// What a limit is called where its user sets it (a flag, a setting); nil says nothing.
public struct LuaLimitNames: Sendable {
    public var memory: String?
    public var timeout: String?

    public init(memory: String? = nil, timeout: String? = nil) {
        self.memory = memory
        self.timeout = timeout
    }

    /// `" (--max-memory)"`, or "" when the limit has no name.
    static func parenthesized(_ name: String?) -> String { name.map { " (\($0))" } ?? "" }
}

/// Limits and profile for a new ``LuaState``.
public struct LuaStateOptions: Sendable {
    public var sandbox: LuaSandbox
    /// Cap on the bytes Lua may hold; allocations beyond it fail with "not enough memory".
    public var memoryLimit: Int?
    /// Cap on VM instructions over the state's life (arms a count hook, so it costs a little).
    public var instructionLimit: Int?
    /// Wall-time budget in seconds from the state's creation (a watchdog; free until it fires);
    /// longer than ``longestTimeout`` counts as that, and zero, negative or NaN as spent
    /// already: the state is stopped before it runs anything.
    public var timeout: Double?
    /// The longest wall-time budget: about 31 years, far from what a clock can overflow.
    public static let longestTimeout: Double = 1e9
    /// `package.path` templates (`dir/?.lua`) for `strict`; ignored by the other profiles.
    public var modulePaths: [String]
    /// Seeds `math.random`, which Lua otherwise seeds from the clock and memory
    /// addresses; set it for runs that repeat exactly.
    public var randomSeed: Int64?
    /// How a script gets a name its sandbox removed, given the narrowest sandbox that
    /// has it: the end of "io.popen is not available in the standard sandbox; ...".
    /// The embedder knows how its users choose a sandbox (a flag, a setting, nothing).
    public var sandboxAdvice: @Sendable (LuaSandbox) -> String = { "it needs the \($0.rawValue) sandbox" }
    /// How the embedder's users set each limit, named in its message when given:
    /// "memory limit of 64 MB (--max-memory) exceeded".
    public var limitNames = LuaLimitNames()

    public init(
        sandbox: LuaSandbox = .standard, memoryLimit: Int? = nil, instructionLimit: Int? = nil,
        timeout: Double? = nil, modulePaths: [String] = [], randomSeed: Int64? = nil,
        sandboxAdvice: (@Sendable (LuaSandbox) -> String)? = nil, limitNames: LuaLimitNames = LuaLimitNames()
    ) {
        if let sandboxAdvice { self.sandboxAdvice = sandboxAdvice }
        self.limitNames = limitNames
        self.sandbox = sandbox
        self.memoryLimit = memoryLimit
        self.instructionLimit = instructionLimit
        self.timeout = timeout
        self.modulePaths = modulePaths
        self.randomSeed = randomSeed
    }
}
