#include "CImageCodecs.h"
