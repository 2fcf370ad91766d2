#pragma once

#include <string>