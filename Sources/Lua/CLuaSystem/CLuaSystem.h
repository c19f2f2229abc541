#ifndef CLUASYSTEM_H
#define CLUASYSTEM_H
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#endif
