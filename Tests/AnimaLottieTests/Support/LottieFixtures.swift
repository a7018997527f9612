import Foundation
import AnimaCore
import AnimaLottie
import AnimaGraphics
import AnimaSDL

/// Small Bodymovin documents built in code, so each test states the file it plays.
enum LottieFixtures {
    /// A document with the given layers (JSON text of each) at `fr` frames per second, frames 0…`op`.
    static func document(layers: [String], assets: [String] = [], fr: Double = 30, op: Double = 30,
                         markers: String = "[]", size: Int = 100) -> String {
        """
        {"v":"5.7.0","fr":\(fr),"ip":0,"op":\(op),"w":\(size),"h":\(size),"nm":"test","markers":\(markers),
         "assets":[\(assets.joined(separator: ","))],"layers":[\(layers.joined(separator: ","))]}
        """
    }

    /// A shape layer named `name` holding a filled 20 × 20 rectangle, with its transform's `ks` JSON.
    static func shapeLayer(name: String, index: Int = 1, ks: String = "{}", ip: Double = 0, op: Double = 30,
                           parent: Int? = nil, extra: String = "") -> String {
        """
        {"ty":4,"nm":"\(name)","ind":\(index),\(parent.map { "\"parent\":\($0)," } ?? "")"ip":\(ip),"op":\(op),"st":0,"ks":\(ks),\(extra)
         "shapes":[{"ty":"gr","nm":"box","it":[
            {"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
            {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
            {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}
        """
    }

    /// An opacity property animated from `from` to `to` between frames `t0` and `t1`.
    static func opacity(from: Double, to: Double, t0: Double = 0, t1: Double = 30, hold: Bool = false,
                        easing: (Double, Double, Double, Double)? = nil) -> String {
        let e = easing.map { #""o":{"x":[\#($0.0)],"y":[\#($0.1)]},"i":{"x":[\#($0.2)],"y":[\#($0.3)]},"# } ?? ""
        return #"{"o":{"a":1,"k":[{"t":\#(t0),"s":[\#(from)],\#(e)"h":\#(hold ? 1 : 0)},{"t":\#(t1),"s":[\#(to)]}]}}"#
    }

    static func animation(_ json: String) throws -> LottieAnimation {
        try LottieAnimation.from(data: Data(json.utf8), source: "fixture.json")
    }

    /// The first layer in `root`'s tree whose name is `name`.
    @MainActor
    static func find(_ name: String, in root: CALayer) -> CALayer? {
        if root.name == name { return root }
        for sub in root.sublayers ?? [] { if let found = find(name, in: sub) { return found } }
        return nil
    }
}

extension LottieFixtures {
    /// The first layer named `name` in the tree `layer` built (nil without one).
    @MainActor
    static func find(_ name: String, in layer: LottieAnimationLayer) -> CALayer? {
        layer.compositionLayer.flatMap { find(name, in: $0) }
    }
}

extension LottieFixtures {
    /// A shape layer holding `items` (JSON of shape items, listed top first) with its transform's `ks` JSON.
    static func shapes(_ items: String, name: String = "S", index: Int = 1, ks: String = "{}", extra: String = "") -> String {
        #"{"ty":4,"nm":"\#(name)","ind":\#(index),"ip":0,"op":30,"st":0,"ks":\#(ks),\#(extra)"shapes":[\#(items)]}"#
    }

    /// The alpha (0…255) of each pixel of `animation` rendered by the reference protocol at `scale`,
    /// row by row, and the image's width.
    @MainActor
    static func alpha(of animation: LottieAnimation, progress: Double = 0, scale: Double = 1) throws -> (width: Int, pixels: [UInt8]) {
        let scene = LottieReferenceScene(animation: animation, moment: .progress(progress), scale: scale)
        let image = scene.crop(try scene.display.snapshot())
        return (image.width, image.premultipliedARGB.map { UInt8($0 >> 24) })
    }
}
