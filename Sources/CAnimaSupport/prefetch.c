// CAnimaSupport is header-only (static inline functions Swift inlines); SwiftPM needs one source file.
#include "CAnimaSupport.h"
