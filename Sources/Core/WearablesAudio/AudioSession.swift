import WearablesCore

/// The phone's audio session with AVAudioSession semantics, over simulated
/// hardware: the built-in mic, speaker and receiver, and the glasses' Bluetooth
/// ports, which come and go with the glasses' link. Single-threaded: call it,
/// and expect its callbacks, on the scheduler's thread.
public final class AudioSession {
    /// What recorders and players need to hear about; they hear it before the
    /// public listeners, so a listener sees a recording already finalized.
    enum ClientEvent {
        case routeChanged(AudioRouteChange)
        case interruption(AudioInterruption)
        case deactivated
    }

    public private(set) var configuration = AudioSessionConfiguration()
    public private(set) var isActive = false
    /// A simulated phone call holds the audio hardware.
    public private(set) var isInterrupted = false
    public private(set) var route: AudioRoute
    /// What the phone's own microphone hears.
    public var builtInMicrophoneFeed: MicrophoneFeed = .silence

    let clock: any AudioClock
    private let endpoint: any GlassesAudioEndpoint
    private let microphone: MicrophoneRenderer
    private var hardware: AudioHardwareState
    /// `began` went out, so `ended` must follow; a call during an inactive session is silent.
    private var interruptionAnnounced = false
    private var connectionObservation: (any AudioCancellable)?
    private let routeListeners = AudioListeners<AudioRouteChange>()
    private let interruptionListeners = AudioListeners<AudioInterruption>()
    private let activationListeners = AudioListeners<Bool>()
    private let clientListeners = AudioListeners<ClientEvent>()

    public init(
        clock: any AudioClock,
        glasses endpoint: any GlassesAudioEndpoint,
        noise: any AudioNoiseSource,
        hfpSampleRate: HFPSampleRate = .wideband
    ) {
        self.clock = clock
        self.endpoint = endpoint
        microphone = MicrophoneRenderer(noise: noise)
        hardware = AudioHardwareState(
            glassesConnected: endpoint.isAudioConnected, glassesName: endpoint.audioDeviceName, hfpSampleRate: hfpSampleRate)
        route = AudioRouteRules.route(for: configuration, hardware: hardware)
        connectionObservation = endpoint.observeAudioConnection { [weak self] connected in
            self?.glassesConnectionChanged(connected)
        }
    }

    deinit {
        connectionObservation?.cancel()
    }

    // MARK: Configuration and activation

    /// AVAudioSession `setCategory(_:mode:options:)`.
    public func configure(_ newConfiguration: AudioSessionConfiguration) throws(AudioError) {
        try newConfiguration.validate()
        let categoryChanged = newConfiguration.category != configuration.category
        configuration = newConfiguration
        reroute(because: .categoryChange, evenIfUnchanged: categoryChanged)
    }

    public func configure(
        category: AudioSessionCategory, mode: AudioSessionMode = .default, options: Set<AudioSessionOption> = []
    ) throws(AudioError) {
        try configure(AudioSessionConfiguration(category: category, mode: mode, options: options))
    }

    public func activate() throws(AudioError) {
        guard !isInterrupted else {
            throw AudioError(.insufficientPriority, "cannot activate the audio session during a phone call; activate again after the interruption ends")
        }
        guard !isActive else { return }
        isActive = true
        activationListeners.emit(true)
    }

    /// Ends any recording (its file is kept) and stops any playback.
    public func deactivate() {
        guard isActive else { return }
        isActive = false
        clientListeners.emit(.deactivated)
        activationListeners.emit(false)
    }

    /// Whether the output is overridden to the speaker (`overrideOutputToSpeaker(true)`).
    public var isOutputOverriddenToSpeaker: Bool { hardware.speakerOverride }

    /// AVAudioSession `overrideOutputAudioPort(.speaker)` / `(.none)`. Only
    /// playAndRecord routes follow it, as on iOS.
    public func overrideOutputToSpeaker(_ enabled: Bool) {
        hardware.speakerOverride = enabled
        reroute(because: .override)
    }

    /// Simulates the phone's microphone becoming unusable or usable again.
    public func setBuiltInMicAvailable(_ available: Bool) {
        hardware.builtInMicAvailable = available
        reroute(because: available ? .newDeviceAvailable : .oldDeviceUnavailable)
    }

    // MARK: Events

    public func onRouteChange(_ handler: @escaping (AudioRouteChange) -> Void) -> AudioListenerToken {
        routeListeners.add(handler)
    }

    public func onInterruption(_ handler: @escaping (AudioInterruption) -> Void) -> AudioListenerToken {
        interruptionListeners.add(handler)
    }

    /// The app activated (true) or deactivated (false) the session; not an AVAudioSession
    /// notification (an app knows what it did), but what an observer of the phone, such
    /// as a dashboard, needs to show it. A deactivation by an interruption is told as one.
    public func onActivation(_ handler: @escaping (Bool) -> Void) -> AudioListenerToken {
        activationListeners.add(handler)
    }

    func onClientEvent(_ handler: @escaping (ClientEvent) -> Void) -> AudioListenerToken {
        clientListeners.add(handler)
    }

    // MARK: Interruptions

    /// A phone call starts: an active session is deactivated and told `began`.
    public func beginInterruption() {
        guard !isInterrupted else { return }
        isInterrupted = true
        guard isActive else { return }
        isActive = false
        interruptionAnnounced = true
        clientListeners.emit(.interruption(.began))
        interruptionListeners.emit(.began)
    }

    /// The call ends: the session is told `ended` and may be activated again.
    /// Like iOS, nothing resumes by itself.
    public func endInterruption() {
        guard isInterrupted else { return }
        isInterrupted = false
        guard interruptionAnnounced else { return }
        interruptionAnnounced = false
        clientListeners.emit(.interruption(.ended))
        interruptionListeners.emit(.ended)
    }

    /// Another session took the audio and never gave it back (ios#256: a camera stream
    /// starting pauses A2DP playback): the active session is deactivated and told `began`,
    /// and no `ended` follows; the app may activate it again at once (no call holds it).
    public func interruptWithoutEnd() {
        guard isActive, !isInterrupted else { return }
        isActive = false
        clientListeners.emit(.interruption(.began))
        interruptionListeners.emit(.began)
    }

    /// A phone call that begins now and ends `duration` seconds later.
    @discardableResult
    public func simulatePhoneCall(duration: Double) -> any AudioCancellable {
        beginInterruption()
        return clock.schedule(after: duration) { [weak self] in self?.endInterruption() }
    }

    // MARK: State the DAT model consults

    /// The active session plays out over A2DP (to the glasses the phone's Bluetooth audio goes to).
    public var isPlayingOverA2DP: Bool { isActive && route.outputs.contains { $0.type == .bluetoothA2DP } }

    /// Audio is flowing over the glasses' HFP link (input or output).
    public var isRoutedOverHFPToGlasses: Bool { isActive && route.usesHFP }

    /// The HFP route is fully set up: active, and the glasses' microphone is the
    /// input. A stream that uses audio needs this before it starts.
    public var isHFPConfigured: Bool { isActive && route.input?.type == .bluetoothHFP }

    /// Why `isHFPConfigured` is false, worded for an `audioStreamingError`; nil when configured.
    public var hfpConfigurationProblem: String? {
        if isHFPConfigured { return nil }
        if !hardware.glassesConnected { return "no glasses are connected over Bluetooth" }
        if !configuration.category.records || !configuration.effectiveOptions.contains(.allowBluetooth) {
            return "the audio session is \(configuration.category.rawValue) without allowBluetooth; configure playAndRecord with allowBluetooth"
        }
        if hardware.speakerOverride { return "the output is overridden to the speaker; remove the override" }
        return "the audio session is not active; call activate() before starting the stream"
    }

    // MARK: Recording and playback

    /// Starts a 16 kHz, 16-bit mono WAV recording from the current input;
    /// `duration` nil records until `stop()`. The file is opened by the name `opening`
    /// when given (an open descriptor's name for the file its caller checked).
    public func record(to path: String, opening: String? = nil, duration: Double? = nil) throws(AudioError) -> AudioRecorder {
        try AudioRecorder(session: self, path: path, opening: opening, duration: duration)
    }

    /// Starts playing a sound file to the current output.
    /// `checked`: the file as its caller's path rule found it (held, or missing, so the name
    /// is never opened again); nil opens `path`.
    public func play(_ path: String, checked: CheckedFile? = nil) throws(AudioError) -> AudioPlayer {
        try AudioPlayer(session: self, path: path, checked: checked)
    }

    /// What `port` hears for `frames` samples at `rate`.
    func microphoneSamples(port: AudioPortType, frames: Int, rate: Double) throws(AudioError) -> [Float] {
        let feed = port.isGlasses ? endpoint.microphoneFeed : builtInMicrophoneFeed
        return try microphone.render(feed, frames: frames, rate: rate)
    }

    // MARK: Routing

    /// The HFP link's codec changed (mSBC wideband 16 kHz, CVSD narrowband 8 kHz): the same
    /// ports at another rate, which iOS reports as `routeConfigurationChange`. A recording
    /// goes on, resampled from the new rate.
    public func setHFPSampleRate(_ rate: HFPSampleRate) {
        guard rate != hardware.hfpSampleRate else { return }
        hardware.hfpSampleRate = rate
        reroute(because: .routeConfigurationChange)
    }

    private func glassesConnectionChanged(_ connected: Bool) {
        let name = endpoint.audioDeviceName
        guard connected != hardware.glassesConnected || name != hardware.glassesName else { return }
        // Still connected under another name: the routed pair went away and another took over.
        let arrived = connected && !hardware.glassesConnected
        hardware.glassesConnected = connected
        hardware.glassesName = name
        reroute(because: arrived ? .newDeviceAvailable : .oldDeviceUnavailable)
    }

    private func reroute(because reason: AudioRouteChangeReason, evenIfUnchanged: Bool = false) {
        let previous = route
        route = AudioRouteRules.route(for: configuration, hardware: hardware)
        guard route != previous || evenIfUnchanged else { return }
        let unroutable = configuration.category.records && route.inputs.isEmpty
        let change = AudioRouteChange(
            route: route, previousRoute: previous, reason: unroutable ? .noSuitableRouteForCategory : reason)
        clientListeners.emit(.routeChanged(change))
        routeListeners.emit(change)
    }
}
