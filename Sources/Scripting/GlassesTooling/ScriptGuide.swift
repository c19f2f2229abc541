
/// What a script writer needs besides the signatures, for docs/llms.txt: the world a run
/// starts in and one complete script per surface. Each block is a ```lua block there, which
/// scripts/test-docs checks and runs (`glasses run --for 10m --seed 1 --sandbox strict`),
/// so none can show code that does not work.
enum ScriptGuide {
    /// The `ready` world, what `glasses run` starts in unless `--world empty`.
    static let defaultWorld = """
        `glasses run`, `glasses repl` and `run_script` start in the `ready` world (`--world empty` starts with nothing paired and the app not registered):
        - one pair of glasses, a Ray-Ban Meta (`rayBanMeta`): powered on, unfolded, worn and connected, battery 80 %, its camera filming a moving synthetic scene, its IMU level, its recogniser fed by `glasses.speech:say(...)`;
        - no display: only Meta Ray-Ban Display glasses (`metaRayBanDisplay`) have one; pair them with `mock.pair("metaRayBanDisplay")` and select them (`wearables.specific_selector(glasses.device)`, or `device:supports_display()` in an auto selector's filter), since `wearables.session()` takes the first connected pair;
        - the app registered with the Meta AI app; the camera permission granted, the microphone's not (it is asked with `wearables.request_permission("microphone")`, which the simulated Meta AI app grants unless `mock.permissions.on_request` says otherwise);
        - nobody wears the glasses: the script stands in for the wearer through `mock` (`glasses.display:click(id)`, `glasses.input:select()`, `glasses.motion:feed{pose = "nodding"}`, `glasses.speech:say("cheese")`, `glasses.voice:launch()`), where `glasses = mock.paired()[1]`.

        The same facts, checked:
        """

    static let worldExample = """
        local paired = mock.paired()
        assert(#paired == 1 and paired[1].model == "rayBanMeta" and paired[1].powered)
        assert(paired[1].display == nil and not paired[1].device:supports_display())
        assert(wearables.registration_state() == "registered")
        assert(wearables.permission("camera") == "granted" and wearables.permission("microphone") == "denied")
        assert(paired[1].device.battery == 80 and paired[1].device.don == "donned")
        local session = wearables.session()                  -- the auto selector: the first connected pair
        session:start()
        assert(session.device.id == paired[1].id)
        session:stop()
        """

    /// One script per surface: what it shows, then the script.
    static let examples: [(title: String, source: String)] = [
        ("Camera stream: frames, their brightness, one kept", """
            local session = wearables.session()
            session:start()
            local cam = session:camera{resolution = "low", fps = 15}
            cam:start()
            local frames = 0
            local counting = cam:on("frame", function(frame) frames = frames + 1 end)  -- a frame is valid in its callback only
            local frame = cam:next_frame(5)                                             -- yours to keep
            log.info("%dx%d, luma %.2f", frame.width, frame.height, frame:luma())
            frame:save("frame.jpg")
            wait(2)
            counting:cancel()
            log.info("%d frames in 2 s", frames)
            cam:stop()
            session:stop()
            """),
        ("Photo: a capture from the stream, then a full-resolution still", """
            local session = wearables.session()
            session:start()
            local cam = session:camera{resolution = "medium", fps = 30}
            cam:start()
            local photo = cam:capture("jpeg")                     -- from the stream, at its size
            photo:save("stream.jpg")
            cam:stop()                                            -- a still needs the stream stopped
            local still = cam:photo{resolution = "full", quality = "high"}
            still:save("still.jpg")
            log.info("stream photo %dx%d, still %dx%d", photo.width, photo.height, still.width, still.height)
            session:stop()
            """),
        ("Audio: record from the glasses' microphone, play it back", """
            audio.configure{category = "playAndRecord", mode = "voiceChat", options = {"allowBluetooth"}}
            audio.activate()
            local route = audio.route()
            log.info("in %s, out %s", route.inputs[1].port, route.outputs[1].port)
            local recorder = audio.record{path = "note.wav", duration = 2}
            recorder:wait()
            local player = audio.play("note.wav")
            while player.state == "playing" do wait(0.5) end
            log.info("played %.1f s", player.duration)
            audio.deactivate()
            """),
        ("Display: a counter card (pairs display glasses; the simulator taps for the wearer)", """
            local glasses = mock.pair("metaRayBanDisplay")
            local session = wearables.session(wearables.specific_selector(glasses.device))
            session:start()
            local display = session:display()
            display:start()

            local count = 0
            local function show()
              display:show{type = "flexbox", direction = "column", background = "card", padding = 24, spacing = 16, children = {
                {type = "text", content = "Count: " .. count, style = "heading"},
                {type = "button", id = "add", label = "Add one", icon = "plus", action_role = "primary",
                 on_tap = function() count = count + 1; show() end},
              }}
            end
            show()

            for _ = 1, 3 do glasses.display:click("add"); wait(0.5) end
            log.info("the lens reads: %s", table.concat(glasses.display.texts, " / "))
            glasses.display:snapshot("counter.png")
            session:stop()
            """),
        ("Inputs: the touchpad's swipes and taps", """
            local session = wearables.session()
            session:start()
            local inputs = assert(session:inputs{sources = {"captouch"}})
            inputs:wait_for("active", 5)
            local glasses = mock.paired()[1]
            after(1, function() glasses.input:nav_right() end)
            after(2, function() glasses.input:select() end)
            repeat
              local event = assert(inputs:next_input(10))
              log.info("%s %s from %s", event.type, event.direction or "", event.source)
            until event.type == "select"
            session:stop()
            """),
        ("Motion: a nod in the gyroscope's pitch rate", """
            local session = wearables.session()
            session:start()
            local motion = session:motion{rate = 30, sensors = {"gyroscope"}}
            motion:start()
            local glasses = mock.paired()[1]
            after(2, function() glasses.motion:feed{pose = "nodding"} end)
            repeat
              local sample = assert(motion:next_sample(10))
            until math.abs(sample.gyroscope.y) > 0.5                 -- rad/s
            log.info("a nod at %.1f s", now())
            session:stop()
            """),
        ("Speech: a keyword in the final transcriptions", """
            assert(wearables.request_permission("microphone") == "granted")   -- speech needs it
            local session = wearables.session()
            session:start()
            local speech = session:speech()
            speech:start()
            local glasses = mock.paired()[1]
            after(1, function() glasses.speech:say("say cheese") end)
            repeat
              local heard = assert(speech:next_final(30))
              log.info("heard %q (confidence %.2f)", heard.text, heard.confidence)
            until heard.text:lower():find("cheese", 1, true)
            speech:stop()
            session:stop()
            """),
        ("Nod or speech: a photo when the wearer nods or says \"cheese\", whichever comes first", """
            assert(wearables.request_permission("microphone") == "granted")
            local session = wearables.session()
            session:start()
            local cam = session:camera{resolution = "low", fps = 15}
            cam:start()
            local motion = session:motion{rate = 30, sensors = {"gyroscope"}}
            motion:start()
            local speech = session:speech()
            speech:start()

            local fired = false
            local function trigger(why)
              if fired then return end                            -- each callback is its own task
              fired = true
              cam:capture("jpeg"):save("trigger.jpg")
              log.info("photo on %s at %.1f s", why, now())
              session:stop()
              exit(0)
            end
            motion:on("sample", function(sample)
              if math.abs(sample.gyroscope.y) > 0.5 then trigger("a nod") end
            end)
            speech:on("transcription", function(heard)
              if heard.final and heard.text:lower():find("cheese", 1, true) then trigger("a word") end
            end)

            local glasses = mock.paired()[1]
            after(3, function() glasses.motion:feed{pose = "nodding"} end)  -- the wearer nods after 3 s
            wait(60)
            error("no nod and no word in a minute")
            """),
        ("Voice: \"Hey Meta, open the app\"", """
            local stream = wearables.voice_stream()
            local opened = false
            stream:on("invocation", function(launch)
              log.info("Meta AI asks to open the app (%s)", launch.id)
              opened = launch:succeed("opened")
            end)
            stream:start(wearables.devices()[1])
            mock.paired()[1].voice:launch()
            wait(1)
            assert(opened, "the invocation was answered")
            stream:stop()
            """),
    ]
}
