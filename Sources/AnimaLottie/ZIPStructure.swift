import Foundation

/// Checks that a ZIP archive's directory stays inside its bytes before ZIPFoundation reads it.
///
/// ZIPFoundation's in-memory archives trap ("Range requires lowerBound <= upperBound") when a directory
/// offset points past the end of the data, as in a truncated or corrupt `.lottie` (found by the `lottie`
/// fuzzer). This walks the end-of-central-directory record and every central and local file header, and
/// names the first one that does not fit. ZIP64 archives are refused: a `.lottie` never needs them.
/// ```swift
/// if let problem = ZIPStructure.problem(in: data) { throw … }
/// ```
enum ZIPStructure {
    /// Why `data` cannot be read safely as a ZIP archive, or nil when every record lies inside it.
    static func problem(in data: Data) -> String? {
        let bytes = [UInt8](data)
        let count = bytes.count
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }

        // The end-of-central-directory record: 22 bytes plus a comment of up to 65 535, at the end.
        guard count >= 22 else { return "too short for a ZIP archive (\(count) bytes)" }
        var end = -1
        var at = count - 22
        while at >= max(0, count - 22 - 65_535) {
            if u32(at) == 0x0605_4B50 { end = at; break }
            at -= 1
        }
        guard end >= 0 else { return "no end-of-central-directory record" }
        let entries = u16(end + 10), directorySize = u32(end + 12), directoryOffset = u32(end + 16)
        guard entries != 0xFFFF, directorySize != 0xFFFF_FFFF, directoryOffset != 0xFFFF_FFFF else {
            return "a ZIP64 archive (not supported for .lottie files)"
        }
        guard directoryOffset + directorySize <= end else {
            return "the central directory (\(directorySize) bytes at \(directoryOffset)) runs past its end record at \(end)"
        }

        var entry = directoryOffset
        for index in 0..<entries {
            guard entry + 46 <= directoryOffset + directorySize, u32(entry) == 0x0201_4B50 else {
                return "central directory entry \(index) at \(entry) is missing or cut short"
            }
            let compressedSize = u32(entry + 20), localOffset = u32(entry + 42)
            guard compressedSize != 0xFFFF_FFFF, localOffset != 0xFFFF_FFFF else {
                return "entry \(index) uses ZIP64 sizes (not supported for .lottie files)"
            }
            guard localOffset + 30 <= count, u32(localOffset) == 0x0403_4B50 else {
                return "entry \(index)'s local header at \(localOffset) is outside the archive or not a header"
            }
            let dataStart = localOffset + 30 + u16(localOffset + 26) + u16(localOffset + 28)
            guard dataStart + compressedSize <= count else {
                return "entry \(index)'s \(compressedSize) bytes at \(dataStart) run past the end (\(count) bytes)"
            }
            entry += 46 + u16(entry + 28) + u16(entry + 30) + u16(entry + 32)
        }
        return nil
    }
}
