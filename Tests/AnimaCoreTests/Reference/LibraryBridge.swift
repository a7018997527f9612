import Foundation
import AnimaCore
import AnimaGraphics

/// Turns reference descriptions into real AnimaCore objects (through the public API only) and reads
/// presented values back. The only file of the reference net that knows both worlds.
@MainActor
enum LibraryBridge {
    /// The value as an animation or model value takes it.
    static func libraryValue(_ v: RefValue) -> Any {
        switch v {
        case .number(let x): return x
        case .point(let x, let y): return CGPoint(x: x, y: y)
        case .rect(let x, let y, let w, let h): return CGRect(x: x, y: y, width: w, height: h)
        case .matrix(let m): return transform(m)
        }
    }

    static func transform(_ m: RefMatrix) -> CATransform3D {
        let e = m.m.map { CGFloat($0) }
        return CATransform3D(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                             m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    static func matrix(_ t: CATransform3D) -> RefMatrix { RefMatrix(m: t.entries.map { Double($0) }) }

    static func timingFunction(_ f: RefTimingFunction) -> CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: f.c1x, f.c1y, f.c2x, f.c2y)
    }

    /// Reads a library timing function's control points (the only use of its API the net allows itself).
    static func controlPoints(of f: CAMediaTimingFunction) -> RefTimingFunction {
        var c1: [Float] = [0, 0], c2: [Float] = [0, 0]
        c1.withUnsafeMutableBufferPointer { f.getControlPoint(at: 1, values: $0.baseAddress!) }
        c2.withUnsafeMutableBufferPointer { f.getControlPoint(at: 2, values: $0.baseAddress!) }
        return RefTimingFunction(c1x: c1[0], c1y: c1[1], c2x: c2[0], c2y: c2[1])
    }

    private static func fillMode(_ f: RefFillMode) -> CAMediaTimingFillMode {
        switch f {
        case .removed: return .removed
        case .forwards: return .forwards
        case .backwards: return .backwards
        case .both: return .both
        }
    }

    /// A new CAAnimation for the description (groups recursively).
    static func makeAnimation(_ a: RefAnimation) -> CAAnimation {
        let made: CAAnimation
        switch a.kind {
        case .basic(let from, let to, let by):
            let basic = CABasicAnimation(keyPath: a.property?.rawValue)
            basic.fromValue = from.map(libraryValue)
            basic.toValue = to.map(libraryValue)
            basic.byValue = by.map(libraryValue)
            made = basic
        case .keyframe(let values, let keyTimes, let mode, let functions):
            let keyframe = CAKeyframeAnimation(keyPath: a.property?.rawValue)
            keyframe.values = values.map(libraryValue)
            keyframe.keyTimes = keyTimes?.map { NSNumber(value: $0) }
            keyframe.calculationMode = mode == .linear ? .linear : mode == .discrete ? .discrete : .paced
            keyframe.timingFunctions = functions?.map(timingFunction)
            made = keyframe
        case .spring(let from, let to, let m, let k, let c, let v0, let overdamping):
            let spring = CASpringAnimation(keyPath: a.property?.rawValue)
            spring.fromValue = libraryValue(from)
            spring.toValue = libraryValue(to)
            spring.mass = m; spring.stiffness = k; spring.damping = c
            spring.initialVelocity = v0; spring.allowsOverdamping = overdamping
            made = spring
        case .group(let children):
            let group = CAAnimationGroup()
            group.animations = children.map(makeAnimation)
            made = group
        }
        if let property = made as? CAPropertyAnimation {
            property.isAdditive = a.isAdditive
            property.isCumulative = a.isCumulative
        }
        made.beginTime = a.timing.beginTime
        made.duration = a.timing.duration
        made.speed = a.timing.speed
        made.timeOffset = a.timing.timeOffset
        made.repeatCount = a.timing.repeatCount
        made.repeatDuration = a.timing.repeatDuration
        made.autoreverses = a.timing.autoreverses
        made.fillMode = fillMode(a.timing.fillMode)
        made.timingFunction = a.timingFunction.map(timingFunction)
        made.isRemovedOnCompletion = a.isRemovedOnCompletion
        return made
    }

    /// Sets a layer's model geometry (callers disable actions).
    static func setModel(_ g: RefGeometry, on layer: CALayer) {
        layer.bounds = libraryValue(g.bounds) as! CGRect
        layer.position = libraryValue(g.position) as! CGPoint
        layer.anchorPoint = libraryValue(g.anchorPoint) as! CGPoint
        layer.zPosition = CGFloat(g.zPosition)
        layer.opacity = Float(g.opacity)
        layer.transform = transform(g.transform)
    }

    /// A new layer with the description's name, model geometry and layer timing (no sublayers, no animations).
    static func makeLayer(_ l: RefLayer) -> CALayer {
        let layer = CALayer()
        layer.name = l.name
        setModel(l.model, on: layer)
        layer.beginTime = l.beginTime
        layer.speed = l.speed
        layer.timeOffset = l.timeOffset
        return layer
    }

    /// What `presentation()` shows, as reference geometry; nil when the layer has no presentation.
    static func presented(_ layer: CALayer) -> RefGeometry? {
        guard let p = layer.presentation() else { return nil }
        return RefGeometry(
            bounds: .rect(x: Double(p.bounds.origin.x), y: Double(p.bounds.origin.y),
                          width: Double(p.bounds.size.width), height: Double(p.bounds.size.height)),
            position: .point(x: Double(p.position.x), y: Double(p.position.y)),
            anchorPoint: .point(x: Double(p.anchorPoint.x), y: Double(p.anchorPoint.y)),
            zPosition: Double(p.zPosition), opacity: Double(p.opacity), transform: matrix(p.transform))
    }
}
