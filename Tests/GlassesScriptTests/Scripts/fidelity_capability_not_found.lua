package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- The camera capability's lookup and removal (DAT: Camera.stop() detaches it; before
-- 0.9 removeStream/removeCapability): capabilityNotFound when the session holds none,
-- sessionIdle before the session started.
local check = require "check"

local session = wearables.session()
check.raises(function() session:camera{} end, "DeviceSessionError.sessionIdle", "a camera before start")
check.raises(function() session:remove_camera() end, "DeviceSessionError.sessionIdle", "a removal before start")
session:start()
check.raises(function() session:remove_camera() end, "DeviceSessionError.capabilityNotFound", "no camera added")

local cam = session:camera{ resolution = "low", fps = 15 }
cam:start()
session:remove_camera()
check.eq(cam.state, "stopped", "the removed camera has stopped when the call returns")
check.eq(session.state, "started", "the session lives on")
check.raises(function() session:remove_camera() end, "DeviceSessionError.capabilityNotFound", "removed already")
check.raises(function() cam:start() end, "DeviceSessionError.capabilityNotFound", "a removed camera does not start again")

local again = session:camera{ resolution = "low", fps = 15 }
again:start()
check.eq(again.state, "streaming", "a new camera takes the freed slot")
again:stop()
session:remove_camera()
check.raises(function() session:remove_camera() end, "DeviceSessionError.capabilityNotFound",
  "a stopped camera kept the slot until removed")

local unstarted = session:camera{}
session:remove_camera()
check.raises(function() unstarted:start() end, "DeviceSessionError.capabilityNotFound", "a camera removed before it started")

session:stop()
check.raises(function() session:remove_camera() end, "DeviceSessionError.sessionAlreadyStopped", "a stopped session")
print("ok")
exit(0)
