---@meta log

---Leveled log lines with the run time.
---@class log
log = {}

---Log a debug line; arguments are formatted as by string.format.
---@param format string
---@param ... any
function log.debug(format, ...) end

---Log a info line; arguments are formatted as by string.format.
---@param format string
---@param ... any
function log.info(format, ...) end

---Log a warn line; arguments are formatted as by string.format.
---@param format string
---@param ... any
function log.warn(format, ...) end

---Log a error line; arguments are formatted as by string.format.
---@param format string
---@param ... any
function log.error(format, ...) end

return log
