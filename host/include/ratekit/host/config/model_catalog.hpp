// Where the config loader finds plugin schemas by model id: the plugin stage's
// registry implements it, and tests hand the loader a catalog of their own.
#pragma once

#include <ratekit/abi.h>

#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

class model_catalog {
 public:
  virtual ~model_catalog() = default;
  virtual const rk_descriptor* find(std::string_view id) const = 0;
  virtual std::vector<std::string> ids() const = 0;
  // The parameters of model `id` that act only while another is non-zero (RK_EXT_PARAM_NEEDS), or null.
  virtual const rk_ext_param_needs* param_needs(std::string_view) const { return nullptr; }
};

}  // namespace ratekit
