import LuaHost
import Testing

/// A Swift object exposed to Lua; counts its deinits.
final class Camera {
    let deinits: Counter
    var state = "stopped"

    init(deinits: Counter) {
        self.deinits = deinits
    }

    deinit {
        deinits.value += 1
    }
}

@Suite struct UserdataTests {
    func cameraState(_ deinits: Counter, keep: Camera? = nil) throws -> LuaState {
        let state = try makeState()
        try state.register(
            LuaClass(
                Camera.self, name: "Camera", doc: "A camera stream.",
                methods: [
                    LuaFunction(name: "start", doc: "Starts.") { call in
                        try call.userdata(1, as: Camera.self).state = "streaming"
                        return .none
                    }
                ],
                fields: [LuaField(name: "state", type: .string, doc: "The stream state.") { .string($0.state) }],
                describe: { "Camera(\($0.state))" }))
        try state.register(
            LuaFunction(name: "new_camera", returns: [.named("Camera")], doc: "Makes one.") { _ in
                .value(.object(keep ?? Camera(deinits: deinits)))
            })
        return state
    }

    @Test func methodsFieldsTostringAndReadOnlyFields() throws {
        let state = try cameraState(Counter())
        let result = try state.run(
            """
            local cam = new_camera()
            local before = cam.state
            cam:start()
            local ok, message = pcall(function() cam.state = "x" end)
            return before, cam.state, tostring(cam), message
            """, name: "cam.lua")
        #expect(result[0].string == "stopped")
        #expect(result[1].string == "streaming")
        #expect(result[2].string == "Camera(streaming)")
        #expect(result[3].string == "cam.lua:4: cannot set 'state' on a Camera: its fields are read-only")
    }

    @Test func gcReleasesTheSwiftObject() throws {
        let deinits = Counter()
        let state = try cameraState(deinits)
        try state.run("for i = 1, 10 do local cam = new_camera() end collectgarbage() collectgarbage()")
        #expect(deinits.value == 10)
    }

    @Test func sameObjectGivesSameUserdata() throws {
        let deinits = Counter()
        let camera = Camera(deinits: deinits)
        let state = try cameraState(deinits, keep: camera)
        let result = try state.run("local a, b = new_camera(), new_camera() local t = {[a] = 1} return rawequal(a, b), a == b, t[b]")
        #expect(result[0].bool == true)
        #expect(result[1].bool == true)
        #expect(result[2].int == 1)
    }

    @Test func invalidatedObjectRaisesTheHostsMessage() throws {
        let deinits = Counter()
        let camera = Camera(deinits: deinits)
        let state = try cameraState(deinits, keep: camera)
        try state.run("cam = new_camera()")
        state.invalidate(camera, message: "frame is no longer valid (copy it with frame:copy() inside the callback)")
        let result = try state.run(
            "local ok1, m1 = pcall(function() cam:start() end) local ok2, m2 = pcall(function() return cam.state end) return ok1, m1, ok2, m2",
            name: "use.lua")
        #expect(result[0].bool == false)
        #expect(result[1].string == "use.lua:1: frame is no longer valid (copy it with frame:copy() inside the callback)")
        #expect(result[2].bool == false)
        #expect(camera.state == "stopped")
    }

    @Test func wrongSelfIsABadArgument() throws {
        let state = try cameraState(Counter())
        let result = try state.run("local cam = new_camera() local ok, m = pcall(function() cam.start({}) end) return m", name: "self.lua")
        #expect(result[0].string == "self.lua:1: bad argument #1 to 'start' (Camera expected, got table)")
    }

    /// Where Lua knows no name for the method (a pcall of the function value),
    /// the error names it as registered instead of '?'.
    @Test func anUnnamedCallIsNamedAsRegistered() throws {
        let state = try cameraState(Counter())
        let result = try state.run("local cam = new_camera() local ok, m = pcall(cam.start, 5) return m", name: "self.lua")
        #expect(result[0].string == "bad argument #1 to 'Camera:start' (Camera expected, got number)")
    }

    @Test func registryDescribesClasses() throws {
        let state = try cameraState(Counter())
        let camera = try #require(state.bindings.classes.first)
        #expect(camera.name == "Camera")
        #expect(camera.methods.map(\.signature) == ["Camera:start()"])
        #expect(camera.fields.map(\.name) == ["state"])
        #expect(state.bindings.globals.map(\.name) == ["new_camera"])
    }
}
