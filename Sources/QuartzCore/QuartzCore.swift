// `import QuartzCore` compiles: the module re-exports the whole of Anima (`CALayer`, the animation classes,
// `CATransaction`, `CADisplayLink`, and with them the rest), so a file written for Apple's QuartzCore needs no
// import edit.
@_exported import Anima
