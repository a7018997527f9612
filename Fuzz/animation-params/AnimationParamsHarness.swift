import Anima
import Foundation
import FuzzSupport

/// `animation-params`: random layer trees and animation parameter sets through commits and frames of a
/// headless display — every animation class (basic, keyframe, spring, group incl. groups in groups,
/// transition), every animatable key path, from/to/by combinations, values/keyTimes/timingFunctions of any
/// lengths, timing fields (beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses,
/// fillMode) incl. NaN, ±∞, huge and negative numbers, values of the wrong type, layer timing, implicit actions,
/// removals. Invariants: no trap, and no NaN or infinity reaches the render tree or `presentation()`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnimationParams(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzRuntime.prepare()
    let buffer = UnsafeRawBufferPointer(start: data, count: size)
    FuzzRuntime.begin(buffer)
    let reader = FuzzReader(buffer)
    MainActor.assumeIsolated {
        var run = AnimationParamsRun(reader)
        run.run()
    }
    return 0
}

@MainActor
struct AnimationParamsRun {
    var input: FuzzReader
    let display = HeadlessDisplay(width: 200, height: 150)
    var layers: [CALayer] = []

    init(_ input: FuzzReader) { self.input = input }

    /// `ANIMA_FUZZ_TRACE=1` prints every operation (to turn a finding into a regression test).
    static let tracing = ProcessInfo.processInfo.environment["ANIMA_FUZZ_TRACE"] != nil
    func trace(_ text: @autoclosure () -> String) {
        if Self.tracing { FileHandle.standardError.write(Data("trace: \(text())\n".utf8)) }
    }

    static let keyPaths = [
        "position", "position.x", "position.y", "bounds", "bounds.size", "bounds.size.width", "bounds.origin",
        "bounds.origin.x", "opacity", "zPosition", "anchorPoint", "anchorPoint.y", "anchorPointZ", "transform",
        "transform.rotation", "transform.rotation.x", "transform.rotation.y", "transform.scale", "transform.scale.x",
        "transform.scale.z", "transform.translation", "transform.translation.x", "transform.translation.z",
        "sublayerTransform", "sublayerTransform.rotation.z", "backgroundColor", "borderColor", "borderWidth",
        "cornerRadius", "shadowColor", "shadowOpacity", "shadowOffset", "shadowOffset.height", "shadowRadius",
        "shadowPath", "contents", "contentsRect", "contentsRect.size.width", "contentsScale", "contentsCenter",
        "hidden", "masksToBounds", "doubleSided", "path", "fillColor", "strokeColor", "strokeStart", "strokeEnd",
        "lineWidth", "miterLimit", "lineDashPhase", "fontSize", "foregroundColor", "colors", "locations",
        "startPoint", "endPoint", "nonsense", "position.z", "",
    ]

    mutating func run() {
        layers = [display.rootLayer]
        display.advance(by: 0)
        var steps = 0
        while !input.isAtEnd, steps < 64 {
            steps += 1
            step()
        }
        display.advance(by: 1 / 60)
        check("last frame")
    }

    mutating func step() {
        switch input.int(in: 0...11) {
        case 0, 1: addLayer()
        case 2, 3, 4:
            let layer = input.pick(layers)
            let a = animation(depth: 0)
            let key: String? = input.bool() ? nil : input.pick(["a", "b", "position"])
            trace("\(layer.name ?? "root").add(\(Self.describe(a)), forKey: \(key ?? "nil"))")
            layer.add(a, forKey: key)
        case 5, 6: advance()
        case 7:
            let layer = input.pick(layers)
            trace("\(layer.name ?? "root"): remove animations")
            if input.bool() { layer.removeAllAnimations() } else { layer.removeAnimation(forKey: input.pick(["a", "b", "position"])) }
        case 8:
            let layer = input.pick(layers)
            trace("\(layer.name ?? "root").removeFromSuperlayer()")
            if layer !== display.rootLayer { layer.removeFromSuperlayer() }
        case 9: setModel()
        case 10: setLayerTiming()
        default: check("now")
        }
    }

    mutating func addLayer() {
        let make: [() -> CALayer] = [{ CALayer() }, { CAShapeLayer() }, { CATextLayer() }, { CAGradientLayer() }]
        let layer = input.pick(make)()
        layer.name = "L\(layers.count)"
        layer.frame = CGRect(x: input.coordinate(), y: input.coordinate(), width: input.coordinate(), height: input.coordinate())
        if let shape = layer as? CAShapeLayer { shape.path = CGPath(ellipseIn: layer.bounds, transform: nil) }
        if let text = layer as? CATextLayer { text.string = "Hi" }
        if let gradient = layer as? CAGradientLayer { gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)] }
        let parent = input.pick(layers)
        trace("\(parent.name ?? "root").addSublayer(\(type(of: layer)) \(layer.name!) frame \(layer.frame))")
        parent.addSublayer(layer)
        layers.append(layer)
    }

    mutating func advance() {
        // 1e7 s is crossed in one frame (more than HeadlessDisplay.maximumFramesPerAdvance frames).
        let dt = input.pick([0, 1 / 60, 0.1, 0.5, 1, 3, 1e7]) as Double
        trace("advance(by: \(dt))")
        display.advance(by: dt)
        check("after advancing \(dt) s")
    }

    /// Sets a model property inside an explicit transaction (its implicit animation, if any, runs).
    mutating func setModel() {
        let layer = input.pick(layers)
        let key = input.pick(Self.keyPaths)
        CATransaction.begin()
        if input.bool() { CATransaction.setAnimationDuration(input.double()) }
        if input.bool() { CATransaction.setDisableActions(true) }
        let v = value(for: key)
        trace("\(layer.name ?? "root").setValue(\(String(describing: v)), forKeyPath: \(key)) [was \(String(describing: layer.value(forKeyPath: key)))]")
        layer.setValue(v, forKeyPath: key)
        trace("  model now \(String(describing: layer.value(forKeyPath: key)))")
        CATransaction.commit()
    }

    mutating func setLayerTiming() {
        let layer = input.pick(layers)
        defer { trace("\(layer.name ?? "root") timing: speed \(layer.speed) offset \(layer.timeOffset) begin \(layer.beginTime) duration \(layer.duration) repeat \(layer.repeatCount)") }
        switch input.int(in: 0...4) {
        case 0: layer.speed = Float(input.double())
        case 1: layer.timeOffset = input.double()
        case 2: layer.beginTime = input.double()
        case 3: layer.duration = input.double()
        default: layer.repeatCount = Float(input.double())
        }
    }

    // MARK: Animations

    mutating func animation(depth: Int) -> CAAnimation {
        let made: CAAnimation
        switch input.int(in: 0...5) {
        case 0, 1:
            let key = input.pick(Self.keyPaths)
            let a = CABasicAnimation(keyPath: key)
            if input.bool() { a.fromValue = value(for: key) }
            if input.bool() { a.toValue = value(for: key) }
            if input.bool() { a.byValue = value(for: key) }
            made = a
        case 2:
            let key = input.pick(Self.keyPaths)
            let a = CAKeyframeAnimation(keyPath: key)
            if input.bool() { a.values = (0..<input.int(in: 0...6)).map { _ in value(for: key) as Any } }
            if input.bool() { a.keyTimes = (0..<input.int(in: 0...6)).map { _ in NSNumber(value: input.bool() ? input.double() : Double(input.int(in: 0...10)) / 10) } }
            if input.bool() { a.timingFunctions = (0..<input.int(in: 0...6)).map { _ in timingFunction() } }
            if input.bool() {
                let path = CGMutablePath()
                path.move(to: CGPoint(x: input.coordinate(), y: input.coordinate()))
                for _ in 0..<input.int(in: 0...3) {
                    path.addCurve(to: CGPoint(x: input.coordinate(), y: input.coordinate()),
                                  control1: CGPoint(x: input.coordinate(), y: input.coordinate()),
                                  control2: CGPoint(x: input.coordinate(), y: input.coordinate()))
                }
                a.path = path
            }
            a.calculationMode = input.pick([.linear, .discrete, .paced, .cubic, .cubicPaced])
            if input.bool() { a.rotationMode = input.pick([.rotateAuto, .rotateAutoReverse]) }
            if input.bool() { a.tensionValues = (0..<input.int(in: 0...4)).map { _ in NSNumber(value: input.double()) } }
            if input.bool() { a.continuityValues = (0..<input.int(in: 0...4)).map { _ in NSNumber(value: input.double()) } }
            if input.bool() { a.biasValues = (0..<input.int(in: 0...4)).map { _ in NSNumber(value: input.double()) } }
            made = a
        case 3:
            let key = input.pick(Self.keyPaths)
            let a = input.bool() ? CASpringAnimation(keyPath: key)
                : CASpringAnimation(perceptualDuration: input.double(), bounce: input.double())
            if a.keyPath == nil { a.keyPath = key }
            if input.bool() { a.mass = input.double() }
            if input.bool() { a.stiffness = input.double() }
            if input.bool() { a.damping = input.double() }
            if input.bool() { a.initialVelocity = input.double() }
            a.allowsOverdamping = input.bool()
            if input.bool() { a.fromValue = value(for: key) }
            if input.bool() { a.toValue = value(for: key) }
            if input.bool() { a.byValue = value(for: key) }
            made = a
        case 4:
            let g = CAAnimationGroup()
            if depth < 3 { g.animations = (0..<input.int(in: 0...3)).map { _ in animation(depth: depth + 1) } }
            made = g
        default:
            let t = CATransition()
            t.type = input.pick([.fade, .moveIn, .push, .reveal, CATransitionType(rawValue: "cube")])
            if input.bool() { t.subtype = input.pick([.fromLeft, .fromRight, .fromTop, .fromBottom]) }
            if input.bool() { t.startProgress = Float(input.double()) }
            if input.bool() { t.endProgress = Float(input.double()) }
            made = t
        }
        if let p = made as? CAPropertyAnimation {
            p.isAdditive = input.bool()
            p.isCumulative = input.bool()
            if input.byte() & 7 == 0 {
                p.valueFunction = CAValueFunction(name: input.pick([.rotateX, .rotateZ, .scale, .scaleY, .translate, .translateZ]))
            }
        }
        timing(made)
        return made
    }

    mutating func timing(_ a: CAAnimation) {
        let fields = input.byte()
        if fields & 1 != 0 { a.beginTime = input.bool() ? input.double() : display.time + Double(input.int(in: 0...20)) / 10 }
        a.duration = fields & 2 != 0 ? input.double() : Double(input.int(in: 0...20)) / 10
        if fields & 4 != 0 { a.speed = Float(input.double()) }
        if fields & 8 != 0 { a.timeOffset = input.double() }
        if fields & 16 != 0 { a.repeatCount = input.bool() ? Float(input.double()) : .infinity }
        if fields & 32 != 0 { a.repeatDuration = input.double() }
        a.autoreverses = fields & 64 != 0
        a.fillMode = input.pick([.removed, .forwards, .backwards, .both])
        a.isRemovedOnCompletion = fields & 128 == 0
        if input.bool() { a.timingFunction = timingFunction() }
    }

    mutating func timingFunction() -> CAMediaTimingFunction {
        if input.bool() {
            return CAMediaTimingFunction(name: input.pick([.linear, .easeIn, .easeOut, .easeInEaseOut, .default]))
        }
        return CAMediaTimingFunction(controlPoints: Float(input.double()), Float(input.double()),
                                     Float(input.double()), Float(input.double()))
    }

    /// A value for `key`: usually of its kind, sometimes of another kind or type, with numbers from `double()`.
    mutating func value(for key: String) -> Any? {
        let kind = input.byte() % 8 == 0 ? input.int(in: 0...10) : Self.kind(of: key)
        switch kind {
        case 0: return input.bool() ? input.double() : NSNumber(value: input.double())
        case 1: return CGPoint(x: input.double(), y: input.double())
        case 2: return CGSize(width: input.double(), height: input.double())
        case 3: return CGRect(x: input.double(), y: input.double(), width: input.double(), height: input.double())
        case 4:
            switch input.int(in: 0...3) {
            case 0: return CATransform3DMakeRotation(input.double(), input.double(), input.double(), input.double())
            case 1: return CATransform3DMakeScale(input.double(), input.double(), input.double())
            case 2: return CATransform3DMakeTranslation(input.double(), input.double(), input.double())
            default:
                var t = CATransform3DIdentity
                t.m34 = input.double()
                t.m44 = input.double()
                return t
            }
        case 5: return CGColor(red: input.double(), green: input.double(), blue: input.double(), alpha: input.double())
        case 6:
            let path = CGMutablePath()
            path.addEllipse(in: CGRect(x: input.double(), y: input.double(), width: input.double(), height: input.double()))
            return path
        case 7: return (0..<input.int(in: 0...4)).map { _ in CGColor(gray: input.double(), alpha: input.double()) }
        case 8: return (0..<input.int(in: 0...4)).map { _ in NSNumber(value: input.double()) }
        case 9: return input.bool()
        default: return input.pick(["text", "", "1.5"]) as Any
        }
    }

    static func kind(of key: String) -> Int {
        switch key.split(separator: ".").first.map(String.init) ?? "" {
        case "position", "anchorPoint", "startPoint", "endPoint":
            return key.contains(".") ? 0 : 1
        case "bounds", "contentsRect", "contentsCenter":
            if key.hasSuffix("size") { return 2 }
            if key.hasSuffix("origin") { return 1 }
            return key.contains(".") ? 0 : 3
        case "shadowOffset": return key.contains(".") ? 0 : 2
        case "transform", "sublayerTransform":
            if key.hasSuffix("translation") { return 2 }
            return key.contains(".") ? 0 : 4
        case "backgroundColor", "borderColor", "shadowColor", "fillColor", "strokeColor", "foregroundColor": return 5
        case "shadowPath", "path": return 6
        case "colors": return 7
        case "locations": return 8
        case "hidden", "masksToBounds", "doubleSided": return 9
        default: return 0
        }
    }

    // MARK: Invariant

    /// No NaN or infinity in the render tree or in any layer's `presentation()`.
    func check(_ moment: String) {
        // A non-finite model value is a setter that let it in; a non-finite presented value over finite models
        // is the evaluation's (the render tree's own arithmetic included).
        for layer in layers {
            if let field = LayerCheck.nonFiniteField(layer) {
                FuzzRuntime.fail("model \(field)", "\(moment): layer \(layer.name ?? "root")")
            }
        }
        if let bad = RenderTreeCheck.firstNonFinite(in: display.renderTree) {
            FuzzRuntime.fail("render-tree \(bad.field)", "\(moment): layer \(bad.layer); \(describeAnimations(named: bad.layer))")
        }
        for layer in layers {
            guard let p = layer.presentation(), let field = LayerCheck.nonFiniteField(p) else { continue }
            FuzzRuntime.fail("presentation \(field)", "\(moment): layer \(layer.name ?? "root"); \(describeAnimations(of: layer))")
        }
    }

    func describeAnimations(named name: String) -> String {
        layers.first { $0.name == name }.map(describeAnimations(of:)) ?? "layer not found"
    }

    func describeAnimations(of layer: CALayer) -> String {
        let keys = layer.animationKeys() ?? []
        return "animations: " + keys.map { key in
            guard let a = layer.animation(forKey: key) else { return key }
            return "\(key): \(Self.describe(a))"
        }.joined(separator: "; ")
    }

    static func describe(_ a: CAAnimation) -> String {
        var s = "\(type(of: a))"
        if let p = a as? CAPropertyAnimation { s += "(\(p.keyPath ?? "nil"))" }
        if let b = a as? CABasicAnimation {
            s += " from \(String(describing: b.fromValue)) to \(String(describing: b.toValue)) by \(String(describing: b.byValue))"
        }
        if let sp = a as? CASpringAnimation {
            s += " mass \(sp.mass) stiffness \(sp.stiffness) damping \(sp.damping) velocity \(sp.initialVelocity) overdamping \(sp.allowsOverdamping)"
        }
        if let p = a as? CAPropertyAnimation {
            s += " additive \(p.isAdditive) cumulative \(p.isCumulative) valueFunction \(p.valueFunction?.name.rawValue ?? "nil")"
        }
        if let k = a as? CAKeyframeAnimation { s += " values \(String(describing: k.values)) keyTimes \(String(describing: k.keyTimes))" }
        if let g = a as? CAAnimationGroup { s += " [" + (g.animations ?? []).map(describe).joined(separator: ", ") + "]" }
        s += " begin \(a.beginTime) dur \(a.duration) speed \(a.speed) offset \(a.timeOffset) repeat \(a.repeatCount)/\(a.repeatDuration) autoreverses \(a.autoreverses) fill \(a.fillMode.rawValue) removedOnCompletion \(a.isRemovedOnCompletion) timing \(a.timingFunction.map { "\($0)" } ?? "nil")"
        return s
    }
}

