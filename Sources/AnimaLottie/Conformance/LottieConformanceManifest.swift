import Foundation

/// The corpus's `manifest.json`: per sample, its file, the references (a progress or a frame, and an
/// image) and the comparison's thresholds. Paths are relative to the manifest's folder.
public struct LottieConformanceSample: Decodable, Sendable {
    /// One reference render.
    public struct Reference: Decodable, Sendable {
        /// The progress shown (0 = in-point, 1 = out-point), or nil when a frame is given.
        public var progress: Double?
        /// The frame shown, or nil when a progress is given.
        public var frame: Double?
        /// The reference PNG, relative to the manifest's folder.
        public var image: String
    }
    /// The sample's name (its path under `samples/` without the extension).
    public var name: String
    /// The Lottie file, relative to the manifest's folder.
    public var file: String
    /// The share of pixels that must match (0.985 unless the sample says otherwise).
    public var precision: Double
    /// A pixel matches when its ΔE is at most `(1 − perceptualPrecision) × 100`.
    public var perceptualPrecision: Double
    /// Taken with extra settings (value providers, replaced images…): not part of the main score.
    public var configured: Bool
    /// The reference renders of this sample.
    public var references: [Reference]

    /// Reads a manifest.
    public static func load(manifest url: URL) throws -> [LottieConformanceSample] {
        try JSONDecoder().decode([LottieConformanceSample].self, from: Data(contentsOf: url))
    }
}
