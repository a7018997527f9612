import Anima
import Foundation
import FuzzSupport

/// `key-value`: random key paths and values through `setValue(_:forKeyPath:)`, `setValue(_:forKey:)`,
/// `value(forKeyPath:)` and `value(forKey:)` on every layer and animation class, the layers in a committed tree
/// on a headless display (animations are added after their values are set). Each record of the input is an
/// operation byte, a key path as text ended by a newline (so the dictionary's keys splice in), and a value.
/// Invariants: no trap; no NaN or infinity reaches the render tree (a diagnostic instead); the frame and the model
/// tree draw on the CPU without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyValue(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzRuntime.prepare()
    let buffer = UnsafeRawBufferPointer(start: data, count: size)
    FuzzRuntime.begin(buffer)
    let reader = FuzzReader(buffer)
    MainActor.assumeIsolated {
        var run = KeyValueRun(reader)
        run.run()
    }
    return 0
}

@MainActor
private struct KeyValueRun {
    var input: FuzzReader
    let display = HeadlessDisplay(width: 100, height: 100)
    var layers: [CALayer] = []
    var animations: [CAAnimation] = []

    init(_ input: FuzzReader) { self.input = input }

    mutating func run() {
        layers = [CALayer(), CAShapeLayer(), CATextLayer(), CAGradientLayer(), CATransformLayer(), CAReplicatorLayer(),
                  CAEmitterLayer(), CAScrollLayer()]
        for (i, layer) in layers.enumerated() {
            layer.name = "kv\(i)"
            layer.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
            display.rootLayer.addSublayer(layer)
        }
        // Something for the replicator to replicate, so its instance keys reach the frame.
        let replicated = CALayer()
        replicated.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        replicated.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layers[5].addSublayer(replicated)
        // A cell for the emitter, with a cell of its own, so its keys and key paths reach the frame.
        let spark = CAEmitterCell(), burst = CAEmitterCell()
        spark.name = "spark"; burst.name = "burst"
        spark.contents = CGImage(width: 2, height: 2, premultipliedARGB: Array(repeating: 0xFFFF_FFFF, count: 4))
        // A short emission (0.1 s of births, 0.2 s lives), so that frames stop soon after, as for the other layers.
        spark.birthRate = 50; spark.lifetime = 0.2; spark.duration = 0.1; spark.velocity = 20
        burst.contents = spark.contents; burst.birthRate = 20; burst.lifetime = 0.1
        spark.emitterCells = [burst]
        (layers[6] as? CAEmitterLayer)?.emitterCells = [spark]
        // Custom properties, so animations of their keys (and values set by key) reach the frame.
        layers[0].setValue(0.5, forKey: "progress")
        layers[0].setValue(CGPoint(x: 1, y: 2), forKey: "focus")
        animations = [CABasicAnimation(keyPath: "opacity"), CAKeyframeAnimation(keyPath: "position"),
                      CASpringAnimation(keyPath: "bounds"), CAAnimationGroup(), CATransition()]
        display.advance(by: 0)
        var records = 0
        while !input.isAtEnd, records < 48 {
            records += 1
            step()
        }
        for (layer, animation) in zip(layers, animations) {
            trace("\(layer.name!).add(\(animation) keyPath \(String(describing: animation.value(forKey: "keyPath"))) from \(String(describing: animation.value(forKey: "fromValue"))) to \(String(describing: animation.value(forKey: "toValue"))) by \(String(describing: animation.value(forKey: "byValue"))) values \(String(describing: animation.value(forKey: "values"))) duration \(animation.duration) speed \(animation.speed) begin \(animation.beginTime) offset \(animation.timeOffset) additive \(String(describing: animation.value(forKey: "additive"))) cumulative \(String(describing: animation.value(forKey: "cumulative"))) repeat \(animation.repeatCount) fill \(animation.fillMode.rawValue) timing \(String(describing: animation.timingFunction)))")
            layer.add(animation, forKey: "kv")
        }
        display.advance(by: 0.1)
        check("after animations")
        display.advance(by: 2)
        check("later")
        // Both ways of drawing without a GPU take every value the run left: the frame, and the model through
        // `render(in:)` (corner curves, rasterization, filters, transform and scroll layers).
        _ = SoftwareRenderer.render(display.renderTree, width: 100, height: 100)
        let context = CGContext(width: 100, height: 100)
        display.rootLayer.render(in: context)
        if let scroller = layers.last as? CAScrollLayer { layers[0].scrollRectToVisible(layers[0].bounds); _ = scroller.visibleRect }
    }

    /// `ANIMA_FUZZ_TRACE=1` prints every operation (to turn a finding into a regression test).
    static let tracing = ProcessInfo.processInfo.environment["ANIMA_FUZZ_TRACE"] != nil
    func trace(_ text: @autoclosure () -> String) {
        if Self.tracing { FileHandle.standardError.write(Data("trace: \(text())\n".utf8)) }
    }

    mutating func step() {
        let op = input.byte()
        let key = keyPath()
        let onLayer = op & 0x10 == 0
        let object: NSObjectLike = onLayer ? .layer(input.pick(layers)) : .animation(input.pick(animations))
        switch op & 0x3 {
        case 0:
            let v = value()
            trace("\(object).setValue(\(String(describing: v)), forKeyPath: \(key))")
            object.setValue(v, forKeyPath: key)
        case 1:
            let v = value()
            trace("\(object).setValue(\(String(describing: v)), forKey: \(key))")
            object.setValue(v, forKey: key)
        case 2: _ = object.value(forKeyPath: key)
        default: _ = object.value(forKey: key)
        }
        if op & 0x20 != 0 {
            display.advance(by: 1 / 60)
            check("after \(key)")
        }
    }

    /// Text up to a newline (at most 48 bytes).
    mutating func keyPath() -> String {
        var bytes: [UInt8] = []
        while !input.isAtEnd, bytes.count < 48 {
            let b = input.byte()
            if b == 0x0A { break }
            bytes.append(b)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    mutating func value() -> Any? {
        switch input.int(in: 0...23) {
        case 0: return nil
        case 1: return input.double()
        case 2: return CGFloat(input.double())
        case 3: return Float(input.double())
        case 4: return input.int(in: -1000...1000)
        case 5: return NSNumber(value: input.double())
        case 6: return input.bool()
        case 7: return keyPath()
        case 8: return CGPoint(x: input.double(), y: input.double())
        case 9: return CGSize(width: input.double(), height: input.double())
        case 10: return CGRect(x: input.double(), y: input.double(), width: input.double(), height: input.double())
        case 11: return CATransform3DMakeRotation(input.double(), input.double(), input.double(), input.double())
        case 12: return CATransform3DMakeScale(input.double(), input.double(), input.double())
        case 13: return CGAffineTransform(rotationAngle: input.double())
        case 14: return CGColor(red: input.double(), green: input.double(), blue: input.double(), alpha: input.double())
        case 15:
            let path = CGMutablePath()
            path.addRect(CGRect(x: input.double(), y: input.double(), width: input.double(), height: input.double()))
            path.addLine(to: CGPoint(x: input.double(), y: input.double()))
            return path
        case 16: return (0..<input.int(in: 0...5)).map { _ in NSNumber(value: input.double()) }
        case 17: return (0..<input.int(in: 0...5)).map { _ -> Any in input.bool() ? input.double() : keyPath() }
        case 18: return (0..<input.int(in: 0...4)).map { _ in CGColor(gray: input.double(), alpha: input.double()) }
        case 19: return CAMediaTimingFunction(controlPoints: Float(input.double()), Float(input.double()),
                                              Float(input.double()), Float(input.double()))
        case 20: return input.pick(layers)
        case 21: return (0..<input.int(in: 0...3)).map { _ in input.pick(layers) }
        case 22: return input.bool() ? input.pick(animations) : (0..<input.int(in: 0...3)).map { _ in input.pick(animations) }
        default: return ["key": input.double()] as [String: Any]
        }
    }

    func check(_ moment: String) {
        for layer in layers {
            if let field = LayerCheck.nonFiniteField(layer) { FuzzRuntime.fail("key-value model \(field)", "\(moment): layer \(layer.name!)") }
        }
        if let bad = RenderTreeCheck.firstNonFinite(in: display.renderTree) {
            FuzzRuntime.fail("key-value render-tree \(bad.field)", "\(moment): layer \(bad.layer)")
        }
    }
}

/// A layer or an animation, both of which answer key-value coding.
@MainActor
private enum NSObjectLike {
    case layer(CALayer)
    case animation(CAAnimation)

    func setValue(_ value: Any?, forKeyPath key: String) {
        switch self {
        case .layer(let l): l.setValue(value, forKeyPath: key)
        case .animation(let a): a.setValue(value, forKey: key)   // animations have keys, not key paths
        }
    }
    func setValue(_ value: Any?, forKey key: String) {
        switch self {
        case .layer(let l): l.setValue(value, forKey: key)
        case .animation(let a): a.setValue(value, forKey: key)
        }
    }
    func value(forKeyPath key: String) -> Any? {
        switch self {
        case .layer(let l): return l.value(forKeyPath: key)
        case .animation(let a): return a.value(forKey: key)
        }
    }
    func value(forKey key: String) -> Any? {
        switch self {
        case .layer(let l): return l.value(forKey: key)
        case .animation(let a): return a.value(forKey: key)
        }
    }
}
