import Foundation

/// Reads a fuzzer's bytes as a stream of choices: small integers, booleans, numbers (biased towards the values
/// that break arithmetic: NaN, ±∞, ±0, huge, tiny, negative), strings and picks from lists.
///
/// Reading past the end yields zeros, so every input is a complete program and libFuzzer's mutations of
/// length only shorten or extend it.
/// ```swift
/// var input = FuzzReader(bytes)
/// let count = input.int(in: 0...8)
/// let x = input.double()
/// ```
public struct FuzzReader: Sendable {
    private let bytes: [UInt8]
    private var index = 0

    public init(_ buffer: UnsafeRawBufferPointer) { bytes = Array(buffer) }
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { index >= bytes.count }
    /// The bytes not read yet.
    public var remaining: ArraySlice<UInt8> { bytes[min(index, bytes.count)...] }

    /// The next byte (0 past the end).
    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// An integer in `range` (its lower bound past the end).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound)
        guard span > 0 else { return range.lowerBound }
        var raw: UInt64 = UInt64(byte())
        if span > 255 { raw = raw << 8 | UInt64(byte()) }
        if span > 65_535 { raw = raw << 16 | UInt64(byte()) << 8 | UInt64(byte()) }
        return range.lowerBound + Int(raw % (span + 1))
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `items` (the first past the end).
    public mutating func pick<T>(_ items: [T]) -> T { items[int(in: 0...(items.count - 1))] }

    /// Values that overflow, underflow or poison arithmetic.
    public static let specialDoubles: [Double] = [
        0, -0.0, 1, -1, 0.5, 2, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, .leastNormalMagnitude, 1e300, -1e300, 1e15, -1e15, 1e-300, 3.4e38, -3.4e38, 1e39,
        .pi, 100, 1 / 60, Double(Float.greatestFiniteMagnitude) * 2, 9.007199254740993e15,
    ]

    /// A number: a special value, a small one (−128…127 in eighths), or any 64-bit pattern.
    public mutating func double() -> Double {
        switch byte() % 8 {
        case 0, 1, 2: return pick(Self.specialDoubles)
        case 3, 4, 5: return Double(Int8(bitPattern: byte())) / 8
        case 6: return Double(int(in: 0...2000)) - 1000
        default:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return Double(bitPattern: bits)
        }
    }

    /// A number that is usually sensible: mostly 0…400, sometimes anything `double()` gives.
    public mutating func coordinate() -> Double {
        byte() % 4 == 0 ? double() : Double(int(in: 0...400))
    }

    /// A string of up to `maxLength` bytes (invalid UTF-8 repaired).
    public mutating func string(maxLength: Int = 16) -> String {
        let count = int(in: 0...maxLength)
        return String(decoding: (0..<count).map { _ in byte() }, as: UTF8.self)
    }
}
