#ifndef NAVVIZ_CGRAPHVIZ_SHIM_H
#define NAVVIZ_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
