
/// A Lua 5.4 lexer just good enough to find names and literal arguments: it
/// skips comments, and keeps each name, symbol, string and number with its
/// line. The checker reads it instead of running the script.
struct LuaTokenScanner {
    struct Token: Equatable {
        enum Kind: Equatable {
            case name
            case symbol
            /// A string literal; its text is what is between the quotes, escapes as written.
            case string
            /// A number literal, as written.
            case number
        }

        let kind: Kind
        let text: String
        let line: Int
    }

    static func tokens(_ source: String) -> [Token] {
        var scanner = LuaTokenScanner(bytes: Array(source.utf8))
        return scanner.scan()
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
    }

    private mutating func scan() -> [Token] {
        var tokens: [Token] = []
        if peek() == UInt8(ascii: "#") { skipLine() }  // a `#!` line, as lua does
        while let byte = peek() {
            let startLine = line
            if byte == UInt8(ascii: "-"), peek(1) == UInt8(ascii: "-") {
                index += 2
                if let level = longBracketLevel() { skipLong(level) } else { skipLine() }
            } else if isNameStart(byte) {
                let start = index
                while let next = peek(), isNameStart(next) || isDigit(next) { index += 1 }
                tokens.append(Token(kind: .name, text: String(decoding: bytes[start..<index], as: UTF8.self), line: startLine))
            } else if isDigit(byte) || (byte == UInt8(ascii: ".") && peek(1).map(isDigit) == true) {
                let start = index
                skipNumber()
                tokens.append(Token(kind: .number, text: text(start..<index), line: startLine))
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let start = index + 1
                skipShortString(quote: byte)
                let end = max(start, bytes[index - 1] == byte ? index - 1 : index)
                tokens.append(Token(kind: .string, text: text(start..<end), line: startLine))
            } else if byte == UInt8(ascii: "["), let level = longBracketLevel() {
                let start = index
                skipLong(level)
                tokens.append(Token(kind: .string, text: text(start..<max(start, index - level - 2)), line: startLine))
            } else if byte <= 32 {
                advance()
            } else {
                tokens.append(Token(kind: .symbol, text: symbol(), line: startLine))
            }
        }
        return tokens
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    private func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipLine() {
        while let byte = peek(), byte != UInt8(ascii: "\n") { index += 1 }
    }

    /// At `[`: the level of a long bracket `[==[` (consumed), or nil (nothing consumed).
    private mutating func longBracketLevel() -> Int? {
        guard peek() == UInt8(ascii: "[") else { return nil }
        var level = 0
        while peek(1 + level) == UInt8(ascii: "=") { level += 1 }
        guard peek(1 + level) == UInt8(ascii: "[") else { return nil }
        index += level + 2
        return level
    }

    private mutating func skipLong(_ level: Int) {
        while let byte = peek() {
            if byte == UInt8(ascii: "]") {
                var equals = 0
                while peek(1 + equals) == UInt8(ascii: "=") { equals += 1 }
                if equals == level, peek(1 + equals) == UInt8(ascii: "]") {
                    index += level + 2
                    return
                }
            }
            advance()
        }
    }

    private mutating func skipShortString(quote: UInt8) {
        index += 1
        while let byte = peek() {
            if byte == quote {
                index += 1
                return
            }
            if byte == UInt8(ascii: "\n") { return }  // unfinished: the compiler reports it
            if byte == UInt8(ascii: "\\") { index += 1 }
            if peek() != nil { advance() }
        }
    }

    private mutating func skipNumber() {
        while let byte = peek() {
            if isDigit(byte) || isNameStart(byte) || byte == UInt8(ascii: ".") {
                let exponent = byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "p")
                    || byte == UInt8(ascii: "P")
                index += 1
                if exponent, let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            } else {
                return
            }
        }
    }

    private static let multiByteSymbols = ["...", "..", "::", "==", "~=", "<=", ">=", "//", "<<", ">>"]

    private mutating func symbol() -> String {
        for candidate in LuaTokenScanner.multiByteSymbols {
            let utf8 = Array(candidate.utf8)
            if index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 {
                index += utf8.count
                return candidate
            }
        }
        let text = String(decoding: [bytes[index]], as: UTF8.self)
        index += 1
        return text
    }
}
