import Foundation

/// A colour space (Core Graphics' `CGColorSpace`). Anima draws in sRGB only, so every space is sRGB; the type
/// exists so Apple's calls that take one (`CGGradient(colorsSpace:colors:locations:)`) compile unchanged.
///
/// ```swift
/// let space = CGColorSpaceCreateDeviceRGB()
/// space.numberOfComponents   // 3
/// ```
public final class CGColorSpace: Sendable, CustomStringConvertible {
    /// The name of the sRGB space.
    public static let sRGB = "kCGColorSpaceSRGB"

    /// The space's name (always sRGB here).
    public let name: String?

    /// A colour space by name; every name gives sRGB, the only space Anima draws in.
    public init?(name: String) { self.name = CGColorSpace.sRGB }

    init() { name = CGColorSpace.sRGB }

    /// The number of colour components, without alpha.
    public var numberOfComponents: Int { 3 }

    public var description: String { "CGColorSpace(sRGB)" }
}

/// The device RGB space: sRGB.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }
