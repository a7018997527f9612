import Anima
import Foundation
import FuzzSupport

/// `paths`: random `CGPath`s (every element kind, arcs, rects, ellipses, rounded rects, nested paths under
/// transforms, coordinates incl. NaN, ±∞ and huge values) through flattening, length, point at a distance,
/// trimming, bounding boxes, hit testing and Cairo fill and stroke. Invariant: no trap, no hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaths(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzRuntime.prepare()
    let buffer = UnsafeRawBufferPointer(start: data, count: size)
    FuzzRuntime.begin(buffer)
    var input = FuzzReader(buffer)
    let path = makePath(&input, depth: 0)
    trace("path \(path.elements)")
    exercise(path, &input)
    return 0
}

/// `ANIMA_FUZZ_TRACE=1` prints every step (to turn a finding into a regression test).
private let tracing = ProcessInfo.processInfo.environment["ANIMA_FUZZ_TRACE"] != nil
private func trace(_ text: @autoclosure () -> String) {
    if tracing { FileHandle.standardError.write(Data("trace: \(text())\n".utf8)) }
}

private func point(_ input: inout FuzzReader) -> CGPoint { CGPoint(x: input.coordinate(), y: input.coordinate()) }

private func rect(_ input: inout FuzzReader) -> CGRect {
    CGRect(x: input.coordinate(), y: input.coordinate(), width: input.coordinate(), height: input.coordinate())
}

private func transform(_ input: inout FuzzReader) -> CGAffineTransform {
    switch input.int(in: 0...3) {
    case 0: return .identity
    case 1: return CGAffineTransform(rotationAngle: input.double())
    case 2: return CGAffineTransform(scaleX: input.double(), y: input.double())
    default: return CGAffineTransform(a: input.double(), b: input.double(), c: input.double(), d: input.double(),
                                      tx: input.double(), ty: input.double())
    }
}

private func makePath(_ input: inout FuzzReader, depth: Int) -> CGMutablePath {
    let path = CGMutablePath()
    for _ in 0..<input.int(in: 0...24) {
        let t = input.bool() ? transform(&input) : .identity
        switch input.int(in: 0...11) {
        case 0: path.move(to: point(&input), transform: t)
        case 1: path.addLine(to: point(&input), transform: t)
        case 2: path.addQuadCurve(to: point(&input), control: point(&input), transform: t)
        case 3: path.addCurve(to: point(&input), control1: point(&input), control2: point(&input), transform: t)
        case 4: path.closeSubpath()
        case 5: path.addRect(rect(&input), transform: t)
        case 6: path.addEllipse(in: rect(&input), transform: t)
        case 7: path.addRoundedRect(in: rect(&input), cornerWidth: input.double(), cornerHeight: input.double(), transform: t)
        case 8: path.addArc(center: point(&input), radius: input.double(), startAngle: input.double(),
                            endAngle: input.double(), clockwise: input.bool(), transform: t)
        case 9: path.addArc(tangent1End: point(&input), tangent2End: point(&input), radius: input.double(), transform: t)
        case 10: path.addLines(between: (0..<input.int(in: 0...6)).map { _ in point(&input) }, transform: t)
        default: if depth < 2 { path.addPath(makePath(&input, depth: depth + 1), transform: t) }
        }
    }
    return path
}

private func exercise(_ path: CGPath, _ input: inout FuzzReader) {
    let tolerance = input.bool() ? input.double() : 0.25
    trace("flatten \(tolerance)")
    _ = path.flattened(tolerance: tolerance)
    _ = path.length(tolerance: input.bool() ? input.double() : 0.05)
    let measure = PathMeasure(path)
    for _ in 0..<input.int(in: 0...4) { _ = measure.position(atDistance: input.double()) }
    _ = path.trimmedPath(from: input.double(), to: input.double())
    _ = path.boundingBox
    _ = path.boundingBoxOfPath
    _ = path.currentPoint
    _ = path.contains(point(&input), using: input.bool() ? .evenOdd : .winding)
    var t = transform(&input)
    _ = path.copy(using: &t)
    path.applyWithBlock { _ in }

    // Cairo: fill and stroke into a small bitmap.
    let context = CGContext(width: 32, height: 32)
    if input.bool() {
        let ctm = transform(&input)
        trace("ctm \(ctm)")
        context.concatenate(ctm)
    }
    context.addPath(path)
    trace("fill")
    context.fillPath(using: input.bool() ? .evenOdd : .winding)
    let width = input.bool() ? input.double() : 2
    trace("line width \(width)")
    context.setLineWidth(width)
    if input.bool() {
        var lengths: [CGFloat] = []
        for _ in 0..<input.int(in: 0...4) { lengths.append(input.double()) }
        let phase = input.double()
        trace("dash \(lengths) phase \(phase)")
        context.setLineDash(phase: phase, lengths: lengths)
    }
    context.addPath(path)
    trace("stroke")
    context.strokePath()
    _ = context.makeImage()
}
