import Foundation
import AnimaGraphics

/// One emitter cell's values as a frame reads them (the cell's own, with the layer's multipliers applied), its
/// key for random draws and its sub-cells.
struct EmitterCellSetup {
    let cell: CAEmitterCell
    /// Fixes the random draws of the cell's particles (from the seed and the cell's place among the cells).
    let key: UInt64
    let birthRate: Double, lifetime: Double, lifetimeRange: Double
    let beginTime: Double, duration: Double
    let longitude: Double, latitude: Double, range: Double
    let velocity: Double, velocityRange: Double
    let acceleration: (x: Double, y: Double, z: Double)
    let scale: Double, scaleRange: Double, scaleSpeed: Double
    let spin: Double, spinRange: Double
    let color: (red: Double, green: Double, blue: Double, alpha: Double)
    let colorRange: (red: Double, green: Double, blue: Double, alpha: Double)
    let colorSpeed: (red: Double, green: Double, blue: Double, alpha: Double)
    let children: [EmitterCellSetup]
    /// How long after its birth a particle of this cell, or one of its particles' particles, can still be shown.
    let reach: Double
    /// The part of the image and its scale, when animations of the cell's `contentsRect` or `contentsScale` wrote
    /// them (nil: the cell's own). Every particle of the cell shows them this frame, whenever it was born (our
    /// reading: they are how a particle is drawn, not a value it is born with).
    let contents: (rect: CGRect, scale: CGFloat)?

    /// The setup of `cell` and its cells, with the values animations wrote over the cells' own (`written`, for the
    /// cell the layer's key paths reach through `names`; nil names: a cell without a name, which no path reaches).
    @MainActor
    init(_ cell: CAEmitterCell, key: UInt64, layer m: EmitterMultipliers, depth: Int,
         written: EmitterCellValues? = nil, names: [String]? = nil) {
        self.cell = cell
        self.key = key
        let names = names.flatMap { path in cell.name.map { path + [$0] } }
        let written = names == nil ? nil : written
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        /// The cell's value of `key`, or the number an animation wrote for it.
        func v(_ key: String, _ own: Double) -> Double {
            guard let written, let names, case .number(let d)? = written.writtenValue(names: names, key: key) else { return finite(own) }
            return finite(d)
        }
        func v(_ key: String, _ own: CGFloat) -> Double { v(key, Double(own)) }
        func v(_ key: String, _ own: Float) -> Double { v(key, Double(own)) }
        birthRate = max(0, finite(v("birthRate", cell.birthRate) * m.birthRate))
        lifetime = max(0, finite(v("lifetime", cell.lifetime) * m.lifetime))
        lifetimeRange = abs(finite(v("lifetimeRange", cell.lifetimeRange) * m.lifetime))
        beginTime = max(0, finite(cell.beginTime)); duration = max(0, finite(cell.duration))
        longitude = v("emissionLongitude", cell.emissionLongitude); latitude = v("emissionLatitude", cell.emissionLatitude)
        range = v("emissionRange", cell.emissionRange)
        velocity = v("velocity", cell.velocity) * m.velocity; velocityRange = v("velocityRange", cell.velocityRange) * m.velocity
        acceleration = (v("xAcceleration", cell.xAcceleration), v("yAcceleration", cell.yAcceleration), v("zAcceleration", cell.zAcceleration))
        scale = v("scale", cell.scale) * m.scale; scaleRange = v("scaleRange", cell.scaleRange) * m.scale
        scaleSpeed = v("scaleSpeed", cell.scaleSpeed) * m.scale
        spin = v("spin", cell.spin) * m.spin; spinRange = v("spinRange", cell.spinRange) * m.spin
        var c = cell.color
        if let written, let names, case .color(let animated)? = written.writtenValue(names: names, key: "color") { c = animated }
        color = (finite(Double(c?.red ?? 1)), finite(Double(c?.green ?? 1)), finite(Double(c?.blue ?? 1)), finite(Double(c?.alpha ?? 1)))
        colorRange = (v("redRange", cell.redRange), v("greenRange", cell.greenRange), v("blueRange", cell.blueRange), v("alphaRange", cell.alphaRange))
        colorSpeed = (v("redSpeed", cell.redSpeed), v("greenSpeed", cell.greenSpeed), v("blueSpeed", cell.blueSpeed), v("alphaSpeed", cell.alphaSpeed))
        var rect: CGRect?, scale: CGFloat?
        if let written, let names {
            if case .rect(let r)? = written.writtenValue(names: names, key: "contentsRect") { rect = r }
            if case .number(let d)? = written.writtenValue(names: names, key: "contentsScale") { scale = CGFloat(d) }
        }
        contents = rect == nil && scale == nil ? nil : (rect ?? cell.contentsRect, scale ?? cell.contentsScale)
        // Particles' particles: up to three generations below the layer's cells (a rocket, its burst, its sparks).
        let subcells = depth < 3 ? (cell.emitterCells ?? []).filter(\.isEnabled) : []
        children = subcells.enumerated().map { EmitterCellSetup($0.element, key: Draw.mix(key ^ UInt64($0.offset + 1) &* 0x9E37_79B9_7F4A_7C15),
                                                                layer: m, depth: depth + 1, written: written, names: names) }
        let longest = lifetime + lifetimeRange
        let childReach = children.map { $0.beginTime + $0.reach }.max() ?? 0
        reach = longest + childReach
    }
}

/// The layer's multipliers of every cell's values, as presented.
struct EmitterMultipliers {
    var birthRate = 1.0, lifetime = 1.0, velocity = 1.0, scale = 1.0, spin = 1.0
}

/// Where an emitter's particles are born: its presented shape.
struct EmitterShapeSetup {
    var shape = CAEmitterLayerEmitterShape.point
    var mode = CAEmitterLayerEmitterMode.points
    var position = CGPoint.zero, zPosition = 0.0
    var size = CGSize.zero, depth = 0.0

    /// The birth place of a particle whose draws are `draw`.
    func origin(_ draw: Draw) -> (x: Double, y: Double, z: Double) {
        let w = Double(size.width), h = Double(size.height), x0 = Double(position.x), y0 = Double(position.y)
        let onOutline = mode == .outline
        switch shape {
        case .line:
            return (x0 + (draw.unit(1) - 0.5) * w, y0, zPosition)
        case .rectangle, .cuboid:
            let z = shape == .cuboid && mode == .volume ? zPosition + (draw.unit(3) - 0.5) * depth : zPosition
            guard onOutline else { return (x0 + (draw.unit(1) - 0.5) * w, y0 + (draw.unit(2) - 0.5) * h, z) }
            // A point on the perimeter, evenly by length: top, right, bottom, left.
            var d = draw.unit(1) * 2 * (w + h)
            if d < w { return (x0 - w / 2 + d, y0 - h / 2, z) }
            d -= w
            if d < h { return (x0 + w / 2, y0 - h / 2 + d, z) }
            d -= h
            if d < w { return (x0 + w / 2 - d, y0 + h / 2, z) }
            return (x0 - w / 2, y0 + h / 2 - (d - w), z)
        case .circle, .sphere:
            let r = w / 2, angle = 2 * Double.pi * draw.unit(1)
            let distance = onOutline ? r : r * draw.unit(2).squareRoot()   // evenly over the disc's area
            return (x0 + distance * cos(angle), y0 + distance * sin(angle), zPosition)
        default:
            return (x0, y0, zPosition)
        }
    }
}

/// A particle's random draws: uniform numbers in 0..<1 fixed by its key (the seed, its cell and its number).
struct Draw {
    let key: UInt64

    /// Draw number `k`.
    func unit(_ k: UInt64) -> Double { Double(Self.mix(key &+ k &* 0xD1B5_4A32_D192_ED03) >> 11) / 9_007_199_254_740_992 }
    /// Draw `k` spread evenly over −1…1.
    func signed(_ k: UInt64) -> Double { 2 * unit(k) - 1 }

    /// SplitMix64's finaliser: a well-mixed 64-bit hash.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One particle as a frame draws it.
@MainActor
struct ParticleSample {
    /// The cell's setup (for its image).
    var cell: CAEmitterCell
    /// The part of the image and its scale animations wrote over the cell's (``EmitterCellSetup/contents``).
    var contents: (rect: CGRect, scale: CGFloat)?
    var birth: Double
    var x: Double, y: Double, z: Double
    var scale: Double, angle: Double
    var red: Double, green: Double, blue: Double, alpha: Double
}

/// A particle: its draws, its birth (in the layer's time) and birth place, and what its cell gave it at birth.
///
/// A particle keeps the values it was born with (our reading: Core Animation's particles are simulated from their
/// birth state, so an animation of a cell's `velocity` or `color` changes the particles born after it, not those in
/// flight); only its age moves it.
struct Particle {
    var draw: Draw
    var birth: Double
    var origin: (x: Double, y: Double, z: Double)
    /// Its life in seconds.
    var lifetime: Double
    var velocity: (x: Double, y: Double, z: Double)
    var acceleration: (x: Double, y: Double, z: Double)
    var scale: Double, scaleSpeed: Double
    /// Turning speed, radians a second.
    var spin: Double
    var color: (red: Double, green: Double, blue: Double, alpha: Double)
    var colorSpeed: (red: Double, green: Double, blue: Double, alpha: Double)

    /// A particle of cell `c` born at `birth` at `origin`, its values drawn from the cell's by `draw`.
    init(_ c: EmitterCellSetup, draw: Draw, birth: Double, origin: (x: Double, y: Double, z: Double)) {
        self.draw = draw
        self.birth = birth
        self.origin = origin
        lifetime = max(0, c.lifetime + c.lifetimeRange * draw.signed(10))
        let speed = c.velocity + c.velocityRange * draw.signed(11)
        let longitude = c.longitude + c.range * (draw.unit(12) - 0.5)
        velocity = (speed * cos(c.latitude) * cos(longitude), speed * cos(c.latitude) * sin(longitude), speed * sin(c.latitude))
        acceleration = c.acceleration
        scale = c.scale + c.scaleRange * draw.signed(13)
        scaleSpeed = c.scaleSpeed
        spin = c.spin + c.spinRange * draw.signed(14)
        color = (c.color.red + c.colorRange.red * draw.signed(15), c.color.green + c.colorRange.green * draw.signed(16),
                 c.color.blue + c.colorRange.blue * draw.signed(17), c.color.alpha + c.colorRange.alpha * draw.signed(18))
        colorSpeed = c.colorSpeed
    }

    /// The particle's place at `age`: origin + v·age + ½·a·age².
    func position(age a: Double) -> (x: Double, y: Double, z: Double) {
        let v = velocity, g = acceleration
        return (origin.x + v.x * a + g.x * a * a / 2, origin.y + v.y * a + g.y * a * a / 2, origin.z + v.z * a + g.z * a * a / 2)
    }

    /// What the frame draws of the particle of the cell set up as `c` at `age` (in its life).
    @MainActor
    func sample(_ c: EmitterCellSetup, age a: Double) -> ParticleSample {
        let p = position(age: a)
        func channel(_ base: Double, _ speed: Double) -> Double { min(1, max(0, base + speed * a)) }
        return ParticleSample(
            cell: c.cell, contents: c.contents, birth: birth, x: p.x, y: p.y, z: p.z,
            scale: max(0, scale + scaleSpeed * a), angle: spin * a,
            red: channel(color.red, colorSpeed.red), green: channel(color.green, colorSpeed.green),
            blue: channel(color.blue, colorSpeed.blue), alpha: channel(color.alpha, colorSpeed.alpha))
    }

    /// Appends to `out` the particle at `t` (if alive) and its particles' particles, born from where it was.
    @MainActor
    func collect(_ c: EmitterCellSetup, at t: Double, into out: inout [ParticleSample], limit: Int) {
        let age = t - birth, life = lifetime
        guard age >= 0, out.count < limit else { return }
        if age < life { out.append(sample(c, age: age)) }
        for child in c.children where child.birthRate > 0 {
            // Child particle j is born at the particle's age begin + (j + 1) / rate, while the particle lives (and
            // within the child's duration); those still shown at `age` are the ones born after age − their reach.
            let end = min(life, child.duration > 0 ? child.beginTime + child.duration : .infinity)
            let first = max(0, ((age - child.beginTime - child.reach) * child.birthRate).rounded(.up) - 1)
            var j = first.isFinite ? first : 0
            while out.count < limit {
                let bornAt = child.beginTime + (j + 1) / child.birthRate
                guard bornAt < end, bornAt <= age else { break }
                // Born from the child's values as they are now (a particle's particles are made when drawn).
                Particle(child, draw: Draw(key: Draw.mix(draw.key ^ child.key ^ UInt64(j) &* 0xA24B_AED4_963E_E407)),
                         birth: birth + bornAt, origin: position(age: bornAt)).collect(child, at: t, into: &out, limit: limit)
                j += 1
            }
        }
    }
}

/// One display's emission from one `CAEmitterLayer`: how many particles of each cell have been born and the ones
/// that (or whose particles) can still be shown, advanced frame by frame in the layer's time.
@MainActor
final class ParticleEmission {
    /// At most this many particles are drawn (a larger emission is a mistake that would stall every frame).
    static let limit = 20_000

    private struct Births {
        var count = 0.0
        var particles: [Particle] = []
    }
    private var births: [ObjectIdentifier: Births] = [:]
    /// The layer time of the last advance and when emission started, and the frame it was made in.
    private(set) var lastTime: Double?
    private var startTime = 0.0
    private var lastFrame = -1
    /// Whether the last advance left particles or a rate above 0 (otherwise the display may have stopped making
    /// frames, and the time since is not emission time).
    private var wasLive = false
    private var reportedLimit = false

    /// Moves the emission to the layer's time `t` in frame `frame`: births between the last time and `t`, at the
    /// presented rates; particles whose line has died out dropped. Emission starts again, empty, when time went
    /// back or the layer was not shown in the frame before.
    func advance(to t: Double, frame: Int, cells: [EmitterCellSetup], shape: EmitterShapeSetup, seed: UInt32, layerName: String) {
        guard frame != lastFrame else { return }
        defer { lastFrame = frame; lastTime = t; wasLive = isLive(cells: cells) }
        guard let previous = lastTime, t >= previous, frame == lastFrame + 1 else {
            births.removeAll()
            startTime = t
            return
        }
        // After an idle stretch (no particle, every rate 0: frames may have stopped), births start from now.
        let last = wasLive ? previous : t
        var next: [ObjectIdentifier: Births] = [:]
        var total = 0
        for c in cells {
            var b = births[ObjectIdentifier(c.cell)] ?? Births()
            b.particles.removeAll { t - $0.birth >= $0.lifetime + (c.reach - c.lifetime - c.lifetimeRange) }
            // The part of (last, t] in the cell's emitting time, and the births in it.
            let from = max(last, startTime + c.beginTime)
            let to = c.duration > 0 ? min(t, startTime + c.beginTime + c.duration) : t
            if to > from, c.birthRate > 0 {
                let end = b.count + c.birthRate * (to - from)
                // Particle n is born when the count reaches n + 1 (the first one 1 / rate after the start). Births
                // older than the longest line are never shown: skipped, not made.
                var n = max(1, b.count.rounded(.up), (b.count + c.birthRate * (t - c.reach - from)).rounded(.up))
                while n < end, total + b.particles.count < Self.limit {
                    let birth = from + (n - b.count) / c.birthRate
                    let draw = Draw(key: Draw.mix(c.key ^ UInt64(seed) << 32 ^ UInt64(n) &* 0x9E37_79B9_7F4A_7C15))
                    b.particles.append(Particle(c, draw: draw, birth: birth, origin: shape.origin(draw)))
                    n += 1
                }
                if n < end, !reportedLimit {
                    reportedLimit = true
                    Diagnostics.report("CAEmitterLayer \(layerName): more than \(Self.limit) particles at once; the rest are not born")
                }
                b.count = end
            }
            total += b.particles.count
            next[ObjectIdentifier(c.cell)] = b
        }
        births = next
    }

    /// The particles shown at the layer's time `t`, oldest first.
    func samples(at t: Double, cells: [EmitterCellSetup]) -> [ParticleSample] {
        var out: [ParticleSample] = []
        for c in cells {
            for p in births[ObjectIdentifier(c.cell)]?.particles ?? [] { p.collect(c, at: t, into: &out, limit: Self.limit) }
        }
        if cells.count > 1 || cells.first.map({ !$0.children.isEmpty }) == true {
            out = out.enumerated().sorted { ($0.element.birth, $0.offset) < ($1.element.birth, $1.offset) }.map(\.element)
        }
        return out
    }

    /// Whether some particle is alive or about to be born (frames must go on).
    func isLive(cells: [EmitterCellSetup]) -> Bool {
        cells.contains { c in c.birthRate > 0 || !(births[ObjectIdentifier(c.cell)]?.particles.isEmpty ?? true) }
    }
}
