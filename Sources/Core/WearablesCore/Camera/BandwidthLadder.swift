/// How DAT fits a stream into the Bluetooth Classic link, as its docs describe it: when
/// bandwidth is limited, lower the resolution first (high → medium → low), then the frame
/// rate (30 → 24 → 15), never below 15 fps. A link too narrow even for that floor fails
/// the stream (`videoStreamingError`) instead of pretending frames still arrive.
///
/// Bandwidth model: a raw stream needs `pixels × fps × 0.1 bit` after DAT's per-frame
/// compression, i.e. high@30 ≈ 2765 kbps, medium@30 ≈ 1355, low@15 ≈ 346 kbps; hvc1 needs
/// a quarter of raw. The default link (`defaultLinkKbps`) carries every configuration:
/// DAT does not step a request down on a healthy link. The stalls users report at 720p
/// are field behaviour, simulated apart from the ladder (`MockDeviceKit.classicStalls`).
public enum BandwidthLadder {
    public static let defaultLinkKbps: Double = 3000
    /// The ladder never lowers the frame rate below this.
    public static let minimumFrameRate = 15
    static let bitsPerPixel = 0.1
    static let frameRateSteps = [30, 24, 15]

    /// The bandwidth a stream at `settings` needs, in kbps.
    public static func requiredKbps(_ settings: EffectiveStreamSettings, codec: VideoCodec) -> Double {
        let raw = Double(settings.size.pixelCount) * Double(settings.frameRate) * bitsPerPixel / 1000
        return codec == .hvc1 ? raw / 4 : raw
    }

    /// Every setting the ladder visits for `configuration` over `linkKbps`, starting with the
    /// requested one and ending with the one it settles on (the first that fits, or the
    /// floor: lowest resolution at the lowest allowed frame rate).
    public static func steps(for configuration: StreamConfiguration, linkKbps: Double) -> [EffectiveStreamSettings] {
        var current = EffectiveStreamSettings(resolution: configuration.resolution, frameRate: configuration.frameRate)
        var visited = [current]
        while requiredKbps(current, codec: configuration.videoCodec) > linkKbps, let next = step(below: current) {
            current = next
            visited.append(current)
        }
        return visited
    }

    /// Whether the link carries `settings` at all.
    public static func fits(_ settings: EffectiveStreamSettings, codec: VideoCodec, linkKbps: Double) -> Bool {
        requiredKbps(settings, codec: codec) <= linkKbps
    }

    /// Where the ladder settles.
    public static func settle(_ configuration: StreamConfiguration, linkKbps: Double) -> EffectiveStreamSettings {
        steps(for: configuration, linkKbps: linkKbps).last
            ?? EffectiveStreamSettings(resolution: configuration.resolution, frameRate: configuration.frameRate)
    }

    static func step(below settings: EffectiveStreamSettings) -> EffectiveStreamSettings? {
        if let lower = settings.resolution.lower {
            return EffectiveStreamSettings(resolution: lower, frameRate: settings.frameRate)
        }
        guard let rate = frameRateSteps.first(where: { $0 < settings.frameRate && $0 >= minimumFrameRate }) else {
            return nil
        }
        return EffectiveStreamSettings(resolution: settings.resolution, frameRate: rate)
    }
}
