import Foundation

/// Supplies a gradient's colours (lottie-ios's `GradientValueProvider`): for `Colors` keypaths of gradient
/// fills and strokes. Colour `i` sits at `locations[i]` (0…1 along the gradient), or evenly spaced when
/// `locations` has no entry for it; colours with alpha below 1 make the gradient transparent there.
/// ```swift
/// let fade = GradientValueProvider([LottieColor(r: 1, g: 1, b: 1, a: 0), LottieColor(r: 1, g: 1, b: 1, a: 1)])
/// view.setValueProvider(fade, keypath: "**.Gradient Fill 1.Colors")
/// ```
public final class GradientValueProvider: AnyValueProvider {
    /// The colours (empty for a closure provider).
    public var colors: [LottieColor]
    /// Where each colour sits, 0…1 (empty: evenly spaced).
    public var locations: [Double]
    private let block: ((CGFloat) -> [LottieColor])?
    private let locationsBlock: ((CGFloat) -> [Double])?

    /// Fixed colours, at `locations` (empty: evenly spaced).
    public init(_ colors: [LottieColor], locations: [Double] = []) {
        self.colors = colors
        self.locations = locations
        block = nil
        locationsBlock = nil
    }

    /// Colours (and locations) as closures of the frame, sampled at every frame when the provider is applied.
    public init(block: @escaping (CGFloat) -> [LottieColor], locations: ((CGFloat) -> [Double])? = nil) {
        colors = []
        self.locations = []
        self.block = block
        locationsBlock = locations
    }

    public var valueType: Any.Type { [Double].self }

    /// The stops in Lottie's layout (offset, r, g, b per colour, then offset, alpha per colour when any
    /// alpha is below 1), as lottie-ios gives them.
    public var typeErasedStorage: AnyValueProviderStorage {
        if block != nil { return .closure { [self] frame in Self.lottieStops(stops(atFrame: frame)) } }
        return .singleValue(Self.lottieStops(stops(atFrame: 0)))
    }

    public func hasUpdate(frame: AnimationFrameTime) -> Bool { true }

    /// Whether the colours depend on the frame (a closure provider).
    var isAnimated: Bool { block != nil || locationsBlock != nil }

    /// The colours and their locations at `frame`.
    func stops(atFrame frame: AnimationFrameTime) -> [(location: Double, color: LottieColor)] {
        let colors = block?(frame) ?? self.colors
        let locations = locationsBlock?(frame) ?? self.locations
        return colors.enumerated().map { index, color in
            let even = colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0
            return (index < locations.count ? locations[index] : even, color)
        }
    }

    static func lottieStops(_ stops: [(location: Double, color: LottieColor)]) -> [Double] {
        let colorPart = stops.flatMap { [$0.location, $0.color.r, $0.color.g, $0.color.b] }
        guard stops.contains(where: { $0.color.a < 1 }) else { return colorPart }
        return colorPart + stops.flatMap { [$0.location, $0.color.a] }
    }
}
