import Foundation
import Testing
import Anima

/// `AppWindow.rootViewController`: the umbrella's one-step hosting of a view controller in a real window
/// (offscreen under `swift test`).
@MainActor
@Suite("AppWindow root view controller", .serialized)
struct AppWindowRootControllerTests {
    final class Probe: UIViewController {
        var appeared = 0
        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            appeared += 1
        }
    }

    @Test func settingTheRootControllerHostsItInAUIWindowTheSizeOfTheWindow() throws {
        if SDLVideo.driverName == nil, ProcessInfo.processInfo.environment["DISPLAY"] == nil { try SDLVideo.startHeadless() }
        let app = try AppWindow(title: "Anima root controller test", size: CGSize(width: 200, height: 120))
        let first = Probe(), second = Probe()
        app.rootViewController = first
        let window = try #require(app.rootView as? UIWindow)
        #expect(window.rootViewController === first && app.rootViewController === first)
        #expect(first.appeared == 1 && first.view.frame == CGRect(x: 0, y: 0, width: 200, height: 120))
        app.rootViewController = second
        #expect(app.rootView === window, "the same UIWindow hosts the next root")
        #expect(second.appeared == 1 && first.view.window == nil)
    }
}
