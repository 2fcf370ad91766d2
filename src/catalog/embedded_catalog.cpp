#include "catalog/embedded_catalog.hpp"
