import Foundation
import Glibc

/// One measured row of the results table.
struct BenchResult: Codable {
    var scene: String
    var n: Int
    var medianMs: Double
    var p95Ms: Double
    var extra: String = ""

    static func table(_ rows: [BenchResult]) -> String {
        var lines = ["| scene | N | median ms/frame | p95 ms/frame | notes |", "|---|---:|---:|---:|---|"]
        for r in rows {
            lines.append("| \(r.scene) | \(r.n) | \(String(format: "%.3f", r.medianMs)) | \(String(format: "%.3f", r.p95Ms)) | \(r.extra) |")
        }
        return lines.joined(separator: "\n")
    }
}

/// Monotonic wall time in seconds (benchmarks are the one place outside AnimaSDL that reads a clock).
func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The process's resident memory in bytes (from /proc/self/statm).
func allocatedBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Median and 95th percentile of samples in seconds, returned in milliseconds.
func percentiles(_ samples: [Double]) -> (median: Double, p95: Double) {
    let s = samples.sorted()
    guard !s.isEmpty else { return (0, 0) }
    let median = s[s.count / 2]
    let p95 = s[min(s.count - 1, Int(Double(s.count) * 0.95))]
    return (median * 1000, p95 * 1000)
}

/// A benchmark scene run at a few sizes.
struct BenchScene {
    var name: String
    var sizes: [Int]
    var run: @MainActor (_ n: Int, _ frames: Int) -> [BenchResult]
}

enum BenchScenes {
    @MainActor static let all: [BenchScene] = [BasicAnimationsScene.scene, DynamicsScene.scene, KeyframeSpringsScene.scene]
}
