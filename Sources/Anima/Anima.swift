// The umbrella module: `import Anima` brings in everything.
@_exported import AnimaGraphics
@_exported import AnimaCore
@_exported import AnimaDynamics
@_exported import AnimaKit
@_exported import AnimaSDL
@_exported import Foundation
