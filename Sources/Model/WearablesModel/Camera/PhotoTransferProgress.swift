/// DAT 1.0 `PhotoTransferProgress`: how much of a photo has crossed the link from the
/// glasses. A capture's transfer takes time by its size and the link's bandwidth
/// ("larger, higher-quality captures take longer to process and transfer").
public struct PhotoTransferProgress: Sendable, Equatable {
    public let bytesReceived: Int
    public let totalBytes: Int

    public init(bytesReceived: Int, totalBytes: Int) {
        self.bytesReceived = bytesReceived
        self.totalBytes = totalBytes
    }

    /// 0...1; a photo of no bytes is whole.
    public var fraction: Double { totalBytes > 0 ? Double(bytesReceived) / Double(totalBytes) : 1 }
}
