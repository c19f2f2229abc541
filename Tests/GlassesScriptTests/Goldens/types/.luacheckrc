-- Written by `glasses types`: the globals a glasses run provides.
std = "lua54"
read_globals = {
  "arg",
  "now",
  "wait",
  "spawn",
  "after",
  "every",
  "exit",
  "expect",
  log = { fields = { "debug", "info", "warn", "error" } },
  wearables = { fields = { "registration_state", "register", "unregister", "permission", "request_permission", "open_firmware_update", "open_glasses_app_update", "devices", "device", "on", "auto_selector", "specific_selector", "session", "stream", "voice_stream" } },
  mock = { fields = { "reset", "enable", "disable", "paired", "pair", "phone_call", "set_hfp_blocks_photo_capture", "set_a2dp_pauses_on_stream", "set_classic_stalls", "set_field_report", "set_hfp_narrowband", "chaos", permissions = { fields = { "set", "on_request" } }, companion = { fields = { "fail_next", "hold_next", "continue_request", "cancel_request", "update_app" } } } },
  audio = { fields = { "configure", "activate", "deactivate", "active", "route", "override_output", "on", "record", "play" } },
  recipes = { fields = { "list", "info", "run" } },
}
