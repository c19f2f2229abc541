-- Benchmark: the code-capture recipe watching the footage arg[1] (an MP4; without
-- one, the synthetic scene, the baseline).
if arg[1] then mock.paired()[1].camera:feed(arg[1]) end
recipes.run("code-capture", {resolution = "low"})
