-- 2e5 sessions held 194 MB under a 64M cap: now they count.
-- args: --max-memory 32M
-- exit: 3
-- stderr: (--max-memory) exceeded
local held = {}
for i = 1, 2e5 do held[i] = wearables.session() end
