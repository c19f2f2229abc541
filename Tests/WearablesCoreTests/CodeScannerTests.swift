import Foundation
import Testing

@testable import WearablesCore

/// QR codes and barcodes read by libzbar (frame:codes()). Every picture is made
/// here: QR codes by Debian's qrencode (scripts/setup installs it), EAN-13 bars
/// drawn from the standard's tables, placed at known positions on a known canvas.
@Suite struct CodeScannerTests {
    /// A QR code for `text` as qrencode draws it: 8 pixels a module, a 2-module margin.
    static func qrCode(_ text: String) throws -> RGBImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("codes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["qrencode", "-o", folder + "/code.png", "-s", "8", "-m", "2", text]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "qrencode failed: run scripts/setup")
        return try ImageCodecs.decode(contentsOf: folder + "/code.png")
    }

    /// `picture` pasted onto `canvas` with its top left at (x, y).
    static func paste(_ picture: RGBImage, onto canvas: inout RGBImage, x: Int, y: Int) {
        for row in 0..<picture.height {
            for column in 0..<picture.width {
                let s = (row * picture.width + column) * 3, d = ((y + row) * canvas.width + x + column) * 3
                for c in 0..<3 { canvas.pixels[d + c] = picture.pixels[s + c] }
            }
        }
    }

    /// An EAN-13 barcode for 13 digits (the last the check digit), 3 pixels a module,
    /// 120 pixels tall, with a 10-module quiet zone either side.
    static func ean13(_ digits: String) -> RGBImage {
        let l = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
        let g = l.map { String($0.reversed().map { $0 == "0" ? "1" : "0" }) }
        let r = l.map { String($0.map { $0 == "0" ? "1" : "0" }) }
        let parity = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]
        let d = digits.map { Int(String($0))! }
        var bits = String(repeating: "0", count: 10) + "101"
        for (i, digit) in d[1...6].enumerated() {
            bits += Array(parity[d[0]])[i] == "L" ? l[digit] : g[digit]
        }
        bits += "01010"
        for digit in d[7...12] { bits += r[digit] }
        bits += "101" + String(repeating: "0", count: 10)
        let module = 3, height = 120
        var image = RGBImage(width: bits.count * module, height: height, gray: 255)
        for (i, bit) in bits.enumerated() where bit == "1" {
            for y in 0..<height {
                for x in (i * module)..<((i + 1) * module) {
                    for c in 0..<3 { image.pixels[(y * image.width + x) * 3 + c] = 0 }
                }
            }
        }
        return image
    }

    /// Whether the code's box overlaps the rectangle (in pixels of a `canvas`-sized picture) by most of the smaller one.
    static func overlaps(_ code: DetectedCode, x: Int, y: Int, width: Int, height: Int, canvas: RGBImage) -> Bool {
        let cw = Double(canvas.width), ch = Double(canvas.height)
        let left = max(code.x, Double(x) / cw), right = min(code.x + code.width, Double(x + width) / cw)
        let top = max(code.y, Double(y) / ch), bottom = min(code.y + code.height, Double(y + height) / ch)
        guard right > left, bottom > top else { return false }
        let smaller = min(code.width * code.height, Double(width * height) / (cw * ch))
        return (right - left) * (bottom - top) > 0.8 * smaller
    }

    @Test func aQRCodeIsReadWithItsTextAndWhereItIs() throws {
        let code = try Self.qrCode("GLASSES-16")
        var canvas = RGBImage(width: 720, height: 1280, gray: 200)
        Self.paste(code, onto: &canvas, x: 400, y: 900)
        let found = try CodeScanner.scan(canvas)
        #expect(found.count == 1)
        let first = try #require(found.first)
        #expect(first.type == "QR-Code")
        #expect(first.text == "GLASSES-16")
        #expect(Self.overlaps(first, x: 400, y: 900, width: code.width, height: code.height, canvas: canvas), "\(first)")
        #expect(!Self.overlaps(first, x: 0, y: 0, width: code.width, height: code.height, canvas: canvas))
    }

    @Test func severalCodesAreToldApartByTextAndPlace() throws {
        let left = try Self.qrCode("left one"), right = try Self.qrCode("https://example.org/right?x=1")
        let bars = Self.ean13("4006381333931")
        var canvas = RGBImage(width: 720, height: 1280, gray: 255)
        Self.paste(left, onto: &canvas, x: 40, y: 60)
        Self.paste(right, onto: &canvas, x: 420, y: 500)
        Self.paste(bars, onto: &canvas, x: 100, y: 1000)
        let found = try CodeScanner.scan(canvas)
        #expect(found.count == 3, "\(found)")
        let byText = Dictionary(found.map { ($0.text, $0) }, uniquingKeysWith: { a, _ in a })
        let a = try #require(byText["left one"]), b = try #require(byText["https://example.org/right?x=1"])
        #expect(Self.overlaps(a, x: 40, y: 60, width: left.width, height: left.height, canvas: canvas), "\(a)")
        #expect(Self.overlaps(b, x: 420, y: 500, width: right.width, height: right.height, canvas: canvas), "\(b)")
        let ean = try #require(byText["4006381333931"])
        #expect(ean.type == "EAN-13")
        // zbar locates a 1-D code on the scan lines that crossed it, so only its horizontal extent is asserted.
        #expect(ean.x >= 100.0 / 720 && ean.x + ean.width <= Double(100 + bars.width) / 720, "\(ean)")
        #expect(ean.y >= 1000.0 / 1280 && ean.y <= 1120.0 / 1280, "\(ean)")
    }

    @Test func aPictureWithoutCodesHasNone() throws {
        #expect(try CodeScanner.scan(RGBImage(width: 720, height: 1280, gray: 128)).isEmpty)
        var noise = RGBImage(width: 360, height: 640, gray: 0)
        var state: UInt64 = 7
        for i in noise.pixels.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            noise.pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        #expect(try CodeScanner.scan(noise).isEmpty)
    }

    @Test func malformedPicturesAreErrorsNotCrashes() {
        #expect(throws: ImageCodecError.self) { try CodeScanner.scan(RGBImage(width: 10, height: 10, pixels: [1, 2, 3])) }
        #expect(throws: ImageCodecError.self) { try CodeScanner.scan(RGBImage(width: 0, height: 0, pixels: [])) }
    }
}
