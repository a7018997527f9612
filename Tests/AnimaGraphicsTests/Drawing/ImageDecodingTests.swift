import Foundation
import Testing
import AnimaGraphics

/// Two 8 × 8 images made with Debian's own encoders: a JPEG (cjpeg -quality 100) red on the left half and blue
/// on the right, and a lossless WebP (cwebp -lossless) opaque green above and white at alpha 128 below.
@Suite struct ImageDecodingTests {
    // Computed, not stored: a `Data` held in a global keeps its storage pointer tagged with the enum case, where
    // LeakSanitizer cannot see it, so the suite under LSan (scripts/test.sh) would report the bytes as leaked.
    static var jpeg: Data { Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/2wBDAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAARCAAIAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD+aP8Aaq/5kP8A7mj/AN12iiiv+qT9iX/yrF+jN/3mb/2ILxXP6A/a9/8AKxL6Qv8A3ib/ANcd4Zn/2Q==")! }
    static var webp: Data { Data(base64Encoded: "UklGRiIAAABXRUJQVlA4TBUAAAAvB8ABEA8w//M//w/8jzTMf0T/Ax4A")! }

    @Test func formatsAreToldApartByTheirSignatures() {
        #expect(CGImage.encodedFormat(of: Self.jpeg) == .jpeg)
        #expect(CGImage.encodedFormat(of: Self.webp) == .webp)
        #expect(CGImage.encodedFormat(of: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])) == .png)
        #expect(CGImage.encodedFormat(of: Data("GIF89a".utf8)) == nil)
    }

    @Test func aJPEGDecodesToItsColoursWithinCompressionError() throws {
        let image = try CGImage(encodedData: Self.jpeg, source: "test.jpg")
        #expect(image.width == 8 && image.height == 8)
        let left = try #require(image.pixel(x: 1, y: 4)), right = try #require(image.pixel(x: 6, y: 4))
        #expect(left.alpha == 255 && right.alpha == 255)
        #expect(left.red > 245 && left.green < 10 && left.blue < 10)
        #expect(right.red < 10 && right.green < 10 && right.blue > 245)
    }

    @Test func aLosslessWebPKeepsItsColoursAndAlphaExactly() throws {
        let image = try CGImage(encodedData: Self.webp, source: "test.webp")
        #expect(image.width == 8 && image.height == 8)
        #expect(image.pixel(x: 3, y: 1) == RGBAPixel(red: 0, green: 255, blue: 0, alpha: 255))
        let below = try #require(image.pixel(x: 3, y: 6))
        #expect(below.alpha == 128)
        #expect(abs(Int(below.straightRed) - 255) <= 1 && abs(Int(below.straightBlue) - 255) <= 1)   // stored premultiplied
    }

    @Test func truncatedDataIsAnErrorNamingTheSourceNotACrash() {
        for (data, name) in [(Self.jpeg.prefix(100), "cut.jpg"), (Self.webp.prefix(20), "cut.webp")] {
            #expect(throws: ImageError.self) { try CGImage(encodedData: Data(data), source: name) }
        }
        do {
            _ = try CGImage(encodedData: Data(Self.jpeg.prefix(100)), source: "cut.jpg")
        } catch let error as ImageError {
            #expect(error.description.contains("cut.jpg"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
