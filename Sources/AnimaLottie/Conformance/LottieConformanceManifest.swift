import Foundation

/// The corpus's `manifest.json`: per sample, its file, the references (a progress or a frame, and an
/// image) and the comparison's thresholds. Paths are relative to the manifest's folder.
public struct LottieConformanceSample: Decodable, Sendable {
    /// One reference render.
    public struct Reference: Decodable, Sendable {
        public var progress: Double?
        public var frame: Double?
        public var image: String
    }
    public var name: String
    public var file: String
    public var precision: Double
    public var perceptualPrecision: Double
    /// Taken with extra settings (value providers, replaced images…): not part of the main score.
    public var configured: Bool
    public var references: [Reference]

    /// Reads a manifest.
    public static func load(manifest url: URL) throws -> [LottieConformanceSample] {
        try JSONDecoder().decode([LottieConformanceSample].self, from: Data(contentsOf: url))
    }
}
