-- double_press_capture.lua: take a photo when the wearer double-presses the capture button.
--
-- Uses DAT 1.0 Inputs (MWDATInputs, experimental): the session routes the capture
-- button to the app, each press arrives as an event {type="capture", press_type=...},
-- and a doublePress triggers a capture on the app's own stream. On the simulator the
-- presses are staged with glasses.input:capture(...), DAT's MockInputKit.
--
--   glasses run --out out examples/double_press_capture.lua [PHOTOS]

local wanted = math.tointeger(tonumber(arg[1])) or 2

local session = wearables.session()
session:start()
local cam = session:camera{resolution = "low", fps = 15}
cam:start()
local inputs = assert(session:inputs{sources = {"captureButton"}})  -- nil (and why) on a session not started, as DAT
assert(inputs:wait_for("active", 2))

-- The wearer: a short press (ignored), then a double press every few seconds.
local glasses = mock.paired()[1]
spawn(function()
  glasses.input:capture("shortPress")
  for _ = 1, wanted do
    wait(3)
    glasses.input:capture("doublePress")
  end
end)

local saved = 0
while saved < wanted do
  local ev = assert(inputs:next_input{timeout = 10})
  log.info("input %s %s from %s at %d ms", ev.type, ev.press_type or "", ev.source, ev.timestamp_ms)
  if ev.type == "capture" and ev.press_type == "doublePress" then
    saved = saved + 1
    local photo = cam:capture()
    photo:save(("press_%02d.jpg"):format(saved))
  end
end
print(("%d photos on double presses"):format(saved))
session:remove_inputs()
session:stop()
