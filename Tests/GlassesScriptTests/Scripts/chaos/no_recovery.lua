-- Streams without any recovery policy, under the schedule file given as arg[1]:
-- once a fold stops the session nothing restarts it, which streaming_within catches.
-- With arg[2] == "reconnect", the reconnect recipe recovers instead.
expect("streaming_within", 10)
mock.chaos{schedule = arg[1]}
if arg[2] == "reconnect" then
  recipes.run("reconnect")
else
  local session = wearables.session()
  session:start()
  session:camera{resolution = "low", fps = 15}:start()
end
