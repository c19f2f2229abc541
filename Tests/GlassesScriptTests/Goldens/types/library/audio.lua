---@meta audio

---The phone's audio session (AVAudioSession) routed to the glasses: routes, recording, playback.
---@class audio
audio = {}

---AVAudioSession setCategory(_:mode:options:); raises AudioError.badParam for options the category refuses.
---@param options {category: AudioCategory, mode?: AudioMode, options?: AudioOption[]}
function audio.configure(options) end

---Activate the session; raises AudioError.insufficientPriority during a phone call.
function audio.activate() end

---Deactivate: recordings end (files kept), playback stops.
function audio.deactivate() end

---Whether the session is active (a phone call deactivates it).
---@return boolean
function audio.active() end

---The live route: {inputs={{port=, name=, rate=}}, outputs={...}}; ports as AVAudioSession.Port.
---@return AudioRoute
function audio.route() end

---AVAudioSession overrideOutputAudioPort: playAndRecord routes to the speaker (and built-in mic) or back.
---@param port "speaker"|"none"
function audio.override_output(port) end

---Route changes fn(route, reason) with AVAudioSession's reasons; interruptions fn("began"|"ended").
---@param event AudioEvent
---@param fn function
---@return Handle
function audio.on(event, fn) end

---Record the current input to a 16 kHz 16-bit mono WAV (relative paths go to --out); without duration, until rec:stop().
---@param options {path: string, duration?: number}
---@return Recorder
function audio.record(options) end

---Play a sound file (WAV, AIFF, FLAC, Ogg; any rate) to the current output; relative paths look in --out first.
---@param path string
---@return Player
function audio.play(path) end

return audio
