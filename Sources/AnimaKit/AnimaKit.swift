// AnimaKit: the UIKit subset.
