// The first stage including a later one: tests/layering.cmake must refuse it (test stage_order_refuses_upward).
#pragma once
#include <ratekit/host/engine/engine.hpp>
