package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Regions, grids and perceptual hashes of frames (frame:region, frame:grid, frame:hash).
local check = require "check"

mock.paired()[1].camera:feed{pattern = "moving"}
local cam = wearables.stream{resolution = "low", fps = 15}
cam:start()
local first = cam:next_frame()
wait(2)
local later = cam:next_frame()

-- The whole picture as a region, or as a 1x1 grid, is the frame itself.
local whole = first:region(0, 0, 1, 1)
check.eq(whole:luma(), first:luma(), "the whole region's luma")
check.eq(whole:sharpness(), first:sharpness(), "the whole region's sharpness")
check.eq(whole.cells, 36 * 64, "the whole region's cells")
check.eq(math.abs(first:grid(1, 1)[1][1] - first:luma()) < 1e-9, true, "a 1x1 grid")

-- A grid is rows of columns, and its cells average to the frame.
local grid = first:grid(3, 4)
check.eq(#grid, 4, "grid rows")
check.eq(#grid[1], 3, "grid columns")
local sum = 0
for _, row in ipairs(grid) do for _, value in ipairs(row) do sum = sum + value end end
check.eq(math.abs(sum / 12 - first:luma()) < 1e-5, true, "the cells average to the frame (to float precision)")

-- Regions of two frames: the same rectangle compares; another size is refused.
local a, b = first:region(0.25, 0.25, 0.5, 0.5), later:region(0.25, 0.25, 0.5, 0.5)
check.eq(a:diff(a), 0, "a region against itself")
check.eq(a:diff(b) > 0, true, "the moving scene changed in the middle")
check.raises(function() a:diff(first:region(0, 0, 0.1, 0.1)) end, "compare the same rectangle of two frames", "another size")
check.eq(first:region(0.5, 0.5, 0.001, 0.001).cells, 1, "a tiny region still has one cell")
check.raises(function() first:region(1.5, 0, 0.1, 0.1) end, "bad argument #1 to 'region'", "x beyond the picture")
check.raises(function() first:grid(0, 2) end, "bad argument #1 to 'grid'", "no columns")
check.raises(function() first:grid(2, 65) end, "bad argument #2 to 'grid'", "more rows than the thumbnail")

-- Hashes: 16 hex digits, 0 to themselves, kept as strings across frames.
local hash = first:hash()
check.eq(hash:match("^%x+$") ~= nil and #hash == 16, true, "a hash is 16 hex digits: " .. hash)
check.eq(first:hash_distance(first), 0, "a frame against itself")
check.eq(later:hash_distance(hash), later:hash_distance(first), "a kept hash is the frame's")
check.eq(later:hash_distance(first) > 0, true, "the moving scene moved")
check.raises(function() first:hash_distance("nothex") end, "is not a hash", "a string that is no hash")
print("ok")
