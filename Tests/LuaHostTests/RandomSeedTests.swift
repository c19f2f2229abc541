import LuaHost
import Testing

/// `randomSeed` makes `math.random` repeat; without it Lua seeds from the clock.
@Suite struct RandomSeedTests {
    func draws(seed: Int64?, sandbox: LuaSandbox = .strict) throws -> [Double] {
        let state = try LuaState(options: LuaStateOptions(sandbox: sandbox, randomSeed: seed))
        return try state.run("return math.random(), math.random(), math.random(1, 1000)").compactMap(\.number)
    }

    @Test(arguments: LuaSandbox.allCases)
    func theSameSeedGivesTheSameDraws(sandbox: LuaSandbox) throws {
        let first = try draws(seed: 42, sandbox: sandbox)
        #expect(first.count == 3)
        #expect(try draws(seed: 42, sandbox: sandbox) == first)
        #expect(try draws(seed: 43, sandbox: sandbox) != first)
    }

    @Test func negativeSeedsWork() throws {
        #expect(try draws(seed: -1) == draws(seed: -1))
    }
}
