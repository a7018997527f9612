import AnimaCore
import AnimaGraphics
import CSDL2
import Foundation
import Testing
@testable import AnimaSDL

/// Geometry only: no SDL calls.
@Suite struct QuadMeshTests {
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    let unit = CGRect(x: 0, y: 0, width: 1, height: 1)

    @Test func affineQuadIsFourVerticesTwoTriangles() {
        var mesh = QuadMesh()
        let t = CATransform3DMakeTranslation(10, 20, 0)
        let added = mesh.appendQuad(CGRect(x: 0, y: 0, width: 30, height: 40), transform: t, textureRect: unit, color: white)
        #expect(added)
        #expect(mesh.vertices.count == 4 && mesh.indices.count == 6)
        #expect(mesh.vertices[0].position.x == 10 && mesh.vertices[0].position.y == 20)
        #expect(mesh.vertices[3].position.x == 40 && mesh.vertices[3].position.y == 60)
        #expect(mesh.vertices[3].tex_coord.x == 1 && mesh.vertices[3].tex_coord.y == 1)
    }

    @Test func perspectiveQuadIsSubdividedAndProjected() {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let t = CATransform3DRotate(CATransform3DIdentity, .pi / 4, 0, 1, 0) * p
        let rect = CGRect(x: -50, y: -50, width: 100, height: 100)
        #expect(QuadMesh.subdivisions(of: rect, transform: t) > 2)
        var mesh = QuadMesh()
        let added = mesh.appendQuad(rect, transform: t, textureRect: unit, color: white)
        #expect(added)
        #expect(mesh.vertices.count > 9)
        // The edge turned towards the viewer is taller than the one turned away.
        let left = QuadMesh.project(-50, -50, t)!, right = QuadMesh.project(50, -50, t)!
        #expect(abs(left.y) != abs(right.y))
    }

    @Test func quadsBehindTheEyeAreRejected() {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 100
        let t = CATransform3DMakeTranslation(0, 0, 200) * p   // w = 1 − 200/100 < 0
        var mesh = QuadMesh()
        let added = mesh.appendQuad(CGRect(x: 0, y: 0, width: 10, height: 10), transform: t, textureRect: unit, color: white)
        #expect(!added)
        #expect(mesh.isEmpty)
    }

    @Test func signedAreaFlipsWhenSeenFromBehind() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(QuadMesh.signedArea(of: rect, transform: .identity)! > 0)
        #expect(QuadMesh.signedArea(of: rect, transform: CATransform3DMakeRotation(.pi, 0, 1, 0))! < 0)
    }

    @Test func contentsGravityPlacesTheImage() {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        let px = CGSize(width: 20, height: 10)
        func place(_ g: CALayerContentsGravity, scale: CGFloat = 1) -> CGRect {
            ContentsPlacement.destination(bounds: bounds, imagePixels: px, contentsRect: unit, contentsScale: scale, gravity: g)
        }
        #expect(place(.resize) == bounds)
        #expect(place(.center) == CGRect(x: 40, y: 20, width: 20, height: 10))
        #expect(place(.topLeft) == CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(place(.bottomRight) == CGRect(x: 80, y: 40, width: 20, height: 10))
        #expect(place(.resizeAspect) == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(place(.center, scale: 2) == CGRect(x: 45, y: 22.5, width: 10, height: 5))
        let tall = ContentsPlacement.destination(bounds: bounds, imagePixels: CGSize(width: 10, height: 10), contentsRect: unit,
                                                 contentsScale: 1, gravity: .resizeAspect)
        #expect(tall == CGRect(x: 25, y: 0, width: 50, height: 50))
    }

    @Test func unpremultiplyForTheSoftwareRenderer() {
        #expect(SDLTexture.unpremultiplied([0x8080_0000, 0x0000_0000, 0xFF12_3456]) == [0x80FF_0000, 0, 0xFF12_3456])
    }
}
