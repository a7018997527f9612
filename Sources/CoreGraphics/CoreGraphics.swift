// `import CoreGraphics` compiles: the module re-exports Foundation (which defines `CGFloat`, `CGPoint`,
// `CGSize` and `CGRect` on Linux) and AnimaGraphics (`CGAffineTransform`, `CGPath`, `CGColor`, `CGContext`,
// `CGImage`…). It defines no type of its own, so it coexists with Foundation: both name the same types.
@_exported import Foundation
@_exported import AnimaGraphics
