// Generated from Sources/WearablesServer/Resources by ServerResourcesGoldenTests; do not edit.
// After changing a file there: GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden

extension ServerResources {
    /// Each file's path under Resources, and its text.
    static let files: [(path: String, text: String)] = [
        (
            "openapi.yaml",
            #"""
openapi: 3.0.3
info:
  title: glasses serve — test controls
  version: "1"
  description: |
    The HTTP/JSON side of `glasses serve`: MockDeviceKit's controls (as DAT's mock
    test server offers them to UI tests) plus the ones GlassesScript's `mock` module
    has beyond DAT, so a test in any language can drive the simulated glasses while
    scripts run against the same world over the WebSocket protocol
    (`/v1/ws`, docs/protocol.md).

    Every request needs the token `glasses serve` printed at start, as
    `Authorization: Bearer TOKEN` or `?token=TOKEN`. The Host header must name the
    server (127.0.0.1, localhost, ::1 or the --listen host), and an Origin header,
    when sent, must be the server's own: pages from other origins cannot drive the
    glasses.

    Device actions take the device id in the body and answer the device's state
    after the action. Effects that take time (the link connecting after power on,
    a session pausing after doff) happen on the world's clock and reach WebSocket
    clients as events.

    Errors are `{"error": {"code": ..., "message": ...}}` with a 4xx status; the
    message says how to fix the request.

    This file is `Sources/WearablesServer/Resources/openapi.yaml`, served at
    `/v1/openapi.yaml`; `docs/openapi.yaml` is a copy a test keeps identical.
servers:
  - url: http://127.0.0.1:7878
security:
  - bearer: []
  - queryToken: []
paths:
  /v1/health:
    get:
      summary: The server is up; the world's time, registration and permissions.
      operationId: health
      responses:
        "200":
          description: Up.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Health" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "403": { $ref: "#/components/responses/Forbidden" }
  /v1/openapi.yaml:
    get:
      summary: This document.
      operationId: openapi
      responses:
        "200":
          description: The OpenAPI document.
          content:
            application/yaml:
              schema: { type: string }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/devices:
    get:
      summary: Every simulated pair, in pairing order.
      operationId: listDevices
      responses:
        "200":
          description: The devices.
          content:
            application/json:
              schema:
                type: object
                required: [devices]
                properties:
                  devices:
                    type: array
                    items: { $ref: "#/components/schemas/Device" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/devices/{device}:
    get:
      summary: One simulated pair.
      operationId: getDevice
      parameters:
        - name: device
          in: path
          required: true
          schema: { type: string }
          example: rayBanMeta-1
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/pair:
    post:
      summary: Pair new glasses (MockDeviceKit pairGlasses).
      description: Out of the box (powered off, folded, not worn) unless `ready` is true.
      operationId: pair
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                model:
                  type: string
                  enum: [unknown, rayBanMeta, oakleyMetaHSTN, oakleyMetaVanguard, metaRayBanDisplay, rayBanMetaOptics, metaGlasses]
                  default: rayBanMeta
                ready:
                  type: boolean
                  default: false
                  description: Powered on, unfolded, worn and connected at once, battery 80.
      responses:
        "201": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/devices/unpair:
    post:
      summary: Remove the glasses from the companion app (MockDeviceKit unpairDevice).
      operationId: unpair
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/power_on:
    post:
      summary: Power on; the link connects after a second if unfolded.
      operationId: powerOn
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/power_off:
    post:
      summary: Power off; the link drops and an open session ends.
      operationId: powerOff
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/don:
    post:
      summary: Put the glasses on; a session paused by doffing resumes.
      operationId: don
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/doff:
    post:
      summary: Take them off; a session pauses after 3 s and ends after 30 s.
      operationId: doff
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/fold:
    post:
      summary: Close the hinges; Bluetooth disconnects and the session stops (hingesClosed).
      operationId: fold
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/unfold:
    post:
      summary: Open the hinges; the link comes back, sessions do not restart.
      operationId: unfold
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/tap:
    post:
      summary: A captouch tap (MockCaptouchKit tap); a system experience pauses the session for 5 s.
      operationId: tap
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/tap_and_hold:
    post:
      summary: A captouch tap-and-hold (MockCaptouchKit tapAndHold); the assistant takes the camera, so an active stream stops without an error.
      operationId: tapAndHold
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/capture_button:
    post:
      summary: A press of the capture button; the glasses take their own photo (app captures get serviceUnavailable for 1 s) and clients hear an input event.
      operationId: captureButton
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/update_firmware:
    post:
      summary: The Meta AI app's firmware update; the glasses are off the link for 30 s (sessions end), then compatible.
      operationId: updateFirmware
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/peak_power:
    post:
      summary: A power peak; the camera stops (peakPowerLimit), and at battery <= 20 the session ends (peakPowerShutdown).
      operationId: peakPower
      requestBody: { $ref: "#/components/requestBodies/Device" }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/compatibility:
    post:
      summary: The glasses' compatibility; deviceUpdateRequired or sdkUpdateRequired refuse sessions (noEligibleDevice).
      operationId: compatibility
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, compatibility]
              properties:
                device: { type: string }
                compatibility: { type: string, enum: [undefined, compatible, deviceUpdateRequired, sdkUpdateRequired] }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/camera_feed:
    post:
      summary: What the camera sees (MockCameraKit setCameraFeed) — a file on the server's disk or a synthetic pattern.
      operationId: cameraFeed
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device]
              properties:
                device: { type: string }
                path: { type: string, description: A .y4m video or a PNG/JPEG still. }
                pattern: { type: string, enum: [moving, static, noise] }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
        "422": { $ref: "#/components/responses/Error" }
  /v1/devices/captured_image:
    post:
      summary: The picture photo captures return (MockCameraKit setCapturedImage).
      operationId: capturedImage
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, path]
              properties:
                device: { type: string }
                path: { type: string, description: A PNG or JPEG on the server's disk. }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
        "422": { $ref: "#/components/responses/Error" }
  /v1/devices/fail_next_capture:
    post:
      summary: The next photo capture fails (MockCameraKit simulateCaptureFailure) with `code`, PhotoError.captureFailure by default.
      operationId: failNextCapture
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device]
              properties:
                device: { type: string }
                code: { type: string, enum: [captureFailure, sessionSetupFailed, serviceUnavailable], default: captureFailure }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/battery:
    post:
      summary: Battery level; at 10 the camera stops, at 5 the session ends, at 0 the glasses power off.
      operationId: battery
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, level]
              properties:
                device: { type: string }
                level: { type: integer, minimum: 0, maximum: 100 }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/charging:
    post:
      summary: Put on or take off the charger.
      operationId: charging
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, state]
              properties:
                device: { type: string }
                state: { type: string, enum: [unknown, charging, notCharging] }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/thermal:
    post:
      summary: Thermal level; severe stops the camera, critical and emergency end the session, shutdown powers off.
      operationId: thermal
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, thermal]
              properties:
                device: { type: string }
                thermal: { type: string, enum: [unknown, none, light, moderate, severe, critical, emergency, shutdown] }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/disconnect:
    post:
      summary: A Bluetooth drop for `seconds`; the session pauses, and ends if the drop outlasts 10 s.
      operationId: disconnect
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device]
              properties:
                device: { type: string }
                seconds: { type: number, minimum: 0, default: 5 }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/devices/bandwidth:
    post:
      summary: The link's throughput; a running stream re-runs the bandwidth ladder.
      operationId: bandwidth
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [device, kbps]
              properties:
                device: { type: string }
                kbps: { type: number, minimum: 0 }
      responses:
        "200": { $ref: "#/components/responses/DeviceState" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
        "404": { $ref: "#/components/responses/Error" }
  /v1/permissions:
    post:
      summary: Set a permission for every paired device (MockPermissions set).
      operationId: setPermission
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [permission, status]
              properties:
                permission: { type: string, enum: [camera, microphone] }
                status: { type: string, enum: [granted, denied] }
      responses:
        "200":
          description: Every permission's status now.
          content:
            application/json:
              schema:
                type: object
                properties:
                  permissions: { $ref: "#/components/schemas/Permissions" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/permissions/request_result:
    post:
      summary: How the Meta AI app answers the next permission requests (MockPermissions setRequestResult).
      operationId: setRequestResult
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [permission, result]
              properties:
                permission: { type: string, enum: [camera, microphone] }
                result: { type: string, enum: [granted, denied, timeout, connectionError, internalError] }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/companion/fail_next:
    post:
      summary: Make the Meta AI app's next registration or unregistration fail with a DAT error code.
      operationId: failNext
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [flow, code]
              properties:
                flow: { type: string, enum: [registration, unregistration] }
                code: { type: string, example: networkUnavailable, description: "A RegistrationError/UnregistrationError case, or timeout: the app never answers." }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/companion/hold_next:
    post:
      summary: The next registration or unregistration waits in the Meta AI app for the user's answer.
      operationId: holdNext
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [flow]
              properties:
                flow: { type: string, enum: [registration, unregistration] }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/companion/continue:
    post:
      summary: The user continues the waiting request; the flow succeeds.
      operationId: continueRequest
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [flow]
              properties:
                flow: { type: string, enum: [registration, unregistration] }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/companion/cancel:
    post:
      summary: The user cancels the waiting request; the flow fails (unknown).
      operationId: cancelRequest
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [flow]
              properties:
                flow: { type: string, enum: [registration, unregistration] }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/reset:
    post:
      summary: Empty the world (MockDeviceKit enable(config:)) — unpairs everything.
      operationId: reset
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                registered: { type: boolean, default: false }
                permissions: { $ref: "#/components/schemas/Permissions" }
                installed: { type: boolean, default: true, description: "Whether the Meta AI app is installed; false makes registration unavailable." }
      responses:
        "200":
          description: The world after the reset.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Health" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/disable:
    post:
      summary: MockDeviceKit disable() — unpairs everything; other actions but reset are refused (code disabled) until a reset.
      operationId: disable
      responses:
        "200":
          description: The world after it.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Health" }
        "401": { $ref: "#/components/responses/Unauthorized" }
  /v1/phone_call:
    post:
      summary: A phone call that interrupts the phone's audio session now and ends after `seconds`.
      operationId: phoneCall
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [seconds]
              properties:
                seconds: { type: number, exclusiveMinimum: true, minimum: 0 }
      responses:
        "200": { $ref: "#/components/responses/Ok" }
        "400": { $ref: "#/components/responses/Error" }
        "401": { $ref: "#/components/responses/Unauthorized" }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
    queryToken: { type: apiKey, in: query, name: token }
  requestBodies:
    Device:
      required: true
      content:
        application/json:
          schema:
            type: object
            required: [device]
            properties:
              device: { type: string, example: rayBanMeta-1, description: An id from GET /v1/devices. }
  responses:
    DeviceState:
      description: The device after the action.
      content:
        application/json:
          schema:
            type: object
            required: [device]
            properties:
              device: { $ref: "#/components/schemas/Device" }
    Ok:
      description: Done; the body echoes what was set.
      content:
        application/json:
          schema: { type: object }
    Error:
      description: The request was refused; the message says how to fix it.
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
    Unauthorized:
      description: No token or the wrong one.
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
    Forbidden:
      description: The Host or Origin header names another site (code forbidden_host or forbidden_origin).
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
  schemas:
    Error:
      type: object
      required: [error]
      properties:
        error:
          type: object
          required: [code, message]
          properties:
            code: { type: string, example: unauthorized }
            message: { type: string }
    Permissions:
      type: object
      properties:
        camera: { type: string, enum: [granted, denied] }
        microphone: { type: string, enum: [granted, denied] }
    Health:
      type: object
      required: [status, protocol, world, time, speed, clients, registration, permissions, devices, sessions]
      properties:
        status: { type: string, enum: [ok] }
        protocol: { type: integer, description: The wire protocol version. }
        world: { type: string, enum: [simulator] }
        time: { type: number, description: Run seconds since the world started. }
        speed: { type: number }
        clients: { type: integer, description: WebSocket clients that said hello. }
        registration: { type: string, enum: [unavailable, available, registering, registered] }
        permissions: { $ref: "#/components/schemas/Permissions" }
        devices: { type: array, items: { type: string } }
        sessions: { type: array, items: { type: string }, description: Devices whose session a WebSocket client holds. }
    Device:
      type: object
      required: [id, name, type, link, battery, charging, don, hinge, thermal, compatibility, powered, stuck, bandwidth_kbps]
      properties:
        id: { type: string, example: rayBanMeta-1 }
        name: { type: string }
        type: { type: string }
        link: { type: string, enum: [disconnected, connecting, connected] }
        battery: { type: integer, description: "The mock's level, also while powered off (the app then sees none)." }
        charging: { type: string, enum: [unknown, charging, notCharging] }
        don: { type: string, enum: [unknown, doffed, donned] }
        hinge: { type: string, enum: [unknown, closed, open] }
        thermal: { type: string }
        compatibility: { type: string }
        powered: { type: boolean }
        stuck: { type: boolean, description: Stuck after a too-quick session restart; power-cycle to recover. }
        bandwidth_kbps: { type: number }

"""#
        ),
    ]
}
