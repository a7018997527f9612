import Foundation
import Testing
@testable import AnimaLottie

/// What the `lottie` fuzzer (Fuzz/lottie) found: a `.lottie` whose ZIP directory points past the end of the
/// data (bytes cut out of the middle) trapped inside ZIPFoundation ("Range requires lowerBound <= upperBound").
/// It now throws `LottieError.unreadable` naming the record that does not fit.
@Suite("Fuzz findings: .lottie archives")
struct DotLottieTruncationTests {
    // Computed, not stored: a `Data` in a static looks leaked to LeakSanitizer (its storage pointer is tagged).
    static var manifest: Data { Data(#"{"version":"1","animations":[{"id":"main"}]}"#.utf8) }
    static var animation: Data { Data(LottieFixtures.document(layers: []).utf8) }

    /// The archive the tests damage: loads as it is.
    @Test func theUndamagedArchiveLoads() throws {
        let zip = StoredZIP.make([("manifest.json", Self.manifest), ("animations/main.json", Self.animation)])
        let file = try DotLottieFile(data: zip, source: "ok.lottie")
        #expect(file.animations.map(\.id) == ["main"])
    }

    /// The fuzzer's case: 1 000 bytes erased from the middle, so the directory offset is past the end.
    @Test func bytesCutFromTheMiddle() {
        let zip = StoredZIP.make([("manifest.json", Self.manifest), ("animations/main.json", Self.animation + Data(count: 2000))])
        let cut = zip.prefix(200) + zip.dropFirst(1200)
        expectUnreadable(Data(cut), mentioning: "central directory")
    }

    @Test func directoryOffsetPastTheEnd() {
        var zip = StoredZIP.make([("manifest.json", Self.manifest)])
        let end = zip.count - 22
        zip.replaceSubrange(end + 16..<end + 20, with: [0xFF, 0xFF, 0x00, 0x00])
        expectUnreadable(zip, mentioning: "central directory")
    }

    @Test func localHeaderPastTheEnd() {
        var zip = StoredZIP.make([("manifest.json", Self.manifest)])
        let directory = zip.count - 22 - (46 + "manifest.json".utf8.count)
        zip.replaceSubrange(directory + 42..<directory + 46, with: [0x00, 0xF0, 0x00, 0x00])
        expectUnreadable(zip, mentioning: "local header")
    }

    @Test func entrySizePastTheEnd() {
        var zip = StoredZIP.make([("manifest.json", Self.manifest)])
        let directory = zip.count - 22 - (46 + "manifest.json".utf8.count)
        zip.replaceSubrange(directory + 20..<directory + 24, with: [0x00, 0x00, 0x01, 0x00])
        expectUnreadable(zip, mentioning: "run past the end")
    }

    private func expectUnreadable(_ data: Data, mentioning fragment: String) {
        do {
            _ = try DotLottieFile(data: data, source: "damaged.lottie")
            Issue.record("a damaged archive loaded")
        } catch LottieError.unreadable(let file, let reason) {
            #expect(file == "damaged.lottie")
            #expect(reason.contains(fragment), "\(reason)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

/// A ZIP archive of uncompressed entries, written byte by byte (so a test can damage any field).
enum StoredZIP {
    static func make(_ entries: [(name: String, data: Data)]) -> Data {
        var out = Data(), directory = Data()
        for entry in entries {
            let name = Data(entry.name.utf8), crc = crc32(entry.data), offset = out.count
            // Local header: signature, version, flags, method (stored), time, date, CRC, sizes, name and extra lengths.
            var local = le32(0x0403_4B50)
            local += le16(20) + le16(0) + le16(0) + le16(0) + le16(0)
            local += le32(Int(crc)) + le32(entry.data.count) + le32(entry.data.count)
            local += le16(name.count) + le16(0)
            out += local + name + entry.data
            // Central directory entry: as above plus comment length, disk, attributes and the local header's offset.
            var central = le32(0x0201_4B50)
            central += le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0)
            central += le32(Int(crc)) + le32(entry.data.count) + le32(entry.data.count)
            central += le16(name.count) + le16(0) + le16(0) + le16(0) + le16(0)
            central += le32(0) + le32(offset)
            directory += central + name
        }
        let directoryOffset = out.count
        out += directory
        var end = le32(0x0605_4B50)
        end += le16(0) + le16(0) + le16(entries.count) + le16(entries.count)
        end += le32(directory.count) + le32(directoryOffset) + le16(0)
        return out + end
    }

    private static func le16(_ v: Int) -> Data { Data([UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]) }
    private static func le32(_ v: Int) -> Data { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
