-- A path with a NUL byte was cut or mangled ("ra\0b.png" written as "ra%00b.png");
-- every file a script names is refused instead, in every sandbox, and nothing is written.
-- args: --sandbox strict --for 10s
-- exit: 0
-- stdout: 4 refused
local session = wearables.session()
session:start()
local cam = session:camera{}
cam:start()
local photo = cam:capture()
local frame = cam:next_frame()
audio.configure{category = "playAndRecord"}
audio.activate()
local refused = 0
for _, attempt in ipairs{
  function() photo:save("ra\0b.jpg") end,
  function() frame:save("fr\0x.png") end,
  function() audio.record{path = "a\0b.wav", duration = 1} end,
  function() cam:record{path = "v\0.mp4", duration = 1} end,
} do
  local ok, err = pcall(attempt)
  if not ok and tostring(err):find("NUL byte", 1, true) then refused = refused + 1 end
end
print(refused .. " refused")
