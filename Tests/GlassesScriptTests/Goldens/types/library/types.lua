---@meta _

---@alias AudioCategory "ambient"|"soloAmbient"|"playback"|"record"|"playAndRecord"
---@alias AudioMode "default"|"voiceChat"|"videoChat"|"spokenAudio"|"measurement"
---@alias AudioOption "mixWithOthers"|"duckOthers"|"allowBluetooth"|"allowBluetoothA2DP"|"defaultToSpeaker"
---@alias AudioRoute {inputs: AudioPort[], outputs: AudioPort[]}
---@alias AudioPort {port: "builtInMic"|"builtInSpeaker"|"builtInReceiver"|"bluetoothHFP"|"bluetoothA2DP", name: string, rate: integer}
