// AnimaCore: the QuartzCore subset.
