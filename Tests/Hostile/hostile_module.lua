-- module: required by strict_require_beside.lua
return { answer = 42 }
