/// One short script per module, shown in the generated reference
/// (docs/lua-reference.md), where scripts/test-docs runs each.
enum ModuleExamples {
    static let log = """
        log.info("started at %.1f s", now())
        wait(2.5)
        log.warn("%.1f seconds later", now())
        """

    static let wearables = """
        local session = wearables.session()          -- the first connected glasses
        session:start()                              -- waits until "started"
        local cam = session:camera{resolution = "low", fps = 15}
        cam:start()
        local photo = cam:capture("jpeg")
        photo:save("first.jpg")
        log.info("saved a %dx%d photo", photo.width, photo.height)
        """

    static let mock = """
        local glasses = mock.paired()[1]
        local session = wearables.session()
        session:start()
        glasses:fold()                               -- closing the hinges ends the session
        session:wait_for("stopped", 10)
        log.info("folded at %.1f s: session %s", now(), session.state)
        glasses:unfold()
        """

    static let permissions = """
        mock.permissions.set("microphone", "denied")
        mock.permissions.on_request("microphone", "granted")
        log.info("microphone: %s", wearables.request_permission("microphone"))
        """

    static let companion = """
        wearables.unregister()
        mock.companion.fail_next("registration", "networkUnavailable")
        local ok, err = pcall(wearables.register)
        log.info("first attempt: %s", ok and "registered" or tostring(err))
        wearables.register()
        log.info("now %s", wearables.registration_state())
        """

    static let audio = """
        audio.configure{category = "playAndRecord", mode = "voiceChat", options = {"allowBluetooth"}}
        audio.activate()
        local route = audio.route()
        log.info("input %s, output %s", route.inputs[1].port, route.outputs[1].port)
        local recorder = audio.record{path = "hello.wav", duration = 2}
        recorder:wait()
        """

    static let recipes = """
        for _, recipe in ipairs(recipes.list()) do log.info("%s %s", recipe.name, recipe.version) end
        local handle = recipes.run("interval-capture", {interval = "10s", count = 2})
        wait(30)
        log.info("interval-capture is %s", handle.status)
        """
}
