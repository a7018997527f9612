// `import UIKit` compiles: the module re-exports the whole of Anima (views, controllers, animation, layers,
// drawing, the window backend), so a file written for Apple's UIKit needs no import edit.
@_exported import Anima
