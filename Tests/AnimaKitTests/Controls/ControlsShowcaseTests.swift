import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaSDL
@testable import AnimaKit

/// Every control in its common states, rendered through the offscreen renderer and written to
/// `.build/anima-kit/controls.png` for people to look at; the test checks the colours that make each look.
@MainActor
@Suite("Controls showcase", .serialized)
struct ControlsShowcaseTests {
    private func write(_ image: CGImage, _ name: String) throws {
        let directory = URL(fileURLWithPath: ".build/anima-kit", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try image.writePNG(to: directory.appendingPathComponent(name))
    }

    /// The pixel at point (x, y) of a scale-2 snapshot.
    private func color(_ image: CGImage, _ x: CGFloat, _ y: CGFloat) -> RGBAPixel {
        image.pixel(x: Int(x * 2), y: Int(y * 2)) ?? RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0)
    }

    @Test func controlsLookLikeUIKit() throws {
        let display = HeadlessDisplay(width: 360, height: 420, scale: 2)
        let window = UIWindow(display: display)
        window.backgroundColor = .white
        window.makeKeyAndVisible()

        let title = UILabel(frame: CGRect(x: 20, y: 16, width: 320, height: 30))
        title.text = "Controls 컨트롤"
        title.font = .boldSystemFont(ofSize: 24)
        window.addSubview(title)
        let wrapped = UILabel(frame: CGRect(x: 20, y: 50, width: 200, height: 60))
        wrapped.text = "A label with two lines of text that wraps and then gets cut off at the end"
        wrapped.numberOfLines = 2
        wrapped.textColor = .darkGray
        wrapped.font = .systemFont(ofSize: 14)
        window.addSubview(wrapped)
        let centred = UILabel(frame: CGRect(x: 230, y: 50, width: 110, height: 60))
        centred.text = "centred"
        centred.textAlignment = .center
        centred.backgroundColor = .systemGray6
        window.addSubview(centred)

        let system = UIButton(type: .system)
        system.setTitle("Next Question", for: .normal)
        system.frame.origin = CGPoint(x: 20, y: 120)
        system.sizeToFit()
        window.addSubview(system)
        let pressed = UIButton(type: .system)
        pressed.setTitle("Highlighted", for: .normal)
        pressed.frame.origin = CGPoint(x: 150, y: 120)
        pressed.sizeToFit()
        pressed.isHighlighted = true
        window.addSubview(pressed)
        let disabled = UIButton(type: .system)
        disabled.setTitle("Disabled", for: .normal)
        disabled.frame.origin = CGPoint(x: 260, y: 120)
        disabled.sizeToFit()
        disabled.isEnabled = false
        window.addSubview(disabled)
        let filled = UIButton(frame: CGRect(x: 20, y: 165, width: 140, height: 44))
        filled.setTitle("Drop", for: .normal)
        filled.titleLabel?.font = .boldSystemFont(ofSize: 17)
        filled.backgroundColor = .systemBlue
        filled.layer.cornerRadius = 10
        window.addSubview(filled)

        let slider = UISlider(frame: CGRect(x: 20, y: 225, width: 320, height: 31))
        slider.value = 0.3
        window.addSubview(slider)
        let dimSlider = UISlider(frame: CGRect(x: 20, y: 265, width: 150, height: 31))
        dimSlider.value = 0.7
        dimSlider.isEnabled = false
        window.addSubview(dimSlider)

        let on = UISwitch(frame: CGRect(x: 200, y: 170, width: 0, height: 0))
        on.isOn = true
        window.addSubview(on)
        let off = UISwitch(frame: CGRect(x: 270, y: 170, width: 0, height: 0))
        window.addSubview(off)

        let segmented = UISegmentedControl(items: ["easeInOut", "easeIn", "easeOut", "linear"])
        segmented.frame = CGRect(x: 20, y: 315, width: 320, height: 32)
        segmented.selectedSegmentIndex = 1
        window.addSubview(segmented)
        let small = UISegmentedControl(items: ["A", "B"])
        small.frame.origin = CGPoint(x: 20, y: 365)
        small.selectedSegmentIndex = 0
        window.addSubview(small)

        display.advance(by: 0)
        let image = try display.snapshot()
        try write(image, "controls.png")

        // Labels draw dark text on white.
        #expect(pixelsDarker(than: 100, in: image, CGRect(x: 20, y: 16, width: 200, height: 30)) > 50)
        // The system button's title is blue; the highlighted one is a faded blue; the disabled one grey.
        #expect(isBluish(strongestBlue(in: image, system.frame)))
        let faded = strongestBlue(in: image, pressed.frame)
        #expect(isBluish(faded) && faded.red > 150)
        let grey = strongestBlue(in: image, disabled.frame)
        #expect(abs(Int(grey.red) - Int(grey.blue)) < 20 && grey.red < 200)
        // The custom button fills blue with a white title.
        #expect(isBluish(color(image, 25, 187)))
        #expect(pixelsBrighter(than: 240, in: image, filled.frame.insetBy(dx: 40, dy: 10)) > 10)
        // Slider: blue track left of the thumb, grey right of it, white thumb in between.
        let thumbX = 20 + (320 - 28) * 0.3 + 14
        #expect(isBluish(color(image, 40, 240.5)))
        #expect(color(image, 300, 240.5).red > 200 && color(image, 300, 240.5).red < 240)
        #expect(color(image, thumbX, 240).red > 240 && color(image, thumbX, 240).green > 240)
        // Switches: green track when on, light grey when off, white thumbs.
        let green = color(image, 210, 185.5)
        #expect(green.green > 150 && green.red < 100)
        #expect(color(image, 315, 185.5).red > 220 && color(image, 315, 185.5).red < 240)
        #expect(color(image, 237, 185.5).red > 240)   // the on switch's thumb, right side
        // Segmented control: grey background, white pill on segment 1.
        let background = color(image, 60, 320)
        #expect(background.red > 225 && background.red < 245)
        #expect(color(image, 130, 318).red == 255)
    }

    private func pixels(in image: CGImage, _ rect: CGRect) -> [RGBAPixel] {
        var result: [RGBAPixel] = []
        for y in Int(rect.minY * 2)..<Int(rect.maxY * 2) {
            for x in Int(rect.minX * 2)..<Int(rect.maxX * 2) {
                if let p = image.pixel(x: x, y: y) { result.append(p) }
            }
        }
        return result
    }

    private func pixelsDarker(than level: UInt8, in image: CGImage, _ rect: CGRect) -> Int {
        pixels(in: image, rect).filter { $0.red < level && $0.green < level && $0.blue < level }.count
    }

    private func pixelsBrighter(than level: UInt8, in image: CGImage, _ rect: CGRect) -> Int {
        pixels(in: image, rect).filter { $0.red > level && $0.green > level && $0.blue > level }.count
    }

    /// The pixel where blue most exceeds red (the most saturated text pixel of a tinted title).
    private func strongestBlue(in image: CGImage, _ rect: CGRect) -> RGBAPixel {
        pixels(in: image, rect).min { (Int($0.red) + Int($0.green)) < (Int($1.red) + Int($1.green)) }
            ?? RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0)
    }

    private func isBluish(_ p: RGBAPixel) -> Bool { Int(p.blue) > Int(p.red) + 40 && p.blue > 200 }
}
