#ifndef CLUASHIM_H
#define CLUASHIM_H
#include <lua.h>
#endif
