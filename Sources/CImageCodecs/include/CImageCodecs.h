#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H
#endif
