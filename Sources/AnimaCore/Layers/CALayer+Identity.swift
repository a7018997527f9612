import Foundation

// Core Animation's layers are `NSObject`s, equal only to themselves and hashed by identity
// (`sublayers.firstIndex(of: layer)`, `Set<CALayer>`); ours are too.
extension CALayer: Hashable {
    /// The same layer (as `NSObject`'s default `isEqual:`).
    public nonisolated static func == (lhs: CALayer, rhs: CALayer) -> Bool { lhs === rhs }
    /// Hashes the layer's identity.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
