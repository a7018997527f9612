// Apple's API as its documentation spells it, touched once each: every line must compile (in Swift 5 mode, as
// AppleStyleCode.swift), and running it on a headless display must neither trap nor report what the tests below
// check. Lines are as Apple's pages write them, except `#keyPath` (Objective-C only) and Core Text's
// `CTFontCreateWithName` (no Core Text here: a font name is given instead).
import UIKit
import QuartzCore
import CoreGraphics

/// What ``touchCoreAnimation(in:)`` leaves to check.
struct CoreAnimationSurface {
    var layer: CALayer
    var moved: CALayer
    var turned: CALayer
    var text: CATextLayer
}

@MainActor func touchCoreAnimation(in display: HeadlessDisplay) -> CoreAnimationSurface {
    let layer = CALayer()
    display.rootLayer.addSublayer(layer)
    layer.contentsGravity = .resizeAspect
    layer.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    layer.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
    layer.masksToBounds = true
    layer.cornerRadius = 8
    layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
    layer.cornerCurve = .continuous
    layer.borderWidth = 1
    layer.borderColor = UIColor.red.cgColor
    layer.shadowPath = CGPath(rect: layer.bounds, transform: nil)
    layer.shadowOffset = CGSize(width: 0, height: 3)
    layer.shadowRadius = 4
    layer.shadowOpacity = 0.5
    layer.shadowColor = UIColor.black.cgColor
    layer.allowsGroupOpacity = true
    layer.allowsEdgeAntialiasing = true
    layer.isDoubleSided = false
    layer.sublayerTransform = CATransform3DMakeScale(1, 1, 1)
    layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
    _ = layer.affineTransform()
    layer.rasterizationScale = 2
    layer.shouldRasterize = true
    layer.minificationFilter = .trilinear
    layer.magnificationFilter = .nearest
    layer.name = "x"
    layer.isOpaque = true
    layer.isHidden = false
    layer.contentsScale = UIScreen.main.scale
    layer.needsDisplayOnBoundsChange = true
    layer.drawsAsynchronously = true
    layer.isGeometryFlipped = false
    layer.anchorPointZ = 0
    layer.compositingFilter = "multiplyBlendMode"
    layer.filters = nil
    layer.backgroundFilters = nil
    let mask = CAShapeLayer()
    layer.mask = mask
    layer.edgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge]
    let p = layer.convert(CGPoint.zero, from: nil)
    _ = layer.convert(CGRect.zero, to: layer)
    _ = layer.convertTime(CACurrentMediaTime(), from: nil)
    _ = layer.hitTest(p)
    _ = layer.contains(p)
    layer.setNeedsLayout(); layer.layoutIfNeeded(); layer.setNeedsDisplay(); layer.setNeedsDisplay(layer.bounds); layer.displayIfNeeded()
    _ = layer.needsLayout(); _ = layer.needsDisplay()
    _ = layer.preferredFrameSize()
    layer.removeAllAnimations()
    _ = layer.animationKeys()
    _ = layer.animation(forKey: "x")
    _ = CALayer.defaultValue(forKey: "opacity")
    _ = CALayer.defaultAction(forKey: "opacity")
    layer.style = ["opacity": 0.5]
    layer.actions = ["position": NSNull()]
    _ = layer.model()
    _ = layer.presentation()
    layer.scroll(CGPoint.zero)
    layer.scrollRectToVisible(.zero)
    _ = layer.visibleRect
    let replaced = CALayer()
    layer.addSublayer(replaced)
    layer.replaceSublayer(replaced, with: CALayer())
    layer.insertSublayer(CALayer(), above: nil)
    layer.insertSublayer(CALayer(), below: nil)

    let shape = CAShapeLayer()
    shape.path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 3).cgPath
    shape.fillRule = .evenOdd
    shape.lineCap = .round
    shape.lineJoin = .bevel
    shape.lineDashPattern = [4, 2]
    shape.lineDashPhase = 1
    shape.miterLimit = 4
    shape.strokeStart = 0; shape.strokeEnd = 0.5
    shape.lineWidth = 2

    let text = CATextLayer()
    text.string = "Hello"
    text.string = NSAttributedString(string: "Hi", attributes: [.foregroundColor: UIColor.red, .font: UIFont.systemFont(ofSize: 14)])
    text.font = "Helvetica" as AnyObject
    text.font = UIFont.boldSystemFont(ofSize: 12)
    text.fontSize = 14
    text.foregroundColor = UIColor.white.cgColor
    text.alignmentMode = .center
    text.isWrapped = true
    text.truncationMode = .end
    text.contentsScale = UIScreen.main.scale

    let g = CAGradientLayer()
    g.type = .conic
    g.type = .radial
    g.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
    g.locations = [0, 1]
    g.startPoint = CGPoint(x: 0, y: 0); g.endPoint = CGPoint(x: 1, y: 1)

    let r = CAReplicatorLayer()
    r.instanceCount = 3
    r.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
    r.instanceDelay = 0.1
    r.instanceColor = UIColor.white.cgColor
    r.instanceRedOffset = -0.1; r.instanceGreenOffset = 0; r.instanceBlueOffset = 0; r.instanceAlphaOffset = -0.1
    r.preservesDepth = true

    let e = CAEmitterLayer()
    e.emitterPosition = .zero; e.emitterSize = CGSize(width: 10, height: 1); e.emitterShape = .line; e.emitterMode = .outline
    e.renderMode = .additive
    e.birthRate = 1; e.lifetime = 1; e.velocity = 1; e.scale = 1; e.spin = 0; e.seed = 1
    let cell = CAEmitterCell()
    cell.contents = UIImage().cgImage
    cell.birthRate = 10; cell.lifetime = 2; cell.lifetimeRange = 0.5; cell.velocity = 100; cell.velocityRange = 10
    cell.emissionLongitude = .pi; cell.emissionLatitude = 0; cell.emissionRange = .pi / 4
    cell.yAcceleration = 10; cell.xAcceleration = 0; cell.zAcceleration = 0
    cell.scale = 0.1; cell.scaleRange = 0.05; cell.scaleSpeed = -0.01
    cell.spin = 1; cell.spinRange = 1
    cell.color = UIColor.red.cgColor; cell.redRange = 0.1; cell.alphaSpeed = -0.5
    cell.name = "c"; cell.emitterCells = nil; cell.isEnabled = true
    cell.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    e.emitterCells = [cell]
    e.setValue(0, forKeyPath: "emitterCells.c.birthRate")

    let tl = CATransformLayer()
    tl.addSublayer(CALayer())
    let sl = CAScrollLayer()
    sl.scrollMode = .horizontally
    sl.scroll(to: CGPoint(x: 5, y: 0))
    sl.scroll(to: CGRect.zero)

    var t = CATransform3DIdentity
    t.m34 = -1 / 500
    t = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
    t = CATransform3DConcat(t, CATransform3DMakeRotation(.pi, 0, 0, 1))
    _ = CATransform3DIsIdentity(t); _ = CATransform3DInvert(t); _ = CATransform3DIsAffine(t)
    _ = CATransform3DMakeAffineTransform(.identity); _ = CATransform3DGetAffineTransform(t)
    _ = CATransform3DEqualToTransform(t, t)
    _ = CATransform3DTranslate(t, 1, 2, 3); _ = CATransform3DScale(t, 1, 2, 3)
    _ = NSValue(caTransform3D: t).caTransform3DValue

    // Keyframes of boxed points and a boxed transform, played on layers in the display.
    let moved = CALayer()
    display.rootLayer.addSublayer(moved)
    let path = CAKeyframeAnimation(keyPath: "position")
    path.values = [NSValue(cgPoint: CGPoint(x: 0, y: 0)), NSValue(cgPoint: CGPoint(x: 100, y: 40))]
    path.duration = 1
    moved.add(path, forKey: "path")
    let turned = CALayer()
    display.rootLayer.addSublayer(turned)
    let spin = CABasicAnimation(keyPath: "transform")
    spin.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
    spin.toValue = NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1))
    spin.duration = 1
    turned.add(spin, forKey: "grow")

    let k = CAKeyframeAnimation(keyPath: "position")
    k.values = [NSValue(cgPoint: .zero), NSValue(cgPoint: CGPoint(x: 10, y: 10))]
    k.keyTimes = [0, 1]
    k.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
    k.calculationMode = .cubicPaced
    k.rotationMode = .rotateAutoReverse
    k.tensionValues = [0, 0]; k.continuityValues = [0, 0]; k.biasValues = [0, 0]
    k.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
    k.isAdditive = true; k.isCumulative = true
    k.valueFunction = CAValueFunction(name: .rotateZ)

    let s = CASpringAnimation(keyPath: "position.y")
    s.mass = 1; s.stiffness = 100; s.damping = 10; s.initialVelocity = 0
    _ = s.settlingDuration
    s.allowsOverdamping = true
    let s2 = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.2)
    _ = s2.perceptualDuration; _ = s2.bounce

    let tr = CATransition()
    tr.type = .push; tr.subtype = .fromLeft; tr.startProgress = 0; tr.endProgress = 1
    layer.add(tr, forKey: kCATransition)

    let grp = CAAnimationGroup()
    grp.animations = [k, s]
    grp.duration = 1
    grp.repeatDuration = 2
    grp.fillMode = .both
    grp.isRemovedOnCompletion = false
    grp.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)

    let f = CAMediaTimingFunction(controlPoints: 0.2, 0, 0.2, 1)
    var pt: [Float] = [0, 0]
    f.getControlPoint(at: 1, values: &pt)

    CATransaction.begin()
    CATransaction.setAnimationDuration(0.3)
    CATransaction.setAnimationTimingFunction(f)
    CATransaction.setCompletionBlock { }
    CATransaction.setValue(true, forKey: kCATransactionDisableActions)
    _ = CATransaction.value(forKey: kCATransactionAnimationDuration)
    CATransaction.lock(); CATransaction.unlock()
    CATransaction.commit()
    CATransaction.flush()

    let b = CABasicAnimation(keyPath: "opacity")
    b.byValue = 0.5
    b.beginTime = CACurrentMediaTime() + 1
    b.timeOffset = 0.1
    b.speed = 2
    b.repeatCount = .infinity
    b.autoreverses = true
    b.delegate = nil
    layer.add(b, forKey: nil)
    display.rootLayer.addSublayer(text)
    return CoreAnimationSurface(layer: layer, moved: moved, turned: turned, text: text)
}

final class SweepDelegate: NSObject, CAAnimationDelegate, CALayerDelegate {
    func animationDidStart(_ anim: CAAnimation) {}
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
    func draw(_ layer: CALayer, in ctx: CGContext) {}
    func display(_ layer: CALayer) {}
    func layoutSublayers(of layer: CALayer) {}
    func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    func layerWillDraw(_ layer: CALayer) {}
}

/// What ``touchUIKit(in:)`` leaves to check.
final class UIKitSurface {
    let deleted: UIView
    let animator: UIDynamicAnimator
    var deleteFinished: Bool?
    init(deleted: UIView, animator: UIDynamicAnimator) {
        self.deleted = deleted
        self.animator = animator
    }
}

@MainActor func touchUIKit(in window: UIWindow) -> UIKitSurface {
    let v = UIView()
    UIView.animate(withDuration: 0.3) { v.alpha = 0 }
    UIView.animate(withDuration: 0.3, animations: { v.alpha = 0 }, completion: { _ in })
    UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [.curveEaseOut, .allowUserInteraction, .beginFromCurrentState], animations: {}, completion: nil)
    UIView.animate(springDuration: 0.5, bounce: 0.2) { v.center.x = 10 }
    UIView.animate(springDuration: 0.5, bounce: 0.2, initialSpringVelocity: 0, delay: 0, options: [], animations: {}, completion: nil)
    UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.calculationModeCubic], animations: {
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.alpha = 0.5 }
    }, completion: nil)
    UIView.transition(with: v, duration: 0.3, options: [.transitionFlipFromLeft, .showHideTransitionViews], animations: {}, completion: nil)
    UIView.transition(from: UIView(), to: UIView(), duration: 0.3, options: [.transitionCrossDissolve], completion: nil)
    UIView.performWithoutAnimation { v.alpha = 1 }
    UIView.setAnimationsEnabled(true)
    _ = UIView.areAnimationsEnabled
    _ = UIView.inheritedAnimationDuration
    let deleted = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    window.addSubview(deleted)
    let surface = UIKitSurface(deleted: deleted, animator: UIDynamicAnimator(referenceView: window))
    UIView.perform(.delete, on: [deleted], options: [], animations: nil) { surface.deleteFinished = $0 }
    UIView.modifyAnimations(withRepeatCount: 2, autoreverses: true) { v.alpha = 0 }

    let a = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.7) { v.alpha = 0 }
    let a2 = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) {}
    let a3 = UIViewPropertyAnimator(duration: 1, controlPoint1: .zero, controlPoint2: CGPoint(x: 1, y: 1), animations: nil)
    let a4 = UIViewPropertyAnimator(duration: 1, timingParameters: UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: CGVector(dx: 0, dy: 0)))
    _ = UIViewPropertyAnimator(duration: 1, timingParameters: UICubicTimingParameters(animationCurve: .linear))
    _ = UISpringTimingParameters(dampingRatio: 0.5)
    _ = UISpringTimingParameters(duration: 0.5, bounce: 0.2)
    _ = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0, options: [], animations: {}, completion: nil)
    a.addAnimations({ v.center.x = 3 }, delayFactor: 0.5)
    a.addCompletion { pos in if pos == .end {} }
    a.isInterruptible = true
    a.isUserInteractionEnabled = true
    a.isManualHitTestingEnabled = false
    a.startAnimation(afterDelay: 0.1)
    a.pauseAnimation()
    a.fractionComplete = 0.5
    a.isReversed = true
    a.scrubsLinearly = false
    a.pausesOnCompletion = true
    a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
    a.stopAnimation(false)
    a.finishAnimation(at: .current)
    _ = a.state; _ = a.isRunning; _ = a.timingParameters; _ = a.duration; _ = a.delay
    _ = (a2, a3, a4)

    let anim = UIDynamicAnimator(referenceView: v)
    let item = UIView()
    let grav = UIGravityBehavior(items: [item]); grav.magnitude = 2; grav.angle = .pi / 2; grav.gravityDirection = CGVector(dx: 0, dy: 1)
    let col = UICollisionBehavior(items: [item]); col.translatesReferenceBoundsIntoBoundary = true
    col.addBoundary(withIdentifier: "b" as NSString, from: .zero, to: CGPoint(x: 10, y: 0))
    col.collisionMode = .everything; col.collisionDelegate = nil
    col.setTranslatesReferenceBoundsIntoBoundary(with: .zero)
    let snap = UISnapBehavior(item: item, snapTo: .zero); snap.damping = 0.5; snap.snapPoint = .zero
    let push = UIPushBehavior(items: [item], mode: .instantaneous); push.pushDirection = CGVector(dx: 1, dy: 0); push.magnitude = 1; push.active = true
    push.setAngle(0, magnitude: 1); push.setTargetOffsetFromCenter(.zero, for: item)
    let att = UIAttachmentBehavior(item: item, attachedToAnchor: .zero); att.length = 10; att.damping = 0.5; att.frequency = 2
    _ = UIAttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: .zero, axisOfTranslation: CGVector(dx: 1, dy: 0))
    _ = UIAttachmentBehavior.pinAttachment(with: item, attachedTo: UIView(), attachmentAnchor: .zero)
    let dib = UIDynamicItemBehavior(items: [item]); dib.elasticity = 0.5; dib.friction = 0.1; dib.resistance = 0.1; dib.angularResistance = 0.1; dib.density = 1; dib.allowsRotation = false
    dib.addLinearVelocity(CGPoint(x: 1, y: 0), for: item); _ = dib.linearVelocity(for: item); dib.addAngularVelocity(1, for: item)
    let field = UIFieldBehavior.radialGravityField(position: .zero); field.addItem(item); field.strength = 1; field.region = UIRegion(radius: 100)
    _ = UIFieldBehavior.springField(); _ = UIFieldBehavior.dragField(); _ = UIFieldBehavior.vortexField(); _ = UIFieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
    _ = UIFieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1)); _ = UIFieldBehavior.velocityField(direction: CGVector(dx: 1, dy: 0))
    _ = UIFieldBehavior.electricField(); _ = UIFieldBehavior.magneticField(); _ = UIFieldBehavior.turbulenceField(smoothness: 0.5, animationSpeed: 1)
    anim.addBehavior(grav); anim.addBehavior(col); anim.addBehavior(snap); anim.addBehavior(push); anim.addBehavior(att); anim.addBehavior(dib); anim.addBehavior(field)
    anim.updateItem(usingCurrentState: item)
    _ = anim.isRunning; _ = anim.elapsedTime(); _ = anim.items(in: .zero)
    anim.removeAllBehaviors()
    anim.delegate = nil
    let composite = UIDynamicBehavior(); composite.addChildBehavior(grav); composite.action = {}
    let falling = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(falling)
    surface.animator.addBehavior(UIGravityBehavior(items: [falling]))
    return surface
}
